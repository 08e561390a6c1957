/** The server's parts that need no database: configuration, tokens, the rate limiter, request bodies. */

import { describe, expect, it } from 'vitest';
import { bearerToken, hashToken, newTableId, newToken, seatOfToken } from '../src/auth.js';
import { DEFAULTS, readConfig } from '../src/config.js';
import { readChange } from '../src/db/sql.js';
import { ApiError } from '../src/errors.js';
import { RateLimiter } from '../src/limits.js';
import { Presence } from '../src/presence.js';
import { readAction, readCreate } from '../src/requests.js';

function refusal(f: () => unknown): [number, string] | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof ApiError) return [e.status, e.code];
    throw e;
  }
}

describe('configuration', () => {
  it('defaults to 127.0.0.1:8080, PGlite in memory, seeds allowed, deals from the table', () => {
    expect(readConfig({})).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, dataDir: undefined, bodyLimit: 16384, deals: 'table' });
  });
  it('reads the environment and refuses nonsense', () => {
    const c = readConfig({ PORT: '0', DATABASE_URL: 'postgres://x@h/db', WHIST_ALLOW_SEED: '0', WHIST_DEALS: 'crypto', WHIST_RATE_LIMIT: '0' });
    expect(c).toMatchObject({ port: 0, databaseUrl: 'postgres://x@h/db', allowSeed: false, deals: 'crypto', tokenRate: 0 });
    expect(() => readConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readConfig({ WHIST_DEALS: 'deck' })).toThrow(/WHIST_DEALS/);
  });

  it('reads the presence heartbeat, 5 s by default, and refuses none at all', () => {
    expect(DEFAULTS.presenceHeartbeatSeconds).toBe(5);
    expect(readConfig({ WHIST_PRESENCE_HEARTBEAT: '0.5' }).presenceHeartbeatSeconds).toBe(0.5);
    expect(() => readConfig({ WHIST_PRESENCE_HEARTBEAT: '0' })).toThrow(/WHIST_PRESENCE_HEARTBEAT/);
  });

  it('reads the caps, retention, stopping, logs and metrics, and refuses nonsense', () => {
    expect(DEFAULTS).toMatchObject({
      maxConnections: 4000,
      connectionsPerAddress: 256,
      maxStreams: 2000,
      streamsPerAddress: 64,
      tablesPerAddress: 500,
      tablesWindowSeconds: 86_400,
      finishedRetentionSeconds: 604_800,
      abandonedRetentionSeconds: 2_592_000,
      sweepIntervalSeconds: 600,
      drainSeconds: 0,
      shutdownTimeoutSeconds: 10,
      logLevel: 'info',
      metrics: true,
    });
    const c = readConfig({
      WHIST_MAX_CONNECTIONS: '100',
      WHIST_CONNECTIONS_PER_ADDRESS: '0',
      WHIST_MAX_STREAMS: '50',
      WHIST_STREAMS_PER_ADDRESS: '5',
      WHIST_TABLES_PER_ADDRESS: '20',
      WHIST_TABLES_WINDOW: '3600',
      WHIST_FINISHED_RETENTION: '0.5',
      WHIST_ABANDONED_RETENTION: '60',
      WHIST_SWEEP_INTERVAL: '0.2',
      WHIST_DRAIN_SECONDS: '5',
      WHIST_SHUTDOWN_TIMEOUT: '20',
      WHIST_LOG_LEVEL: 'warn',
      WHIST_METRICS: '0',
    });
    expect(c).toMatchObject({
      maxConnections: 100,
      connectionsPerAddress: 0,
      maxStreams: 50,
      streamsPerAddress: 5,
      tablesPerAddress: 20,
      tablesWindowSeconds: 3600,
      finishedRetentionSeconds: 0.5,
      abandonedRetentionSeconds: 60,
      sweepIntervalSeconds: 0.2,
      drainSeconds: 5,
      shutdownTimeoutSeconds: 20,
      logLevel: 'warn',
      metrics: false,
    });
    expect(() => readConfig({ WHIST_MAX_STREAMS: '-1' })).toThrow(/WHIST_MAX_STREAMS/);
    expect(() => readConfig({ WHIST_FINISHED_RETENTION: 'a week' })).toThrow(/WHIST_FINISHED_RETENTION/);
    expect(() => readConfig({ WHIST_LOG_LEVEL: 'loud' })).toThrow(/WHIST_LOG_LEVEL/);
  });
});

describe('request targets', () => {
  it('a path or an absolute http URL; anything a URL parser reads as a host, or refuses, is none', async () => {
    const { requestTarget } = await import('../src/api.js');
    expect(requestTarget('/tables/abc/events?token=x')?.pathname).toBe('/tables/abc/events');
    expect(requestTarget('http://whist/health')?.pathname).toBe('/health');
    expect(requestTarget(undefined)?.pathname).toBe('/');
    for (const t of ['//[', '//evil.example/health', '*', 'whist:443', '', 'http://[', 'javascript:alert(1)']) expect(requestTarget(t), t).toBeNull();
  });
});

describe('tokens', () => {
  it('are 256 random bits, stored as SHA-256, matched to their seat', () => {
    const tokens = Array.from({ length: 200 }, newToken);
    expect(new Set(tokens).size).toBe(200);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(Buffer.from(newTableId(), 'base64url')).toHaveLength(16);
    const [n, e, s, w] = tokens as [string, string, string, string];
    const hashes = { N: hashToken(n), E: hashToken(e), S: hashToken(s), W: hashToken(w) };
    expect(hashes.N).toMatch(/^[0-9a-f]{64}$/);
    expect(seatOfToken(hashes, hashToken(s))).toBe('S');
    expect(seatOfToken(hashes, hashToken(tokens[10] as string))).toBeNull();
  });
  it('come only as a well-formed bearer header', () => {
    const t = newToken();
    expect(bearerToken(`Bearer ${t}`)).toBe(t);
    expect(bearerToken(`bearer ${t}`)).toBe(t);
    for (const bad of [undefined, '', t, `Basic ${t}`, `Bearer ${t}x`, `Bearer ${t.slice(1)}`, `Bearer ${t} ${t}`, 'Bearer ../../etc/passwd'])
      expect(bearerToken(bad)).toBeNull();
  });
});

describe('the rate limiter', () => {
  it('allows a burst, then the rate, per key; forgets idle keys', () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 10, burst: 20 }, 100, () => now);
    for (let i = 0; i < 20; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
    now += 100; // 0.1 s: one more
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    now += 10_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
    limiter.close();
  });
  it('refuses new keys beyond its size, and a rate of 0 turns it off', () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 1 }, 2, () => 0);
    expect([limiter.take('a'), limiter.take('b'), limiter.take('c')]).toEqual([0, 0, 1]);
    limiter.close();
    const off = new RateLimiter({ perSecond: 0, burst: 0 });
    for (let i = 0; i < 1000; i++) expect(off.take('x')).toBe(0);
    off.close();
  });
});

describe('request bodies', () => {
  it('an action: the fields the library reads, and the version apart', () => {
    expect(readAction({ type: 'play', card: 'AS', version: 3 })).toEqual({ body: { type: 'play', card: 'AS' }, version: 3 });
    expect(readAction({ type: 'newRubber' })).toEqual({ body: { type: 'newRubber' } });
    // Unknown fields are left for clientAction to refuse, as own keys, "__proto__" included.
    const hostile = readAction(JSON.parse('{"type":"play","card":"AS","__proto__":{"seat":"N"}}'));
    expect(Object.keys(hostile.body)).toEqual(['type', 'card', '__proto__']);
    expect(Object.getPrototypeOf(hostile.body)).toBe(Object.prototype);
    for (const bad of [
      undefined,
      null,
      [],
      'play',
      { card: 'AS' },
      { type: 1 },
      { type: 'play' },
      { type: 'play', card: 1 },
      { type: 'play', card: 'AS', version: 0 },
      { type: 'play', card: 'AS', version: 1.5 },
    ])
      expect(refusal(() => readAction(bad))).toEqual([400, 'INVALID_REQUEST']);
  });
  it('a new table: rules by name, four names, a number seed', () => {
    expect(readCreate(undefined)).toEqual({ rules: 'short' });
    expect(readCreate({ rules: 'ten-point', players: ['a', 'b', 'c', 'd'], seed: 2 })).toEqual({ rules: 'ten-point', players: ['a', 'b', 'c', 'd'], seed: 2 });
    for (const bad of [{ rules: 'bridge' }, { rules: 'toString' }, { players: ['a'] }, { seed: '1' }, { deck: [] }, JSON.parse('{"__proto__":{}}')])
      expect(refusal(() => readCreate(bad))).toEqual([400, 'INVALID_REQUEST']);
  });
  it('a notification: only a well-formed change', () => {
    expect(readChange('{"id":"t","version":3,"next":{"action":"play","seat":"N"}}')).toEqual({ id: 't', version: 3, next: { action: 'play', seat: 'N' } });
    for (const bad of ['', 'x', '{"id":1,"version":3,"next":{}}', '{"id":"t","version":"3","next":{}}', '{"id":"t","version":3}'])
      expect(readChange(bad)).toBeNull();
  });
});

describe('presence', () => {
  it('a seat is empty, connected while it has a stream, away, then stood in for; its stream gives it back', () => {
    let now = 1_000_000;
    const presence = new Presence(() => now);
    const changed: string[] = [];
    presence.onChange = (id) => changed.push(id);
    const players = { N: 'ann', E: 'bob', S: 'cy', W: 'di' };
    const status = () => Object.values(presence.seats('t', players, ['W'], 30)).map((s) => (s.standIn ? 'stand-in' : s.status));
    expect(status()).toEqual(['empty', 'empty', 'empty', 'computer']);
    expect(presence.open('t', 'N')).toBe(true);
    expect(presence.open('t', 'N')).toBe(false);
    expect(status()).toEqual(['connected', 'empty', 'empty', 'computer']);
    presence.close('t', 'N');
    expect(status()[0]).toBe('connected');
    presence.close('t', 'N');
    expect(status()[0]).toBe('away');
    expect(presence.standInWait('t', 'N', 30)).toBe(30_000);
    expect(presence.standInWait('t', 'E', 30)).toBe(null);
    now += 30_000;
    expect(status()[0]).toBe('stand-in');
    expect(presence.standInWait('t', 'N', 30)).toBe(0);
    presence.open('t', 'N');
    expect(status()[0]).toBe('connected');
    expect(changed).toEqual(['t', 't', 't']);
    // A table no one has followed for a day is forgotten; one followed now is kept.
    presence.close('t', 'N');
    presence.open('u', 'E');
    presence.sweep();
    expect(presence.size).toBe(2);
    now += 86_400_000 + 60_000;
    presence.sweep();
    expect(presence.size).toBe(1);
    presence.stop();
  });
});
