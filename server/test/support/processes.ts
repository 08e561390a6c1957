/**
 * Server processes for the tests and the benchmark: `node --import tsx src/main.ts`, as `npm start` runs it,
 * or, in a test run, the same source bundled once by the run's global setup (`WHIST_SERVER_BUNDLE`,
 * web/test/hosts-setup.ts), which starts with about a second of CPU less.
 * A process counts as started once it has logged its address and `GET /ready` answers 200 (its store
 * answers): a wait for readiness, however long the machine takes, up to a generous limit.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { request } from './http.js';
import { START_LIMIT_MS, sleep } from './wait.js';

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** SIGKILL: no clean-up at all, as a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A port no process listens on now, for a process that is told its port. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts a server process with these environment variables (PORT defaults to 0, or `options.port`) and
 * waits until it is ready: its address line (or, given a port, no line), then a 200 from `GET /ready`. Fails if it exits first, or is not ready within
 * `limitMs` (default `START_LIMIT_MS`). `options.source`: through tsx from `src/main.ts` even where the run
 * has a bundle, as `npm start` starts it.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { limitMs?: number; nodeArgs?: string[]; port?: number; source?: boolean } = {},
): Promise<ServerProcess> {
  const limitMs = options.limitMs ?? START_LIMIT_MS;
  const until = Date.now() + limitMs;
  const bundle = options.source === true ? undefined : process.env.WHIST_SERVER_BUNDLE;
  const main = bundle !== undefined && bundle !== '' && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...main], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(options.port ?? 0), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no address in ${limitMs / 1000} s:\n${out}`)), limitMs);
    // Given a port, the process need not print its address (its log level may hide the line).
    if (options.port !== undefined) {
      clearTimeout(timer);
      resolve(`http://127.0.0.1:${options.port}`);
      return;
    }
    const check = (): void => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  })
    .then(async (address) => {
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited:\n${out}`);
        const ready = await request(address, 'GET', '/ready').catch(() => null);
        if (ready?.status === 200) return address;
        if (Date.now() > until) throw new Error(`GET /ready did not answer 200 within ${limitMs / 1000} s:\n${out}`);
        await sleep(50);
      }
    })
    .catch(async (e: unknown) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      throw e;
    });
  return {
    url,
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
