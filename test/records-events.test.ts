/**
 * Whist records carry a hand's events ([WhistEvents], docs/records.md): claims, concessions, their answers,
 * rulings and revoke penalties are written with the hand and read back exactly; the table rebuilt from
 * the record equals the table written, and an event that could not have been said is refused at its tag.
 */
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  defineRulesOrThrow,
  handSummaries,
  legalMoves,
  newTableOrThrow,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { formatWhistPbn, parseWhistPbn } from '../src/records/index.js';
import { playsAndEvents } from './log-parts.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });

/** Plays `n` cards, the first legal one each time, or a revoke by `revoker` when it has one. */
function playCards(t: TableState, n: number, revoker: string | null = null): TableState {
  for (let i = 0; i < n; i++) {
    const h = currentHand(t)!;
    const seat = currentSeat(h)!;
    const lawful = legalMoves(h);
    const revoke = seat === revoker ? cardsHeld(h, seat).find((c) => !lawful.includes(c)) : undefined;
    t = applyOrThrow(t, { type: 'play', seat, card: revoke ?? lawful[0]! });
    if (revoke !== undefined) revoker = null;
  }
  return t;
}

/** A ruled table: a hand ended by a claim both accepted, a hand with a revoke and its penalty, a refused claim and a concession, and a claim pending. */
function eventful(): TableState {
  let t = applyOrThrow(newTableOrThrow(RULED, { seed: 12 }), { type: 'deal' });
  t = playCards(t, 20);
  t = applyOrThrow(t, { type: 'claim', seat: 'N', tricks: 5 });
  t = applyOrThrow(applyOrThrow(t, { type: 'acceptClaim', seat: 'E' }), { type: 'acceptClaim', seat: 'W' });
  t = applyOrThrow(t, { type: 'deal' });
  t = playCards(t, 52, 'E');
  const revoke = tableViewOrThrow(t, null).revokes[0]!;
  t = applyOrThrow(t, { type: 'claimRevoke', seat: 'N', card: revoke.card, penalty: 'add' });
  t = applyOrThrow(t, { type: 'deal' });
  t = playCards(t, 9);
  t = applyOrThrow(t, { type: 'claim', seat: currentSeat(currentHand(t)!)!, tricks: 2 });
  const pending = tableViewOrThrow(t, null).next;
  if (pending.action !== 'answerClaim') throw new Error('no claim pending');
  t = applyOrThrow(t, { type: 'refuseClaim', seat: pending.seats[0]! });
  t = playCards(t, 3);
  t = applyOrThrow(t, { type: 'concede', seat: currentSeat(currentHand(t)!)!, tricks: 10 });
  if (tableViewOrThrow(t, null).next.action === 'deal') {
    t = applyOrThrow(t, { type: 'deal' });
    t = playCards(t, 4);
    t = applyOrThrow(t, { type: 'claim', seat: currentSeat(currentHand(t)!)!, tricks: 12 });
  }
  return t;
}

describe('records carry claims, concessions, answers, rulings and revoke penalties', () => {
  it('writes each hand\u2019s events in [WhistEvents] and reads the table back exactly, a pending claim included', () => {
    const table = eventful();
    const text = formatWhistPbn(table, { seed: 12, inProgress: true });
    if (!text.ok) throw new Error(text.error.message);
    expect(text.value).toContain('[WhistEvents "[{\\"type\\":\\"claim\\",\\"at\\":20,\\"seat\\":\\"N\\",\\"tricks\\":5}');
    expect(text.value).toContain('\\"type\\":\\"claimRevoke\\"');
    expect(text.value).toContain('\\"law\\":\\"Laws of Short Whist (1864), law 72\\"');
    const read = parseWhistPbn(text.value);
    if (!read.ok) throw new Error(`${read.error.path}: ${read.error.message}`);
    expect(JSON.stringify(read.value.table)).toBe(JSON.stringify(table));
    const entries = table.log.filter((e) => e.type === 'hand');
    expect(read.value.hands.map((h) => h.events)).toEqual(entries.map((e) => (e.type === 'hand' ? playsAndEvents(e).events : [])));
    // The scores stated are the table's: the first hand as claimed, the second with its penalty.
    const summaries = handSummaries(currentRubber(table));
    expect(read.value.hands[0]?.summary).toEqual(summaries[0]);
    expect(read.value.hands[1]?.summary?.revokes).toEqual([{ side: 'EW', penalty: 'add' }]);
    // Without inProgress the pending hand is left out, and the record still reads.
    const finished = formatWhistPbn(table, { seed: 12 });
    expect(finished.ok && parseWhistPbn(finished.value).ok).toBe(true);
  });

  it('refuses an event that could not have been said, at its tag', () => {
    const text = formatWhistPbn(eventful(), { seed: 12 });
    if (!text.ok) throw new Error(text.error.message);
    const cases: [string, string][] = [
      ['\\"tricks\\":5}', '\\"tricks\\":50}'],
      ['\\"at\\":20,\\"seat\\":\\"N\\"', '\\"at\\":24,\\"seat\\":\\"N\\"'],
      ['\\"penalty\\":\\"add\\"', '\\"penalty\\":\\"half\\"'],
      ['Laws of Short Whist (1864), law 72', 'Hoyle, law 11'],
      ['[WhistEvents "[{', '[WhistEvents "[{,'],
    ];
    for (const [from, to] of cases) {
      expect(text.value.includes(from), from).toBe(true);
      const r = parseWhistPbn(text.value.replace(from, to));
      expect(r.ok ? 'read' : r.error.code, to).toBe('INVALID_STATE');
      if (!r.ok) expect(r.error.path, to).toMatch(/WhistEvents|Play/);
    }
    // A hand a claim ended, without its events, is a hand in progress followed by another: refused.
    const stripped = text.value.replace(/\[WhistEvents "[^\n]*"\]\n/, '');
    const r = parseWhistPbn(stripped);
    expect(r.ok).toBe(false);
  });
});
