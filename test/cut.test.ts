import { describe, expect, it } from 'vitest';
import { type Card, cutForPartners, partnerOf, seedRandom, nextSeat } from '../src/index.js';

const cutRank = (card: Card) => 'A23456789TJQK'.indexOf(card[0] as string) + 1;

describe('cutting for partners and deal (CL law 13; HOYLE; DOC1)', () => {
  const players = ['ann', 'bob', 'cy', 'di'];

  it('the lowest cut deals and sits where the caller says; the second lowest is the partner, opposite', () => {
    for (let seed = 0; seed < 50; seed++) {
      const r = cutForPartners(players, seedRandom(seed), { dealerSeat: 'E' });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const { cut } = r;
      expect(cut.dealer).toBe('E');
      expect(cut.seats.E).toBe(cut.order[0]);
      expect(cut.seats[partnerOf('E')]).toBe(cut.order[1]);
      expect(cut.seats[nextSeat('E')]).toBe(cut.order[2]); // third lowest takes eldest hand by default (DOC1)
      expect(cut.seats[nextSeat('E', 3)]).toBe(cut.order[3]);
      expect(new Set(Object.values(cut.seats))).toEqual(new Set(players));
    }
  });

  it('the ace is low and the order follows the first-round cards when they differ (CL law 13)', () => {
    for (let seed = 0; seed < 200; seed++) {
      const r = cutForPartners(players, seedRandom(seed));
      if (!r.ok) throw new Error('cut failed');
      const first = r.cut.draws.filter((d) => d.round === 1);
      expect(first.map((d) => d.player)).toEqual(players);
      const ranks = first.map((d) => cutRank(d.card));
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) {
          if (ranks[i]! < ranks[j]!) expect(r.cut.order.indexOf(players[i]!)).toBeLessThan(r.cut.order.indexOf(players[j]!));
        }
    }
  });

  it('tied players draw again from the rest of the pack until their order is settled (DOC1)', () => {
    let tiesSeen = 0;
    for (let seed = 0; seed < 300; seed++) {
      const r = cutForPartners(players, seedRandom(seed));
      if (!r.ok) throw new Error('cut failed');
      const cards = r.cut.draws.map((d) => d.card);
      expect(new Set(cards).size).toBe(cards.length); // one pack: no card drawn twice
      if (r.cut.draws.length > 4) {
        tiesSeen++;
        const redraw = r.cut.draws.filter((d) => d.round === 2);
        const firstRound = new Map(r.cut.draws.filter((d) => d.round === 1).map((d) => [d.player, cutRank(d.card)]));
        for (const d of redraw) expect(redraw.some((e) => e !== d && firstRound.get(e.player) === firstRound.get(d.player))).toBe(true);
      }
    }
    expect(tiesSeen).toBeGreaterThan(10);
  });

  it('the third lowest may choose the dealer’s right instead (DOC1)', () => {
    const r = cutForPartners(players, seedRandom(3), { dealerSeat: 'N', thirdChooses: 'dealersRight' });
    if (!r.ok) throw new Error('cut failed');
    expect(r.cut.seats.W).toBe(r.cut.order[2]);
    expect(r.cut.seats.E).toBe(r.cut.order[3]);
  });

  it('the same seed gives the same cut; the input list is not changed', () => {
    const list = Object.freeze([...players]);
    expect(cutForPartners(list, seedRandom('x'))).toEqual(cutForPartners(list, seedRandom('x')));
  });

  it('refuses fewer than four players, duplicates, and a bad seat', () => {
    expect(cutForPartners(['a', 'b', 'c'], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(['a', 'b', 'c', 'a'], seedRandom(1))).toMatchObject({ ok: false, error: { code: 'INVALID_PLAYERS' } });
    expect(cutForPartners(players, seedRandom(1), { dealerSeat: 'Q' as never })).toMatchObject({ ok: false, error: { code: 'INVALID_SEAT' } });
  });
});
