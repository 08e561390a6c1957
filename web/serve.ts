/**
 * `npm run web`: builds the page when its sources (or the library's build) are newer than the built page,
 * and serves it on 127.0.0.1 at the port in `PORT` (default 5173). `WHIST_SERVER`, when set, is the game
 * server the page offers to open a table on (`npm run play` sets it).
 *
 * A static server for `web/dist/` only: GET and HEAD (other methods 405), no directory listing, nothing
 * outside the folder (a path that leaves it, even by an escaped `/` or a link, is 404), and a path that is
 * not one (a malformed escape) is 400 without stopping the server.
 * Pages are sent with a content security policy and `Referrer-Policy: no-referrer`, since a server
 * table's URL holds a seat's token.
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, OUT_DIR, WEB_DIR } from './scripts/build.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src *; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

/** The page's static server, listening. */
export interface WebServer {
  /** Where it listens: `http://127.0.0.1:PORT/`. */
  readonly url: string;
  readonly server: Server;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** The newest modification time of a file or of any file under a folder; 0 when there is none. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

/** The built page is missing, or older than its sources, its build script or the library's build. */
export function pageIsStale(outDir: string = OUT_DIR): boolean {
  const built = existsSync(join(outDir, 'index.html')) && existsSync(join(outDir, 'app.js')) ? statSync(join(outDir, 'app.js')).mtimeMs : 0;
  if (built === 0) return true;
  const sources = ['src', 'index.html', 'scripts', join('..', 'dist')].map((p) => newest(join(WEB_DIR, p)));
  return Math.max(...sources) > built;
}

/** `<meta name="whist-server" content="…">`, with the value escaped for an attribute. */
function serverMeta(server: string): string {
  const value = server.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="whist-server" content="${value}" />`;
}

/** A plain-text answer with the page's headers: `status` and a short reason. */
function refuse(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...extra, ...HEADERS }).end(text);
}

/**
 * The file under `root` that a request's path names, or why there is none: `400` for a path that is not
 * one (a malformed escape such as `%ff`, a NUL or a backslash), `404` for one outside `root` or missing. A
 * path ending in `/` names that folder's `index.html`. Symbolic links are followed only when they stay
 * under `root`.
 */
export function fileFor(root: string, target: string): { file: string } | { status: 400 | 404 } {
  let name: string;
  try {
    name = decodeURIComponent(new URL(target, 'http://page').pathname);
  } catch {
    return { status: 400 };
  }
  if (name.includes('\0') || name.includes('\\')) return { status: 400 };
  if (name.endsWith('/')) name += 'index.html';
  const file = resolve(root, `.${name}`);
  const inside = (f: string, r: string) => f.startsWith(r.endsWith(sep) ? r : r + sep);
  if (!inside(file, root) || !existsSync(file)) return { status: 404 };
  // Where the file really is: a link out of the folder is as good as missing.
  const real = realpathSync(file);
  if (!inside(real, realpathSync(root)) || !statSync(real).isFile()) return { status: 404 };
  return { file: real };
}

/** Answers one request for a file under `root`, with the game server's address in pages when there is one. */
function answer(req: IncomingMessage, res: ServerResponse, root: string, gameServer: string | undefined): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    refuse(res, 405, 'Only GET and HEAD', { allow: 'GET, HEAD' });
    return;
  }
  const found = fileFor(root, req.url ?? '/');
  const type = 'file' in found ? TYPES[extname(found.file)] : undefined;
  if (!('file' in found) || type === undefined) {
    const status = 'status' in found ? found.status : 404;
    refuse(res, status, status === 400 ? 'Bad request' : 'Not found');
    return;
  }
  let body = readFileSync(found.file);
  if (gameServer !== undefined && extname(found.file) === '.html')
    body = Buffer.from(body.toString('utf8').replace('</head>', `  ${serverMeta(gameServer)}\n  </head>`));
  res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...HEADERS });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves `dir` (default `web/dist/`) on `host:port`; port 0 picks a free one. With `server`, the page names
 * that game server as the one to open tables on.
 */
export async function serve(options: { port?: number; host?: string; dir?: string; server?: string } = {}): Promise<WebServer> {
  const root = resolve(options.dir ?? OUT_DIR);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    try {
      answer(req, res, root, options.server);
    } catch {
      // A file that vanished or cannot be read between the checks and the read: nothing else is said.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', ...HEADERS });
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5173, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = process.env.PORT ?? '';
  const port = text === '' ? 5173 : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  if (pageIsStale()) {
    // Quietly: the sizes are what `npm run build -w whist-web` prints.
    await build();
    console.log('Built the page.');
  }
  const server = process.env.WHIST_SERVER;
  const web = await serve({ port, ...(server === undefined || server === '' ? {} : { server }) }).catch((e: unknown) => {
    console.error(`could not listen on 127.0.0.1:${port}: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
  console.log(`The whist table is at ${web.url}`);
  console.log(`Solo: ${web.url}?rules=short&seed=7&bots=basic`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void web.close().then(() => process.exit(0)));
}
