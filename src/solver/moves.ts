/**
 * @internal Move generation and ordering for the search.
 *
 * Equivalent cards are one move: cards of one hand and suit with no card of another hand between them (the
 * cards of the trick in progress count as between) win and lose the same tricks whichever is played, so only
 * the highest of each such group is searched; its group is kept as a rank mask. When the move wins a trick by
 * rank, the whole group is marked as relevant (see search.ts), which keeps the transposition table sound.
 *
 * Ordering puts likely best moves first so that a zero-window search cuts off early. The weights are
 * heuristics in the spirit of Bo Haglund's DDS notes (`doc/Alg-dds_x`, "move ordering"): cash winners, lead
 * towards partner's winners, avoid suits the opponents can ruff, play second hand low, win third and fourth
 * hand as cheaply as possible, ruff when partner is not winning, discard from long suits without winners;
 * plus the move that last caused a cut-off at this depth (a killer move) and the move a transposition-table
 * entry suggests. The numbers are this module's own, tuned on node counts.
 *
 * @module
 */

import { BIT, COUNT, type Core, highRank, MOVES_PER_DEPTH, RANK, SUIT } from './core.js';

const KILLER_BONUS = 120;
const TT_BONUS = 90;

/**
 * Greedy guess at who wins the trick in progress after `card` is played at position `p` by `seat`: each later
 * player on the other side from the current winner beats it as cheaply as it can (following suit or ruffing),
 * and a player on the winner's side plays low. Returns the winning seat.
 */
function greedyWinner(c: Core, p: number, seat: number, card: number, led: number, winCard: number, winSeat: number): number {
  const hand = c.hand;
  const trump = c.trump;
  let wc = winCard;
  let ws = winSeat;
  const s = SUIT[card] as number;
  if (p === 0) {
    wc = card;
    ws = seat;
  } else if (s === (SUIT[wc] as number) ? card > wc : s === trump) {
    wc = card;
    ws = seat;
  }
  for (let q = p + 1; q < 4; q++) {
    const o = (c.leader + q) & 3;
    if (((o ^ ws) & 1) === 0) continue;
    const wsuit = SUIT[wc] as number;
    const h = hand[(o << 2) | led] as number;
    if (h !== 0) {
      if (wsuit === led) {
        const higher = h & ~((2 << (RANK[wc] as number)) - 1);
        if (higher !== 0) {
          wc = led * 13 + (31 - Math.clz32(higher & -higher));
          ws = o;
        }
      }
    } else if (trump >= 0) {
      const t = hand[(o << 2) | trump] as number;
      if (t !== 0) {
        const higher = wsuit === trump ? t & ~((2 << (RANK[wc] as number)) - 1) : t;
        if (higher !== 0) {
          wc = trump * 13 + (31 - Math.clz32(higher & -higher));
          ws = o;
        }
      }
    }
  }
  return ws;
}

/** Appends one move with its weight; the caller sorts. */
function push(c: Core, i: number, card: number, group: number, weight: number): void {
  c.moveCard[i] = card;
  c.moveGroup[i] = group;
  c.moveWeight[i] = weight;
}

/** The bonus for the killer and transposition-table moves at depth `d`. */
function bonus(c: Core, d: number, s: number, group: number): number {
  let b = 0;
  const k = c.killer[d] as number;
  if (k >= 0 && (SUIT[k] as number) === s && (group & (BIT[k] as number)) !== 0) b += KILLER_BONUS;
  const t = c.ttMove[d] as number;
  if (t >= 0 && (SUIT[t] as number) === s && (group & (BIT[t] as number)) !== 0) b += TT_BONUS;
  return b;
}

/**
 * @internal Generates the moves of the seat to play at depth `d`, sorted by weight (highest first), into
 * `c.moveCard` / `c.moveGroup` from index `d * MOVES_PER_DEPTH`.
 *
 * @param c - the core, at a node of depth `d`
 * @param d - the depth
 * @returns the number of moves
 */
export function generateMoves(c: Core, d: number): number {
  const base = d * MOVES_PER_DEPTH;
  const p = c.trickPos;
  const seat = (c.leader + p) & 3;
  const n = p === 0 ? leadMoves(c, d, seat, base) : followMoves(c, d, seat, p, base);
  // Insertion sort, highest weight first; lists are at most 13 long.
  const cards = c.moveCard;
  const groups = c.moveGroup;
  const weights = c.moveWeight;
  for (let i = base + 1; i < base + n; i++) {
    const w = weights[i] as number;
    const card = cards[i] as number;
    const g = groups[i] as number;
    let j = i - 1;
    while (j >= base && (weights[j] as number) < w) {
      weights[j + 1] = weights[j] as number;
      cards[j + 1] = cards[j] as number;
      groups[j + 1] = groups[j] as number;
      j--;
    }
    weights[j + 1] = w;
    cards[j + 1] = card;
    groups[j + 1] = g;
  }
  return n;
}

/** Moves of the hand leading to a trick. */
function leadMoves(c: Core, d: number, seat: number, base: number): number {
  const hand = c.hand;
  const trump = c.trump;
  const partner = seat ^ 2;
  const lho = (seat + 1) & 3;
  const rho = (seat + 3) & 3;
  const tricksLeft = d >> 2;
  let n = 0;
  for (let s = 0; s < 4; s++) {
    const own = hand[(seat << 2) | s] as number;
    if (own === 0) continue;
    const a = c.aggr[s] as number;
    const hp = hand[(partner << 2) | s] as number;
    const hl = hand[(lho << 2) | s] as number;
    const hr = hand[(rho << 2) | s] as number;
    const others = a & ~own;
    // Suits where the opponents have few choices are searched first. A void opponent may play any card: it
    // counts as long as the tricks left, and more in no trump, where partner's void costs too.
    const cl = hl === 0 ? (tricksLeft + 1) * 4 : (COUNT[hl] as number) * 4;
    const cr = hr === 0 ? (tricksLeft + 1) * 4 : (COUNT[hr] as number) * 4;
    let suitW = -(((cl + cr) * 32) / (trump >= 0 ? 13 : 19)) | 0;
    if (trump < 0 && hp === 0) suitW -= 9;
    if (trump >= 0 && s !== trump) {
      if ((hl === 0 && (hand[(lho << 2) | trump] as number) !== 0) || (hr === 0 && (hand[(rho << 2) | trump] as number) !== 0)) suitW -= 12;
      if (hp === 0 && (hand[(partner << 2) | trump] as number) !== 0 && hr !== 0) suitW += 17;
    }
    const topBit = 1 << highRank(a);
    const rest = a ^ topBit;
    const secondBit = rest === 0 ? 0 : 1 << highRank(rest);
    if ((hr & (topBit | secondBit)) !== 0 && COUNT[hr] !== 1) suitW -= 12;
    else if ((hl & topBit) !== 0 && (hp & secondBit) !== 0 && COUNT[hp] !== 1) suitW += 27;
    if (trump >= 0 && s !== trump && COUNT[own] === 1 && (hand[(seat << 2) | trump] as number) !== 0 && (hp & topBit) !== 0 && (COUNT[hp] as number) >= 2)
      suitW += 19;
    const oppTopSingleton = ((hl & topBit) !== 0 && COUNT[hl] === 1) || ((hr & topBit) !== 0 && COUNT[hr] === 1);
    let m = own;
    while (m !== 0) {
      const r = highRank(m);
      const bit = 1 << r;
      const below = others & (bit - 1);
      const group = below === 0 ? m & ((bit << 1) - 1) : m & ((bit << 1) - 1) & ~((1 << (highRank(below) + 1)) - 1);
      m &= ~group;
      const card = s * 13 + r;
      const wins = ((greedyWinner(c, 0, seat, card, s, card, seat) ^ seat) & 1) === 0;
      let w = suitW;
      if (wins) {
        if (oppTopSingleton) w += 35 + r;
        // With partner's second-best card, lower cards first: leading low keeps the top card over the suit.
        else if ((own & topBit) !== 0) w += (hp & secondBit) !== 0 ? 48 + (COUNT[a & ~((bit << 1) - 1)] as number) : bit === topBit ? 31 : r - 3;
        else if ((hp & topBit) !== 0) w += (own & secondBit) !== 0 ? 42 + r : 28 + r;
        else if ((COUNT[group] as number) > 1 && bit === secondBit) w += 40;
        else w += (COUNT[group] as number) > 1 ? 22 + r : 11 + r;
      } else if (oppTopSingleton) w += 28 + r;
      else if ((own & topBit) !== 0) w += r - 17;
      else if ((COUNT[group] as number) > 1 && bit === secondBit) w += 48;
      else if ((COUNT[group] as number) > 1) w += 29 - r;
      else w += 12 + r;
      push(c, base + n, card, group, w + bonus(c, d, s, group));
      n++;
    }
  }
  return n;
}

/** Moves of the second, third or fourth hand to a trick. */
function followMoves(c: Core, d: number, seat: number, p: number, base: number): number {
  const hand = c.hand;
  const trump = c.trump;
  const led = SUIT[c.played[d + p] as number] as number;
  const own = hand[(seat << 2) | led] as number;
  const wc = c.winCard;
  const wseat = c.winSeat;
  let n = 0;
  if (own !== 0) {
    const a = c.aggr[led] as number;
    const others = a & ~own;
    let m = own;
    while (m !== 0) {
      const r = highRank(m);
      const bit = 1 << r;
      const below = others & (bit - 1);
      const group = below === 0 ? m & ((bit << 1) - 1) : m & ((bit << 1) - 1) & ~((1 << (highRank(below) + 1)) - 1);
      m &= ~group;
      const card = led * 13 + r;
      const wins = ((greedyWinner(c, p, seat, card, led, wc, wseat) ^ seat) & 1) === 0;
      const w = wins ? 60 - r : -r;
      push(c, base + n, card, group, w);
      n++;
    }
    return n;
  }
  // Void in the suit led: ruff or discard.
  for (let t = 0; t < 4; t++) {
    const mine = hand[(seat << 2) | t] as number;
    if (mine === 0) continue;
    const a = c.aggr[t] as number;
    const others = a & ~mine;
    const len = COUNT[mine] as number;
    const topBit = 1 << highRank(a);
    let m = mine;
    while (m !== 0) {
      const r = highRank(m);
      const bit = 1 << r;
      const below = others & (bit - 1);
      const group = below === 0 ? m & ((bit << 1) - 1) : m & ((bit << 1) - 1) & ~((1 << (highRank(below) + 1)) - 1);
      m &= ~group;
      const card = t * 13 + r;
      const wins = ((greedyWinner(c, p, seat, card, led, wc, wseat) ^ seat) & 1) === 0;
      let w: number;
      if (t === trump) w = wins ? (((wseat ^ seat) & 1) === 0 && (SUIT[wc] as number) !== trump ? 20 - r : 60 - r) : -30 - r;
      else {
        w = (len * 64) / 36 - r;
        if (wins) w += 40;
        if ((group & topBit) !== 0) w -= 20;
        else if (len === 2 && (mine & (1 << highRank(a ^ topBit))) !== 0) w -= 4;
      }
      push(c, base + n, card, group, w | 0);
      n++;
    }
  }
  return n;
}
