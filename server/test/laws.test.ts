/**
 * Tables ruled by the laws (`"laws": true`), over HTTP against one server (PGlite in memory): a person's
 * revoke, its penalty claimed by the computer players of the other side before the next deal, or awaited
 * from the people of the other side; an exposed card called by the computer players at once; and the
 * opening body.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  cardSuit,
  clientAction,
  computerTurn,
  heuristicPlayer,
  newTableOrThrow,
  parseTable,
  partnerOf,
  type Seat,
  sideOf,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { computerMove } from 'whist/solver';
import { playsAndEvents } from '../../test/log-parts.js';
import { bodyOf } from '../src/computers.js';
import type { StoredTable } from '../src/db/base.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { awaitsRevokeClaims, tableRules } from '../src/tables.js';
import { follow, type Reply, request } from './support/http.js';
import { SEATS } from './support/players.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

/** What the server's computer player at `seat` says at once (the library's `computerTurn`), as a client's body; `null` for nothing. */
function lawsAction(view: TableView): Record<string, unknown> | null {
  const turn = computerTurn(view);
  return turn?.kind === 'action' ? bodyOf(turn.action) : null;
}

let store: SqlStore;
let server: RunningServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  server = await startServer({ port: 0, tokenRate: 1000, computerDelayMs: 0 }, { store, log: { info: (m) => logged.push(m), error: (m) => logged.push(m) } });
  base = server.url;
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

const partner = (s: Seat): Seat => (({ N: 'S', S: 'N', E: 'W', W: 'E' }) as const)[s];
const sameSide = (a: Seat, b: Seat): boolean => a === b || a === partner(b);

async function open(body: unknown): Promise<Reply> {
  return request(base, 'POST', '/tables', { body: JSON.stringify(body) });
}

async function row(id: string): Promise<StoredTable> {
  const r = await store.read(id);
  if (r === null) throw new Error(`no table ${id}`);
  return r;
}

function stored(r: StoredTable): TableState {
  const t = parseTable(r.doc);
  if (!t.ok) throw new Error(`table ${r.id} does not parse: ${t.error.code}`);
  return t.value;
}

async function see(id: string, token: string): Promise<Reply> {
  const r = await request(base, 'GET', `/tables/${id}`, { token });
  expect(r.status).toBe(200);
  return r;
}

async function act(id: string, token: string, body: unknown): Promise<Reply> {
  return request(base, 'POST', `/tables/${id}/actions`, { token, body: JSON.stringify(body) });
}

/** A card the viewer may revoke with now: following a trick whose suit it holds, a card of another suit; else `null`. */
// biome-ignore lint/suspicious/noExplicitAny: a view as the server answers it
function revokeCard(view: any): Card | null {
  const trick = view.hand?.trick?.cards ?? [];
  if (trick.length === 0) return null;
  const led = cardSuit(trick[0]);
  const cards = view.hand.cards as Card[];
  if (!cards.some((c) => cardSuit(c) === led)) return null;
  return cards.find((c) => cardSuit(c) !== led) ?? null;
}

/**
 * Plays one hand at a table where `tokens` are the people (the rest computer players): each person plays its
 * player's card when `playable` lists it (else the first playable card), `revoker` revokes at its first
 * chance, and a claim awaiting a person's answer is accepted. Returns once the hand is over (the table waits
 * for a deal, or has dealt the next hand), with the revoke's card.
 */
async function playHand(id: string, tokens: Partial<Record<Seat, string>>, revoker: Seat): Promise<Card> {
  const people = SEATS.filter((s) => tokens[s] !== undefined);
  const anyone = tokens[people[0] as Seat] as string;
  const first = (await see(id, anyone)).json.view.dealNumber as number;
  let revoked: Card | null = null;
  for (;;) {
    let seen = await see(id, anyone);
    await waitFor('a person’s turn or answer, or the hand’s end', async () => {
      seen = await see(id, anyone);
      const v = seen.json.view;
      return (
        v.dealNumber > first ||
        v.next.action === 'deal' ||
        (v.next.action === 'play' && people.includes(v.next.seat)) ||
        (v.next.action === 'answerClaim' && v.next.seats.some((s: Seat) => people.includes(s)))
      );
    });
    const next = seen.json.view.next;
    if (seen.json.view.dealNumber > first || next.action === 'deal') break;
    if (next.action === 'answerClaim') {
      const seat = next.seats.find((s: Seat) => people.includes(s)) as Seat;
      const answered = await act(id, tokens[seat] as string, { type: 'acceptClaim' });
      expect(answered.status, answered.text).toBe(200);
      continue;
    }
    const seat = next.seat as Seat;
    const own = await see(id, tokens[seat] as string);
    const view = own.json.view;
    let card: Card;
    const revoke: Card | null = seat === revoker && revoked === null ? revokeCard(view) : null;
    if (revoke !== null) {
      card = revoke;
      revoked = revoke;
    } else {
      const choice = heuristicPlayer(view.hand);
      card = view.playable.includes(choice) ? choice : view.playable[0];
    }
    const played = await act(id, tokens[seat] as string, { type: 'play', card, version: own.json.version });
    expect(played.status, played.text).toBe(200);
  }
  if (revoked === null) throw new Error('the revoker had no chance to revoke: choose another seed');
  return revoked;
}

describe('opening a table ruled by the laws', () => {
  it('"laws": true gives the preset with irregularities ruled; a laws that is not true or false is refused', async () => {
    for (const rules of ['short', 'long'] as const) {
      const r = await open({ rules, laws: true, seed: 4 });
      expect(r.status).toBe(201);
      const seen = await see(r.json.id, r.json.seats.N.token);
      expect(seen.json.view.rules).toMatchObject({ name: `${rules}-ruled`, irregularities: 'ruled' });
      expect(stored(await row(r.json.id)).rules.irregularities).toBe('ruled');
    }
    const plain = await open({ rules: 'short', laws: false });
    expect(plain.status).toBe(201);
    const seen = await see(plain.json.id, plain.json.seats.N.token);
    expect(seen.json.view.rules.name).toBe('short');
    expect(seen.json.view.rules.irregularities).not.toBe('ruled');
    for (const laws of ['yes', 1, null, [true], { on: true }]) {
      const bad = await open({ rules: 'short', laws });
      expect([JSON.stringify(laws), bad.status, bad.json.error.code]).toEqual([JSON.stringify(laws), 400, 'INVALID_REQUEST']);
    }
    const unknown = await open({ rules: 'short', law: true });
    expect([unknown.status, unknown.json.error.code]).toEqual([400, 'INVALID_REQUEST']);
  });
});

describe('a revoke at a ruled table', () => {
  it('a person revokes against three computer players: the computers of the other side claim the penalty, and the next hand is dealt', async () => {
    const r = await open({ rules: 'short', laws: true, seed: 21, computers: ['N', 'S', 'W'] });
    expect(r.status).toBe(201);
    const id = r.json.id as string;
    const token = r.json.seats.E.token as string;
    const card = await playHand(id, { E: token }, 'E');
    // The hand is over; the computer players of North-South claim the revoke, and only then is the next hand dealt.
    await waitFor('the next hand to be dealt', async () => (await see(id, token)).json.view.dealNumber === 2);
    const table = stored(await row(id));
    expect(table.log).toHaveLength(2);
    const hand = table.log[0];
    if (hand === undefined || hand.type !== 'hand') throw new Error('no hand');
    const claims = playsAndEvents(hand).events.filter((e) => e.type === 'claimRevoke');
    expect(claims).toHaveLength(1);
    const claim = claims[0] as { seat: Seat; card: Card; penalty: string };
    expect(claim.card).toBe(card);
    expect(['N', 'S']).toContain(claim.seat);
    // The policy: three points added when that wins North-South the game, else three tricks. The table before
    // the claim, with each penalty applied to it, says which.
    const before = parseTable({ ...table, log: [{ ...hand, actions: hand.actions.filter((a) => typeof a === 'string' || a.type !== 'claimRevoke') }] });
    if (!before.ok) throw new Error(before.error.message);
    const added = applyOrThrow(before.value, { type: 'claimRevoke', seat: claim.seat, card, penalty: 'add' });
    const addWins = tableViewOrThrow(added, null).hands.at(-1)?.game?.winner === 'NS';
    expect(claim.penalty).toBe(addWins ? 'add' : 'tricks');
    const view = (await see(id, token)).json.view;
    expect(view.hands[0].revokes).toEqual([expect.objectContaining({ side: 'EW', penalty: claim.penalty })]);
    expect(logged.filter((m) => m.includes('computer player'))).toEqual([]);
  });

  it('where the claiming side are people, the server deals only once one of them claims, through HTTP', async () => {
    // North (a person) revokes, South is a computer player, East and West are people.
    const r = await open({ rules: 'short', laws: true, seed: 8, computers: ['S'] });
    expect(r.status).toBe(201);
    const id = r.json.id as string;
    const tokens = { N: r.json.seats.N.token, E: r.json.seats.E.token, W: r.json.seats.W.token } as Record<'N' | 'E' | 'W', string>;
    const card = await playHand(id, tokens, 'N');
    const over = await see(id, tokens.E);
    // Over, and not dealt: the last card's compare-and-set would have dealt it.
    expect(over.json.view.dealNumber).toBe(1);
    expect(over.json.view.next.action).toBe('deal');
    expect(over.json.view.revokes).toEqual([expect.objectContaining({ seat: 'N', card, penalty: null })]);
    expect(over.json.view.elections).toEqual([expect.objectContaining({ side: 'EW', actions: ['claimRevoke'], card })]);
    const before = await row(id);

    // The revoking side cannot claim; a body naming a seat is refused.
    const byRevoker = await act(id, tokens.N, { type: 'claimRevoke', card, penalty: 'add' });
    expect([byRevoker.status, byRevoker.json.error.code]).toEqual([422, 'INVALID_SEAT']);
    const named = await act(id, tokens.N, { type: 'claimRevoke', card, penalty: 'add', seat: 'E' });
    expect([named.status, named.json.error.code]).toEqual([422, 'INVALID_ACTION']);
    const namedByClaimer = await act(id, tokens.E, { type: 'claimRevoke', card, penalty: 'add', seat: 'E' });
    expect([namedByClaimer.status, namedByClaimer.json.error.code]).toEqual([422, 'INVALID_ACTION']);
    // Nor may anyone deal, and the table is as it was.
    const deal = await act(id, tokens.W, { type: 'deal' });
    expect([deal.status, deal.json.error.code]).toEqual([422, 'INVALID_ACTION']);
    const still = await see(id, tokens.W);
    expect(still.json.view.dealNumber).toBe(1);
    expect(await row(id)).toEqual(before);

    // West claims three points off North-South: the claim is written, and the next hand dealt in the same change.
    const claimed = await act(id, tokens.W, { type: 'claimRevoke', card, penalty: 'deduct', version: before.version });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.version).toBe(before.version + 1);
    expect(claimed.json.view.dealNumber).toBe(2);
    expect(claimed.json.view.next.action).toBe('play');
    const table = stored(await row(id));
    const hand = table.log[0];
    if (hand === undefined || hand.type !== 'hand') throw new Error('no hand');
    expect(playsAndEvents(hand).events.filter((e) => e.type === 'claimRevoke')).toEqual([expect.objectContaining({ seat: 'W', card, penalty: 'deduct' })]);
    expect(table.log).toHaveLength(2);
    // Too late now: no revoke is claimed once the next hand is dealt (law 78).
    const late = await act(id, tokens.E, { type: 'claimRevoke', card, penalty: 'add' });
    expect(late.status).toBe(422);
  });
});

describe('a lead out of turn followed by the other three (Laws of Short Whist, 1864, law 62)', () => {
  it('four people: the offender leads out of turn, each of the others plays to the card from his own token, and the trick stands, led by the offender', async () => {
    const r = await open({ rules: 'short', laws: true, seed: 11 });
    expect(r.status).toBe(201);
    const id = r.json.id as string;
    const token = (seat: Seat) => r.json.seats[seat].token as string;
    const first = await see(id, token('S'));
    const leader = first.json.view.next.seat as Seat;
    const offender = partnerOf(leader);
    const own = await see(id, token(offender));
    const card = own.json.view.hand.cards[0] as Card;
    const led = await act(id, token(offender), { type: 'leadOutOfTurn', card });
    expect(led.status, led.text).toBe(200);
    expect(led.json.view.falseLead).toEqual({ seat: offender, card, played: [], next: SEATS[(SEATS.indexOf(offender) + 1) % 4] });
    const followers = [1, 2, 3].map((k) => SEATS[(SEATS.indexOf(offender) + k) % 4] as Seat);
    for (const seat of followers) {
      // Another seat's card, or a body naming a seat, is refused; the seat next plays from its own token.
      const wrong = await act(id, token(partnerOf(seat) === offender ? leader : partnerOf(seat)), { type: 'playToFalseLead', card });
      expect(wrong.status).toBe(422);
      const named = await act(id, token(seat), { type: 'playToFalseLead', card, seat });
      expect([named.status, named.json.error.code]).toEqual([422, 'INVALID_ACTION']);
      const mine = (await see(id, token(seat))).json.view.hand.cards as Card[];
      const c = mine.find((x) => cardSuit(x) === cardSuit(card)) ?? (mine[0] as Card);
      const played = await act(id, token(seat), { type: 'playToFalseLead', card: c });
      expect(played.status, played.text).toBe(200);
    }
    const after = await see(id, token(leader));
    expect(after.json.view.falseLead).toBeNull();
    expect(after.json.view.hand.tricks[0].leader).toBe(offender);
    const table = stored(await row(id));
    const hand = table.log[0];
    if (hand === undefined || hand.type !== 'hand') throw new Error('no hand');
    expect(playsAndEvents(hand).plays.split(' ')).toHaveLength(4);
    expect(playsAndEvents(hand).events.map((e) => e.type)).toEqual(['leadOutOfTurn', 'playToFalseLead', 'playToFalseLead', 'playToFalseLead']);
    expect(after.json.view.next).toEqual({ action: 'play', seat: after.json.view.hand.tricks[0].winner });
  });
});

describe('a claimant away', () => {
  it('a person of the claiming side who has left is stood in for: the computer player standing in claims, and the next hand is dealt', async () => {
    // East (a person) revokes, West is a computer player; North and South are people. North follows the table and
    // leaves once the hand is over; South never came, so no one stands in for South.
    const r = await open({ rules: 'short', laws: true, seed: 21, computers: ['W'], standInAfterSeconds: 1 });
    expect(r.status).toBe(201);
    const id = r.json.id as string;
    const tokens = { N: r.json.seats.N.token, E: r.json.seats.E.token, S: r.json.seats.S.token } as Record<'N' | 'E' | 'S', string>;
    const north = follow(
      base,
      `/tables/${id}/events`,
      tokens.N,
      () => {},
      () => {},
    );
    await north.opened;
    await waitFor('North to be connected', async () => (await see(id, tokens.E)).json.seats.N.status === 'connected');
    const card = await playHand(id, tokens, 'E');
    const over = await see(id, tokens.E);
    expect([over.json.view.dealNumber, over.json.view.next.action]).toEqual([1, 'deal']);
    north.close();
    await waitFor(
      'the computer player standing in for North to claim, and the next hand to be dealt',
      async () => (await see(id, tokens.E)).json.view.dealNumber === 2,
    );
    const hand = stored(await row(id)).log[0];
    if (hand === undefined || hand.type !== 'hand') throw new Error('no hand');
    expect(playsAndEvents(hand).events.filter((e) => e.type === 'claimRevoke')).toEqual([expect.objectContaining({ seat: 'N', card })]);
    expect(logged.filter((m) => m.includes('computer player'))).toEqual([]);
  });
});

describe('an exposed card at a ruled table', () => {
  it('a person’s exposed card is called by the computer players at once; the person’s other cards are then refused with CARD_CALLED', async () => {
    // The dealer is North: East, a person, leads against three computer players.
    const r = await open({ rules: 'short', laws: true, seed: 5, computers: ['N', 'S', 'W'] });
    expect(r.status).toBe(201);
    const id = r.json.id as string;
    const token = r.json.seats.E.token as string;
    const seen = await see(id, token);
    expect(seen.json.view.next).toEqual({ action: 'play', seat: 'E' });
    const cards = seen.json.view.hand.cards as Card[];
    const dropped = cards[cards.length - 1] as Card;
    const other = cards[0] as Card;
    const exposed = await act(id, token, { type: 'expose', card: dropped });
    expect(exposed.status, exposed.text).toBe(200);
    await waitFor('the computer players to call the exposed card', async () =>
      (await see(id, token)).json.view.called.some((c: { seat: Seat; card: Card }) => c.seat === 'E' && c.card === dropped),
    );
    const called = await see(id, token);
    expect(called.json.view.playable).toEqual([dropped]);
    const call = (called.json.view.events as { type: string; seat: Seat; card?: Card }[]).find((e) => e.type === 'callCard');
    expect(call?.card).toBe(dropped);
    expect(sameSide(call?.seat as Seat, 'E')).toBe(false);

    const refused = await act(id, token, { type: 'play', card: other });
    expect([refused.status, refused.json.error.code]).toEqual([422, 'CARD_CALLED']);
    const played = await act(id, token, { type: 'play', card: dropped });
    expect(played.status, played.text).toBe(200);
    expect(played.json.view.hand.trick.cards[0]).toBe(dropped);
    expect(logged.filter((m) => m.includes('computer player'))).toEqual([]);
  });
});

/**
 * Computer players at a ruled table, in this process: every seat's player is the server's (the library's
 * `computerTurn` and `computerMove`), but `revoker`, which revokes at its first chance in each hand. Deals until `stop` says so or
 * `hands` hands are dealt, checking that no computer player's card is a revoke or a card `playable` leaves out.
 */
function computersPlay(table: TableState, options: { revoker?: Seat; hands: number; stop?: (t: TableState) => boolean }): TableState {
  let t = table;
  let revokedIn = -1;
  for (let steps = 0; steps < 5_000; steps++) {
    if (options.stop?.(t)) return t;
    const view = tableViewOrThrow(t, null);
    let acted = false;
    for (const seat of SEATS) {
      const said = lawsAction(tableViewOrThrow(t, seat));
      if (said === null) continue;
      const action = clientAction(said, seat);
      if (!action.ok) throw new Error(action.error.message);
      t = applyOrThrow(t, action.value);
      acted = true;
      break;
    }
    if (acted) continue;
    if (view.next.action === 'deal') {
      if (view.dealNumber >= options.hands) return t;
      t = applyOrThrow(t, { type: 'deal' });
      continue;
    }
    if (view.next.action !== 'play') return t;
    const seat = view.next.seat;
    const own = tableViewOrThrow(t, seat);
    const revoke = seat === options.revoker && revokedIn !== own.dealNumber ? revokeCard(own) : null;
    if (revoke !== null) {
      revokedIn = own.dealNumber;
      t = applyOrThrow(t, { type: 'play', seat, card: revoke });
      continue;
    }
    const move = computerMove(own, { claims: false });
    if (move?.type !== 'play') throw new Error(`${seat} has no card to play`);
    const card = move.card;
    expect(own.playable).toContain(card);
    expect(own.hand?.legalMoves).toContain(card);
    t = applyOrThrow(t, { type: 'play', seat, card });
  }
  throw new Error('the table did not stop');
}

describe('computer players’ choices under the laws', () => {
  it('claim three points added when that wins their side the game, else three tricks; never revoke', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 30 && seen.size < 2; seed++) {
      // East revokes in every hand; the rest are computer players. Each hand waits for North-South's claim.
      let t = applyOrThrow(newTableOrThrow(tableRules('short', true), { seed }), { type: 'deal' });
      for (let hand = 1; hand <= 4; hand++) {
        t = computersPlay(t, { revoker: 'E', hands: hand, stop: (x) => awaitsRevokeClaims(x) });
        if (!awaitsRevokeClaims(t)) break;
        const revoke = tableViewOrThrow(t, null).revokes.find((r) => r.penalty === null) as { card: Card };
        const said = lawsAction(tableViewOrThrow(t, 'N'));
        const added = applyOrThrow(t, { type: 'claimRevoke', seat: 'N', card: revoke.card, penalty: 'add' });
        const wins = tableViewOrThrow(added, null).hands.at(-1)?.game?.winner === 'NS';
        expect(said).toEqual({ type: 'claimRevoke', card: revoke.card, penalty: wins ? 'add' : 'tricks' });
        expect(lawsAction(tableViewOrThrow(t, 'S'))).toEqual(said);
        // East-West have nothing to claim.
        expect(lawsAction(tableViewOrThrow(t, 'E'))).toBe(null);
        seen.add(said?.penalty as string);
        t = computersPlay(t, { hands: hand });
        if (tableViewOrThrow(t, null).next.action !== 'deal') break;
        t = applyOrThrow(t, { type: 'deal' });
      }
    }
    expect([...seen].sort()).toEqual(['add', 'tricks']);
  });

  it('in Long Whist, call honours at eight holding two, before their first card, and answer holding one', () => {
    let calls = 0;
    for (let seed = 0; seed < 40 && calls < 2; seed++) {
      let t = applyOrThrow(newTableOrThrow(tableRules('long', true), { seed }), { type: 'deal' });
      for (let hand = 1; hand <= 30; hand++) {
        const view = tableViewOrThrow(t, null);
        if (view.next.action === 'newRubber') break;
        // Who may call in this hand, from their own views: a seat at eight holding two honours or more.
        const honours = (s: Seat) => {
          const own = tableViewOrThrow(t, s);
          return (own.hand?.cards ?? []).filter((c) => cardSuit(c) === own.hand?.trump && ['A', 'K', 'Q', 'J'].includes(c[0] as string)).length;
        };
        const callers = SEATS.filter((s) => view.score[sideOf(s)] === 8 && honours(s) >= 2);
        const held = Object.fromEntries(SEATS.map((s) => [s, honours(s)])) as Record<Seat, number>;
        t = computersPlay(t, { hands: hand });
        const played = tableViewOrThrow(t, null);
        const events = played.events;
        const called = events.filter((e) => e.type === 'callHonours');
        if (callers.length === 0) expect(called).toEqual([]);
        else {
          calls++;
          // The first of them in seat order calls, before its first card; its partner answers holding an honour.
          const caller = callers[0] as Seat;
          expect(called).toEqual([expect.objectContaining({ seat: caller, at: 0 })]);
          const answered = events.some((e) => e.type === 'answerCall' && e.seat === partnerOf(caller));
          expect(answered).toBe(held[partnerOf(caller)] >= 1);
          if (answered) expect(played.hands.at(-1)?.honoursCalled).toBe(true);
        }
        if (played.next.action !== 'deal') break;
        t = applyOrThrow(t, { type: 'deal' });
      }
    }
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
