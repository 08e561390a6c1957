import { describe, expect, it } from 'vitest';
import { type Card, cardRank, cardSuit, compareCards, FULL_DECK, formatCard, isCard, parseCard, RANKS, SUITS, sortCards, WhistError } from '../src/index.js';

describe('isCard: exact card strings only (cards.ts: "AS", not "as" or "10S")', () => {
  it('accepts all 52 rank-then-suit strings, T for the ten', () => {
    for (const suit of ['S', 'H', 'D', 'C']) for (const rank of 'AKQJT98765432') expect(isCard(`${rank}${suit}`)).toBe(true);
  });

  it.each([
    ['as', 'lower case'],
    ['aS', 'lower-case rank'],
    ['Ad', 'lower-case suit'],
    ['10S', 'the ten written 10'],
    ['SA', 'suit first'],
    ['1S', 'a rank 1'],
    ['ZS', 'an unknown rank'],
    ['AX', 'an unknown suit'],
    ['A♠', 'a suit symbol'],
    [' AS', 'a leading space'],
    ['AS ', 'a trailing space'],
    ['ASS', 'three characters'],
    ['A', 'one character'],
    ['', 'the empty string'],
    ['ÀS', 'a non-ASCII rank'],
  ])('rejects %j (%s)', (text) => {
    expect(isCard(text)).toBe(false);
  });

  it.each([[null], [undefined], [0], [52], [{}], [['AS']], [new String('AS')], [Symbol('AS')]])('rejects the non-string %s without throwing', (value) => {
    expect(isCard(value)).toBe(false);
  });
});

describe('cardSuit and cardRank', () => {
  it('read the suit and the rank', () => {
    expect(cardSuit('QH')).toBe('H');
    expect(cardRank('QH')).toBe('Q');
    expect(cardRank('TD')).toBe('T');
    expect(cardSuit('2C')).toBe('C');
  });
});

describe('parseCard / formatCard: text for people', () => {
  it.each([
    ['as', 'AS'],
    ['AS', 'AS'],
    ['10h', 'TH'],
    ['10H', 'TH'],
    ['th', 'TH'],
    ['♠q', 'QS'],
    ['Q♠', 'QS'],
    ['♥10', 'TH'],
    ['10♥', 'TH'],
    ['♡J', 'JH'],
    ['7♢', '7D'],
    ['♧2', '2C'],
    ['d7', '7D'],
    ['sa', 'AS'],
    ['  kc  ', 'KC'],
  ])('parseCard(%j) is %s', (text, card) => {
    expect(parseCard(text)).toEqual({ ok: true, value: card });
  });

  it.each(['', 'x', '1x', 'S', '10', '11S', 'ZZ', 'A S', 'AS?', 'ss'])('parseCard(%j) names no card', (text) => {
    expect(parseCard(text)).toMatchObject({ ok: false, error: { code: 'INVALID_CARD' } });
  });

  it('formatCard writes the plain string, suit symbols, and the ten as 10 on request', () => {
    expect(formatCard('TD')).toBe('TD');
    expect(formatCard('TD', { ten: '10' })).toBe('10D');
    expect(formatCard('TD', { symbols: true })).toBe('T♦');
    expect(formatCard('TD', { symbols: true, ten: '10' })).toBe('10♦');
    expect(formatCard('QH', { symbols: true })).toBe('Q♥');
    expect(formatCard('AS', { symbols: true })).toBe('A♠');
    expect(formatCard('2C', { symbols: true, ten: '10' })).toBe('2♣');
    expect(formatCard('9S', { ten: '10' })).toBe('9S');
  });

  it('parseCard reads back every card formatCard writes, with every option', () => {
    const options = [{}, { symbols: true }, { ten: '10' as const }, { ten: 'T' as const }, { symbols: true, ten: '10' as const }];
    for (const card of FULL_DECK) {
      for (const o of options) {
        const text = formatCard(card, o);
        expect(parseCard(text)).toEqual({ ok: true, value: card });
        expect(parseCard(text.toLowerCase())).toEqual({ ok: true, value: card });
      }
    }
  });
});

describe('FULL_DECK', () => {
  it('holds the 52 distinct cards, by suit S H D C and from the ace down', () => {
    expect(FULL_DECK).toHaveLength(52);
    expect(new Set(FULL_DECK).size).toBe(52);
    expect(FULL_DECK.every(isCard)).toBe(true);
    expect(FULL_DECK[0]).toBe('AS');
    expect(FULL_DECK[12]).toBe('2S');
    expect(FULL_DECK[13]).toBe('AH');
    expect(FULL_DECK[51]).toBe('2C');
    expect(FULL_DECK).toEqual(SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}`)));
  });

  it('is frozen, as are SUITS and RANKS', () => {
    expect(Object.isFrozen(FULL_DECK)).toBe(true);
    expect(Object.isFrozen(SUITS)).toBe(true);
    expect(Object.isFrozen(RANKS)).toBe(true);
    expect(() => (FULL_DECK as Card[]).push('AS')).toThrow();
  });

  it('ranks A (high) K Q J T 9 … 2 (Laws of Short Whist (1864); «Whist» (2012))', () => {
    expect(RANKS.join('')).toBe('AKQJT98765432');
    expect(SUITS.join('')).toBe('SHDC');
  });
});

describe('compareCards / sortCards: canonical order', () => {
  it('orders by suit S H D C, then from the highest rank down', () => {
    expect(compareCards('AS', 'KS')).toBeLessThan(0);
    expect(compareCards('KS', 'AS')).toBeGreaterThan(0);
    expect(compareCards('2S', 'AH')).toBeLessThan(0);
    expect(compareCards('AC', '2D')).toBeGreaterThan(0);
    expect(compareCards('TD', 'TD')).toBe(0);
    expect(compareCards('TD', '9D')).toBeLessThan(0);
  });

  it('the documented examples hold', () => {
    expect((['2S', 'AH', 'KS'] as Card[]).sort(compareCards)).toEqual(['KS', '2S', 'AH']);
    expect(sortCards(['2C', 'AD', 'TS'])).toEqual(['TS', 'AD', '2C']);
  });

  it('sortCards puts any permutation of the deck back in FULL_DECK order, without touching its input', () => {
    const reversed = [...FULL_DECK].reverse();
    const copy = reversed.slice();
    expect(sortCards(reversed)).toEqual(FULL_DECK);
    expect(reversed).toEqual(copy);
    const interleaved = FULL_DECK.filter((_, i) => i % 2 === 1).concat(FULL_DECK.filter((_, i) => i % 2 === 0));
    expect(sortCards(interleaved)).toEqual(FULL_DECK);
  });

  it('sortCards returns a new array even when already sorted', () => {
    const cards: Card[] = ['AS', 'KH'];
    const sorted = sortCards(cards);
    expect(sorted).toEqual(cards);
    expect(sorted).not.toBe(cards);
  });
});

describe('parseCard with emoji suit symbols', () => {
  it('reads a suit symbol followed by the emoji variation selector U+FE0F', () => {
    expect(parseCard('Q♠\uFE0F')).toEqual({ ok: true, value: 'QS' });
    expect(parseCard('♥\uFE0F10')).toEqual({ ok: true, value: 'TH' });
  });
});

describe('card functions given something that is not a card', () => {
  const NOT_CARDS: readonly unknown[] = ['as', '10S', '', 'ASS', null, undefined, 7, {}, ['AS'], new String('AS'), Symbol('AS'), 10n];

  const label = (value: unknown): string =>
    typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? Object.prototype.toString.call(value) : String(value);

  it.each(NOT_CARDS.map((value) => [label(value), value]))(
    'cardSuit, cardRank, formatCard and compareCards throw WhistError INVALID_CARD for %s',
    (_, value) => {
      const calls = [
        () => cardSuit(value as Card),
        () => cardRank(value as Card),
        () => formatCard(value as Card),
        () => compareCards(value as Card, 'AS'),
        () => compareCards('AS', value as Card),
      ];
      for (const call of calls) {
        let thrown: unknown;
        try {
          call();
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(WhistError);
        expect((thrown as WhistError).code).toBe('INVALID_CARD');
      }
    },
  );

  it('sortCards throws WhistError INVALID_CARD for a list with a non-card in it, or for a value that is not a list', () => {
    expect(() => sortCards(['AS', 'as'] as Card[])).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_CARD' }));
    expect(() => sortCards('AS KS' as never)).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_CARD' }));
    expect(() => sortCards(null as never)).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_CARD' }));
  });

  it('parseCard names no card, without throwing, for values that are not strings and for long text', () => {
    for (const value of [null, undefined, 7, {}, ['AS'], new String('AS'), Symbol('AS'), 10n, `AS${' '.repeat(20)}`, 'A'.repeat(1_000_000)]) {
      expect(parseCard(value as string)).toMatchObject({ ok: false, error: { code: 'INVALID_CARD' } });
    }
  });

  it('formatCard ignores options that are not an object, and unknown values in them', () => {
    expect(formatCard('TD', null as never)).toBe('TD');
    expect(formatCard('TD', { ten: 'ten' as never, symbols: 'yes' as never })).toBe('TD');
  });
});
