/** Server processes for the tests and the benchmark: `node --import tsx src/main.ts`, as `npm start` runs it. */

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

/** Starts a server process with these environment variables (PORT defaults to 0) and waits for its address line. */
export async function spawnServer(env: Record<string, string>, options: { timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', ...env },
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
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
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
  }).catch(async (e: unknown) => {
    if (child.exitCode === null) child.kill('SIGKILL');
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
