// Claims at a table ruled by the laws (`irregularities: 'ruled'`), where a failure to follow suit may be a
// revoke (Laws of Short Whist, 1864, law 71), not a void: what the claimer may take as shown (docs/rules.md,
// "Claims and concessions", under the laws). checkClaim and claimableTricks against the plain reference of
// test/claims-naive.ts and against the double-dummy tricks of the real cards, on positions with revokes.
import { describe, expect, it } from 'vitest';
import {
  type Card,
  currentSeat,
  dealHandOrThrow,
  defineRulesOrThrow,
  type HandState,
  partnerOf,
  playerViewOrThrow,
  playOrThrow,
  type Seat,
  SHORT_WHIST,
  seedRandom,
} from '../src/index.js';
import { checkClaim, claimableTricks, solve } from '../src/solver/index.js';
import { comparePosition, Generator, randomClaimPosition } from './claims-positions.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
const SEED = Number(process.env.WHIST_CLAIMS_SEED ?? 20261129);
const COUNT = Number(process.env.WHIST_CLAIMS_REVOKES_COUNT ?? 300);
console.log(`claims-revokes.test.ts: seed ${SEED}, ${COUNT} positions with revokes (override with WHIST_CLAIMS_SEED, WHIST_CLAIMS_REVOKES_COUNT)`);

/** The tricks left, the trick in progress included. */
function tricksLeft(state: HandState): number {
  return playerViewOrThrow(state, null).cardCounts[currentSeat(state) as Seat];
}

/** The tricks the claimer's side takes double dummy on the real cards, from here. */
function doubleDummy(state: HandState, claimer: Seat): number {
  const dd = solve(state);
  if (!dd.ok) throw new Error(dd.error.message);
  const toPlay = currentSeat(state) as Seat;
  return toPlay === claimer || toPlay === partnerOf(claimer) ? dd.value : tricksLeft(state) - dd.value;
}

describe('a revoke is not a void to the claim checker', () => {
  // No trump. North holds only low cards; east the top of spades, hearts and diamonds and the ace of clubs.
  // South revokes three times: a diamond on a spade, a diamond on a heart, a club on a diamond. Taken as
  // voids, south's three "voids" leave room for clubs alone in south's ten cards, and fewer than ten clubs are
  // unseen: no layout fits, and a checker that searched only layouts that fit held every claim.
  const deal: Record<Seat, Card[]> = {
    N: ['4S', '3S', '2S', '4H', '3H', '2H', '4D', '3D', '2D', '5C', '4C', '3C', '2C'],
    E: ['AS', 'KS', 'QS', 'JS', 'AH', 'KH', 'QH', 'JH', 'AD', 'KD', 'QD', 'JD', 'AC'],
    S: ['7S', '6S', '5S', '7H', '6H', '5H', '7D', '6D', '5D', '9C', '8C', '7C', '6C'],
    W: ['TS', '9S', '8S', 'TH', '9H', '8H', 'TD', '9D', '8D', 'KC', 'QC', 'JC', 'TC'],
  };
  let state = dealHandOrThrow(RULED, { dealer: 'W', cards: deal, trump: null });
  for (const [seat, card] of [
    ['N', '2S'],
    ['E', 'AS'],
    ['S', '5D'], // a revoke: south holds spades
    ['W', '8S'],
    ['E', 'AH'],
    ['S', '6D'], // a revoke: south holds hearts
    ['W', '8H'],
    ['N', '2H'],
    ['E', 'AD'],
    ['S', '6C'], // a revoke: south holds the seven of diamonds
    ['W', '8D'],
    ['N', '2D'],
  ] as const)
    state = playOrThrow(state, seat, card);

  it('refuses north claiming every trick left with low cards after south revoked, where double dummy gives north-south none', () => {
    expect(tricksLeft(state)).toBe(10);
    expect(doubleDummy(state, 'N')).toBe(0);
    const r = checkClaim(state, { seat: 'N', tricks: 10 });
    expect(r.ok && r.value.holds).toBe(false);
    expect(claimableTricks(state, 'N')).toEqual({ ok: true, value: 0 });
    for (const seat of ['E', 'S', 'W'] as const) {
      const best = claimableTricks(state, seat);
      expect(best.ok && best.value).toBeLessThanOrEqual(doubleDummy(state, seat));
    }
  });

  it('still reads a failure to follow as a void at a table that refuses revokes, and not under the laws', () => {
    // No trump; east deals. North holds two low spades and the eleven top hearts, south the other spades, the
    // three and two of hearts, east and west only diamonds and clubs. South leads a spade, west and east
    // show out, north wins: then every spade left is south's, and north's two of spades is the side's trick.
    const cards: Record<Seat, Card[]> = {
      N: ['4S', '2S', 'AH', 'KH', 'QH', 'JH', 'TH', '9H', '8H', '7H', '6H', '5H', '4H'],
      E: ['AD', 'KD', 'QD', 'JD', 'TD', '9D', '8D', '7D', '6D', '5D', '4D', '3D', '2D'],
      S: ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '7S', '6S', '5S', '3S', '3H', '2H'],
      W: ['AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C', '7C', '6C', '5C', '4C', '3C', '2C'],
    };
    const trick = ['3S', '2C', '4S', '2D'] as const;
    let s = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', cards, trump: null });
    for (const card of trick) s = playOrThrow(s, currentSeat(s) as Seat, card);
    expect(claimableTricks(s, 'N')).toEqual({ ok: true, value: 12 });
    // Under the laws the same show-outs may be revokes: north cannot count on the spades being south's.
    let r = dealHandOrThrow(RULED, { dealer: 'E', cards, trump: null });
    for (const card of trick) r = playOrThrow(r, currentSeat(r) as Seat, card);
    expect(claimableTricks(r, 'N')).toEqual({ ok: true, value: 11 });
    const refused = checkClaim(r, { seat: 'N', tricks: 12 });
    expect(refused.ok && refused.value.holds).toBe(false);
  });
});

describe('claims under the laws, on positions with revokes', () => {
  it(`agree with the plain reference on ${COUNT} random positions with revokes (seed ${SEED}), and never claim more than double dummy gives`, () => {
    const g = new Generator(seedRandom(SEED).s);
    const total = { claims: 0, accepts: 0, refusals: 0, falseAccepts: 0, falseRefusals: 0, revokes: 0, overDoubleDummy: 0 };
    const problems: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const pos = randomClaimPosition(g, 4, 1, { rules: RULED, revokes: 0.25 });
      total.revokes += pos.revokes ?? 0;
      const c = comparePosition(pos);
      total.claims += c.claims;
      total.accepts += c.accepts;
      total.refusals += c.refusals;
      total.falseAccepts += c.falseAccepts;
      total.falseRefusals += c.falseRefusals;
      problems.push(...c.problems.map((p) => `position ${i}: ${p}`));
      const best = claimableTricks(pos.state, pos.claimer);
      if (best.ok && best.value > doubleDummy(pos.state, pos.claimer)) total.overDoubleDummy++;
    }
    console.log(`claims-revokes.test.ts: ${total.revokes} revokes; ${total.claims} claims (${total.accepts} held, ${total.refusals} refused) compared`);
    expect(problems).toEqual([]);
    expect(total.falseAccepts).toBe(0);
    expect(total.falseRefusals).toBe(0);
    expect(total.overDoubleDummy).toBe(0);
    expect(total.revokes).toBeGreaterThan(COUNT / 2);
    expect(total.accepts).toBeGreaterThan(COUNT / 2);
    expect(total.refusals).toBeGreaterThan(COUNT / 2);
  });
});
