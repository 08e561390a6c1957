/**
 * Scripted players over HTTP, as a real client would be written: each seat follows the table's event
 * stream, and when it is its turn reads its view and plays the library's heuristic card, naming the
 * version it saw. A seat may be given several server addresses: when one stops answering it carries on
 * through the next, and settles any play left in doubt by reading the table again.
 */

import { heuristicPlayer, type PlayerView, type Seat } from 'whist';
import { type EventSubscription, follow, type Reply, request } from './http.js';
import { sleep } from './wait.js';

export const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

export interface OpenedTable {
  readonly id: string;
  readonly seats: Record<Seat, { readonly player: string; readonly token: string }>;
}

/** A play, by hand: `dealNumber` is the view's count of hands dealt when it was sent. */
export interface PlayRecord {
  readonly table: string;
  readonly dealNumber: number;
  readonly seat: Seat;
  readonly card: string;
}

/** What the players saw, across tables. */
export class PlayStats {
  /** Plays answered 200. */
  readonly acked: PlayRecord[] = [];
  /** Plays whose request got no answer, and whether reading the table showed them applied. */
  readonly inDoubt: Array<PlayRecord & { landed: boolean }> = [];
  /** Milliseconds from sending a play to its 200. */
  readonly latencies: number[] = [];
  /** When each of those plays was answered (`performance.now()`). */
  readonly answeredAt: number[] = [];
  /** Answers other than 200 to a play, and 503s to any request, by status and code. */
  readonly refusals = new Map<string, number>();
  /** Times a seat moved to another server after one stopped answering. */
  failovers = 0;
  /** Times a seat read the table because no event came for a while. */
  polls = 0;
  /** `version` events received. */
  events = 0;

  refused(reply: Reply): void {
    const key = `${reply.status} ${reply.json?.error?.code ?? ''}`.trim();
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

export interface PlayOptions {
  /**
   * Stop at this time (ms since the epoch, `Date.now()`), finished or not. The benchmark plays for a time;
   * the tests leave it out and play a counted workload to its end.
   */
  readonly deadline?: number;
  /** Read the table when no event has come for this long. */
  readonly pollMs?: number;
  /** A pause before each play, as a person or a computer player thinks (the benchmark's paced load); default none. */
  readonly thinkMs?: number;
}

const NETWORK = /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|timeout|other side closed/i;

/** One seat's player. */
class SeatPlayer {
  private base: number;
  private subscription: EventSubscription | null = null;
  private wake: (() => void) | null = null;
  private woken = true;
  private stopped = false;

  constructor(
    private readonly table: OpenedTable,
    private readonly seat: Seat,
    private readonly bases: readonly string[],
    preferred: number,
    private readonly stats: PlayStats,
    private readonly options: PlayOptions,
  ) {
    this.base = preferred % bases.length;
  }

  private get deadline(): number {
    return this.options.deadline ?? Number.POSITIVE_INFINITY;
  }

  private get token(): string {
    return this.table.seats[this.seat].token;
  }

  private nudge(): void {
    this.woken = true;
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private listen(): void {
    if (this.stopped) return;
    const base = this.bases[this.base] as string;
    this.subscription = follow(
      base,
      `/tables/${this.table.id}/events`,
      this.token,
      (e) => {
        if (e.event !== 'version') return;
        this.stats.events++;
        const next = JSON.parse(e.data).next as { action: string; seat?: Seat };
        if (next.action === 'newRubber' || (next.action === 'play' && next.seat === this.seat)) this.nudge();
      },
      (why) => {
        if (this.stopped) return;
        if (/ECONNREFUSED|ECONNRESET/.test(why) && this.bases[this.base] === base) this.failover();
        setTimeout(() => this.listen(), 100).unref();
        this.nudge();
      },
    );
  }

  private failover(): void {
    if (this.bases.length < 2) return;
    this.base = (this.base + 1) % this.bases.length;
    this.stats.failovers++;
  }

  /** A request, carried on through the next server when one does not answer; 429 waits as told. */
  private async call(method: string, path: string, body?: unknown): Promise<Reply> {
    for (;;) {
      if (Date.now() > this.deadline) throw new Error('deadline');
      try {
        const reply = await request(this.bases[this.base] as string, method, path, {
          token: this.token,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (reply.status === 503) {
          // The store did not answer (or the process is stopping). A play may have been applied all the
          // same (its statement committed, its answer lost): it is in doubt. A read is simply tried again.
          this.stats.refused(reply);
          if (method === 'POST') throw new InDoubt();
          await sleep(100);
          continue;
        }
        if (reply.status !== 429) return reply;
        await sleep(1000 * Number(reply.headers['retry-after'] ?? 1));
      } catch (e) {
        if (!NETWORK.test(String((e as Error).message) + String((e as NodeJS.ErrnoException).code))) throw e;
        this.failover();
        if (method === 'POST') throw new InDoubt();
        await sleep(50);
      }
    }
  }

  async run(): Promise<boolean> {
    this.listen();
    const poll = this.options.pollMs ?? 3_000;
    try {
      while (Date.now() < this.deadline) {
        if (!this.woken) {
          const timedOut = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), poll);
            this.wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
          });
          // A wait that ends past the deadline is the end of the run, not a missed event.
          if (timedOut && Date.now() < this.deadline) this.stats.polls++;
        }
        this.woken = false;
        const seen = await this.call('GET', `/tables/${this.table.id}`);
        if (seen.status !== 200) throw new Error(`GET ${seen.status} ${seen.text}`);
        const { version, view } = seen.json as { version: number; view: { next: { action: string; seat?: Seat }; dealNumber: number; hand: PlayerView } };
        if (view.next.action === 'newRubber') return true;
        if (view.next.action !== 'play' || view.next.seat !== this.seat) continue;
        const card = heuristicPlayer(view.hand);
        if (this.options.thinkMs !== undefined && this.options.thinkMs > 0) await sleep(this.options.thinkMs);
        const record: PlayRecord = { table: this.table.id, dealNumber: view.dealNumber, seat: this.seat, card };
        const sent = performance.now();
        const body = { type: 'play', card, version };
        // A play left without an answer (its server died), or answered 503 (the store failed under it), may still be applied afterwards: the dead
        // process's statement can commit after we look. It names its version, so it can only ever be
        // applied to that version. So read the table (through the next server): if it has moved past that
        // version, the play was applied, since only this seat's play could move it on; if not, send the
        // same play again. Exactly one of the two copies can be applied, and a 409 then says it was the first.
        let reply: Reply | null = null;
        let doubt = false;
        let landed = false;
        for (let tries = 0; reply === null && !landed; tries++) {
          try {
            reply = await this.call('POST', `/tables/${this.table.id}/actions`, body);
          } catch (e) {
            if (!(e instanceof InDoubt) || tries >= 30) throw e;
            doubt = true;
            const again = await this.call('GET', `/tables/${this.table.id}`);
            landed = again.json.version > version;
          }
        }
        if (doubt && reply?.status === 409 && reply.json?.error?.code === 'STALE_VERSION') landed = true;
        if (doubt) this.stats.inDoubt.push({ ...record, landed });
        if (reply === null || landed) {
          this.nudge();
          continue;
        }
        if (reply.status === 200) {
          this.stats.acked.push(record);
          const now = performance.now();
          this.stats.latencies.push(now - sent);
          this.stats.answeredAt.push(now);
          const next = reply.json.view.next as { action: string; seat?: Seat };
          if (next.action === 'newRubber' || next.seat === this.seat) this.nudge();
        } else {
          this.stats.refused(reply);
          this.nudge();
        }
      }
      return false;
    } catch (e) {
      if ((e as Error).message === 'deadline') return false;
      throw e;
    } finally {
      this.stopped = true;
      this.subscription?.close();
    }
  }
}

class InDoubt extends Error {}

/** Opens a table through `base`. */
export async function openTable(base: string, body: unknown = {}): Promise<OpenedTable> {
  for (;;) {
    const r = await request(base, 'POST', '/tables', { body: JSON.stringify(body) });
    if (r.status === 201) return r.json as OpenedTable;
    if (r.status !== 429) throw new Error(`POST /tables: ${r.status} ${r.text}`);
    await sleep(1000 * Number(r.headers['retry-after'] ?? 1));
  }
}

/**
 * Plays a table's rubber to its end with four seats. `serverOf(seat)` picks each seat's first server
 * among `bases`. Resolves `true` when the rubber is over, `false` at the deadline (if there is one).
 */
export async function playRubber(
  table: OpenedTable,
  bases: readonly string[],
  serverOf: (seat: Seat) => number,
  stats: PlayStats,
  options: PlayOptions = {},
): Promise<boolean> {
  const done = await Promise.all(SEATS.map((seat) => new SeatPlayer(table, seat, bases, serverOf(seat), stats, options).run()));
  return done.every(Boolean);
}

/** The p-th percentile (0-100) of some numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
