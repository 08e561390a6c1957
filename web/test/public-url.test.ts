/**
 * `npm run play` for players on other machines (`WHIST_PUBLIC_URL`): behind a reverse proxy at that address,
 * the page opens tables at `WHIST_PUBLIC_URL/api`, so the seat links it gives carry the public address; the
 * server allows that origin and reads the client's address from the proxy's `X-Forwarded-For`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followChild, ROOT, TEST_LIMIT_MS } from './support.js';

const PUBLIC = 'https://cards.example';

function play(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'scripts', 'play.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SERVER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run play behind a reverse proxy (WHIST_PUBLIC_URL)', () => {
  let child: ChildProcess;
  let page: string;
  let server: string;

  beforeAll(async () => {
    child = play({ WHIST_PUBLIC_URL: `${PUBLIC}/` });
    const log = followChild(child);
    const m = await log.waitFor(/the page is at (http:\/\/\S+), the server at (http:\/\/\S+?)\.\n/);
    page = m[1] as string;
    server = m[2] as string;
  }, TEST_LIMIT_MS);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('the page opens tables at the public address; the server allows its origin and trusts the proxy', async () => {
    const html = await (await fetch(page)).text();
    expect(html).toContain(`<meta name="whist-server" content="${PUBLIC}/api" />`);
    const health = await fetch(`${server}/health`, { headers: { origin: PUBLIC } });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBe(PUBLIC);
    // The client's address as the proxy forwards it: refusals (401) are counted per forwarded address, so a
    // burst from one client leaves another behind the same proxy unrefused.
    const ask = (client: string) => fetch(`${server}/tables/nothere`, { headers: { 'x-forwarded-for': client } }).then((r) => r.status);
    let refused = 0;
    for (let i = 0; i < 200 && refused === 0; i++) if ((await ask('198.51.100.7')) === 429) refused++;
    expect(refused).toBe(1);
    expect(await ask('198.51.100.8')).toBe(401);
  });

  it('refuses a public address with a path, before starting anything', async () => {
    const bad = play({ WHIST_PUBLIC_URL: `${PUBLIC}/whist` });
    const log = followChild(bad);
    await expect(log.waitFor(/WHIST_PUBLIC_URL must be the address players open/)).resolves.toBeTruthy();
    await expect(log.exit).resolves.toBe(2);
  });
});
