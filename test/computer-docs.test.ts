/**
 * docs/backend.md, "Computer players in your own server": the example runs as written, importing the
 * package's sources in place of 'whist' and 'whist/solver'; each `console.log(x); // value` line checks that x
 * equals the value shown. And docs/players.md names every level and budget the library exports.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPUTER_CLAIM_NODES, COMPUTER_CLAIM_TRICKS, COMPUTER_LEVELS } from '../src/index.js';

const backend = readFileSync(new URL('../docs/backend.md', import.meta.url), 'utf8');
const players = readFileSync(new URL('../docs/players.md', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'whist-computer-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const src = (path: string) => new URL(path, import.meta.url).pathname;

describe('docs/backend.md: a server with computer players that writes no decision of its own', () => {
  it('runs as written, and prints what its comments show', async () => {
    const between = backend.split('<!-- computer-seat:start -->')[1]?.split('<!-- computer-seat:end -->')[0] ?? '';
    const code = /```ts\n([\s\S]*?)```/.exec(between)?.[1];
    expect(code).toBeDefined();
    const expected: unknown[] = [];
    const lines = (code as string).split('\n').map((line) => {
      const m = /^console\.log\((.*)\); \/\/ (.+)$/.exec(line);
      if (m === null) return line;
      expected.push(new Function(`return (${m[2]});`)());
      return `shown.push(${m[1]});`;
    });
    expect(expected.length).toBeGreaterThan(2);
    const linked = lines
      .join('\n')
      .replace("from 'whist/solver'", `from '${src('../src/solver/index.ts')}'`)
      .replace("from 'whist'", `from '${src('../src/index.ts')}'`);
    // The decisions are the library's: the example names no card, penalty or claim of its own.
    expect(linked).not.toMatch(/heuristicPlayer|samplingPlayer|checkClaim|claimRevoke|callCard|penalty:/);
    const file = join(dir, 'backend-example.ts');
    writeFileSync(file, `export const shown: unknown[] = [];\n${linked}`);
    const module = (await import(pathToFileURL(file).href)) as { shown: unknown[] };
    expect(module.shown).toEqual(expected);
  });
});

describe('docs/players.md: the levels and budgets of a computer seat', () => {
  it('names each level and each budget with its value', () => {
    for (const level of COMPUTER_LEVELS) expect(players).toContain(`\`${level}\``);
    expect(players).toContain(`\`COMPUTER_CLAIM_TRICKS\` (${COMPUTER_CLAIM_TRICKS})`);
    expect(players).toContain(`\`COMPUTER_CLAIM_NODES\` (${COMPUTER_CLAIM_NODES.toLocaleString('en')})`);
  });
});
