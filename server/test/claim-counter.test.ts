/**
 * A claim played on comes with its counter-example: what the server answers every seat and the spectators
 * (`counter` beside the view) while the trick the claim was made in is played: the check's layout of the
 * cards the claimer could not see and a line that beats the claim, worked out from the claimer's view only.
 * At a table that checks claims (the server's ruling) and at one where a computer player answers them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  currentHand,
  dealtCards,
  FULL_DECK,
  formatDeal,
  type HandState,
  heuristicPlayer,
  newTableOrThrow,
  parseStateOrThrow,
  parseTable,
  playedCards,
  SEATS,
  type Seat,
  SHORT_WHIST,
  sideOf,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { checkClaim } from 'whist/solver';
import type { ClaimCounter } from '../src/counters.js';
import { CLAIM_NODES, claimChecks } from '../src/counters.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { request } from './support/http.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

let store: SqlStore;
let checked: RunningServer;
let agreed: RunningServer;

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  const log = { info: () => {}, error: () => {} };
  checked = await startServer({ port: 0, tokenRate: 1000, computerDelayMs: 0, claims: 'checked' }, { store, log });
  agreed = await startServer({ port: 0, tokenRate: 1000, computerDelayMs: 0 }, { store, log });
}, START_LIMIT_MS);

afterAll(async () => {
  await checked?.close();
  await agreed?.close();
  await store?.close();
});

/** What the server must send for a claim of `tricks` by `seat` played on by `by`, `hand` being the hand at the claim: `checkClaim` run on it. */
function expectedCounter(hand: HandState, view: TableView, seat: Seat, tricks: number, by: Seat | null): ClaimCounter {
  const check = checkClaim(hand, { seat, tricks }, { maxNodes: CLAIM_NODES });
  if (check.ok && check.value.holds) throw new Error('the claim was to fail');
  const trick = view.hand!.trick!;
  return {
    claim: view.claim!,
    tricks,
    by,
    context: { leader: trick.leader, cards: trick.cards, trump: view.hand!.trump },
    refused: check.ok && !check.value.holds ? { layout: check.value.layout, line: check.value.line, taken: check.value.taken } : null,
  };
}

/**
 * The same hand with the claimer's view unchanged and other cards where they lie: for each suit, two unplayed
 * cards of it held by two seats the claimer cannot see (the turn-up left where it is) change places. The
 * cards played, each seat's count in each suit and the voids shown stay as they are.
 */
function otherLayout(hand: HandState, claimer: Seat): { hand: HandState; moved: number } {
  const played = new Set(playedCards(hand).map((p) => p.card));
  const deal = dealtCards(hand);
  const cards = Object.fromEntries(SEATS.map((s) => [s, [...deal[s]]])) as Record<Seat, Card[]>;
  const hidden = SEATS.filter((s) => s !== claimer);
  let moved = 0;
  for (const suit of ['S', 'H', 'D', 'C']) {
    const free = (s: Seat) => cards[s].filter((c) => c[1] === suit && !played.has(c) && c !== hand.trumpCard);
    for (let i = 0; i < hidden.length && moved < 8; i++) {
      const a = hidden[i] as Seat;
      const b = hidden[(i + 1) % hidden.length] as Seat;
      const x = free(a)[0];
      const y = free(b)[0];
      if (x === undefined || y === undefined) continue;
      cards[a][cards[a].indexOf(x)] = y;
      cards[b][cards[b].indexOf(y)] = x;
      moved++;
      break;
    }
  }
  return { hand: parseStateOrThrow({ ...hand, deal: formatDeal(cards) }), moved };
}

/** The counter names only cards the claimer's view allows: the claimer's own as held, the others among the cards it could not see. */
function expectConsistent(counter: ClaimCounter, hand: HandState, seat: Seat): void {
  const refused = counter.refused;
  if (refused === null) return;
  const played = new Set(playedCards(hand).map((p) => p.card));
  const own = cardsHeld(hand, seat);
  const unseen = new Set(FULL_DECK.filter((c) => !played.has(c) && !own.includes(c)));
  expect([...refused.layout[seat]].sort()).toEqual([...own].sort());
  for (const s of SEATS.filter((x) => x !== seat)) {
    expect(refused.layout[s]).toHaveLength(cardsHeld(hand, s).length);
    for (const c of refused.layout[s]) expect(unseen.has(c), `${s} ${c}`).toBe(true);
  }
  expect(new Set(refused.line)).toEqual(new Set(SEATS.flatMap((s) => refused.layout[s])));
  expect(refused.taken).toBeLessThan(counter.tricks);
}

describe('a claim played on comes with its counter-example', () => {
  it('a checked table: a claim that fails gets the check’s counter-example, for every seat and the spectators, until its trick is over; one that holds has none', async () => {
    const url = checked.url;
    const opened = await request(url, 'POST', '/tables', { body: JSON.stringify({ rules: 'short', seed: 1 }) });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;
    const token = (s: Seat | null) => (s === null ? opened.json.spectator : opened.json.seats[s].token) as string;
    let mirror = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
    const act = async (seat: Seat, body: unknown) => {
      const r = await request(url, 'POST', `/tables/${id}/actions`, { token: token(seat), body: JSON.stringify(body) });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r;
    };
    const read = async (seat: Seat | null) => {
      const r = await request(url, 'GET', `/tables/${id}`, { token: token(seat) });
      expect(r.status).toBe(200);
      return r;
    };
    const outcomes = { held: 0, failed: 0, withLine: 0, layoutsUnlikeTheDeal: 0 };
    /** The counter of the last claim that failed, and the cards played since it. */
    let last: { counter: ClaimCounter; since: number } | null = null;
    for (let card = 0; card < 52 && outcomes.held === 0; card++) {
      const next = tableViewOrThrow(mirror, null).next;
      if (next.action !== 'play') break;
      const seat = next.seat;
      const left = 13 - Math.floor(card / 4);
      if (card % 4 === 0 && left <= 4) {
        const hand = currentHand(mirror)!;
        const before = { ...claimChecks };
        const r = await act(seat, { type: 'claim', tricks: left });
        const expected = checkClaim(hand, { seat, tricks: left }, { maxNodes: CLAIM_NODES });
        const holds = expected.ok && expected.value.holds;
        mirror = applyOrThrow(applyOrThrow(mirror, { type: 'claim', seat, tricks: left }), { type: 'ruleClaim', holds });
        if (holds) {
          // The hand is over as claimed: nothing to show.
          expect(r.json.view.claim).toBe(null);
          expect(r.json).not.toHaveProperty('counter');
          outcomes.held++;
          break;
        }
        outcomes.failed++;
        // The claimer's answer: the check's counter-example, exactly `checkClaim` on the hand at the claim.
        const counter = r.json.counter as ClaimCounter;
        expect(counter).toEqual(expectedCounter(hand, tableViewOrThrow(mirror, seat), seat, left, null));
        expect(counter.claim).toEqual({ type: 'claim', seat, tricks: left, claimed: left, left, status: 'failed' });
        expectConsistent(counter, hand, seat);
        // Every other seat and the spectators read the same.
        for (const s of [...SEATS.filter((x) => x !== seat), null]) expect((await read(s)).json.counter, `${s}`).toEqual(counter);
        // One search for the ruling, whatever the reads: the counter-example is the ruling's check, kept. (The
        // process keeps checks across tables: where another test in this process made the same claim on the
        // same deal, the ruling is kept too, and no search runs at all.)
        for (let i = 0; i < 5; i++) await read(seat);
        expect(claimChecks.run - before.run).toBeLessThanOrEqual(1);
        expect(claimChecks.run - before.run + (claimChecks.kept - before.kept)).toBe(2);
        // It depends on what the claimer could see only: the same check with other cards where the claimer cannot see them gives the same counter-example.
        const other = otherLayout(hand, seat);
        expect(other.moved).toBeGreaterThan(0);
        const again = checkClaim(other.hand, { seat, tricks: left }, { maxNodes: CLAIM_NODES });
        expect(again.ok && !again.value.holds ? { layout: again.value.layout, line: again.value.line, taken: again.value.taken } : null).toEqual(
          counter.refused,
        );
        if (counter.refused !== null) {
          outcomes.withLine++;
          const held = (s: Seat) => [...cardsHeld(hand, s)].sort();
          if (SEATS.some((s) => s !== seat && JSON.stringify([...counter.refused!.layout[s]].sort()) !== JSON.stringify(held(s))))
            outcomes.layoutsUnlikeTheDeal++;
        }
        last = { counter, since: 0 };
      }
      const c = heuristicPlayer(tableViewOrThrow(mirror, seat).hand!);
      const r = await act(seat, { type: 'play', card: c });
      mirror = applyOrThrow(mirror, { type: 'play', seat, card: c });
      if (last !== null) {
        last.since++;
        // Sent while the claim's trick is played; gone once it is over.
        if (last.since < 4) expect(r.json.counter).toEqual(last.counter);
        else {
          expect(r.json).not.toHaveProperty('counter');
          expect((await read(null)).json).not.toHaveProperty('counter');
          last = null;
        }
      }
    }
    expect(outcomes.held).toBe(1);
    expect(outcomes.failed).toBeGreaterThan(0);
    expect(outcomes.withLine).toBe(outcomes.failed);
    // The layouts sent are not the deal: the other seats' real cards are not what the clients are told.
    expect(outcomes.layoutsUnlikeTheDeal).toBeGreaterThan(0);
    // Nothing of it is stored: the log is the library's, as `parseTable` reads it.
    const row = await store.read(id);
    expect(row?.doc).not.toContain('counter');
    expect(parseTable(row?.doc ?? '').ok).toBe(true);
  });

  it('a table where computer players answer: one that plays on against the person’s claim gives its counter-example, the trick in progress included', async () => {
    const url = agreed.url;
    const players = ['ann', 'bob', 'cy', 'di'];
    // East and West are the server's computer players; North and South are people.
    const seating = tableViewOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5, players }), null).players;
    const computers = [seating.E, seating.W];
    const opened = await request(url, 'POST', '/tables', { body: JSON.stringify({ rules: 'short', seed: 5, players, computers }) });
    expect(opened.status, opened.text).toBe(201);
    const id = opened.json.id as string;
    const token = (s: Seat) => opened.json.seats[s].token as string;
    const read = async (seat: Seat | null) => {
      const r = await request(url, 'GET', `/tables/${id}`, { token: seat === null ? opened.json.spectator : token(seat) });
      expect(r.status).toBe(200);
      return r;
    };
    let found: { counter: ClaimCounter; version: number } | null = null;
    for (let step = 0; step < 400 && found === null; step++) {
      let seen = (await read('S')).json;
      // Wait for the computer players: a person's turn, or a claim to answer.
      await waitFor('a turn of North or South', async () => {
        seen = (await read('S')).json;
        const next = seen.view.next;
        return (
          (next.action === 'play' && sideOf(next.seat) === 'NS') || (next.action === 'answerClaim' && next.seats.includes('S')) || next.action === 'newRubber'
        );
      });
      const view = seen.view as TableView;
      const next = view.next;
      if (next.action === 'newRubber') break;
      if (next.action === 'answerClaim') {
        // A computer player's claim: North and South accept it.
        for (const s of next.seats) await request(url, 'POST', `/tables/${id}/actions`, { token: token(s), body: JSON.stringify({ type: 'acceptClaim' }) });
        continue;
      }
      if (next.action !== 'play') continue;
      const seat = next.seat;
      const own = (await read(seat)).json.view as TableView;
      const tricksLeft = 13 - own.hand!.tricks.length;
      const trickCards = own.hand!.trick?.cards.length ?? 0;
      if (seat === 'S' && tricksLeft <= 4 && trickCards > 0 && own.claim === null) {
        // South claims every trick left, a card or more on the table: East, a computer player, answers by the check.
        const claimed = await request(url, 'POST', `/tables/${id}/actions`, { token: token('S'), body: JSON.stringify({ type: 'claim', tricks: tricksLeft }) });
        expect(claimed.status).toBe(200);
        expect(claimed.json.counter).toBeUndefined();
        const hand = currentHand(parseTableOrThrow((await store.read(id))?.doc ?? ''))!;
        await waitFor('the claim answered', async () => (await read('S')).json.view.claim?.status !== 'pending');
        const answered = (await read('S')).json;
        if (answered.view.claim.status === 'refused') {
          const counter = answered.counter as ClaimCounter;
          expect(counter.by).toBe('E');
          expect(counter.context.cards).toHaveLength(trickCards);
          expect(counter).toEqual(expectedCounter(hand, { ...own, claim: answered.view.claim }, 'S', tricksLeft, 'E'));
          expectConsistent(counter, hand, 'S');
          // North, South's partner, and the spectators read the same (East and West have no token: the server plays them).
          for (const s of ['N', null] as const) expect((await read(s)).json.counter, `${s}`).toEqual(counter);
          found = { counter, version: answered.version };
        }
        continue;
      }
      const card = heuristicPlayer(own.hand!);
      await request(url, 'POST', `/tables/${id}/actions`, { token: token(seat), body: JSON.stringify({ type: 'play', card }) });
    }
    expect(found, 'a claim a computer player played on').not.toBe(null);
    expect(found!.counter.refused).not.toBe(null);
  });
});

function parseTableOrThrow(doc: string) {
  const r = parseTable(doc);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
