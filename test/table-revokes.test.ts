/**
 * Revokes under rules that rule on irregularities (`irregularities: 'ruled'`), by the Laws of Short Whist
 * (1864), laws 71-82 (docs/rules.md, "Irregularities"): a revoke is played and recorded, shown once the
 * hand is over, and its penalty claimed by the other side, as it chooses, until the next deal; the penalty
 * is scored before everything else, and the revokers cannot win the game on the hand.
 */
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  cardsHeld,
  clientAction,
  currentHand,
  currentRubber,
  currentSeat,
  defineRulesOrThrow,
  gameScore,
  type HandState,
  handSummaries,
  legalMoves,
  newTableOrThrow,
  parseState,
  parseTable,
  play,
  type Seat,
  SHORT_WHIST,
  scoreHand,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { cardValues, checkClaim, samplingPlayer } from '../src/solver/index.js';
import { cardsOf, logged, schema2 } from './log-parts.js';
import { code, reread } from './table-support.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });

/** A card the seat to play holds that does not follow the suit led, though it holds that suit; `null` when there is none. */
function revokeCard(h: HandState): string | null {
  const seat = currentSeat(h);
  if (seat === null) return null;
  const lawful = legalMoves(h);
  const held = cardsHeld(h, seat);
  if (lawful.length === held.length) return null; // no suit led, or void in it: nothing is a revoke
  return held.find((c) => !lawful.includes(c)) ?? null;
}

/** Plays a ruled table on, first legal cards, and the first time `by` can revoke (from trick `from` on), a revoke. */
function withRevoke(t: TableState, by: Seat, from = 1): { table: TableState; card: string; trick: number } {
  for (;;) {
    const h = currentHand(t)!;
    const seat = currentSeat(h);
    if (seat === null) throw new Error(`${by} had no chance to revoke`);
    const trick = Math.floor(h.plays.split(' ').filter(Boolean).length / 4) + 1;
    const r = seat === by && trick >= from ? revokeCard(h) : null;
    if (r !== null) return { table: applyOrThrow(t, { type: 'play', seat, card: r as never }), card: r, trick };
    t = applyOrThrow(t, { type: 'play', seat, card: legalMoves(h)[0]! });
  }
}

/** Plays the hand out with the first legal cards. */
function playOut(t: TableState): TableState {
  for (;;) {
    const h = currentHand(t)!;
    const seat = currentSeat(h);
    if (seat === null) return t;
    t = applyOrThrow(t, { type: 'play', seat, card: legalMoves(h)[0]! });
  }
}

const dealt = (seed: number) => applyOrThrow(newTableOrThrow(RULED, { seed }), { type: 'deal' });

describe('revokes (Laws of Short Whist, 1864, laws 71-82), under rules with irregularities: "ruled"', () => {
  it('law 71 (1864): a card of another suit from a player holding the suit led is a revoke: refused by default, played and recorded under ruled rules', () => {
    const { table, card } = withRevoke(dealt(4), 'S');
    const before = currentHand(table)!;
    // The same card under the default rules is refused.
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 4 }), { type: 'deal' });
    let p = plain;
    while (currentHand(p)!.plays.length < before.plays.length - 3) {
      const h = currentHand(p)!;
      p = applyOrThrow(p, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
    }
    expect(code(p, { type: 'play', seat: 'S', card })).toBe('MUST_FOLLOW_SUIT');
    // Under ruled rules the hand state records it, and reads back: parseState accepts it under these rules only.
    expect(before.plays.endsWith(card)).toBe(true);
    expect(parseState(JSON.parse(JSON.stringify(before))).ok).toBe(true);
    expect(parseState({ ...JSON.parse(JSON.stringify(before)), rules: SHORT_WHIST }).ok).toBe(false);
    // legalMoves still lists only the cards that follow suit.
    expect(play(before, currentSeat(before)!, legalMoves(before)[0]!).ok).toBe(true);
  });

  it('law 72 (1864): once the hand is over the other side claims the penalty, at its choice: three tricks, three off the revokers, or three added to its own', () => {
    const { table, card, trick } = withRevoke(dealt(4), 'S');
    // Not while the hand is played (law 72: "at the end of the hand"), and the revoke is not shown yet.
    expect(code(table, { type: 'claimRevoke', seat: 'E', card, penalty: 'tricks' })).toBe('INVALID_ACTION');
    expect(tableViewOrThrow(table, 'E').revokes).toEqual([]);
    const over = playOut(table);
    expect(tableViewOrThrow(over, 'E').revokes).toEqual([{ seat: 'S', card, trick, penalty: null }]);
    const played = handSummaries(currentRubber(over))[0]!;
    for (const penalty of ['tricks', 'deduct', 'add'] as const) {
      const claimed = applyOrThrow(over, { type: 'claimRevoke', seat: 'W', card: card as never, penalty });
      const scored = handSummaries(currentRubber(claimed))[0]!;
      expect(scored.revokes).toEqual([{ side: 'NS', penalty }]);
      const expected = scoreHand(RULED, { tricks: played.tricks, honours: played.honours, revokes: [{ side: 'NS', penalty }] }, { NS: 0, EW: 0 });
      expect({ points: scored.points, trickPoints: scored.trickPoints, honourPoints: scored.honourPoints, revokePoints: scored.revokePoints }, penalty).toEqual(
        {
          points: expected.points,
          trickPoints: expected.trickPoints,
          honourPoints: expected.honourPoints,
          revokePoints: expected.revokePoints,
        },
      );
      expect(scored.tricks).toEqual(played.tricks);
      expect(tableViewOrThrow(claimed, null).revokes[0]?.penalty).toBe(penalty);
      expect(logged(claimed.log[0])).toMatchObject({ events: [{ type: 'claimRevoke', seat: 'W', card, penalty, law: 'Laws of Short Whist (1864), law 72' }] });
      expect(JSON.stringify(reread(claimed))).toBe(JSON.stringify(claimed));
    }
    const tricksTaken = applyOrThrow(over, { type: 'claimRevoke', seat: 'E', card: card as never, penalty: 'tricks' });
    const t = handSummaries(currentRubber(tricksTaken))[0]!;
    const moved = Math.min(3, played.tricks.NS);
    expect(t.trickPoints).toEqual(
      scoreHand(RULED, { tricks: { NS: played.tricks.NS - moved, EW: played.tricks.EW + moved }, honours: { NS: 0, EW: 0 } }, { NS: 0, EW: 0 }).trickPoints,
    );
  });

  it('law 72 (1864): claimed by the other side only, for a card that was a revoke, once; law 84 (1864): either partner may elect it', () => {
    const { table, card } = withRevoke(dealt(4), 'S');
    const over = playOut(table);
    expect(code(over, { type: 'claimRevoke', seat: 'N', card, penalty: 'add' })).toBe('INVALID_SEAT');
    const lawful = over.log[0]!.type === 'hand' ? cardsOf(over.log[0]!)[0] : '';
    expect(code(over, { type: 'claimRevoke', seat: 'E', card: lawful, penalty: 'add' })).toBe('INVALID_ACTION');
    expect(code(over, { type: 'claimRevoke', seat: 'E', card, penalty: 'half' })).toBe('INVALID_ACTION');
    expect(code(over, { type: 'claimRevoke', seat: 'E', card: 'XX', penalty: 'add' })).toBe('INVALID_CARD');
    const once = applyOrThrow(over, { type: 'claimRevoke', seat: 'E', card: card as never, penalty: 'add' });
    expect(code(once, { type: 'claimRevoke', seat: 'W', card, penalty: 'tricks' })).toBe('INVALID_ACTION');
    // A client sends it for its own seat.
    expect(clientAction({ type: 'claimRevoke', card, penalty: 'add' }, 'W')).toEqual({
      ok: true,
      value: { type: 'claimRevoke', seat: 'W', card, penalty: 'add' },
    });
    const forged = clientAction({ type: 'claimRevoke', card, penalty: 'add', seat: 'E' }, 'W');
    expect(forged.ok ? 'accepted' : forged.error.code).toBe('INVALID_ACTION');
    // Under the default rules there is nothing to claim.
    const plain = playOut(applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 4 }), { type: 'deal' }));
    expect(code(plain, { type: 'claimRevoke', seat: 'E', card, penalty: 'add' })).toBe('INVALID_ACTION');
    expect(tableViewOrThrow(plain, null).revokes).toEqual([]);
  });

  it('law 72 II (1864): a penalty for each revoke of the hand', () => {
    const first = withRevoke(dealt(4), 'S');
    const second = withRevoke(first.table, 'N', first.trick + 1);
    const over = playOut(second.table);
    expect(tableViewOrThrow(over, null).revokes.map((r) => r.card)).toEqual([first.card, second.card]);
    const both = applyOrThrow(applyOrThrow(over, { type: 'claimRevoke', seat: 'E', card: first.card as never, penalty: 'add' }), {
      type: 'claimRevoke',
      seat: 'W',
      card: second.card as never,
      penalty: 'add',
    });
    const s = handSummaries(currentRubber(both))[0]!;
    expect(s.revokePoints).toEqual({ NS: 0, EW: 5 }); // 3 + 3, and EW cannot go past the game's 5
    expect(s.game).toMatchObject({ winner: 'EW' });
  });

  it('law 72 V (1864): the penalty is scored before everything else: the claimants at 2 add three and win, though the revokers took every trick and held four honours', () => {
    const s = scoreHand(SHORT_WHIST, { tricks: { NS: 13, EW: 0 }, honours: { NS: 4, EW: 0 }, revokes: [{ side: 'NS', penalty: 'add' }] }, { NS: 0, EW: 2 });
    expect(s.winner).toBe('EW');
    expect(s.points).toEqual({ NS: 0, EW: 3 });
    expect(s.trickPoints).toEqual({ NS: 0, EW: 0 });
  });

  it('law 82 (1864): the revoking side cannot win the game on that hand, nor score more than four', () => {
    // NS at 3 revoke, EW take three off their score: NS at 0 + 6 odd tricks stop at 4.
    const deduct = scoreHand(
      SHORT_WHIST,
      { tricks: { NS: 12, EW: 1 }, honours: { NS: 4, EW: 0 }, revokes: [{ side: 'NS', penalty: 'deduct' }] },
      { NS: 3, EW: 0 },
    );
    expect(deduct.revokePoints).toEqual({ NS: -3, EW: 0 });
    expect(deduct.winner).toBe(null);
    expect(deduct.points).toEqual({ NS: 1, EW: 0 }); // 3 → 4
    // Three off a score of 1 leaves nothing, not less.
    const floor = scoreHand(
      SHORT_WHIST,
      { tricks: { NS: 6, EW: 7 }, honours: { NS: 0, EW: 0 }, revokes: [{ side: 'NS', penalty: 'deduct' }] },
      { NS: 1, EW: 0 },
    );
    expect(floor.revokePoints).toEqual({ NS: -1, EW: 0 });
    expect(floor.points).toEqual({ NS: -1, EW: 1 });
    // The three tricks taken: 13 - 3 = 10 tricks, 4 odd, from 2 would be game: they stop at 4.
    const tricks = scoreHand(
      SHORT_WHIST,
      { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 }, revokes: [{ side: 'NS', penalty: 'tricks' }] },
      { NS: 2, EW: 0 },
    );
    expect(tricks.trickPoints).toEqual({ NS: 4, EW: 0 });
    expect(tricks.points).toEqual({ NS: 2, EW: 0 });
    expect(tricks.winner).toBe(null);
  });

  it('law 81 (1864): when both sides revoke, neither can win the game; each is punished as its adversary chooses', () => {
    const s = scoreHand(
      SHORT_WHIST,
      {
        tricks: { NS: 12, EW: 1 },
        honours: { NS: 0, EW: 4 },
        revokes: [
          { side: 'NS', penalty: 'tricks' },
          { side: 'EW', penalty: 'add' },
        ],
      },
      { NS: 2, EW: 3 },
    );
    expect(s.winner).toBe(null);
    expect(s.revokePoints).toEqual({ NS: 2, EW: 0 }); // NS add three for EW's revoke, from 2: stopped at 4, as NS revoked too
    const after = { NS: 2 + s.points.NS, EW: 3 + s.points.EW };
    expect(after.NS).toBeLessThanOrEqual(4);
    expect(after.EW).toBeLessThanOrEqual(4);
  });

  it('law 78 (1864): a revoke cannot be claimed after the next deal', () => {
    const { table, card } = withRevoke(dealt(4), 'S');
    const next = applyOrThrow(playOut(table), { type: 'deal' });
    expect(code(next, { type: 'claimRevoke', seat: 'E', card, penalty: 'add' })).toBe('INVALID_ACTION');
  });

  it('the log keeps the revoke and its claim; parseTable refuses a claim whose law is not the one it is ruled by, or for a card that was no revoke', () => {
    const { table, card } = withRevoke(dealt(4), 'S');
    const claimed = applyOrThrow(playOut(table), { type: 'claimRevoke', seat: 'E', card: card as never, penalty: 'deduct' });
    const doc = () => schema2(claimed) as unknown as { log: { plays: string; events: Record<string, unknown>[] }[] };
    let d = doc();
    d.log[0]!.events[0]!.law = 'Hoyle, law 11';
    let r = parseTable(JSON.stringify(d));
    expect(r.ok ? 'accepted' : r.error.path).toBe('log[0].events[0].law');
    d = doc();
    d.log[0]!.events[0]!.card = d.log[0]!.plays.split(' ')[0];
    r = parseTable(JSON.stringify(d));
    expect(r.ok ? 'accepted' : r.error.path).toBe('log[0].events[0]');
    // After the checked table, the claim is what was appended.
    const over = playOut(table);
    const after = parseTable(JSON.stringify(claimed), { after: over });
    expect(after.ok && JSON.stringify(after.value)).toBe(JSON.stringify(claimed));
    expect(gameScore(currentRubber(reread(claimed)))).toEqual(gameScore(currentRubber(claimed)));
  });

  it('the players and the claim checker read a view after revokes: a suit played after showing out is no void, and voids that cannot all hold are dropped', () => {
    let invalid = 0;
    let cards = 0;
    let valued = 0;
    for (let seed = 0; seed < 8; seed++) {
      let t = dealt(seed);
      for (let i = 0; i < 52; i++) {
        const h = currentHand(t)!;
        const seat = currentSeat(h)!;
        let card: string;
        if (seat === 'S')
          card = revokeCard(h) ?? legalMoves(h)[0]!; // South revokes whenever it can
        else {
          const view = tableViewOrThrow(t, seat).hand!;
          card = samplingPlayer(view, { level: 'fast', seed });
          expect(view.legalMoves).toContain(card);
          // The card values read the same view the player did: asked at every other card, with the same seed.
          if (i % 2 === 0) {
            const values = cardValues(view, { level: 'fast', seed });
            if (!values.ok && values.error.code === 'INVALID_ARGUMENT') invalid++;
            valued++;
          }
          if (i >= 40) {
            const check = checkClaim(h, { seat, tricks: 1 }, { maxNodes: 100_000 });
            expect(check.ok ? 'checked' : check.error.code).toMatch(/^(checked|ABORTED)$/);
          }
          cards++;
        }
        t = applyOrThrow(t, { type: 'play', seat: seat as Seat, card: card as never });
      }
    }
    expect(cards).toBeGreaterThan(300);
    expect(valued).toBeGreaterThan(150);
    expect(invalid).toBe(0);
  });
});
