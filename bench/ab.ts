/**
 * A/B test of a change to src/hand.ts: `node --expose-gc --import tsx bench/ab.ts src/hand/index.next.ts`.
 *
 * Put the changed copy next to the original (in src/, so that its `./cards.js` imports resolve), run this,
 * delete the copy. Both modules play the benchmark's public-API loop (bench/games.ts) on the same games
 * (checked by checksum), alternately in short slices, and the result is the median of the per-slice time
 * ratios B/A with its quartiles: below 1 means the change is faster. On this machine a ratio between 0.95
 * and 1.05 is noise; `--slices N` (default 40) narrows it.
 */

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { measure } from 'mitata';
import { type Card, FULL_DECK } from '../src/cards.js';
import * as A from '../src/hand/index.js';
import { Generator, seedRandom, shuffleInPlace } from '../src/random.js';
import { scoreHand } from '../src/score.js';
import { SEATS, type Seat } from '../src/seats.js';
import { RULES } from './games.js';
import { fold } from './reference.js';

type HandModule = Pick<typeof A, 'dealHand' | 'legalMoves' | 'play' | 'currentSeat' | 'tricksWon' | 'honoursCounted' | 'completedTricks'>;

const file = process.argv[2];
if (file === undefined || file.startsWith('--')) {
  console.error('usage: node --expose-gc --import tsx bench/ab.ts src/hand/index.next.ts [--slices N]');
  process.exit(2);
}
const B = (await import(pathToFileURL(resolve(file)).href)) as HandModule;
const at = process.argv.indexOf('--slices');
const SLICES = at > 0 ? Number(process.argv[at + 1]) : 40;

/** The public-API loop of bench/games.ts, over a given hand module. */
function engine(H: HandModule, seed: number): (i: number, h: number) => number {
  const g = new Generator(seedRandom(seed).s);
  return (i, h) => {
    const deck = [...FULL_DECK];
    shuffleInPlace(g, deck);
    const dealt = H.dealHand(RULES, { dealer: SEATS[i & 3] as Seat, deck });
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state = dealt.value;
    for (let k = 0; k < 52; k++) {
      const moves = H.legalMoves(state);
      const card = moves[g.int(moves.length)] as Card;
      const next = H.play(state, H.currentSeat(state) as Seat, card);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      h = fold(h, (card.charCodeAt(0) << 8) | card.charCodeAt(1));
    }
    for (const trick of H.completedTricks(state)) h = fold(h, trick.winner.charCodeAt(0));
    const tricks = H.tricksWon(state);
    const score = scoreHand(RULES, { tricks, honours: H.honoursCounted(state) }, { NS: 0, EW: 0 });
    h = fold(h, tricks.NS);
    return fold(h, (score.points.NS << 8) | score.points.EW);
  };
}

const a = engine(A, 1);
const b = engine(B, 1);
let ha = 0;
let hb = 0;
for (let i = 0; i < 3000; i++) {
  ha = a(i, ha);
  hb = b(i, hb);
}
if (ha !== hb) {
  console.error(`FAIL: ${file} plays different games from src/hand.ts (checksums ${ha >>> 0} and ${hb >>> 0})`);
  process.exit(1);
}

const times: [number[], number[]] = [[], []];
const runs = [a, b];
for (let s = 0; s < SLICES; s++) {
  for (let j = 0; j < 2; j++) {
    const k = (s + j) & 1;
    const f = runs[k] as (i: number, h: number) => number;
    let i = 0;
    let h = 0;
    const stats = await measure(
      () => {
        h = f(i++, h);
      },
      { min_cpu_time: 40e6, batch_samples: 32, min_samples: 4 },
    );
    (times[k] as number[]).push(stats.p50);
  }
}
const ratios = times[1].map((t, s) => t / (times[0][s] as number)).sort((x, y) => x - y);
const q = (p: number): string => (ratios[Math.round((ratios.length - 1) * p)] as number).toFixed(3);
const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;
console.log(`same games: yes (checksum ${ha >>> 0})`);
console.log(`src/hand.ts ${(median(times[0]) / 1000).toFixed(2)} µs/hand, ${file} ${(median(times[1]) / 1000).toFixed(2)} µs/hand`);
console.log(`B/A time ratio: median ${q(0.5)}, quartiles ${q(0.25)}–${q(0.75)} (${SLICES} slices)`);
