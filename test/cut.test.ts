import { describe, expect, it } from 'vitest';
import { type Card, type CutResult, cutForPartners, nextSeat, partnerOf, type RandomState, SEATS, seedRandom, shuffledDeck } from '../src/index.js';

const cutRank = (card: Card) => 'A23456789TJQK'.indexOf(card[0] as string) + 1;

/** The cut of a successful result, or a failed test. */
function cutOf(players: readonly string[], random: RandomState, options?: Parameters<typeof cutForPartners>[2]): { cut: CutResult; random: RandomState } {
  const r = cutForPartners(players, random, options);
  if (!r.ok) throw new Error(`cut failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

describe('cutting for partners and deal (Laws of Short Whist (1864), law 13; Hoyle; «Whist» (2012))', () => {
  const players = ['ann', 'bob', 'cy', 'di'];

  it('the lowest cut deals and sits where the caller says; the second lowest is the partner, opposite', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { cut } = cutOf(players, seedRandom(seed), { dealerSeat: 'E' });
      expect(cut.dealer).toBe('E');
      expect(cut.seats.E).toBe(cut.order[0]);
      expect(cut.seats[partnerOf('E')]).toBe(cut.order[1]);
      expect(cut.seats[nextSeat('E')]).toBe(cut.order[2]); // third lowest takes eldest hand by default («Whist» (2012))
      expect(cut.seats[nextSeat('E', 3)]).toBe(cut.order[3]);
      expect(new Set(Object.values(cut.seats))).toEqual(new Set(players));
    }
  });

  it('the ace is low and the order follows the first-round cards when they differ (Laws of Short Whist (1864), law 13)', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { cut } = cutOf(players, seedRandom(seed));
      const first = cut.draws.filter((d) => d.round === 1);
      expect(first.map((d) => d.player)).toEqual(players);
      const ranks = first.map((d) => cutRank(d.card));
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) {
          if ((ranks[i] as number) < (ranks[j] as number))
            expect(cut.order.indexOf(players[i] as string)).toBeLessThan(cut.order.indexOf(players[j] as string));
        }
    }
  });

  it('tied players draw again from the rest of the pack until their order is settled («Whist» (2012))', () => {
    let tiesSeen = 0;
    for (let seed = 0; seed < 300; seed++) {
      const { cut } = cutOf(players, seedRandom(seed));
      const cards = cut.draws.map((d) => d.card);
      expect(new Set(cards).size).toBe(cards.length); // one pack: no card drawn twice
      if (cut.draws.length > 4) {
        tiesSeen++;
        const redraw = cut.draws.filter((d) => d.round === 2);
        const firstRound = new Map(cut.draws.filter((d) => d.round === 1).map((d) => [d.player, cutRank(d.card)]));
        for (const d of redraw) expect(redraw.some((e) => e !== d && firstRound.get(e.player) === firstRound.get(d.player))).toBe(true);
      }
    }
    expect(tiesSeen).toBeGreaterThan(10);
  });

  it('the third lowest may choose the dealer’s right instead («Whist» (2012))', () => {
    const { cut } = cutOf(players, seedRandom(3), { dealerSeat: 'N', thirdChooses: 'dealersRight' });
    expect(cut.seats.W).toBe(cut.order[2]);
    expect(cut.seats.E).toBe(cut.order[3]);
  });

  it('every dealer seat works: the lowest cut sits there and deals', () => {
    for (const dealerSeat of SEATS) {
      const { cut } = cutOf(players, seedRandom(11), { dealerSeat });
      expect(cut.dealer).toBe(dealerSeat);
      expect(cut.seats[dealerSeat]).toBe(cut.order[0]);
    }
  });

  it('golden: from seedRandom(1) ann and cy tie with twos and draw again (6D, 3H): cy deals at N, ann opposite, di eldest at E', () => {
    const { cut } = cutOf(players, seedRandom(1));
    expect(cut.draws).toEqual([
      { round: 1, player: 'ann', card: '2H' },
      { round: 1, player: 'bob', card: '9C' },
      { round: 1, player: 'cy', card: '2D' },
      { round: 1, player: 'di', card: '4H' },
      { round: 2, player: 'ann', card: '6D' },
      { round: 2, player: 'cy', card: '3H' },
    ]);
    expect(cut.order).toEqual(['cy', 'ann', 'di', 'bob']);
    expect(cut.seats).toEqual({ N: 'cy', E: 'di', S: 'ann', W: 'bob' });
  });

  it('the same seed gives the same cut; the input list is not changed', () => {
    const list = Object.freeze([...players]);
    expect(cutForPartners(list, seedRandom('x'))).toEqual(cutForPartners(list, seedRandom('x')));
    expect(list).toEqual(players);
  });

  it('returns the PRNG state after the cut beside the cut, never inside it: the cut can be shown to players', () => {
    const start = seedRandom(5);
    const before = JSON.stringify(start);
    const { cut, random } = cutOf(players, start);
    expect(Object.keys(cut).sort()).toEqual(['dealer', 'draws', 'order', 'seats']);
    expect(JSON.stringify(cut)).not.toContain(String(random.s[0]));
    expect(JSON.stringify(cut)).not.toContain(String(start.s[0]));
    expect(random).not.toEqual(start);
    expect(JSON.stringify(start)).toBe(before);
    // The state returned is the generator's: threading it on gives new, reproducible draws.
    expect(shuffledDeck(random).value).toEqual(shuffledDeck(cutOf(players, seedRandom(5)).random).value);
    expect(shuffledDeck(random).value).not.toEqual(shuffledDeck(start).value);
  });

  it('refuses fewer than four players, duplicates, and a bad seat', () => {
    expect(cutForPartners(['a', 'b', 'c'], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(['a', 'b', 'c', 'a'], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(['a', 'b', 'c', ''], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(['a', 'b', 'c', 'x'.repeat(101)], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(['a', 'b', 'c', 4] as never, seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(players, seedRandom(1), { dealerSeat: 'Q' as never })).toMatchObject({ ok: false, error: { code: 'INVALID_SEAT' } });
    expect(cutForPartners(players, seedRandom(1), { thirdChooses: 'left' as never })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: 'thirdChooses' },
    });
  });

  it('returns a result, never throws, for null or malformed players, PRNG states and options', () => {
    const throwing = Object.defineProperty({}, 'dealerSeat', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const cases: [unknown, unknown, unknown, string][] = [
      [null, seedRandom(1), {}, 'INVALID_PLAYERS'],
      ['abcd', seedRandom(1), {}, 'INVALID_PLAYERS'],
      [players, null, {}, 'INVALID_ARGUMENT'],
      [players, {}, {}, 'INVALID_ARGUMENT'],
      [players, { s: [1, 2, 3] }, {}, 'INVALID_ARGUMENT'],
      [players, { s: [1, 2, 3, -1] }, {}, 'INVALID_ARGUMENT'],
      [players, { s: [1, 2, 3, 2 ** 32] }, {}, 'INVALID_ARGUMENT'],
      [players, { s: [1, 2, 3, 4], extra: 1 }, {}, 'INVALID_ARGUMENT'],
      [players, seedRandom(1), null, 'INVALID_ARGUMENT'],
      [players, seedRandom(1), 'N', 'INVALID_ARGUMENT'],
      [players, seedRandom(1), throwing, 'INVALID_ARGUMENT'],
    ];
    for (const [p, random, options, code] of cases) {
      let r: ReturnType<typeof cutForPartners> | undefined;
      expect(() => {
        r = cutForPartners(p as string[], random as RandomState, options as never);
      }).not.toThrow();
      expect(r).toMatchObject({ ok: false, error: { code } });
    }
  });
});
