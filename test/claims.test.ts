// Claims (src/solver/claims.ts): checkClaim and claimableTricks against the plain reference of
// test/claims-naive.ts on random positions from a fixed, printed seed; every refused claim's counter-example
// replayed by the rules engine; every error code. scripts/claims-check.ts runs the full 10,000-position
// comparison.
import { describe, expect, it } from 'vitest';
import {
  type Card,
  currentSeat,
  dealHandOrThrow,
  type HandState,
  isHandComplete,
  partnerOf,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
} from '../src/index.js';
import { checkClaim, claimableTricks, solve } from '../src/solver/index.js';
import { comparePosition, Generator, randomClaimPosition } from './claims-positions.js';

const SEED = Number(process.env.WHIST_CLAIMS_SEED ?? 20261126);
const COUNT = Number(process.env.WHIST_CLAIMS_COUNT ?? 400);
console.log(`claims.test.ts: seed ${SEED}, ${COUNT} positions with 1 to 4 tricks left (override with WHIST_CLAIMS_SEED, WHIST_CLAIMS_COUNT)`);

/** North holds every spade (trump), east every heart, south every diamond, west every club; west deals, north leads. */
const SUITED = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

function tricksLeft(state: HandState): number {
  return playerViewOrThrow(state, null).cardCounts[currentSeat(state) as Seat];
}

describe('checkClaim against the plain reference', () => {
  it(`agrees on ${COUNT} random positions (seed ${SEED}): no false accept, no false refusal, every counter-example legal`, () => {
    const g = new Generator(seedRandom(SEED).s);
    const total = { claims: 0, accepts: 0, refusals: 0, falseAccepts: 0, falseRefusals: 0 };
    const problems: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const c = comparePosition(randomClaimPosition(g, 4));
      total.claims += c.claims;
      total.accepts += c.accepts;
      total.refusals += c.refusals;
      total.falseAccepts += c.falseAccepts;
      total.falseRefusals += c.falseRefusals;
      problems.push(...c.problems.map((p) => `position ${i}: ${p}`));
    }
    console.log(`claims.test.ts: ${total.claims} claims (${total.accepts} held, ${total.refusals} refused) compared`);
    expect(problems).toEqual([]);
    expect(total.falseAccepts).toBe(0);
    expect(total.falseRefusals).toBe(0);
    expect(total.accepts).toBeGreaterThan(COUNT / 2);
    expect(total.refusals).toBeGreaterThan(COUNT / 2);
  });

  it('never claims more than the claimer side takes double dummy on the real layout (100 positions, up to 6 tricks left)', () => {
    const g = new Generator(seedRandom(SEED + 1).s);
    for (let i = 0; i < 100; i++) {
      const { state, claimer } = randomClaimPosition(g, 6);
      const best = claimableTricks(state, claimer);
      const dd = solve(state);
      if (!best.ok || !dd.ok) throw new Error('no answer');
      const toPlay = currentSeat(state) as Seat;
      const ours = toPlay === claimer || toPlay === partnerOf(claimer) ? dd.value : tricksLeft(state) - dd.value;
      expect(best.value).toBeLessThanOrEqual(ours);
    }
  });
});

/**
 * A hand dealt from a deal ('N:' then each seat's cards, spades.hearts.diamonds.clubs, clockwise) with the
 * dealer's last card turned up, then played on.
 */
function turnUpHand(deal: string, dealer: Seat, turnUp: Card, plays: string): HandState {
  const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  deal
    .slice(2)
    .split(' ')
    .forEach((hand, i) => {
      hand.split('.').forEach((ranks, suit) => {
        for (const r of ranks) hands[SEATS[i] as Seat].push(`${r}${'SHDC'.charAt(suit)}` as Card);
      });
    });
  const rest: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (const seat of SEATS) rest[seat] = hands[seat].filter((c) => c !== turnUp);
  const deck: Card[] = [];
  const d = SEATS.indexOf(dealer);
  for (let i = 0; i < 51; i++) deck.push(rest[SEATS[(d + 1 + i) % 4] as Seat].shift() as Card);
  deck.push(turnUp);
  let state = dealHandOrThrow(SHORT_WHIST, { dealer, deck });
  for (const card of plays.split(' ')) state = playOrThrow(state, currentSeat(state) as Seat, card as Card);
  return state;
}

describe('checkClaim: sure tricks whoever leads', () => {
  // The node budgets below are far under what the search took without these sure tricks (over 40 million
  // nodes for the second position): they show the tricks are counted at once, not how long a check takes.
  it("counts the claimer's trumps: K Q J against the unseen ace take two tricks", () => {
    // Clubs are trump; west holds K Q J of clubs, the ace is unseen; 8 tricks left, west to play to a heart.
    const state = turnUpHand(
      'N:AK65.4.J76.A8754 J7.KJ2.QT954.T32 T8432.9753.832.6 Q9.AQT86.AK.KQJ9',
      'E',
      'TC',
      '3S 9S KS 7S 5C TC 6C 9C 4D 8D AD 6D QH 4H 2H 7H TH JD JH 5H KH 9H 6H',
    );
    expect(playerViewOrThrow(state, 'W').cards).toEqual(['QS', 'AH', '8H', 'KD', 'KC', 'QC', 'JC']);
    expect(claimableTricks(state, 'W', { maxNodes: 2000 })).toEqual({ ok: true, value: 2 });
    const r = checkClaim(state, { seat: 'W', tricks: 3 }, { maxNodes: 20_000 });
    expect(r.ok && r.value.holds).toBe(false);
  });

  it('counts the turn-up the partner still holds when no unseen trump is above it', () => {
    // Hearts are trump, the king turned up by south, the dealer; the ace is played. North holds no trump:
    // south's king is the side's trick, whoever leads.
    const state = turnUpHand(
      'N:T864.A2.K875.984 A73.8743.Q42.KQ7 K92.KQT5.T63.J63 QJ5.J96.AJ9.AT52',
      'S',
      'KH',
      '9D 7D QD 3D 7S 9S JS 4S AC 4C 7C 3C 6H 2H 3H 5H JH AH 8H TH 8D 2D 6D',
    );
    expect(playerViewOrThrow(state, 'N').cards.filter((c) => c.endsWith('H'))).toEqual([]);
    expect(checkClaim(state, { seat: 'N', tricks: 1 }, { maxNodes: 2000 })).toEqual({
      ok: true,
      value: { holds: true, seat: 'N', tricks: 1, left: 8 },
    });
    expect(claimableTricks(state, 'N', { maxNodes: 20_000 })).toEqual({ ok: true, value: 1 });
  });
});

describe('checkClaim', () => {
  const dealt = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: SUITED, trump: 'S' });

  it('holds a claim of every trick by the seat with every trump on lead, for both of its side', () => {
    expect(checkClaim(dealt, { seat: 'N', tricks: 13 })).toEqual({ ok: true, value: { holds: true, seat: 'N', tricks: 13, left: 13 } });
    expect(claimableTricks(dealt, 'N')).toEqual({ ok: true, value: 13 });
    // South cannot see that north holds the trumps: south's claim rests on south's own cards only.
    expect(claimableTricks(dealt, 'S')).toEqual({ ok: true, value: 0 });
  });

  it('refuses with a layout and a line on which the claimer side takes fewer tricks', () => {
    const r = checkClaim(dealt, { seat: 'E', tricks: 1 });
    expect(r.ok && r.value.holds).toBe(false);
    if (!r.ok || r.value.holds) return;
    expect(r.value.line).toHaveLength(52);
    expect(r.value.layout.E).toEqual(playerViewOrThrow(dealt, 'E').cards);
    expect(r.value.taken).toBe(0);
  });

  it('always holds a claim of no trick', () => {
    const g = new Generator(seedRandom(SEED + 2).s);
    for (let i = 0; i < 20; i++) {
      const { state, claimer } = randomClaimPosition(g, 8);
      const r = checkClaim(state, { seat: claimer, tricks: 0 });
      expect(r.ok && r.value.holds).toBe(true);
    }
  });

  it('counts the trick in progress, whoever has played to it', () => {
    let state = dealt;
    state = playOrThrow(state, 'N', 'AS');
    expect(tricksLeft(state)).toBe(13);
    expect(checkClaim(state, { seat: 'N', tricks: 13 })).toEqual({ ok: true, value: { holds: true, seat: 'N', tricks: 13, left: 13 } });
    for (const seat of SEATS) {
      const r = checkClaim(state, { seat, tricks: 13 });
      expect(r.ok && r.value.left).toBe(13);
    }
  });

  it('refuses what is not a claim with INVALID_ARGUMENT, and what is not a hand in play with INVALID_STATE', () => {
    const bad = (x: unknown) => (x as { ok: boolean; error?: { code: string; path?: string } }).error;
    expect(bad(checkClaim(dealt, null as never))?.code).toBe('INVALID_ARGUMENT');
    expect(bad(checkClaim(dealt, { seat: 'X' as Seat, tricks: 1 }))).toMatchObject({ code: 'INVALID_ARGUMENT', path: 'seat' });
    for (const tricks of [-1, 1.5, 14, Number.NaN, '3']) {
      expect(bad(checkClaim(dealt, { seat: 'N', tricks: tricks as number }))).toMatchObject({ code: 'INVALID_ARGUMENT', path: 'tricks' });
    }
    expect(bad(checkClaim(dealt, { seat: 'N', tricks: 1 }, { maxNodes: 0 }))).toMatchObject({ code: 'INVALID_ARGUMENT', path: 'maxNodes' });
    expect(bad(checkClaim(dealt, { seat: 'N', tricks: 1 }, 'fast' as never))?.code).toBe('INVALID_ARGUMENT');
    expect(bad(claimableTricks(dealt, 'Q' as Seat))).toMatchObject({ code: 'INVALID_ARGUMENT', path: 'seat' });
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    );
    expect(bad(checkClaim(dealt, hostile as never))?.code).toBe('INVALID_ARGUMENT');
    expect(bad(checkClaim({ ...dealt }, { seat: 'N', tricks: 1 }))?.code).toBe('INVALID_STATE');
    expect(bad(claimableTricks(42 as never, 'N'))?.code).toBe('INVALID_STATE');
    let done = dealt;
    while (!isHandComplete(done)) {
      const seat = currentSeat(done) as Seat;
      done = playOrThrow(done, seat, playerViewOrThrow(done, seat).legalMoves[0] as never);
    }
    expect(bad(checkClaim(done, { seat: 'N', tricks: 0 }))?.code).toBe('INVALID_STATE');
  });

  it('stops with ABORTED on the node budget or the abort signal, and answers without them', () => {
    const g = new Generator(seedRandom(SEED + 3).s);
    const { state, claimer } = randomClaimPosition(g, 8, 8);
    const stopped = new AbortController();
    stopped.abort();
    const budget = checkClaim(state, { seat: claimer, tricks: 4 }, { maxNodes: 1 });
    expect(budget.ok ? null : budget.error.code).toBe('ABORTED');
    expect(budget.ok ? '' : budget.error.message).toContain('maxNodes');
    const flag = { aborted: false };
    let reads = 0;
    Object.defineProperty(flag, 'aborted', {
      get: () => ++reads > 0,
    });
    const signal = claimableTricks(state, claimer, { signal: flag });
    // A search that needs fewer than 1,024 nodes answers before the signal is read.
    if (!signal.ok) expect(signal.error.code).toBe('ABORTED');
    expect(checkClaim(state, { seat: claimer, tricks: 0 }, { signal: stopped.signal }).ok).toBe(true);
  });
});
