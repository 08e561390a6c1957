/**
 * The PostgreSQL driver, through `pg`: a pool for queries, and one dedicated connection that LISTENs for
 * the changes every process makes. If that connection breaks it is opened again (with backoff), and the
 * listener is told to re-read what it follows, since notifications sent in between are lost.
 *
 * @module
 */

import pg from 'pg';
import type { Driver } from './driver.js';

export interface PostgresOptions {
  /** Connections in the pool. */
  readonly poolSize?: number;
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname || u.searchParams.get('host') || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export async function postgresDriver(connectionString: string, options: PostgresOptions = {}): Promise<Driver> {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle connection that breaks (a restarted server) is dropped by the pool; without a listener the error would end the process.
  pool.on('error', () => {});
  let closed = false;
  const stops: Array<() => Promise<void>> = [];
  /** The name each statement is prepared under. */
  const names = new Map<string, string>();

  return {
    description: describeUrl(connectionString),
    commitBeforeNotify: true,
    shared: true,
    async query<Row>(text: string, params: readonly unknown[]): Promise<Row[]> {
      // Each statement is prepared once a connection, under a name: PostgreSQL parses and plans it once.
      let name = names.get(text);
      if (name === undefined) {
        name = `whist_${names.size + 1}`;
        names.set(text, name);
      }
      const r = await pool.query({ name, text, values: params as unknown[] });
      return r.rows as Row[];
    },
    async exec(text: string): Promise<void> {
      await pool.query(text);
    },
    async listen(channel, onPayload, onReconnect) {
      let client: pg.Client | null = null;
      let stopped = false;
      let delay = 100;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString });
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        const lost = (): void => {
          if (client !== c) return;
          client = null;
          c.removeAllListeners('error');
          c.on('error', () => {});
          c.end().catch(() => {});
          if (!stopped && !closed) setTimeout(() => void reconnect(), delay).unref();
        };
        c.on('error', lost);
        c.on('end', lost);
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        client = c;
      };
      const reconnect = async (): Promise<void> => {
        if (stopped || closed) return;
        try {
          await connect();
          delay = 100;
          onReconnect();
        } catch {
          delay = Math.min(delay * 2, 5_000);
          setTimeout(() => void reconnect(), delay).unref();
        }
      };
      await connect();
      const stop = async (): Promise<void> => {
        stopped = true;
        const c = client;
        client = null;
        if (c !== null) {
          c.removeAllListeners('end');
          await c.end().catch(() => {});
        }
      };
      stops.push(stop);
      return stop;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all(stops.map((s) => s()));
      await pool.end();
    },
  };
}
