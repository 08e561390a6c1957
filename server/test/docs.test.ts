/**
 * The curl examples of docs/backend.md, run as written: a server is started as `npm run server` starts it
 * (in memory, on a free port), each `sh` block between the examples markers runs in order in one shell,
 * and its output must match the `text` block after it, where `…` stands for anything.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS } from './support/wait.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/backend.md', import.meta.url)), 'utf8');
const curl = spawnSync('curl', ['--version'], { encoding: 'utf8' });
const missing = curl.status === 0 ? null : 'curl is not installed';

let server: ServerProcess | null = null;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'whist-docs-'));
  // As a person starts it (`npm start`: tsx, src/main.ts): PGlite in memory made afresh, not from the test run's image.
  if (missing === null) server = await spawnServer({ WHIST_PGLITE_IMAGE: '' }, { source: true });
}, START_LIMIT_MS + 30_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Example {
  readonly script: string;
  readonly expected: string | null;
}

function examples(): Example[] {
  const start = doc.indexOf('<!-- examples:start -->');
  const end = doc.indexOf('<!-- examples:end -->');
  if (start < 0 || end < start) throw new Error('docs/backend.md has no examples markers');
  const fences = [...doc.slice(start, end).matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], body: m[2] as string }));
  const out: Example[] = [];
  fences.forEach((f, i) => {
    if (f.lang !== 'sh') return;
    const next = fences[i + 1];
    out.push({ script: f.body, expected: next?.lang === 'text' ? next.body : null });
  });
  return out;
}

/** `…` matches anything; everything else is literal. */
function pattern(expected: string): RegExp {
  const parts = expected
    .trim()
    .split('…')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`);
}

describe('docs/backend.md', () => {
  it('the server started as `npm run server` starts it prints its address', (ctx) => {
    if (missing !== null) return ctx.skip(missing);
    const first = JSON.parse((server?.output() ?? '').split('\n')[0] as string);
    expect(first).toMatchObject({
      level: 'info',
      msg: expect.stringMatching(/^whist-server listening on http:\/\/127\.0\.0\.1:\d+ \(store: PGlite in memory\)$/),
    });
    expect(Date.parse(first.time)).not.toBeNaN();
  });

  it('its curl examples run and answer as documented', (ctx) => {
    if (missing !== null) {
      console.log(`docs examples skipped: ${missing}`);
      return ctx.skip(missing);
    }
    const list = examples();
    expect(list.length).toBeGreaterThan(8);
    const script = list.map((e, i) => `echo "@@@example ${i}@@@"\n${e.script}`).join('\n');
    const run = spawnSync('bash', ['-c', `${script}\necho "@@@end@@@"`], {
      cwd: dir,
      encoding: 'utf8',
      // A limit against a hang only: the examples take a few seconds, more on a busy machine.
      timeout: 240_000,
      env: { ...process.env, WHIST: (server as ServerProcess).url, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    });
    const output = `${run.stdout}${run.stderr}`.replace(/\r\n/g, '\n');
    expect(output).toContain('@@@end@@@');
    let checked = 0;
    list.forEach((e, i) => {
      const from = output.indexOf(`@@@example ${i}@@@\n`) + `@@@example ${i}@@@\n`.length;
      const to = output.indexOf(`@@@example ${i + 1}@@@`) >= 0 ? output.indexOf(`@@@example ${i + 1}@@@`) : output.indexOf('@@@end@@@');
      const got = output.slice(from, to).trim();
      if (e.expected === null) {
        expect(got, e.script).toBe('');
        return;
      }
      expect(got, `example:\n${e.script}\ngot:\n${got}`).toMatch(pattern(e.expected));
      checked++;
    });
    console.log(`docs/backend.md: ${list.length} curl examples run, ${checked} outputs checked`);
  }, 300_000);
});
