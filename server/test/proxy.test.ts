/**
 * Behind a reverse proxy (`WHIST_TRUST_PROXY`): the limits per address count the client's address as the
 * trusted proxies saw it (`X-Forwarded-For`, read from the right), not the proxy's; without the setting the
 * header is ignored, so a client cannot choose the address it is counted under.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { clientAddress } from '../src/connections.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { request } from './support/http.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS } from './support/wait.js';

let store: SqlStore;
const servers: RunningServer[] = [];

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
}, START_LIMIT_MS);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await store?.close();
});

const quiet = { info() {}, error() {} };

async function start(trustProxy: number): Promise<RunningServer> {
  const s = await startServer({ port: 0, tokenRate: 0, addressRate: 0, tablesPerAddress: 2, tablesWindowSeconds: 3600, trustProxy }, { store, log: quiet });
  servers.push(s);
  return s;
}

/** Opens a table as a proxy would forward it: from 127.0.0.9, the client named in `X-Forwarded-For`. */
function openVia(base: string, forwardedFor: string | null): Promise<number> {
  const headers: Record<string, string> = forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor };
  return request(base, 'POST', '/tables', { body: '{}', localAddress: '127.0.0.9', headers }).then((r) => r.status);
}

/** A request as the server sees it: its socket's address and its headers. */
function seen(socket: string, forwardedFor?: string | string[]): IncomingMessage {
  return { socket: { remoteAddress: socket }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage;
}

describe('behind a reverse proxy', () => {
  it('reads the client from the right of X-Forwarded-For, as far as the proxies trusted; the socket otherwise', () => {
    expect(clientAddress(seen('10.0.0.1', '203.0.113.5'), 0)).toBe('10.0.0.1');
    expect(clientAddress(seen('10.0.0.1', '203.0.113.5'), 1)).toBe('203.0.113.5');
    // A client that writes its own header is not believed past the proxies trusted.
    expect(clientAddress(seen('10.0.0.1', '1.1.1.1, 203.0.113.5'), 1)).toBe('203.0.113.5');
    expect(clientAddress(seen('10.0.0.2', '1.1.1.1, 203.0.113.5, 10.0.0.1'), 2)).toBe('203.0.113.5');
    expect(clientAddress(seen('10.0.0.1', ['1.1.1.1', '203.0.113.5']), 1)).toBe('203.0.113.5');
    // Fewer addresses than proxies: the leftmost; none, or nonsense: the socket's.
    expect(clientAddress(seen('10.0.0.1', '203.0.113.5'), 3)).toBe('203.0.113.5');
    expect(clientAddress(seen('10.0.0.1'), 1)).toBe('10.0.0.1');
    expect(clientAddress(seen('10.0.0.1', ' , ,'), 1)).toBe('10.0.0.1');
    expect(clientAddress(seen('10.0.0.1', 'x'.repeat(5000)), 1)).toBe('10.0.0.1');
  });

  it('WHIST_TRUST_PROXY is a whole number from 0 to 10, 0 by default', () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({ WHIST_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    for (const bad of ['-1', '11', '1.5', 'yes']) expect(() => readConfig({ WHIST_TRUST_PROXY: bad })).toThrow(/WHIST_TRUST_PROXY/);
  });

  it('counts tables opened per client behind one trusted proxy, and ignores the header when it trusts none', async () => {
    const behind = await start(1);
    // Two clients behind the same proxy: each has its own two tables.
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      expect(await openVia(behind.url, client)).toBe(201);
      expect(await openVia(behind.url, `9.9.9.9, ${client}`)).toBe(201);
      expect(await openVia(behind.url, client)).toBe(429);
    }
    // Not behind a proxy: the header is a client's own word, and the socket's address is counted.
    const direct = await start(0);
    expect(await openVia(direct.url, '198.51.100.3')).toBe(201);
    expect(await openVia(direct.url, '198.51.100.4')).toBe(201);
    expect(await openVia(direct.url, '198.51.100.5')).toBe(429);
  });
});
