/**
 * Deals as text: parseDeal, parsePartialDeal and formatDeal (PBN 2.1, section 3.4, the Deal tag).
 *
 * Examples first (the PBN standard's own example deal), then every error code with the input that
 * triggers it, hostile values, and properties with the fixed seed of test/arbitraries.ts: round trips
 * from any first seat, in either case, with the ranks in any order.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Card,
  cardsHeld,
  type Deal,
  type DealTextError,
  dealHandOrThrow,
  FULL_DECK,
  formatDeal,
  parseDeal,
  parsePartialDeal,
  SEATS,
  type Seat,
  SHORT_WHIST,
  sortCards,
  WhistError,
} from '../src/index.js';
import { deckArb, fcParams, packets, seatArb } from './arbitraries.js';

/** The example deal of PBN 2.1, section 3.4 (the Deal tag): north void in spades. */
const PBN_EXAMPLE = 'N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85';
const cards = (text: string) => text.split(' ') as Card[];
const PBN_EXAMPLE_DEAL: Deal = {
  N: cards('6H 3H AD KD QD 9D 8D 7D AC 9C 7C 3C 2C'),
  E: cards('AS 8S 6S 5S 4S KH QH 5H TD QC JC TC 6C'),
  S: cards('JS 9S 7S 3S JH 9H 8H 7H 4H 2H 3D KC 4C'),
  W: cards('KS QS TS 2S AH TH JD 6D 5D 4D 2D 8C 5C'),
};

/** The four hands of the text, N E S W, each as four suit strings. */
function handsOf(text: string): string[] {
  return text.slice(2).split(' ');
}

/** The same deal written with another seat first: the hands clockwise from it. */
function fromSeat(text: string, first: Seat): string {
  const hands = handsOf(text);
  const k = SEATS.indexOf(first);
  return `${first}:${[0, 1, 2, 3].map((i) => hands[(k + i) % 4]).join(' ')}`;
}

/** Every code parseDeal can return, checked against its type: adding a code to the type breaks this list. */
const ALL_CODES = {
  INVALID_ARGUMENT: true,
  INVALID_SEAT: true,
  INVALID_CARD: true,
  INVALID_HAND: true,
  DUPLICATE_CARD: true,
} as const satisfies Record<DealTextError, true>;

function expectRefused(text: unknown, code: DealTextError, extra: { seat?: Seat; card?: string } = {}) {
  const r = parseDeal(text as string);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  expect(typeof r.error.message).toBe('string');
  expect(r.error.message.length).toBeGreaterThan(0);
  expect(r.error.path).toBe('deal');
  if ('seat' in extra) expect(r.error.seat).toBe(extra.seat);
  if ('card' in extra) expect(r.error.card).toBe(extra.card);
  expect(Object.isFrozen(r.error)).toBe(true);
}

describe('parseDeal and formatDeal: the example of PBN 2.1, section 3.4', () => {
  it('reads the example deal, north void in spades, each seat’s cards in canonical order', () => {
    expect(parseDeal(PBN_EXAMPLE)).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it('writes it back exactly, north first, each suit from the ace down, a void as an empty suit', () => {
    expect(formatDeal(PBN_EXAMPLE_DEAL)).toBe(PBN_EXAMPLE);
  });

  it.each(SEATS)('reads the same deal written with %s first: the hands follow clockwise from the first seat (PBN 2.1, 3.4)', (first) => {
    const text = fromSeat(PBN_EXAMPLE, first);
    expect(text.startsWith(`${first}:`)).toBe(true);
    expect(parseDeal(text)).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
    expect(parseDeal(text.toLowerCase())).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it('reads the first seat and the ranks in either case, and the ranks of a suit in any order', () => {
    expect(parseDeal(PBN_EXAMPLE.toLowerCase())).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
    expect(parseDeal('n:.36.7q8k9a.2379a A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85')).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it('reads hands separated by several spaces or tabs, and spaces around the text and the colon', () => {
    const spaced = `  N :  ${handsOf(PBN_EXAMPLE).join(' \t ')}  `;
    expect(parseDeal(spaced)).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it('the whole pack in suit order: each seat one whole suit', () => {
    const text = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
    const deal = { N: FULL_DECK.slice(0, 13), E: FULL_DECK.slice(13, 26), S: FULL_DECK.slice(26, 39), W: FULL_DECK.slice(39) };
    expect(parseDeal(text)).toEqual({ ok: true, value: deal });
    expect(formatDeal(deal)).toBe(text);
  });

  it('a hand state stores its deal as formatDeal writes it, and dealHand() reads deal text with any first seat', () => {
    for (const first of SEATS) {
      const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'S', cards: fromSeat(PBN_EXAMPLE, first).toLowerCase(), trump: 'D' });
      expect(state.deal).toBe(PBN_EXAMPLE);
      for (const seat of SEATS) expect(cardsHeld(state, seat)).toEqual(PBN_EXAMPLE_DEAL[seat]);
    }
  });

  it('returns fresh arrays: changing a parsed deal changes nothing parsed later', () => {
    const a = parseDeal(PBN_EXAMPLE);
    if (!a.ok) throw new Error(a.error.message);
    (a.value.N as Card[]).reverse();
    (a.value.E as Card[]).length = 0;
    expect(parseDeal(PBN_EXAMPLE)).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it('formatDeal does not depend on the order of the cards in a hand, and does not modify them', () => {
    const shuffled = { N: [...PBN_EXAMPLE_DEAL.N].reverse(), E: [...PBN_EXAMPLE_DEAL.E].reverse(), S: PBN_EXAMPLE_DEAL.S, W: PBN_EXAMPLE_DEAL.W };
    const frozen = Object.freeze({
      N: Object.freeze(shuffled.N),
      E: Object.freeze(shuffled.E),
      S: Object.freeze([...shuffled.S]),
      W: Object.freeze([...shuffled.W]),
    });
    expect(formatDeal(frozen)).toBe(PBN_EXAMPLE);
    expect(frozen.N).toEqual([...PBN_EXAMPLE_DEAL.N].reverse());
  });
});

describe('parseDeal errors: each code with the input that triggers it', () => {
  const hands = handsOf(PBN_EXAMPLE);

  it.each<[string, unknown]>([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { N: [] }],
    ['an array of hand strings', hands],
    ['a String object', new String(PBN_EXAMPLE)],
    ['an object whose toString gives the deal', { toString: () => PBN_EXAMPLE }],
    ['a symbol', Symbol('N:')],
    ['a bigint', 10n],
    ['a function', () => PBN_EXAMPLE],
    [
      'a Proxy whose every trap throws',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap');
          },
          getPrototypeOf: () => {
            throw new Error('trap');
          },
        },
      ),
    ],
    ['a string of 201 characters', `${PBN_EXAMPLE}${' '.repeat(201 - PBN_EXAMPLE.length)}`],
    ['a string of 10 MB', `N:${'A'.repeat(10_000_000)}`],
  ])('INVALID_ARGUMENT: %s', (_, value) => {
    expectRefused(value, 'INVALID_ARGUMENT');
  });

  it('a string of exactly 200 characters is read (spaces after the deal)', () => {
    expect(parseDeal(`${PBN_EXAMPLE}${' '.repeat(200 - PBN_EXAMPLE.length)}`)).toEqual({ ok: true, value: PBN_EXAMPLE_DEAL });
  });

  it.each([
    ['no colon', PBN_EXAMPLE.slice(2)],
    ['an unknown seat', `X:${hands.join(' ')}`],
    ['a side for a seat', `NS:${hands.join(' ')}`],
    ['a seat word', `North:${hands.join(' ')}`],
    ['an empty seat', `:${hands.join(' ')}`],
    ['the empty string', ''],
    ['only a colon', ':'],
    ['an Object.prototype key for a seat', `__proto__:${hands.join(' ')}`],
    ['another Object.prototype key for a seat', `constructor:${hands.join(' ')}`],
    ['toString for a seat', `toString:${hands.join(' ')}`],
    ['a full-width N', `Ｎ:${hands.join(' ')}`],
  ])('INVALID_SEAT: %s', (_, text) => {
    expectRefused(text, 'INVALID_SEAT');
  });

  it.each([
    ['three hands', `N:${hands.slice(0, 3).join(' ')}`, undefined],
    ['five hands', `N:${[...hands, '...'].join(' ')}`, undefined],
    ['no hands', 'N:', undefined],
    ['hands separated by a newline', `N:${hands.slice(0, 2).join(' ')}\n${hands.slice(2).join(' ')}`, undefined],
    ['hands separated by a no-break space', `N:${hands.slice(0, 2).join(' ')}\u00a0${hands.slice(2).join(' ')}`, undefined],
    ['a hand of three suits', `N:${['.63.AKQ987A9732', ...hands.slice(1)].join(' ')}`, 'N'],
    ['a hand of five suits', `N:${[...hands.slice(0, 3), 'KQT2.AT.J6542.85.'].join(' ')}`, 'W'],
    ['a hand of 12 cards (and one of 14)', `N:${['.63.AKQ987.A973', 'A8654.KQ5.T.QJT62', ...hands.slice(2)].join(' ')}`, 'N'],
    ['a hand of 14 cards (and one of 12)', `N:A.63.AKQ987.A9732 8654.KQ5.T.QJT6 ${hands.slice(2).join(' ')}`, 'N'],
    ['a hand of 12 cards after a good one (and one of 14)', `N:${hands[0]} 8654.KQ5.T.QJT6 AJ973.J98742.3.K4 ${hands[3]}`, 'E'],
    ['an empty hand', `N:${['...', ...hands.slice(1)].join(' ')}`, 'N'],
  ])('INVALID_HAND: %s', (_, text, seat) => {
    expectRefused(text, 'INVALID_HAND', seat === undefined ? {} : { seat: seat as Seat });
  });

  it('INVALID_HAND names the first hand in the text that is wrong, counting clockwise from the first seat', () => {
    // West first: the first hand is West's; it lacks a card, so West is named, not North.
    expectRefused(`W:KQT2.AT.J6542.8 ${hands.slice(0, 3).join(' ')}`, 'INVALID_HAND', { seat: 'W' });
  });

  it.each([
    ['an unknown rank', 'X', 'N:.63.AKQ987.A973X A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85', 'N'],
    ['the ten written 10', '1', `N:${hands[0]} A8654.KQ5.10.QJT6 ${hands.slice(2).join(' ')}`, 'E'],
    ['a suit symbol', '♠', `N:${hands.slice(0, 3).join(' ')} KQT2♠.AT.J6542.85`, 'W'],
    ['a NUL character', '\u0000', `N:${hands.slice(0, 2).join(' ')} J973.J98742.3\u0000.K4 ${hands[3]}`, 'S'],
    ['a lone surrogate', '\ud800', `N:\ud800${hands.join(' ')}`, 'N'],
    ['a colon in a hand', ':', `N:${hands.join(' ')}:`, 'W'],
    ['a hyphen for a void (not PBN)', '-', `N:-.63.AKQ987.A9732 ${hands.slice(1).join(' ')}`, 'N'],
  ])('INVALID_CARD: %s', (_, char, text, seat) => {
    expectRefused(text, 'INVALID_CARD', { seat: seat as Seat });
    const r = parseDeal(text);
    expect(!r.ok && r.error.message).toContain(JSON.stringify(char));
  });

  it('DUPLICATE_CARD: a card in two hands, with the seat and the card that repeat it', () => {
    // South's 3D given to West as well: West, the later hand, repeats it.
    expectRefused(`N:${hands.slice(0, 3).join(' ')} KQT2.AT.J6543.85`, 'DUPLICATE_CARD', { seat: 'W', card: '3D' });
    // From East first, the same text order finds it in West's hand too.
    expectRefused(`E:${hands.slice(1, 3).join(' ')} KQT2.AT.J6543.85 ${hands[0]}`, 'DUPLICATE_CARD', { seat: 'W', card: '3D' });
  });

  it('DUPLICATE_CARD: a card twice in one hand, in either case', () => {
    expectRefused(`N:.63.AKQ987.A973a ${hands.slice(1).join(' ')}`, 'DUPLICATE_CARD', { seat: 'N', card: 'AC' });
  });

  it('every code of DealTextError has been produced above', () => {
    const produced = new Set<string>();
    for (const text of ['', 42, 'N:', 'N:X... ... ... ...', `N:${hands.slice(0, 3).join(' ')} KQT2.AT.J6543.85`]) {
      const r = parseDeal(text as string);
      if (!r.ok) produced.add(r.error.code);
    }
    expect([...produced].sort()).toEqual(Object.keys(ALL_CODES).sort());
  });
});

describe('formatDeal errors: WhistError with the code parseDeal would give', () => {
  const deal = PBN_EXAMPLE_DEAL;

  function thrown(f: () => unknown): unknown {
    try {
      f();
    } catch (e) {
      return e;
    }
    return undefined;
  }

  it.each<[string, unknown, string, string | undefined]>([
    ['a hand of 12 cards', { ...deal, W: deal.W.slice(1) }, 'INVALID_HAND', 'deal.W'],
    ['a hand of 14 cards', { ...deal, N: [...deal.N, 'AS'] }, 'INVALID_HAND', 'deal.N'],
    ['a missing seat', { N: deal.N, E: deal.E, S: deal.S }, 'INVALID_HAND', 'deal.W'],
    ['a hand that is a string', { ...deal, E: 'A8654.KQ5.T.QJT6' }, 'INVALID_HAND', 'deal.E'],
    ['not an object', 'N:...', 'INVALID_HAND', 'deal'],
    ['null', null, 'INVALID_HAND', 'deal'],
    ['an array', [deal.N, deal.E, deal.S, deal.W], 'INVALID_HAND', 'deal'],
    ['a lower-case card', { ...deal, S: [...deal.S.slice(0, 12), '4c'] }, 'INVALID_CARD', 'deal.S[12]'],
    ['the ten written 10', { ...deal, E: [...deal.E.slice(0, 8), '10D', ...deal.E.slice(9)] }, 'INVALID_CARD', 'deal.E[8]'],
    ['a number for a card', { ...deal, N: [7, ...deal.N.slice(1)] }, 'INVALID_CARD', 'deal.N[0]'],
    ['a card in two hands', { ...deal, W: ['6H', ...deal.W.slice(1)] }, 'DUPLICATE_CARD', 'deal.W[0]'],
  ])('%s', (_, value, code, path) => {
    const e = thrown(() => formatDeal(value as Deal));
    expect(e).toBeInstanceOf(WhistError);
    expect((e as WhistError).code).toBe(code);
    expect((e as WhistError).info.path).toBe(path);
  });
});

describe('properties (fast-check, fixed seed)', () => {
  const dealArb = deckArb.map((deck) => packets(deck));

  it('formatDeal then parseDeal gives back every seat’s cards, sorted; the text is canonical and short', () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        const text = formatDeal(deal);
        expect(text).toMatch(
          /^N:(?:[AKQJT98765432]*\.){3}[AKQJT98765432]* (?:[AKQJT98765432]*\.){3}[AKQJT98765432]* (?:[AKQJT98765432]*\.){3}[AKQJT98765432]* (?:[AKQJT98765432]*\.){3}[AKQJT98765432]*$/,
        );
        expect(text).toHaveLength(2 + 52 + 12 + 3);
        // Each suit from the ace down.
        for (const suit of text.slice(2).split(/[ .]/)) {
          const order = [...suit].map((rank) => 'AKQJT98765432'.indexOf(rank));
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
        const r = parseDeal(text);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        for (const seat of SEATS) expect(r.value[seat]).toEqual(sortCards(deal[seat]));
        expect(formatDeal(r.value)).toBe(text);
      }),
      fcParams(200),
    );
  });

  it('any first seat, either case, ranks in any order, any spacing: the same deal (PBN 2.1, 3.4)', () => {
    const variant = fc.record({
      first: seatArb,
      lower: fc.boolean(),
      reverse: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
      gaps: fc.array(fc.constantFrom(' ', '  ', '\t', ' \t '), { minLength: 3, maxLength: 3 }),
      pad: fc.constantFrom('', ' ', '\t', '\u00a0', '\ufeff'),
    });
    fc.assert(
      fc.property(dealArb, variant, (deal, v) => {
        const canonical = formatDeal(deal);
        const rotated = fromSeat(canonical, v.first);
        const hands = handsOf(rotated).map((hand, h) =>
          hand
            .split('.')
            .map((suit, s) => (v.reverse[h * 4 + s] ? [...suit].reverse().join('') : suit))
            .join('.'),
        );
        let text = `${v.pad}${v.first}:${hands[0]}${v.gaps[0]}${hands[1]}${v.gaps[1]}${hands[2]}${v.gaps[2]}${hands[3]}${v.pad}`;
        if (v.lower) text = text.toLowerCase();
        const r = parseDeal(text);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(formatDeal(r.value)).toBe(canonical);
        expect(dealHandOrThrow(SHORT_WHIST, { dealer: v.first, cards: text, trump: null }).deal).toBe(canonical);
      }),
      fcParams(200),
    );
  });

  /** One corruption of a valid deal text, and the code it must give. */
  type Corruption = { kind: 'seat' | 'dropHand' | 'extraHand' | 'moveCard' | 'repeatCard' | 'badRank' | 'dots'; at: number; other: number; char: string };
  const corruptionArb: fc.Arbitrary<Corruption> = fc.record({
    kind: fc.constantFrom<Corruption['kind']>('seat', 'dropHand', 'extraHand', 'moveCard', 'repeatCard', 'badRank', 'dots'),
    at: fc.nat({ max: 51 }),
    other: fc.nat({ max: 51 }),
    char: fc.constantFrom('X', '1', '0', 'Z', '♠', '*', '\u0000', ',', 'ß'),
  });

  function corrupt(deal: Deal, c: Corruption): { text: string; code: DealTextError } {
    const hands = SEATS.map((seat) => [...deal[seat]] as string[]);
    const seatAt = (i: number) => (i / 13) | 0;
    const write = () =>
      `N:${hands
        .map((h) =>
          ['S', 'H', 'D', 'C']
            .map((s) =>
              h
                .filter((x) => x[1] === s)
                .map((x) => x[0])
                .join(''),
            )
            .join('.'),
        )
        .join(' ')}`;
    switch (c.kind) {
      case 'seat':
        return { text: `${c.char}${write().slice(1)}`, code: 'INVALID_SEAT' };
      case 'dropHand':
        return {
          text: write()
            .split(' ')
            .filter((_, i) => i !== c.at % 4)
            .join(' ')
            .replace(/^(?!N:)/, 'N:'),
          code: 'INVALID_HAND',
        };
      case 'extraHand':
        return { text: `${write()} ...`, code: 'INVALID_HAND' };
      case 'moveCard': {
        // A card taken from one hand and given to another: one hand of 12 and one of 14.
        const from = seatAt(c.at);
        const to = (from + 1 + (c.other % 3)) % 4;
        const [card] = (hands[from] as string[]).splice(c.at % 13, 1);
        (hands[to] as string[]).push(card as string);
        return { text: write(), code: 'INVALID_HAND' };
      }
      case 'repeatCard': {
        // A card of another hand replaces one of this hand's: every hand still has 13, one card twice.
        const h = seatAt(c.at);
        const k = (h + 1 + (c.other % 3)) % 4;
        (hands[h] as string[])[c.at % 13] = (hands[k] as string[])[c.other % 13] as string;
        return { text: write(), code: 'DUPLICATE_CARD' };
      }
      case 'badRank': {
        const text = write();
        const positions = [...text.matchAll(/[AKQJT98765432]/g)].map((m) => m.index as number);
        const p = positions[c.at % positions.length] as number;
        return { text: `${text.slice(0, p)}${c.char}${text.slice(p + 1)}`, code: 'INVALID_CARD' };
      }
      case 'dots': {
        const parts = write().slice(2).split(' ');
        const h = c.at % 4;
        parts[h] = c.other % 2 === 0 ? `${parts[h]}.` : (parts[h] as string).replace('.', '');
        return { text: `N:${parts.join(' ')}`, code: 'INVALID_HAND' };
      }
    }
  }

  it('one corruption of a valid deal gives its own code, never a throw (every error code of parseDeal)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(dealArb, corruptionArb, (deal, c) => {
        const { text, code } = corrupt(deal, c);
        const r = parseDeal(text);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.code).toBe(code);
        expect(r.error.path).toBe('deal');
        seen.add(r.error.code);
      }),
      fcParams(400),
    );
    expect([...seen].sort()).toEqual(
      Object.keys(ALL_CODES)
        .filter((c) => c !== 'INVALID_ARGUMENT')
        .sort(),
    );
  });

  it('hostile strings and values never make parseDeal throw; what it accepts is a whole deal that reads back the same', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 220 }),
      fc.string({ unit: fc.constantFrom(...'NESWnesw:. \t\u00a0AKQJT98765432akqjt10X♠'.split('')), maxLength: 90 }),
      fc.constantFrom(...SEATS).map((s) => `${s}:`),
      fc.anything(),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const r = parseDeal(value as string); // a throw fails the property
        if (!r.ok) {
          expect(Object.keys(ALL_CODES)).toContain(r.error.code);
          return;
        }
        const deal = r.value;
        expect(sortCards(SEATS.flatMap((seat) => deal[seat]))).toEqual(FULL_DECK);
        for (const seat of SEATS) expect(deal[seat]).toHaveLength(13);
        expect(parseDeal(formatDeal(deal))).toEqual(r);
      }),
      fcParams(1000),
    );
  });

  it('refuses long strings at once: 10 MB of hostile text is refused by its length, before any of it is read', () => {
    const texts = ['N:' + ' '.repeat(10_000_000), `${PBN_EXAMPLE} `.repeat(150_000), '\u00a0'.repeat(10_000_000), `N:${'.'.repeat(10_000_000)}`];
    for (const text of texts) {
      expectRefused(text, 'INVALID_ARGUMENT');
      const r = parseDeal(text);
      expect(!r.ok && r.error.message).toBe(`a deal is at most 200 characters, got ${text.length}`);
    }
  });
});

describe('parsePartialDeal and formatDeal: "-" for an unknown hand (PBN 2.1, section 3.4)', () => {
  it('reads "-" as null, from any first seat, and formatDeal writes null as "-", north first', () => {
    const hands = handsOf(PBN_EXAMPLE);
    const text = `S:${hands[2]} - ${hands[0]} -`;
    const r = parsePartialDeal(text);
    expect(r).toEqual({ ok: true, value: { N: PBN_EXAMPLE_DEAL.N, E: null, S: PBN_EXAMPLE_DEAL.S, W: null } });
    expect(r.ok && formatDeal(r.value)).toBe(`N:${hands[0]} - ${hands[2]} -`);
    expect(parsePartialDeal('N:- - - -')).toEqual({ ok: true, value: { N: null, E: null, S: null, W: null } });
    expect(formatDeal({ N: null, E: null, S: null, W: null })).toBe('N:- - - -');
  });

  it('four known hands: the same as parseDeal, and formatDeal as before', () => {
    expect(parsePartialDeal(PBN_EXAMPLE)).toEqual(parseDeal(PBN_EXAMPLE));
    expect(formatDeal(PBN_EXAMPLE_DEAL)).toBe(PBN_EXAMPLE);
  });

  it('parseDeal still refuses "-": a Deal has four known hands', () => {
    expectRefused(`N:- ${handsOf(PBN_EXAMPLE).slice(1).join(' ')}`, 'INVALID_HAND', { seat: 'N' });
  });

  it('each known hand is 13 distinct cards; the codes of parseDeal', () => {
    const [n, e] = handsOf(PBN_EXAMPLE) as [string, string];
    const cases: [string, DealTextError][] = [
      [`N:${n} - - ${n}`, 'DUPLICATE_CARD'],
      [`N:${n.slice(0, -1)} - - -`, 'INVALID_HAND'],
      [`N:${n.replace('.', 'X.')} - - -`, 'INVALID_CARD'],
      [`X:${n} ${e} - -`, 'INVALID_SEAT'],
      [`N:${n} ${e} -`, 'INVALID_HAND'],
      ['N:' + '- '.repeat(200), 'INVALID_ARGUMENT'],
    ];
    for (const [text, code] of cases) {
      const r = parsePartialDeal(text);
      expect(r.ok ? null : r.error.code, text).toBe(code);
    }
    expect(parsePartialDeal(42 as never).ok).toBe(false);
  });

  it('formatDeal refuses a known hand that is not 13 cards, and a card twice, with or without unknown hands', () => {
    expect(() => formatDeal({ ...PBN_EXAMPLE_DEAL, E: null, N: PBN_EXAMPLE_DEAL.N.slice(1) })).toThrow(WhistError);
    expect(() => formatDeal({ ...PBN_EXAMPLE_DEAL, E: null, S: PBN_EXAMPLE_DEAL.N })).toThrow(WhistError);
    expect(() => formatDeal({ ...PBN_EXAMPLE_DEAL, E: undefined as never })).toThrow(WhistError);
  });

  it('property: any deal with any hands unknown, from any seat, reads back the same', () => {
    fc.assert(
      fc.property(deckArb, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), seatArb, (deck, unknown, first) => {
        const p = packets(deck);
        const partial = { N: unknown[0] ? null : p.N, E: unknown[1] ? null : p.E, S: unknown[2] ? null : p.S, W: unknown[3] ? null : p.W };
        const text = formatDeal(partial);
        const back = parsePartialDeal(fromSeat(text, first));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        for (const seat of SEATS) expect(back.value[seat]).toEqual(partial[seat] === null ? null : sortCards(partial[seat]));
        expect(formatDeal(back.value)).toBe(text);
      }),
      fcParams(200),
    );
  });
});
