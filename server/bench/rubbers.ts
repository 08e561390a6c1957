/**
 * `npm run bench:rubbers` (in server/): what a play costs through the server by the table's age, the
 * rubber it is played in (1, 10, 50, 100 by default), one client, the embedded store.
 *
 * Each table is made with the library up to the start of its rubber (first legal card every time), then
 * written to the store as the server would hold it: either as the server stores tables (each new rubber on
 * a log of its own, `archiveRubbers`, the finished rubbers' summaries kept apart from the document), or
 * with the whole log of every rubber in one document (as tables were stored before the archive). Then `--plays` plays (default 104, two hands) are made over HTTP by the seats' tokens,
 * each a GET of the seat's view and a POST of its first legal card, and timed from the GET's start to the
 * POST's answer. Each configuration runs in the same process, one after another, `--rounds` times
 * (default 3) after a round to warm up, the rubbers in turn forwards and backwards, and the median over
 * every play of every round is reported, with its ratio to rubber 1.
 *
 * The CPU time of a play is also given (client, server and store run in this process, so it is the whole
 * cost of a play): less disturbed than the time by other work on the machine.
 *
 * Configurations: a client that reads every view whole, or one that keeps the finished rubbers it was sent
 * and asks only for those after them (`?rubbers=n`, `kept`); the stored table archived or whole, and the server's cache of checked tables on
 * (`WHIST_TABLE_CACHE` 2,000) or off (0: every request checks the whole stored table, as before the cache).
 *
 *   npm run bench:rubbers -- --rubbers 1,10,50,100 --plays 104 --rounds 3
 */

import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { apply, archiveRubbers, currentHand, currentSeat, legalMoves, newTableOrThrow, type Seat, SHORT_WHIST, type TableState, tableView } from 'whist';
import { hashToken, newTableId, newToken } from '../src/auth.js';
import type { Store } from '../src/db/base.js';
import { openStore } from '../src/db/open.js';
import { type RunningServer, startServer } from '../src/server.js';
import { storedForm } from '../src/tables.js';
import { request } from '../test/support/http.js';
import { percentile } from '../test/support/players.js';

const { values } = parseArgs({
  options: {
    rubbers: { type: 'string', default: '1,10,50,100' },
    plays: { type: 'string', default: '104' },
    rounds: { type: 'string', default: '3' },
    configs: { type: 'string', default: 'all' },
  },
});
const RUBBERS = values.rubbers.split(',').map(Number);
const PLAYS = Number(values.plays);
const ROUNDS = Number(values.rounds);

/** The table at the start of rubber `n` (its first hand dealt), archived at each new rubber or not. */
function tableAt(n: number, archive: boolean): TableState {
  let t = newTableOrThrow(SHORT_WHIST, { seed: 42, players: { N: 'n', E: 'e', S: 's', W: 'w' } });
  let rubber = 1;
  for (;;) {
    const h = currentHand(t);
    const seat = h === null ? null : currentSeat(h);
    if (h !== null && seat !== null) {
      t = unwrap(apply(t, { type: 'play', seat, card: legalMoves(h)[0] as never }));
      continue;
    }
    if (rubber === n && h !== null) return t;
    const dealt = apply(t, { type: 'deal' });
    if (dealt.ok) {
      t = dealt.value;
      if (rubber === n) return t;
      continue;
    }
    t = unwrap(archive ? archiveRubbers(t) : apply(t, { type: 'newRubber' }));
    rubber++;
  }
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

interface Seated {
  readonly id: string;
  readonly tokens: Record<Seat, string>;
}

/** Stores a table as the server does (`archive`: its archived rubbers apart), or as one whole document. */
async function seat(store: Store, table: TableState, archive: boolean): Promise<Seated> {
  const tokens = { N: newToken(), E: newToken(), S: newToken(), W: newToken() };
  const id = newTableId();
  const next = tableView(table, null);
  if (!next.ok) throw new Error('no view');
  const inserted = await store.insert({
    id,
    version: 1,
    ...(archive ? storedForm(table) : { doc: JSON.stringify(table), archive: null }),
    tokenHashes: { N: hashToken(tokens.N), E: hashToken(tokens.E), S: hashToken(tokens.S), W: hashToken(tokens.W) },
    watchHash: hashToken(newToken()),
    computers: [],
    standInSeconds: 30,
  });
  if (!inserted) throw new Error('id taken');
  return { id, tokens };
}

/**
 * Times `PLAYS` plays at a seated table: GET the seat's view, POST its first legal card. With `keep`, the
 * client keeps the finished rubbers it was sent and asks only for those after them (`?rubbers=n`).
 */
async function play(base: string, t: Seated, times: number[], keep: boolean): Promise<void> {
  let next: { action: string; seat?: Seat } | null = null;
  let held: number | null = null;
  const query = () => (keep && held !== null ? `?rubbers=${held}` : '');
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON
  const kept = (json: any) => {
    if (keep) held = (json.rubbersFrom ?? 0) + json.view.rubbers.length;
  };
  for (let i = 0; i < PLAYS; i++) {
    const start = performance.now();
    const as = next?.seat ?? 'N';
    let view = await request(base, 'GET', `/tables/${t.id}${query()}`, { token: t.tokens[as] });
    if (view.status !== 200) throw new Error(`GET ${view.status} ${view.text}`);
    kept(view.json);
    next = view.json.view.next;
    if (next?.action === 'newRubber') {
      const r = await request(base, 'POST', `/tables/${t.id}/actions${query()}`, { token: t.tokens.N, body: JSON.stringify({ type: 'newRubber' }) });
      if (r.status !== 200) throw new Error(`newRubber ${r.status} ${r.text}`);
      kept(r.json);
      next = r.json.view.next;
      continue;
    }
    if (next?.action !== 'play' || next.seat === undefined) throw new Error(`the table waits for ${JSON.stringify(next)}`);
    if (next.seat !== as) {
      view = await request(base, 'GET', `/tables/${t.id}${query()}`, { token: t.tokens[next.seat] });
      kept(view.json);
    }
    const card = view.json.view.hand.legalMoves[0];
    const r = await request(base, 'POST', `/tables/${t.id}/actions${query()}`, {
      token: t.tokens[next.seat],
      body: JSON.stringify({ type: 'play', card, version: view.json.version }),
    });
    if (r.status !== 200) throw new Error(`POST ${r.status} ${r.text}`);
    times.push(performance.now() - start);
    kept(r.json);
    next = r.json.view.next;
  }
}

const ALL_CONFIGS = [
  { key: 'server', name: 'archived, cache on (the server)', archive: true, cache: 2000, keep: false },
  { key: 'kept', name: 'the same, rubbers kept by the client', archive: true, cache: 2000, keep: true },
  { key: 'whole', name: 'whole log, cache on', archive: false, cache: 2000, keep: false },
  { key: 'nocache', name: 'archived, cache off', archive: true, cache: 0, keep: false },
  { key: 'before', name: 'whole log, cache off (as before)', archive: false, cache: 0, keep: false },
] as const;
const CONFIGS = values.configs === 'all' ? ALL_CONFIGS : ALL_CONFIGS.filter((c) => values.configs.split(',').includes(c.key));

console.log(`whist-server: a play (GET the view, POST a card) by rubber number; embedded store, one client, ${PLAYS} plays a table, ${ROUNDS} rounds`);
const store = await openStore({});
const tables = new Map<string, TableState>();
for (const n of RUBBERS) for (const archive of [true, false]) tables.set(`${n}/${archive}`, tableAt(n, archive));
for (const n of RUBBERS) {
  const a = tables.get(`${n}/true`) as TableState;
  const w = tables.get(`${n}/false`) as TableState;
  console.log(`rubber ${n}: stored table ${JSON.stringify(a).length} characters archived, ${JSON.stringify(w).length} whole (${w.log.length} log entries)`);
}
const servers = new Map<number, RunningServer>();
const caps = { tokenRate: 0, addressRate: 0, connectionsPerAddress: 0, streamsPerAddress: 0, tablesPerAddress: 0, logLevel: 'error' } as Record<
  string,
  unknown
>;
for (const cache of [2000, 0]) servers.set(cache, await startServer({ port: 0, ...caps, tableCache: cache } as never, { store }));
const times = new Map<string, number[]>();
/** CPU milliseconds a play, each table's, by configuration and rubber: the client, the server and the store all run in this process. */
const cpu = new Map<string, number[]>();
try {
  // Round 0 warms up (its times are dropped); each round takes the rubbers in another order.
  for (let round = 0; round <= ROUNDS; round++)
    for (const c of CONFIGS)
      for (const n of round % 2 === 0 ? RUBBERS : [...RUBBERS].reverse()) {
        const key = `${c.name}/${n}`;
        const list = round === 0 ? [] : (times.get(key) ?? []);
        if (round > 0) times.set(key, list);
        const seated = await seat(store, tables.get(`${n}/${c.archive}`) as TableState, c.archive);
        const played = list.length;
        const used = process.cpuUsage();
        await play((servers.get(c.cache) as RunningServer).url, seated, list, c.keep);
        const { user, system } = process.cpuUsage(used);
        if (round > 0) cpu.set(key, [...(cpu.get(key) ?? []), (user + system) / 1000 / Math.max(1, list.length - played)]);
      }
} finally {
  for (const s of servers.values()) await s.close();
  await store.close();
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`\n${pad('stored table, cache', 36)}${RUBBERS.map((n) => `rubber ${n}`.padStart(17)).join('')}`);
for (const c of CONFIGS) {
  const medians = RUBBERS.map((n) => percentile(times.get(`${c.name}/${n}`) ?? [], 50));
  const first = medians[0] as number;
  console.log(`${pad(c.name, 36)}${medians.map((m) => `${m.toFixed(2)} ms ${(m / first).toFixed(2)}×`.padStart(17)).join('')}`);
}
console.log(
  `\nCPU a play (client, server and store together; median over the tables)\n${pad('stored table, cache', 36)}${RUBBERS.map((n) => `rubber ${n}`.padStart(17)).join('')}`,
);
for (const c of CONFIGS) {
  const medians = RUBBERS.map((n) => percentile(cpu.get(`${c.name}/${n}`) ?? [], 50));
  const first = medians[0] as number;
  console.log(`${pad(c.name, 36)}${medians.map((m) => `${m.toFixed(2)} ms ${(m / first).toFixed(2)}×`.padStart(17)).join('')}`);
}
console.log(`load average ${loadavg()[0]?.toFixed(1)} at the end`);
process.exit(0);
