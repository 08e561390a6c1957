/**
 * `whist analyse` prints each hand's heading before the lines of that hand's costly cards, so that every
 * block reads as its own hand's (run in process, through analyseCommand).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseCommand } from '../src/cli/analyse.js';
import { applyOrThrow, currentHand, heuristicPlayer, newTableOrThrow, playerViewOrThrow, SHORT_WHIST, tableViewOrThrow } from '../src/index.js';
import { formatWhistPbn } from '../src/records/index.js';

const dir = mkdtempSync(join(tmpdir(), 'whist-analyse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Three hands dealt from seed 5, each played out by the heuristic player. */
function threeHands(): string {
  let t = newTableOrThrow(SHORT_WHIST, { seed: 5 });
  for (let h = 0; h < 3; h++) {
    t = applyOrThrow(t, { type: 'deal' });
    for (;;) {
      const next = tableViewOrThrow(t, null).next;
      if (next.action !== 'play') break;
      const card = heuristicPlayer(playerViewOrThrow(currentHand(t)!, next.seat));
      t = applyOrThrow(t, { type: 'play', seat: next.seat, card });
    }
  }
  const text = formatWhistPbn(t, { seed: 5 });
  if (!text.ok) throw new Error(text.error.message);
  return text.value;
}

describe('whist analyse', () => {
  it("prints each hand's heading first, then the costly cards of that hand under it", () => {
    const file = join(dir, 'three.pbn');
    writeFileSync(file, threeHands());
    const lines: string[] = [];
    expect(analyseCommand([file], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('3 hands analysed');
    const heads = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith(`${file} hand `));
    expect(heads.map(([l]) => l.slice(file.length + 1, file.length + 7))).toEqual(['hand 1', 'hand 2', 'hand 3']);
    // The first line is a heading; every costly card's line comes after its hand's heading and before the next.
    expect(lines[0]).toMatch(/ hand 1: /);
    let costly = 0;
    heads.forEach(([head, at], k) => {
      const end = heads[k + 1]?.[1] ?? lines.length - 1;
      const block = lines.slice(at + 1, end);
      expect(
        block.every((l) => /^ {2}trick \d+: /.test(l)),
        head,
      ).toBe(true);
      // The heading sums up its block: the tricks given away are those of the costly cards under it.
      const given = /tricks given away NS (\d+), EW (\d+)$/.exec(head)!.slice(1).map(Number);
      const sum = { NS: 0, EW: 0 };
      for (const l of block) {
        const m = /costs (\d+) tricks? \((NS|EW) /.exec(l)!;
        sum[m[2] as 'NS' | 'EW'] += Number(m[1]);
      }
      expect([sum.NS, sum.EW], head).toEqual(given);
      costly += block.length;
    });
    expect(costly).toBeGreaterThan(0);
  });
});
