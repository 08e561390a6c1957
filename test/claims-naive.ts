/**
 * A plain, slow reference for claims, written from the definition in docs/rules.md ("Claims and
 * concessions") only. It imports nothing from `src/`.
 *
 * The definition: the claim holds when the claimer has a way of playing, deciding each card on what they have
 * seen, that takes the claimed tricks for their side on every layout of the unseen cards consistent with what
 * they saw, against every legal play of the other three seats. As the claimer sees every card played, this is
 * a game of perfect information in which the other seats may play any unseen card that leaves the hand so far
 * possible: some layout of the unseen cards makes every card played legal (following suit when able, the
 * dealer holding the turn-up until playing it). Here the suits each seat has shown out of are read from the
 * hand (the tricks before the claim replayed once, then each card as it is played; under the laws, where a
 * failure to follow may be a revoke, only the cards played after the claim), and a layout is searched
 * for by dealing the cards left suit by suit; the game is searched card by card, every unseen card tried at a
 * hidden seat's turn and every card of the claimer at theirs, with no ordering, no grouping of cards and no
 * cut-off but the claim's own count (the claim is won when the side has taken the tricks claimed, lost when
 * fewer tricks are left than it still needs). Positions that are the same up to the relative ranks of the
 * cards still in play share a result, within one claim.
 */

export type RSeat = 'N' | 'E' | 'S' | 'W';
const SEATS: readonly RSeat[] = ['N', 'E', 'S', 'W'];
const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';

export interface RTrick {
  readonly leader: RSeat;
  readonly cards: readonly string[];
}

/** What the claimer sees, from the table. */
export interface RProblem {
  readonly claimer: RSeat;
  readonly trump: string | null;
  readonly dealer: RSeat;
  /** The turned-up card, when the dealer (not the claimer) still holds it; otherwise null. */
  readonly turnUp: string | null;
  /** The claimer's cards. */
  readonly own: readonly string[];
  /** Every finished trick. */
  readonly tricks: readonly RTrick[];
  /** The trick in progress. */
  readonly trick: RTrick;
  /** Cards each seat holds now. */
  readonly counts: Readonly<Record<RSeat, number>>;
  /** The cards the claimer has not seen (the turn-up among them when the dealer still holds it). */
  readonly unseen: readonly string[];
  /**
   * Under the laws (rules that rule on irregularities) a failure to follow suit before the claim may be a
   * revoke: it shows no void. The cards played after the claim follow suit.
   */
  readonly laws?: boolean;
}

/** A card as a number: suit (S H D C = 0-3) times 13 plus rank (2 = 0, ace = 12). */
const cardNumber = (c: string): number => SUITS.indexOf(c.charAt(1)) * 13 + RANKS.indexOf(c.charAt(0));
const suitOf = (c: number): number => Math.floor(c / 13);
const seatNumber = (s: RSeat): number => SEATS.indexOf(s);

/**
 * Can the unseen cards still held be dealt to the three hidden seats, each taking `room[i]` cards and none of a
 * suit it has shown out of? `bySuit[s]` is how many cards of suit `s` are left to deal; `out[i]` the suits
 * seat `i` of the three has shown out of (a bit per suit). Tried suit by suit: every split of the suit's cards
 * between the three seats.
 */
function dealable(bySuit: readonly number[], out: readonly number[], room: readonly number[]): boolean {
  const deal = (s: number, r0: number, r1: number, r2: number): boolean => {
    if (s === 4) return r0 === 0 && r1 === 0 && r2 === 0;
    const n = bySuit[s] as number;
    for (let a = 0; a <= n; a++) {
      for (let b = 0; a + b <= n; b++) {
        const c = n - a - b;
        if (a > 0 && ((out[0] as number) >> s) & 1) continue;
        if (b > 0 && ((out[1] as number) >> s) & 1) continue;
        if (c > 0 && ((out[2] as number) >> s) & 1) continue;
        if (a > r0 || b > r1 || c > r2) continue;
        if (deal(s + 1, r0 - a, r1 - b, r2 - c)) return true;
      }
    }
    return false;
  };
  return deal(0, room[0] as number, room[1] as number, room[2] as number);
}

/** Results of {@link dealable}, by its arguments (a pure function, shared by every claim). */
const dealt = new Map<number, boolean>();

/** The results of the positions searched for a problem, shared by the claims made on it (the key holds the tricks needed). */
const memos = new WeakMap<RProblem, Map<string, boolean>>();

/** Does the claim of `tricks` hold? */
export function referenceClaimHolds(p: RProblem, tricks: number): boolean {
  const me = seatNumber(p.claimer);
  const dealer = seatNumber(p.dealer);
  const trump = p.trump === null ? -1 : SUITS.indexOf(p.trump);
  const turnUp = p.turnUp === null ? -1 : cardNumber(p.turnUp);
  const hidden = [0, 1, 2, 3].filter((s) => s !== me);
  /** The claimer's cards and the unseen cards not yet played (the turn-up among them until played): a flag per card. */
  const own: boolean[] = new Array(52).fill(false);
  const unseen: boolean[] = new Array(52).fill(false);
  for (const c of p.own) own[cardNumber(c)] = true;
  for (const c of p.unseen) unseen[cardNumber(c)] = true;
  const counts = SEATS.map((s) => p.counts[s]);
  /** Unseen cards not yet played, the turn-up apart, by suit. */
  const bySuit = [0, 0, 0, 0];
  for (let c = 0; c < 52; c++) if (unseen[c] && c !== turnUp) bySuit[suitOf(c)] = (bySuit[suitOf(c)] as number) + 1;

  // The suits each seat has shown out of, from the hand before the claim: a seat that fails to follow the
  // suit led holds none of it. Under the laws, where that may be a revoke, none.
  const voids = [0, 0, 0, 0];
  for (const t of p.laws === true ? [] : [...p.tricks, p.trick]) {
    t.cards.forEach((c, i) => {
      const seat = (seatNumber(t.leader) + i) % 4;
      if (i > 0 && c.charAt(1) !== (t.cards[0] as string).charAt(1))
        voids[seat] = (voids[seat] as number) | (1 << SUITS.indexOf((t.cards[0] as string).charAt(1)));
    });
  }
  let leader = seatNumber(p.trick.leader);
  const trick: number[] = p.trick.cards.map(cardNumber);

  const winner = (): number => {
    let best = 0;
    for (let i = 1; i < 4; i++) {
      const c = trick[i] as number;
      const b = trick[best] as number;
      if (suitOf(c) === suitOf(b) ? c > b : suitOf(c) === trump) best = i;
    }
    return (leader + best) % 4;
  };

  /** Is there a layout of the unseen cards still held on which every card played so far was legal? */
  const possible = (): boolean => {
    const turnUpHeld = turnUp >= 0 && unseen[turnUp] === true;
    if (turnUpHeld && ((voids[dealer] as number) >> suitOf(turnUp)) & 1) return false;
    const out = hidden.map((s) => voids[s] as number);
    const room = hidden.map((s) => (counts[s] as number) - (s === dealer && turnUpHeld ? 1 : 0));
    if (room.some((x) => x < 0)) return false;
    let key = 0;
    for (const x of [...bySuit, ...out, ...room]) key = key * 16 + x;
    let r = dealt.get(key);
    if (r === undefined) {
      r = dealable(bySuit, out, room);
      dealt.set(key, r);
    }
    return r;
  };

  // The game from a position depends on the relative order of the cards still in play only: per suit, from
  // the top, whose each card is (the claimer's, unseen, the turn-up, or its place in the trick in progress,
  // the turn-up marked there too), with the suits each seat has shown out of, the cards each holds, the
  // leader and the tricks still needed.
  let memo = memos.get(p);
  if (memo === undefined) {
    memo = new Map<string, boolean>();
    memos.set(p, memo);
  }
  const codes: number[] = [];
  const keyOf = (target: number): string => {
    codes.length = 0;
    for (let s = 0; s < 4; s++) {
      for (let c = s * 13 + 12; c >= s * 13; c--) {
        if (own[c]) codes.push(1);
        else if (unseen[c]) codes.push(c === turnUp ? 3 : 2);
        else {
          const k = trick.indexOf(c);
          if (k >= 0) codes.push(4 + k + (c === turnUp ? 4 : 0));
        }
      }
      codes.push(0);
    }
    for (const s of hidden) codes.push(16 + (voids[s] as number), 32 + (counts[s] as number));
    codes.push(48 + leader, 64 + target);
    return String.fromCharCode(...codes);
  };

  // search(target): can the claimer's side be sure of `target` more tricks, the trick in progress included?
  const search = (target: number): boolean => {
    if (target <= 0) return true;
    if (trick.length === 4) {
      const w = winner();
      const done = trick.splice(0, 4);
      const before = leader;
      leader = w;
      const r = search(target - (w % 2 === me % 2 ? 1 : 0));
      leader = before;
      trick.push(...done);
      return r;
    }
    // The tricks left, the trick in progress included: the leader's cards, and one more once the leader has played.
    if (target > (counts[leader] as number) + (trick.length > 0 ? 1 : 0)) return false;
    const key = keyOf(target);
    const known = memo.get(key);
    if (known !== undefined) return known;
    const seat = (leader + trick.length) % 4;
    const led = trick.length > 0 ? suitOf(trick[0] as number) : -1;
    let result: boolean;
    if (seat === me) {
      let follow = false;
      for (let c = 0; c < 52; c++) if (own[c] && suitOf(c) === led) follow = true;
      result = false;
      for (let c = 0; c < 52 && !result; c++) {
        if (!own[c] || (follow && suitOf(c) !== led)) continue;
        own[c] = false;
        trick.push(c);
        counts[me] = (counts[me] as number) - 1;
        result = search(target);
        counts[me] = (counts[me] as number) + 1;
        trick.pop();
        own[c] = true;
      }
    } else {
      result = true;
      for (let c = 0; c < 52 && result; c++) {
        if (!unseen[c]) continue;
        // A card of a suit the seat has shown out of, or the turn-up played by another seat than the dealer,
        // makes the hand impossible; so does any card after which no layout is left.
        if (((voids[seat] as number) >> suitOf(c)) & 1) continue;
        if (c === turnUp && seat !== dealer) continue;
        const showsOut = led >= 0 && suitOf(c) !== led ? 1 << led : 0;
        const before = voids[seat] as number;
        voids[seat] = before | showsOut;
        const s = c === turnUp ? -1 : suitOf(c);
        unseen[c] = false;
        if (s >= 0) bySuit[s] = (bySuit[s] as number) - 1;
        trick.push(c);
        counts[seat] = (counts[seat] as number) - 1;
        if (possible()) result = search(target);
        counts[seat] = (counts[seat] as number) + 1;
        trick.pop();
        if (s >= 0) bySuit[s] = (bySuit[s] as number) + 1;
        unseen[c] = true;
        voids[seat] = before;
      }
    }
    memo.set(key, result);
    return result;
  };
  return search(tricks);
}
