/** A small HTTP client over loopback for the tests and the benchmark: plain `node:http`, keep-alive, every reply kept as text. */

import http, { type IncomingHttpHeaders } from 'node:http';

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
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

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
