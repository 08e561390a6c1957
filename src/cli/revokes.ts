/**
 * Revokes in `whist play --laws` (rules with irregularities ruled by the laws, Laws of Short Whist (1864),
 * laws 71-82): a card that does not follow suit is played once the person confirms it; once the hand is over
 * its revokes are listed, the person elects the penalty of a revoke of the other side (`revoke 5S tricks`,
 * `deduct` or `add`) or deals on to let it pass, and the computer players claim the penalty of the person's
 * with a fixed choice: three added to their score when that wins them the game, else three tricks.
 *
 * @module
 */

import {
  apply,
  type Card,
  computerTurn,
  defineRulesOrThrow,
  nextSeat,
  type RevokePenalty,
  type Rules,
  type Seat,
  sideOf,
  type TableState,
  tableViewOrThrow,
} from '../index.js';
import { cardText } from './text.js';
import { EN_CLI, ENGLISH, readCardIn, speakerIn, type Tongue } from './words/index.js';

/** A revoke's penalty: three tricks, three off the revokers' score, three added to the other side's (law 72). */
export type Penalty = RevokePenalty['penalty'];
export const PENALTIES: readonly Penalty[] = ['tricks', 'deduct', 'add'];

/** The rules `--laws` plays: the preset's, with irregularities ruled by the laws (named `short-ruled`). */
export function lawsRules(rules: Rules): Rules {
  return defineRulesOrThrow(rules, { name: `${rules.name}-ruled`, irregularities: 'ruled' });
}

/** The question asked before a card that does not follow suit is played (in English; the catalogues' `revokeQuestion`). */
export const REVOKE_QUESTION = EN_CLI.revokeQuestion;

/** The answer to `REVOKE_QUESTION`: `true` for yes (`ja`, `oui` too), `false` for no (`nein`, `non`), `null` for anything else. */
export function readYesNo(line: string): boolean | null {
  const t = line.trim().toLowerCase();
  if (t === 'yes' || t === 'y' || t === 'ja' || t === 'j' || t === 'oui' || t === 'o') return true;
  if (t === 'no' || t === 'n' || t === 'nein' || t === 'non') return false;
  return null;
}

/** What the person typed, as a penalty claimed: `revoke 5S tricks`; `null` when the line is not a `revoke` command. */
export function readRevokeCommand(line: string, t: Tongue = ENGLISH): { card: Card; penalty: Penalty } | { problem: string } | null {
  const m = /^\s*revoke(?:\s+(\S+))?(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  if (m[1] === undefined || m[2] === undefined) return { problem: t.cli.nameTheRevoke };
  const card = readCardIn(t, m[1]);
  if (card === null) return { problem: t.cli.notACardToClaim(m[1]) };
  const penalty = m[2].toLowerCase();
  if (!(PENALTIES as readonly string[]).includes(penalty)) return { problem: t.cli.notAPenalty(m[2]) };
  return { card, penalty: penalty as Penalty };
}

/** The hand's revokes as lines, once it is over: who, which card, which trick (`whist/words`' sentences, as the terminal names seats and cards). */
export function revokeLines(table: TableState, me: Seat, t: Tongue = ENGLISH): string[] {
  const revokes = tableViewOrThrow(table, me).revokes;
  if (revokes.length === 0) return [];
  const s = speakerIn(t, me);
  return [t.cli.revokesInHand(t.game.revokesHeading(revokes.length)), ...revokes.map((r) => `  ${t.game.revoke(r, s)}`)];
}

/**
 * The computer players of the other side claim each penalty of a revoke by the person's side not yet claimed,
 * as the library's computer seat elects it from its own view (`computerTurn`: three added when that wins them
 * the game, else three tricks). The seat on the person's left is asked first.
 */
export function computersClaimRevokes(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } {
  const lines: string[] = [];
  const seats = [nextSeat(me), nextSeat(me, 3)];
  for (let claimed = true; claimed; ) {
    claimed = false;
    for (const seat of seats) {
      const turn = computerTurn(tableViewOrThrow(table, seat));
      if (turn?.kind !== 'action' || turn.action.type !== 'claimRevoke') continue;
      const { card, penalty } = turn.action;
      const r = apply(table, turn.action);
      if (!r.ok) continue;
      table = r.value;
      lines.push(t.game.revokeClaim({ seat, card, penalty }, speakerIn(t, me)));
      claimed = true;
      break;
    }
  }
  return { table, lines };
}

/** A revoke of the other side the person may still claim. */
function toElect(table: TableState, me: Seat): Card[] {
  return tableViewOrThrow(table, me)
    .revokes.filter((r) => r.penalty === null && sideOf(r.seat) !== sideOf(me))
    .map((r) => r.card);
}

/** The help of the election, printed with `help` (in English; the catalogues' `electHelp`). */
export const ELECT_HELP = EN_CLI.electHelp;

/**
 * Once the hand is over: the person elects the penalty of each revoke of the other side, or deals on to let it
 * pass. `quit` stops the game (`code` 0), the end of input too (`code` 2); `code` is `null` when play goes on.
 */
export async function electRevokes(
  table: TableState,
  me: Seat,
  next: () => Promise<string | null>,
  out: (line: string) => void,
  t: Tongue = ENGLISH,
): Promise<{ table: TableState; code: number | null }> {
  const cards = (list: readonly Card[]) => list.map((c) => cardText(c, t)).join(', ');
  while (toElect(table, me).length > 0) {
    const left = toElect(table, me);
    out(t.cli.electPrompt(cards(left)));
    const line = await next();
    if (line === null) return { table, code: 2 };
    const command = line.trim().toLowerCase();
    if (command === 'quit') return { table, code: 0 };
    if (command === 'help' || command === '?') {
      for (const l of t.cli.electHelp) out(l);
      continue;
    }
    if (command === 'deal' || command === '') {
      out(t.cli.letPass(left.length));
      break;
    }
    const said = readRevokeCommand(line, t);
    if (said === null) {
      out(t.cli.notARevokeClaim(line.trim()));
      continue;
    }
    if ('problem' in said) {
      out(said.problem);
      continue;
    }
    if (!left.includes(said.card)) {
      out(t.cli.notLeft(cardText(said.card, t), cards(left)));
      continue;
    }
    const r = apply(table, { type: 'claimRevoke', seat: me, card: said.card, penalty: said.penalty });
    if (!r.ok) {
      out(t.cli.refused(r.error, false));
      continue;
    }
    table = r.value;
    out(t.game.revokeClaim({ seat: me, card: said.card, penalty: said.penalty }, speakerIn(t, me)));
  }
  return { table, code: null };
}
