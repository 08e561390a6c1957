/**
 * Properties of whole rubbers played at a table, over every preset and random valid rules (every
 * setting of docs/rules.md drawn at random through defineRules).
 *
 * Every property runs with the fixed seed of test/arbitraries.ts (printed once; override with
 * WHIST_FC_SEED), so a failure in CI is reproducible.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  defineRules,
  FULL_DECK,
  gameScore,
  games,
  gamesWon,
  type HandState,
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  newTableOrThrow,
  PRESETS,
  parseTable,
  playedCards,
  playerViewOrThrow,
  type Rules,
  type RulesOverrides,
  rubberPoints,
  rubberWinner,
  SEATS,
  SHORT_WHIST,
  type TableAction,
  type TableState,
} from '../src/index.js';
import { fcParams } from './arbitraries.js';

const suit = fc.constantFrom('S' as const, 'H' as const, 'D' as const, 'C' as const);

/** The smallest rubber bonus that keeps every rubber worth at least 1 to its winners (as validateRules requires). */
function minimumBonus(gamesToWin: number, low: number, high: number): number {
  return Math.max(0, 1 - gamesToWin * low + (gamesToWin - 1) * high);
}

/** Random valid rules: every setting of docs/rules.md drawn at random, built through defineRules. */
const rulesArb: fc.Arbitrary<Rules> = fc
  .record({
    target: fc.integer({ min: 1, max: 12 }),
    pointsPerOddTrick: fc.integer({ min: 1, max: 3 }),
    honours: fc.option(
      fc.record({
        five: fc.boolean(),
        three: fc.integer({ min: 0, max: 3 }),
        four: fc.integer({ min: 0, max: 5 }),
        basis: fc.constantFrom('held' as const, 'captured' as const),
        restriction: fc.constantFrom('barred' as const, 'cap' as const, 'ignore' as const, 'unrestricted' as const),
      }),
    ),
    table: fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 12, maxLength: 12 })),
    gamesToWin: fc.integer({ min: 1, max: 3 }),
    bonus: fc.option(fc.integer({ min: 0, max: 3 })),
    slam: fc.option(fc.record({ grand: fc.integer({ min: 0, max: 5 }), little: fc.integer({ min: 0, max: 3 }) })),
    trump: fc.oneof(
      fc.constant({ kind: 'turnUp' as const }),
      fc.constant({ kind: 'secondPack' as const }),
      fc.record({ kind: fc.constant('rotation' as const), suits: fc.array(fc.option(suit), { minLength: 1, maxLength: 6 }) }),
    ),
    afterRubber: fc.constantFrom('keep' as const, 'swap' as const, 'recut' as const),
  })
  .map((g) => {
    const byLosersScore = g.table?.slice(0, g.target);
    const [low, high] = byLosersScore === undefined ? [1, g.target] : [Math.min(...byLosersScore), Math.max(...byLosersScore)];
    // The drawn bonus on top of the least that keeps every rubber worth at least 1 to its winners.
    const points = g.bonus === null ? null : { bonus: minimumBonus(g.gamesToWin, low, high) + g.bonus };
    const overrides: RulesOverrides = {
      name: 'random',
      target: g.target,
      pointsPerOddTrick: g.pointsPerOddTrick,
      // Honours score from three up (of four or five), so both sides can never score them on one hand.
      honours:
        g.honours === null
          ? null
          : {
              cards: g.honours.five ? ['A', 'K', 'Q', 'J', 'T'] : ['A', 'K', 'Q', 'J'],
              points: g.honours.five ? [0, 0, 0, g.honours.three, g.honours.four, g.honours.four + 2] : [0, 0, 0, g.honours.three, g.honours.four],
              basis: g.honours.basis,
              restriction: g.honours.restriction,
            },
      gameValue: byLosersScore === undefined ? { kind: 'targetMinusLosers' } : { kind: 'table', byLosersScore },
      rubber: { gamesToWin: g.gamesToWin, points },
      // A slam bonus needs rubber points to be added to.
      slamBonus: points === null ? null : g.slam,
      trump: g.trump,
      afterRubber: g.afterRubber,
    };
    const r = defineRules(SHORT_WHIST, overrides);
    if (!r.ok) throw new Error(`the arbitrary built invalid rules: ${r.error.message}`);
    return r.value;
  });

const anyRules = fc.oneof(fc.constantFrom(...Object.values(PRESETS)), rulesArb);

/** The hand in progress at a table (it must have one). */
function hand(table: TableState): HandState {
  const h = currentHand(table);
  if (h === null) throw new Error('no hand dealt');
  return h;
}

/** The next play at a table, chosen by the heuristic player from the seat's own view; `null` when the hand is over. */
function nextPlay(table: TableState): TableAction | null {
  const h = currentHand(table);
  const seat = h === null ? null : currentSeat(h);
  if (h === null || seat === null) return null;
  return { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(h, seat)) };
}

/** Every card is somewhere exactly once: in a hand or played. */
function conserved(h: HandState): boolean {
  const seen = [...SEATS.flatMap((s) => cardsHeld(h, s)), ...playedCards(h).map((p) => p.card)];
  return seen.length === 52 && new Set(seen).size === 52 && seen.every((c) => FULL_DECK.includes(c));
}

/** Plays a whole rubber, checking the invariants after every action. */
function playRubber(rules: Rules, seed: number): TableState {
  let t = newTableOrThrow(rules, { seed });
  let guard = 0;
  while (!isRubberComplete(currentRubber(t))) {
    t = applyOrThrow(t, { type: 'deal' });
    if (!conserved(hand(t))) throw new Error('cards not conserved after the deal');
    for (let action = nextPlay(t); action !== null; action = nextPlay(t)) {
      t = applyOrThrow(t, action);
      if (!conserved(hand(t))) throw new Error('cards not conserved');
    }
    const rubber = currentRubber(t);
    const score = gameScore(rubber);
    const last = handSummaries(rubber).at(-1);
    if (last === undefined) throw new Error('the finished hand was not scored');
    for (const side of ['NS', 'EW'] as const) {
      if (score[side] < 0 || score[side] >= rules.target) throw new Error(`score ${score[side]} outside 0..target-1`);
      if (last.score[side] > rules.target) throw new Error('score past the target');
    }
    const won = gamesWon(rubber);
    const over = Math.max(won.NS, won.EW) >= rules.rubber.gamesToWin;
    if (over !== isRubberComplete(rubber)) throw new Error('rubber end disagrees with games won');
    if (++guard > 500) throw new Error('rubber does not end');
  }
  return t;
}

describe('properties over every preset and random valid rules (docs/rules.md, "Presets")', () => {
  it('cards are conserved, no score passes the target, the rubber ends exactly when a side has won its games', () => {
    fc.assert(
      fc.property(anyRules, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (rules, seed) => {
        const rubber = currentRubber(playRubber(rules, seed));
        const winner = rubberWinner(rubber);
        if (winner === null) throw new Error('no winner');
        expect(gamesWon(rubber)[winner]).toBe(rules.rubber.gamesToWin);
        const points = rubberPoints(rubber);
        if (rules.rubber.points === null) expect(points).toBeNull();
        else {
          // The winners: bonus + their game values − the losers' + their slams; the losers: their slams only.
          const loser = winner === 'NS' ? 'EW' : 'NS';
          const slams = (side: 'NS' | 'EW') =>
            handSummaries(rubber).reduce(
              (n, h) => n + (h.tricks[side] === 13 ? (rules.slamBonus?.grand ?? 0) : h.tricks[side] === 12 ? (rules.slamBonus?.little ?? 0) : 0),
              0,
            );
          const net = games(rubber).reduce((n, g) => n + (g.winner === winner ? g.value : -g.value), rules.rubber.points.bonus);
          expect(net).toBeGreaterThanOrEqual(1);
          expect(points).toEqual({ [winner]: net + slams(winner), [loser]: slams(loser) });
        }
      }),
      fcParams(40),
    );
  });

  it('the same seed gives the same rubber', () => {
    fc.assert(
      fc.property(anyRules, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (rules, seed) => {
        expect(JSON.stringify(playRubber(rules, seed))).toBe(JSON.stringify(playRubber(rules, seed)));
      }),
      fcParams(15),
    );
  });

  it('a table state survives a JSON round trip mid-hand and plays on identically through parseTable; the unparsed JSON is refused', () => {
    fc.assert(
      fc.property(anyRules, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 51 }), (rules, seed, cut) => {
        let t = applyOrThrow(newTableOrThrow(rules, { seed }), { type: 'deal' });
        for (let i = 0; i < cut; i++) t = applyOrThrow(t, nextPlay(t) as TableAction);
        const stored = JSON.stringify(t);
        const parsed = parseTable(JSON.parse(stored));
        if (!parsed.ok) throw new Error(`${parsed.error.code} at ${parsed.error.path}: ${parsed.error.message}`);
        let a = t;
        const b: TableState = JSON.parse(stored);
        let c = parsed.value;
        expect(b).toEqual(a);
        expect(c).toEqual(a);
        const first = nextPlay(a);
        if (first !== null) expect(apply(b, first)).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
        for (let action = nextPlay(a); action !== null; action = nextPlay(a)) {
          a = applyOrThrow(a, action);
          c = applyOrThrow(c, action);
        }
        expect(JSON.stringify(c)).toBe(JSON.stringify(a));
      }),
      fcParams(40),
    );
  });
});
