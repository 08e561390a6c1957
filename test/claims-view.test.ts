// checkClaimInView (src/solver/claims.ts, internal): the claim checked from the claimer's own view, read once
// through src/solver/seen.ts, answers exactly as checkClaim on the hand state, with and without revokes; a view
// that is not the claimer's, or not a view, is answered with a code.
import { describe, expect, it } from 'vitest';
import { currentSeat, defineRulesOrThrow, playerViewOrThrow, type Seat, SHORT_WHIST, seedRandom } from '../src/index.js';
import { checkClaimInView } from '../src/solver/claims.js';
import { checkClaim, claimableTricks } from '../src/solver/index.js';
import { Generator, randomClaimPosition } from './claims-positions.js';

const SEED = 20261130;
const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });

describe('a claim checked from the claimer view', () => {
  it(`answers as checkClaim on 150 random positions, 50 of them with revokes (seed ${SEED})`, () => {
    const g = new Generator(seedRandom(SEED).s);
    let claims = 0;
    for (let i = 0; i < 150; i++) {
      const { state, claimer } = i < 100 ? randomClaimPosition(g, 5) : randomClaimPosition(g, 5, 1, { rules: RULED, revokes: 0.25 });
      const best = claimableTricks(state, claimer);
      if (!best.ok) throw new Error(best.error.message);
      const view = playerViewOrThrow(state, claimer);
      const left = playerViewOrThrow(state, null).cardCounts[currentSeat(state) as Seat];
      for (const tricks of [best.value, best.value + 1]) {
        if (tricks > left) continue;
        expect(checkClaimInView(view, { seat: claimer, tricks })).toEqual(checkClaim(state, { seat: claimer, tricks }));
        claims++;
      }
    }
    expect(claims).toBeGreaterThan(200);
  });

  it("refuses another seat's view, what is not a view, and a view no layout fits", () => {
    const g = new Generator(seedRandom(SEED + 1).s);
    const { state, claimer } = randomClaimPosition(g, 5);
    const other = (['N', 'E', 'S', 'W'] as const).find((s) => s !== claimer) as Seat;
    const code = (r: ReturnType<typeof checkClaimInView>) => (r.ok ? 'ok' : r.error.code);
    expect(code(checkClaimInView(playerViewOrThrow(state, other), { seat: claimer, tricks: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(checkClaimInView(null as never, { seat: claimer, tricks: 0 }))).toBe('INVALID_ARGUMENT');
    const view = playerViewOrThrow(state, claimer);
    const crowded = { ...view, cardCounts: { N: 13, E: 13, S: 13, W: 13, [claimer]: view.cards.length } };
    expect(code(checkClaimInView(crowded, { seat: claimer, tricks: 0 }))).toBe('INVALID_STATE');
  });
});
