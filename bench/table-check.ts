/**
 * `npm run bench:table`: what checking a stored table costs, by the size of its log.
 *
 * (a) `parseTable` on the JSON text of tables of 1,000 to 19,000 log entries (Short Whist, deals shuffled
 *     from the table's PRNG, the heuristic player's cards), in ms and in µs an entry: a linear check
 *     costs the same per entry at every size;
 * (b) `parseTable(stored, { after: checked })` where `checked` is the same table a few actions earlier:
 *     one card, one hand (53 actions: the deal and 52 cards) and ten hands appended to a table of
 *     19,000 entries, given as the parsed value and as JSON text; beside it, the whole check of the same
 *     table. The comparison of the entries already checked is linear but cheap; the replay is of what was
 *     appended; JSON.parse of the text is the caller's and grows with the text.
 *
 * The long table is made quickly, without replaying it once per action: each rubber is played on a table
 * of its own (`archiveRubbers` starts the next rubber from where the last one left the seating, the
 * dealer and the PRNG), and the rubbers' logs, joined with `newRubber` entries, are the log of the table
 * played whole. Reading that log back is itself a check that archiving changes nothing.
 *
 * Medians of `--rounds` (default 7) timings each, each after a garbage collection (run with `--expose-gc`,
 * as the npm script does).
 */

import { measure } from 'mitata';
import {
  apply,
  archiveRubbers,
  currentHand,
  currentSeat,
  heuristicPlayer,
  MAX_LOG,
  newTableOrThrow,
  parseTable,
  playerViewOrThrow,
  RUBBER_ROOM,
  SHORT_WHIST,
  type TableEntry,
  type TableState,
} from '../src/index.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}
const ROUNDS = option('rounds', 7);

/** The opening of the long table and its whole log, of at most `MAX_LOG` entries. */
function longTable(): { opening: TableState; log: TableEntry[] } {
  const opening = newTableOrThrow(SHORT_WHIST, { seed: 20_000, players: ['ann', 'bob', 'cy', 'di'] });
  const log: TableEntry[] = [];
  let t = opening;
  for (;;) {
    const hand = currentHand(t);
    const seat = hand === null ? null : currentSeat(hand);
    if (hand !== null && seat !== null) {
      const r = apply(t, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
      if (!r.ok) throw new Error(r.error.message);
      t = r.value;
      continue;
    }
    const dealt = apply(t, { type: 'deal' });
    if (dealt.ok) {
      t = dealt.value;
      continue;
    }
    // The rubber is over: its hands go to the whole log, and the next rubber starts on a log of its own.
    log.push(...t.log);
    if (log.length > MAX_LOG - RUBBER_ROOM) return { opening, log };
    log.push({ type: 'newRubber' });
    const next = archiveRubbers(t);
    if (!next.ok) throw new Error(next.error.message);
    t = next.value;
  }
}

function must(r: ReturnType<typeof parseTable>): TableState {
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value;
}

async function median(fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const s = performance.now();
    fn();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const made = performance.now();
const { opening, log } = longTable();
const base = JSON.parse(JSON.stringify(opening)) as Record<string, unknown>;
const docOf = (entries: readonly TableEntry[]) => ({ ...base, log: entries });
console.log(
  `whist parseTable: a Short Whist table of ${log.length} log entries made in ${((performance.now() - made) / 1000).toFixed(1)} s; medians of ${ROUNDS}`,
);
// The whole log, read back: archiving each rubber changed nothing.
must(parseTable(JSON.stringify(docOf(log))));

console.log('\n(a) a whole check of the JSON text');
console.log(`${'entries'.padStart(8)}${'MB'.padStart(8)}${'ms'.padStart(10)}${'µs/entry'.padStart(10)}`);
const sizes = [1000, 2500, 5000, 10_000, log.length];
const perEntry: number[] = [];
for (const n of sizes) {
  const text = JSON.stringify(docOf(log.slice(0, n)));
  await measure(() => parseTable(text), { min_cpu_time: 1e8, max_samples: 3 }); // warm-up
  const ms = await median(() => must(parseTable(text)));
  perEntry.push((ms * 1000) / n);
  console.log(`${String(n).padStart(8)}${(text.length / 1e6).toFixed(2).padStart(8)}${ms.toFixed(1).padStart(10)}${((ms * 1000) / n).toFixed(1).padStart(10)}`);
}
console.log(`per entry at ${log.length} against 1,000: ${((perEntry.at(-1) as number) / (perEntry[0] as number)).toFixed(2)}× (1.00× is linear)`);

console.log(`\n(b) after a checked table of about ${log.length} entries`);
console.log(`${'appended'.padStart(28)}${'value ms'.padStart(10)}${'text ms'.padStart(10)}${'whole ms'.padStart(10)}`);
// `checked` is the table some actions earlier: its last hand one card short, or some entries fewer.
const actions = (entries: readonly TableEntry[]) => entries.reduce((k, e) => k + (e.type === 'hand' ? 1 + e.actions.length : 1), 0);
const total = actions(log);
const cases: [string, TableEntry[]][] = [];
const last = log[log.length - 1] as Extract<TableEntry, { type: 'hand' }>;
cases.push(['one card', [...log.slice(0, -1), { ...last, actions: last.actions.slice(0, -1) }]]);
for (const k of [1, 10, 100]) cases.push([`${k} entries (${total - actions(log.slice(0, -k))} actions)`, log.slice(0, -k)]);
const stored = docOf(log);
const storedText = JSON.stringify(stored);
for (const [what, earlier] of cases) {
  const checked = must(parseTable(JSON.stringify(docOf(earlier))));
  const value = await median(() => must(parseTable(stored, { after: checked })));
  const text = await median(() => must(parseTable(storedText, { after: checked })));
  const whole = await median(() => must(parseTable(storedText)));
  console.log(`${what.padStart(28)}${value.toFixed(2).padStart(10)}${text.toFixed(2).padStart(10)}${whole.toFixed(1).padStart(10)}`);
}
