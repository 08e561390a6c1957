// `npm run play`: the game server and the page, ready to play alone or with others on this machine. Builds
// the library only when it is stale (quietly), starts the server with CORS open to the page's origin and the
// page with that server as the one to open tables on, and prints the page's address once both answer.
//
// `node scripts/play.mjs server` (`npm run server`) or `web` (`npm run web`) starts one of the two, set up
// to work with the other started the same way.
//
// Ports: `PORT` is the page's (default 5173), `SERVER_PORT` the server's (default 8080); 0 picks a free one.
// With `server` alone, `PORT` is the server's, as the server reads it.
//
// For players on other machines, both stay on 127.0.0.1 behind a reverse proxy that serves HTTPS at
// `WHIST_PUBLIC_URL` (e.g. `https://cards.example`): the page at `/`, the server at `/api/` (the prefix
// taken off). The page then opens tables at `WHIST_PUBLIC_URL/api`, so the links it gives carry the public
// address; the server takes that origin for CORS and trusts the proxy's `X-Forwarded-For` for the client's
// address (`WHIST_TRUST_PROXY`, 1 unless set). docs/backend.md, "Serving players on other machines".
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureLibrary, ROOT } from './library.mjs';

const HOST = '127.0.0.1';
const mode = process.argv[2] ?? 'both';
if (!['both', 'server', 'web'].includes(mode)) {
  console.error(`usage: node scripts/play.mjs [server|web], got ${JSON.stringify(mode)}`);
  process.exit(2);
}

function port(name, fallback) {
  const text = process.env[name] ?? '';
  const n = text === '' ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return n;
}

/** A port free now on 127.0.0.1, for a 0 given: both processes must know both addresses before they start. */
function freePort(wanted) {
  if (wanted !== 0) return Promise.resolve(wanted);
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

/** `WHIST_PUBLIC_URL` read: its origin, or `null` when it is not set; a URL that is not http(s) with no path stops the script. */
function publicOrigin() {
  const text = (process.env.WHIST_PUBLIC_URL ?? '').trim();
  if (text === '') return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname.replace(/\/+$/, '') !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    console.error(`WHIST_PUBLIC_URL must be the address players open, such as https://cards.example (no path), got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return url.origin;
}

const children = [];
let stopping = false;

/** Stops every child still running, then exits with `code`. */
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const c of running) {
    c.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    c.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }, 10_000).unref();
}

/** Starts `node --import tsx <file>` in `dir`; resolves with the first match of `ready` in its output. */
function start(label, dir, file, env, ready) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: join(ROOT, dir),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let found = false;
    const read = (stream, sink) =>
      stream.on('data', (chunk) => {
        const text = chunk.toString('utf8');
        for (const line of text.split('\n')) if (line !== '') sink.write(`[${label}] ${line}\n`);
        if (found) return;
        out += text;
        const m = ready.exec(out);
        if (m !== null) {
          found = true;
          resolve(m[1]);
        }
      });
    read(child.stdout, process.stdout);
    read(child.stderr, process.stderr);
    child.once('exit', (code, signal) => {
      if (!found) reject(new Error(`the ${label} stopped before it was ready (${signal ?? code})`));
      else if (!stopping) {
        console.error(`The ${label} stopped (${signal ?? code}).`);
        stopAll(code === 0 ? 1 : (code ?? 1));
      }
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

if (ensureLibrary()) console.log('Built the library.');

const SERVER_READY = /listening on (http:\/\/\S+)/;
const WEB_READY = /The whist table is at (http:\/\/\S+)/;

try {
  if (mode === 'server') {
    const serverPort = port('PORT', 8080);
    // The page as `npm run web` serves it may call this server.
    const cors = process.env.WHIST_CORS_ORIGIN || `http://${HOST}:5173`;
    await start('server', 'server', 'src/main.ts', { PORT: String(serverPort), WHIST_CORS_ORIGIN: cors }, SERVER_READY);
  } else if (mode === 'web') {
    await start('web', 'web', 'serve.ts', { PORT: String(port('PORT', 5173)) }, WEB_READY);
  } else {
    const published = publicOrigin();
    const webPort = await freePort(port('PORT', 5173));
    const serverPort = await freePort(port('SERVER_PORT', 8080));
    const origin = published ?? `http://${HOST}:${webPort}`;
    const api = published === null ? `http://${HOST}:${serverPort}` : `${published}/api`;
    const serverEnv = { PORT: String(serverPort), WHIST_CORS_ORIGIN: origin };
    if (published !== null) serverEnv.WHIST_TRUST_PROXY = process.env.WHIST_TRUST_PROXY || '1';
    const [server, page] = await Promise.all([
      start('server', 'server', 'src/main.ts', serverEnv, SERVER_READY),
      start('web', 'web', 'serve.ts', { PORT: String(webPort), WHIST_SERVER: api }, WEB_READY),
    ]);
    console.log('');
    if (published === null) {
      console.log(`Whist is ready: open ${page}`);
      console.log(`  Play alone against the computer, or under "Play with three others" open a table on the server at ${server}`);
      console.log('  and send each player the link for their seat (players on this machine can open them). Ctrl+C stops both.');
    } else {
      console.log(`Whist is ready for the reverse proxy at ${published}: the page is at ${page}, the server at ${server}.`);
      console.log(`  The proxy serves ${published}/ from ${page} and ${published}/api/ from ${server} (the /api prefix taken off);`);
      console.log(`  players open ${published}, and the links for their seats carry it. Ctrl+C stops both.`);
    }
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  stopAll(1);
}
