import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

/** The commands `whist` dispatches on, read from its source: every `case 'name':` that is not a flag or `help`. */
function dispatched(): string[] {
  const source = readFileSync(new URL('../src/cli/main.ts', import.meta.url), 'utf8');
  const names = [...source.matchAll(/case '([a-z][a-z-]*)':/g)].map((m) => m[1] as string);
  return [...new Set(names)].filter((n) => n !== 'help' && n !== 'analyze');
}

describe('whist --help', () => {
  const listed = run('--help')
    .stdout.split('Commands:\n')[1]
    ?.split('\n\n')[0]
    ?.split('\n')
    .map((line) => line.trim().split(/\s+/)[0]);

  it('lists every command the CLI runs, and only those', () => {
    expect(dispatched().length).toBeGreaterThanOrEqual(7);
    expect([...(listed ?? [])].sort()).toEqual(dispatched().sort());
  });

  it.each(dispatched())('"whist %s --help" prints its own usage and exits 0, as "whist help %s" does', (command) => {
    const r = run(command, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: whist ${command}\\b`));
    expect(run('help', command).stdout).toBe(r.stdout);
    if (command === 'analyse') expect(run('analyze', '--help').stdout).toBe(r.stdout);
    if (command === 'play') {
      expect(r.stdout).toContain('Commands: score, last (the last trick), hint, claim [N], concede [N], help,\n  quit.');
      expect(r.stdout).toContain('--level   the computer players: heuristic');
    }
    if (command === 'rules') expect(r.stdout).toContain('--markdown');
  });

  it('--version prints the version', () => {
    expect(run('--version').stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
