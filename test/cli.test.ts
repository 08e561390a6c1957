import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

describe.skipIf(!existsSync(cli))('whist CLI (built dist/cli.js)', () => {
  it('play-rubber prints every hand trick by trick and ends with the rubber result', () => {
    const r = run('play-rubber', '--seed', '1');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const hands = lines.filter((l) => /^Hand \d+ /.test(l));
    expect(hands.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => /^ {2}trick +\d+: [NESW] leads {2}(?:[2-9TJQKA][SHDC] ){3}[2-9TJQKA][SHDC] {2}won by [NESW]$/.test(l))).toHaveLength(
      13 * hands.length,
    );
    expect(lines.filter((l) => l.startsWith('  tricks NS '))).toHaveLength(hands.length);
    expect(lines[lines.length - 1]).toMatch(/^Rubber to (NS|EW), games NS \d, EW \d: \d rubber points$/);
  });

  it('the same seed prints the same rubber; another seed another one', () => {
    expect(run('play-rubber', '--seed', '42').stdout).toBe(run('play-rubber', '--seed', '42').stdout);
    expect(run('play-rubber', '--seed', '42').stdout).not.toBe(run('play-rubber', '--seed', '43').stdout);
  });

  it.each(Object.keys(PRESETS))('play-rubber --rules %s --json prints one JSON object of the documented shape', (name) => {
    const r = run('play-rubber', '--seed', '3', '--rules', name, '--json');
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    const rules = PRESETS[name as keyof typeof PRESETS];
    expect(json.rules).toBe(name);
    expect(json.hands.length).toBeGreaterThan(0);
    for (const h of json.hands) {
      expect(Object.keys(h)).toEqual(expect.arrayContaining(['dealer', 'trump', 'tricks', 'honours', 'points', 'score']));
      expect(h.tricks.NS + h.tricks.EW).toBe(13);
      expect(Math.max(h.score.NS, h.score.EW)).toBeLessThanOrEqual(rules.target);
    }
    const winners = json.games.filter((g: { winner: string }) => g.winner === json.winner);
    expect(winners).toHaveLength(2);
    for (const g of json.games) expect([1, 2, 3]).toContain(g.value);
    if (rules.rubber.points === null) expect(json.rubberPoints).toBeNull();
    else expect(json.rubberPoints[json.winner]).toBeGreaterThanOrEqual(1);
    const gameEnds = json.hands.filter((h: { score: { NS: number; EW: number } }) => Math.max(h.score.NS, h.score.EW) === rules.target);
    expect(gameEnds).toHaveLength(json.games.length);
  });

  it('rules prints every preset side by side', () => {
    const r = run('rules');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('| field | short | long | german-long | american | ten-point |');
  });

  it('unknown commands, rules and options exit 2 with the usage', () => {
    expect(run('deal').status).toBe(2);
    expect(run('play-rubber', '--rules', 'bridge').status).toBe(2);
    const bad = run('play-rubber', '--colour');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage');
  });
});
