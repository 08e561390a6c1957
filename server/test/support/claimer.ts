/**
 * The load of a claiming client, for the test and the benchmark of `/health` under solver work: one person at
 * a table of three computer players, who claims every trick left as often as the server takes a request from
 * them (their token's rate limit; a 429 is waited out as its `Retry-After` says), and plays a card at their
 * turn when the claim failed. Every claim is a new one (the hand moved on), so each is a new check.
 */

import type { Seat } from 'whist';
import { request } from './http.js';
import { sleep } from './wait.js';

export interface ClaimerTable {
  readonly id: string;
  readonly seat: Seat;
  readonly token: string;
}

/** Opens a table where `N` is the person and the others are computer players. */
export async function openClaimerTable(base: string): Promise<ClaimerTable> {
  const r = await request(base, 'POST', '/tables', { body: JSON.stringify({ rules: 'short', computers: ['E', 'S', 'W'] }) });
  if (r.status !== 201) throw new Error(`POST /tables answered ${r.status}: ${r.text}`);
  return { id: r.json.id, seat: 'N', token: r.json.seats.N.token };
}

/** What the claimer did. */
export interface ClaimerCounts {
  /** Claims the server took (each then ruled on, or answered). */
  claims: number;
  plays: number;
  /** Answers 429 (the token's rate limit) and 503 (the solver's queue full), each waited out. */
  limited: number;
  busy: number;
}

/**
 * Claims until `stop()` says so, as often as the server takes a request from this token, each claim of a
 * number of tricks other than the last (a new check each time); at its turn, after a claim, it plays its
 * first legal card. Resolves with what it did.
 */
export async function claimUntil(base: string, table: ClaimerTable, stop: () => boolean): Promise<ClaimerCounts> {
  const counts: ClaimerCounts = { claims: 0, plays: 0, limited: 0, busy: 0 };
  const path = `/tables/${table.id}`;
  const send = async (method: string, to: string, body?: unknown) => {
    for (;;) {
      const r = await request(base, method, to, { token: table.token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      if (r.status !== 429 && r.status !== 503) return r;
      if (r.status === 429) counts.limited++;
      else counts.busy++;
      if (stop()) return r;
      await sleep(Number(r.headers['retry-after'] ?? 1) * 1000);
    }
  };
  // biome-ignore lint/suspicious/noExplicitAny: the view is read field by field
  let view: any = null;
  let claimedThisTurn = false;
  let tricks = 0;
  while (!stop()) {
    if (view === null) {
      const seen = await send('GET', path);
      if (seen.status === 200) view = seen.json.view;
      continue;
    }
    let r: Awaited<ReturnType<typeof send>>;
    if (view.next.action === 'newRubber') r = await send('POST', `${path}/actions`, { type: 'newRubber' });
    else if (view.hand === null || view.hand.legalMoves === undefined) {
      view = null;
      continue;
    } else if (view.next.action === 'play' && view.next.seat === table.seat && claimedThisTurn) {
      r = await send('POST', `${path}/actions`, { type: 'play', card: view.hand.legalMoves[0] });
      if (r.status === 200) counts.plays++;
      claimedThisTurn = false;
    } else {
      const left = 13 - view.hand.tricks.length;
      tricks = (tricks % left) + 1;
      r = await send('POST', `${path}/actions`, { type: 'claim', tricks });
      if (r.status === 200) {
        counts.claims++;
        if (view.next.action === 'play' && view.next.seat === table.seat) claimedThisTurn = true;
      }
    }
    // Refused (the table moved on, or waits on something else): read it again.
    view = r.status === 200 ? r.json.view : null;
  }
  return counts;
}
