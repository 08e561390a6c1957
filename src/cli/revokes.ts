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
  parseCard,
  type RevokePenalty,
  type Rules,
  type Seat,
  sideOf,
  type TableState,
  tableViewOrThrow,
} from '../index.js';
import { revokeClaimSentence, revokeSentence, revokesHeading } from '../words/index.js';
import { cardText } from './text.js';

/** A revoke's penalty: three tricks, three off the revokers' score, three added to the other side's (law 72). */
export type Penalty = RevokePenalty['penalty'];
export const PENALTIES: readonly Penalty[] = ['tricks', 'deduct', 'add'];

/** The rules `--laws` plays: the preset's, with irregularities ruled by the laws (named `short-ruled`). */
export function lawsRules(rules: Rules): Rules {
  return defineRulesOrThrow(rules, { name: `${rules.name}-ruled`, irregularities: 'ruled' });
}

/** The question asked before a card that does not follow suit is played. */
export const REVOKE_QUESTION = 'This card does not follow suit: a revoke. Play it anyway? (yes, no):';

/** The answer to `REVOKE_QUESTION`: `true` for yes, `false` for no, `null` for anything else. */
export function readYesNo(line: string): boolean | null {
  const t = line.trim().toLowerCase();
  if (t === 'yes' || t === 'y') return true;
  if (t === 'no' || t === 'n') return false;
  return null;
}

/** What the person typed, as a penalty claimed: `revoke 5S tricks`; `null` when the line is not a `revoke` command. */
export function readRevokeCommand(line: string): { card: Card; penalty: Penalty } | { problem: string } | null {
  const m = /^\s*revoke(?:\s+(\S+))?(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  const usage = 'type revoke, the card and the penalty: tricks, deduct or add (for example revoke 5S tricks).';
  if (m[1] === undefined || m[2] === undefined) return { problem: `Name the revoke and its penalty: ${usage}` };
  const card = parseCard(m[1]);
  if (!card.ok) return { problem: `"${m[1]}" is not a card: ${usage}` };
  const penalty = m[2].toLowerCase();
  if (!(PENALTIES as readonly string[]).includes(penalty)) return { problem: `"${m[2]}" is not a penalty: ${usage}` };
  return { card: card.value, penalty: penalty as Penalty };
}

/** The hand's revokes as lines, once it is over: who, which card, which trick (`whist/words`' sentences, as the terminal names seats and cards). */
export function revokeLines(table: TableState, me: Seat): string[] {
  const revokes = tableViewOrThrow(table, me).revokes;
  if (revokes.length === 0) return [];
  const said = { viewer: me, style: 'short' } as const;
  return [`${revokesHeading(revokes.length, said)} in this hand:`, ...revokes.map((r) => `  ${revokeSentence(r, said)}`)];
}

/**
 * The computer players of the other side claim each penalty of a revoke by the person's side not yet claimed,
 * as the library's computer seat elects it from its own view (`computerTurn`: three added when that wins them
 * the game, else three tricks). The seat on the person's left is asked first.
 */
export function computersClaimRevokes(table: TableState, me: Seat): { table: TableState; lines: string[] } {
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
      lines.push(revokeClaimSentence({ seat, card, penalty }, { viewer: me, style: 'short' }));
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

/** The help of the election, printed with `help`. */
export const ELECT_HELP = [
  'A revoke of the other side: claim its penalty (law 72) with revoke, the card and the penalty:',
  '  tricks (three tricks taken from them and added to yours), deduct (three points off their score),',
  '  add (three points added to yours); for example revoke 5S tricks. deal lets it pass and deals on.',
];

/**
 * Once the hand is over: the person elects the penalty of each revoke of the other side, or deals on to let it
 * pass. `quit` stops the game (`code` 0), the end of input too (`code` 2); `code` is `null` when play goes on.
 */
export async function electRevokes(
  table: TableState,
  me: Seat,
  next: () => Promise<string | null>,
  out: (line: string) => void,
): Promise<{ table: TableState; code: number | null }> {
  while (toElect(table, me).length > 0) {
    const left = toElect(table, me);
    out(`Claim the penalty of ${left.map(cardText).join(', ')} (revoke CARD tricks|deduct|add), or deal to let it pass:`);
    const line = await next();
    if (line === null) return { table, code: 2 };
    const command = line.trim().toLowerCase();
    if (command === 'quit') return { table, code: 0 };
    if (command === 'help' || command === '?') {
      for (const l of ELECT_HELP) out(l);
      continue;
    }
    if (command === 'deal' || command === '') {
      out(left.length === 1 ? 'You let the revoke pass.' : 'You let the revokes pass.');
      break;
    }
    const said = readRevokeCommand(line);
    if (said === null) {
      out(`"${line.trim()}" is not a claim of a revoke: type revoke, the card and the penalty, or deal.`);
      continue;
    }
    if ('problem' in said) {
      out(said.problem);
      continue;
    }
    if (!left.includes(said.card)) {
      out(`${cardText(said.card)} is not a revoke of the other side's left to claim: ${left.map(cardText).join(', ')}.`);
      continue;
    }
    const r = apply(table, { type: 'claimRevoke', seat: me, card: said.card, penalty: said.penalty });
    if (!r.ok) {
      out(r.error.message);
      continue;
    }
    table = r.value;
    out(revokeClaimSentence({ seat: me, card: said.card, penalty: said.penalty }, { viewer: me, style: 'short' }));
  }
  return { table, code: null };
}
