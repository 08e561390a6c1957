/**
 * The laws of the 1864 code (and Hoyle's laws of Long Whist) the library implements, one test named with
 * each law's number and edition; and the table of docs/rules.md ("Every law of the 1864 code") checked:
 * it accounts for every law from 1 to 91, and every law it calls implemented has a test named with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addHandOrThrow,
  applyOrThrow,
  currentHand,
  currentRubber,
  currentSeat,
  cutForPartners,
  gameScore,
  gamesWon,
  handSummaries,
  legalMoves,
  newTableOrThrow,
  rubberPoints,
  rubberWinner,
  SHORT_WHIST,
  scoreHand,
  seedRandom,
  startRubberOrThrow,
  tableViewOrThrow,
} from '../src/index.js';

const ROOT = join(import.meta.dirname, '..');

describe('the laws of Short Whist (1864) the library implements, each by its number', () => {
  it('law 1 (1864): the rubber is the best of three games; when one side wins the first two, the third is not played', () => {
    let r = startRubberOrThrow(SHORT_WHIST, { dealer: 'N' });
    const slam = { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } };
    r = addHandOrThrow(addHandOrThrow(r, slam), slam);
    expect(gamesWon(r)).toEqual({ NS: 2, EW: 0 });
    expect(rubberWinner(r)).toBe('NS');
    expect(() => addHandOrThrow(r, slam)).toThrow(/rubber is over/);
  });

  it('law 2 (1864): a game is five points; each trick above six counts one', () => {
    expect(scoreHand(SHORT_WHIST, { tricks: { NS: 9, EW: 4 }, honours: { NS: 0, EW: 0 } }, { NS: 0, EW: 0 }).points).toEqual({ NS: 3, EW: 0 });
    expect(scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } }, { NS: 4, EW: 0 }).winner).toBe('NS');
  });

  it('law 3 (1864): four honours score four, three score two, two score nothing, held by the partners separately or together', () => {
    const honours = (NS: number, EW: number) => scoreHand(SHORT_WHIST, { tricks: { NS: 6, EW: 7 }, honours: { NS, EW } }, { NS: 0, EW: 0 }).honourPoints;
    expect(honours(4, 0)).toEqual({ NS: 4, EW: 0 });
    expect(honours(3, 1)).toEqual({ NS: 2, EW: 0 });
    expect(honours(2, 2)).toEqual({ NS: 0, EW: 0 });
  });

  it('law 4 (1864): players at four at the start of a deal cannot score honours', () => {
    const s = scoreHand(SHORT_WHIST, { tricks: { NS: 6, EW: 7 }, honours: { NS: 4, EW: 0 } }, { NS: 4, EW: 0 });
    expect(s.honourPoints.NS).toBe(0);
    expect(s.honoursWithheld.NS).toBe('barred');
  });

  it('law 5 (1864): tricks score before honours: tricks that win the game leave the honours unscored', () => {
    const s = scoreHand(SHORT_WHIST, { tricks: { NS: 5, EW: 8 }, honours: { NS: 4, EW: 0 } }, { NS: 3, EW: 3 });
    expect(s.winner).toBe('EW');
    expect(s.honourPoints.NS).toBe(0);
    expect(s.honoursWithheld.NS).toBe('tricksFirst');
  });

  it('law 8 (1864): a treble when the losers have nothing, a double under three, a single at three or four', () => {
    const gameAt = (losers: number) => {
      let r = startRubberOrThrow(SHORT_WHIST, { dealer: 'N' });
      if (losers > 0) r = addHandOrThrow(r, { tricks: { NS: 7 - losers, EW: 6 + losers }, honours: { NS: 0, EW: 0 } });
      r = addHandOrThrow(r, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } });
      return handSummaries(r).at(-1)?.game?.value;
    };
    expect([0, 1, 2, 3, 4].map(gameAt)).toEqual([3, 2, 2, 1, 1]);
  });

  it('laws 9-10 (1864): the winners of the rubber add two, and the losers\u2019 games are deducted', () => {
    let r = startRubberOrThrow(SHORT_WHIST, { dealer: 'N' });
    const ns = { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } };
    const ew = { tricks: { NS: 0, EW: 13 }, honours: { NS: 0, EW: 0 } };
    r = addHandOrThrow(addHandOrThrow(addHandOrThrow(r, ns), ew), ns); // three trebles
    expect(rubberPoints(r)).toEqual({ NS: 3 + 3 + 2 - 3, EW: 0 });
  });

  it('law 13 (1864): the ace is lowest in cutting; the two lowest play against the two highest, and the lowest deals', () => {
    const r = cutForPartners(['ann', 'bob', 'cy', 'di'], seedRandom(5), { dealerSeat: 'S' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { cut } = r.value;
    expect(cut.seats.S).toBe(cut.order[0]);
    expect(cut.seats.N).toBe(cut.order[1]);
    const first = cut.draws.filter((d) => d.round === 1);
    const aces = first.filter((d) => d.card[0] === 'A');
    for (const a of aces) expect(cut.order.indexOf(a.player)).toBeLessThanOrEqual(aces.length - 1);
  });
});

describe('Hoyle\u2019s laws of Long Whist the library implements', () => {
  it('law 24 (Hoyle, Long Whist): a player sure of the tricks may show the cards and claim them', () => {
    let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 2 }), { type: 'deal' });
    for (let i = 0; i < 48; i++) {
      const h = currentHand(t)!;
      t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
    }
    const seat = currentSeat(currentHand(t)!)!;
    t = applyOrThrow(t, { type: 'claim', seat, tricks: 1 });
    expect(Object.keys(tableViewOrThrow(t, null).shown)).toEqual([seat]);
    const others = (['N', 'E', 'S', 'W'] as const).filter((s) => s !== seat && s !== ({ N: 'S', S: 'N', E: 'W', W: 'E' } as const)[seat]);
    for (const s of others) t = applyOrThrow(t, { type: 'acceptClaim', seat: s });
    expect(handSummaries(currentRubber(t))).toHaveLength(1);
    expect(gameScore(currentRubber(t))).toEqual(handSummaries(currentRubber(t))[0]!.score);
  });
});

describe('docs/rules.md, "Every law of the 1864 code"', () => {
  const rules = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
  const start = rules.indexOf('### Every law of the 1864 code');
  const section = rules.slice(start, rules.indexOf('\n## ', start));
  const rows = section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| laws') && !l.startsWith('|---'))
    .map((l) => l.split('|').map((c) => c.trim()));
  const tests = readdirSync(join(ROOT, 'test'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(ROOT, 'test', f), 'utf8'))
    .join('\n');
  /** The law numbers of a cell: "13-≈26" → 13..26, "6-7" → 6, 7. */
  const numbers = (cell: string): number[] => {
    const m = /^≈?(\d+)(?:-≈?(\d+))?$/.exec(cell);
    if (m === null) return [];
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  };

  it('accounts for every law from 1 to 91, each once', () => {
    const seen = rows.flatMap((r) => numbers(r[1] as string));
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 91 }, (_, i) => i + 1));
  });

  it('every law it calls implemented has a test named with its number and edition', () => {
    const implemented = rows.filter((r) => (r[3] as string).startsWith('implemented')).flatMap((r) => numbers(r[1] as string));
    expect(implemented.length).toBeGreaterThan(10);
    // A law named alone ("law 72 (1864)") or in a range ("laws 9-10 (1864)").
    const named = (law: number) =>
      new RegExp(`law ${law}\\b[^(]*\\(1864\\)`).test(tests) ||
      [...tests.matchAll(/laws (\d+)-(\d+) \(1864\)/g)].some((m) => Number(m[1]) <= law && law <= Number(m[2]));
    expect(implemented.filter((law) => !named(law))).toEqual([]);
  });
});
