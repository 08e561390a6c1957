/**
 * @internal Move generation and ordering for the search.
 *
 * Equivalent cards are one move: cards of one hand and suit with no card of another hand between them (the
 * cards of the trick in progress count as between) win and lose the same tricks whichever is played, so only
 * the highest of each such group is searched; its group is kept as a rank mask. When the move wins a trick by
 * rank, the whole group is marked as relevant (see search.ts), which keeps the transposition table sound.
 *
 * Ordering puts likely best moves first so that a zero-window search cuts off early. The weights take their
 * cases and numbers from the move-ordering tables of Bo Haglund's DDS notes (`doc/Alg-dds_x`, "move
 * ordering"), one set with trumps and one without: cash winners, lead towards partner's winners, avoid suits
 * the opponents can ruff, play second hand low, win third and fourth hand as cheaply as possible, ruff when
 * partner is not winning, discard from long suits without winners; plus the move that last caused a cut-off at
 * this depth (a killer move), the move a transposition-table entry suggests and, at the lead, the card the
 * cut-off cache suggests (search.ts). Measured against this module's
 * earlier numbers of its own, on every third deal of random.jsonl: 60% fewer trick nodes.
 *
 * @module
 */

import { AGGR, COUNT, type Core, CUT_MOVE, HAND, MOVE_WEIGHT, MOVES, MOVES_PER_DEPTH, PLAYED, TT_MOVE } from './core.js';

/** Bonuses for the killer move and the table's move at lead, with trumps (a card that wins / loses the trick). */
const KILLER_BONUS = 55;
const TT_BONUS = 18;
const KILLER_LOSING_BONUS = 18;
/** The same without trumps. */
const KILLER_BONUS_NT = 126;
const TT_BONUS_NT = 32;
const KILLER_LOSING_BONUS_NT = 47;
const TT_LOSING_BONUS_NT = 19;
/**
 * The bonus of the card the cut-off cache suggests at the lead (search.ts), with or without trumps: measured on
 * full tables of random deals, 35 gave 4% to 7% fewer nodes on three sets of 40 deals; 10 to 60 all gave fewer.
 */
const CUT_BONUS = 35;

/**
 * The group of equivalent cards of the holding `m` whose highest card is `bit` (the holding's highest left): its
 * cards from `bit` down to the next card of `others` (the suit's cards held by anyone else or in the trick).
 */
function groupOf(m: number, bit: number, others: number): number {
  const upTo = m & ((bit << 1) - 1);
  const below = others & (bit - 1);
  return below === 0 ? upTo : upTo & ~((2 << (31 - Math.clz32(below))) - 1);
}

/** Appends one move with its weight; the caller sorts. */
function push(i: number, card: number, group: number, weight: number): void {
  MOVES[i] = card | (group << 6);
  MOVE_WEIGHT[i] = weight;
}

/**
 * @internal Generates the moves of the seat to play at depth `d`, sorted by weight (highest first), into
 * `MOVES` (each `card | group << 6`) from index `d * MOVES_PER_DEPTH`.
 *
 * @param c - the core, at a node of depth `d`
 * @param d - the depth
 * @returns the number of moves
 */
export function generateMoves(c: Core, d: number): number {
  const base = d * MOVES_PER_DEPTH;
  const p = c.trickPos;
  const seat = (c.leader + p) & 3;
  if (p === 0) return sortMoves(base, leadMoves(c, d, seat, base));
  return followMoves(c, d, seat, p, base);
}

/** Sorts the `n` moves from `base` by weight, highest first (insertion sort: lists are at most 13 long). */
function sortMoves(base: number, n: number): number {
  const moves = MOVES;
  const weights = MOVE_WEIGHT;
  for (let i = base + 1; i < base + n; i++) {
    const w = weights[i] as number;
    const mv = moves[i] as number;
    let j = i - 1;
    while (j >= base && (weights[j] as number) < w) {
      weights[j + 1] = weights[j] as number;
      moves[j + 1] = moves[j] as number;
      j--;
    }
    weights[j + 1] = w;
    moves[j + 1] = mv;
  }
  return n;
}

/**
 * Appends the groups of equivalent cards in `m` (a part of the seat's holding `own` of suit `s`), lowest first,
 * each as its highest card; `others` are the suit's cards held by anyone else or in the trick. Returns the new
 * count.
 */
function pushAscending(base: number, n: number, s: number, m: number, others: number): number {
  let k = n;
  let rest = m;
  while (rest !== 0) {
    const low = rest & -rest;
    const above = others & ~((low << 1) - 1);
    const group = above === 0 ? rest : rest & ((above & -above) - 1);
    rest &= ~group;
    MOVES[base + k] = (s << 4) | (31 - Math.clz32(group)) | (group << 6);
    k++;
  }
  return k;
}

/**
 * Appends the groups of the seat's holding `own` of suit `s` in two tiers, each lowest first: the cards ranked
 * above `over` (rank 2-14; 15 for none), those that win the trick, then the rest. Returns the count.
 */
function pushTiers(base: number, s: number, own: number, others: number, over: number): number {
  const high = own & ~((1 << (over - 1)) - 1);
  const n = pushAscending(base, 0, s, high, others);
  return high === own ? n : pushAscending(base, n, s, own ^ high, others);
}

/** The seat holding the card `bit` of a suit, given the four seats' holdings in it, or -1. */
function holderOf(bit: number, seat: number, own: number, hp: number, hl: number): number {
  if (bit === 0) return -1;
  if ((own & bit) !== 0) return seat;
  if ((hp & bit) !== 0) return seat ^ 2;
  if ((hl & bit) !== 0) return (seat + 1) & 3;
  return (seat + 3) & 3;
}

/**
 * Moves of the hand leading to a trick. The weights follow the tables of the DDS notes' move ordering, one set
 * with trumps and one without: first by suit (few choices for the opponents, no ruff for them, a ruff for
 * partner, no high card over the leader's side), then by whether the card can win the trick, by who holds
 * the suit's top cards, and by the card's place from the top of the suit (1 = highest left; lower cards weigh
 * more in most cases). The move that last cut off at this depth and the table's suggested move weigh more.
 */
function leadMoves(c: Core, d: number, seat: number, base: number): number {
  const hand = HAND;
  const trump = c.trump;
  const partner = seat ^ 2;
  const lho = (seat + 1) & 3;
  const rho = (seat + 3) & 3;
  const tricksLeft = d >> 2;
  const killerCard = c.killer[d] as number;
  const ttCard = TT_MOVE[d] as number;
  const cutCard = CUT_MOVE[d] as number;
  const tl = trump >= 0 ? (hand[(lho << 2) | trump] as number) : 0;
  const tr = trump >= 0 ? (hand[(rho << 2) | trump] as number) : 0;
  const tp = trump >= 0 ? (hand[(partner << 2) | trump] as number) : 0;
  let n = 0;
  for (let s = 0; s < 4; s++) {
    const own = hand[(seat << 2) | s] as number;
    if (own === 0) continue;
    const a = AGGR[s] as number;
    const hp = hand[(partner << 2) | s] as number;
    const hl = hand[(lho << 2) | s] as number;
    const hr = hand[(rho << 2) | s] as number;
    const others = a & ~own;
    const nl = COUNT[hl] as number;
    const nr = COUNT[hr] as number;
    const np = COUNT[hp] as number;
    const topBit = 1 << (31 - Math.clz32(a));
    const rest = a ^ topBit;
    const secondBit = rest === 0 ? 0 : 1 << (31 - Math.clz32(rest));
    const rest2 = rest ^ secondBit;
    const thirdBit = rest2 === 0 ? 0 : 1 << (31 - Math.clz32(rest2));
    const winner = holderOf(topBit, seat, own, hp, hl);
    const second = holderOf(secondBit, seat, own, hp, hl);
    const third = holderOf(thirdBit, seat, own, hp, hl);
    const topSingleton = (nl === 1 && winner === lho) || (nr === 1 && winner === rho);
    // Suits where the opponents have few choices come first. A void opponent may play any card: it counts as
    // long as the tricks left.
    const choices = (nl === 0 ? tricksLeft : nl) * 4 + (nr === 0 ? tricksLeft : nr) * 4;
    const plain = s !== trump;
    let suitW: number;
    if (trump >= 0) {
      suitW = -(((choices * 32) / 13) | 0);
      if (plain && ((hl === 0 && tl !== 0) || (hr === 0 && tr !== 0))) suitW -= 12; // an opponent ruffs
      if (plain && hp === 0 && tp !== 0 && hr !== 0) suitW += 17; // partner ruffs
      if (winner === rho || second === rho) {
        if (nr !== 1) suitW -= 12;
      } else if (winner === lho && second === partner && np !== 1) suitW += 27;
      // A singleton led to partner's top card, for a ruff on the return.
      if (plain && COUNT[own] === 1 && (hand[(seat << 2) | trump] as number) !== 0 && np > 1 && winner === partner) suitW += 19;
    } else {
      suitW = -(((choices * 32) / 19) | 0);
      if (hp === 0) suitW -= 9;
    }
    // The side's next-round winners: partner holds the second and third cards, or the two hands share them.
    let nextRound = 0;
    if (second === partner && third === partner) nextRound = trump >= 0 ? 20 : 35;
    else if (np > 1 && ((second === seat && third === partner) || (second === partner && third === seat))) nextRound = trump >= 0 ? 13 : 25;
    let m = own;
    while (m !== 0) {
      const r = 31 - Math.clz32(m);
      const bit = 1 << r;
      const group = groupOf(m, bit, others);
      m &= ~group;
      const card = (s << 4) | r;
      const place = (COUNT[a & ~((bit << 1) - 1)] as number) + 1;
      const sequence = (COUNT[group] as number) > 1;
      const killer = killerCard >= 0 && killerCard >> 4 === s && (group & (1 << (killerCard & 15))) !== 0;
      const suggested = ttCard >= 0 && ttCard >> 4 === s && (group & (1 << (ttCard & 15))) !== 0;
      const cutBonus = cutCard >= 0 && cutCard >> 4 === s && (group & (1 << (cutCard & 15))) !== 0 ? CUT_BONUS : 0;
      let w: number;
      if (trump >= 0) {
        // Whether the side surely wins this trick: the top card or partner's higher card, unless an opponent
        // ruffs; or partner's ruff, unless an opponent over-ruffs.
        let wins = false;
        if (bit === topBit) {
          if (!plain) wins = true;
          else if (hp !== 0 || tp === 0) wins = (hl !== 0 || tl === 0) && (hr !== 0 || tr === 0);
          else wins = (hl !== 0 || tp > tl) && (hr !== 0 || tp > tr);
        } else if (hp > (hl | hr)) wins = !plain || ((hl !== 0 || tl === 0) && (hr !== 0 || tr === 0));
        else if (plain && hp === 0 && tp !== 0) {
          if (hl === 0 && tl !== 0 && hr === 0 && tr !== 0) wins = tp > (tl | tr);
          else if (hl === 0 && tl !== 0) wins = tp > tl;
          else if (hr === 0 && tr !== 0) wins = tp > tr;
          else wins = true;
        }
        if (wins) {
          if (topSingleton) w = 35 + place;
          else if (winner === seat) w = second === partner ? 48 + place : bit === topBit ? 31 : place - 3;
          else if (winner === partner) w = second === seat ? 42 + place : 28 + place;
          else if (sequence && bit === secondBit) w = 40;
          else w = sequence ? 22 + place : 11 + place;
          w += killer ? KILLER_BONUS : suggested ? TT_BONUS : 0;
        } else {
          if (topSingleton) w = nextRound + place + 2;
          else if (winner === seat) w = nextRound + (second === partner ? 33 + place : bit === topBit ? 38 : place - 14);
          else if (winner === partner) w = nextRound + 34 + place;
          else if (sequence && bit === secondBit) w = nextRound + 35;
          else w = nextRound + 15 - r;
          if (killer) w += KILLER_LOSING_BONUS;
        }
      } else if (bit === topBit || hp > (hl | hr)) {
        // The side wins this trick: better when no opponent holds the second-best card.
        let delta = 0;
        if (second === rho) {
          if (nr !== 1) delta = -1;
        } else if (second === lho) delta = nl !== 1 ? 22 : 16;
        w = delta + ((second !== lho || nl === 1) && (second !== rho || nr === 1) ? 45 : 18) + place;
        w += killer ? KILLER_BONUS_NT : suggested ? TT_BONUS_NT : 0;
      } else {
        let delta = nextRound;
        if (winner === rho || second === rho) {
          if (nr !== 1) delta -= 10;
        } else if (winner === lho && second === partner && np !== 1) delta += 31;
        if (topSingleton) w = delta + 28 + place;
        else if (winner === seat) w = delta - 17 + place;
        else if (!sequence) w = delta + 12 + place;
        else if (bit === secondBit) w = delta + 48;
        else w = delta + 29 - place;
        w += killer ? KILLER_LOSING_BONUS_NT : suggested ? TT_LOSING_BONUS_NT : 0;
      }
      push(base + n, card, group, suitW + w + cutBonus);
      n++;
    }
  }
  return n;
}

/**
 * Third hand, unable to beat the fourth hand's top card: the cheapest card that makes the fourth hand play its
 * top card (one above the top of its next group of cards), or, when the second hand is winning, the cheapest
 * card over the second hand, is tried first (DDS notes: "force out the ace"). The `n` moves from `base` are in
 * ascending order.
 */
function forceOutTop(base: number, n: number, a: number, h4: number, winRank: number, secondWins: boolean): void {
  const others = a & ~h4;
  let prev = 31 - Math.clz32(h4);
  let rest = h4 ^ (1 << prev);
  let next = 0; // rank (2-14) of the top card of the fourth hand's second group, or 0
  while (rest !== 0) {
    const x = 31 - Math.clz32(rest);
    if ((others & ((1 << prev) - 1) & ~((2 << x) - 1)) !== 0) {
      next = x + 2;
      break;
    }
    prev = x;
    rest ^= 1 << x;
  }
  if (next === 0) return;
  const over = next > winRank ? next : secondWins ? winRank : 0;
  if (over === 0) return;
  // Moves are in ascending rank order: the first one above `over` goes to the front.
  for (let i = base; i < base + n; i++) {
    const mv = MOVES[i] as number;
    if ((mv & 63 & 15) + 2 <= over) continue;
    for (let j = i; j > base; j--) MOVES[j] = MOVES[j - 1] as number;
    MOVES[base] = mv;
    return;
  }
}

/** Highest rank (2-14) of a mask, 0 when empty. */
function hi2(m: number): number {
  return m === 0 ? 0 : 33 - Math.clz32(m);
}

/** Lowest rank (2-14) of a mask, 0 when empty. */
function lo2(m: number): number {
  return m === 0 ? 0 : 33 - Math.clz32(m & -m);
}

/**
 * Moves of the second, third or fourth hand to a trick, weighted after the tables of the DDS notes' move
 * ordering. Following suit: the second hand plays low unless it can win the trick over the third hand (or its
 * partner will), the third hand wins as cheaply as it can over the fourth hand when its partner is not already
 * winning, the fourth hand wins as cheaply as it can or plays low. Void: ruff when partner is not winning,
 * over-ruff rather than under-ruff, and discard low from long suits, not from a guarded second-best card or a
 * bare top card.
 */
function followMoves(c: Core, d: number, seat: number, p: number, base: number): number {
  const hand = HAND;
  const leadCard = PLAYED[d + p] as number;
  const led = leadCard >> 4;
  const own = hand[(seat << 2) | led] as number;
  // One group of equivalent cards in the suit led (no other card between its lowest and its highest): one move,
  // nothing to weigh. More than a quarter of the hands to play have no other choice.
  if (own !== 0 && ((AGGR[led] as number) & ~own & ~((own & -own) - 1) & ((2 << (31 - Math.clz32(own))) - 1)) === 0) {
    MOVES[base] = (led << 4) | (31 - Math.clz32(own)) | (own << 6);
    return 1;
  }
  const trump = c.trump;
  const leader = c.leader;
  const leadRank = (leadCard & 15) + 2;
  const wc = c.winCard;
  const winRank = (wc & 15) + 2;
  const winTrump = trump >= 0 && wc >> 4 === trump;
  const leaderWins = c.winSeat === leader;
  const third = (leader + 2) & 3;
  const fourth = (leader + 3) & 3;
  let n = 0;
  if (own !== 0) {
    const a = AGGR[led] as number;
    const others = a & ~own;
    // The third and fourth hands: two tiers (see pushTiers).
    if (p === 3) {
      const partnerWins = c.winSeat === ((seat + 2) & 3);
      return pushTiers(base, led, own, others, partnerWins || (trump >= 0 && led !== trump && winTrump) ? 15 : winRank);
    }
    const h4 = hand[(fourth << 2) | led] as number;
    const max4th = hi2(h4);
    const min4th = lo2(h4);
    const maxOwn = hi2(own);
    if (p === 2) {
      const secondRuffed = trump >= 0 && led !== trump && winTrump;
      const partnerWins = leaderWins && leadRank > max4th && (trump < 0 || led === trump || max4th !== 0);
      // The fourth hand will ruff or discard.
      const fourthVoid = trump >= 0 && led !== trump && max4th === 0;
      // Play low when nothing this hand holds changes who wins.
      if (secondRuffed || partnerWins || (fourthVoid && leaderWins) || maxOwn < min4th || maxOwn < winRank) return pushTiers(base, led, own, others, 15);
      // Beat the second hand.
      if (fourthVoid) return pushTiers(base, led, own, others, winRank);
      // Win over both if we can, the cheapest card first; else low, forcing out the fourth hand's top card.
      n = pushTiers(base, led, own, others, max4th > winRank ? max4th : winRank);
      if (max4th > maxOwn) forceOutTop(base, n, a, h4, winRank, !leaderWins);
      return n;
    }
    const held = (hand[led] as number) | (hand[4 | led] as number) | (hand[8 | led] as number) | (hand[12 | led] as number);
    const h3 = hand[(third << 2) | led] as number;
    const max3rd = hi2(h3);
    const min3rd = lo2(h3);
    const t3 = trump >= 0 ? (hand[(third << 2) | trump] as number) : 0;
    const t4 = trump >= 0 ? (hand[(fourth << 2) | trump] as number) : 0;
    let m = own;
    while (m !== 0) {
      const r = 31 - Math.clz32(m);
      const bit = 1 << r;
      const group = groupOf(m, bit, others);
      m &= ~group;
      const card = (led << 4) | r;
      const rank = r + 2;
      const place = (COUNT[held & ~((bit << 1) - 1)] as number) + 1;
      const sequence = (COUNT[group] as number) > 1;
      let w: number;
      if (trump < 0) {
        if (max4th > leadRank && max4th > max3rd) w = -rank;
        else if (rank > leadRank && rank > max3rd) w = 81 - rank;
        else if (min3rd > rank || min4th > rank) w = -3 + place;
        else if (rank < leadRank) w = -11 + place;
        else if (sequence) w = 10 + place;
        else w = 13 - rank;
      } else {
        let wins = false;
        if (led === trump) wins = (max4th > leadRank && max4th > max3rd) || (rank > leadRank && rank > max3rd);
        else if (rank > leadRank && rank > max3rd) wins = max3rd !== 0 || t3 === 0 || (max4th === 0 && t4 !== 0 && t4 > t3);
        else if (max4th > leadRank && max4th > max3rd) wins = max3rd !== 0 || t3 === 0;
        else if (leadRank > max4th && leadRank > max3rd && leadRank > rank) {
          if (max4th === 0 && t4 !== 0) wins = max3rd !== 0 || t3 === 0 || t4 > t3;
        } else if (max4th === 0 && t4 !== 0) wins = true;
        if (wins) {
          if (min3rd > rank) w = 40 + place;
          else if (max4th > leadRank && (hand[(leader << 2) | led] as number) > h4) w = 41 + place;
          else if (rank > leadRank) w = rank < max4th ? 78 - rank : rank > max3rd ? 73 - rank : sequence ? 62 - rank : 49 - rank;
          else w = max4th > 0 ? 47 - rank : 40 - rank;
        } else if (rank < min3rd || rank < min4th) w = -9 + place;
        else if (rank < leadRank) w = -16 + place;
        else w = sequence ? 22 - rank : 10 - rank;
      }
      push(base + n, card, group, w);
      n++;
    }
    sortMoves(base, n);
    return n;
  }
  // Void in the suit led: ruff or discard.
  const h3 = hand[(third << 2) | led] as number;
  const h4 = hand[(fourth << 2) | led] as number;
  const max4th = hi2(h4);
  const t3 = trump >= 0 ? (hand[(third << 2) | trump] as number) : 0;
  const t4 = trump >= 0 ? (hand[(fourth << 2) | trump] as number) : 0;
  const leadBit = 1 << (leadCard & 15);
  // The leader holds the second-best card of the suit led (partner's king behind the ace: do not ruff it).
  const ledHeld = (hand[led] as number) | (hand[4 | led] as number) | (hand[8 | led] as number) | (hand[12 | led] as number);
  const ledRest = ledHeld === 0 ? 0 : ledHeld ^ (1 << (31 - Math.clz32(ledHeld)));
  const leaderSecond = ledRest !== 0 && ((hand[(leader << 2) | led] as number) & (1 << (31 - Math.clz32(ledRest)))) !== 0;
  for (let t = 0; t < 4; t++) {
    const mine = hand[(seat << 2) | t] as number;
    if (mine === 0) continue;
    const a = AGGR[t] as number;
    const others = a & ~mine;
    const len = COUNT[mine] as number;
    const held = (hand[t] as number) | (hand[4 | t] as number) | (hand[8 | t] as number) | (hand[12 | t] as number);
    const topBit = held === 0 ? 0 : 1 << (31 - Math.clz32(held));
    const rest = held ^ topBit;
    const secondBit = rest === 0 ? 0 : 1 << (31 - Math.clz32(rest));
    const kx = len === 2 && (mine & secondBit) !== 0;
    const bareTop = len === 1 && (mine & topBit) !== 0;
    let add = 0;
    let base0 = 0;
    let perCard = 0; // 0: -rank + add; 1: trump-specific per card
    if (trump < 0) {
      if (p === 1) {
        if (h4 > (h3 | leadBit)) add = (((len << 6) / 23) | 0) - (kx ? 2 : bareTop ? 3 : 0);
        else add = (((len << 6) / 33) | 0) - (kx ? 6 : bareTop ? 8 : 0);
      } else if (p === 2) add = (((len << 6) / 24) | 0) - (kx || bareTop ? 4 : 0);
      else add = (((len << 6) / 27) | 0) - (kx ? 6 : bareTop ? 8 : 0);
    } else if (p === 1) {
      if (led === trump) {
        add = h4 > (h3 | leadBit) ? ((len << 6) / 44) | 0 : (((len << 6) / 36) | 0) - (kx ? 4 : 0);
      } else if (t !== trump) {
        const partnerWins = h3 !== 0 ? h4 > (h3 | leadBit) || (h4 === 0 && t4 !== 0) : (h4 === 0 && t4 > t3) || (t3 === 0 && h4 > leadBit);
        add = partnerWins ? 60 + (((len << 6) / 44) | 0) : -2 + (((len << 6) / 36) | 0) - (kx ? 4 : 0);
      } else if (h3 !== 0 || (h4 === 0 && t4 !== 0 && t4 > t3)) {
        base0 = 24;
        add = ((len << 6) / 44) | 0;
      } else perCard = 1;
    } else if (p === 2) {
      if (led === trump || t !== trump) add = ((len << 6) / 40) | 0;
      else if (leaderWins && leadRank > max4th && (max4th !== 0 || t4 === 0)) base0 = -50;
      else perCard = 2;
    } else {
      const val = (((len << 6) / 24) | 0) - (kx ? 2 : 0);
      const partnerWins = c.winSeat === ((seat + 2) & 3);
      if (led === trump) add = val;
      else if (partnerWins) add = t === trump ? 2 + val : 25 + val;
      else if (winTrump) {
        if (t === trump) perCard = 3;
        else add = 14 + val;
      } else if (t === trump) perCard = 4;
      else add = 14 + val;
    }
    let m = mine;
    while (m !== 0) {
      const r = 31 - Math.clz32(m);
      const bit = 1 << r;
      const group = groupOf(m, bit, others);
      m &= ~group;
      const card = (t << 4) | r;
      const rank = r + 2;
      const place = (COUNT[held & ~((bit << 1) - 1)] as number) + 1;
      let w: number;
      if (perCard === 0) w = base0 - rank + add;
      else if (perCard === 1) w = bit > t3 ? 24 - rank + (((len << 6) / 44) | 0) : 15 - rank + (((len << 6) / 36) | 0) - (kx ? 4 : 0);
      else if (perCard === 2) {
        const a50 = ((len << 6) / 50) | 0;
        if (winTrump && rank < winRank) w = -32 + place + (((len << 6) / 40) | 0);
        else if (leaderWins) {
          if (max4th !== 0) w = leaderSecond ? 36 - rank + a50 : 48 - rank + a50;
          else w = bit > t4 ? 48 - rank + a50 : -12 - rank + a50;
        } else if (max4th !== 0) w = 72 - rank + a50;
        else w = bit > t4 ? 48 - rank + a50 : 36 - rank + a50;
      } else if (perCard === 3) w = rank > winRank ? 33 + place : -13 + place;
      else w = 33 + place;
      push(base + n, card, group, w);
      n++;
    }
  }
  return sortMoves(base, n);
}
