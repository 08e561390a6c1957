/**
 * Caps on what one client address, and the whole process, may hold open: connections and event streams.
 * A process that holds every connection it is offered runs out of file descriptors and stops accepting
 * any, `/health` included; these caps refuse the excess with an answer instead.
 *
 * - A connection past a cap (per address, then per process) is still accepted, so that it can be told why:
 *   its request is answered 429 (per address) or 503 (per process), `Retry-After` and `Connection: close`,
 *   except the probes (`/health`, `/ready`, `/metrics`), which are answered as usual. Such a connection is
 *   closed when it has been idle for a moment, and Node's own `maxConnections` drops anything past twice
 *   the process cap before a byte is read.
 * - An event stream past a cap is refused the same way: 429 per address, 503 per process.
 *
 * Counted per process: behind a proxy every connection comes from the proxy's address, so there the
 * per-address caps belong to the proxy (set them to 0 here).
 *
 * @module
 */

import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from './errors.js';

export interface Caps {
  /** Open connections per process; 0: no cap. */
  readonly maxConnections: number;
  /** Open connections per client address; 0: no cap. */
  readonly connectionsPerAddress: number;
  /** Event streams per process; 0: no cap. */
  readonly maxStreams: number;
  /** Event streams per client address; 0: no cap. */
  readonly streamsPerAddress: number;
}

/** How long a connection past a cap may stay idle before it is closed. */
const EXCESS_IDLE_MS = 2_000;
/** The seconds a refused client is told to wait. */
const RETRY_SECONDS = 5;

type Excess = 'address' | 'process';

/** The client address of a socket. */
export function addressOf(socket: Socket): string {
  return socket.remoteAddress ?? 'unknown';
}

/** The most proxies the server may be told it stands behind (`WHIST_TRUST_PROXY`). */
export const MAX_PROXY_HOPS = 10;

/**
 * The client address of a request: the socket's, or behind `hops` reverse proxies the server trusts
 * (`WHIST_TRUST_PROXY`), the address the outermost of them saw, read from the right of `X-Forwarded-For`
 * (each proxy appends the address it was called from; what a client wrote further left is not read). A
 * header with fewer addresses than `hops` gives its leftmost; none, the socket's.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socket = addressOf(req.socket);
  if (hops <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.length > 4096) return socket;
  const list = text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0 && x.length <= 64);
  if (list.length === 0) return socket;
  // The socket is the nearest proxy: the one before it in the list is what it saw, and so on outwards.
  return list[Math.max(0, list.length - hops)] as string;
}

function add(map: Map<string, number>, key: string, by: number): number {
  const n = (map.get(key) ?? 0) + by;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
  return n;
}

export class ConnectionGuard {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private streamTotal = 0;
  private readonly streamsByAddress = new Map<string, number>();
  private readonly excess = new WeakMap<Socket, Excess>();

  constructor(readonly caps: Caps) {}

  /** Counts the server's connections from now on. */
  attach(http: Server): void {
    if (this.caps.maxConnections > 0) http.maxConnections = this.caps.maxConnections * 2;
    http.on('connection', (socket: Socket) => this.accept(socket));
  }

  private accept(socket: Socket): void {
    const address = addressOf(socket);
    this.total++;
    const fromAddress = add(this.byAddress, address, 1);
    socket.once('close', () => {
      this.total--;
      add(this.byAddress, address, -1);
    });
    const { maxConnections, connectionsPerAddress } = this.caps;
    const excess: Excess | null =
      connectionsPerAddress > 0 && fromAddress > connectionsPerAddress ? 'address' : maxConnections > 0 && this.total > maxConnections ? 'process' : null;
    if (excess === null) return;
    this.excess.set(socket, excess);
    socket.setTimeout(EXCESS_IDLE_MS, () => socket.destroy());
  }

  /** Connections open now. */
  get connections(): number {
    return this.total;
  }

  /** Event streams open now. */
  get streams(): number {
    return this.streamTotal;
  }

  /** Why a request on this connection is refused (a connection past a cap), or `null`. Probes are never refused. */
  refusal(socket: Socket, probe: boolean): ApiError | null {
    if (probe) return null;
    const excess = this.excess.get(socket);
    if (excess === undefined) return null;
    return excess === 'address'
      ? new ApiError(429, 'RATE_LIMITED', `too many connections from this address (at most ${this.caps.connectionsPerAddress}): wait ${RETRY_SECONDS} s`, {
          'retry-after': String(RETRY_SECONDS),
          connection: 'close',
        })
      : busy(`this process holds as many connections as it takes (${this.caps.maxConnections})`);
  }

  /** Takes an event stream for an address, or throws the refusal; returns the function that gives it back (once). */
  takeStream(address: string): () => void {
    const { maxStreams, streamsPerAddress } = this.caps;
    if (streamsPerAddress > 0 && (this.streamsByAddress.get(address) ?? 0) >= streamsPerAddress)
      throw new ApiError(429, 'RATE_LIMITED', `at most ${streamsPerAddress} event streams per address: wait ${RETRY_SECONDS} s`, {
        'retry-after': String(RETRY_SECONDS),
      });
    if (maxStreams > 0 && this.streamTotal >= maxStreams) throw busy(`this process holds as many event streams as it takes (${maxStreams})`);
    this.streamTotal++;
    add(this.streamsByAddress, address, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.streamTotal--;
      add(this.streamsByAddress, address, -1);
    };
  }
}

function busy(why: string): ApiError {
  return new ApiError(503, 'SERVER_BUSY', `${why}: try again in ${RETRY_SECONDS} s, or another process`, {
    'retry-after': String(RETRY_SECONDS),
    connection: 'close',
  });
}
