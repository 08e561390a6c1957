/** A small HTTP client over loopback for the tests and the benchmark: plain `node:http`, keep-alive, every reply kept as text. */

import http, { type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The body parsed as JSON, or `undefined`. */
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in the tests
  readonly json: any;
}

export interface RequestOptions {
  readonly token?: string;
  readonly body?: string | Buffer;
  /** Send the body in chunks without a content-length. */
  readonly chunked?: boolean;
  readonly headers?: Record<string, string>;
  readonly agent?: http.Agent;
  readonly timeoutMs?: number;
  /** The client's own address (another loopback address, 127.0.0.2, is another client to the server). */
  readonly localAddress?: string;
}

/**
 * Keep-alive, and an idle connection is closed after 2 s: before the server's keep-alive timeout (5 s)
 * closes it, so that a request never goes out on a connection the server is closing ("socket hang up").
 * A request's own timeout (below) applies while it is under way.
 */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 2_000 });

/** One request; rejects only when no reply arrives (connection refused or reset, timeout). */
export function request(base: string, method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
    if (!options.chunked) headers['content-length'] = body.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        agent: options.agent ?? agent,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
        // A request that gets no answer at all fails after this long: generous, since a busy machine is slow, not silent.
        timeout: options.timeoutMs ?? 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // The server may answer (413) and close before a large body is written: the answer is what counts.
    req.on('error', (e) => reject(e));
    if (body !== undefined && options.chunked) {
      const size = 64 * 1024;
      let at = 0;
      const pump = (): void => {
        while (at < body.length) {
          const ok = req.write(body.subarray(at, at + size));
          at += size;
          if (!ok) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    } else req.end(body);
  });
}

/** One Server-Sent Event. */
/** GET, and POST with a JSON body (a string is sent as it is), each with an optional token, to the server at `base()`. */
export function client(base: () => string): {
  get(path: string, token?: string): Promise<Reply>;
  post(path: string, body: unknown, token?: string): Promise<Reply>;
} {
  return {
    get: (path, token) => request(base(), 'GET', path, token === undefined ? {} : { token }),
    post: (path, body, token) =>
      request(base(), 'POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), ...(token === undefined ? {} : { token }) }),
  };
}

export interface ServerEvent {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: string;
}

export interface EventSubscription {
  /** Resolves when the stream is open (200 and headers), or rejects with the refusal. */
  readonly opened: Promise<void>;
  close(): void;
}

/** Follows `GET path` as an event stream; `onEnd` is called once when it ends, for whatever reason. */
export function follow(
  base: string,
  path: string,
  token: string | undefined,
  onEvent: (e: ServerEvent) => void,
  onEnd: (why: string) => void,
  options: { readonly localAddress?: string } = {},
): EventSubscription {
  const url = new URL(path, base);
  let ended = false;
  const end = (why: string): void => {
    if (!ended) {
      ended = true;
      onEnd(why);
    }
  };
  let openResolve!: () => void;
  let openReject!: (e: Error) => void;
  const opened = new Promise<void>((res, rej) => {
    openResolve = res;
    openReject = rej;
  });
  opened.catch(() => {});
  const req = http.request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: 'GET',
      headers: { accept: 'text/event-stream', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
    },
    (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => {
          openReject(new Error(`${res.statusCode} ${text}`));
          end(`status ${res.statusCode}`);
        });
        return;
      }
      openResolve();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'id') id = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length > 0) onEvent({ event, id, data: data.join('\n') });
        }
      });
      res.on('end', () => end('ended'));
      res.on('error', () => end('error'));
      res.on('close', () => end('closed'));
    },
  );
  req.on('error', (e) => {
    openReject(e);
    end(`error ${(e as NodeJS.ErrnoException).code ?? e.message}`);
  });
  req.end();
  return {
    opened,
    close() {
      ended = true;
      req.destroy();
    },
  };
}

/** A reply read off a raw socket: the status line's code, the headers (lower-case names) and the body. */
export interface RawReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Opens a TCP connection (from `localAddress`, if given) and writes `text` at once, before the server has
 * even accepted it: whatever the server does with the connection, it has the request to answer.
 */
export function rawConnection(base: string, text: string, localAddress?: string): Socket {
  const url = new URL(base);
  const socket = connect({ host: url.hostname, port: Number(url.port), ...(localAddress === undefined ? {} : { localAddress }) });
  socket.on('error', () => {});
  socket.write(text);
  return socket;
}

/**
 * Reads one answer off a socket (an answer without a `content-length`, such as an event stream, as soon as
 * its headers are: its body is then `''`); rejects if the socket ends before it is whole.
 */
export function readRaw(socket: Socket): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const done = (r: RawReply | Error): void => {
      socket.off('data', onData);
      socket.off('close', onClose);
      if (r instanceof Error) reject(r);
      else resolve(r);
    };
    const onData = (chunk: Buffer): void => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1]);
      if (status === 100) {
        buffer = buffer.subarray(end + 4);
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      // An answer without a length (an event stream) is taken as soon as its headers are.
      if (headers['content-length'] === undefined) {
        done({ status, headers, body: '' });
        return;
      }
      const length = Number(headers['content-length']);
      if (buffer.length - end - 4 < length) return;
      done({ status, headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
    };
    const onClose = (): void => done(new Error(`the socket closed before a whole answer: ${JSON.stringify(buffer.toString('latin1').slice(0, 200))}`));
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}
