/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package, in a temporary directory, on a free
 * loopback port. PostgreSQL refuses to run as root: as root, the cluster is run as the `postgres` user.
 * When it cannot be started, `startPostgres` says why instead.
 */

import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Postgres {
  readonly url: string;
  readonly dir: string;
  /** Stops the server and keeps its data: `fast` ends every session cleanly, `immediate` is a crash (recovered from the WAL at the next start). */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again, on the same port and data, once it accepts connections. */
  resume(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : join(root, versions[0] as string, 'bin');
}

/** Starts a cluster, or returns why it cannot. `settings` are extra `-c name=value` server settings. */
export async function startPostgres(settings: Record<string, string> = {}): Promise<Postgres | { readonly skip: string }> {
  const bin = binDir();
  if (bin === null) return { skip: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install Debian's postgresql package" };
  const asRoot = process.getuid?.() === 0;
  let uid = -1;
  let gid = -1;
  if (asRoot) {
    try {
      uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      return { skip: 'running as root, and there is no postgres user to run PostgreSQL as' };
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'whist-pg-'));
  if (asRoot) chownSync(dir, uid, gid);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' });
  const data = join(dir, 'data');
  const init = run('initdb', ['-D', data, '-A', 'trust', '-U', 'whist', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim().split('\n').slice(-3).join(' ')}` };
  }
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '300', 'start']);
  if (start.status !== 0) {
    const log = spawnSync('cat', [join(dir, 'log')], { encoding: 'utf8' }).stdout ?? '';
    rmSync(dir, { recursive: true, force: true });
    return { skip: `PostgreSQL did not start: ${(start.stderr || start.stdout).trim()} ${log.trim().split('\n').slice(-3).join(' ')}` };
  }
  let stopped = false;
  // pg_ctl without blocking this process's event loop (its clients keep playing meanwhile).
  const runAsync = (cmd: string, args: string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
      execFile(file as string, argv as string[], { encoding: 'utf8' }, (error, stdout, stderr) =>
        error === null ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${error.message} ${stdout} ${stderr}`)),
      );
    });
  return {
    url: `postgres://whist@127.0.0.1:${port}/postgres`,
    dir,
    halt: (mode) => runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '300', 'stop']),
    resume: () => runAsync('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '300', 'start']),
    async stop() {
      if (stopped) return;
      stopped = true;
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
