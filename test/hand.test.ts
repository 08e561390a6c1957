import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  type Card,
  cardsHeld,
  completedTricks,
  currentSeat,
  currentTrick,
  dealHand,
  dealHandOrThrow,
  dealtCards,
  dealtTo,
  defineRulesOrThrow,
  FULL_DECK,
  type HandState,
  handFacts,
  heuristicPlayer,
  honoursCounted,
  isHandComplete,
  lastTrick,
  ledSuit,
  legalMoves,
  nextSeat,
  parseStateOrThrow,
  play,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Suit,
  seedRandom,
  shuffledDeck,
  sortCards,
  tricksWon,
  trickWinner,
  visibleTrumpCard,
  WhistError,
} from '../src/index.js';

/** `play` as an untyped (JavaScript) caller sees it: any value in any argument. */
const playUntyped = play as (state: HandState, seat: unknown, card: unknown) => ReturnType<typeof play>;
const playOrThrowUntyped = playOrThrow as (state: HandState, seat: unknown, card: unknown) => HandState;

const cards = (text: string) => text.split(' ') as Card[];

// H1: no voids. Spades A K Q J with North; every suit split A K Q / J T 9 (8) / … between N, E, S, W.
const H1 = {
  N: cards('AS KS QS JS AH KH QH AD KD QD AC KC QC'),
  E: cards('TS 9S 8S JH TH 9H 8H JD TD 9D JC TC 9C'),
  S: cards('7S 6S 5S 7H 6H 5H 4H 8D 7D 6D 8C 7C 6C'),
  W: cards('4S 3S 2S 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C'),
};

// H2: each seat holds one whole suit, so everyone but the leader is void.
const H2 = {
  N: FULL_DECK.slice(13, 26), // hearts
  E: FULL_DECK.slice(0, 13), // spades
  S: FULL_DECK.slice(26, 39), // diamonds
  W: FULL_DECK.slice(39, 52), // clubs
};

/** H1 dealt by North, trump spades: East is eldest hand and leads. */
function h1(trump: Suit | null = 'S', dealer: Seat = 'N'): HandState {
  return dealHandOrThrow(SHORT_WHIST, { dealer, cards: H1, trump });
}

function playAll(state: HandState, plays: readonly (readonly [Seat, Card])[]): HandState {
  let s = state;
  for (const [seat, card] of plays) s = playOrThrow(s, seat, card);
  return s;
}

function playOut(state: HandState, choose: (s: HandState) => Card = (s) => legalMoves(s)[0]!): HandState {
  let s = state;
  while (!isHandComplete(s)) s = playOrThrow(s, currentSeat(s)!, choose(s));
  return s;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function expectError(result: { ok: boolean; error?: { code: string } }, code: string) {
  expect(result.ok).toBe(false);
  expect(result.error?.code).toBe(code);
}

const seededDeck = (seed: number) => shuffledDeck(seedRandom(seed)).value;

/** The heuristic player's card for the seat to play, seeing only that seat's view. */
const bot = (s: HandState): Card => heuristicPlayer(playerViewOrThrow(s, currentSeat(s)));

describe('deal from a deck (Laws of Short Whist (1864); Hoyle; «Whist» (2012) "einzeln … die letzte Karte schlägt der Geber auf")', () => {
  it.each(SEATS)('dealer %s: deck[0] goes to eldest hand on the left, one card at a time clockwise, deck[51] to the dealer', (dealer) => {
    const deck = seededDeck(11);
    const state = dealHandOrThrow(SHORT_WHIST, { dealer, deck });
    for (let i = 0; i < 52; i++) expect(dealtTo(state, deck[i]!)).toBe(nextSeat(dealer, i + 1));
    expect(dealtTo(state, deck[0]!)).toBe(nextSeat(dealer));
    expect(dealtTo(state, deck[51]!)).toBe(dealer);
    for (const seat of SEATS) {
      const k = (SEATS.indexOf(seat) - SEATS.indexOf(dealer) - 1 + 8) % 4;
      expect(cardsHeld(state, seat)).toEqual(sortCards(deck.filter((_, i) => i % 4 === k)));
    }
  });

  it('from FULL_DECK with North dealing, East gets the A, T, 6, 2 of spades and North the last card, 2C', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    expect(cardsHeld(state, 'E').slice(0, 4)).toEqual(['AS', 'TS', '6S', '2S']);
    expect(cardsHeld(state, 'N')).toContain('2C');
    expect(cardsHeld(state, 'N')).toHaveLength(13);
  });

  it.each(SEATS)('dealer %s: eldest hand, on the dealer’s left, leads to the first trick (Laws of Short Whist (1864); «Whist» (2012) "Vorhand")', (dealer) => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer, deck: seededDeck(3) });
    expect(currentSeat(state)).toBe(nextSeat(dealer));
    expect(currentTrick(state)).toEqual({ leader: nextSeat(dealer), cards: [] });
    expect(legalMoves(state)).toEqual(cardsHeld(state, nextSeat(dealer)));
  });

  it('the turned-up last card fixes trump and is public (Laws of Short Whist (1864); «Whist» (2012); docs/rules.md, "The table")', () => {
    const deck = seededDeck(5);
    const turnUp = deck[51]!;
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck });
    expect(state.trump).toBe(turnUp[1]);
    expect(state.trumpCard).toBe(turnUp);
    expect(state.trumpSource).toBe('turnUp');
    expect(visibleTrumpCard(state)).toBe(turnUp);
    expect(cardsHeld(state, 'S')).toContain(turnUp);
  });

  it.each([
    ['keeps it as long as the law allows', false],
    ['plays it at the first legal chance', true],
  ])(
    'the turn-up stays public exactly while the dealer still holds it (Laws of Short Whist (1864): taken into hand at his first play); the dealer %s',
    (_, early) => {
      for (const seed of [1, 2, 3, 4]) {
        const deck = seededDeck(seed);
        const turnUp = deck[51]!;
        let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck });
        const choose = (s: HandState) => {
          const moves = legalMoves(s);
          if (currentSeat(s) === 'W' && early && moves.includes(turnUp)) return turnUp;
          return moves.find((c) => c !== turnUp) ?? moves[0]!;
        };
        let hiddenBeforeTheEnd = false;
        while (!isHandComplete(state)) {
          const held = cardsHeld(state, 'W').includes(turnUp);
          expect(visibleTrumpCard(state)).toBe(held ? turnUp : null);
          if (!held) hiddenBeforeTheEnd = true;
          state = playOrThrow(state, currentSeat(state)!, choose(state));
        }
        expect(visibleTrumpCard(state)).toBeNull();
        if (early) expect(hiddenBeforeTheEnd).toBe(true);
        const trick = completedTricks(state).find((t) => t.cards.includes(turnUp))!;
        expect(nextSeat(trick.leader, trick.cards.indexOf(turnUp))).toBe('W');
      }
    },
  );

  it('the turn-up disappears from view on the very play that plays it', () => {
    // H1 dealt by East with the jack of hearts turned up: East leads it at once.
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', cards: H1, trump: 'H', trumpCard: 'JH' });
    expect(visibleTrumpCard(state)).toBe('JH');
    state = playAll(state, [
      ['S', '7H'],
      ['W', '3H'],
      ['N', 'AH'],
    ]);
    expect(visibleTrumpCard(state)).toBe('JH');
    state = playOrThrow(state, 'E', 'JH');
    expect(visibleTrumpCard(state)).toBeNull();
  });

  it('does not modify the deck it is given (a frozen deck deals)', () => {
    const deck = Object.freeze(seededDeck(9));
    const copy = deck.slice();
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck });
    expect(deck).toEqual(copy);
    expect(state.trumpCard).toBe(copy[51]);
  });

  it('deals 13 distinct cards to each seat, 52 in all', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', deck: seededDeck(8) });
    const all = SEATS.flatMap((s) => cardsHeld(state, s));
    for (const seat of SEATS) expect(cardsHeld(state, seat)).toHaveLength(13);
    expect(sortCards(all)).toEqual(FULL_DECK);
  });
});

describe('deal from hands made elsewhere', () => {
  it('gives each seat its cards (in canonical order) and the trump given', () => {
    const state = h1('D', 'W');
    for (const seat of SEATS) expect(cardsHeld(state, seat)).toEqual(sortCards(H1[seat]));
    expect(state.trump).toBe('D');
    expect(state.trumpSource).toBe('given');
    expect(state.trumpCard).toBeNull();
    expect(visibleTrumpCard(state)).toBeNull();
    expect(currentSeat(state)).toBe('N');
  });

  it('accepts trump null: a no-trump hand with no honours', () => {
    const state = h1(null);
    expect(state.trump).toBeNull();
    expect(honoursCounted(state)).toEqual({ NS: 0, EW: 0 });
  });

  it('with a trumpCard under trump by turn-up, it is public while the dealer holds it', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: H1, trump: 'S', trumpCard: 'JS' });
    expect(state.trumpCard).toBe('JS');
    expect(state.trumpSource).toBe('turnUp');
    expect(visibleTrumpCard(state)).toBe('JS');
  });

  it('refuses a trumpCard the dealer does not hold, or of another suit than trump (INVALID_TRUMP)', () => {
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: 'S', trumpCard: 'TS' }), 'INVALID_TRUMP');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: 'S', trumpCard: 'AH' }), 'INVALID_TRUMP');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: null, trumpCard: 'AS' }), 'INVALID_TRUMP');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: 'S', trumpCard: 'as' as Card }), 'INVALID_CARD');
  });

  it('does not modify the hands it is given (frozen hands deal)', () => {
    const hands = deepFreeze(structuredClone(H1));
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: hands, trump: 'S' });
    expect(hands).toEqual(H1);
    expect(cardsHeld(state, 'N')).toEqual(sortCards(H1.N));
  });
});

describe('deal errors: each code with the input that triggers it', () => {
  const deck = seededDeck(21);

  it('51 cards: INVALID_DECK', () => {
    const r = dealHand(SHORT_WHIST, { dealer: 'N', deck: deck.slice(0, 51) });
    expectError(r, 'INVALID_DECK');
    expect(!r.ok && r.error.path).toBe('deck');
  });

  it('53 cards, or a deck that is not an array: INVALID_DECK', () => {
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', deck: [...deck, 'AS'] }), 'INVALID_DECK');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', deck: 'AS KS' as unknown as Card[] }), 'INVALID_DECK');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', deck: null as unknown as Card[] }), 'INVALID_DECK');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', deck: {} as unknown as Card[] }), 'INVALID_DECK');
  });

  it('a card dealt twice: DUPLICATE_CARD, with its path and card', () => {
    const bad = deck.slice();
    bad[10] = bad[0]!;
    const r = dealHand(SHORT_WHIST, { dealer: 'N', deck: bad });
    expectError(r, 'DUPLICATE_CARD');
    expect(!r.ok && r.error.path).toBe('deck[10]');
    expect(!r.ok && r.error.card).toBe(bad[0]);
  });

  it.each([['XX'], ['as'], ['10S'], [''], [5], [null], [undefined], [{}]])('an unknown card %j in the deck: INVALID_CARD with its path', (card) => {
    const bad = deck.slice() as unknown[];
    bad[7] = card;
    const r = dealHand(SHORT_WHIST, { dealer: 'N', deck: bad as Card[] });
    expectError(r, 'INVALID_CARD');
    expect(!r.ok && r.error.path).toBe('deck[7]');
  });

  it('a hand of 12 or 14 cards, or a missing hand: INVALID_HAND with the seat’s path', () => {
    const short = dealHand(SHORT_WHIST, { dealer: 'N', cards: { ...H1, N: H1.N.slice(1) }, trump: 'S' });
    expectError(short, 'INVALID_HAND');
    expect(!short.ok && short.error.path).toBe('cards.N');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: { ...H1, E: [...H1.E, 'AS'] }, trump: 'S' }), 'INVALID_HAND');
    const missing = dealHand(SHORT_WHIST, { dealer: 'N', cards: { N: H1.N, E: H1.E, S: H1.S } as typeof H1, trump: 'S' });
    expectError(missing, 'INVALID_HAND');
    expect(!missing.ok && missing.error.path).toBe('cards.W');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: 'N' as unknown as typeof H1, trump: 'S' }), 'INVALID_HAND');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', cards: null as unknown as typeof H1, trump: 'S' }), 'INVALID_HAND');
  });

  it('a card in two hands: DUPLICATE_CARD; an unknown string in a hand: INVALID_CARD', () => {
    const dup = dealHand(SHORT_WHIST, { dealer: 'N', cards: { ...H1, W: ['AS', ...H1.W.slice(1)] }, trump: 'S' });
    expectError(dup, 'DUPLICATE_CARD');
    expect(!dup.ok && dup.error.path).toBe('cards.W[0]');
    const unknown = dealHand(SHORT_WHIST, { dealer: 'N', cards: { ...H1, S: [...H1.S.slice(0, 12), 'ks' as Card] }, trump: 'S' });
    expectError(unknown, 'INVALID_CARD');
    expect(!unknown.ok && unknown.error.path).toBe('cards.S[12]');
  });

  it.each([['X'], ['n'], ['North'], [''], [0], [null], [undefined], [{}]])('an unknown dealer %j: INVALID_SEAT', (dealer) => {
    expectError(dealHand(SHORT_WHIST, { dealer: dealer as Seat, deck }), 'INVALID_SEAT');
    expectError(dealHand(SHORT_WHIST, { dealer: dealer as Seat, cards: H1, trump: 'S' }), 'INVALID_SEAT');
  });

  it('no options at all, or options that throw when read: INVALID_ARGUMENT, not a crash', () => {
    expectError(dealHand(SHORT_WHIST, null as never), 'INVALID_ARGUMENT');
    expectError(dealHand(SHORT_WHIST, undefined as never), 'INVALID_ARGUMENT');
    expectError(dealHand(SHORT_WHIST, [] as never), 'INVALID_ARGUMENT');
    const throwing = {
      get dealer(): Seat {
        throw new Error('boom');
      },
      deck,
    };
    expectError(dealHand(SHORT_WHIST, throwing), 'INVALID_ARGUMENT');
    const trap = new Proxy(
      { dealer: 'N', deck },
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expectError(dealHand(SHORT_WHIST, trap as never), 'INVALID_ARGUMENT');
  });

  it('the rules are checked where they enter: rules that fail validation give INVALID_RULES with the field at fault (validateRules)', () => {
    const r = dealHand({ ...SHORT_WHIST, target: 7 }, { dealer: 'N', deck });
    expectError(r, 'INVALID_RULES');
    expect(!r.ok && r.error.field).toBe('gameValue.byLosersScore');
    expectError(dealHand(null as never, { dealer: 'N', deck }), 'INVALID_RULES');
    expectError(dealHand({ ...SHORT_WHIST, tagret: 9 } as never, { dealer: 'N', deck }), 'INVALID_RULES');
    expectError(dealHand({ ...SHORT_WHIST, trump: { kind: 'rotation', suits: ['X'] } } as never, { dealer: 'N', deck, dealNumber: 0 }), 'INVALID_RULES');
  });

  it('hands given as PBN deal text: any first seat; bad text gives INVALID_HAND, INVALID_CARD or DUPLICATE_CARD with the path "cards"', () => {
    const text = 'S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: text, trump: 'S' });
    expect(cardsHeld(state, 'S')).toEqual(FULL_DECK.slice(0, 13));
    expect(cardsHeld(state, 'E')).toEqual(FULL_DECK.slice(39));
    for (const [bad, code] of [
      ['X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', 'INVALID_HAND'],
      ['N:AKQJT98765432... .AKQJT98765432..', 'INVALID_HAND'],
      ['N:AKQJT9876543X... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', 'INVALID_CARD'],
      ['N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A', 'DUPLICATE_CARD'],
      ['x'.repeat(1000), 'INVALID_HAND'],
    ] as const) {
      const r = dealHand(SHORT_WHIST, { dealer: 'N', cards: bad, trump: 'S' });
      expectError(r, code);
      expect(!r.ok && r.error.path).toBe('cards');
    }
  });

  it.each([['X'], ['s'], ['spades'], [''], [0], [{}], [undefined]])('a bad trump %j: INVALID_TRUMP', (trump) => {
    const r = dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: trump as Suit });
    expectError(r, 'INVALID_TRUMP');
    expect(!r.ok && r.error.path).toBe('trump');
  });

  it.each([['toString'], ['constructor'], ['__proto__'], ['hasOwnProperty']])(
    'an Object.prototype key %j as trump: INVALID_TRUMP (not accepted as a suit)',
    (trump) => {
      const r = dealHand(SHORT_WHIST, { dealer: 'N', cards: H1, trump: trump as Suit });
      expectError(r, 'INVALID_TRUMP');
    },
  );

  it('both deck and hands, or neither: INVALID_DECK', () => {
    expectError(dealHand(SHORT_WHIST, { dealer: 'N', deck, cards: H1, trump: 'S' } as never), 'INVALID_DECK');
    expectError(dealHand(SHORT_WHIST, { dealer: 'N' } as never), 'INVALID_DECK');
  });

  it('dealHandOrThrow throws a WhistError carrying the same error object', () => {
    const inputs = [
      { dealer: 'N', deck: deck.slice(0, 51) },
      { dealer: 'Q', deck },
      { dealer: 'N', hands: H1, trump: 'Z' },
      { dealer: 'N', hands: { ...H1, N: H1.N.slice(1) }, trump: 'S' },
    ] as never[];
    for (const input of inputs) {
      const r = dealHand(SHORT_WHIST, input);
      expect(r.ok).toBe(false);
      let thrown: unknown;
      try {
        dealHandOrThrow(SHORT_WHIST, input);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(WhistError);
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as WhistError).name).toBe('WhistError');
      expect((thrown as WhistError).code).toBe(!r.ok && r.error.code);
      expect((thrown as WhistError).info).toEqual(!r.ok && r.error);
    }
  });
});

describe('play errors (Laws of Short Whist (1864); «Whist» (2012) "Farbzwang"; the order documented by play)', () => {
  // H1 dealt by North: East leads.
  const start = h1();
  const afterLead = playOrThrow(start, 'E', 'JH');
  const complete = playOut(start);

  it('INVALID_SEAT: a seat that is not N E S W', () => {
    const r = playUntyped(start, 'X', 'JH');
    expectError(r, 'INVALID_SEAT');
    // The error names where the problem is; its seat field holds only real seats (WhistErrorInfo.seat).
    expect(!r.ok && r.error.path).toBe('seat');
    expect(!r.ok && 'seat' in r.error).toBe(false);
    expectError(playUntyped(start, 'e', 'JH'), 'INVALID_SEAT');
  });

  it.each([[0], [1], [null], [undefined], [{}], [['E']], [true], [Number.NaN], [new String('E')]])(
    'INVALID_SEAT, not a crash, for the non-string seat %s',
    (seat) => {
      expectError(playUntyped(start, seat as unknown as string, 'JH'), 'INVALID_SEAT');
    },
  );

  it('INVALID_CARD: "as" is not a card (card strings are exact)', () => {
    const r = playUntyped(start, 'E', 'as');
    expectError(r, 'INVALID_CARD');
    expect(!r.ok && r.error.card).toBe('as');
    expectError(playUntyped(start, 'E', 'jh'), 'INVALID_CARD');
    expectError(playUntyped(start, 'E', '10H'), 'INVALID_CARD');
    expectError(playUntyped(start, 'E', 'XX'), 'INVALID_CARD');
  });

  it.each([[0], [12], [null], [undefined], [{}], [['JH']], [{ toString: () => 'JH' }], [new String('JH')]])(
    'INVALID_CARD, not a crash, for the non-string card %s',
    (card) => {
      expectError(playUntyped(start, 'E', card as unknown as string), 'INVALID_CARD');
    },
  );

  it('HAND_COMPLETE: after the 52nd card', () => {
    expect(isHandComplete(complete)).toBe(true);
    expectError(play(complete, 'N', 'AS'), 'HAND_COMPLETE');
  });

  it('NOT_YOUR_TURN: East leads, North may not', () => {
    const r = play(start, 'N', 'AS');
    expectError(r, 'NOT_YOUR_TURN');
    expect(!r.ok && r.error.seat).toBe('N');
  });

  it('CARD_NOT_IN_HAND: East may not play North’s ace', () => {
    expectError(play(start, 'E', 'AS'), 'CARD_NOT_IN_HAND');
  });

  it('MUST_FOLLOW_SUIT: South holds hearts and may not discard on a heart lead (a revoke is refused)', () => {
    const r = play(afterLead, 'S', '8D');
    expectError(r, 'MUST_FOLLOW_SUIT');
    expect(!r.ok && r.error.seat).toBe('S');
    expect(!r.ok && r.error.card).toBe('8D');
    expectError(play(afterLead, 'S', '7S'), 'MUST_FOLLOW_SUIT'); // not even with a trump
    expect(play(afterLead, 'S', '4H').ok).toBe(true);
  });

  describe('when several apply, the first in the order SEAT, CARD, HAND_COMPLETE, NOT_YOUR_TURN, CARD_NOT_IN_HAND, MUST_FOLLOW_SUIT', () => {
    it.each([
      ['bad seat and bad card', () => playUntyped(start, 'X', 'zz'), 'INVALID_SEAT'],
      ['bad seat on a complete hand', () => playUntyped(complete, 7 as unknown as string, 'AS'), 'INVALID_SEAT'],
      ['bad card and not your turn', () => playUntyped(start, 'N', 'as'), 'INVALID_CARD'],
      ['bad card on a complete hand', () => playUntyped(complete, 'N', 'as'), 'INVALID_CARD'],
      ['complete hand, any seat and card', () => play(complete, 'E', 'KH'), 'HAND_COMPLETE'],
      ['not your turn and card not in hand', () => play(start, 'N', 'TS'), 'NOT_YOUR_TURN'],
      ['not your turn and it would be a revoke', () => play(afterLead, 'W', '5D'), 'NOT_YOUR_TURN'],
      ['card not in hand and off suit', () => play(afterLead, 'S', 'AS'), 'CARD_NOT_IN_HAND'],
    ] as const)('%s', (_, attempt, code) => {
      expectError(attempt(), code);
    });
  });

  it('a failed play leaves the state deep-equal to before', () => {
    const attempts: [HandState, unknown, unknown][] = [
      [start, 'X', 'JH'],
      [start, 'E', 'as'],
      [start, 'N', 'AS'],
      [start, 'E', 'AS'],
      [afterLead, 'S', '8D'],
      [complete, 'N', 'AS'],
      [start, null, {}],
    ];
    for (const [state, seat, card] of attempts) {
      const before = structuredClone(state);
      expect(playUntyped(state, seat as string, card as string).ok).toBe(false);
      expect(state).toEqual(before);
    }
  });

  it('a successful play returns a new state and leaves the old one unchanged, even deep-frozen', () => {
    const state = deepFreeze(h1());
    const before = structuredClone(state);
    const next = playOrThrow(state, 'E', 'JH');
    expect(next).not.toBe(state);
    expect(state).toEqual(before);
    expect(cardsHeld(state, 'E')).toContain('JH');
    expect(cardsHeld(next, 'E')).not.toContain('JH');
    // Every further play from a frozen state works too.
    expect(isHandComplete(playOut(deepFreeze(next), (s) => legalMoves(deepFreeze(s))[0]!))).toBe(true);
  });

  it('playOrThrow throws a WhistError with the same code and error object as play', () => {
    const cases: [HandState, string, string][] = [
      [start, 'X', 'JH'],
      [start, 'E', 'as'],
      [complete, 'N', 'AS'],
      [start, 'N', 'AS'],
      [start, 'E', 'AS'],
      [afterLead, 'S', '8D'],
    ];
    for (const [state, seat, card] of cases) {
      const r = playUntyped(state, seat, card);
      expect(r.ok).toBe(false);
      let thrown: unknown;
      try {
        playOrThrowUntyped(state, seat, card);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(WhistError);
      expect((thrown as WhistError).code).toBe(!r.ok && r.error.code);
      expect((thrown as WhistError).info).toEqual(!r.ok && r.error);
      expect((thrown as WhistError).message).toBe(!r.ok && r.error.message);
    }
  });
});

describe('legal plays: follow suit when able, else any card (Laws of Short Whist (1864); «Whist» (2012) "Farbzwang")', () => {
  it('the leader may lead any card', () => {
    expect(legalMoves(h1())).toEqual(sortCards(H1.E));
  });

  it('a player holding the suit led must follow', () => {
    expect(legalMoves(playOrThrow(h1(), 'E', 'JH'))).toEqual(['7H', '6H', '5H', '4H']);
  });

  it('a player void in the suit led may play anything, trump or discard', () => {
    const s = playOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: H2, trump: 'S' }), 'N', '2H');
    expect(legalMoves(s)).toEqual(H2.E);
    expect(ledSuit(s)).toBe('H');
  });
});

describe('trick winner (Laws of Short Whist (1864); «Whist» (2012) "Der Stich gehört dem Spieler, der den höchsten Trumpf gespielt hat")', () => {
  const h2 = (trump: Suit | null) => dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: H2, trump });

  it('a trump beats the suit led, however low', () => {
    const s = playAll(h2('S'), [
      ['N', 'AH'],
      ['E', '2S'],
      ['S', 'AD'],
      ['W', 'AC'],
    ]);
    expect(completedTricks(s)[0]).toEqual({ leader: 'N', cards: ['AH', '2S', 'AD', 'AC'], winner: 'E' });
    expect(currentSeat(s)).toBe('E'); // the winner leads the next trick
  });

  it('a discard never wins, however high', () => {
    const s = playAll(h2(null), [
      ['N', '2H'],
      ['E', 'AS'],
      ['S', 'AD'],
      ['W', 'AC'],
    ]);
    expect(completedTricks(s)[0]!.winner).toBe('N');
    expect(currentSeat(s)).toBe('N');
  });

  it('a trump played as a discard when another suit is trump does not win; the real trump does', () => {
    const s = playAll(h2('D'), [
      ['N', '2H'],
      ['E', 'AS'],
      ['S', '2D'],
      ['W', 'AC'],
    ]);
    expect(completedTricks(s)[0]!.winner).toBe('S');
  });

  it('the highest card of the suit led wins when no trump is played', () => {
    const s = playAll(h1(), [
      ['E', 'JH'],
      ['S', '7H'],
      ['W', '3H'],
      ['N', 'AH'],
    ]);
    expect(completedTricks(s)[0]).toEqual({ leader: 'E', cards: ['JH', '7H', '3H', 'AH'], winner: 'N' });
    expect(currentSeat(s)).toBe('N');
  });

  it('trickWinner: the pure calculator, for whole and partial tricks', () => {
    expect(trickWinner('N', ['KH', 'AH', '2S', '3H'], 'S')).toBe('S');
    expect(trickWinner('N', ['AH', '2S', '3S', 'KH'], 'S')).toBe('S'); // the highest of two trumps
    expect(trickWinner('E', ['TH', 'KH', '2H', 'AH'], 'S')).toBe('N');
    expect(trickWinner('W', ['2H', 'AC', 'AD', 'AS'], null)).toBe('W');
    expect(trickWinner('W', ['2H', 'AC', 'AD', 'AS'], 'C')).toBe('N');
    expect(trickWinner('S', ['2D'], 'H')).toBe('S');
    expect(trickWinner('S', ['2D', '3D'], 'H')).toBe('W');
    expect(trickWinner('S', ['2D', '3D', '2H'], 'H')).toBe('N');
  });
});

describe('selectors', () => {
  it('through the first trick: currentSeat, currentTrick, ledSuit, cardsHeld, dealtTo, completedTricks, tricksWon', () => {
    let s = h1();
    expect(ledSuit(s)).toBeNull();
    expect(completedTricks(s)).toEqual([]);
    expect(tricksWon(s)).toEqual({ NS: 0, EW: 0 });
    s = playAll(s, [
      ['E', 'JH'],
      ['S', '7H'],
    ]);
    expect(currentSeat(s)).toBe('W');
    expect(currentTrick(s)).toEqual({ leader: 'E', cards: ['JH', '7H'] });
    expect(ledSuit(s)).toBe('H');
    expect(cardsHeld(s, 'E')).toHaveLength(12);
    expect(cardsHeld(s, 'W')).toHaveLength(13);
    expect(dealtTo(s, 'JH')).toBe('E'); // played, in the current trick
    expect(dealtTo(s, '7H')).toBe('S');
    s = playAll(s, [
      ['W', '3H'],
      ['N', 'AH'],
    ]);
    expect(currentTrick(s)).toEqual({ leader: 'N', cards: [] });
    expect(completedTricks(s)).toHaveLength(1);
    expect(tricksWon(s)).toEqual({ NS: 1, EW: 0 });
    expect(dealtTo(s, 'AH')).toBe('N'); // played, in a finished trick
    expect(dealtTo(s, 'KH')).toBe('N'); // still held
    s = playAll(s, [
      ['N', 'AS'],
      ['E', '8S'],
    ]);
    expect(dealtTo(s, '8S')).toBe('E');
    expect(currentTrick(s)).toEqual({ leader: 'N', cards: ['AS', '8S'] });
  });

  it('honoursCounted counts the A K Q J of trumps as dealt, and keeps counting them after they are played (Laws of Short Whist (1864), law 3)', () => {
    let s = h1('S');
    expect(honoursCounted(s)).toEqual({ NS: 4, EW: 0 });
    s = playOut(s, bot);
    expect(honoursCounted(s)).toEqual({ NS: 4, EW: 0 });
    expect(honoursCounted(h1('H'))).toEqual({ NS: 3, EW: 1 });
    expect(honoursCounted(h1('C'))).toEqual({ NS: 3, EW: 1 });
  });

  it('honoursCounted includes the turned-up card, which counts for the dealer’s side (Laws of Short Whist (1864), law 3; docs/rules.md, "Scoring a hand")', () => {
    // East deals and turns up the jack of hearts: A K Q with North, J with East.
    const s = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', cards: H1, trump: 'H', trumpCard: 'JH' });
    expect(honoursCounted(s)).toEqual({ NS: 3, EW: 1 });
    // From a deck: the dealer's last card is an honour.
    const deck = FULL_DECK.slice();
    // Put the ace of clubs last, so North (dealing) turns it up; clubs are trump.
    deck.splice(deck.indexOf('AC'), 1);
    deck.push('AC');
    const d = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck });
    expect(d.trump).toBe('C');
    const expected = { NS: 0, EW: 0 };
    for (const r of ['A', 'K', 'Q', 'J']) expected[dealtTo(d, `${r}C` as Card) === 'N' || dealtTo(d, `${r}C` as Card) === 'S' ? 'NS' : 'EW']++;
    expect(dealtTo(d, 'AC')).toBe('N');
    expect(honoursCounted(d)).toEqual(expected);
    expect(expected.NS).toBeGreaterThanOrEqual(1);
  });

  it('no honours without trumps, nor under rules without honours (American Whist)', () => {
    expect(honoursCounted(h1(null))).toEqual({ NS: 0, EW: 0 });
    expect(honoursCounted(dealHandOrThrow(AMERICAN_WHIST, { dealer: 'N', cards: H1, trump: 'S' }))).toEqual({ NS: 0, EW: 0 });
  });

  it('a whole hand: 13 tricks of four distinct cards, each winner leads the next, then the hand is complete («Whist» (2012) "Ein Einzelspiel besteht aus 13 Stichen")', () => {
    for (const seed of [1, 2, 3]) {
      let s = dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: seededDeck(seed) });
      let plays = 0;
      while (!isHandComplete(s)) {
        expect(currentSeat(s)).not.toBeNull();
        s = playOrThrow(s, currentSeat(s)!, bot(s));
        plays++;
      }
      expect(plays).toBe(52);
      const tricks = completedTricks(s);
      expect(tricks).toHaveLength(13);
      expect(tricks[0]!.leader).toBe('W');
      for (let i = 1; i < 13; i++) expect(tricks[i]!.leader).toBe(tricks[i - 1]!.winner);
      for (const t of tricks) expect(t.winner).toBe(trickWinner(t.leader, t.cards, s.trump));
      expect(sortCards(tricks.flatMap((t) => t.cards))).toEqual(FULL_DECK);
      const won = tricksWon(s);
      expect(won.NS + won.EW).toBe(13);
      expect(won.NS).toBe(tricks.filter((t) => t.winner === 'N' || t.winner === 'S').length);
      expect(currentSeat(s)).toBeNull();
      expect(currentTrick(s)).toBeNull();
      expect(legalMoves(s)).toEqual([]);
      for (const seat of SEATS) expect(cardsHeld(s, seat)).toEqual([]);
      for (const card of FULL_DECK) expect(dealtTo(s, card)).toBe(dealtTo(dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: seededDeck(seed) }), card));
      expectError(play(s, 'N', 'AS'), 'HAND_COMPLETE');
    }
  });

  it('the state is plain JSON: a round trip through JSON.stringify plays on identically', () => {
    let s = playAll(h1(), [
      ['E', 'JH'],
      ['S', '7H'],
    ]);
    const copy = JSON.parse(JSON.stringify(s)) as HandState;
    expect(copy).toEqual(s);
    // A copy is not a state the library made: it enters through parseState, once.
    expect(play(copy, 'W', '3H')).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    expect(() => currentSeat(copy)).toThrow(/parseState/);
    s = playOrThrow(s, 'W', '3H');
    expect(playOrThrow(parseStateOrThrow(copy), 'W', '3H')).toEqual(s);
  });
});

describe('the state: frozen JSON of facts only (HandState), everything else derived', () => {
  it('holds exactly v, rules, dealer, trump, trumpSource, trumpCard, deal (PBN text, north first) and plays', () => {
    const state = h1('S', 'E');
    expect(Object.keys(state).sort()).toEqual(['deal', 'dealer', 'plays', 'rules', 'trump', 'trumpCard', 'trumpSource', 'v']);
    expect(state).toEqual({
      v: 2,
      rules: SHORT_WHIST,
      dealer: 'E',
      trump: 'S',
      trumpSource: 'given',
      trumpCard: null,
      deal: 'N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.7654.876.876 432.32.5432.5432',
      plays: '',
    });
  });

  it('plays is the cards played, in order, separated by single spaces', () => {
    const state = playAll(h1(), [
      ['E', 'JH'],
      ['S', '7H'],
      ['W', '3H'],
      ['N', 'AH'],
      ['N', 'AS'],
    ]);
    expect(state.plays).toBe('JH 7H 3H AH AS');
    expect(state.deal).toBe(h1().deal);
  });

  it('every state is frozen, rules included: assigning to it throws (ES modules are strict)', () => {
    const state = playOrThrow(h1(), 'E', 'JH');
    expect(Object.isFrozen(state)).toBe(true);
    expect(Object.isFrozen(state.rules)).toBe(true);
    expect(Object.isFrozen(state.rules.honours)).toBe(true);
    expect(() => {
      (state as { plays: string }).plays = '';
    }).toThrow(TypeError);
    expect(() => {
      (state.rules as { target: number }).target = 1;
    }).toThrow(TypeError);
    expect(state.plays).toBe('JH');
  });

  it('plays() lists each card with its seat and trick; lastTrick is the last finished trick (what a table shows on request)', () => {
    let s = h1();
    expect(playedCards(s)).toEqual([]);
    expect(lastTrick(s)).toBeNull();
    s = playAll(s, [
      ['E', 'JH'],
      ['S', '7H'],
      ['W', '3H'],
      ['N', 'AH'],
      ['N', 'AS'],
    ]);
    expect(playedCards(s)).toEqual([
      { seat: 'E', card: 'JH', trick: 1 },
      { seat: 'S', card: '7H', trick: 1 },
      { seat: 'W', card: '3H', trick: 1 },
      { seat: 'N', card: 'AH', trick: 1 },
      { seat: 'N', card: 'AS', trick: 2 },
    ]);
    expect(lastTrick(s)).toEqual({ leader: 'E', cards: ['JH', '7H', '3H', 'AH'], winner: 'N' });
    const done = playOut(s);
    expect(lastTrick(done)).toEqual(completedTricks(done)[12]);
    expect(playedCards(done)).toHaveLength(52);
  });

  it('dealtCards gives every seat’s cards as dealt, before and after play; handFacts is tricksWon and honoursCounted', () => {
    const s = h1('H');
    const expected = { N: sortCards(H1.N), E: sortCards(H1.E), S: sortCards(H1.S), W: sortCards(H1.W) };
    expect(dealtCards(s)).toEqual(expected);
    const done = playOut(s, bot);
    expect(dealtCards(done)).toEqual(expected);
    expect(handFacts(done)).toEqual({ tricks: tricksWon(done), honours: honoursCounted(done) });
    expect(handFacts(done).honours).toEqual({ NS: 3, EW: 1 });
  });

  it('selectors return new arrays and objects: changing them leaves the state as it was', () => {
    const s = playOrThrow(
      playAll(h1(), [
        ['E', 'JH'],
        ['S', '7H'],
        ['W', '3H'],
        ['N', 'AH'],
      ]),
      'N',
      'AS',
    );
    const json = JSON.stringify(s);
    const results = [
      legalMoves(s),
      cardsHeld(s, 'N'),
      completedTricks(s),
      completedTricks(s)[0]!.cards,
      currentTrick(s)!.cards,
      dealtCards(s).N,
      playedCards(s),
      lastTrick(s)!.cards,
    ];
    for (const r of results) (r as unknown[]).reverse().pop();
    expect(JSON.stringify(s)).toBe(json);
    expect(legalMoves(s)).toEqual(['TS', '9S', '8S']);
    expect(completedTricks(s)[0]!.cards).toEqual(['JH', '7H', '3H', 'AH']);
  });

  const NOT_STATES: readonly [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an empty object', {}],
    ['an array', []],
    ['its JSON text', JSON.stringify(h1())],
    ['a copy whose plays lie', { ...h1(), plays: 'AS' }],
    ['a copy with an unknown field', { ...h1(), extra: 1 }],
    ['a copy of schema version 1', { ...h1(), v: 1 }],
    [
      'a Proxy that throws',
      new Proxy(h1(), {
        get: () => {
          throw new Error('trap');
        },
        ownKeys: () => {
          throw new Error('trap');
        },
      }),
    ],
  ];

  it.each(NOT_STATES)('every selector throws WhistError INVALID_STATE for %s', (_, value) => {
    const v = value as HandState;
    const selectors: (() => unknown)[] = [
      () => currentSeat(v),
      () => legalMoves(v),
      () => currentTrick(v),
      () => completedTricks(v),
      () => lastTrick(v),
      () => playedCards(v),
      () => ledSuit(v),
      () => tricksWon(v),
      () => honoursCounted(v),
      () => cardsHeld(v, 'N'),
      () => dealtCards(v),
      () => dealtTo(v, 'AS'),
      () => handFacts(v),
      () => isHandComplete(v),
      () => visibleTrumpCard(v),
    ];
    for (const select of selectors) {
      let thrown: unknown;
      try {
        select();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(WhistError);
      expect((thrown as WhistError).code).toBe('INVALID_STATE');
    }
    expectError(play(v, 'E', 'JH'), 'INVALID_STATE');
  });

  it('cardsHeld throws INVALID_SEAT for a seat not in N E S W; dealtTo gives null for a value that is not a card', () => {
    const s = h1();
    expect(() => cardsHeld(s, 'X' as Seat)).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_SEAT' }));
    expect(() => cardsHeld(s, null as never)).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_SEAT' }));
    expect(dealtTo(s, 'as' as Card)).toBeNull();
    expect(dealtTo(s, 10 as never)).toBeNull();
  });

  it('trickWinner throws WhistError INVALID_ARGUMENT for a trick that cannot be', () => {
    for (const [leader, cards, trump] of [
      ['N', [], 'S'],
      ['N', ['AS', 'KS', 'QS', 'JS', 'TS'], 'S'],
      ['X', ['AS'], 'S'],
      ['N', ['AS'], 'X'],
      ['N', ['AS', 'as'], null],
      ['N', 'AS', null],
    ] as const) {
      expect(() => trickWinner(leader as Seat, cards as never, trump as Suit | null)).toThrow(
        expect.objectContaining({ name: 'WhistError', code: 'INVALID_ARGUMENT' }),
      );
    }
  });
});

describe('choosing trumps («Whist» (2012), "Varianten"; Meyers Konversations-Lexikon, "Whist")', () => {
  const secondPack = defineRulesOrThrow(SHORT_WHIST, { name: 'second pack', trump: { kind: 'secondPack' } });
  const rotation = defineRulesOrThrow(SHORT_WHIST, { name: 'rotation', trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } });
  const deck = seededDeck(31);

  it('second pack: eldest hand’s card fixes trump and stays face up the whole hand; the first pack is dealt in full', () => {
    const s = dealHandOrThrow(secondPack, { dealer: 'N', deck, secondPackCard: 'AH' });
    expect(s.trump).toBe('H');
    expect(s.trumpSource).toBe('secondPack');
    expect(s.trumpCard).toBe('AH');
    // The dealer's last card is not turned up; it is simply the dealer's.
    expect(dealtTo(s, deck[51]!)).toBe('N');
    let t = s;
    while (!isHandComplete(t)) {
      expect(visibleTrumpCard(t)).toBe('AH');
      t = playOrThrow(t, currentSeat(t)!, bot(t));
    }
    expect(visibleTrumpCard(t)).toBe('AH');
  });

  it('second pack: without secondPackCard, or with a value that is not a card, the deal is refused with INVALID_TRUMP', () => {
    for (const secondPackCard of [undefined, 'ah', 'XX', 12]) {
      const r = dealHand(secondPack, { dealer: 'N', deck, secondPackCard: secondPackCard as Card });
      expectError(r, 'INVALID_TRUMP');
      expect(!r.ok && r.error.path).toBe('secondPackCard');
    }
  });

  it('rotation: the deal number picks the trump suit from the cycle, a null in it a hand without trumps and without honours', () => {
    const expected: (Suit | null)[] = ['H', 'D', 'S', 'C', null, 'H', 'D'];
    expected.forEach((trump, dealNumber) => {
      const s = dealHandOrThrow(rotation, { dealer: 'W', deck, dealNumber });
      expect(s.trump).toBe(trump);
      expect(s.trumpSource).toBe('rotation');
      expect(s.trumpCard).toBeNull();
      expect(visibleTrumpCard(s)).toBeNull();
      if (trump === null) expect(honoursCounted(s)).toEqual({ NS: 0, EW: 0 });
    });
  });

  it('rotation: a missing, negative or fractional deal number is refused with INVALID_TRUMP; so is a trumpCard when dealing from hands', () => {
    for (const dealNumber of [undefined, -1, 1.5, Number.NaN, '1']) {
      const r = dealHand(rotation, { dealer: 'N', deck, dealNumber: dealNumber as number });
      expectError(r, 'INVALID_TRUMP');
      expect(!r.ok && r.error.path).toBe('dealNumber');
    }
    expectError(dealHand(rotation, { dealer: 'N', cards: H1, trump: 'S', trumpCard: 'JS' }), 'INVALID_TRUMP');
  });
});
