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
 *   partner cashes its runs with the leader as the follower; or cash its own runs first and then cross, when
 *   partner can discard from suits neither hand cashes.
 * - A suit, or the trumps, only the side holds counts by lengths alone (no card's rank).
 * - The leader may cross to partner's top card of a suit and be led back to its own cards that are then the
 *   highest of it, and cash its runs in the other suits after.
 * - After the lead, the second hand's side counts the trick its top card wins and what the winner then
 *   cashes.
 *
 * Each run records its lowest card relied on in `WIN_RANKS` (the cards above it have the same owners in every
 * position the result is reused for); counts that depend on suit lengths only record nothing.
 *
 * @module
 */

import { AGGR, COUNT, type Core, HAND, kthHighestBit, WIN_RANKS } from './core.js';

/** How many cards other than trumps a seat holds. */
function plainCards(c: Core, seat: number): number {
  let n = 0;
  for (let s = 0; s < 4; s++) if (s !== c.trump) n += COUNT[HAND[(seat << 2) | s] as number] as number;
  return n;
}

/** Rounds of suit `s` the opponents of the cashing side cannot ruff (13 for trumps, or when they have none). */
function safeRounds(c: Core, s: number, oppA: number, oppB: number): number {
  const trump = c.trump;
  if (trump < 0 || s === trump) return 13;
  const hand = HAND;
  let safe = 13;
  if ((hand[(oppA << 2) | trump] as number) !== 0) safe = COUNT[hand[(oppA << 2) | s] as number] as number;
  if ((hand[(oppB << 2) | trump] as number) !== 0) safe = Math.min(safe, COUNT[hand[(oppB << 2) | s] as number] as number);
  return safe;
}

/**
 * @internal A lower bound on the tricks the side of the seat on lead takes from this trick on.
 *
 * When the bound reaches `cutoff`, the ranks relied on for `cutoff` tricks are OR-ed into
 * `WIN_RANKS[d * 4 + suit]` (only those: a smaller record lets a stored result apply to more positions);
 * the caller clears them if the bound decides nothing.
 *
 * @param c - the core, at the start of a trick
 * @param d - the node's depth
 * @param cutoff - the number of tricks that would decide the search's question
 * @returns the bound; when it cannot reach `cutoff`, counting may stop early with a smaller one
 */
export function quickTricks(c: Core, d: number, cutoff: number): number {
  const lead = c.leader;
  // Every count below wins tricks only with the cards of suits whose top card the side holds, plus one entry
  // trick to partner: when those are too few, only the counts by lengths can reach the cutoff.
  const hand = HAND;
  const aggr = AGGR;
  const l0 = lead << 2;
  const p0 = (lead ^ 2) << 2;
  let most = 1;
  // Partner's cards in the suits whose top card it holds: at most what it cashes, with or without an entry.
  let partnerMost = 0;
  // The leader's cards in those suits: at most what it cashes after crossing there and back (crossBack).
  let backMost = 0;
  for (let s = 0; s < 4; s++) {
    const a = aggr[s] as number;
    if (a === 0) continue;
    const top = 1 << (31 - Math.clz32(a));
    const own = hand[l0 | s] as number;
    if ((own & top) !== 0) most += COUNT[own] as number;
    else {
      const p = hand[p0 | s] as number;
      if ((p & top) !== 0) {
        const n = COUNT[p] as number;
        most += n;
        partnerMost += n;
        backMost += COUNT[own] as number;
      }
    }
  }
  if (most + backMost < cutoff) return sideOnly(c, lead);
  const direct = most < cutoff ? 0 : cash(c, d, lead, -1, 0, cutoff, 0, 0);
  if (direct >= cutoff) return direct;
  const directSuits = c.cashSuits;
  const directRounds = c.cashRounds;
  if (backMost > 0 && direct + backMost >= cutoff) {
    const back = crossBack(c, d, lead, cutoff, direct);
    if (back >= cutoff) return back;
    if (most < cutoff) {
      const side = sideOnly(c, lead);
      return back > side ? back : side;
    }
  }
  const bySide = sideOnly(c, lead);
  if (bySide >= cutoff) return bySide;
  most = direct > bySide ? direct : bySide;
  // Crossing to partner first gives at most one trick more than partner could cash on lead now.
  if (1 + direct + partnerMost < cutoff) return most;
  const partnerNow = cash(c, d, lead ^ 2, -1, 0, 0, 0, 0);
  if (1 + direct + partnerNow < cutoff) return most;
  const viaPartner = cross(c, d, lead, cutoff, 0, 0, 0);
  if (viaPartner > most) most = viaPartner;
  // Cashing first leaves partner fewer suits and spare cards, never more tricks after each entry, but it may
  // open one: partner's card that is the highest once the leader's run in its suit has gone.
  if (most >= cutoff || direct === 0 || (direct + viaPartner < cutoff && !entryAfterRun(lead))) return most;
  const both = cross(c, d, lead, cutoff, direct, directSuits, directRounds);
  return both > most ? both : most;
}

/**
 * Partner's top card of suit `s` when it is the highest card of the suit once the leader's cards above it (its
 * run) have gone: above every opponent's card, with the leader and partner each holding more cards of the suit
 * than that run. Else 0. The entry {@link cross} may use once the leader has cashed.
 */
function cardAfterRun(lead: number, s: number): number {
  const hand = HAND;
  const own = hand[(lead << 2) | s] as number;
  const hp = hand[((lead ^ 2) << 2) | s] as number;
  if (own === 0 || hp === 0 || own < hp) return 0;
  const opp = (hand[(((lead + 1) & 3) << 2) | s] as number) | (hand[(((lead + 3) & 3) << 2) | s] as number);
  const tp = 1 << (31 - Math.clz32(hp));
  if (opp > tp) return 0;
  const run = COUNT[own & ~(tp - 1)] as number;
  return (COUNT[own] as number) > run && (COUNT[hp] as number) > run ? tp : 0;
}

/** Whether {@link cardAfterRun} finds a card in any suit. */
function entryAfterRun(lead: number): boolean {
  for (let s = 0; s < 4; s++) if (cardAfterRun(lead, s) !== 0) return true;
  return false;
}

/**
 * @internal Crossing to partner and back (DDS notes, quick tricks: partner's winner, then the second-best card in the leader's
 * hand): partner holds the top card of a suit and another card of it, the leader two cards or more. The leader
 * leads its lowest card of the suit to partner's top card (one trick), partner leads the suit back, and the
 * leader's cards that are then the highest of the suit win (its *run* behind partner's top card: above every
 * card of the suit other than partner's top one and the leader's own); the lead is back with the leader, which
 * then cashes its runs in the other suits as {@link cash} counts them (it played only cards of this suit, so they
 * are as they were). Only where partner holds no trump or there are none: partner then never has to ruff one of
 * the leader's winners. The suit's rounds must be safe from ruffs, as in {@link cash}.
 *
 * When the best count reaches `cutoff`, the cards relied on for `cutoff` tricks are recorded in `WIN_RANKS`: the
 * lowest card of the run used (partner's top card is above it), then the leader's other runs.
 *
 * @param direct - the leader's own count, as {@link cash} gives it (no run in a suit whose top card is partner's)
 */
export function crossBack(c: Core, d: number, lead: number, cutoff: number, direct: number): number {
  const hand = HAND;
  const aggr = AGGR;
  const trump = c.trump;
  const partner = lead ^ 2;
  if (trump >= 0 && (hand[(partner << 2) | trump] as number) !== 0) return 0;
  const oppA = (lead + 1) & 3;
  const oppB = (lead + 3) & 3;
  let best = 0;
  let bestSuit = -1;
  let bestRun = 0;
  for (let s = 0; s < 4; s++) {
    const a = aggr[s] as number;
    const own = hand[(lead << 2) | s] as number;
    const hp = hand[(partner << 2) | s] as number;
    if (a === 0 || (COUNT[own] as number) < 2 || (COUNT[hp] as number) < 2) continue;
    const top = 1 << (31 - Math.clz32(a));
    if ((hp & top) === 0) continue;
    const others = a & ~own & ~top;
    const rest = own & ~(own & -own);
    const run = others === 0 ? rest : rest & ~((2 << (31 - Math.clz32(others))) - 1);
    let n = COUNT[run] as number;
    const safe = safeRounds(c, s, oppA, oppB);
    if (n > safe - 1) n = safe - 1;
    if (n <= 0) continue;
    // The leader's runs are in the other suits: this one's top card is partner's.
    const total = 1 + n + direct;
    if (total > best) {
      best = total;
      bestSuit = s;
      bestRun = run;
    }
  }
  if (best >= cutoff) {
    const runTricks = best - 1 - direct;
    const take = runTricks < cutoff - 1 ? runTricks : cutoff - 1;
    const w = (d << 2) + bestSuit;
    WIN_RANKS[w] = (WIN_RANKS[w] as number) | kthHighestBit(bestRun, take > 0 ? take : 1);
    if (cutoff - 1 - take > 0) cash(c, d, lead, -1, 0, cutoff - 1 - take, 1 << bestSuit, 0);
  }
  return best;
}

/**
 * @internal The tricks `seat` cashes from its own runs, its partner following ({@link cash} with no entry).
 */
export function ownRuns(c: Core, d: number, seat: number): number {
  return cash(c, d, seat, -1, 0, 0, 0, 0);
}

/**
 * Bounds that rest on suit lengths only (no card's rank): a suit the opponents of the side on lead do not hold.
 * - Trumps only the side holds: every trick in which the longer trump holding plays a trump is the side's, so
 *   it takes at least that many; with the leader's trumps at least as many as partner's, and partner void in a
 *   suit the leader holds, partner ruffs a lead of it first, one trick more.
 * - A plain suit only the side holds, which the opponents cannot ruff: the side wins every round led in it while
 *   both hands hold one, whoever wins each (min of the two lengths).
 */
function sideOnly(c: Core, lead: number): number {
  const hand = HAND;
  const trump = c.trump;
  const l0 = lead << 2;
  const p0 = (lead ^ 2) << 2;
  const a0 = ((lead + 1) & 3) << 2;
  const b0 = ((lead + 3) & 3) << 2;
  const oppTrumps = trump >= 0 && ((hand[a0 | trump] as number) | (hand[b0 | trump] as number)) !== 0;
  let best = 0;
  for (let s = 0; s < 4; s++) {
    if (((hand[a0 | s] as number) | (hand[b0 | s] as number)) !== 0) continue;
    const nl = COUNT[hand[l0 | s] as number] as number;
    const np = COUNT[hand[p0 | s] as number] as number;
    if (s === trump) {
      let n = nl > np ? nl : np;
      if (nl >= np && np > 0) {
        for (let x = 0; x < 4; x++) {
          if (x !== trump && (hand[l0 | x] as number) !== 0 && (hand[p0 | x] as number) === 0) {
            n = nl + 1;
            break;
          }
        }
      }
      if (n > best) best = n;
    } else if (!oppTrumps) {
      const n = nl < np ? nl : np;
      if (n > best) best = n;
    }
  }
  return best;
}

/**
 * The cards of suit `s` not held by the cashing seat that can still stop its run. After an entry by the seat's
 * top card (`kind` 1), the partner's card led to it, its lowest of the suit, has gone too: partner's other
 * cards of the suit are higher, so in every position that keeps the cards above the recorded mark, that card is
 * the same one.
 */
function othersOf(s: number, own: number, seat: number, entry: number, kind: number): number {
  const others = (AGGR[s] as number) & ~own;
  if (s !== entry || kind !== 1) return others;
  const led = HAND[((seat ^ 2) << 2) | s] as number;
  return others & ~(led & -led);
}

/**
 * Tricks the seat `seat` cashes from its runs with its partner following. With `entry` >= 0 the seat has just
 * won a trick in that suit, reached by the partner leading its lowest card of it: `kind` 1, by the seat's top
 * card of the suit; `kind` 2, by a ruff. Suits in the mask `exclude` are not cashed; `spareLess` more of the
 * partner's plain cards are taken as gone (played to tricks before). Returns the count, entry trick not
 * included.
 *
 * With `limit` > 0 and a count that reaches it, the cards relied on for `limit` tricks, and no more, are
 * recorded in `WIN_RANKS`: trumps first, then plain suits in order, each run only as deep as needed. A smaller
 * record makes a stored result apply to more positions.
 *
 * The suits it counted rounds in are left in `c.cashSuits`, one bit a suit, and the rounds of each in
 * `c.cashRounds`, 4 bits a suit.
 */
function cash(c: Core, d: number, seat: number, entry: number, kind: number, limit: number, exclude: number, spareLess: number): number {
  const hand = HAND;
  const trump = c.trump;
  const own0 = seat << 2;
  const partner0 = (seat ^ 2) << 2;
  const a0 = ((seat + 1) & 3) << 2;
  const b0 = ((seat + 3) & 3) << 2;
  const aTrumps = trump >= 0 && (hand[a0 | trump] as number) !== 0;
  const bTrumps = trump >= 0 && (hand[b0 | trump] as number) !== 0;
  let trumpRounds = 0;
  let plainRounds = 0;
  // Per suit, 4 bits each: the rounds counted, the run's cards counted as tricks; 1 bit each: a card the entry used.
  let rounds4 = 0;
  let top4 = 0;
  let used1 = 0;
  let suits = 0;
  // The seat's third-best card of the entry suit when a finesse gives it a trick there (else 0).
  let fin = 0;
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
    if (((exclude >> s) & 1) !== 0) continue;
    const others = othersOf(s, own, seat, entry, kind);
    const run = others === 0 ? own : own & ~((2 << (31 - Math.clz32(others))) - 1);
    let top = COUNT[run] as number;
    if (top === 0) continue;
    let held = COUNT[own] as number;
    // The entry trick used a card: the top card of suit `entry` (kind 1), or a trump to ruff (kind 2), a card
    // of the run only if every trump is in it.
    let used = 0;
    // Cards each other hand already played to this suit: one each on an entry by the seat's top card of it.
    let gone = 0;
    if (s === entry && kind === 1) {
      used = 1;
      top--;
      held--;
      safe--;
      gone = 1;
      // A finesse (DDS notes, quick tricks): the suit's second-best card is with the hand that played before this
      // seat to the entry trick, its third-best is this seat's. If that hand played the second-best, the top card
      // took it and the third-best is now the highest; if not, the third-best won the trick and the top card is
      // still the highest. One trick more either way. The card partner led to the entry is among the cards ranked
      // (when it is the third-best, this seat must spend its top card on it).
      const rest = (AGGR[s] as number) & ~own;
      if (top === 0 && rest !== 0 && (own & (own - 1)) !== 0) {
        const second = 1 << (31 - Math.clz32(rest));
        const below = (own | rest) & (second - 1);
        const third = below === 0 ? 0 : 1 << (31 - Math.clz32(below));
        if (((hand[b0 | s] as number) & second) !== 0 && (own & third) !== 0) {
          top = 1;
          fin = third;
        }
      }
    } else if (kind === 2 && s === trump && entry >= 0) {
      if (held === top) {
        used = 1;
        top--;
      }
      held--;
    }
    let rounds = top;
    if (others !== 0) {
      // Once the run is cashed, a suit nobody else holds any more: the rest of the seat's cards win too. (After a
      // ruff entry the lengths before the entry trick are used: never fewer than after it.)
      const na = (COUNT[hand[a0 | s] as number] as number) - gone;
      const nb = (COUNT[hand[b0 | s] as number] as number) - gone;
      if (na <= top && nb <= top && (COUNT[hand[partner0 | s] as number] as number) - gone <= top) rounds = held;
    }
    if (rounds > safe) rounds = safe;
    if (rounds <= 0) continue;
    if (s === trump) trumpRounds += rounds;
    else plainRounds += rounds;
    rounds4 |= rounds << (s << 2);
    top4 |= top << (s << 2);
    used1 |= used << s;
    suits |= 1 << s;
  }
  c.cashSuits = suits;
  c.cashRounds = rounds4;
  // Partner's plain cards: once it has none it must ruff a plain winner (still a trick, but the lead passes).
  let cap = 13;
  if (plainRounds > 0 && trump >= 0 && (hand[partner0 | trump] as number) !== 0) {
    let spare = plainCards(c, seat ^ 2);
    if (entry >= 0 && entry !== trump) spare--; // the partner led a plain card to the entry
    spare -= spareLess;
    cap = spare + 1;
    if (plainRounds > cap) plainRounds = cap;
  }
  const total = trumpRounds + plainRounds;
  if (limit > 0 && total >= limit) {
    let need = limit;
    for (let i = -1; i < 4 && need > 0; i++) {
      // Trumps first (i = -1), then the plain suits.
      const s = i < 0 ? trump : i;
      if (s < 0 || (i >= 0 && s === trump)) continue;
      let take = (rounds4 >> (s << 2)) & 15;
      if (take === 0) continue;
      if (take > need) take = need;
      if (s !== trump) {
        if (take > cap) take = cap;
        cap -= take;
      }
      if (take <= 0) continue;
      need -= take;
      // A suit nobody else holds relies on no rank.
      const own = hand[own0 | s] as number;
      const others = othersOf(s, own, seat, entry, kind);
      if (s === entry && fin !== 0) {
        const w = (d << 2) + s;
        WIN_RANKS[w] = (WIN_RANKS[w] as number) | fin;
      } else if (others !== 0) {
        const run = own & ~((2 << (31 - Math.clz32(others))) - 1);
        const top = (top4 >> (s << 2)) & 15;
        const w = (d << 2) + s;
        WIN_RANKS[w] = (WIN_RANKS[w] as number) | kthHighestBit(run, (take < top ? take : top) + ((used1 >> s) & 1));
      }
    }
  }
  return total;
}

/**
 * @internal The best count over the ways the leader can cross to partner: the entry trick(s) plus partner's
 * cashing. With `cashFirst`, the leader first cashes its own runs. With trumps that is sound when partner never
 * has to give up a card it needs: while the leader cashes, partner follows suit or discards from suits neither
 * hand cashes (it needs as many such plain cards as the leader's tricks), and the leader leaves trumps alone
 * when partner holds some (they are partner's entries and runs). When only the leader may hold trumps, partner
 * may discard winners too: it cashes as many as the cards it keeps beside its entry card. When the count reaches
 * `cutoff`, the cards relied on are recorded as in {@link cash}.
 *
 * @param c - the core, at the start of a trick
 * @param d - the node's depth
 * @param lead - the seat on lead
 * @param cutoff - the number of tricks that would decide the search's question
 * @param cashFirst - whether the leader cashes its runs before crossing
 * @returns the count (0 when there is no way across, or, with `cashFirst`, nothing to cash first)
 */
export function crossToPartner(c: Core, d: number, lead: number, cutoff: number, cashFirst: boolean): number {
  if (!cashFirst) return cross(c, d, lead, cutoff, 0, 0, 0);
  const first = cash(c, d, lead, -1, 0, 0, 0, 0);
  return first === 0 ? 0 : cross(c, d, lead, cutoff, first, c.cashSuits, c.cashRounds);
}

/**
 * {@link crossToPartner} given the leader's own count when it cashes first (`first` tricks, in the suits of the
 * mask `cashed`, `rounds` of each 4 bits a suit, as {@link cash} leaves them), or `first` 0 to cross at once.
 */
function cross(c: Core, d: number, lead: number, cutoff: number, first: number, cashed: number, rounds: number): number {
  const hand = HAND;
  const aggr = AGGR;
  const trump = c.trump;
  const partner = lead ^ 2;
  const oppA = (lead + 1) & 3;
  const oppB = (lead + 3) & 3;
  const partnerTrumps = trump >= 0 && (hand[(partner << 2) | trump] as number) !== 0;
  const cashFirst = first > 0;
  // Cashing first with no trump (or none left) or the leader's alone: nobody ruffs, and partner may discard anything.
  const discardAny =
    cashFirst &&
    (trump < 0 || ((hand[(partner << 2) | trump] as number) | (hand[(oppA << 2) | trump] as number) | (hand[(oppB << 2) | trump] as number)) === 0);
  // The leader's plain cards played while cashing, and the cards partner must discard meanwhile.
  let plainFirst = 0;
  let discards = 0;
  if (cashFirst) {
    plainFirst = first;
    for (let s = 0; s < 4; s++) {
      const r = (rounds >> (s << 2)) & 15;
      if (r === 0) continue;
      if (s === trump) plainFirst -= r;
      const follow = COUNT[hand[(partner << 2) | s] as number] as number;
      if (r > follow) discards += r - follow;
    }
    if (plainFirst < 0) plainFirst = 0;
  }
  let best = 0;
  let bestEntry = -1;
  let bestKind = 0;
  // The card of partner's that the best entry relied on, when it is in a suit the leader cashed (else 0).
  let bestAfter = 0;
  for (let e = 0; e < 4; e++) {
    const mine = hand[(lead << 2) | e] as number;
    if (mine === 0) continue;
    const hp = hand[(partner << 2) | e] as number;
    let after = 0;
    if (((cashed >> e) & 1) !== 0) {
      // A suit the leader cashes: once its run has gone, partner's top card of it may be the highest left (DDS
      // notes: the second-best card in partner's hand). Partner keeps it while following the run's rounds with
      // lower cards, the leader still holds a card of the suit to lead, and every round is safe from ruffs. The
      // rounds cashed must be the whole run above that card.
      const r = (rounds >> (e << 2)) & 15;
      const tp = cardAfterRun(lead, e);
      if (tp === 0 || (COUNT[mine & ~(tp - 1)] as number) !== r || safeRounds(c, e, oppA, oppB) <= r) continue;
      after = tp;
    } else if (safeRounds(c, e, oppA, oppB) === 0) continue;
    let kind: number;
    if (after !== 0) kind = 1;
    else if (hp !== 0) {
      if ((hp & (1 << (31 - Math.clz32(aggr[e] as number)))) === 0) continue;
      kind = 1;
    } else if (partnerTrumps && e !== trump && ((cashed >> trump) & 1) === 0) kind = 2;
    else continue;
    let then = cash(c, d, partner, e, kind, 0, cashed, plainFirst);
    if (discardAny) {
      // Partner discards what it likes while the leader cashes: it keeps its entry card and the best of the rest,
      // as many as the tricks left after the leader's and the entry trick. Each of partner's tricks takes one of
      // its cards (the top ones of each suit it cashes: a suit's low cards win only once the others have none,
      // which keeping fewer of them does not change), so it cashes at least as many as it keeps, up to its count.
      const keep = (d >> 2) - first - 1;
      if (then > keep) then = keep;
    } else if (cashFirst) {
      // Partner's plain cards it never needs, its discards while the leader cashes: those of suits nobody cashes,
      // and those of a suit the leader cashes beyond the rounds it follows (partner cashes none of that suit).
      const used = cashed | (1 << e) | c.cashSuits;
      let free = 0;
      for (let s = 0; s < 4; s++) {
        if (s === trump) continue;
        const n = COUNT[hand[(partner << 2) | s] as number] as number;
        if (((used >> s) & 1) === 0) free += n;
        else if (((cashed >> s) & 1) !== 0 && s !== e) {
          const r = (rounds >> (s << 2)) & 15;
          if (n > r) free += n - r;
        }
      }
      if (free < discards) continue;
    }
    const n = first + 1 + then;
    if (n > best) {
      best = n;
      bestEntry = e;
      bestKind = kind;
      bestAfter = after;
    }
  }
  if (best >= cutoff) {
    if (first > 0) cash(c, d, lead, -1, 0, first, 0, 0);
    const w = (d << 2) + bestEntry;
    if (bestAfter !== 0) WIN_RANKS[w] = (WIN_RANKS[w] as number) | bestAfter;
    else if (bestKind === 1) WIN_RANKS[w] = (WIN_RANKS[w] as number) | (1 << (31 - Math.clz32(aggr[bestEntry] as number)));
    if (cutoff > first + 1) cash(c, d, partner, bestEntry, bestKind, cutoff - first - 1, cashed, plainFirst);
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
 *   `WIN_RANKS[d * 4 + suit]`
 */
export function secondHandWins(c: Core, d: number): boolean {
  const hand = HAND;
  const trump = c.trump;
  const seat = (c.leader + 1) & 3;
  const third = (seat + 1) & 3;
  const fourth = seat ^ 2;
  const led = c.winCard;
  const s = led >> 4;
  const thirdHas = hand[(third << 2) | s] as number;
  if (trump >= 0 && s !== trump && thirdHas === 0 && (hand[(third << 2) | trump] as number) !== 0) return false;
  const ours = (hand[(seat << 2) | s] as number) | (hand[(fourth << 2) | s] as number);
  const ledBit = 1 << (led & 15);
  if (ours > (ledBit | thirdHas) && 31 - Math.clz32(ours) > 31 - Math.clz32(ledBit | thirdHas)) {
    WIN_RANKS[(d << 2) + s] = 1 << (31 - Math.clz32(ours));
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

/**
 * @internal The second hand's side surely takes `need` tricks from the trick in progress on (DDS notes: the
 * second hand's quick tricks). One trick is {@link secondHandWins}. More: when the side holds the top card of
 * the suit led and the third hand cannot ruff, its holder wins this trick and then cashes its runs in the other
 * suits, as {@link cash} counts them. The third hand's discard, if any, only lowers the cards against them, and
 * it comes from a hand without trumps, which changes no count of rounds safe from ruffs.
 *
 * @param c - the core, with one card played to the trick
 * @param d - the node's depth
 * @param need - tricks the second hand's side needs, this trick included
 * @returns true when it surely gets them; the cards relied on are then in `WIN_RANKS[d * 4 ..]`
 */
export function secondHandTricks(c: Core, d: number, need: number): boolean {
  if (need <= 1) return secondHandWins(c, d);
  const hand = HAND;
  const trump = c.trump;
  const seat = (c.leader + 1) & 3;
  const fourth = seat ^ 2;
  const third = (seat + 1) & 3;
  const led = c.winCard;
  const s = led >> 4;
  const thirdHas = hand[(third << 2) | s] as number;
  // A third hand that could ruff is left to the search; one void without trumps only discards.
  if (trump >= 0 && s !== trump && thirdHas === 0 && (hand[(third << 2) | trump] as number) !== 0) return false;
  const against = (1 << (led & 15)) | thirdHas;
  const ours = (hand[(seat << 2) | s] as number) | (hand[(fourth << 2) | s] as number);
  if (ours === 0 || 31 - Math.clz32(ours) < 31 - Math.clz32(against)) return false;
  const topBit = 1 << (31 - Math.clz32(ours));
  const holder = ((hand[(seat << 2) | s] as number) & topBit) !== 0 ? seat : fourth;
  // At most the holder's cards in the suits whose top card it holds: often too few to be worth counting.
  let most = 1;
  for (let t = 0; t < 4; t++) {
    const own = hand[(holder << 2) | t] as number;
    if (t !== s && own !== 0 && (own & (1 << (31 - Math.clz32(AGGR[t] as number)))) !== 0) most += COUNT[own] as number;
  }
  // The suit led is left out of the count; the partner's card to this trick may be a plain one.
  if (most < need || 1 + cash(c, d, holder, -1, 0, need - 1, 1 << s, s !== c.trump ? 1 : 0) < need) return false;
  const w = (d << 2) + s;
  WIN_RANKS[w] = (WIN_RANKS[w] as number) | topBit;
  return true;
}
