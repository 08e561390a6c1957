/**
 * Claims and concessions at the table (docs/rules.md, "Claims and concessions"): a claim waits for both
 * players of the other side, or one of them plays on; a concession of every trick left ends the hand at
 * once; a server's check rules on a claim; the claimer's hand lies face up; the log keeps every event and
 * `parseTable` replays them, whole or after a checked table, refusing any that could not have happened.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  cardsHeld,
  clientAction,
  currentHand,
  currentRubber,
  currentSeat,
  defineRulesOrThrow,
  gameScore,
  type HandEntry,
  handSummaries,
  legalMoves,
  newTableOrThrow,
  parseTable,
  type Seat,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
  tricksWon,
} from '../src/index.js';
import { logged, schema2 } from './log-parts.js';
import { code, reread } from './table-support.js';

/** A table dealt from `seed`, with `cards` cards played by the first legal card each time. */
function played(cards: number, seed = 3, rules = SHORT_WHIST): TableState {
  let t = applyOrThrow(newTableOrThrow(rules, { seed }), { type: 'deal' });
  for (let i = 0; i < cards; i++) {
    const h = currentHand(t)!;
    t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
  }
  return t;
}

describe('claims and concessions at the table (docs/rules.md, "Claims and concessions"; Hoyle, Long Whist, law 24)', () => {
  it('a claim accepted by both players of the other side ends the hand: the tricks won so far, and the rest as claimed', () => {
    // 6 cards: trick 1 is finished, trick 2 has two cards; 12 tricks are left.
    const t = played(6);
    const won = tricksWon(currentHand(t)!);
    const claimed = applyOrThrow(t, { type: 'claim', seat: 'S', tricks: 8 });
    const v = tableViewOrThrow(claimed, null);
    expect(v.next).toEqual({ action: 'answerClaim', seats: ['E', 'W'] });
    expect(v.claim).toEqual({ type: 'claim', seat: 'S', tricks: 8, claimed: 8, left: 12, status: 'pending' });
    // The claimer's hand lies face up for everyone, spectators too.
    expect(v.shown).toEqual({ S: cardsHeld(currentHand(t)!, 'S') });
    expect(tableViewOrThrow(claimed, 'W').shown.S).toEqual(cardsHeld(currentHand(t)!, 'S'));
    const once = applyOrThrow(claimed, { type: 'acceptClaim', seat: 'W' });
    expect(tableViewOrThrow(once, 'E').next).toEqual({ action: 'answerClaim', seats: ['E'] });
    const done = applyOrThrow(once, { type: 'acceptClaim', seat: 'E' });
    const after = tableViewOrThrow(done, 'N');
    expect(after.next).toEqual({ action: 'deal', dealer: 'E' });
    expect(after.claim?.status).toBe('accepted');
    const hand = handSummaries(currentRubber(done))[0]!;
    expect(hand.tricks).toEqual({ NS: won.NS + 8, EW: won.EW + 4 });
    expect(gameScore(currentRubber(done)).NS).toBe(won.NS + 8 - 6);
    // The table goes on: the next deal, and the log read back whole gives the same table.
    expect(apply(done, { type: 'deal' }).ok).toBe(true);
    expect(JSON.stringify(reread(done))).toBe(JSON.stringify(done));
    expect(logged(done.log[0])).toMatchObject({
      events: [
        { type: 'claim', at: 6, seat: 'S', tricks: 8 },
        { type: 'acceptClaim', at: 6, seat: 'W' },
        { type: 'acceptClaim', at: 6, seat: 'E' },
      ],
    });
  });

  it('one player of the other side playing on refuses the claim: play goes on, the claimer\u2019s hand still face up', () => {
    const t = applyOrThrow(applyOrThrow(played(5), { type: 'claim', seat: 'N', tricks: 12 }), { type: 'acceptClaim', seat: 'E' });
    const refused = applyOrThrow(t, { type: 'refuseClaim', seat: 'W' });
    const v = tableViewOrThrow(refused, 'E');
    expect(v.claim?.status).toBe('refused');
    expect(v.next).toEqual({ action: 'play', seat: currentSeat(currentHand(t)!) });
    const h = currentHand(refused)!;
    const on = applyOrThrow(refused, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
    expect(tableViewOrThrow(on, 'E').shown.N).toEqual(cardsHeld(currentHand(on)!, 'N'));
    // A later claim is a new one.
    const again = applyOrThrow(on, { type: 'claim', seat: 'E', tricks: 1 });
    expect(tableViewOrThrow(again, null).claim).toMatchObject({ seat: 'E', status: 'pending' });
    expect(Object.keys(tableViewOrThrow(again, null).shown).sort()).toEqual(['E', 'N']);
    expect(JSON.stringify(reread(again))).toBe(JSON.stringify(again));
  });

  it('conceding every trick left ends the hand at once; conceding fewer claims the rest and waits for an answer', () => {
    const t = played(8);
    const won = tricksWon(currentHand(t)!);
    const all = applyOrThrow(t, { type: 'concede', seat: 'E', tricks: 11 });
    expect(tableViewOrThrow(all, null).next.action).toBe('deal');
    expect(tableViewOrThrow(all, null).claim).toEqual({ type: 'concede', seat: 'E', tricks: 11, claimed: 0, left: 11, status: 'accepted' });
    expect(tableViewOrThrow(all, null).shown).toEqual({});
    expect(handSummaries(currentRubber(all))[0]!.tricks).toEqual({ NS: won.NS + 11, EW: won.EW });
    const some = applyOrThrow(t, { type: 'concede', seat: 'E', tricks: 4 });
    expect(tableViewOrThrow(some, null).next).toEqual({ action: 'answerClaim', seats: ['N', 'S'] });
    const done = applyOrThrow(applyOrThrow(some, { type: 'acceptClaim', seat: 'S' }), { type: 'acceptClaim', seat: 'N' });
    expect(handSummaries(currentRubber(done))[0]!.tricks).toEqual({ NS: won.NS + 4, EW: won.EW + 7 });
  });

  it('the server rules on a claim: one that holds ends the hand as claimed, one that fails is refused', () => {
    const t = applyOrThrow(played(12), { type: 'claim', seat: 'W', tricks: 3 });
    const held = applyOrThrow(t, { type: 'ruleClaim', holds: true });
    expect(tableViewOrThrow(held, null).claim?.status).toBe('held');
    expect(tableViewOrThrow(held, null).next.action).toBe('deal');
    const failed = applyOrThrow(t, { type: 'ruleClaim', holds: false });
    expect(tableViewOrThrow(failed, null).claim?.status).toBe('failed');
    expect(tableViewOrThrow(failed, null).next.action).toBe('play');
    for (const x of [held, failed]) expect(JSON.stringify(reread(x))).toBe(JSON.stringify(x));
    // A client never sends a ruling.
    const forged = clientAction({ type: 'ruleClaim', holds: true }, 'W');
    expect(forged.ok ? 'accepted' : forged.error.code).toBe('INVALID_ACTION');
  });

  it('refuses what cannot be said now, with a typed error, and leaves the table as it was', () => {
    const t = played(6);
    const before = JSON.stringify(t);
    expect(code(t, { type: 'claim', seat: 'S', tricks: 0 })).toBe('INVALID_ACTION');
    expect(code(t, { type: 'claim', seat: 'S', tricks: 13 })).toBe('INVALID_ACTION'); // 12 are left
    expect(code(t, { type: 'claim', seat: 'S', tricks: 2.5 })).toBe('INVALID_ACTION');
    expect(code(t, { type: 'claim', seat: 'X', tricks: 2 })).toBe('INVALID_SEAT');
    expect(code(t, { type: 'claim', seat: 'S', tricks: 2, extra: 1 })).toBe('INVALID_ACTION');
    expect(code(t, { type: 'acceptClaim', seat: 'E' })).toBe('INVALID_ACTION'); // no claim
    expect(code(t, { type: 'ruleClaim', holds: true })).toBe('INVALID_ACTION');
    const c = applyOrThrow(t, { type: 'claim', seat: 'S', tricks: 2 });
    const h = currentHand(c)!;
    expect(code(c, { type: 'play', seat: currentSeat(h), card: legalMoves(h)[0] })).toBe('CLAIM_PENDING');
    expect(code(c, { type: 'claim', seat: 'E', tricks: 2 })).toBe('CLAIM_PENDING');
    expect(code(c, { type: 'concede', seat: 'E', tricks: 12 })).toBe('CLAIM_PENDING');
    expect(code(c, { type: 'acceptClaim', seat: 'N' })).toBe('INVALID_SEAT'); // the claimer's partner
    expect(code(c, { type: 'ruleClaim', holds: 'yes' })).toBe('INVALID_ACTION');
    const once = applyOrThrow(c, { type: 'acceptClaim', seat: 'E' });
    expect(code(once, { type: 'acceptClaim', seat: 'E' })).toBe('INVALID_ACTION');
    const done = applyOrThrow(once, { type: 'acceptClaim', seat: 'W' });
    expect(code(done, { type: 'claim', seat: 'E', tricks: 1 })).toBe('INVALID_ACTION'); // the hand is over
    expect(code(done, { type: 'play', seat: currentSeat(h), card: legalMoves(h)[0] })).toBe('INVALID_ACTION');
    expect(JSON.stringify(t)).toBe(before);
  });

  it('clientAction reads a claim, a concession and the answers for the authenticated seat only', () => {
    expect(clientAction({ type: 'claim', tricks: 4 }, 'W')).toEqual({ ok: true, value: { type: 'claim', seat: 'W', tricks: 4 } });
    expect(clientAction({ type: 'concede', tricks: 13, version: 3 }, 'N')).toEqual({ ok: true, value: { type: 'concede', seat: 'N', tricks: 13 } });
    expect(clientAction({ type: 'acceptClaim' }, 'E')).toEqual({ ok: true, value: { type: 'acceptClaim', seat: 'E' } });
    expect(clientAction({ type: 'refuseClaim' }, 'S')).toEqual({ ok: true, value: { type: 'refuseClaim', seat: 'S' } });
    for (const body of [{ type: 'claim', tricks: 4, seat: 'N' }, { type: 'claim' }, { type: 'claim', tricks: 14 }, { type: 'acceptClaim', seat: 'N' }]) {
      const r = clientAction(body, 'W');
      expect(r.ok ? 'accepted' : r.error.code, JSON.stringify(body)).toBe('INVALID_ACTION');
    }
  });

  it('parseTable replays the events after a checked table, and refuses any event that could not have been said there', () => {
    const t = played(6);
    const claimed = applyOrThrow(t, { type: 'claim', seat: 'S', tricks: 2 });
    const answered = applyOrThrow(claimed, { type: 'refuseClaim', seat: 'E' });
    const h = currentHand(answered)!;
    const on = applyOrThrow(answered, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
    for (const [from, to] of [
      [t, claimed],
      [claimed, answered],
      [t, on],
      [answered, on],
    ] as const) {
      const r = parseTable(JSON.stringify(to), { after: from });
      expect(r.ok && JSON.stringify(r.value)).toBe(JSON.stringify(to));
    }
    const doc = () => schema2(on) as unknown as { log: { plays: string; events?: Record<string, unknown>[] }[] };
    const refused = (d: unknown, after?: TableState) => {
      const r = parseTable(JSON.stringify(d), after === undefined ? {} : { after });
      return r.ok ? 'accepted' : `${r.error.code} ${r.error.path}`;
    };
    let d = doc();
    d.log[0]!.events![0]!.tricks = 13;
    expect(refused(d)).toBe('INVALID_STATE log[0].events[0]');
    d = doc();
    d.log[0]!.events![1]!.seat = 'N';
    expect(refused(d)).toBe('INVALID_STATE log[0].events[1]');
    d = doc();
    d.log[0]!.events![1]!.at = 7; // said after a card that was played while the claim awaited its answer
    expect(refused(d)).toMatch(/^INVALID_STATE log\[0\]\.plays\[6\]/);
    d = doc();
    d.log[0]!.events![0]!.at = 40;
    expect(refused(d)).toMatch(/^INVALID_STATE log\[0\]\.events\[0\]/);
    d = doc();
    d.log[0]!.events = [];
    expect(refused(d)).toBe('INVALID_STATE log[0].events');
    d = doc();
    d.log[0]!.events![0]!.type = 'shout';
    expect(refused(d)).toBe('INVALID_STATE log[0].events[0].type');
    d = doc();
    d.log[0]!.events!.pop();
    expect(refused(d)).toMatch(/^INVALID_STATE log\[0\]\.plays\[6\]/); // a card played while the claim awaits its answer
    // After a checked table: what was done in its hand cannot be changed or dropped, only added to.
    const stored = () => JSON.parse(JSON.stringify(on)) as { log: { actions?: unknown }[] };
    const claimAt = (on.log[0] as HandEntry).actions.findIndex((a) => typeof a === 'object');
    expect(claimAt).toBe(6);
    let s = stored();
    (s.log[0]!.actions as { tricks?: number }[])[claimAt]!.tricks = 3;
    expect(refused(s, answered)).toBe(`INVALID_STATE log[0].actions[${claimAt}]`);
    s = stored();
    delete s.log[0]!.actions;
    expect(refused(s, answered)).toBe('INVALID_STATE log[0].actions');
    s = stored();
    s.log[0]!.actions = 5;
    expect(refused(s, t)).toBe('INVALID_STATE log[0].actions');
  });

  it('a hand ended by a claim moves the table on as a played hand does: the score, the next dealer, the rubber', () => {
    let t = newTableOrThrow(SHORT_WHIST, { seed: 9 });
    let hands = 0;
    // Every hand ends at its first trick's end: North claims the rest, and East and West accept.
    while (tableViewOrThrow(t, null).next.action !== 'newRubber') {
      t = applyOrThrow(t, { type: 'deal' });
      for (let i = 0; i < 4; i++) {
        const h = currentHand(t)!;
        t = applyOrThrow(t, { type: 'play', seat: currentSeat(h) as Seat, card: legalMoves(h)[0]! });
      }
      t = applyOrThrow(t, { type: 'claim', seat: 'N', tricks: 12 });
      t = applyOrThrow(applyOrThrow(t, { type: 'acceptClaim', seat: 'E' }), { type: 'acceptClaim', seat: 'W' });
      hands++;
    }
    expect(tableViewOrThrow(t, null).rubberWinner).toBe('NS');
    expect(hands).toBe(handSummaries(currentRubber(t)).length);
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
  });

  it('with honours counted as captured, the honours not yet played count for the side that holds them at the claim', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { name: 'captured', honours: { basis: 'captured' } });
    const t = played(4, 3, rules);
    const h = currentHand(t)!;
    const trump = h.trump!;
    const settled = applyOrThrow(t, { type: 'concede', seat: 'N', tricks: 12 });
    const held = { NS: 0, EW: 0 };
    for (const seat of ['N', 'E', 'S', 'W'] as const)
      for (const card of cardsHeld(h, seat)) if (card[1] === trump && 'AKQJ'.includes(card[0]!)) held[seat === 'N' || seat === 'S' ? 'NS' : 'EW']++;
    const captured = handSummaries(currentRubber(settled))[0]!.honours;
    const inTrick1 = 4 - held.NS - held.EW;
    expect(captured.NS + captured.EW).toBe(4);
    expect(captured.NS).toBeGreaterThanOrEqual(held.NS);
    expect(captured.EW).toBeGreaterThanOrEqual(held.EW);
    expect(captured.NS - held.NS + captured.EW - held.EW).toBe(inTrick1);
  });
});
