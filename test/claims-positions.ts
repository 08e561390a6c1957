/**
 * Random claim positions, and the comparison of `checkClaim` and `claimableTricks` with the plain reference
 * of test/claims-naive.ts. Shared by test/claims.test.ts (a fixed-seed sample) and scripts/claims-check.ts
 * (the full comparison).
 */
import {
  type Card,
  completedTricks,
  currentSeat,
  currentTrick,
  dealHandOrThrow,
  type HandState,
  heuristicPlayer,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  type Rules,
  randomPlayer,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Suit,
  seedRandom,
  shuffledDeck,
} from '../src/index.js';
import { Generator } from '../src/random.js';
import { type ClaimRefused, checkClaim, claimableTricks } from '../src/solver/index.js';
import { type RProblem, referenceClaimHolds } from './claims-naive.js';

/** A claim position: a hand played on to `maxLeft` tricks left or fewer, and a claimer. */
export interface ClaimPosition {
  readonly state: HandState;
  readonly claimer: Seat;
  /** The revokes played before the claim (with {@link PositionOptions.revokes}). */
  readonly revokes?: number;
}

/** How a random position is played: the rules (default Short Whist), and how often a seat that can revoke does. */
export interface PositionOptions {
  /** Rules to deal under; revokes need rules that rule on irregularities. */
  readonly rules?: Rules;
  /** The chance that a seat holding the suit led plays a card of another suit instead (a revoke), 0 to 1. */
  readonly revokes?: number;
}

/**
 * A deal from the generator (turn-up trump, or a given trump or no trump), played on by heuristic and random
 * cards to `minLeft` to `maxLeft` tricks left; with `options.revokes`, a seat that can revoke does so that often.
 */
export function randomClaimPosition(g: Generator, maxLeft: number, minLeft = 1, options: PositionOptions = {}): ClaimPosition {
  const rules = options.rules ?? SHORT_WHIST;
  const revokeChance = options.revokes ?? 0;
  let revokes = 0;
  const dealer = SEATS[g.int(4)] as Seat;
  const deck = shuffledDeck(seedRandom(g.next())).value;
  let state: HandState;
  if (g.int(4) === 0) {
    const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
    deck.forEach((c, i) => {
      hands[SEATS[i % 4] as Seat].push(c);
    });
    const trump = ([null, 'S', 'H', 'D', 'C'] as const)[g.int(5)] as Suit | null;
    state = dealHandOrThrow(rules, { dealer, cards: hands, trump });
  } else state = dealHandOrThrow(rules, { dealer, deck });
  const left = minLeft + g.int(maxLeft - minLeft + 1);
  const cards = (13 - left) * 4 + g.int(4);
  let random = seedRandom(g.next());
  for (let i = 0; i < cards; i++) {
    const seat = currentSeat(state) as Seat;
    const view = playerViewOrThrow(state, seat);
    let card: Card;
    if (g.int(2) === 0) {
      const drawn = randomPlayer(view, random);
      random = drawn.random;
      card = drawn.value;
    } else card = heuristicPlayer(view);
    if (revokeChance > 0) {
      const off = view.cards.filter((c) => !view.legalMoves.includes(c));
      if (off.length > 0 && g.next() < revokeChance * 2 ** 32) {
        card = off[g.int(off.length)] as Card;
        revokes++;
      }
    }
    state = playOrThrow(state, seat, card);
  }
  const claimer = SEATS[g.int(4)] as Seat;
  return revokeChance > 0 ? { state, claimer, revokes } : { state, claimer };
}

/** What the claimer sees, for the reference, read through the public view. */
export function problemOf(state: HandState, claimer: Seat): RProblem {
  const view = playerViewOrThrow(state, claimer);
  const seen = new Set<string>(view.cards);
  for (const t of view.tricks) for (const c of t.cards) seen.add(c);
  const trick = view.trick ?? { leader: 'N', cards: [] };
  for (const c of trick.cards) seen.add(c);
  const turnUp = view.trumpSource === 'turnUp' && view.trumpCard !== null && view.dealer !== claimer ? view.trumpCard : null;
  const unseen: string[] = [];
  for (const s of 'SHDC') for (const r of 'AKQJT98765432') if (!seen.has(r + s)) unseen.push(r + s);
  return {
    claimer,
    trump: view.trump,
    dealer: view.dealer,
    turnUp,
    own: view.cards,
    tricks: view.tricks.map((t) => ({ leader: t.leader, cards: t.cards })),
    trick: { leader: trick.leader, cards: trick.cards },
    counts: { ...view.cardCounts },
    unseen,
    laws: view.rules.irregularities === 'ruled',
  };
}

/**
 * Checks a refused claim's counter-example with the rules engine: the deal rebuilt with the layout, the hand
 * replayed to the claim, the claimer's view there the same as at the claim, the line legal to the end, and the
 * claimer's side taking `taken` tricks, fewer than claimed. Returns a problem, or null.
 */
export function counterExampleProblem(state: HandState, r: ClaimRefused): string | null {
  const plays = playedCards(state);
  const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (const p of plays) hands[p.seat].push(p.card);
  for (const seat of SEATS) hands[seat].push(...r.layout[seat]);
  const view = playerViewOrThrow(state, r.seat);
  let rebuilt: HandState;
  try {
    if (view.trumpSource === 'turnUp') {
      // The turn-up is the dealer's last card dealt: the deck ends with it.
      const up = state.trumpCard;
      if (up === null || !hands[state.dealer].includes(up)) return `the dealer does not hold the turn-up ${up}`;
      const left: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
      for (const seat of SEATS) left[seat] = hands[seat].filter((c) => c !== up);
      const deck: Card[] = [];
      const d = SEATS.indexOf(state.dealer);
      for (let i = 0; i < 51; i++) deck.push(left[SEATS[(d + 1 + i) % 4] as Seat].shift() as Card);
      deck.push(up);
      rebuilt = dealHandOrThrow(state.rules, { dealer: state.dealer, deck });
    } else rebuilt = dealHandOrThrow(state.rules, { dealer: state.dealer, cards: hands, trump: view.trump });
    for (const p of plays) rebuilt = playOrThrow(rebuilt, p.seat, p.card);
    const again = playerViewOrThrow(rebuilt, r.seat);
    if (JSON.stringify(again) !== JSON.stringify(view)) return "the claimer's view differs on the layout";
    const before = completedTricks(rebuilt).length;
    for (const card of r.line) rebuilt = playOrThrow(rebuilt, currentSeat(rebuilt) as Seat, card);
    if (currentTrick(rebuilt) !== null) return 'the line does not end the hand';
    const side = SEATS.indexOf(r.seat) % 2;
    const taken = completedTricks(rebuilt)
      .slice(before)
      .filter((t) => SEATS.indexOf(t.winner) % 2 === side).length;
    if (taken !== r.taken) return `the line takes ${taken} tricks, not ${r.taken}`;
    if (taken >= r.tricks) return `the line takes ${taken} tricks, as many as claimed`;
  } catch (e) {
    return `the counter-example is not legal: ${(e as Error).message}`;
  }
  return null;
}

/** The outcome of comparing one position: claims checked, and any disagreement. */
export interface Compared {
  readonly claims: number;
  readonly accepts: number;
  readonly refusals: number;
  readonly falseAccepts: number;
  readonly falseRefusals: number;
  readonly problems: string[];
}

/**
 * Compares one position: the most tricks the claimer can claim (claimableTricks) must be a claim that holds
 * for the reference and checkClaim, and one more trick a claim that fails for both, with a valid
 * counter-example.
 */
export function comparePosition(pos: ClaimPosition): Compared {
  const { state, claimer } = pos;
  const problem = problemOf(state, claimer);
  const out = { claims: 0, accepts: 0, refusals: 0, falseAccepts: 0, falseRefusals: 0, problems: [] as string[] };
  const best = claimableTricks(state, claimer);
  if (!best.ok) {
    out.problems.push(`claimableTricks: ${best.error.message}`);
    return out;
  }
  const left = playerViewOrThrow(state, currentSeat(state) as Seat).cardCounts[currentSeat(state) as Seat];
  for (const tricks of [best.value, best.value + 1]) {
    if (tricks > left) continue;
    const r = checkClaim(state, { seat: claimer, tricks });
    if (!r.ok) {
      out.problems.push(`checkClaim: ${r.error.message}`);
      continue;
    }
    const expected = referenceClaimHolds(problem, tricks);
    out.claims++;
    if (r.value.holds) out.accepts++;
    else out.refusals++;
    if (r.value.holds && !expected) out.falseAccepts++;
    if (!r.value.holds && expected) out.falseRefusals++;
    if (!r.value.holds) {
      const bad = counterExampleProblem(state, r.value);
      if (bad !== null) out.problems.push(`counter-example of ${claimer} claiming ${tricks}: ${bad}`);
    }
  }
  return out;
}

export { Generator };
