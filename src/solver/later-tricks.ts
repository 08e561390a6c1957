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
 * - If two partners hold the j highest trumps between them (each above every trump of the other side), and the
 *   longer of their two trump holdings has L cards, their side takes at least min(j, L) tricks. A trick in
 *   which one of those trumps is played is theirs: those trumps stay above every trump of the other side. Let
 *   the longer hand hold a of them and its partner b. The partner plays one of them whenever it plays a trump,
 *   as long as it has one; the longer hand, whenever it plays a trump, plays one of them unless its partner
 *   plays one in the same trick (it knows: the suit led and its partner's cards are in sight) and it has a
 *   lower trump to play instead. If the longer hand's a run out first, the a + b were played in a + b
 *   different tricks; if not, every one of the L tricks in which the longer hand plays a trump holds one of
 *   them. (One seat holding the j highest trumps is the case a = j.)
 * - The side without the top trump makes a trick with its second trump guarded, behind the top trump; with its
 *   third trump twice guarded, behind the two above it in one hand; or with the second and third trumps, unless
 *   they are two singletons in two hands (`trumpTrickAgainstAce`, with the reasons).
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
 * The lowest trump relied on when the side without the top trump (held by `holder`) surely makes a trick with
 * trumps, else 0. `lead` is the seat on lead. Each rule, with the reason it holds:
 * - The second trump with a spare trump, in the hand that plays right after the top trump's holder, and not on
 *   lead now: until its side wins a trick, that hand never leads, so it plays after the top trump's holder in
 *   every trick; it plays the spare on the ace's trick and the second trump on any other.
 * - The third trump with two spare trumps, in that same hand, when the top trump's holder also holds the second:
 *   it plays a spare on each of the two top trumps' tricks and the third on any other (the two above it are then
 *   played or still in the hand before it).
 * - The second and third trumps, unless they are two singletons in two hands: a trick without the ace in which
 *   either is played is theirs, and the ace's trick takes at most one of them, since the hand with a spare plays
 *   it there (it knows whether its partner must play its single trump on that trick); the other is then the
 *   highest and wins when played.
 */
function trumpTrickAgainstAce(c: Core, holder: number, lead: number): number {
  const trump = c.trump;
  const hand = HAND;
  const all = AGGR[trump] as number;
  const rest = all & ~(1 << (31 - Math.clz32(all)));
  if (rest === 0) return 0;
  const second = 31 - Math.clz32(rest);
  const hh = OWNER[(trump << 4) | second] as number;
  const after = (holder + 1) & 3;
  if (((hh ^ holder) & 1) === 0) {
    // The top trump's side holds the second: the third, with two spares, right after them.
    const rest2 = rest & ~(1 << second);
    if (hh !== holder || rest2 === 0) return 0;
    const third = 31 - Math.clz32(rest2);
    const th = OWNER[(trump << 4) | third] as number;
    return th === after && th !== lead && (COUNT[hand[(th << 2) | trump] as number] as number) >= 3 ? 1 << third : 0;
  }
  const spare = (COUNT[hand[(hh << 2) | trump] as number] as number) >= 2;
  if (spare && hh === after && hh !== lead) return 1 << second;
  const rest2 = rest & ~(1 << second);
  if (rest2 === 0) return 0;
  const third = 31 - Math.clz32(rest2);
  const th = OWNER[(trump << 4) | third] as number;
  return ((th ^ hh) & 1) === 0 && (spare || (COUNT[hand[(th << 2) | trump] as number] as number) >= 2) ? 1 << third : 0;
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
  // The top trumps the holder's side holds between its two hands (above every trump of the other side): at
  // least as many tricks as there are, up to the longer of its two trump holdings.
  const mateTrumps = hand[((holder ^ 2) << 2) | trump] as number;
  const holderTrumps = hand[(holder << 2) | trump] as number;
  const pairRun = runOf(holderTrumps | mateTrumps, all);
  const longer = Math.max(COUNT[holderTrumps] as number, COUNT[mateTrumps] as number);
  const topSure = Math.min(COUNT[pairRun] as number, longer);
  const topMark = kthHighestBit(pairRun, topSure);
  // The opponents of the side on lead: either rule may apply to them; the side on lead: only the top-trump rule.
  const holderLeads = (holder & 1) === (lead & 1);
  // One trick for the side without the top trump, when that is all it needs, whichever side that is (the rules
  // say where the seat on lead matters).
  if (holderLeads ? needOpp === 1 : needLead === 1) {
    const m = trumpTrickAgainstAce(c, holder, lead);
    if (m !== 0) {
      wr[w] = 0;
      wr[w + 1] = 0;
      wr[w + 2] = 0;
      wr[w + 3] = 0;
      wr[w + trump] = m;
      return holderLeads === leaderMax ? 0 : 1;
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
