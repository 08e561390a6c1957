/**
 * @internal Later-tricks cut-offs at the start of a trick (Bo Haglund, DDS algorithm notes, "later tricks"):
 * tricks the side *not* on lead is sure of at some point in the rest of the hand, and one trick-count bound
 * for the side on lead. Each rule, with the reason it holds:
 *
 * No trump (or no trump left):
 * - If the opponents of the leader hold the highest card of every suit the leader holds, they win this trick:
 *   whatever is led, the holder of its top card follows suit with it.
 * - If the side on lead needs every remaining trick, it must lead every trick, each in a suit whose top card
 *   it holds at that moment (the holder of a top card can always win a trick led in its suit). Summed over the
 *   suits whose top card it holds now, the longer of its two holdings bounds such leads; when that sum is below
 *   the tricks left, it loses one. (DDS's rule; this solver also checked it against exhaustive search of random
 *   endings before using it.)
 *
 * Trumps:
 * - The side holding every trump wins at least as many tricks as its longer trump holding: the side on lead
 *   has no trump, so every trick in which one of the longer hand's trumps is played is won by a trump of theirs.
 * - The highest trump wins a trick whenever played, and must be played some time. If one seat holds the k
 *   highest trumps, each is the highest left when played (the higher ones are its own and went in earlier
 *   tricks: a seat plays one card a trick), so that side takes at least k tricks.
 * - The two highest trumps in two partners' hands, one of them holding another trump, give two tricks: the
 *   partners need never play both on one trick (the one with a spare trump plays it instead).
 *
 * When a rule decides the question, the cards it relied on are recorded in `WIN_RANKS` (the top card of each
 * suit it looked at; nothing where only suit lengths mattered).
 *
 * @module
 */

import { AGGR, COUNT, type Core, HAND, kthHighestBit, OWNER, WIN_RANKS } from './core.js';

/** A seat's cards in a suit above every other card still held in it. */
function runOf(own: number, all: number): number {
  const others = all & ~own;
  if (others === 0) return own;
  return own & ~((2 << (31 - Math.clz32(others))) - 1);
}

/**
 * @internal Whether sure later tricks decide "can the max side take `target` tricks?".
 *
 * @param c - the core, at the start of a trick
 * @param d - the node's depth (a multiple of 4)
 * @returns 1 when the max side surely reaches the target, 0 when it surely cannot, -1 when undecided; when
 *   decided, `WIN_RANKS[d * 4 ..]` holds the cards relied on
 */
export function laterTricks(c: Core, d: number): number {
  const trump = c.trump;
  const hand = HAND;
  const aggr = AGGR;
  const lead = c.leader;
  const partner = lead ^ 2;
  const lho = (lead + 1) & 3;
  const rho = (lead + 3) & 3;
  const tl = d >> 2;
  const w = d << 2;
  const leaderMax = (lead & 1) === c.maxSide;
  // Tricks the side on lead needs, and tricks its opponents need, to decide the question their way.
  const needLead = leaderMax ? c.target - c.tricksMax : c.tricksMax + tl - c.target + 1;
  const needOpp = tl - needLead + 1;
  const wr = WIN_RANKS;

  if (trump < 0 || (aggr[trump] as number) === 0) {
    let sum = 0;
    let oppTopsEverywhere = true;
    for (let s = 0; s < 4; s++) {
      const all = aggr[s] as number;
      if (all === 0) continue;
      const top = 1 << (31 - Math.clz32(all));
      const ours = ((hand[(lead << 2) | s] as number) | (hand[(partner << 2) | s] as number)) & top;
      if (ours !== 0) {
        sum += Math.max(COUNT[hand[(lead << 2) | s] as number] as number, COUNT[hand[(partner << 2) | s] as number] as number);
        if ((hand[(lead << 2) | s] as number) !== 0) oppTopsEverywhere = false;
      }
    }
    if ((oppTopsEverywhere && needOpp <= 1) || (needLead === tl && sum < tl)) {
      for (let s = 0; s < 4; s++) {
        const all = aggr[s] as number;
        let m = 0;
        if (all !== 0) {
          const top = 1 << (31 - Math.clz32(all));
          const ours = ((hand[(lead << 2) | s] as number) | (hand[(partner << 2) | s] as number)) & top;
          // The opponents' top cards are what the rules rely on; a suit only its top holder holds needs no rank.
          if (ours === 0) {
            const holder = OWNER[(s << 4) | (31 - Math.clz32(all))] as number;
            if ((hand[(holder << 2) | s] as number) !== all) m = top;
          }
        }
        wr[w + s] = m;
      }
      return leaderMax ? 0 : 1;
    }
    return -1;
  }

  const all = aggr[trump] as number;
  const ourTrumps = (hand[(lead << 2) | trump] as number) | (hand[(partner << 2) | trump] as number);
  const holder = OWNER[(trump << 4) | (31 - Math.clz32(all))] as number;
  const holderMax = (holder & 1) === c.maxSide;
  let sure = 0;
  let mark = 0;
  if (ourTrumps === 0) {
    // The opponents hold every trump.
    sure = Math.max(COUNT[hand[(lho << 2) | trump] as number] as number, COUNT[hand[(rho << 2) | trump] as number] as number);
  }
  const run = runOf(hand[(holder << 2) | trump] as number, all);
  const k = COUNT[run] as number;
  let topSure = k;
  let topMark = kthHighestBit(run, k);
  if (k === 1) {
    const rest = all & ~run;
    if (rest !== 0) {
      const secondBit = 1 << (31 - Math.clz32(rest));
      const mate = holder ^ 2;
      const mateTrumps = hand[(mate << 2) | trump] as number;
      if ((mateTrumps & secondBit) !== 0 && ((COUNT[hand[(holder << 2) | trump] as number] as number) > 1 || (COUNT[mateTrumps] as number) > 1)) {
        topSure = 2;
        topMark = secondBit;
      }
    }
  }
  // The opponents of the side on lead: either rule may apply to them; the side on lead: only the top-trump rule.
  const holderLeads = (holder & 1) === (lead & 1);
  if (holderLeads && needOpp === 1) {
    // The side on lead holds the top trump; an opponent with the second trump and a spare one can still make a
    // trick with it when the top trump's holder plays before it (it waits for the ace to fall or be passed), or
    // when its side also holds the third trump.
    const rest = all & ~(1 << (31 - Math.clz32(all)));
    if (rest !== 0) {
      const second = 31 - Math.clz32(rest);
      const hh = OWNER[(trump << 4) | second] as number;
      if (((hh ^ lead) & 1) === 1 && (COUNT[hand[(hh << 2) | trump] as number] as number) >= 2) {
        let m = 0;
        if (holder === ((hh + 3) & 3)) m = 1 << second;
        else {
          const rest2 = rest & ~(1 << second);
          if (rest2 !== 0 && (((OWNER[(trump << 4) | (31 - Math.clz32(rest2))] as number) ^ hh) & 1) === 0) m = 1 << (31 - Math.clz32(rest2));
        }
        if (m !== 0) {
          wr[w] = 0;
          wr[w + 1] = 0;
          wr[w + 2] = 0;
          wr[w + 3] = 0;
          wr[w + trump] = m;
          return leaderMax ? 0 : 1;
        }
      }
    }
  }
  if (!holderLeads && topSure > sure) {
    sure = topSure;
    mark = topMark;
  }
  if (!holderLeads) {
    if (sure >= needOpp) {
      wr[w] = 0;
      wr[w + 1] = 0;
      wr[w + 2] = 0;
      wr[w + 3] = 0;
      wr[w + trump] = mark;
      return leaderMax ? 0 : 1;
    }
  } else if (topSure >= needLead) {
    wr[w] = 0;
    wr[w + 1] = 0;
    wr[w + 2] = 0;
    wr[w + 3] = 0;
    wr[w + trump] = topMark;
    return holderMax ? 1 : 0;
  }
  return -1;
}
