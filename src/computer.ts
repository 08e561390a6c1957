/**
 * A computer seat: what a computer player sitting at a table does next, from that seat's own
 * {@link TableView} and nothing else. One decision for every host (a server, a command line, a page): the
 * penalty it claims for a revoke, the exposed cards it calls, honours called and answered, claims made and
 * answered, the card it plays. The parts that need the solver (a sampling player's card, a claim's check)
 * are questions here, answered by `whist/solver` (`computerMove`, `computerCard`, `checkSeatClaim`) or by
 * the host, for example in a Worker.
 *
 * @module
 */

import type { Card } from './cards.js';
import { describe, fail, ok, type Result, WhistError } from './errors.js';
import { heuristicPlayer } from './players.js';
import type { HandSummary } from './rubber.js';
import { type RevokePenalty, scoreHand } from './score.js';
import { type BySide, isSeat, partnerOf, type Seat, type Side, sideOf } from './seats.js';
import type { TableAction } from './table/types.js';
import type { PlayerView, TableView } from './view.js';

/**
 * How a computer player plays its cards: `heuristic`, the classic rules of thumb ({@link heuristicPlayer},
 * at once), or the sampling player of `whist/solver` at a level (`fast`, `standard`, `strong`: its
 * `SamplingLevel`). The one vocabulary of levels of every host: the reference server's setting,
 * `whist play --level`, the page's computer players.
 *
 * @group Players
 */
export type ComputerLevel = 'heuristic' | 'fast' | 'standard' | 'strong';

/**
 * The levels of a computer player, the rules of thumb first, then the sampling player's from the
 * quickest to the strongest.
 *
 * @example
 * ```ts
 * import { COMPUTER_LEVELS } from 'whist';
 *
 * COMPUTER_LEVELS; // ['heuristic', 'fast', 'standard', 'strong']
 * ```
 * @group Players
 */
export const COMPUTER_LEVELS: readonly ComputerLevel[] = Object.freeze(['heuristic', 'fast', 'standard', 'strong'] as const);

/** Spellings of the rules of thumb that hosts used before {@link ComputerLevel}, read as `heuristic`. */
const DEPRECATED_LEVELS: Readonly<Record<string, ComputerLevel>> = Object.freeze({ basic: 'heuristic', quick: 'heuristic' });

/**
 * Reads a level of a computer player from text a person or a configuration gave (`"fast"`, `" Strong "`).
 * The spellings hosts used before are read too, and are deprecated: `basic` (the page's `bots=basic`) and
 * `quick` (`whist play --level quick`) are `heuristic`.
 *
 * @param value - any value
 * @returns `{ ok: true, value: level }`, or `{ ok: false, error }` with code `INVALID_ARGUMENT` for anything
 *   that is not a level's name. Never throws.
 * @example
 * ```ts
 * import { readComputerLevel } from 'whist';
 *
 * readComputerLevel('Fast'); // { ok: true, value: 'fast' }
 * readComputerLevel('quick'); // { ok: true, value: 'heuristic' }
 * readComputerLevel('hard').ok; // false
 * ```
 * @group Players
 */
export function readComputerLevel(value: unknown): Result<ComputerLevel, 'INVALID_ARGUMENT'> {
  if (typeof value !== 'string' || value.length > 40)
    return fail('INVALID_ARGUMENT', `a computer player's level must be one of ${COMPUTER_LEVELS.join(', ')}; got ${describe(value)}`, { path: 'level' });
  const name = value.trim().toLowerCase();
  if ((COMPUTER_LEVELS as readonly string[]).includes(name)) return ok(name as ComputerLevel);
  const old = Object.hasOwn(DEPRECATED_LEVELS, name) ? DEPRECATED_LEVELS[name] : undefined;
  if (old !== undefined) return ok(old);
  return fail('INVALID_ARGUMENT', `a computer player's level must be one of ${COMPUTER_LEVELS.join(', ')}; got ${describe(value)}`, { path: 'level' });
}

/**
 * A computer player considers claiming every trick left, at its turn, only with at most this many tricks
 * left: the check of a claim grows with the tricks left, and early in a hand it seldom holds.
 *
 * @example
 * ```ts
 * import { COMPUTER_CLAIM_TRICKS } from 'whist';
 *
 * COMPUTER_CLAIM_TRICKS; // 5
 * ```
 * @group Players
 */
export const COMPUTER_CLAIM_TRICKS = 5;

/**
 * The node budget of every check of a claim a computer player makes (`checkClaim` of `whist/solver`): its
 * own claim, and its answer to another's. Past it, the claim is not shown to hold: the computer player does
 * not claim, and plays on against another's claim (doubt goes against the claimer).
 *
 * @example
 * ```ts
 * import { COMPUTER_CLAIM_NODES } from 'whist';
 *
 * COMPUTER_CLAIM_NODES; // 200000
 * ```
 * @group Players
 */
export const COMPUTER_CLAIM_NODES = 200_000;

/**
 * A claim to check, as its claimer sees it: `seat`'s side takes `tricks` of the tricks left, the trick in
 * progress included. `sight` is the claimer's own view of the hand: its cards (face up once it claims), the
 * cards played; no other card. Plain JSON: what a host may send to a Worker.
 *
 * @group Players
 */
export interface ClaimToCheck {
  /** The claimer. */
  readonly seat: Seat;
  /** The tricks the claim gives the claimer's side, of those left. */
  readonly tricks: number;
  /** The claimer's view of the hand. */
  readonly sight: PlayerView;
}

/**
 * What a computer seat does next (see {@link computerTurn}):
 *
 * - `action`: say or play `action` now (apply it, or send it as a client's body without its `seat`);
 * - `card`: choose a card from `view`, the seat's view of the hand (the rules of thumb, or the sampling
 *   player), then play {@link cardAction}'s;
 * - `claim`: the seat may claim every trick left at its turn: check `claim` (`checkSeatClaim`) and claim
 *   with {@link claimAction} if it holds, else ask {@link computerTurn} again without claims, for a card;
 * - `answer`: a claim waits for the seat's answer: check `claim`, then {@link claimAction} accepts it if it
 *   holds and plays on otherwise.
 *
 * @group Players
 */
export type ComputerTurn =
  | { readonly kind: 'action'; readonly action: TableAction }
  | { readonly kind: 'card'; readonly seat: Seat; readonly view: PlayerView }
  | { readonly kind: 'claim'; readonly seat: Seat; readonly claim: ClaimToCheck }
  | { readonly kind: 'answer'; readonly seat: Seat; readonly claim: ClaimToCheck };

/**
 * Options of {@link computerTurn}.
 *
 * @group Players
 */
export interface ComputerTurnOptions {
  /** Whether the seat claims every trick left at its turn when that holds (default `true`). */
  readonly claims?: boolean | undefined;
}

/** Throws `INVALID_ARGUMENT` for a value that is not a seat's table view. */
function refuse(why: string): never {
  throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a computer seat needs its own table view: ${why}`, path: 'view' });
}

/** Reads options with `read`; anything they throw is a `WhistError` `INVALID_ARGUMENT`. */
function readOptions<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof WhistError) throw e;
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: 'the options could not be read: they throw when read', path: 'options' });
  }
}

/** The members of a view a computer seat reads, checked for their kind. */
function readView(view: unknown): { view: TableView; seat: Seat } {
  try {
    if (typeof view !== 'object' || view === null) return refuse(`got ${describe(view)}`);
    const v = view as TableView;
    if (!isSeat(v.viewer)) return refuse('it is a spectator’s, or has no viewer');
    if (typeof v.next !== 'object' || v.next === null || typeof v.next.action !== 'string') return refuse('it has no next');
    for (const key of ['playable', 'elections', 'called', 'hands', 'events'] as const) if (!Array.isArray(v[key])) return refuse(`its ${key} is not a list`);
    if (typeof v.rules !== 'object' || v.rules === null) return refuse('it has no rules');
    return { view: v, seat: v.viewer };
  } catch (e) {
    if (e instanceof WhistError) throw e;
    return refuse('it throws when read');
  }
}

/**
 * The penalty a computer seat claims for a revoke of the other side (law 72): three points added to its
 * side's score when that wins its side the game, else three tricks taken from the revokers. Worked out from
 * the hand's summary in the view, scored again with the penalty.
 */
function penaltyFor(view: TableView, revokers: Side): RevokePenalty['penalty'] {
  const hands = view.hands;
  const last = hands[hands.length - 1] as HandSummary | undefined;
  if (last === undefined) return 'tricks';
  const previous = hands[hands.length - 2];
  const before: BySide = previous === undefined || previous.game !== null ? { NS: 0, EW: 0 } : previous.score;
  const claimers: Side = revokers === 'NS' ? 'EW' : 'NS';
  try {
    const revokes = [...(last.revokes ?? []), { side: revokers, penalty: 'add' as const }];
    const scored = scoreHand(view.rules, { tricks: last.tricks, honours: last.honours, revokes }, before);
    return before[claimers] + scored.points[claimers] >= view.rules.target ? 'add' : 'tricks';
  } catch {
    return 'tricks';
  }
}

/** Whether a call stands on the hand or a card lies exposed: claims are then left to people (the check knows no calls). */
function callsStanding(view: TableView): boolean {
  return view.called.length > 0 || view.suitCall !== null || view.trumpCall !== null || view.falseLead !== null || Object.keys(view.exposed ?? {}).length > 0;
}

/** The cards a seat holding `cards` may play to `trick`: those of the suit led, or any without one. */
function lawful(cards: readonly Card[], led: Card | undefined): Card[] {
  if (led === undefined) return [...cards];
  const follow = cards.filter((c) => c[1] === led[1]);
  return follow.length > 0 ? follow : [...cards];
}

/** The claim the table waits on, as its claimer sees it: its cards lie face up in every seat's view. */
function claimSeen(view: TableView): ClaimToCheck | null {
  const claim = view.claim;
  const hand = view.hand;
  if (claim === null || hand === null || claim.status !== 'pending') return null;
  const cards = view.shown[claim.seat];
  if (cards === undefined) return null;
  const turn = hand.currentSeat;
  const sight: PlayerView = {
    viewer: claim.seat,
    rules: hand.rules,
    dealer: hand.dealer,
    trump: hand.trump,
    trumpSource: hand.trumpSource,
    trumpCard: hand.trumpCard,
    cards: [...cards],
    cardCounts: { ...hand.cardCounts },
    currentSeat: turn,
    legalMoves: turn === claim.seat ? lawful(cards, hand.trick?.cards[0]) : [],
    trick: hand.trick === null ? null : { leader: hand.trick.leader, cards: [...hand.trick.cards] },
    tricks: hand.tricks.map((t) => ({ leader: t.leader, cards: [...t.cards], winner: t.winner })),
    tricksWon: { ...hand.tricksWon },
  };
  return { seat: claim.seat, tricks: claim.claimed ?? (claim.type === 'claim' ? claim.tricks : claim.left - claim.tricks), sight };
}

/**
 * What a computer player at a seat does next, from that seat's own table view, in this order:
 *
 * 1. Under rules that rule on irregularities, whatever the turn, an election open to its side
 *    (`TableView.elections`): the penalty of a revoke of the other side, once the hand is over
 *    (`claimRevoke`: three points added when that wins its side the game, else three tricks; law 72); after
 *    a revoke taken back, the revoker's lowest card of the suit led (`callLedSuit`, law 76); an exposed card
 *    or a card led out of turn called (`callCard`, laws 56, 61, 65). Its other elections are left to people.
 *    Then in Long Whist honours called at eight, or the partner's call answered (`callHonours`,
 *    `answerCall`, as `TableView.honoursCall` says; Hoyle's laws of Long Whist, 16-21).
 * 2. A claim that waits for its answer: `answer`, the claim as its claimer sees it.
 * 3. At its turn, with `claims`, at most {@link COMPUTER_CLAIM_TRICKS} tricks left, no claim of its side's
 *    in the hand, no call standing and no card exposed: `claim`, every trick left.
 * 4. At its turn: `card`, from its view of the hand.
 *
 * A computer player never commits an irregularity; the revoke penalties of a hand over are claimed before
 * the next deal, which a host that deals by itself holds back while `TableNext.penalties` is present (law 78).
 *
 * @param view - the seat's own view, from {@link tableView}: a computer player sees nothing else
 * @param options - `{ claims }`: whether it claims at its turn (default `true`)
 * @returns what it does next ({@link ComputerTurn}), or `null` when it has nothing to do now
 * @throws {@link WhistError} `INVALID_ARGUMENT` for a value that is not a seat's table view (a spectator's, a
 *   malformed one)
 * @example
 * ```ts
 * import { applyOrThrow, computerTurn, newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * computerTurn(tableViewOrThrow(table, 'E'))?.kind; // 'card'
 * computerTurn(tableViewOrThrow(table, 'S')); // null
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 56, 61, 65, 72, 76, 78, 84; Hoyle's laws of Long Whist, 16-21, 24 (claims); [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md).
 * @group Players
 */
export function computerTurn(view: TableView, options?: ComputerTurnOptions): ComputerTurn | null {
  const { view: v, seat } = readView(view);
  const claims = readOptions(() => options?.claims !== false);
  return readOptions(() => turnOf(v, seat, claims));
}

/** {@link computerTurn} for a view read and checked. */
function turnOf(v: TableView, seat: Seat, claims: boolean): ComputerTurn | null {
  const side = sideOf(seat);
  if (v.rules.irregularities === 'ruled') {
    for (const election of v.elections) {
      if (election.side !== side || election.card === null) continue;
      const card = election.card;
      if (election.actions.includes('claimRevoke')) {
        const revokers: Side = side === 'NS' ? 'EW' : 'NS';
        return { kind: 'action', action: { type: 'claimRevoke', seat, card, penalty: penaltyFor(v, revokers) } };
      }
      if (election.actions.includes('callLedSuit')) return { kind: 'action', action: { type: 'callLedSuit', seat, which: 'lowest' } };
      if (election.actions.includes('callCard')) return { kind: 'action', action: { type: 'callCard', seat, card } };
    }
    if (v.honoursCall === 'call') return { kind: 'action', action: { type: 'callHonours', seat } };
    if (v.honoursCall === 'answer') return { kind: 'action', action: { type: 'answerCall', seat } };
  }
  const next = v.next;
  if (next.action === 'answerClaim') {
    if (!next.seats.includes(seat)) return null;
    const claim = claimSeen(v);
    return claim === null ? { kind: 'action', action: { type: 'refuseClaim', seat } } : { kind: 'answer', seat, claim };
  }
  if (next.action !== 'play' || next.seat !== seat || v.hand === null || v.playable.length === 0) return null;
  const left = 13 - v.hand.tricks.length;
  const claimed = v.claim !== null && (v.claim.seat === seat || v.claim.seat === partnerOf(seat));
  if (claims && left >= 1 && left <= COMPUTER_CLAIM_TRICKS && !claimed && !callsStanding(v))
    return { kind: 'claim', seat, claim: { seat, tricks: left, sight: v.hand } };
  return { kind: 'card', seat, view: v.hand };
}

/**
 * The play of the card a computer player chose from its view of the hand: that card when
 * `TableView.playable` lists it, else the first playable card (a call stands on its cards: an exposed card
 * called, a suit called, the highest or lowest called; laws 56, 61, 64-65).
 *
 * @param view - the seat's own table view
 * @param card - the card it chose
 * @returns `{ type: 'play', seat, card }`, or `null` when the seat may play no card now
 * @throws {@link WhistError} `INVALID_ARGUMENT` for a value that is not a seat's table view
 * @example
 * ```ts
 * import { applyOrThrow, cardAction, newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * const view = tableViewOrThrow(table, 'E');
 * cardAction(view, view.playable[0]!)?.type; // 'play'
 * cardAction(tableViewOrThrow(table, 'S'), 'AS'); // null
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 56, 61, 64-65.
 * @group Players
 */
export function cardAction(view: TableView, card: Card): TableAction | null {
  const { view: v, seat } = readView(view);
  const playable = v.playable;
  if (playable.length === 0) return null;
  return { type: 'play', seat, card: playable.includes(card) ? card : (playable[0] as Card) };
}

/**
 * What a computer player says once a claim of {@link computerTurn} is checked: to a claim it answers
 * (`answer`), `acceptClaim` when it holds and `refuseClaim` (play on) otherwise; its own claim of every trick
 * left (`claim`) when it holds, else `null` (it plays a card instead: ask {@link computerTurn} with
 * `claims: false`).
 *
 * @param view - the seat's own table view
 * @param turn - the turn of kind `claim` or `answer` that asked
 * @param holds - whether the check found that the claim holds (doubt goes against the claimer: `false`
 *   when the check ran out of its budget)
 * @returns the action, or `null`
 * @throws {@link WhistError} `INVALID_ARGUMENT` for a value that is not a seat's table view, or a turn of
 *   another kind
 * @example
 * ```ts
 * import { applyOrThrow, claimAction, computerTurn, newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 *
 * let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * table = applyOrThrow(table, { type: 'claim', seat: 'E', tricks: 13 });
 * const view = tableViewOrThrow(table, 'N');
 * const turn = computerTurn(view)!; // { kind: 'answer', … }
 * claimAction(view, turn, false); // { type: 'refuseClaim', seat: 'N' }
 * ```
 * @remarks Source: Hoyle's laws of Long Whist, 24 (claims); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions".
 * @group Players
 */
export function claimAction(view: TableView, turn: ComputerTurn, holds: boolean): TableAction | null {
  const { seat } = readView(view);
  const said = readOptions(() => {
    const kind = typeof turn === 'object' && turn !== null ? turn.kind : undefined;
    if (kind === 'answer') return { type: holds === true ? ('acceptClaim' as const) : ('refuseClaim' as const), seat };
    if (kind === 'claim') {
      const tricks = (turn as { claim: ClaimToCheck }).claim.tricks;
      if (typeof tricks !== 'number' || !Number.isInteger(tricks) || tricks < 1 || tricks > 13)
        throw new WhistError({
          code: 'INVALID_ARGUMENT',
          message: `the claim's tricks must be a whole number from 1 to 13, got ${describe(tricks)}`,
          path: 'turn',
        });
      return holds === true ? { type: 'claim' as const, seat, tricks } : null;
    }
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `claimAction answers a turn of kind claim or answer, not ${describe(kind)}`, path: 'turn' });
  });
  return said;
}

/**
 * Options of {@link computerAction}.
 *
 * @group Players
 */
export interface ComputerActionOptions {
  /** Chooses the card from the seat's view of the hand (default {@link heuristicPlayer}). */
  readonly chooseCard?: ((view: PlayerView) => Card) | undefined;
  /**
   * Whether a claim holds, from what its claimer sees (`checkSeatClaim` of `whist/solver` within
   * {@link COMPUTER_CLAIM_NODES}). Without it the seat makes no claim and plays on against every claim.
   */
  readonly claimHolds?: ((claim: ClaimToCheck) => boolean) | undefined;
  /** Whether the seat claims every trick left at its turn when that holds (default `true`, with `claimHolds`). */
  readonly claims?: boolean | undefined;
}

/**
 * The whole decision of a computer seat, at once: {@link computerTurn}, with its questions answered by
 * `chooseCard` and `claimHolds`. `whist/solver`'s `computerMove` is this with the sampling player and the
 * claim check.
 *
 * @param view - the seat's own table view
 * @param options - `{ chooseCard, claimHolds, claims }`
 * @returns the action to apply (or to send without its `seat`), or `null` when the seat has nothing to do now
 * @throws {@link WhistError} `INVALID_ARGUMENT` for a value that is not a seat's table view, and what
 *   `chooseCard` or `claimHolds` throw
 * @example
 * ```ts
 * import { applyOrThrow, computerAction, newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 *
 * let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * const action = computerAction(tableViewOrThrow(table, 'E'))!;
 * action.type; // 'play'
 * table = applyOrThrow(table, action);
 * ```
 * @remarks Source: as {@link computerTurn}.
 * @group Players
 */
export function computerAction(view: TableView, options?: ComputerActionOptions): TableAction | null {
  const { claimHolds, chooseCard, claims } = readOptions(() => {
    const o = options ?? {};
    const read = { claimHolds: o.claimHolds, chooseCard: o.chooseCard ?? heuristicPlayer, claims: o.claims !== false };
    if (typeof read.chooseCard !== 'function' || (read.claimHolds !== undefined && typeof read.claimHolds !== 'function'))
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: 'options.chooseCard and options.claimHolds must be functions', path: 'options' });
    return read;
  });
  let turn = computerTurn(view, { claims: claims && claimHolds !== undefined });
  if (turn === null) return null;
  if (turn.kind === 'action') return turn.action;
  if (turn.kind === 'answer') return claimAction(view, turn, claimHolds === undefined ? false : claimHolds(turn.claim));
  if (turn.kind === 'claim') {
    const claim = claimAction(view, turn, claimHolds === undefined ? false : claimHolds(turn.claim));
    if (claim !== null) return claim;
    turn = computerTurn(view, { claims: false });
  }
  return turn?.kind === 'card' ? cardAction(view, chooseCard(turn.view)) : null;
}
