/**
 * Claims checked exactly: can a player's side be sure of a number of the tricks left, from what that player
 * can see?
 *
 * The question is a game between the claimer, who sees only their own cards and the cards played, and the
 * three other seats, whose cards are one unseen pool. The claimer's play may depend on everything the claimer
 * sees as the hand goes on, but not on the hidden cards; the others may hold any layout of the pool the
 * claimer's view allows and play any legal card. Because the claimer sees every card as it is played, such a
 * strategy is a strategy of a game of perfect information in which, at each hidden seat's turn, the others
 * choose the card that seat plays among the cards it could still hold: any unseen card such that some layout
 * consistent with everything seen so far gives it to that seat and makes it legal (Hall's condition on the
 * three seats' card counts and the voids they have shown). This module searches that game: a zero-window
 * search, with unseen cards of one suit and no seen card between them played as one move, a table of results at
 * trick boundaries keyed on the relative ranks of the cards left, and the claimer's sure tricks (top cards on
 * lead, trumps drawn) as a cut-off.
 *
 * @module
 */

import { CARD_BY_INDEX, type Card, sortCards } from '../cards.js';
import { describe, WhistError } from '../errors.js';
import type { HandState } from '../hand/index.js';
import { type BySeat, SEATS, type Seat, seatNumber } from '../seats.js';
import { type PlayerView, playerView } from '../view.js';
import { provenVoids, readSeen } from './seen.js';
import {
  type Failure,
  failure,
  guarded,
  isFailure,
  limitsOf,
  type RunLimits,
  type SolveOptions,
  type SolverResult,
  type StopReason,
  stopped,
} from './shell.js';

/**
 * A claim: `seat` says that their side takes at least `tricks` of the tricks left, the trick in progress
 * included (tricks already finished are not counted).
 */
export interface Claim {
  /** The claimer. Any seat may claim at any point of the hand, in turn or not. */
  readonly seat: Seat;
  /** The tricks claimed for the claimer's side: a whole number from 0 to the tricks left. */
  readonly tricks: number;
}

/** A claim that holds: the claimer's side is sure of `tricks` of the `left` tricks left, whatever the others hold and play. */
export interface ClaimHeld {
  readonly holds: true;
  /** The claimer. */
  readonly seat: Seat;
  /** The tricks claimed. */
  readonly tricks: number;
  /** The tricks left, the trick in progress included. */
  readonly left: number;
}

/**
 * A claim that fails, with a counter-example: a layout of the cards the claimer could not see, and a line of
 * play from the claim to the end of the hand, legal on that layout, on which the claimer's side takes only
 * `taken` tricks. The claimer's cards in `line` are one way of playing them; every other way is beaten too, on
 * this layout or another one.
 */
export interface ClaimRefused {
  readonly holds: false;
  /** The claimer. */
  readonly seat: Seat;
  /** The tricks claimed. */
  readonly tricks: number;
  /** The tricks left, the trick in progress included. */
  readonly left: number;
  /** The cards each seat holds at the claim in the counter-example (the claimer's own cards as they are), in canonical order. */
  readonly layout: BySeat<readonly Card[]>;
  /** The cards played from the claim to the end of the hand, in order, the trick in progress completed first. */
  readonly line: readonly Card[];
  /** The tricks the claimer's side takes on `line`, the trick in progress included: fewer than claimed. */
  readonly taken: number;
}

/** The answer of {@link checkClaim}. */
export type ClaimCheck = ClaimHeld | ClaimRefused;

/**
 * The node budget of {@link checkClaim} and {@link claimableTricks} when `options.maxNodes` is not given: two
 * million nodes of the claim search, a few seconds on one core of a busy machine, under one on a quiet one.
 * Most claims are decided in far fewer ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions": with 8 tricks left the 95th
 * percentile is under 0.2 s); a check that runs past it answers `ABORTED`, which is to be read as "not shown to
 * hold" (doubt goes against the claimer), never as a refusal with a counter-example. Pass `maxNodes:
 * Infinity` for a check with no budget (an opening position can then run for minutes).
 *
 * @example
 * ```ts
 * import { CLAIM_NODES } from 'whist/solver';
 *
 * CLAIM_NODES; // 2000000
 * ```
 * @remarks Source: the measurements of `npm run bench:claims` ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions").
 */
export const CLAIM_NODES = 2_000_000;

/** Thrown through the search to stop it; never escapes this module. */
class Stop {
  constructor(readonly reason: StopReason) {}
}

const suitOf = (card: number): number => (card / 13) | 0;
const bitOf = (card: number): number => 1 << (card % 13);

function popcount(m: number): number {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
}

/** What the claimer sees, as card indices (`suit * 13 + rank`) and seat numbers (N E S W = 0-3). */
interface Seen {
  readonly me: number;
  readonly trump: number;
  readonly dealer: number;
  /** The claimer's cards, a 13-bit rank mask per suit. */
  readonly mine: number[];
  /** The cards the claimer has not seen, per suit (the turn-up, when the dealer still holds it, not among them). */
  readonly pool: number[];
  /** The turned-up trump card the dealer (not the claimer) still holds, or -1. */
  readonly turnUp: number;
  /** Pool cards each seat holds now (the claimer: 0). */
  readonly need: number[];
  /** Suits each seat has shown out of, a 4-bit mask per seat. */
  readonly voids: number[];
  readonly leader: number;
  readonly trick: number[];
  /** Tricks left, the trick in progress included. */
  readonly left: number;
}

/** What `seat` has seen of the hand, read through its view (src/solver/seen.ts), as the claim game needs it. */
function seenBy(state: HandState, seat: Seat): Seen | Failure {
  const v = playerView(state, seat);
  if (!v.ok) return failure('INVALID_STATE', v.error.message);
  return seenIn(v.value);
}

/** What the viewer of `view` has seen of the hand, read once (src/solver/seen.ts), as the claim game needs it. */
function seenIn(view: unknown): Seen | Failure {
  if ((view as { trick?: unknown }).trick === null) return failure('INVALID_STATE', 'the hand is complete: no trick is left to claim');
  let k: ReturnType<typeof readSeen>;
  try {
    k = readSeen(view, false);
  } catch (e) {
    if (e instanceof WhistError) return failure('INVALID_STATE', e.message);
    throw e;
  }
  const me = k.me;
  const mine = [0, 0, 0, 0];
  for (const i of k.own) mine[suitOf(i)] = (mine[suitOf(i)] as number) | bitOf(i);
  const known = new Set<number>([...k.own, ...k.gone, ...k.trick]);
  if (k.turnUp >= 0) known.add(k.turnUp);
  const pool = [0, 0, 0, 0];
  for (let i = 0; i < 52; i++) if (!known.has(i)) pool[suitOf(i)] = (pool[suitOf(i)] as number) | bitOf(i);
  const need = k.counts.map((n, seat) => (seat === me ? 0 : n - (seat === k.dealer && k.turnUp >= 0 ? 1 : 0)));
  let unseen = 0;
  for (const m of pool) unseen += popcount(m);
  if (need.some((n) => n < 0) || need.reduce((a, b) => a + b, 0) !== unseen) return unfit();
  // What the claimer may count on: under the laws a failure to follow suit may be a revoke and shows no void.
  const voids = provenVoids(k);
  return { me, trump: k.trump, dealer: k.dealer, mine, pool, turnUp: k.turnUp, need, voids, leader: k.leader, trick: k.trick, left: k.left };
}

/**
 * @internal The claim game, searched in place: a position changed by make and unmake.
 */
class ClaimGame {
  readonly me: number;
  readonly partner: number;
  readonly trump: number;
  readonly dealer: number;
  readonly mine: number[];
  readonly pool: number[];
  turnUp: number;
  readonly need: number[];
  readonly voids: number[];
  leader: number;
  readonly trick: number[];
  /** Tricks the claimer's side has taken since the claim. */
  taken = 0;
  nodes = 0;
  private readonly table = new Map<string, number>();
  private readonly maxNodes: number;
  private readonly signal: { readonly aborted: boolean } | null;

  constructor(s: Seen, maxNodes: number, signal: { readonly aborted: boolean } | null) {
    this.me = s.me;
    this.partner = (s.me + 2) & 3;
    this.trump = s.trump;
    this.dealer = s.dealer;
    this.mine = s.mine.slice();
    this.pool = s.pool.slice();
    this.turnUp = s.turnUp;
    this.need = s.need.slice();
    this.voids = s.voids.slice();
    this.leader = s.leader;
    this.trick = s.trick.slice();
    this.maxNodes = maxNodes;
    this.signal = signal;
  }

  /** Cards the claimer holds. */
  private held(): number {
    const m = this.mine;
    return popcount(m[0] as number) + popcount(m[1] as number) + popcount(m[2] as number) + popcount(m[3] as number);
  }

  /** Is there a layout of the pool that gives each hidden seat its count and respects the voids? (Hall's condition.) */
  feasible(): boolean {
    const cnt = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let s = 0; s < 4; s++) {
      const n = popcount(this.pool[s] as number);
      if (n === 0) continue;
      let allowed = 0;
      for (let seat = 0; seat < 4; seat++) if (seat !== this.me && !(((this.voids[seat] as number) >> s) & 1)) allowed |= 1 << seat;
      if (allowed === 0) return false;
      cnt[allowed] = (cnt[allowed] as number) + n;
    }
    const others = 15 & ~(1 << this.me);
    for (let S = others; S > 0; S = (S - 1) & others) {
      let cards = 0;
      for (let m = S; m > 0; m = (m - 1) & S) cards += cnt[m] as number;
      let room = 0;
      for (let seat = 0; seat < 4; seat++) if ((S >> seat) & 1) room += this.need[seat] as number;
      if (cards > room) return false;
    }
    return true;
  }

  /**
   * The moves of the seat to play, one card for each group of cards that are worth the same: for the claimer,
   * touching cards of its own; for a hidden seat, unseen cards of one suit with no seen card between them (the
   * turn-up alone). Each move is `card` (0-51) with flag 64 when it is the turn-up; for a hidden seat that
   * shows out, flag 128. Written to `out`, best first (see {@link order}); returns how many.
   */
  moves(seat: number, out: Int32Array): number {
    const led = this.trick.length === 0 ? -1 : suitOf(this.trick[0] as number);
    let n = 0;
    if (seat === this.me) {
      const follow = led >= 0 && (this.mine[led] as number) !== 0;
      for (let s = 0; s < 4; s++) {
        if (follow && s !== led) continue;
        n = this.groups(s, this.mine[s] as number, out, n, 0, 0);
      }
      return this.order(out, n, seat);
    }
    const v = this.voids[seat] as number;
    let later = 0;
    for (let k = this.trick.length + 1; k < 4; k++) if (((this.leader + k) & 3) !== this.me) later++;
    const hasTurnUp = seat === this.dealer && this.turnUp >= 0;
    if (led < 0) {
      for (let s = 0; s < 4; s++) if (!((v >> s) & 1)) n = this.groups(s, this.pool[s] as number, out, n, 0, later);
      if (hasTurnUp) out[n++] = this.turnUp | 64;
      return this.order(out, n, seat);
    }
    // A card that cannot win the trick (a discard of a side suit, the suit led once the trick is trumped, a
    // card of the suit led below the best one played) is worth the same as any other of its run, within the
    // trick too: one card each. The best card on the table splits the runs of its suit.
    const best = this.trick[this.best()] as number;
    if (!((v >> led) & 1)) {
      if (suitOf(best) !== led) n = this.groups(led, this.pool[led] as number, out, n, 0, 0);
      else {
        const above = (this.pool[led] as number) & ~(bitOf(best) * 2 - 1);
        n = this.groups(led, above, out, n, 0, later);
        n = this.groups(led, (this.pool[led] as number) & ~above, out, n, 0, 0);
      }
      if (hasTurnUp && suitOf(this.turnUp) === led) out[n++] = this.turnUp | 64;
    }
    // Showing out: not while the seat holds the turn-up of the suit led.
    if (!(hasTurnUp && suitOf(this.turnUp) === led)) {
      for (let s = 0; s < 4; s++) if (s !== led && !((v >> s) & 1)) n = this.groups(s, this.pool[s] as number, out, n, 128, s === this.trump ? later : 0);
      if (hasTurnUp) out[n++] = this.turnUp | 64 | 128;
    }
    return this.order(out, n, seat);
  }

  /**
   * Cards of `own` in suit `s`, a few of each run with no other card still in play between them, written to
   * `out` from `n`; returns the new count. The claimer's cards of a run are worth the same (one is played to a
   * trick): one card each. Unseen cards of a run are worth the same after the trick, but not within it, where
   * another hidden seat may play a card of the same run after this one: with `later` hidden seats still to
   * play to the trick, the top `later + 1` cards of the run and the bottom `later + 1` give every order the
   * cards of the run played to the trick can take.
   */
  private groups(s: number, own: number, out: Int32Array, n: number, flag: number, later: number): number {
    if (own === 0) return n;
    // Cards that split a run: the others' cards still in play, the turn-up, the cards on the table.
    let split = ((this.mine[s] as number) | (this.pool[s] as number)) & ~own;
    if (this.turnUp >= 0 && suitOf(this.turnUp) === s) split |= bitOf(this.turnUp);
    for (const c of this.trick) if (suitOf(c) === s) split |= bitOf(c);
    let r = 12;
    while (r >= 0) {
      // The next run: from the highest card of `own` at or below r, down to the next splitting card.
      while (r >= 0 && !((own >> r) & 1)) r--;
      if (r < 0) break;
      const top = r;
      while (r >= 0 && !((split >> r) & 1)) r--;
      let k = 0;
      for (let q = top; q > r; q--) if ((own >> q) & 1) k++;
      const each = k < later + 1 ? k : later + 1;
      let i = 0;
      for (let q = top; q > r; q--) {
        if (!((own >> q) & 1)) continue;
        if (i < each || i >= k - each) out[n++] = (s * 13 + q) | flag;
        i++;
      }
    }
    return n;
  }

  /** The winner so far of the trick in progress, as an index into `trick`. */
  private best(): number {
    const t = this.trick;
    let w = 0;
    for (let k = 1; k < t.length; k++) if (this.beats(t[k] as number, t[w] as number)) w = k;
    return w;
  }

  private beats(c: number, b: number): boolean {
    const sc = suitOf(c);
    const sb = suitOf(b);
    if (sc === sb) return c > b;
    return sc === this.trump;
  }

  /** The score of each move while ordering, by depth like the moves. */
  private readonly scores: Int32Array = new Int32Array(64);

  /**
   * Move ordering, in place (a stable sort on a score): cards that win the trick first for the claimer's
   * side's opponents, low cards first for the partner. Returns `n`.
   */
  private order(moves: Int32Array, n: number, seat: number): number {
    const ours = seat === this.me || seat === this.partner;
    const t = this.trick;
    const score = this.scores;
    const w = t.length === 0 ? 0 : this.best();
    const winning = t.length === 0 ? 0 : (t[w] as number);
    const winnerOurs = ((this.leader + w) & 1) === (this.me & 1);
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      const c = m & 63;
      const rank = c % 13;
      let x: number;
      if (t.length === 0) x = seat === this.partner ? -rank : rank + (suitOf(c) === this.trump ? 0 : 13);
      else {
        const wins = this.beats(c, winning);
        if (seat === this.partner) x = wins ? -100 - rank : -rank;
        else if (ours) x = wins && !winnerOurs ? 100 - rank : winnerOurs ? -rank : -rank - 50;
        else x = wins && winnerOurs ? 100 - rank : wins ? 50 - rank : -rank;
      }
      // Insertion: after every move of a score at least as high.
      let j = i;
      while (j > 0 && (score[j - 1] as number) < x) {
        score[j] = score[j - 1] as number;
        moves[j] = moves[j - 1] as number;
        j--;
      }
      score[j] = x;
      moves[j] = m;
    }
    return n;
  }

  /** Plays `move` for `seat`; returns what {@link unmake} needs. */
  make(seat: number, move: number): number {
    const c = move & 63;
    let undo = 0;
    if (seat === this.me) this.mine[suitOf(c)] = (this.mine[suitOf(c)] as number) & ~bitOf(c);
    else if (move & 64) this.turnUp = -1;
    else {
      this.pool[suitOf(c)] = (this.pool[suitOf(c)] as number) & ~bitOf(c);
      this.need[seat] = (this.need[seat] as number) - 1;
    }
    if (move & 128) {
      const led = suitOf(this.trick[0] as number);
      if (!(((this.voids[seat] as number) >> led) & 1)) {
        this.voids[seat] = (this.voids[seat] as number) | (1 << led);
        undo = 1 << led;
      }
    }
    this.trick.push(c);
    return undo;
  }

  unmake(seat: number, move: number, undo: number): void {
    const c = move & 63;
    this.trick.pop();
    this.voids[seat] = (this.voids[seat] as number) & ~undo;
    if (seat === this.me) this.mine[suitOf(c)] = (this.mine[suitOf(c)] as number) | bitOf(c);
    else if (move & 64) this.turnUp = c;
    else {
      this.pool[suitOf(c)] = (this.pool[suitOf(c)] as number) | bitOf(c);
      this.need[seat] = (this.need[seat] as number) + 1;
    }
  }

  private tick(): void {
    if (++this.nodes > this.maxNodes) throw new Stop('budget');
    if ((this.nodes & 1023) === 0 && this.signal?.aborted === true) throw new Stop('aborted');
  }

  /**
   * Can the claimer's side be sure of `target` more tricks, the trick in progress included? `target` counts
   * from the current point: tricks already taken since the claim are subtracted by the caller.
   */
  can(target: number): boolean {
    if (target <= 0) return true;
    const t = this.trick;
    if (t.length === 4) {
      const winner = (this.leader + this.best()) & 3;
      const ours = (winner & 1) === (this.me & 1) ? 1 : 0;
      const cards = t.splice(0, 4);
      const leader = this.leader;
      this.leader = winner;
      const r = this.boundary(target - ours);
      this.leader = leader;
      t.push(...cards);
      return r;
    }
    if (t.length === 0) return this.boundary(target);
    return this.inTrick(target);
  }

  private boundary(target: number): boolean {
    if (target <= 0) return true;
    const left = this.held();
    if (target > left) return false;
    if (this.trumpTricks() >= target || (this.leader === this.me && this.sure() >= target)) return true;
    const key = this.key();
    const known = this.table.get(key);
    // Stored: bits 0-3 the most tricks known sure, bits 4-7 the fewest known not sure (15: none).
    let lo = 0;
    let hi = 15;
    if (known !== undefined) {
      lo = known & 15;
      hi = known >> 4;
      if (target <= lo) return true;
      if (target >= hi) return false;
    }
    const r = this.inTrick(target);
    if (r) lo = Math.max(lo, target);
    else hi = Math.min(hi, target);
    this.table.set(key, lo | (hi << 4));
    return r;
  }

  private inTrick(target: number): boolean {
    this.tick();
    const seat = (this.leader + this.trick.length) & 3;
    const list = this.buffer();
    const n = this.moves(seat, list);
    const mine = seat === this.me;
    this.depth++;
    let r = !mine;
    for (let i = 0; i < n; i++) {
      const m = list[i] as number;
      const undo = this.make(seat, m);
      const ok = mine || this.feasible();
      const sure = ok && this.can(target);
      this.unmake(seat, m, undo);
      if (!ok) continue;
      if (mine && sure) {
        r = true;
        break;
      }
      if (!mine && !sure) {
        r = false;
        break;
      }
    }
    this.depth--;
    return r;
  }

  /** The moves of each depth of the search, reused. */
  private readonly buffers: Int32Array[] = [];
  private depth = 0;

  /** The move buffer of the current depth. */
  private buffer(): Int32Array {
    let b = this.buffers[this.depth];
    if (b === undefined) {
      b = new Int32Array(64);
      this.buffers[this.depth] = b;
    }
    return b;
  }

  /**
   * Tricks the claimer is sure of on lead: cards above every unseen card of their suit, when no unseen trump
   * can ruff them, or after drawing the unseen trumps with top trumps.
   */
  private sure(): number {
    let unseenTrumps = this.trump >= 0 ? popcount(this.pool[this.trump] as number) + (this.turnUp >= 0 ? 1 : 0) : 0;
    let n = 0;
    if (unseenTrumps > 0) {
      const mt = this.mine[this.trump] as number;
      const pt = (this.pool[this.trump] as number) | (this.turnUp >= 0 ? bitOf(this.turnUp) : 0);
      let top = 0;
      for (let r = 12; r >= 0 && !((pt >> r) & 1); r--) if ((mt >> r) & 1) top++;
      if (top < unseenTrumps) return 0;
      unseenTrumps = 0;
    }
    for (let s = 0; s < 4; s++) {
      const m = this.mine[s] as number;
      if (s === this.trump) {
        n += popcount(m);
        continue;
      }
      const p = this.pool[s] as number;
      for (let r = 12; r >= 0 && !((p >> r) & 1); r--) if ((m >> r) & 1) n++;
    }
    return unseenTrumps === 0 ? n : 0;
  }

  /**
   * Tricks the side's trumps take whoever leads. Of the claimer's `i` highest trumps, only the unseen trumps
   * above the lowest of them (`h`) can beat one, each at most one as each is played to one trick, so at least
   * `i - h` of them win: the most of that over `i`. The turn-up, when the partner holds it, beats the claimer's
   * trumps for the side; alone, it wins a trick when no unseen trump is above it.
   */
  private trumpTricks(): number {
    if (this.trump < 0) return 0;
    const m = this.mine[this.trump] as number;
    const ours = this.turnUp >= 0 && this.dealer === this.partner;
    const p = (this.pool[this.trump] as number) | (this.turnUp >= 0 && !ours ? bitOf(this.turnUp) : 0);
    let i = 0;
    let h = 0;
    let most = 0;
    for (let r = 12; r >= 0; r--) {
      if ((p >> r) & 1) h++;
      else if ((m >> r) & 1) {
        i++;
        if (i - h > most) most = i - h;
      }
    }
    if (most === 0 && ours && p >> (this.turnUp % 13) === 0) return 1;
    return most;
  }

  /** The position at a trick boundary, by relative ranks: per suit, who holds each card left from the top down. */
  private key(): string {
    const codes = this.codes;
    for (let s = 0; s < 4; s++) {
      // Two digits per card in play, under a leading 1: at most 27 bits, two characters.
      let code = 1;
      const m = this.mine[s] as number;
      const p = this.pool[s] as number;
      const up = this.turnUp >= 0 && suitOf(this.turnUp) === s ? bitOf(this.turnUp) : 0;
      for (let x = m | p | up; x !== 0; ) {
        const r = 31 - Math.clz32(x);
        const bit = 1 << r;
        x &= ~bit;
        code = code * 4 + (m & bit ? 1 : p & bit ? 2 : 3);
      }
      codes[2 * s] = code & 0xffff;
      codes[2 * s + 1] = code >>> 16;
    }
    // The voids that matter: the hidden seats', in the suits of which unseen cards are left.
    let left = 0;
    for (let s = 0; s < 4; s++) if ((this.pool[s] as number) !== 0) left |= 1 << s;
    if (this.turnUp >= 0) left |= 1 << suitOf(this.turnUp);
    let voids = 0;
    for (let seat = 0; seat < 4; seat++) if (seat !== this.me) voids |= ((this.voids[seat] as number) & left) << (4 * seat);
    codes[8] = voids;
    codes[9] = this.leader;
    return String.fromCharCode.apply(null, codes);
  }

  /** The characters of {@link key}. */
  private readonly codes: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  /**
   * A counter-example to a claim of `target` that {@link can} refused: a line of play to the end of the hand,
   * the claimer's cards the first that fails, the others' the first that beats it.
   */
  refute(target: number): { line: number[]; seats: number[]; taken: number } {
    const line: number[] = [];
    const seats: number[] = [];
    let need = target;
    let taken = 0;
    while (this.held() > 0 || this.trick.length > 0) {
      if (this.trick.length === 4) {
        const winner = (this.leader + this.best()) & 3;
        if ((winner & 1) === (this.me & 1)) {
          taken++;
          need--;
        }
        this.trick.length = 0;
        this.leader = winner;
        continue;
      }
      const seat = (this.leader + this.trick.length) & 3;
      // The claimer's first card (every one is beaten), the others' first that beats it.
      const list = this.buffer();
      const n = this.moves(seat, list);
      let chosen = seat === this.me ? (list[0] as number) : -1;
      this.depth++;
      for (let i = 0; i < n && chosen < 0; i++) {
        const m = list[i] as number;
        const u = this.make(seat, m);
        if (this.feasible() && !this.can(need)) chosen = m;
        this.unmake(seat, m, u);
      }
      this.depth--;
      this.make(seat, chosen);
      line.push(chosen & 63);
      seats.push(seat);
    }
    return { line, seats, taken };
  }
}

/** The `ABORTED` failure of a search stopped by a {@link Stop}; anything else is thrown on. */
function stoppedBy(e: unknown, limits: RunLimits): Failure {
  if (!(e instanceof Stop)) throw e;
  return stopped(e.reason, limits);
}

/** Reads the state and options; the claimer's view and the limits, or a failure. */
function prepare(read: (seat: Seat) => Seen | Failure, seat: unknown, options: unknown): { seen: Seen; limits: RunLimits } | Failure {
  const limits = limitsOf(options, CLAIM_NODES);
  if (isFailure(limits)) return limits;
  if (seatNumber(seat) < 0) return failure('INVALID_ARGUMENT', `the claimer must be one of N E S W, got ${describe(seat)}`, 'seat');
  const seen = read(seat as Seat);
  if (isFailure(seen)) return seen;
  return { seen, limits };
}

/** Checks `claim` on what its claimer has seen (`read`), within the options' limits. */
function check(read: (seat: Seat) => Seen | Failure, claim: unknown, options: unknown): SolverResult<ClaimCheck> {
  if (typeof claim !== 'object' || claim === null)
    return failure('INVALID_ARGUMENT', `a claim must be an object { seat, tricks }, got ${describe(claim)}`, 'claim');
  const { seat, tricks } = claim as { seat: unknown; tricks: unknown };
  const p = prepare(read, seat, options);
  if (isFailure(p)) return p;
  const { seen, limits } = p;
  if (typeof tricks !== 'number' || !Number.isInteger(tricks) || tricks < 0 || tricks > seen.left) {
    return failure('INVALID_ARGUMENT', `claim.tricks must be a whole number from 0 to the ${seen.left} tricks left, got ${describe(tricks)}`, 'tricks');
  }
  const game = new ClaimGame(seen, limits.maxNodes, limits.signal);
  if (!game.feasible()) return unfit();
  const base = { seat: seat as Seat, tricks, left: seen.left };
  try {
    if (game.can(tricks)) return { ok: true, value: { holds: true, ...base } };
    const { line, seats, taken } = game.refute(tricks);
    const layout: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
    for (let k = 0; k < line.length; k++) layout[SEATS[seats[k] as number] as Seat].push(CARD_BY_INDEX[line[k] as number] as Card);
    for (const s of SEATS) layout[s] = sortCards(layout[s]);
    return {
      ok: true,
      value: { holds: false, ...base, layout, line: line.map((c) => CARD_BY_INDEX[c] as Card), taken },
    };
  } catch (e) {
    return stoppedBy(e, limits);
  }
}

/**
 * No layout of the unseen cards fits what the claimer saw: a claim could then hold against no cards at all,
 * so none is checked (doubt goes against the claimer). It cannot happen with a hand state of this library.
 */
function unfit(): Failure {
  return failure('INVALID_STATE', 'no layout of the unseen cards fits what the claimer saw');
}

/**
 * Checks a claim exactly: does the claimer's side take at least `claim.tricks` of the tricks left, whatever
 * the cards the claimer cannot see and however the three other seats play them?
 *
 * The claimer knows their own cards, the cards played, the voids each seat has shown by failing to follow
 * suit, and the turned-up trump card in the dealer's hand until it is played. Under the laws (rules with
 * `irregularities: 'ruled'`) a failure to follow suit before the claim may be a revoke: it shows no void, and
 * the claimer counts on none. The claim holds when the
 * claimer has a way of playing their cards, deciding each card on what they have seen so far, that takes the
 * claimed tricks for their side on every layout of the unseen cards consistent with that, against every legal
 * play of the other three seats, the claimer's partner included: the claimer relies on no card they have not
 * seen and on no play of another seat (doubt goes against the claimer). The tricks counted are those not yet
 * finished, the trick in progress included, won by either player of the claimer's side.
 *
 * The check is exact for that rule: no sampling, no guess. It searches within a node budget,
 * {@link CLAIM_NODES} unless `options.maxNodes` says otherwise (`Infinity` for none); a check that runs past it
 * answers `ABORTED` (read it as "not shown to hold"). A refused claim comes back with a counter-example: a
 * layout of the hidden cards and a line of play to the end of the hand on which the claimer's side takes fewer
 * tricks than claimed.
 *
 * @param state - a hand state the library made, at any point before the end
 * @param claim - `{ seat, tricks }`: the claimer and the tricks claimed for their side, 0 to the tricks left
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions}); `maxNodes` defaults to
 *   {@link CLAIM_NODES}
 * @returns `{ ok: true, value: { holds: true, … } }` or `{ ok: true, value: { holds: false, layout, line,
 *   taken, … } }`; `INVALID_STATE` for a value that is not a hand state of this library or a complete hand;
 *   `INVALID_ARGUMENT` for a claim that is not an object, a seat that is not one, tricks that are not a whole
 *   number from 0 to the tricks left, bad options, or an input that throws when read; `ABORTED` when stopped by
 *   the signal or the node budget (by default {@link CLAIM_NODES})
 * @example
 * ```ts
 * import { dealHandOrThrow, SHORT_WHIST } from 'whist';
 * import { checkClaim } from 'whist/solver';
 *
 * // Spades are trump and north, on lead, holds all thirteen: every trick is north's.
 * const cards = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const dealt = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards, trump: 'S' });
 * checkClaim(dealt, { seat: 'N', tricks: 13 }); // { ok: true, value: { holds: true, seat: 'N', tricks: 13, left: 13 } }
 *
 * // East holds every heart, but north holds every trump and leads: east's claim of one trick fails.
 * const r = checkClaim(dealt, { seat: 'E', tricks: 1 });
 * r.ok && r.value.holds; // false
 * r.ok && !r.value.holds && r.value.taken; // 0
 * ```
 * @remarks Source: the claim is the classic one, Hoyle's laws of Long Whist, law 24 (a player sure of every
 *   trick may show the cards); doubt against the claimer as in the Laws of Duplicate Bridge (2017), law 70A;
 *   a revoke (Laws of Short Whist, 1864, law 71) shows no void; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions". The search is a
 *   zero-window search (Bo Haglund, DDS algorithm notes, `doc/Alg-dds_x`, dds-bridge/dds) over the claimer's
 *   information: the unseen cards are dealt as they are played, within Hall's condition (Philip Hall, "On
 *   representatives of subsets", 1935) on the seats' counts and voids.
 */
export function checkClaim(state: HandState, claim: Claim, options?: SolveOptions): SolverResult<ClaimCheck> {
  return guarded(() => check((seat) => seenBy(state, seat), claim, options), 'the state or the claim');
}

/**
 * @internal {@link checkClaim} from the claimer's own view instead of the hand state: for a host that holds
 * the claimer's view (a `PlayerView`, plain JSON, no hidden card), read once. The claimer is `claim.seat`,
 * which must be the view's viewer.
 *
 * @returns as {@link checkClaim}; `INVALID_ARGUMENT` for a view that is not the claimer's, `INVALID_STATE` for
 *   one that is not a view of a hand in play or that no layout of the unseen cards fits
 */
export function checkClaimInView(view: PlayerView, claim: Claim, options?: SolveOptions): SolverResult<ClaimCheck> {
  return guarded(() => {
    const viewer = (view as { viewer?: unknown } | null)?.viewer;
    const read = (seat: Seat): Seen | Failure => (viewer === seat ? seenIn(view) : failure('INVALID_ARGUMENT', "the view must be the claimer's own", 'view'));
    return check(read, claim, options);
  }, 'the view or the claim');
}

/**
 * The most tricks a seat could claim now for its side and have the claim hold under {@link checkClaim}: 0 to
 * the tricks left, the trick in progress included. A computer player claims when this is all the tricks it
 * wants.
 *
 * @param state - a hand state the library made, at any point before the end
 * @param seat - the claimer
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions}); `maxNodes` defaults to
 *   {@link CLAIM_NODES}, for all the checks together
 * @returns `{ ok: true, value: tricks }`; `INVALID_STATE` for a value that is not a hand state or a complete
 *   hand; `INVALID_ARGUMENT` for a seat that is not one, bad options, or an input that throws when read;
 *   `ABORTED` when stopped by the signal or the node budget (nothing is guessed)
 * @example
 * ```ts
 * import { dealHandOrThrow, SHORT_WHIST } from 'whist';
 * import { claimableTricks } from 'whist/solver';
 *
 * const cards = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const dealt = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards, trump: 'S' });
 * claimableTricks(dealt, 'N'); // { ok: true, value: 13 }
 * claimableTricks(dealt, 'E'); // { ok: true, value: 0 }
 * ```
 * @remarks Source: as {@link checkClaim}.
 */
export function claimableTricks(state: HandState, seat: Seat, options?: SolveOptions): SolverResult<number> {
  return guarded(() => {
    const p = prepare((s) => seenBy(state, s), seat, options);
    if (isFailure(p)) return p;
    const { seen, limits } = p;
    const game = new ClaimGame(seen, limits.maxNodes, limits.signal);
    if (!game.feasible()) return unfit();
    try {
      let lo = 0;
      let hi = seen.left;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (game.can(mid)) lo = mid;
        else hi = mid - 1;
      }
      return { ok: true, value: lo };
    } catch (e) {
      return stoppedBy(e, limits);
    }
  }, 'the state');
}
