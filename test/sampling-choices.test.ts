// The sampling player's choices beyond the average (src/solver/sampling.ts, sampling-inference.ts): layouts
// weighted by what the play says, ties broken as a good player would, and the time limit, tested by counting
// the work done (nodes, layouts), never with a stopwatch.
import { describe, expect, it } from 'vitest';
import { CARD_BY_INDEX, cardIndex } from '../src/cards.js';
import {
  type Card,
  currentSeat,
  dealHandOrThrow,
  dealtCards,
  heuristicPlayer,
  isHandComplete,
  type PlayerView,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
  WhistError,
} from '../src/index.js';
import { cardValues, samplingPlayer } from '../src/solver/index.js';
import { drawLayouts, LayoutSampler, readKnown, readOptions, sumOverLayouts } from '../src/solver/sampling.js';
import { clues, HONOUR_LEAD, LOW_LEAD, LOWER_CARD_KEPT } from '../src/solver/sampling-inference.js';

/** Thirteen cards each: north A K J of spades, east six top hearts, west no heart. */
const DEAL = 'N:AKJ.5432.432.432 Q.AKQJT9.AK.AKQJ T987.876.QJT.T98 65432..98765.765';

function viewAfter(dealer: Seat, plays: string, trump: 'S' | 'C' = 'C'): PlayerView {
  let state = dealHandOrThrow(SHORT_WHIST, { dealer, cards: DEAL, trump });
  for (const card of plays.split(' ').filter(Boolean)) state = playOrThrow(state, currentSeat(state) as Seat, card as Card);
  return playerViewOrThrow(state, currentSeat(state) as Seat);
}

/** The odds that `seat` holds none of `cards` in the layouts drawn, with the play's clues or without. */
function oddsOfNone(view: PlayerView, seat: number, cards: Card[], inference: boolean): number {
  const layouts = drawLayouts(view, 11, 20_000, inference) ?? [];
  const wanted = cards.map(cardIndex);
  const none = layouts.filter((l) => !wanted.some((c) => (l[seat] as number[]).includes(c))).length;
  return none / (layouts.length - none);
}

/** That the layouts where `seat` holds `card` are weighted LOWER_CARD_KEPT: the odds of holding it, with the clues over without. */
function expectDenied(view: PlayerView, seat: number, card: Card): void {
  const ratio = oddsOfNone(view, seat, [card], false) / oddsOfNone(view, seat, [card], true);
  expect(ratio).toBeGreaterThan(LOWER_CARD_KEPT * 0.75);
  expect(ratio).toBeLessThan(LOWER_CARD_KEPT * 1.3);
}

/** The clues of a view that deny a card (seat, suit, the cards denied), as src/solver/sampling-inference.ts reads them. */
function cluesOf(view: PlayerView): [number, string, string[]][] {
  const k = readKnown(view);
  const sampler = new LayoutSampler(k);
  const found = clues(k, (c) => sampler.hides(c));
  const out: [number, string, string[]][] = [];
  for (let i = 0; i < found.length; i += 5) {
    if (found[i + 3] !== 1) continue;
    const s = found[i + 1] as number;
    const cards = CARD_BY_INDEX.filter((_, c) => ((c / 13) | 0) === s && ((found[i + 2] as number) >> (c - s * 13)) & 1);
    out.push([found[i] as number, 'SHDC'[s] as string, cards]);
  }
  return out;
}

describe('samplingPlayer reads the play', () => {
  it('weights the layouts where the leader of a king holds neither the ace nor the queen by HONOUR_LEAD', () => {
    // North deals; east leads the king of hearts; south, to play, sees it.
    const view = viewAfter('N', 'KH');
    expect(view.viewer).toBe('S');
    const ratio = oddsOfNone(view, 1, ['AH', 'QH'], true) / oddsOfNone(view, 1, ['AH', 'QH'], false);
    expect(ratio).toBeGreaterThan(HONOUR_LEAD * 0.75);
    expect(ratio).toBeLessThan(HONOUR_LEAD * 1.3);
  });

  it('weights the layouts where the leader of a low card holds none of the four highest by LOW_LEAD', () => {
    // South deals; west leads the nine of diamonds (the sixth highest); north, to play, sees it.
    const view = viewAfter('S', '9D');
    expect(view.viewer).toBe('N');
    const top = ['AD', 'KD', 'QD', 'JD'] as Card[];
    const ratio = oddsOfNone(view, 3, top, true) / oddsOfNone(view, 3, top, false);
    expect(ratio).toBeGreaterThan(LOW_LEAD * 0.9);
    expect(ratio).toBeLessThan(LOW_LEAD * 1.1);
  });

  it('reads nothing from a clue the view settles: the leader played the touching card later', () => {
    // Spades trumps. East leads the king of hearts and wins; then leads the ace: that east held a card
    // touching the king is known, and west, to play, learns nothing of the queen from the king.
    const view = viewAfter('N', 'KH 6H 5D 2H AH 7H', 'S');
    expect(view.viewer).toBe('W');
    const ratio = oddsOfNone(view, 1, ['QH'], true) / oddsOfNone(view, 1, ['QH'], false);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.1);
  });

  it('weights the layouts where a seat that followed suit holds the card just below its card by LOWER_CARD_KEPT', () => {
    // North deals, clubs trumps; east leads the nine of hearts, south follows with the six; west, to play,
    // does not see the five: with it, south would have held two hearts worth the same and played the five.
    const view = viewAfter('N', '9H 6H');
    expect(view.viewer).toBe('W');
    expectDenied(view, 2, '5H');
  });

  it('reads a trump played to a trick of another suit as a card followed with, and a discard not', () => {
    // West, void in hearts, trumps with the seven of clubs: the six of clubs is read as denied (West does hold
    // it, as a person who false-cards might: the clue weighs, it does not forbid). West discarding the eight
    // of diamonds says nothing of the seven. North, to play, sees both.
    const ruffed = viewAfter('N', '9H 6H 7C');
    expect(ruffed.viewer).toBe('N');
    expectDenied(ruffed, 3, '6C');
    const discarded = viewAfter('N', '9H 6H 8D');
    const discard = oddsOfNone(discarded, 3, ['7D'], true) / oddsOfNone(discarded, 3, ['7D'], false);
    expect(Math.abs(discard - 1)).toBeLessThan(0.1);
  });

  it('reads the card below past the cards of earlier tricks, and not past one of the trick itself', () => {
    // West deals, clubs trumps. Trick 1: north leads the two of hearts, east the nine, south the seven, west
    // throws a diamond. Trick 2: east leads the ten, south plays the six. West, to play, reads:
    // - east's nine: the eight is denied;
    // - south's seven, then south's six: the six denied by the seven is the card south played itself, so
    //   only the five, below the six, is denied.
    const first = cluesOf(viewAfter('W', '2H 9H 7H 5D TH 6H'));
    expect(first).toEqual([
      [1, 'H', ['8H']],
      [2, 'H', ['5H']],
    ]);
    // West deals. North leads the five of hearts, east plays the nine, south the six: the five is in the
    // trick, so south could hold the four with the six and play either; only east's nine says anything.
    expect(cluesOf(viewAfter('W', '5H 9H 6H'))).toEqual([[1, 'H', ['8H']]]);
    // After a trick of hearts the six, then the five: the cards played before are skipped. North leads the
    // five, east the nine, south the six, west throws; east leads the ten, south the seven: below the seven,
    // the six and the five were played, so the four is the card denied (north holds it, west does not know).
    expect(cluesOf(viewAfter('W', '5H 9H 6H 5D TH 7H'))).toEqual([
      [1, 'H', ['8H']],
      [2, 'H', ['4H']],
    ]);
  });

  it('never denies a card the computer players really hold: their own rule, on every view of 12 deals', () => {
    // heuristicPlayer for eight deals and the fast sampling player for four (seeds printed in the names).
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom(`denied/${i}`)).value });
      const dealt = dealtCards(state);
      while (!isHandComplete(state)) {
        const seat = currentSeat(state) as Seat;
        const view = playerViewOrThrow(state, seat);
        for (const [who, , cards] of cluesOf(view)) {
          expect(cards.some((card) => dealt[SEATS[who] as Seat].includes(card as Card))).toBe(false);
          checked++;
        }
        const card = i < 8 ? heuristicPlayer(view) : samplingPlayer(view, { level: 'fast', seed: i, timeLimitMs: Number.POSITIVE_INFINITY });
        state = playOrThrow(state, seat, card);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('can be turned off: inference false draws the uniform layouts', () => {
    const view = viewAfter('N', 'KH');
    const k = readKnown(view);
    expect(readOptions({ inference: false }).inference).toBe(false);
    expect(readOptions(undefined).inference).toBe(true);
    expect(drawLayouts(view, 3, 50, false)).toEqual(drawLayouts(view, 3, 50));
    expect(k.history).toEqual([[1, cardIndex('KH')]]);
  });
});

describe('samplingPlayer breaks ties as a good player would', () => {
  it("does not trump partner's winning card when discarding is worth as much", () => {
    // Four tricks left, spades trumps: east led a diamond, south (north's partner) trumped it, west followed.
    // North, void in diamonds, holds K and 10 of trumps (the queen and jack are gone), the king of hearts and
    // the king of clubs. Over-trumping partner or throwing the king of clubs both take every trick left; the
    // king of hearts (the heuristic player's discard) loses one on some layouts.
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', deck: shuffledDeck(seedRandom('tie/15461')).value });
    const plays = 'TH 3H 7H 4H QC 2C AC 5C AS QS 2S 7S JH 6H 2H QH 6D TD 8D 4D AH TC 5H 5D 8H 6S 9H 4C 2D QD AD 4S 9S JS 3S 6C 3D 5S 7D';
    for (const card of plays.split(' ')) state = playOrThrow(state, currentSeat(state) as Seat, card as Card);
    const view = playerViewOrThrow(state, 'N');
    expect(view.trick?.cards).toEqual(['3D', '5S', '7D']);
    expect([...view.legalMoves]).toEqual(['KS', 'TS', 'KH', 'KC']);
    const values = cardValues(view, { seed: 1 });
    if (!values.ok) throw new Error(values.error.message);
    const worth = Object.fromEntries(values.value.cards.map((c) => [c.card, c.tricks]));
    expect(worth).toMatchObject({ KS: 4, TS: 4, KC: 4 });
    expect(worth.KH).toBeLessThan(4);
    expect(heuristicPlayer(view)).toBe('KH');
    // The lowest of the best would be the ten of trumps, over partner's five: the king of clubs is played.
    for (const seed of [1, 2, 3]) expect(samplingPlayer(view, { seed })).toBe('KC');
  });

  it('plays the lowest of equivalent cards, when only cards played lie between them', () => {
    // Nine tricks played by the heuristic player; north leads holding the jack and eight of diamonds, the ten
    // and nine played: the two are worth the same on every layout, and the best; the eight is led.
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom('eq/56')).value });
    for (let i = 0; i < 36; i++) state = playOrThrow(state, currentSeat(state) as Seat, heuristicPlayer(playerViewOrThrow(state, currentSeat(state) as Seat)));
    const view = playerViewOrThrow(state, 'N');
    expect(view.currentSeat).toBe('N');
    expect(view.tricks.flatMap((t) => t.cards)).toEqual(expect.arrayContaining(['TD', '9D']));
    expect([...view.legalMoves]).toEqual(['9S', 'JH', 'JD', '8D']);
    const values = cardValues(view, { seed: 1 });
    if (!values.ok) throw new Error(values.error.message);
    const worth = Object.fromEntries(values.value.cards.map((c) => [c.card, c.tricks]));
    expect(worth.JD).toBe(worth['8D']);
    expect(worth.JD).toBe(Math.max(...Object.values(worth)));
    for (const seed of [1, 2, 3]) expect(samplingPlayer(view, { seed })).toBe('8D');
  });
});

describe('samplingPlayer keeps to its time limit', () => {
  /** A clock that moves one millisecond each time it is read: the time spent is a count of the reads. */
  function ticking(): () => number {
    let t = 0;
    return () => t++;
  }

  function opening(): PlayerView {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom(5)).value });
    return playerViewOrThrow(state, 'E');
  }

  it('stops a slow layout inside its solve: with a budget of 5 reads, about 4 × 1,024 nodes are searched', () => {
    const view = opening();
    const k = readKnown(view);
    const sampler = new LayoutSampler(k);
    const o = readOptions({ level: 'standard', seed: 1 });
    const limited = sumOverLayouts(k, { ...o, timeLimitMs: 5 }, sampler, ticking());
    // The solver reads the clock every 1,024 nodes; the opening lead's first layout needs far more.
    expect(limited.solved).toBe(0);
    expect(limited.nodes).toBeLessThan(6 * 1024);
    const free = sumOverLayouts(k, { ...o, timeLimitMs: Number.POSITIVE_INFINITY }, sampler, ticking());
    expect(free.solved).toBeGreaterThan(0);
    expect(free.nodes).toBeGreaterThan(50 * 1024);
  });

  it('returns the sums of the layouts finished so far: the same as asking for only that many layouts', () => {
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: shuffledDeck(seedRandom(9)).value });
    for (let i = 0; i < 24; i++) state = playOrThrow(state, currentSeat(state) as Seat, heuristicPlayer(playerViewOrThrow(state, currentSeat(state) as Seat)));
    const view = playerViewOrThrow(state, currentSeat(state) as Seat);
    const k = readKnown(view);
    const sampler = new LayoutSampler(k);
    const o = readOptions({ level: 'standard', seed: 2 });
    const free = sumOverLayouts(k, { ...o, timeLimitMs: Number.POSITIVE_INFINITY }, sampler);
    expect(free.solved).toBe(o.layouts);
    // A second run with the same seed and no limit is the same, exactly.
    expect(sumOverLayouts(k, { ...o, timeLimitMs: Number.POSITIVE_INFINITY }, sampler)).toEqual(free);
    // The clock is read once before each layout and every 1,024 nodes: half as many reads stop it midway.
    const runs = sumOverLayouts(k, { ...o, timeLimitMs: Math.max(2, Math.floor((free.nodes / 1024 + o.layouts) / 2)) }, sampler, ticking());
    expect(runs.solved).toBeGreaterThan(0);
    expect(runs.solved).toBeLessThan(o.layouts);
    const prefix = sumOverLayouts(k, { ...o, layouts: runs.solved, timeLimitMs: Number.POSITIVE_INFINITY }, sampler);
    expect(runs.sums).toEqual(prefix.sums);
    expect(runs.solved).toBe(prefix.solved);
  });

  it('reads the time limit and inference options, and refuses bad ones with INVALID_ARGUMENT', () => {
    // The sampling player's defaults: 1 s at standard, 2 s at strong, 8 s at expert, none at fast (cardValues: none).
    expect(readOptions({ level: 'fast', timeLimitMs: 20 }).timeLimitMs).toBe(20);
    expect(readOptions({ level: 'standard' }).timeLimitMs).toBe(1000);
    expect(readOptions(undefined).timeLimitMs).toBe(1000);
    expect(readOptions({ level: 'strong' }).timeLimitMs).toBe(2000);
    expect(readOptions({ level: 'expert' }).timeLimitMs).toBe(8000);
    // Each level's budgets, the expert's the largest; a level that is not one is refused.
    expect(readOptions({ level: 'expert' })).toMatchObject({ layouts: 96, maxNodes: 1_000_000, cardNodes: 4_000_000 });
    expect(readOptions({ level: 'strong' })).toMatchObject({ layouts: 64, maxNodes: 500_000, cardNodes: 2_400_000 });
    expect(() => readOptions({ level: 'master' })).toThrow("options.level must be 'fast', 'standard', 'strong' or 'expert'");
    expect(readOptions({ level: 'fast' }).timeLimitMs).toBe(Number.POSITIVE_INFINITY);
    const view = opening();
    for (const bad of [{ timeLimitMs: 0 }, { timeLimitMs: -5 }, { timeLimitMs: '10' }, { inference: 1 }]) {
      let code: string | null = null;
      try {
        samplingPlayer(view, bad as never);
      } catch (e) {
        code = e instanceof WhistError ? e.code : 'other';
      }
      expect(code).toBe('INVALID_ARGUMENT');
    }
  });
});
