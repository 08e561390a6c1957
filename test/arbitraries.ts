/**
 * Shared fast-check arbitraries for the property tests: decks, dealers, deals, random playouts,
 * finished hands, game scores and hand results, plus the fixed seed every property runs with.
 *
 * Playouts are chosen by the naive oracle (test/naive.ts), not by the engine: a playout is a sequence
 * of plays that is legal by the rules text, and the tests then check that the engine accepts it and
 * agrees with the oracle at every step. Generation never calls the engine's `play`, so an engine bug
 * shows up as a failing (and shrinking) property rather than as a crash in a generator.
 *
 * Seed: every property uses {@link FC_SEED}, printed once per test file, so a CI failure is reproduced
 * with `WHIST_FC_SEED=<seed> npx vitest run test/properties.test.ts`.
 */

import fc from 'fast-check';
import {
  type BySide,
  type Card,
  type DealFromCards,
  type DealFromDeck,
  dealHandOrThrow,
  defineRulesOrThrow,
  FULL_DECK,
  type HandState,
  PRESETS,
  playOrThrow,
  type Rules,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Suit,
} from '../src/index.js';
import { type NSeat, type NState, nDealDeck, nDealHands, nLegal, nPlay, nTurn } from './naive.js';

function readSeed(text: string | undefined): number {
  if (text === undefined || text === '') return 20_260_517;
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`WHIST_FC_SEED must be an integer, got ${JSON.stringify(text)}`);
  return n;
}

/** The fast-check seed of every property: fixed, or from the environment variable WHIST_FC_SEED. */
export const FC_SEED: number = readSeed(process.env.WHIST_FC_SEED);
console.log(`fast-check seed ${FC_SEED} (reproduce or vary with WHIST_FC_SEED=<integer>)`);

/**
 * Parameters for `fc.assert`: the fixed seed and a moderate number of runs.
 *
 * @param numRuns - runs of the property (default 100)
 */
export function fcParams(numRuns = 100): { seed: number; numRuns: number } {
  return { seed: FC_SEED, numRuns };
}

/** Any of the four seats. */
export const seatArb: fc.Arbitrary<Seat> = fc.constantFrom(...SEATS);

/** A dealer: any of the four seats. */
export const dealerArb: fc.Arbitrary<Seat> = seatArb;

/** A deck order: a permutation of the 52 cards. */
export const deckArb: fc.Arbitrary<Card[]> = fc.shuffledSubarray([...FULL_DECK], { minLength: 52, maxLength: 52 });

/** A trump suit or no trump. */
export const trumpArb: fc.Arbitrary<Suit | null> = fc.constantFrom<Suit | null>('S', 'H', 'D', 'C', null);

/** Every preset, Short Whist first (all presets choose trump by turn-up). */
export const ALL_PRESETS: readonly Rules[] = [SHORT_WHIST, ...Object.values(PRESETS).filter((r) => r !== SHORT_WHIST)];

/** Every preset (all deal with trump by turn-up); Short Whist first, so it is what shrinking goes to. */
export const presetArb: fc.Arbitrary<Rules> = fc.constantFrom(SHORT_WHIST, ...Object.values(PRESETS).filter((r) => r !== SHORT_WHIST));

/**
 * How a hand is dealt: from a deck order with trump by turn-up (`trump: 'turnUp'`), or from four hands
 * (the deck cut in four packets of 13, N E S W) with a given trump suit or none.
 */
export interface DealCase {
  readonly rules: Rules;
  readonly dealer: Seat;
  readonly deck: readonly Card[];
  readonly trump: 'turnUp' | Suit | null;
}

/** The four hands of a {@link DealCase} dealt from hands: the deck cut in four packets, N E S W. */
export function packets(deck: readonly Card[]): { N: Card[]; E: Card[]; S: Card[]; W: Card[] } {
  return { N: deck.slice(0, 13), E: deck.slice(13, 26), S: deck.slice(26, 39), W: deck.slice(39, 52) };
}

/** The options to pass to `deal` for a case. */
export function dealOptions(c: DealCase): DealFromDeck | DealFromCards {
  return c.trump === 'turnUp' ? { dealer: c.dealer, deck: c.deck } : { dealer: c.dealer, cards: packets(c.deck), trump: c.trump };
}

/** The engine's state for a case (throws if the engine refuses a valid deal). */
export function engineDeal(c: DealCase): HandState {
  return dealHandOrThrow(c.rules, dealOptions(c));
}

/** The naive oracle's state for a case. */
export function naiveDeal(c: DealCase): NState {
  return c.trump === 'turnUp' ? nDealDeck(c.dealer as NSeat, c.deck) : nDealHands(c.dealer as NSeat, packets(c.deck), c.trump);
}

/** A deal: a preset, a dealer, a deck, and trump by turn-up (most often), a given suit, or none. */
export const dealCaseArb: fc.Arbitrary<DealCase> = fc.record({
  rules: presetArb,
  dealer: dealerArb,
  deck: deckArb,
  trump: fc.oneof({ weight: 3, arbitrary: fc.constant<'turnUp'>('turnUp') }, { weight: 2, arbitrary: trumpArb }),
});

/** One play: a seat and its card. */
export interface Play {
  readonly seat: Seat;
  readonly card: Card;
}

/** A deal and a sequence of plays legal by the rules text, with the oracle's state before and after each play. */
export interface Playout {
  readonly deal: DealCase;
  readonly plays: readonly Play[];
  /** `naive[i]` is the oracle's state after `i` plays: `plays.length + 1` states. */
  readonly naive: readonly NState[];
}

function buildPlayout(deal: DealCase, choices: readonly number[]): Playout {
  let state = naiveDeal(deal);
  const naive = [state];
  const plays: Play[] = [];
  for (const choice of choices) {
    const moves = nLegal(state);
    if (moves.length === 0) break;
    const card = moves[choice % moves.length] as Card;
    plays.push({ seat: nTurn(state) as Seat, card });
    state = nPlay(state, card);
    naive.push(state);
  }
  return { deal, plays, naive };
}

/**
 * A random playout: a deal and `minPlays` to `maxPlays` plays, each chosen by fast-check among the
 * legal cards (shrinks towards fewer plays and towards the first legal card in canonical order).
 * The length is uniform, with extra weight on `maxPlays`, so that finished hands come up often.
 */
export function playoutArb(minPlays = 0, maxPlays = 52): fc.Arbitrary<Playout> {
  const length = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: minPlays, max: maxPlays }) }, { weight: 1, arbitrary: fc.constant(maxPlays) });
  return fc
    .tuple(dealCaseArb, length, fc.array(fc.nat({ max: 12 }), { minLength: maxPlays, maxLength: maxPlays }))
    .map(([deal, n, choices]) => buildPlayout(deal, choices.slice(0, n)));
}

/** A finished hand: all 52 cards played. */
export const finishedPlayoutArb: fc.Arbitrary<Playout> = playoutArb(52, 52);

/** The engine's states along a playout (`plays.length + 1` of them), through the public `deal` and `playOrThrow`. */
export function engineStates(p: Playout): HandState[] {
  let state = engineDeal(p.deal);
  const states = [state];
  for (const { seat, card } of p.plays) {
    state = playOrThrow(state, seat, card);
    states.push(state);
  }
  return states;
}

/** A game score at the start of a hand: each side from 0 to `target - 1`. */
export function gameScoreArb(rules: Rules): fc.Arbitrary<BySide> {
  const points = fc.integer({ min: 0, max: rules.target - 1 });
  return fc.record({ NS: points, EW: points });
}

/** The facts of a finished hand as the rubber needs them. */
export interface HandFactsCase {
  readonly tricks: BySide;
  readonly honours: BySide;
}

/**
 * A hand's result: tricks split 13 ways, and the honours as held (all of them between the two sides
 * in a trump hand, none in a no-trump hand or under rules without honours).
 */
export function handFactsArb(rules: Rules): fc.Arbitrary<HandFactsCase> {
  const n = rules.honours === null ? 0 : rules.honours.cards.length;
  return fc
    .record({ ns: fc.integer({ min: 0, max: 13 }), honoursNS: fc.integer({ min: 0, max: n }), noTrump: fc.boolean() })
    .map(({ ns, honoursNS, noTrump }) => ({
      tricks: { NS: ns, EW: 13 - ns },
      honours: noTrump ? { NS: 0, EW: 0 } : { NS: honoursNS, EW: n - honoursNS },
    }));
}

/** Rules with a sequence of hand results to record into a rubber (long enough to finish most rubbers). */
export const rubberCaseArb: fc.Arbitrary<{ rules: Rules; dealer: Seat; hands: HandFactsCase[] }> = presetArb.chain((rules) =>
  fc.record({ rules: fc.constant(rules), dealer: dealerArb, hands: fc.array(handFactsArb(rules), { minLength: 1, maxLength: 40 }) }),
);

/** Strings that are not cards: wrong case, `10`, symbols, padding, empty, too long, unknown letters. */
export const JUNK_CARDS: readonly unknown[] = [
  'as',
  'aS',
  'As',
  '10S',
  'TS ',
  ' TS',
  'A',
  'S',
  '',
  'ASS',
  '1S',
  '0S',
  'XS',
  'AX',
  'AN',
  'A♠',
  '♠A',
  'ＡS',
  'A\u0000',
  'SA',
  'td',
  'T',
  '11D',
  null,
  undefined,
  42,
  {},
  ['AS'],
];

/** Values that are not seats. */
export const JUNK_SEATS: readonly unknown[] = ['n', 'e', 'North', 'NS', 'EW', '', ' N', 'N ', 'X', 'NN', null, undefined, 0, {}];

/** A non-card string, from the fixed list or generated. */
export const junkCardArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...JUNK_CARDS),
  fc.string({ maxLength: 4 }).filter((s) => !(FULL_DECK as readonly string[]).includes(s)),
);

/** A non-seat value, from the fixed list or generated. */
export const junkSeatArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...JUNK_SEATS),
  fc.string({ maxLength: 3 }).filter((s) => !(SEATS as readonly string[]).includes(s)),
);

// ------------------------------------------------------------------------------------------------------
// Every way of choosing trumps, and both honours bases: rules made from the presets with defineRules.

/**
 * Rules for a hand: any preset, as it is or with trump chosen another way (a second pack, a rotation of
 * suits with or without a no-trump deal; «Whist» (2012), "Varianten") and, where it has honours, counted
 * as held or as captured. Shrinks towards the presets themselves.
 */
export const variantRulesArb: fc.Arbitrary<Rules> = fc
  .record({
    preset: fc.constantFrom(...ALL_PRESETS),
    trump: fc.oneof(fc.constant<'preset'>('preset'), fc.constant<'secondPack'>('secondPack'), fc.array(trumpArb, { minLength: 1, maxLength: 6 })),
    captured: fc.boolean(),
  })
  .map(({ preset, trump, captured }) => {
    if (trump === 'preset' && !captured) return preset;
    const overrides: Record<string, unknown> = {};
    if (trump === 'secondPack') overrides.trump = { kind: 'secondPack' };
    else if (trump !== 'preset') overrides.trump = { kind: 'rotation', suits: trump };
    if (captured && preset.honours !== null) overrides.honours = { basis: 'captured' };
    return Object.keys(overrides).length === 0 ? preset : defineRulesOrThrow(preset, overrides);
  });

/** A deal from a deck under any rules: with the second pack's card or the deal number the rules need. */
export interface VariantDeal {
  readonly rules: Rules;
  readonly dealer: Seat;
  readonly deck: readonly Card[];
  /** The second pack's top card (used when the rules choose trump by second pack). */
  readonly secondPackCard: Card;
  /** The table's deal number (used when the rules choose trump by rotation). */
  readonly dealNumber: number;
}

/** A deal under {@link variantRulesArb}. */
export const variantDealArb: fc.Arbitrary<VariantDeal> = fc.record({
  rules: variantRulesArb,
  dealer: dealerArb,
  deck: deckArb,
  secondPackCard: fc.constantFrom(...FULL_DECK),
  dealNumber: fc.nat({ max: 1000 }),
});

/** The options to pass to `deal` for a {@link VariantDeal}: only what its rules use. */
export function variantOptions(c: VariantDeal): DealFromDeck {
  const kind = c.rules.trump.kind;
  if (kind === 'secondPack') return { dealer: c.dealer, deck: c.deck, secondPackCard: c.secondPackCard };
  if (kind === 'rotation') return { dealer: c.dealer, deck: c.deck, dealNumber: c.dealNumber };
  return { dealer: c.dealer, deck: c.deck };
}

/** The trump a {@link VariantDeal} must have, read from the rules text: the turn-up's suit, the second pack's, or the rotation's. */
export function variantTrump(c: VariantDeal): Suit | null {
  const t = c.rules.trump;
  if (t.kind === 'secondPack') return c.secondPackCard[1] as Suit;
  if (t.kind === 'rotation') return t.suits[c.dealNumber % t.suits.length] ?? null;
  return (c.deck[51] as Card)[1] as Suit;
}

/** The naive oracle's state for a {@link VariantDeal}. */
export function naiveVariantDeal(c: VariantDeal): NState {
  return nDealDeck(c.dealer as NSeat, c.deck, variantTrump(c));
}

/** A deal under any rules and a sequence of plays legal by the rules text, with the oracle's states (as {@link Playout}). */
export interface VariantPlayout {
  readonly deal: VariantDeal;
  readonly plays: readonly Play[];
  readonly naive: readonly NState[];
}

/** A random playout of a {@link VariantDeal}, chosen by the oracle (as {@link playoutArb}). */
export function variantPlayoutArb(minPlays = 0, maxPlays = 52): fc.Arbitrary<VariantPlayout> {
  const length = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: minPlays, max: maxPlays }) }, { weight: 1, arbitrary: fc.constant(maxPlays) });
  return fc.tuple(variantDealArb, length, fc.array(fc.nat({ max: 12 }), { minLength: maxPlays, maxLength: maxPlays })).map(([deal, n, choices]) => {
    let state = naiveVariantDeal(deal);
    const naive = [state];
    const plays: Play[] = [];
    for (const choice of choices.slice(0, n)) {
      const moves = nLegal(state);
      if (moves.length === 0) break;
      const card = moves[choice % moves.length] as Card;
      plays.push({ seat: nTurn(state) as Seat, card });
      state = nPlay(state, card);
      naive.push(state);
    }
    return { deal, plays, naive };
  });
}

/** The engine's states along a {@link VariantPlayout}, through the public `deal` and `playOrThrow`. */
export function variantEngineStates(p: VariantPlayout): HandState[] {
  let state = dealHandOrThrow(p.deal.rules, variantOptions(p.deal));
  const states = [state];
  for (const { seat, card } of p.plays) {
    state = playOrThrow(state, seat, card);
    states.push(state);
  }
  return states;
}
