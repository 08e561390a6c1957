/**
 * Exposed cards and their calls under rules that rule on irregularities, by the Laws of Short Whist (1864),
 * laws 56 and 64-65 (docs/rules.md, "Irregularities"): a card dropped face up is exposed, seen by every
 * seat, and liable to be called by the other side; a called card is played as soon as it can be without a
 * revoke, and the call stands until then.
 */
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  cardsHeld,
  clientAction,
  currentHand,
  currentSeat,
  defineRulesOrThrow,
  legalMoves,
  newTableOrThrow,
  parseTable,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { logged, schema2 } from './log-parts.js';
import { code, reread } from './table-support.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });

/** A ruled table dealt from seed 5 (north deals, east leads), with west's lowest club (or other card) exposed before the lead. */
function exposedAtStart(): { table: TableState; card: string } {
  const t = applyOrThrow(newTableOrThrow(RULED, { seed: 5 }), { type: 'deal' });
  const west = cardsHeld(currentHand(t)!, 'W');
  const card = west[west.length - 1]!;
  return { table: applyOrThrow(t, { type: 'expose', seat: 'W', card: card as never }), card };
}

describe('exposed cards and calls (Laws of Short Whist, 1864, laws 56, 64-65), under rules with irregularities: "ruled"', () => {
  it('law 56 (1864): a card dropped face up is exposed: every seat sees it, and it may be called; refused under the default rules', () => {
    const { table, card } = exposedAtStart();
    for (const viewer of ['N', 'E', 'S', 'W', null] as const) expect(tableViewOrThrow(table, viewer).exposed).toEqual({ W: [card] });
    expect(tableViewOrThrow(table, null).called).toEqual([]);
    expect(logged(table.log[0])).toMatchObject({ events: [{ type: 'expose', at: 0, seat: 'W', card }] });
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
    expect(code(plain, { type: 'expose', seat: 'W', card })).toBe('INVALID_ACTION');
    expect(code(table, { type: 'expose', seat: 'W', card })).toBe('INVALID_ACTION'); // exposed already
    expect(code(table, { type: 'expose', seat: 'N', card })).toBe('CARD_NOT_IN_HAND');
    expect(code(table, { type: 'callCard', seat: 'E', card: cardsHeld(currentHand(table)!, 'W')[0] })).toBe('INVALID_ACTION'); // not exposed
    expect(code(table, { type: 'callCard', seat: 'E', card: 'XX' })).toBe('INVALID_CARD');
  });

  it('laws 64-65 (1864): a call by the other side stands until the card is played; its holder must play it as soon as it can without a revoke, and not another', () => {
    const { table, card } = exposedAtStart();
    expect(code(table, { type: 'callCard', seat: 'W', card })).toBe('INVALID_SEAT'); // the holder's own side
    expect(code(table, { type: 'callCard', seat: 'E', card })).toBe('INVALID_SEAT');
    let t = applyOrThrow(table, { type: 'callCard', seat: 'S', card: card as never });
    expect(code(t, { type: 'callCard', seat: 'N', card })).toBe('INVALID_ACTION'); // called already
    expect(tableViewOrThrow(t, 'E').called).toEqual([{ seat: 'W', card }]);
    expect(logged(t.log[0])).toMatchObject({
      events: [{ type: 'expose' }, { type: 'callCard', seat: 'S', card, law: 'Laws of Short Whist (1864), laws 56, 65' }],
    });
    let refusedOnce = false;
    for (;;) {
      const h = currentHand(t)!;
      const seat = currentSeat(h)!;
      const lawful = legalMoves(h);
      if (seat === 'W' && lawful.includes(card as never)) {
        const other = lawful.find((c) => c !== card);
        if (other !== undefined) {
          expect(code(t, { type: 'play', seat, card: other })).toBe('CARD_CALLED');
          refusedOnce = true;
        }
        t = applyOrThrow(t, { type: 'play', seat, card: card as never });
        break;
      }
      // Law 64: the call cannot make West revoke: while the called card cannot follow suit, West plays another.
      t = applyOrThrow(t, { type: 'play', seat, card: lawful.find((c) => c !== card) ?? lawful[0]! });
    }
    expect(refusedOnce).toBe(true);
    expect(tableViewOrThrow(t, null).called).toEqual([]);
    expect(tableViewOrThrow(t, null).exposed).toEqual({});
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
  });

  it('parseTable refuses a card played against a call, and a call whose law is not the one it is ruled by; clientAction reads both for its seat', () => {
    const { table, card } = exposedAtStart();
    const called = applyOrThrow(table, { type: 'callCard', seat: 'N', card: card as never });
    let t = called;
    // Play on until West plays the called card.
    for (;;) {
      const h = currentHand(t)!;
      const seat = currentSeat(h)!;
      const lawful = legalMoves(h);
      const c = seat === 'W' && lawful.includes(card as never) ? (card as never) : (lawful.find((x) => x !== card) ?? lawful[0]!);
      t = applyOrThrow(t, { type: 'play', seat, card: c });
      if (c === card) break;
    }
    const doc = schema2(t) as unknown as { log: { plays: string; events: Record<string, unknown>[] }[] };
    doc.log[0]!.events[1]!.law = 'Hoyle, law 68';
    const r = parseTable(JSON.stringify(doc));
    expect(r.ok ? 'accepted' : r.error.path).toBe('log[0].events[1].law');
    // The call made after West played the card instead: no card is exposed there any more.
    const late = schema2(t) as unknown as { log: { plays: string; events: Record<string, unknown>[] }[] };
    late.log[0]!.events[1]!.at = late.log[0]!.plays.split(' ').length;
    const r2 = parseTable(JSON.stringify(late));
    expect(r2.ok).toBe(false);
    expect(clientAction({ type: 'expose', card: '2C' }, 'W')).toEqual({ ok: true, value: { type: 'expose', seat: 'W', card: '2C' } });
    expect(clientAction({ type: 'callCard', card: '2C' }, 'N')).toEqual({ ok: true, value: { type: 'callCard', seat: 'N', card: '2C' } });
    const forged = clientAction({ type: 'callCard', card: '2C', seat: 'S' }, 'N');
    expect(forged.ok ? 'accepted' : forged.error.code).toBe('INVALID_ACTION');
  });
});
