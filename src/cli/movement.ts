/**
 * `whist movement mitchell|howell TABLES [--boards N] [--barometer | --boards-travel] [--json]`: a movement card, the table a
 * director puts on the wall: for each round, at each table, the pair north–south, the pair east–west and the
 * boards they play; then, for each pair, where it goes round by round.
 *
 * @module
 */

import { howell, type Movement, mitchell, movementProblems } from '../duplicate/index.js';
import { WhistError } from '../errors.js';
import { readArgs, UsageError } from './args.js';

export const MOVEMENT_USAGE = `whist movement mitchell|howell TABLES [--boards N] [--barometer | --boards-travel] [--json]
  A duplicate movement's card, 3 to 8 tables: for each round and table, the pair north-south, the pair
  east-west and the boards; then each pair's table and direction round by round.
  mitchell   pairs 1 to TABLES sit north-south all event; the others move up a table each round and the
             boards down one (with an even number of tables, east-west skips a table half-way)
  howell     every pair meets every other; every table plays the round's boards (a barometer), unless
             --boards-travel
  --boards          boards a table plays in a round, 1 to 8 (default 2)
  --barometer       every table plays the same boards in the same round (a Howell's default)
  --boards-travel   the boards pass from table to table, each at one table in a round (a Mitchell's
                    default; a Howell of 4 to 8 tables)
  --json            the movement as JSON`;

/** "1-2" for boards 1 and 2, "5" for board 5 alone. */
function boardsText(boards: readonly number[]): string {
  const first = boards[0];
  const last = boards[boards.length - 1];
  return first === last ? String(first) : `${first}-${last}`;
}

/** The card's lines: the rounds by table, then the pairs' guide. */
export function movementCard(m: Movement): string[] {
  const title =
    m.kind === 'mitchell'
      ? `Mitchell${m.barometer ? ' (barometer)' : m.tables % 2 === 0 ? ' (skip after round ' + m.tables / 2 + ')' : ''}`
      : `Howell${m.barometer ? ' (barometer)' : ' (boards travel)'}`;
  const lines = [
    `${title}: ${m.tables} tables, ${m.pairs} pairs, ${m.rounds} rounds, ${m.boardsPerRound} board${m.boardsPerRound === 1 ? '' : 's'} a round, ${m.boards} boards`,
    '',
  ];
  const width = Math.max(...m.sittings.map((s) => `${s.ns} v ${s.ew}  ${boardsText(s.boards)}`.length)) + 2;
  lines.push(`round  ${Array.from({ length: m.tables }, (_, t) => `table ${t + 1}`.padEnd(width)).join('')}`.trimEnd());
  for (let r = 1; r <= m.rounds; r++) {
    const cells = m.sittings.filter((s) => s.round === r).map((s) => `${s.ns} v ${s.ew}  ${boardsText(s.boards)}`.padEnd(width));
    lines.push(`${String(r).padEnd(7)}${cells.join('')}`.trimEnd());
  }
  lines.push('', 'North-south first, then east-west, then the boards. Each pair, round by round (table and direction):');
  for (let pair = 1; pair <= m.pairs; pair++) {
    const steps = [];
    for (let r = 1; r <= m.rounds; r++) {
      const s = m.sittings.find((x) => x.round === r && (x.ns === pair || x.ew === pair));
      steps.push(s === undefined ? '-' : `${s.table}${s.ns === pair ? 'NS' : 'EW'}`);
    }
    lines.push(`  pair ${String(pair).padStart(2)}: ${steps.join(' ')}`);
  }
  return lines;
}

/** Runs `whist movement`; returns the exit code. */
export function movementCommand(args: readonly string[], out: (text: string) => void): number {
  const { values, positionals } = readArgs(
    args,
    {
      boards: { type: 'string', default: '2' },
      barometer: { type: 'boolean', default: false },
      'boards-travel': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    true,
  );
  if (values.help) {
    out(`Usage: ${MOVEMENT_USAGE}`);
    return 0;
  }
  const [kind, tablesText, ...extra] = positionals;
  if (kind !== 'mitchell' && kind !== 'howell') throw new UsageError(`name the movement, mitchell or howell${kind === undefined ? '' : `, not "${kind}"`}`);
  if (extra.length > 0) throw new UsageError(`one movement and its tables, not also "${extra.join(' ')}"`);
  if (tablesText === undefined || !/^\d{1,2}$/.test(tablesText)) throw new UsageError('give the number of tables, 3 to 8');
  const boardsText = values.boards as string;
  if (!/^\d{1,2}$/.test(boardsText)) throw new UsageError(`--boards must be a whole number from 1 to 8, not "${boardsText}"`);
  if (values.barometer === true && values['boards-travel'] === true) throw new UsageError('--barometer or --boards-travel, not both');
  let m: Movement;
  try {
    const barometer = values.barometer === true ? true : values['boards-travel'] === true ? false : undefined;
    const options = { boardsPerRound: Number(boardsText), ...(barometer === undefined ? {} : { barometer }) };
    m = kind === 'mitchell' ? mitchell(Number(tablesText), options) : howell(Number(tablesText), options);
  } catch (e) {
    if (e instanceof WhistError) throw new UsageError(e.message);
    throw e;
  }
  const problems = movementProblems(m);
  if (problems.length > 0) throw new Error(`the movement breaks its properties: ${problems.join('; ')}`);
  out(values.json ? JSON.stringify(m) : movementCard(m).join('\n'));
  return 0;
}
