/**
 * @internal The zero-window alpha-beta search (Bo Haglund, DDS algorithm notes, "ABsearch"): instead of
 * computing a number of tricks, each search answers one yes/no question, "can the max side take `target`
 * tricks from the root on?". A node of the max side needs one move that says yes; a node of the other side
 * needs one move that says no; the first such move cuts the node off.
 *
 * At the start of each trick, before any move is tried: the target already reached or out of reach; quick
 * tricks for the side on lead (quick-tricks.ts); sure trump tricks (later-tricks.ts); the transposition table
 * (trans-table.ts), looked up first when 5 tricks or more are left, as DDS does higher up the tree. Results
 * found by searching are stored back in the table; with 5 tricks or more left, so are those quick tricks and later
 * tricks decide after a lookup missed (the next visit then costs one lookup; nearer the end, where classes keep
 * fewer entries, storing them pushed out results that cost more to find again).
 *
 * Partition search bookkeeping: each node returns, in `WIN_RANKS[d * 4 + suit]`, cards whose ranks its result
 * depends on; only the lowest of each suit matters (everything above it is then fixed too). A finished trick
 * adds the winning card and its equivalent cards when another card of its suit was in the trick (a rank
 * comparison decided it). A cut-off node keeps the deciding child's ranks; other nodes take the union over
 * their children.
 *
 * Moves skipped as equivalent (the DDS "lowest win" rule): once a move of a suit has been searched and the
 * node's relevant ranks in that suit so far are all above the move's rank, any other move of the same suit
 * below the lowest relevant rank would give the same result (it differs from the searched one only below the
 * cards that mattered), so it is not searched.
 *
 * A cut-off cache (after the one in bridge-solver, github.com/macroxue/bridge-solver): a small hashed table of
 * the card that last cut a node off in a like situation, which order alone does not capture. The second and
 * third hands following suit try the cached card first, before generating any move (the key: the cards of the
 * suit led, held or in the trick, the card winning the trick, the seat; not who holds the cards); at the lead
 * it adds to the card's weight (the key: a hash of the leader's hand). On full tables of random deals it takes
 * 11% to 15% of the nodes off (three sets of 40 deals; 16.8% on 200); for the fourth hand, or a hand that
 * cannot follow suit, caching gave more nodes, so it is not used there. Only the order of moves depends on it,
 * never a result.
 *
 * @module
 */

import {
  AGGR,
  type Core,
  CUT_BITS,
  CUT_KEY_BITS,
  CUT_MOVE,
  endTrick,
  HAND,
  MARK_BITS,
  MARK_SUIT,
  MOVES,
  MOVES_PER_DEPTH,
  PLAYED,
  returnToHand,
  STOP,
  takeFromHand,
  untakeTrick,
  WIN_RANKS,
} from './core.js';
import { laterTricks } from './later-tricks.js';
import { generateMoves } from './moves.js';
import { quickTricks, secondHandTricks } from './quick-tricks.js';
import type { TransTable } from './trans-table.js';

/** The key's bits of a slot of the cut-off cache: the low {@link CUT_KEY_BITS}. */
const CUT_KEY_MASK = 0x3ffffff;

/** @internal The core plus its table: everything the search needs. */
export interface SearchContext {
  readonly c: Core;
  readonly tt: TransTable;
}

function checkStop(c: Core): void {
  if (c.nodes > c.nodeLimit) {
    c.stopReason = 'budget';
    throw STOP;
  }
  if (c.signal?.aborted) {
    c.stopReason = 'aborted';
    throw STOP;
  }
}

/**
 * @internal Searches the node at depth `d`: can the max side take `c.target` tricks counted from the root?
 *
 * @param x - the core and table
 * @param d - the node's depth (cards held)
 * @returns the answer; the node's relevant ranks are in `WIN_RANKS[d * 4 ..]`
 * @throws {@link STOP} when the node budget or the abort signal stops the search
 */
export function searchNode(x: SearchContext, d: number): boolean {
  const c = x.c;
  if ((++c.nodes & 1023) === 0) checkStop(c);
  return c.trickPos === 0 ? leadNode(x, d) : followNode(x, d);
}

/** A node at the start of a trick. */
function leadNode(x: SearchContext, d: number): boolean {
  const c = x.c;
  const wr = WIN_RANKS;
  const w = d << 2;
  wr[w] = 0;
  wr[w + 1] = 0;
  wr[w + 2] = 0;
  wr[w + 3] = 0;
  const tm = c.tricksMax;
  const target = c.target;
  const tl = d >> 2;
  if (tm >= target) return true;
  if (tm + tl < target) return false;
  if (tl === 1) return lastTrick(c, d);
  const leaderMax = (c.leader & 1) === c.maxSide;
  // Tricks the side on lead needs from here to answer the question its way.
  const need = leaderMax ? target - tm : tm + tl - target + 1;
  // With 5 tricks or more left the table comes first (most lookups hit, and a hit costs less than counting
  // quick tricks); nearer the end, quick tricks first (cheap, and they decide most nodes there).
  const tt = x.tt;
  const early = tl >= 5;
  if (early) {
    const hit = tt.lookup(c, d, need);
    if (hit >= 0) return hit === 1 ? leaderMax : !leaderMax;
  }
  if (quickTricks(c, d, need) >= need) {
    // The lookup missed: store the count (its cards are in WIN_RANKS), so the next visit finds it.
    if (early) tt.store(c, d, need, true, -1);
    return leaderMax;
  }
  wr[w] = 0;
  wr[w + 1] = 0;
  wr[w + 2] = 0;
  wr[w + 3] = 0;
  const later = laterTricks(c, d);
  if (later >= 0) {
    if (early) tt.store(c, d, need, (later === 1) === leaderMax, -1);
    return later === 1;
  }
  if (!early) {
    const hit = tt.lookup(c, d, need);
    if (hit >= 0) return hit === 1 ? leaderMax : !leaderMax;
  }

  // The cut-off cache at the lead: keyed by the leader's hand (a hash of it in 25 bits, odd, so never an empty
  // slot's 0 nor a key inside a trick, which has bit 25 set), the card that last cut off a lead from that hand
  // weighs more (moves.ts).
  const h = c.leader << 2;
  const hand = HAND;
  let key = Math.imul((hand[h] as number) ^ Math.imul(hand[h | 1] as number, 0x2c1b3c6d), 0x297a2d39);
  key = Math.imul(key ^ (hand[h | 2] as number) ^ ((hand[h | 3] as number) << 13), 0x85ebca6b);
  key = (key ^ (key >>> 15) ^ c.leader) | 1;
  const slot = Math.imul(key, 0x9e3779b1) >>> (32 - CUT_BITS);
  key &= 0x1ffffff;
  const entry = c.cutSlots[slot] as number;
  CUT_MOVE[d] = (entry & CUT_KEY_MASK) === key ? entry >>> CUT_KEY_BITS : -1;
  const n = generateMoves(c, d);
  const base = d * MOVES_PER_DEPTH;
  // Per suit, 4 bits each: moves of the suit below this rank are equivalent to one already tried (0: none yet).
  let below = 0;
  const cw = w - 4;
  const success = leaderMax;
  let value = !success;
  let best = -1;
  const seat = c.leader;
  for (let i = base; i < base + n; i++) {
    const mv = MOVES[i] as number;
    const card = mv & 63;
    const s = card >> 4;
    const r = card & 15;
    if (r < ((below >> (s << 2)) & 15)) continue;
    const group = mv >> 6;
    // The lead, played and taken back in place (core.ts's playCard and unplayCard, for the leader).
    const hk = (seat << 2) | s;
    takeFromHand(c, hk, 1 << r);
    PLAYED[d] = card;
    c.winCard = card;
    c.winSeat = seat;
    c.trickPos = 1;
    const v = followNode(x, d - 1);
    returnToHand(c, hk, 1 << r);
    c.trickPos = 0;
    if (v === success) {
      wr[w] = wr[cw] as number;
      wr[w + 1] = wr[cw + 1] as number;
      wr[w + 2] = wr[cw + 2] as number;
      wr[w + 3] = wr[cw + 3] as number;
      value = success;
      best = card;
      c.killer[d] = card;
      c.cutSlots[slot] = key | (card << CUT_KEY_BITS);
      break;
    }
    wr[w] = (wr[w] as number) | (wr[cw] as number);
    wr[w + 1] = (wr[w + 1] as number) | (wr[cw + 1] as number);
    wr[w + 2] = (wr[w + 2] as number) | (wr[cw + 2] as number);
    wr[w + 3] = (wr[w + 3] as number) | (wr[cw + 3] as number);
    // The equivalent cards stand in for this one only if its rank did not matter.
    if (((wr[cw + s] as number) & (1 << (card & 15))) !== 0) wr[w + s] = (wr[w + s] as number) | group;
    if (((below >> (s << 2)) & 15) === 0) {
      const acc = wr[w + s] as number;
      const low = acc === 0 ? 13 : 31 - Math.clz32(acc & -acc);
      if (r < low) below |= low << (s << 2);
    }
  }
  tt.store(c, d, need, value === leaderMax, best);
  return value;
}

/** A node inside a trick (second, third or fourth hand). */
function followNode(x: SearchContext, d: number): boolean {
  const c = x.c;
  if ((++c.nodes & 1023) === 0) checkStop(c);
  const p = c.trickPos;
  const seat = (c.leader + p) & 3;
  const success = (seat & 1) === c.maxSide;
  const wr = WIN_RANKS;
  const w = d << 2;
  wr[w] = 0;
  wr[w + 1] = 0;
  wr[w + 2] = 0;
  wr[w + 3] = 0;
  if (p === 1) {
    // Tricks the second hand's side needs from here, the trick in progress included, to answer its way.
    const tl = (d + 1) >> 2;
    const need = success ? c.target - c.tricksMax : c.tricksMax + tl - c.target + 1;
    if (secondHandTricks(c, d, need)) return success;
    wr[w] = 0;
    wr[w + 1] = 0;
    wr[w + 2] = 0;
    wr[w + 3] = 0;
  }
  // Per suit, 4 bits each: moves of the suit below this rank are equivalent to one already tried (0: none yet).
  let below = 0;
  const cw = w - 4;
  const last = p === 3;
  const hand = HAND;
  const led = (PLAYED[d + p] as number) >> 4;
  const own = hand[(seat << 2) | led] as number;
  // The cut-off cache, for the second and third hands following suit: the card that last cut off a node with
  // the same cards of the suit led (held or in the trick), the same card winning the trick, the same seat to
  // play. Its holders are not in the key: a card that cut off in a like situation is the one most worth trying.
  let slot = -1;
  let key = 0;
  // The cached card as a move (`card | group << 6`), tried before the moves are generated, or -1.
  let cached = -1;
  if (own !== 0 && !last) {
    key = (AGGR[led] as number) | (led << 13) | (c.winCard << 15) | (p << 21) | (seat << 23) | (1 << 25);
    slot = Math.imul(key, 0x9e3779b1) >>> (32 - CUT_BITS);
    const entry = c.cutSlots[slot] as number;
    const k = entry >>> CUT_KEY_BITS;
    const bit = 1 << (k & 15);
    if ((entry & CUT_KEY_MASK) === key && (own & bit) !== 0 && k >> 4 === led) {
      // Its group of equivalent cards: the seat's cards of the suit with no other card between them.
      const others = (AGGR[led] as number) & ~own;
      const above = others & ~((bit << 1) - 1);
      const under = others & (bit - 1);
      let group = above === 0 ? own : own & ((above & -above) - 1);
      if (under !== 0) group &= ~((2 << (31 - Math.clz32(under))) - 1);
      cached = k | (group << 6);
    }
  }
  const base = d * MOVES_PER_DEPTH;
  // The trick's state before this hand plays, restored after each card (core.ts's unplayCard, in place).
  const winCard = c.winCard;
  const winSeat = c.winSeat;
  const ws = winCard >> 4;
  const trump = c.trump;
  // The moves are generated only when the cached card does not cut the node off (n < 0: not yet).
  let n = -1;
  for (let i = cached < 0 ? base : base - 1; ; i++) {
    if (i >= base) {
      if (n < 0) n = generateMoves(c, d);
      if (i >= base + n) break;
    }
    const mv = i < base ? cached : (MOVES[i] as number);
    const card = mv & 63;
    const s = card >> 4;
    const r = card & 15;
    if (r < ((below >> (s << 2)) & 15)) continue;
    const group = mv >> 6;
    if (i >= base && cached >= 0 && s === led && (group & (cached >> 6)) !== 0) continue;
    // The card, played and taken back in place (core.ts's playCard and unplayCard, for this seat).
    const hk = (seat << 2) | s;
    takeFromHand(c, hk, 1 << r);
    PLAYED[d] = card;
    if (s === ws ? card > winCard : s === trump) {
      c.winCard = card;
      c.winSeat = seat;
    }
    let v: boolean;
    if (last) {
      endTrick(c, d);
      v = leadNode(x, d - 1);
      untakeTrick(c, d);
      const ms = cw + (MARK_SUIT[d] as number);
      wr[ms] = (wr[ms] as number) | (MARK_BITS[d] as number);
    } else {
      c.trickPos = p + 1;
      v = followNode(x, d - 1);
    }
    returnToHand(c, hk, 1 << r);
    c.trickPos = p;
    c.winCard = winCard;
    c.winSeat = winSeat;
    if (v === success) {
      wr[w] = wr[cw] as number;
      wr[w + 1] = wr[cw + 1] as number;
      wr[w + 2] = wr[cw + 2] as number;
      wr[w + 3] = wr[cw + 3] as number;
      c.killer[d] = card;
      if (slot >= 0 && i >= base) c.cutSlots[slot] = key | (card << CUT_KEY_BITS);
      return success;
    }
    wr[w] = (wr[w] as number) | (wr[cw] as number);
    wr[w + 1] = (wr[w + 1] as number) | (wr[cw + 1] as number);
    wr[w + 2] = (wr[w + 2] as number) | (wr[cw + 2] as number);
    wr[w + 3] = (wr[w + 3] as number) | (wr[cw + 3] as number);
    if (((wr[cw + s] as number) & (1 << (card & 15))) !== 0) wr[w + s] = (wr[w + s] as number) | group;
    if (((below >> (s << 2)) & 15) === 0) {
      const acc = wr[w + s] as number;
      const low = acc === 0 ? 13 : 31 - Math.clz32(acc & -acc);
      if (r < low) below |= low << (s << 2);
    }
  }
  return !success;
}

/** The last trick: every hand holds one card, so its outcome is fixed. */
function lastTrick(c: Core, d: number): boolean {
  const hand = HAND;
  const trump = c.trump;
  const lead = c.leader;
  let winCard = -1;
  let winSeat = lead;
  for (let i = 0; i < 4; i++) {
    const seat = (lead + i) & 3;
    for (let s = 0; s < 4; s++) {
      const m = hand[(seat << 2) | s] as number;
      if (m === 0) continue;
      const card = (s << 4) | (31 - Math.clz32(m));
      if (winCard < 0 || (s === winCard >> 4 ? card > winCard : s === trump)) {
        winCard = card;
        winSeat = seat;
      }
      break;
    }
  }
  const ws = winCard >> 4;
  let same = 0;
  for (let seat = 0; seat < 4; seat++) if ((hand[(seat << 2) | ws] as number) !== 0) same++;
  if (same >= 2) WIN_RANKS[(d << 2) + ws] = 1 << (winCard & 15);
  return (winSeat & 1) === c.maxSide ? c.tricksMax + 1 >= c.target : c.tricksMax >= c.target;
}
