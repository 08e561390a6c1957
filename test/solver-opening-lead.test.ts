// Hints and the sampling player at the opening lead (src/solver/hints.ts, sampling.ts): an answer at every
// card, within the level's budgets, from the layouts solved so far, or while none is, from the layouts played
// out instead, saying how many. Counted, not timed: each level's own budgets on a sample of deals, and on
// 1,000 random deals at every level the case the guarantee rests on, the budgets spent before any layout is
// solved (a card budget of one node).
import { describe, expect, it } from 'vitest';
import { currentSeat, dealHandOrThrow, type PlayerView, playerViewOrThrow, type Seat, SHORT_WHIST, seedRandom, shuffledDeck } from '../src/index.js';
import { cardValues, SAMPLING_LEVELS, type SamplingLevel, samplingPlayer } from '../src/solver/index.js';

const SEED = Number(process.env.WHIST_OPENING_SEED ?? 20261129);
const DEALS = Number(process.env.WHIST_OPENING_DEALS ?? 1000);
console.log(`solver-opening-lead.test.ts: seed ${SEED}, ${DEALS} deals (override with WHIST_OPENING_SEED, WHIST_OPENING_DEALS)`);

const LEVELS = Object.keys(SAMPLING_LEVELS) as SamplingLevel[];

/** The opening lead's view of deal `i`: a shuffled deck from the seed, the dealer going round. */
function openingLead(i: number): PlayerView {
  const deck = shuffledDeck(seedRandom(`${SEED}|${i}`)).value;
  const state = dealHandOrThrow(SHORT_WHIST, { dealer: (['N', 'E', 'S', 'W'] as const)[i % 4] as Seat, deck });
  return playerViewOrThrow(state, currentSeat(state) as Seat);
}

describe('the hint at the opening lead', () => {
  for (const level of LEVELS) {
    it(`answers at level ${level} on ${DEALS} deals with no ABORTED, when the budgets end before any layout is solved`, () => {
      let playedOut = 0;
      for (let i = 0; i < DEALS; i++) {
        const view = openingLead(i);
        const r = cardValues(view, { level, seed: i, cardNodes: 1 });
        if (!r.ok) throw new Error(`deal ${i}: ${r.error.code} ${r.error.message}`);
        // One layout tried, with a budget of one node: solved at once (a few deals), or played out.
        expect(r.value.layouts + r.value.playedOut).toBe(1);
        expect(r.value.cards.map((c) => c.card)).toEqual(view.legalMoves);
        for (const c of r.value.cards) expect(Number.isInteger(c.tricks) && c.tricks >= 0 && c.tricks <= 13).toBe(true);
        playedOut += r.value.playedOut;
      }
      console.log(
        `solver-opening-lead.test.ts: ${level}, a budget of one node: ${playedOut} of ${DEALS} opening leads from a layout played out, the others from one solved`,
      );
      expect(playedOut).toBeGreaterThan(DEALS / 2);
    });
  }

  it("answers within the fast level's own budgets on 50 deals, and the sampling player plays one of the best cards of those values", () => {
    const { cardNodes, layouts } = SAMPLING_LEVELS.fast;
    let solved = 0;
    let playedOut = 0;
    for (let i = 0; i < 50; i++) {
      const view = openingLead(i);
      const options = { level: 'fast', seed: i, timeLimitMs: Number.POSITIVE_INFINITY } as const;
      const r = cardValues(view, options);
      if (!r.ok) throw new Error(`deal ${i}: ${r.error.code} ${r.error.message}`);
      expect(r.value.layouts + r.value.playedOut).toBeGreaterThan(0);
      expect(r.value.layouts + r.value.playedOut).toBeLessThanOrEqual(layouts);
      if (r.value.layouts > 0) solved++;
      else playedOut++;
      // The sampling player chooses from the same layouts, solved or played out: never another method.
      const best = Math.max(...r.value.cards.map((c) => c.tricks));
      const card = samplingPlayer(view, options);
      expect(r.value.cards.find((c) => c.card === card)?.tricks).toBe(best);
    }
    console.log(
      `solver-opening-lead.test.ts: fast (${cardNodes} nodes a card): ${solved} of 50 opening leads from layouts solved, ${playedOut} from layouts played out`,
    );
    expect(solved + playedOut).toBe(50);
  });

  for (const level of ['standard', 'strong'] as const) {
    it(`answers within the ${level} level's budgets from the first layout: solved, or played out (5 deals)`, () => {
      for (let i = 0; i < 5; i++) {
        const view = openingLead(i);
        // The first layout alone: what the answer rests on when the budget ends after it.
        const r = cardValues(view, { level, seed: i, layouts: 1 });
        if (!r.ok) throw new Error(`deal ${i}: ${r.error.code} ${r.error.message}`);
        expect(r.value.layouts + r.value.playedOut).toBe(1);
      }
    });
  }
});
