// The default node budget of checkClaim and claimableTricks (CLAIM_NODES): an opening position, which ran
// for minutes with no budget, answers ABORTED within it; an explicit maxNodes, Infinity included, replaces it.
import { describe, expect, it } from 'vitest';
import { dealHandOrThrow, SHORT_WHIST, seedRandom, shuffledDeck } from '../src/index.js';
import { CLAIM_NODES, checkClaim, claimableTricks } from '../src/solver/index.js';

describe('the claim checker has a node budget by default', () => {
  const opening = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck: shuffledDeck(seedRandom(5)).value });

  it(`stops an opening position with ABORTED after CLAIM_NODES (${CLAIM_NODES}) nodes, with no options or a signal alone`, () => {
    expect(CLAIM_NODES).toBe(2_000_000);
    const r = checkClaim(opening, { seat: 'N', tricks: 2 });
    expect(r.ok ? 'answered' : r.error.code).toBe('ABORTED');
    expect(r.ok ? '' : r.error.message).toContain(`${CLAIM_NODES} nodes`);
    // A signal alone keeps the default budget: reads of the flag count the search's nodes, 1 read each 1,024.
    let reads = 0;
    const signal = {
      get aborted(): boolean {
        reads++;
        return false;
      },
    };
    const best = claimableTricks(opening, 'N', { signal });
    expect(best.ok ? 'answered' : best.error.code).toBe('ABORTED');
    expect(reads).toBeLessThanOrEqual(Math.ceil(CLAIM_NODES / 1024) + 1);
    expect(reads).toBeGreaterThan(CLAIM_NODES / 1024 - 2);
  });

  it('takes an explicit budget in its place, Infinity for none', () => {
    const small = checkClaim(opening, { seat: 'N', tricks: 2 }, { maxNodes: 10_000 });
    expect(small.ok ? '' : small.error.message).toContain('10000 nodes');
    // A claim of no trick holds at once, whatever the budget.
    expect(checkClaim(opening, { seat: 'N', tricks: 0 }, { maxNodes: Number.POSITIVE_INFINITY })).toEqual({
      ok: true,
      value: { holds: true, seat: 'N', tricks: 0, left: 13 },
    });
  });
});
