// The sampling player (src/solver/sampling.ts): it cannot cheat, its layouts are drawn uniformly among those
// the view allows, and it answers bad input with INVALID_ARGUMENT. Random positions come from a fixed seed,
// printed below.
import { describe, expect, it } from 'vitest';
import { CARD_BY_INDEX, cardIndex } from '../src/cards.js';
import {
  type Card,
  currentSeat,
  dealHandOrThrow,
  dealtCards,
  FULL_DECK,
  type HandState,
  heuristicPlayer,
  isHandComplete,
  type PlayerView,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  randomInt,
  randomPlayer,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
  WhistError,
} from '../src/index.js';
import { Generator } from '../src/random.js';
import { cardValues, SAMPLING_LEVELS, samplingPlayer } from '../src/solver/index.js';
import { drawLayouts } from '../src/solver/sampling.js';

const SEED = Number(process.env.WHIST_SAMPLING_SEED ?? 20261126);
console.log(`sampling.test.ts: seed ${SEED} (override with WHIST_SAMPLING_SEED)`);

/** The options the no-cheating test plays with: the fast level, with fewer layouts so 2,000 cards take seconds. */
const QUICK = { level: 'fast', layouts: 3, cardNodes: 10_000, timeLimitMs: Number.POSITIVE_INFINITY } as const;

/** A deal from a seed, played on by a mix of heuristic and random cards to a random point. */
function randomPosition(g: Generator): HandState {
  const dealer = SEATS[g.int(4)] as Seat;
  let state = dealHandOrThrow(SHORT_WHIST, { dealer, deck: shuffledDeck(seedRandom(g.next())).value });
  const cards = g.int(51);
  let random = seedRandom(g.next());
  for (let i = 0; i < cards; i++) {
    const seat = currentSeat(state) as Seat;
    const view = playerViewOrThrow(state, seat);
    let card: Card;
    if (g.int(3) === 0) {
      const drawn = randomPlayer(view, random);
      random = drawn.random;
      card = drawn.value;
    } else card = heuristicPlayer(view);
    state = playOrThrow(state, seat, card);
  }
  return state;
}

/** The deck that deals `hands` with `dealer` dealing, the turn-up last. */
function deckOf(dealer: Seat, hands: Record<Seat, Card[]>, turnUp: Card): Card[] {
  const left: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (const seat of SEATS) left[seat] = hands[seat].filter((c) => c !== turnUp);
  const deck: Card[] = [];
  const d = SEATS.indexOf(dealer);
  for (let i = 0; i < 51; i++) deck.push(left[SEATS[(d + 1 + i) % 4] as Seat].shift() as Card);
  deck.push(turnUp);
  return deck;
}

/**
 * Another complete deal with the same view for the seat to play: the other seats' unplayed cards dealt again,
 * each keeping its number of cards and its shown voids, the dealer keeping the turn-up while it is unplayed;
 * the same plays replayed. `null` when no different deal was found in 200 tries.
 */
function otherDeal(state: HandState, g: Generator): HandState | null {
  const me = currentSeat(state) as Seat;
  const view = playerViewOrThrow(state, me);
  const plays = playedCards(state);
  const deal = dealtCards(state);
  const dealt: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (const seat of SEATS) dealt[seat] = [...deal[seat]];
  const playedBy = new Map<Card, Seat>();
  for (const p of plays) playedBy.set(p.card, p.seat);
  const turnUp = view.trumpCard !== null && dealt[state.dealer].includes(view.trumpCard) ? view.trumpCard : null;
  const others = SEATS.filter((s) => s !== me);
  const held = (seat: Seat) => dealt[seat].filter((c) => !playedBy.has(c));
  const voids = new Set<string>();
  for (const t of [...view.tricks, ...(view.trick ? [view.trick] : [])]) {
    const led = t.cards[0]?.[1];
    t.cards.forEach((c, i) => {
      if (i > 0 && c[1] !== led) voids.add(`${SEATS[(SEATS.indexOf(t.leader) + i) % 4]}${led}`);
    });
  }
  const pool: Card[] = others.flatMap((s) => held(s)).filter((c) => c !== turnUp);
  const counts = others.map((s) => held(s).length - (s === state.dealer && turnUp !== null ? 1 : 0));
  for (let attempt = 0; attempt < 200; attempt++) {
    const cards = [...pool];
    for (let i = cards.length - 1; i > 0; i--) {
      const j = g.int(i + 1);
      [cards[i], cards[j]] = [cards[j] as Card, cards[i] as Card];
    }
    const layout: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
    let at = 0;
    others.forEach((seat, k) => {
      layout[seat] = cards.slice(at, at + (counts[k] as number));
      at += counts[k] as number;
    });
    if (others.some((seat) => layout[seat].some((c) => voids.has(`${seat}${c[1]}`)))) continue;
    if (turnUp !== null) layout[state.dealer].push(turnUp);
    if (others.every((seat) => layout[seat].every((c) => held(seat).includes(c)))) continue;
    const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
    for (const seat of SEATS) {
      const gone = dealt[seat].filter((c) => playedBy.has(c));
      hands[seat] = seat === me ? [...dealt[seat]] : [...gone, ...layout[seat]];
    }
    let other = dealHandOrThrow(SHORT_WHIST, { dealer: state.dealer, deck: deckOf(state.dealer, hands, state.trumpCard as Card) });
    for (const p of plays) other = playOrThrow(other, p.seat, p.card);
    return other;
  }
  return null;
}

/** Positions the no-cheat test tries: each is two sampled decisions. */
const NO_CHEAT_POSITIONS = 500;

describe('samplingPlayer', () => {
  it(`never cheats: two complete deals with the same view and seed give the same card (${NO_CHEAT_POSITIONS} positions, seed ${SEED})`, () => {
    const g = new Generator(seedRandom(SEED).s);
    let positions = 0;
    let differences = 0;
    let differentDeals = 0;
    while (positions < NO_CHEAT_POSITIONS) {
      const state = randomPosition(g);
      if (isHandComplete(state)) continue;
      const other = otherDeal(state, g);
      if (other === null) continue;
      const seat = currentSeat(state) as Seat;
      const a = playerViewOrThrow(state, seat);
      const b = playerViewOrThrow(other, seat);
      expect(b).toEqual(a);
      if (JSON.stringify(other.deal) !== JSON.stringify(state.deal)) differentDeals++;
      const seed = g.next();
      const cardA = samplingPlayer(a, { ...QUICK, seed });
      const cardB = samplingPlayer(b, { ...QUICK, seed });
      expect(a.legalMoves).toContain(cardA);
      if (cardA !== cardB) differences++;
      positions++;
    }
    console.log(`sampling.test.ts: ${positions} positions, ${differentDeals} with a different deal, ${differences} different cards`);
    expect(differentDeals).toBe(positions);
    expect(differences).toBe(0);
  });

  it('draws layouts uniformly among those the view allows (an ending of three tricks)', () => {
    // Play a hand to its last three tricks, then count how often each layout of the hidden cards is drawn.
    const g = new Generator(seedRandom(SEED + 1).s);
    let state: HandState | null = null;
    for (let tries = 0; tries < 200 && state === null; tries++) {
      let s = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom(g.next())).value });
      for (let i = 0; i < 41; i++) s = playOrThrow(s, currentSeat(s) as Seat, heuristicPlayer(playerViewOrThrow(s, currentSeat(s) as Seat)));
      state = s;
    }
    const s = state as HandState;
    const view = playerViewOrThrow(s, currentSeat(s) as Seat);
    const n = 20_000;
    const layouts = drawLayouts(view, 5, n);
    expect(layouts).not.toBeNull();
    const counts = new Map<string, number>();
    for (const l of layouts ?? []) {
      const key = l.map((hand) => hand.map((c) => CARD_BY_INDEX[c]).join('')).join('|');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // Every layout drawn is consistent: the seat's own cards are not drawn, counts fit.
    const me = SEATS.indexOf(view.viewer as Seat);
    for (const l of layouts ?? []) {
      expect(l[me]).toEqual([]);
      for (const seat of SEATS) if (seat !== view.viewer) expect(l[SEATS.indexOf(seat)]?.length).toBeLessThanOrEqual(view.cardCounts[seat]);
    }
    // Chi-square against the uniform distribution over the layouts seen (all of them, at this many draws).
    const k = counts.size;
    const expected = n / k;
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    console.log(`sampling.test.ts: ${k} layouts, chi-square ${chi.toFixed(1)} on ${k - 1} degrees of freedom`);
    expect(k).toBeGreaterThan(1);
    // Far beyond the 99.9th percentile of chi-square with k - 1 degrees of freedom would mean a biased sampler.
    expect(chi).toBeLessThan(k - 1 + 5 * Math.sqrt(2 * (k - 1)) + 10);
  });

  it("keeps the turn-up in the dealer's hand: it is never dealt to another seat", () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    const view = playerViewOrThrow(state, currentSeat(state) as Seat);
    expect(view.trumpCard).toBe('2C');
    const layouts = drawLayouts(view, 1, 2000) ?? [];
    expect(layouts.length).toBe(2000);
    const turnUp = cardIndex('2C');
    // The dealer (north) holds the turn-up and twelve cards drawn; south and west thirteen drawn each.
    for (const l of layouts) {
      expect(l.flat()).not.toContain(turnUp);
      expect(l.map((hand) => hand.length)).toEqual([12, 0, 13, 13]);
    }
  });

  it('plays a legal card at every level, and the same card for the same view and seed', () => {
    const g = new Generator(seedRandom(SEED + 2).s);
    for (let i = 0; i < 20; i++) {
      const state = randomPosition(g);
      if (isHandComplete(state)) continue;
      const view = playerViewOrThrow(state, currentSeat(state) as Seat);
      const card = samplingPlayer(view, { ...QUICK, seed: i });
      expect(view.legalMoves).toContain(card);
      expect(samplingPlayer(view, { ...QUICK, seed: i })).toBe(card);
    }
    expect(SAMPLING_LEVELS.fast.layouts).toBeLessThan(SAMPLING_LEVELS.standard.layouts);
    expect(SAMPLING_LEVELS.standard.layouts).toBeLessThan(SAMPLING_LEVELS.strong.layouts);
    // Each level's budgets are at least the level below's, the expert's the largest.
    const levels = Object.values(SAMPLING_LEVELS);
    for (let i = 1; i < levels.length; i++)
      for (const key of ['layouts', 'maxNodes', 'cardNodes'] as const) expect(levels[i]?.[key]).toBeGreaterThan(levels[i - 1]?.[key] as number);
    expect(Object.keys(SAMPLING_LEVELS)).toEqual(['fast', 'standard', 'strong', 'expert']);
  });

  it('with every top card, north-south take all thirteen tricks when all four seats sample', () => {
    const cards = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards, trump: 'S' });
    while (!isHandComplete(state)) {
      const seat = currentSeat(state) as Seat;
      state = playOrThrow(state, seat, samplingPlayer(playerViewOrThrow(state, seat), { level: 'fast' }));
    }
    // North holds every top card with trumps: north-south take all thirteen tricks, whoever leads.
    expect(playedCards(state).length).toBe(52);
    const won = playerViewOrThrow(state, null).tricksWon;
    expect(won).toEqual({ NS: 13, EW: 0 });
  });

  it('plays the lowest of equivalent cards: a seat holding one whole suit leads its two', () => {
    const cards = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards, trump: 'S' });
    expect(samplingPlayer(playerViewOrThrow(state, 'E'), { level: 'fast' })).toBe('2H');
  });

  it('refuses what is not the view of the seat to play, and bad options, with INVALID_ARGUMENT', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    const seat = currentSeat(state) as Seat;
    const view = playerViewOrThrow(state, seat);
    const code = (f: () => unknown): string | null => {
      try {
        f();
        return null;
      } catch (e) {
        return e instanceof WhistError ? e.code : 'not a WhistError';
      }
    };
    expect(code(() => samplingPlayer(playerViewOrThrow(state, 'N'), { level: 'fast' }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(playerViewOrThrow(state, null), { level: 'fast' }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(state as unknown as PlayerView))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(view, { level: 'fastest' as 'fast' }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(view, { seed: Number.NaN }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(view, { layouts: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer(view, { maxNodes: -1 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => samplingPlayer({ ...view, cards: [...view.cards, 'AS'] }))).toBe('INVALID_ARGUMENT');
    // A node budget too small for any layout: a card from the layouts played out instead, the best of those
    // values (cardValues says so), never a stall and never another method's card.
    const few = { maxNodes: 1, seed: 3 } as const;
    const values = cardValues(view, few);
    if (!values.ok) throw new Error(values.error.message);
    expect(values.value.layouts).toBe(0);
    expect(values.value.playedOut).toBeGreaterThan(0);
    const card = samplingPlayer(view, few);
    expect(values.value.cards.find((c) => c.card === card)?.tricks).toBe(Math.max(...values.value.cards.map((c) => c.tricks)));
  });
});

describe('a player takes a view, never a hand state', () => {
  it('is a compile error to pass a hand state (the type test below is checked by npm run typecheck)', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    const typeTest = () => {
      // @ts-expect-error a HandState holds every seat's cards: it is not a PlayerView
      samplingPlayer(state);
      // @ts-expect-error nor is a deal
      samplingPlayer(state.deal);
    };
    expect(typeof typeTest).toBe('function');
    expect(randomInt(seedRandom(1), 2).value).toBeLessThan(2);
  });
});

describe('samplingPlayer reads its view once', () => {
  /**
   * A view that reads differently the second time: `legalMoves` and `cards` are the view's own at the first
   * read, and from the second on a card the seat holds but may not play; `cardCounts` (with `badCounts`) give
   * the other seats more cards than are unseen, so that no layout fits.
   */
  function shifting(view: PlayerView, illegal: Card, badCounts: boolean): { proxy: PlayerView; reads: () => number } {
    let reads = 0;
    const proxy = new Proxy(view, {
      get(target, key, receiver) {
        if (key === 'legalMoves') return reads++ === 0 ? target.legalMoves : [illegal];
        if (key === 'cardCounts' && badCounts) return { N: 13, E: 13, S: 13, W: 13, [target.viewer as Seat]: target.cards.length };
        return Reflect.get(target, key, receiver);
      },
    });
    return { proxy, reads: () => reads };
  }

  // East to play to a spade led by north, holding spades and other suits: only its spades are legal.
  let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck: shuffledDeck(seedRandom(11)).value });
  for (let i = 0; i < 5; i++) state = playOrThrow(state, currentSeat(state) as Seat, heuristicPlayer(playerViewOrThrow(state, currentSeat(state) as Seat)));
  const view = playerViewOrThrow(state, currentSeat(state) as Seat);
  const illegal = view.cards.find((c) => !view.legalMoves.includes(c)) as Card;

  it('plays one of the legal cards it read, whatever the view says when read again (a Proxy)', () => {
    expect(view.legalMoves.length).toBeGreaterThan(1);
    expect(illegal).toBeDefined();
    for (const [badCounts, options] of [
      [false, { level: 'fast', seed: 1 }],
      [false, { level: 'fast', seed: 1, maxNodes: 1 }],
      [true, { level: 'fast', seed: 1 }],
    ] as const) {
      const { proxy, reads } = shifting(view, illegal, badCounts);
      const card = samplingPlayer(proxy, options);
      expect(view.legalMoves).toContain(card);
      expect(reads()).toBe(1);
    }
  });
});
