// Measures what the first lead of a suit, a card followed with and a discard say of the player's hidden cards, as the sampling
// player's clues read them (src/solver/sampling-inference.ts): deals played by four sampling players (the
// fast level, layouts drawn uniformly), and at every third card, for each clue of the view of the seat to
// play, whether the seat the clue is about really holds one of its cards, beside the share of the layouts
// drawn for that view that give it one. Not a test (it takes a minute): run it with
//   node --import tsx test/sampling-calibration.ts [deals] [weighted]
// With `weighted`, the layouts are drawn with the clues' weights: the two shares should then agree. Last, by
// trick, the share of uniform layouts the weights keep (their mean weight), over every view: the median and the
// tenth percentile, the rate at which the sampling player's draws find a layout to keep.
import { cardIndex } from '../src/cards.js';
import {
  currentSeat,
  dealHandOrThrow,
  dealtCards,
  isHandComplete,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
} from '../src/index.js';
import { Generator } from '../src/random.js';
import { samplingPlayer } from '../src/solver/index.js';
import { drawLayouts, LayoutSampler, readKnown } from '../src/solver/sampling.js';
import { clues, HONOUR_LEAD, weight } from '../src/solver/sampling-inference.js';

const deals = Number(process.argv[2] ?? 60);
const weighted = process.argv[3] === 'weighted';
type Tally = { count: number; held: number; drawn: number };
const tally = new Map<string, Tally>();
const add = (kind: string, held: boolean, drawn: number): void => {
  const t = tally.get(kind) ?? { count: 0, held: 0, drawn: 0 };
  t.count++;
  t.held += held ? 1 : 0;
  t.drawn += drawn;
  tally.set(kind, t);
};

const kept: number[][] = Array.from({ length: 13 }, () => []);
for (let i = 0; i < deals; i++) {
  let state = dealHandOrThrow(SHORT_WHIST, { dealer: SEATS[i & 3] as Seat, deck: shuffledDeck(seedRandom(`calibration/${i}`)).value });
  const dealt = dealtCards(state);
  for (let n = 0; !isHandComplete(state); n++) {
    const seat = currentSeat(state) as Seat;
    const view = playerViewOrThrow(state, seat);
    const k = readKnown(view);
    const sampler = new LayoutSampler(k);
    const hidden = (c: number): boolean => sampler.hides(c);
    {
      // The share of uniform layouts the clues keep, at every card.
      const list = clues(k, hidden);
      const g = new Generator(seedRandom(`kept/${i}/${n}`).s);
      const hands = new Int32Array(16);
      let sum = 0;
      for (let t = 0; t < 200; t++) {
        hands.fill(0);
        sampler.draw(g, hands);
        sum += weight(list, hands);
      }
      kept[(n / 4) | 0]?.push(sum / 200);
    }
    if (n % 3 === 0) {
      const played = new Set(playedCards(state).map((p) => cardIndex(p.card)));
      const layouts = drawLayouts(view, n, 200, weighted) ?? [];
      const found = clues(k, hidden);
      // Discards, read the way the clues read leads: the three highest unplayed cards above the one thrown.
      const gone = new Set<number>();
      const thrown = new Set<string>();
      for (const [leader, ...cards] of k.history) {
        const led = ((cards[0] as number) / 13) | 0;
        cards.forEach((c, j) => {
          const who = ((leader as number) + j) & 3;
          const s = (c / 13) | 0;
          if (who === k.me || s === led || s === k.trump || thrown.has(`${who}${s}`)) return;
          thrown.add(`${who}${s}`);
          let mask = 0;
          let taken = 0;
          for (let x = s * 13 + 12; x > c && taken < 3; x--) {
            if (gone.has(x)) continue;
            taken++;
            if (hidden(x)) mask |= 1 << (x - s * 13);
          }
          if (mask !== 0) found.push(who, s, mask, 0, 0);
        });
        for (const c of cards) gone.add(c);
      }
      for (let j = 0; j < found.length; j += 5) {
        const [who, s, mask, holds, w] = found.slice(j, j + 5) as [number, number, number, number, number];
        const cards = Array.from({ length: 13 }, (_, r) => s * 13 + r).filter((c) => (mask >> (c - s * 13)) & 1);
        const hand = dealt[SEATS[who] as Seat].map(cardIndex).filter((c) => !played.has(c));
        const share = layouts.filter((l) => cards.some((c) => (l[who] as number[]).includes(c))).length / layouts.length;
        add(
          holds === 1 ? 'card followed with: the card below' : w === 0 ? 'discard' : w === HONOUR_LEAD ? 'high card led' : 'low card led',
          cards.some((c) => hand.includes(c)),
          share,
        );
      }
    }
    state = playOrThrow(state, seat, samplingPlayer(view, { level: 'fast', seed: n + 100 * i, inference: false, timeLimitMs: Number.POSITIVE_INFINITY }));
  }
}
for (const [kind, t] of tally) {
  const held = t.held / t.count;
  const drawn = t.drawn / t.count;
  // The weight that brings the layouts' odds of holding none to the play's: (none/some held) / (none/some drawn);
  // for the card below one followed with, of holding it: the inverse.
  const none = (1 - held) / held / ((1 - drawn) / drawn);
  const [what, weight] = kind.startsWith('card followed') ? ['holding it', 1 / none] : ['holding none', none];
  console.log(
    `${kind}: ${t.count} clues; holds one ${(100 * held).toFixed(1)}%, layouts give one ${(100 * drawn).toFixed(1)}%; weight of ${what} ${weight.toFixed(2)}`,
  );
}
kept.forEach((shares, t) => {
  const sorted = [...shares].sort((a, b) => a - b);
  const at = (q: number): string => (100 * (sorted[Math.floor(q * (sorted.length - 1))] as number)).toFixed(1);
  console.log(`trick ${t + 1}: ${sorted.length} views; uniform layouts kept, median ${at(0.5)}%, tenth percentile ${at(0.1)}%`);
});
