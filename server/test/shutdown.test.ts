/**
 * Stopping a server process as a deployment does, with SIGTERM: it stops accepting connections, ends its
 * event streams with a retry hint, finishes the request in flight (a play whose body had not arrived yet:
 * it is applied, answered and kept), and exits 0. With a drain time, `/ready` answers 503 first while
 * everything else is still served; a second signal ends the process at once. Its log is JSON lines, and
 * no token ever appears in it, though one came in a query string.
 *
 * Every step waits for what it needs (an answer, a closed socket, an exit), never for a time.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawConnection, readRaw, request } from './support/http.js';
import { openTable } from './support/players.js';
import { type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

const dirs: string[] = [];
const processes: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function spawn(env: Record<string, string>): Promise<ServerProcess> {
  const p = await spawnServer({ WHIST_RATE_LIMIT: '0', ...env });
  processes.push(p);
  return p;
}

const exited = (p: ServerProcess) => waitFor('the process to exit', () => p.child.exitCode !== null || p.child.signalCode !== null);

describe('SIGTERM', () => {
  it(
    'stops accepting, ends event streams with a retry hint, finishes the play in flight, and exits 0; the play is kept',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'whist-data-'));
      dirs.push(dir);
      // A long timeout for the request in flight: a busy machine may take a while between the signal and its body.
      const p = await spawn({ WHIST_DATA_DIR: dir, WHIST_SHUTDOWN_TIMEOUT: '120' });
      const t = await openTable(p.url, { seed: 3 });
      // An event stream with its token in the query string, as EventSource sends it.
      const stream = rawConnection(p.url, `GET /tables/${t.id}/events?token=${t.seats.S.token} HTTP/1.1\r\nHost: whist\r\n\r\n`);
      let streamText = '';
      let streamClosed = false;
      stream.on('data', (c: Buffer) => {
        streamText += c.toString('utf8');
      });
      stream.on('close', () => {
        streamClosed = true;
      });
      await waitFor('the stream to send version 1', () => streamText.includes('id: 1\n'));

      // A play whose headers have arrived (the server said 100 Continue) and whose body has not.
      const any = await request(p.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
      const seat = any.json.view.next.seat as 'N' | 'E' | 'S' | 'W';
      const own = await request(p.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
      const card = own.json.view.hand.legalMoves[0] as string;
      const body = JSON.stringify({ type: 'play', card, version: 1 });
      const play = rawConnection(
        p.url,
        `POST /tables/${t.id}/actions HTTP/1.1\r\nHost: whist\r\nAuthorization: Bearer ${t.seats[seat].token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      let playText = '';
      play.on('data', (c: Buffer) => {
        playText += c.toString('latin1');
      });
      const answer = readRaw(play);
      answer.catch(() => {});
      await waitFor('100 Continue', () => playText.startsWith('HTTP/1.1 100 Continue'));

      p.child.kill('SIGTERM');
      await waitFor('the event stream to end', () => streamClosed);
      // The stream is chunked: its last line is the hint, then the chunk that ends the answer cleanly.
      const hint = /retry: (\d+)\n\n\r\n0\r\n\r\n$/.exec(streamText);
      expect(hint, streamText).not.toBeNull();
      expect(Number(hint?.[1])).toBeGreaterThanOrEqual(1000);
      expect(Number(hint?.[1])).toBeLessThanOrEqual(3000);
      await waitFor('new connections to be refused', () =>
        request(p.url, 'GET', '/health', { agent: undefined, timeoutMs: 10_000 }).then(
          () => false,
          (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
        ),
      );
      expect(p.child.exitCode).toBeNull();

      play.write(body);
      const reply = await answer;
      expect([reply.status, reply.headers.connection, JSON.parse(reply.body).version]).toEqual([200, 'close', 2]);
      await exited(p);
      expect(p.child.exitCode, p.output()).toBe(0);

      const lines = p
        .output()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => {
          try {
            return JSON.parse(l);
          } catch {
            throw new Error(`a log line that is not JSON: ${l}`);
          }
        });
      for (const l of lines) expect(l, p.output()).toMatchObject({ level: expect.any(String), time: expect.any(String) });
      // In the order they were logged (each line's time): the pipe may deliver two lines written a moment apart out of order.
      const messages = [...lines].sort((a, b) => String(a.time).localeCompare(String(b.time))).map((l) => l.msg);
      expect(messages, p.output()).toContain('SIGTERM: stopping gracefully');
      expect(messages.at(-1), p.output()).toBe('stopped');
      expect(lines.find((l) => l.method === 'POST' && l.path === `/tables/${t.id}/actions`)).toMatchObject({ status: 200 });
      expect(lines.find((l) => l.path === `/tables/${t.id}/events`)).toMatchObject({ status: 200 });
      for (const token of [t.seats.N.token, t.seats.E.token, t.seats.S.token, t.seats.W.token]) expect(p.output()).not.toContain(token);

      // The play answered during the stop is stored.
      const again = await spawn({ WHIST_DATA_DIR: dir });
      const read = await request(again.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
      expect(read.json.version).toBe(2);
      expect(read.json.view.hand.cards).not.toContain(card);
      again.child.kill('SIGTERM');
      await exited(again);
      expect(again.child.exitCode, again.output()).toBe(0);
    },
    2 * START_LIMIT_MS,
  );

  it(
    'with a drain time: /ready answers 503 at once while requests are still served; a second signal ends the process',
    async () => {
      const p = await spawn({ WHIST_DRAIN_SECONDS: '600' });
      expect((await request(p.url, 'GET', '/ready')).status).toBe(200);
      p.child.kill('SIGTERM');
      await waitFor('/ready to answer 503', async () => (await request(p.url, 'GET', '/ready')).status === 503);
      const ready = await request(p.url, 'GET', '/ready');
      expect([ready.status, ready.json.error.code]).toEqual([503, 'SHUTTING_DOWN']);
      expect((await request(p.url, 'GET', '/health')).status).toBe(200);
      const opened = await request(p.url, 'POST', '/tables', { body: '{}' });
      expect([opened.status, opened.headers.connection]).toEqual([201, 'close']);
      p.child.kill('SIGTERM');
      await exited(p);
      expect(p.child.exitCode).toBe(1);
      expect(p.output()).toContain('SIGTERM again: exiting now');
    },
    START_LIMIT_MS,
  );
});
