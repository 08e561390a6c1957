/**
 * A plain, slow reference for claims, written from the definition in docs/rules.md ("Claims and
 * concessions") only. It imports nothing from `src/`.
 *
 * The definition: the claim holds when the claimer has a way of playing, deciding each card on what they have
 * seen, that takes the claimed tricks for their side on every layout of the unseen cards consistent with what
 * they saw, against every legal play of the other three seats. As the claimer sees every card played, this is
 * a game of perfect information in which the other seats may play any unseen card that leaves the hand so far
 * possible: some layout of the unseen cards makes every card played legal (following suit when able, the
 * dealer holding the turn-up until playing it). Here that is checked by replaying the whole hand, and the
 * layout is searched for by counting cards suit by suit; the game is searched card by card, every unseen card
 * tried, with no ordering, no grouping of cards and no cut-off but the claim's own count.
 */

export type RSeat = 'N' | 'E' | 'S' | 'W';
const SEATS: readonly RSeat[] = ['N', 'E', 'S', 'W'];
const RANKS = '23456789TJQKA';

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
}

/** The cards from the ace down, suit by suit, a '/' after each suit. */
const DECK: readonly string[] = [...'SHDC'].flatMap((s) => [...[...RANKS].reverse().map((r) => r + s), '/']);
const suit = (c: string): string => c.charAt(1);
const rank = (c: string): number => RANKS.indexOf(c.charAt(0));
const next = (s: RSeat, k = 1): RSeat => SEATS[(SEATS.indexOf(s) + k) % 4] as RSeat;
const sameSide = (a: RSeat, b: RSeat): boolean => SEATS.indexOf(a) % 2 === SEATS.indexOf(b) % 2;

function winner(t: RTrick, trump: string | null): RSeat {
  let best = 0;
  for (let i = 1; i < t.cards.length; i++) {
    const c = t.cards[i] as string;
    const b = t.cards[best] as string;
    if (suit(c) === suit(b) ? rank(c) > rank(b) : suit(c) === trump) best = i;
  }
  return next(t.leader, best);
}

/**
 * Is the hand so far possible: is there a layout of the unseen cards not yet played, giving each hidden seat
 * its cards, on which every card played is legal?
 */
function shownOutOf(p: RProblem, tricks: readonly RTrick[]): Record<RSeat, Set<string>> {
  // Replay: a seat that fails to follow a suit holds none of it from then on; playing one later is impossible,
  // and so is the turn-up played by another seat than the dealer ('never'). The tricks before the claim are
  // replayed once and kept.
  let before = replayed.get(p);
  if (before === undefined) {
    before = replay(p, p.tricks, { N: new Set(), E: new Set(), S: new Set(), W: new Set() });
    replayed.set(p, before);
  }
  const copy = (x: Set<string>) => new Set(x);
  return replay(p, tricks.slice(p.tricks.length), { N: copy(before.N), E: copy(before.E), S: copy(before.S), W: copy(before.W) });
}

const replayed = new WeakMap<RProblem, Record<RSeat, Set<string>>>();

function replay(p: RProblem, tricks: readonly RTrick[], shownOut: Record<RSeat, Set<string>>): Record<RSeat, Set<string>> {
  for (const t of tricks) {
    if (t.cards.length === 0) continue;
    const led = suit(t.cards[0] as string);
    t.cards.forEach((c, i) => {
      const seat = next(t.leader, i);
      if (shownOut[seat].has(suit(c))) shownOut[seat].add('never');
      if (i > 0 && suit(c) !== led) shownOut[seat].add(led);
      if (c === p.turnUp && seat !== p.dealer) shownOut[seat].add('never');
    });
  }
  return shownOut;
}

function possible(p: RProblem, tricks: readonly RTrick[], played: ReadonlySet<string>, counts: Record<RSeat, number>): boolean {
  const shownOut = shownOutOf(p, tricks);
  for (const seat of SEATS) if (shownOut[seat].has('never')) return false;
  const room: Record<RSeat, number> = { ...counts };
  if (p.turnUp !== null && !played.has(p.turnUp)) {
    if (shownOut[p.dealer].has(suit(p.turnUp))) return false;
    room[p.dealer]--;
  }
  const hidden = SEATS.filter((s) => s !== p.claimer);
  const left = p.unseen.filter((c) => !played.has(c) && c !== p.turnUp);
  // Deal the cards left suit by suit: how many of each suit each hidden seat takes.
  const bySuit = ['S', 'H', 'D', 'C'].map((s) => ({ s, n: left.filter((c) => suit(c) === s).length }));
  const deal = (k: number, r: number[]): boolean => {
    if (k === bySuit.length) return r.every((x) => x === 0);
    const { s, n } = bySuit[k] as { s: string; n: number };
    for (let a = 0; a <= n; a++) {
      for (let b = 0; a + b <= n; b++) {
        const c = n - a - b;
        const take = [a, b, c];
        if (hidden.some((h, i) => (take[i] as number) > 0 && shownOut[h].has(s))) continue;
        if (take.some((x, i) => x > (r[i] as number))) continue;
        if (
          deal(
            k + 1,
            r.map((x, i) => x - (take[i] as number)),
          )
        )
          return true;
      }
    }
    return false;
  };
  return deal(
    0,
    hidden.map((h) => room[h]),
  );
}

/** Does the claim of `tricks` hold? */
export function referenceClaimHolds(p: RProblem, tricks: number): boolean {
  const memo = new Map<string, boolean | null>();
  const unseen = new Set(p.unseen);
  const own = new Set(p.own);
  const played = new Set<string>();
  const counts: Record<RSeat, number> = { ...p.counts };
  const history: RTrick[] = [...p.tricks];
  let trick: { leader: RSeat; cards: string[] } = { leader: p.trick.leader, cards: [...p.trick.cards] };

  // search(target, check): can the claimer's side be sure of `target` more tricks? With `check`, the card just
  // played must first leave the hand possible; `null` when it does not.
  const search = (target: number, check = false): boolean | null => {
    if (check && target <= 0 && !possible(p, [...history, trick], played, counts)) return null;
    if (target <= 0) return true;
    if (trick.cards.length === 4) {
      const w = winner(trick, p.trump);
      const done = trick;
      history.push(done);
      trick = { leader: w, cards: [] };
      const r = search(target - (sameSide(w, p.claimer) ? 1 : 0), check);
      trick = done;
      history.pop();
      return r;
    }
    if (own.size === 0 && trick.cards.length === 0) return check && !possible(p, [...history, trick], played, counts) ? null : false;
    // The game from here depends on the relative order of the cards still in play only: per suit, from the
    // top, whose each card is (the claimer's, unseen, the turn-up, or its place in the trick in progress, the
    // turn-up marked there too: only the dealer may have played it).
    const voids = shownOutOf(p, history);
    let cardsKey = '';
    for (const c of DECK) {
      if (c === '/') cardsKey += '/';
      else if (own.has(c)) cardsKey += 'o';
      else if (trick.cards.includes(c)) cardsKey += `${trick.cards.indexOf(c)}${c === p.turnUp ? 't' : ''}`;
      else if (c === p.turnUp && !played.has(c)) cardsKey += 't';
      else if (unseen.has(c) && !played.has(c)) cardsKey += 'u';
    }
    const key = `${cardsKey}|${SEATS.map((s) => [...voids[s]].sort().join('') + counts[s]).join(',')}|${trick.leader}|${target}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    // A state seen before was possible: its possibility depends on what the key holds only.
    if (check && !possible(p, [...history, trick], played, counts)) {
      memo.set(key, null);
      return null;
    }
    const seat = next(trick.leader, trick.cards.length);
    let result: boolean | null;
    if (seat === p.claimer) {
      const led = trick.cards.length > 0 ? suit(trick.cards[0] as string) : null;
      const follow = [...own].filter((c) => suit(c) === led);
      const legal = follow.length > 0 ? follow : [...own];
      result = false;
      for (const c of legal) {
        own.delete(c);
        trick.cards.push(c);
        const r = search(target);
        trick.cards.pop();
        own.add(c);
        if (r) {
          result = true;
          break;
        }
      }
    } else {
      result = true;
      for (const c of p.unseen) {
        if (played.has(c)) continue;
        played.add(c);
        trick.cards.push(c);
        counts[seat]--;
        const r = search(target, true);
        counts[seat]++;
        trick.cards.pop();
        played.delete(c);
        if (r === false) {
          result = false;
          break;
        }
      }
    }
    memo.set(key, result);
    return result;
  };
  return search(tricks) === true;
}
