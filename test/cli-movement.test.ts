// `whist movement`: a duplicate movement's card, as whist/duplicate makes the movement; its JSON is the
// library's movement; what is not a movement is a usage error (exit 2, the command's usage).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { howell, mitchell } from '../src/duplicate/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

describe.skipIf(!existsSync(cli))('whist movement', () => {
  it('prints a Mitchell card: each round by table, north–south v east–west and the boards; each pair’s way round', () => {
    const r = run('movement', 'mitchell', '4', '--boards', '3');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Mitchell (skip after round 2): 4 tables, 8 pairs, 3 rounds, 3 boards a round, 12 boards');
    const m = mitchell(4, { boardsPerRound: 3 });
    for (let round = 1; round <= m.rounds; round++) {
      const row = lines.find((l) => l.startsWith(`${round}      `)) ?? '';
      const cells = m.sittings.filter((s) => s.round === round).map((s) => `${s.ns} v ${s.ew}  ${s.boards[0]}-${s.boards[2]}`);
      for (const cell of cells) expect(row).toContain(cell);
      expect(row.indexOf(cells[0] as string)).toBeLessThan(row.indexOf(cells[1] as string));
    }
    // Pair 5 (east–west, from table 1): up one table, then two at the skip.
    expect(lines).toContain('  pair  5: 1EW 2EW 4EW');
    expect(lines).toContain('  pair  1: 1NS 1NS 1NS');
  });

  it('--json is the library’s movement; a Howell card names every pair; errors are usage errors', () => {
    expect(JSON.parse(run('movement', 'howell', '3', '--json').stdout)).toEqual(howell(3));
    expect(JSON.parse(run('movement', 'mitchell', '5', '--barometer', '--boards', '1', '--json').stdout)).toEqual(
      mitchell(5, { barometer: true, boardsPerRound: 1 }),
    );
    expect(JSON.parse(run('movement', 'howell', '6', '--boards-travel', '--json').stdout)).toEqual(howell(6, { barometer: false }));
    expect(run('movement', 'howell', '4', '--boards-travel', '--boards', '1').stdout.split('\n').slice(0, 4)).toEqual([
      'Howell (boards travel): 4 tables, 8 pairs, 7 rounds, 1 board a round, 7 boards',
      '',
      'round  table 1   table 2   table 3   table 4',
      '1      1 v 8  1  2 v 4  3  3 v 7  5  5 v 6  2',
    ]);
    const card = run('movement', 'howell', '3').stdout;
    expect(card.split('\n')[0]).toBe('Howell (barometer): 3 tables, 6 pairs, 5 rounds, 2 boards a round, 10 boards');
    for (let pair = 1; pair <= 6; pair++) expect(card).toContain(`  pair  ${pair}: `);
    for (const args of [
      [],
      ['chicago', '3'],
      ['mitchell'],
      ['mitchell', '9'],
      ['mitchell', '2'],
      ['howell', 'x'],
      ['mitchell', '3', '--boards', '0'],
      ['mitchell', '3', '4'],
      ['howell', '3', '--boards-travel'],
      ['howell', '5', '--boards-travel', '--barometer'],
    ]) {
      const r = run('movement', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('Usage: whist movement');
    }
  });
});
