// Duplicate matches (src/match.ts, whist match): a player against itself scores exactly 0, swapping the players
// flips every sign, and a small fixed match of the sampling player's fast level against the heuristic player,
// whose line is printed.
import { describe, expect, it } from 'vitest';
import { matchCommand, matchLine } from '../src/cli/match.js';
import { heuristicPlayer, randomPlayer, seedRandom, WhistError } from '../src/index.js';
import { type MatchPlayer, type MatchReport, playMatch, samplingPlayer } from '../src/solver/index.js';

const heuristic: MatchPlayer = { name: 'heuristic', play: (view) => heuristicPlayer(view) };
const random: MatchPlayer = { name: 'random', play: (view, seed) => randomPlayer(view, seedRandom(seed)).value };
const fast: MatchPlayer = { name: 'sampling (fast)', play: (view, seed) => samplingPlayer(view, { level: 'fast', seed }) };

function flipped(a: MatchReport, b: MatchReport): void {
  expect(b.results.map((r) => r.difference)).toEqual(a.results.map((r) => 0 - r.difference));
  expect(b.results.map((r) => r.points)).toEqual(a.results.map((r) => 0 - r.points));
  expect(b.tricks.mean).toBeCloseTo(-a.tricks.mean, 12);
  expect(b.points.mean).toBeCloseTo(-a.points.mean, 12);
  expect([b.wins, b.losses, b.ties]).toEqual([a.losses, a.wins, a.ties]);
}

describe('playMatch', () => {
  it('scores a player against itself exactly 0, deal by deal (heuristic, 100 deals; sampling, 2 deals)', () => {
    for (const [player, deals] of [
      [heuristic, 100],
      [random, 100],
      [fast, 2],
    ] as const) {
      const r = playMatch({ player, opponent: player, deals, seed: 11 });
      expect(r.results.every((d) => d.difference === 0 && d.points === 0)).toBe(true);
      expect(r.tricks).toEqual({ mean: 0, interval: [0, 0], sd: 0 });
      expect([r.wins, r.losses, r.ties]).toEqual([0, 0, deals]);
    }
  });

  it('flips every sign when the two players swap places', () => {
    flipped(playMatch({ player: heuristic, opponent: random, deals: 60, seed: 5 }), playMatch({ player: random, opponent: heuristic, deals: 60, seed: 5 }));
    flipped(playMatch({ player: fast, opponent: heuristic, deals: 2, seed: 6 }), playMatch({ player: heuristic, opponent: fast, deals: 2, seed: 6 }));
  });

  it('deals the same cards for the same seed and deal index, whatever the first deal', () => {
    const whole = playMatch({ player: heuristic, opponent: random, deals: 6, seed: 'x' });
    const tail = playMatch({ player: heuristic, opponent: random, deals: 3, seed: 'x', firstDeal: 3 });
    expect(tail.results).toEqual(whole.results.slice(3));
    expect(whole.results.map((r) => r.dealer)).toEqual(['N', 'E', 'S', 'W', 'N', 'E']);
  });

  it('times the measured player with the clock it is given', () => {
    let t = 0;
    const r = playMatch({ player: heuristic, opponent: random, deals: 2, seed: 1, clock: () => (t += 1) });
    // Each timed card reads the clock twice, one apart: 2 deals, 2 tables, 26 cards of the measured side each.
    expect(r.cardTimes).toEqual({ count: 104, median: 1, p95: 1, max: 1 });
  });

  it('refuses options that are not valid with INVALID_ARGUMENT', () => {
    const code = (f: () => unknown): string | null => {
      try {
        f();
        return null;
      } catch (e) {
        return e instanceof WhistError ? e.code : 'not a WhistError';
      }
    };
    expect(code(() => playMatch({ player: heuristic, opponent: heuristic, deals: 0, seed: 1 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => playMatch({ player: heuristic, opponent: { name: 'x' } as MatchPlayer, deals: 1, seed: 1 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => playMatch({ player: heuristic, opponent: heuristic, deals: 1, seed: Number.NaN }))).toBe('INVALID_ARGUMENT');
    const cheat: MatchPlayer = { name: 'bad', play: () => 'ZZ' as never };
    expect(code(() => playMatch({ player: cheat, opponent: heuristic, deals: 1, seed: 1 }))).not.toBeNull();
  });

  it('a small fixed match: the fast sampling player against the heuristic player, 12 deals, seed 1 (its line printed)', () => {
    const r = playMatch({ player: fast, opponent: heuristic, deals: 12, seed: 1 });
    console.log(`match.test.ts: ${matchLine(r)}`);
    expect(r.dealCount).toBe(12);
    expect(r.wins + r.losses + r.ties).toBe(12);
    // The deals and every card are fixed by the seed, so this is the same every run: the sampling player is ahead.
    expect(r.tricks.interval[0]).toBeGreaterThan(0);
  });
});

describe('whist match', () => {
  it('prints one line per match, and the gap to double dummy with --gap', () => {
    const lines: string[] = [];
    expect(matchCommand(['--player', 'heuristic', '--opponent', 'random', '--deals', '4', '--seed', '3', '--gap'], (l) => lines.push(l))).toBe(0);
    expect(lines.length).toBe(3);
    expect(lines[0]).toMatch(/^heuristic vs random, 4 deals \(seed 3\): tricks\/deal [+-]\d+\.\d\d \(95% CI .* σ \d+\.\d\d\); W\/L\/T \d+\/\d+\/\d+;/);
    expect(lines[1]).toMatch(/^double-dummy vs random, 4 deals/);
    expect(lines[2]).toMatch(/^gap closed: -?\d+% \(95% CI/);
  });

  it('answers --help, and refuses an unknown player', () => {
    const lines: string[] = [];
    expect(matchCommand(['--help'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/^Usage: whist match/);
    expect(() => matchCommand(['--player', 'oracle'], () => {})).toThrow(/--player must be one of/);
  });
});
