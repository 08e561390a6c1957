/**
 * @internal Quick tricks: at the start of a trick, a lower bound on the tricks the side on lead can take by
 * force, cheap enough to try at every such node before searching (Bo Haglund, DDS algorithm notes,
 * "quick tricks"). When the bound alone decides the search's question, the node is not searched.
 *
 * Every count here is a proof, not an estimate. The *cashing* seat leads, its partner follows:
 * - The cashing seat's *run* in a suit is its cards from the top of the suit down to the first card held by
 *   anyone else. Led one after another, each is the highest card of its suit, so each wins unless ruffed,
 *   and the lead stays put, so runs of several suits add up. A suit nobody else holds gives one trick a card.
 * - A round of a plain suit is safe from ruffs when each opponent who holds a trump still has a card of that
 *   suit, so a plain suit gives at most as many rounds as the shorter such opponent holds. Opponents with
 *   trumps follow every round counted, so they never discard a card that keeps another suit safe.
 * - Trumps are cashed first. On a plain-suit round the partner plays a plain card while it has one
 *   (following or discarding); once it has none it may have to ruff: that trick is still won, but the lead
 *   passes. So when the partner holds trumps, plain rounds count up to its plain cards plus one.
 * - The leader may instead cross to partner first (to partner's top card of a suit, or to a ruff), and
 *   partner cashes its runs with the leader as the follower.
 *
 * Each run records its lowest card relied on in `winRanks` (the cards above it have the same owners in every
 * position the result is reused for); counts that depend on suit lengths only record nothing.
 *
 * @module
 */

import { COUNT, type Core, highRank, kthHighestBit } from './core.js';

/** How many cards other than trumps a seat holds. */
function plainCards(c: Core, seat: number): number {
  let n = 0;
  for (let s = 0; s < 4; s++) if (s !== c.trump) n += COUNT[c.hand[(seat << 2) | s] as number] as number;
  return n;
}

/** Rounds of suit `s` the opponents of the cashing side cannot ruff (13 for trumps, or when they have none). */
function safeRounds(c: Core, s: number, oppA: number, oppB: number): number {
  const trump = c.trump;
  if (trump < 0 || s === trump) return 13;
  const hand = c.hand;
  let safe = 13;
  if ((hand[(oppA << 2) | trump] as number) !== 0) safe = COUNT[hand[(oppA << 2) | s] as number] as number;
  if ((hand[(oppB << 2) | trump] as number) !== 0) safe = Math.min(safe, COUNT[hand[(oppB << 2) | s] as number] as number);
  return safe;
}

/**
 * @internal A lower bound on the tricks the side of the seat on lead takes from this trick on.
 *
 * The ranks relied on are OR-ed into `c.winRanks[d * 4 + suit]`; the caller clears them if the bound decides
 * nothing. Extra marks are harmless: they only make a stored result more specific.
 *
 * @param c - the core, at the start of a trick
 * @param d - the node's depth
 * @param cutoff - the number of tricks that would decide the search's question
 * @returns the bound
 */
export function quickTricks(c: Core, d: number, cutoff: number): number {
  const lead = c.leader;
  const direct = cash(c, d, lead, -1, 0, true);
  if (direct >= cutoff) return direct;
  // Crossing to partner first gives at most one trick more than partner could cash on lead now.
  if (1 + cash(c, d, lead ^ 2, -1, 0, false) < cutoff) return direct;
  const viaPartner = crossToPartner(c, d, lead);
  return viaPartner > direct ? viaPartner : direct;
}

/**
 * Tricks the seat `seat` cashes from its runs with its partner following. With `entry` >= 0 the seat has just
 * won a trick in that suit, reached by the partner leading its lowest card of it: `kind` 1, by the seat's top
 * card of the suit; `kind` 2, by a ruff. Returns the count, entry trick not included.
 */
function cash(c: Core, d: number, seat: number, entry: number, kind: number, mark: boolean): number {
  const hand = c.hand;
  const aggr = c.aggr;
  const trump = c.trump;
  const own0 = seat << 2;
  const partner0 = (seat ^ 2) << 2;
  const a0 = ((seat + 1) & 3) << 2;
  const b0 = ((seat + 3) & 3) << 2;
  const aTrumps = trump >= 0 && (hand[a0 | trump] as number) !== 0;
  const bTrumps = trump >= 0 && (hand[b0 | trump] as number) !== 0;
  let trumpRounds = 0;
  let plainRounds = 0;
  for (let s = 0; s < 4; s++) {
    const own = hand[own0 | s] as number;
    if (own === 0) continue;
    // Rounds the opponents cannot ruff: each opponent holding a trump must still follow.
    let safe = 13;
    if (s !== trump) {
      if (aTrumps) safe = COUNT[hand[a0 | s] as number] as number;
      if (bTrumps) {
        const nb = COUNT[hand[b0 | s] as number] as number;
        if (nb < safe) safe = nb;
      }
      if (safe === 0) continue;
    }
    const all = aggr[s] as number;
    const others = all & ~own;
    const run = others === 0 ? own : own & ~((2 << (31 - Math.clz32(others))) - 1);
    let top = COUNT[run] as number;
    if (top === 0) continue;
    let held = COUNT[own] as number;
    // The entry trick used a card: the top card of suit `entry` (kind 1), or a trump to ruff (kind 2), a card
    // of the run only if every trump is in it.
    let used = 0;
    if (s === entry && kind === 1) {
      used = 1;
      top--;
      held--;
      safe--;
    } else if (kind === 2 && s === trump && entry >= 0) {
      if (held === top) {
        used = 1;
        top--;
      }
      held--;
    }
    if (top <= 0) continue;
    let rounds = top;
    if (others !== 0) {
      // Once the run is cashed, a suit nobody else holds any more: the rest of the seat's cards win too. (The
      // other hands' lengths before the entry trick are used: never fewer than after it.)
      if (
        (COUNT[hand[a0 | s] as number] as number) <= top &&
        (COUNT[hand[b0 | s] as number] as number) <= top &&
        (COUNT[hand[partner0 | s] as number] as number) <= top
      ) {
        rounds = held;
      }
    }
    if (rounds > safe) rounds = safe;
    if (rounds <= 0) continue;
    if (s === trump) trumpRounds += rounds;
    else plainRounds += rounds;
    if (mark && others !== 0) {
      const w = (d << 2) + s;
      c.winRanks[w] = (c.winRanks[w] as number) | kthHighestBit(run, (rounds < top ? rounds : top) + used);
    }
  }
  if (plainRounds > 0 && trump >= 0 && (hand[partner0 | trump] as number) !== 0) {
    let spare = plainCards(c, seat ^ 2);
    if (entry >= 0 && entry !== trump) spare--; // the partner led a plain card to the entry
    if (plainRounds > spare + 1) plainRounds = spare + 1;
  }
  return trumpRounds + plainRounds;
}

/** The best count over the ways the leader can cross to partner: the entry trick plus partner's cashing. */
function crossToPartner(c: Core, d: number, lead: number): number {
  const hand = c.hand;
  const aggr = c.aggr;
  const trump = c.trump;
  const partner = lead ^ 2;
  const oppA = (lead + 1) & 3;
  const oppB = (lead + 3) & 3;
  const partnerTrumps = trump >= 0 && (hand[(partner << 2) | trump] as number) !== 0;
  let best = 0;
  let bestEntry = -1;
  let bestKind = 0;
  for (let e = 0; e < 4; e++) {
    if ((hand[(lead << 2) | e] as number) === 0) continue;
    if (safeRounds(c, e, oppA, oppB) === 0) continue;
    const hp = hand[(partner << 2) | e] as number;
    let kind: number;
    if (hp !== 0) {
      if ((hp & (1 << highRank(aggr[e] as number))) === 0) continue;
      kind = 1;
    } else if (partnerTrumps && e !== trump) kind = 2;
    else continue;
    const n = 1 + cash(c, d, partner, e, kind, false);
    if (n > best) {
      best = n;
      bestEntry = e;
      bestKind = kind;
    }
  }
  if (bestEntry >= 0) {
    if (bestKind === 1) {
      const w = (d << 2) + bestEntry;
      c.winRanks[w] = (c.winRanks[w] as number) | (1 << highRank(aggr[bestEntry] as number));
    }
    cash(c, d, partner, bestEntry, bestKind, true);
  }
  return best;
}

/**
 * @internal Second-hand quick trick (DDS notes: a simple quick trick after the lead): the side of the second
 * hand surely wins the trick in progress when it holds a card of the suit led above the card led and above all
 * of the third hand's cards, or can ruff, and the third hand cannot ruff.
 *
 * @param c - the core, with one card played to the trick
 * @param d - the node's depth
 * @returns true when the trick is surely won by the second hand's side; the card relied on is then in
 *   `c.winRanks[d * 4 + suit]`
 */
export function secondHandWins(c: Core, d: number): boolean {
  const hand = c.hand;
  const trump = c.trump;
  const seat = (c.leader + 1) & 3;
  const third = (seat + 1) & 3;
  const fourth = seat ^ 2;
  const led = c.winCard;
  const s = (led / 13) | 0;
  const thirdHas = hand[(third << 2) | s] as number;
  if (trump >= 0 && s !== trump && thirdHas === 0 && (hand[(third << 2) | trump] as number) !== 0) return false;
  const ours = (hand[(seat << 2) | s] as number) | (hand[(fourth << 2) | s] as number);
  const ledBit = 1 << (led - s * 13);
  if (ours > (ledBit | thirdHas) && highRank(ours) > highRank(ledBit | thirdHas)) {
    c.winRanks[(d << 2) + s] = 1 << highRank(ours);
    return true;
  }
  if (trump >= 0 && s !== trump) {
    if (
      ((hand[(seat << 2) | s] as number) === 0 && (hand[(seat << 2) | trump] as number) !== 0) ||
      ((hand[(fourth << 2) | s] as number) === 0 && (hand[(fourth << 2) | trump] as number) !== 0)
    )
      return true;
  }
  return false;
}
