/**
 * What one seat may see: {@link playerView} for a hand, {@link tableView} for a whole table.
 *
 * A view is a different type from a state: it has the viewer's own cards and only counts for the other
 * seats, so showing another player's cards is a compile error, not a forgotten `delete`. A table view has
 * no PRNG state and no deal. Public facts: trump, the turn-up while the dealer still holds it (every
 * player knows the dealer holds it until it is played), the cards played and the tricks, the scores.
 *
 * Views are new objects made for each call, sharing nothing with any state: a caller may change a view
 * freely without touching a state.
 *
 * @module
 */

import { type Card, cardIndex, type Suit } from './cards.js';
import type { CutResult } from './cut.js';
import { describe, fail, ok, type Result, unwrap } from './errors.js';
import {
  type CurrentTrick,
  cardsHeld,
  completedTricks,
  currentSeat,
  currentTrick,
  type HandState,
  heldCounts,
  lastTrick,
  legalMoves,
  notMade,
  type Progress,
  progressOf,
  stateOfProgress,
  type Trick,
  type TrumpSource,
  tricksWon,
  visibleTrumpCard,
} from './hand/index.js';
import { type GameSummary, gameScore, games, gamesWon, type HandSummary, handSummaries, isRubberComplete, rubberPoints, rubberWinner } from './rubber.js';
import type { Rules } from './rules.js';
import type { RevokePenalty } from './score.js';
import { type BySeat, type BySide, isSeat, type Seat, type Side, seatNumber, sideOf } from './seats.js';
import { apply } from './table/actions.js';
import { callsOn, exposedCards, type HandEvents, pendingCalls, pendingClaim, toAnswer } from './table/claims.js';
import { copySummaries, type RubberSummary, TableProgress, type TableState, tableProgressOf } from './table/index.js';
import { NEW_DEAL_GROUNDS } from './table/laws/new-deal.js';
import { falseLead, honoursCallFor, openElections, pendingSuitCall, shownTrumpCall } from './table/laws.js';
import { tableDealer } from './table/progress.js';
import { REVOKE_LAW, revokesOf } from './table/revokes.js';
import type { HandEvent, NewDealGround, TableAction } from './table/types.js';

/**
 * What one seat (or a spectator) may see of a hand. Plain JSON.
 *
 * @group Views
 */
export interface PlayerView {
  /** The seat this view is for, or `null` for a spectator. */
  readonly viewer: Seat | null;
  /** The rules. */
  readonly rules: Rules;
  /** The dealer. */
  readonly dealer: Seat;
  /** Trump suit, or `null`. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The trump card while it lies face up (the turn-up until the dealer plays it, or the second pack's card); otherwise `null`. */
  readonly trumpCard: Card | null;
  /** The viewer's own cards, in canonical order; empty for a spectator. */
  readonly cards: readonly Card[];
  /** How many cards each seat holds. */
  readonly cardCounts: BySeat<number>;
  /** Whose turn it is, or `null` when the hand is complete. */
  readonly currentSeat: Seat | null;
  /** The viewer's legal cards when it is the viewer's turn; empty otherwise. */
  readonly legalMoves: readonly Card[];
  /** The trick in progress, or `null` when the hand is complete. */
  readonly trick: CurrentTrick | null;
  /** The finished tricks, first to last. */
  readonly tricks: readonly Trick[];
  /** Tricks won by each side so far. */
  readonly tricksWon: BySide;
}

/**
 * The error codes of {@link playerView}.
 *
 * @group Views
 */
export type PlayerViewError = 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_SEAT';

function viewOf(state: HandState, d: Progress, seat: Seat | null): PlayerView {
  const turn = currentSeat(state);
  return {
    viewer: seat,
    rules: d.fixed.rules,
    dealer: d.fixed.dealer,
    trump: d.fixed.trumpSuit,
    trumpSource: d.fixed.trumpSource,
    trumpCard: visibleTrumpCard(state),
    cards: seat === null ? [] : cardsHeld(state, seat),
    cardCounts: heldCounts(d),
    currentSeat: turn,
    legalMoves: seat !== null && turn === seat ? legalMoves(state) : [],
    trick: currentTrick(state),
    tricks: completedTricks(state),
    tricksWon: tricksWon(state),
  };
}

/**
 * The view of a hand for one seat, or for a spectator: its own cards, the others as counts, and the
 * public facts.
 *
 * @param state - a hand state the library made (a copy is refused `INVALID_STATE`: see {@link parseState})
 * @param seat - the viewer, or `null` for a spectator, who sees no cards in hand
 * @returns `{ ok: true, value: view }` with a new {@link PlayerView}, which holds no other seat's cards;
 *   or `{ ok: false, error }` with code `INVALID_STATE`, `INVALID_RULES` or `INVALID_SEAT`. Never throws.
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, playerView, SHORT_WHIST } from 'whist';
 *
 * const r = playerView(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'S');
 * r.ok && r.value.cards.length; // 13
 * r.ok && r.value.cardCounts.W; // 13
 * r.ok && r.value.trumpCard; // '2C'
 * ```
 * @remarks Source: Laws of Short Whist (1864) and German text «Whist» (2012) (the turned-up card is known to all until the dealer plays it).
 * @group Views
 */
export function playerView(state: HandState, seat: Seat | null): Result<PlayerView, PlayerViewError> {
  const d = progressOf(state);
  if (d === undefined) return { ok: false, error: notMade(state) };
  if (seat !== null && !isSeat(seat))
    return fail('INVALID_SEAT', `seat must be one of N E S W, or null for a spectator; got ${describe(seat)}`, { path: 'seat' });
  return ok(viewOf(state, d, seat));
}

/**
 * {@link playerView}, throwing instead of returning an error.
 *
 * @param state - a hand state
 * @param seat - the viewer, or `null` for a spectator
 * @returns the view
 * @throws {@link WhistError} `INVALID_STATE`, `INVALID_RULES` or `INVALID_SEAT`
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, playerViewOrThrow, SHORT_WHIST } from 'whist';
 *
 * playerViewOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), null).cards; // []
 * ```
 * @remarks Source: as {@link playerView}.
 * @group Views
 */
export function playerViewOrThrow(state: HandState, seat: Seat | null): PlayerView {
  return unwrap(playerView(state, seat));
}

/**
 * What the table waits for next.
 *
 * @group Views
 */
export type TableNext =
  | { readonly action: 'play'; readonly seat: Seat }
  | { readonly action: 'answerClaim'; readonly seats: readonly Seat[] }
  | {
      readonly action: 'deal';
      readonly dealer: Seat;
      /**
       * Present, under rules that rule on irregularities, while a side may still claim the penalty of a revoke
       * of the hand just over: the sides that may (Laws of Short Whist (1864), law 72). The deal lets them pass:
       * no revoke can be claimed once the next hand is dealt (law 78), so a host that deals by itself waits
       * while this is present. Absent otherwise.
       */
      readonly penalties?: readonly Side[];
    }
  | {
      readonly action: 'newRubber';
      /** As for the next deal: the sides that may still claim a revoke's penalty of the rubber's last hand (law 78); absent when none. */
      readonly penalties?: readonly Side[];
    };

/**
 * The last claim or concession of the hand, and what became of it: `pending` (the seats of `next`
 * answer it), `accepted` (by the other side, or a concession of every trick left, which needs no answer),
 * `refused` (the other side plays on), `held` or `failed` (the server's check of it).
 *
 * @group Views
 */
export interface ClaimView {
  /** A claim, or a concession. */
  readonly type: 'claim' | 'concede';
  /** Who made it. */
  readonly seat: Seat;
  /** The tricks it names: for a claim, the tricks the claimer's side takes; for a concession, those it gives. */
  readonly tricks: number;
  /**
   * The tricks it gives the claimer's side, of those left: a claim's `tricks`, or for a concession the rest
   * (`left - tricks`). What a check of it asks (`checkClaim`'s `Claim.tricks`).
   */
  readonly claimed: number;
  /** The tricks left when it was made, the trick in progress included. */
  readonly left: number;
  /** What became of it. */
  readonly status: 'pending' | 'accepted' | 'refused' | 'held' | 'failed';
}

/**
 * What one seat (or a spectator) may see of a table. Plain JSON: no PRNG state, no deal, no other seat's cards.
 *
 * @group Views
 */
export interface TableView {
  /** The seat this view is for, or `null` for a spectator. */
  readonly viewer: Seat | null;
  /** The rules. */
  readonly rules: Rules;
  /** Who sits where now. */
  readonly players: BySeat<string>;
  /** What the table waits for: a seat to play, the next deal, or a new rubber. */
  readonly next: TableNext;
  /** The score of the game in progress. */
  readonly score: BySide;
  /** Games won by each side in this rubber. */
  readonly gamesWon: BySide;
  /** The finished games of this rubber. */
  readonly games: readonly GameSummary[];
  /** The scored hands of this rubber, with what each scored. */
  readonly hands: readonly HandSummary[];
  /** The side that won this rubber, once it is over. */
  readonly rubberWinner: Side | null;
  /** The rubber points of this rubber, once it is over (`null` while it goes on, or without rubber points). */
  readonly rubberPoints: BySide | null;
  /** The finished rubbers before this one. */
  readonly rubbers: readonly RubberSummary[];
  /** The last cut for partners and deal (every card drawn), or `null` when the players were seated. */
  readonly cut: CutResult | null;
  /** Hands dealt at the table so far. */
  readonly dealNumber: number;
  /** The hand in progress, or the last one of this rubber, as the viewer sees it; `null` before the rubber's first deal. */
  readonly hand: PlayerView | null;
  /** The last finished trick at the table: the current hand's, or before its first trick the previous hand's last; `null` before any. */
  readonly lastTrick: Trick | null;
  /** The last claim or concession of the hand in progress (or of this rubber's last hand), or `null`. */
  readonly claim: ClaimView | null;
  /** The hands lying face up for everyone, a claimer's: the cards each holds now, from the ace of spades down. */
  readonly shown: Partial<BySeat<readonly Card[]>>;
  /**
   * Under rules that rule on irregularities, once the hand is over: its revokes, each with the penalty
   * claimed for it (`null` while unclaimed; it may be claimed until the next deal). Empty while the hand is
   * played (a revoke shows what its player held) and under other rules.
   */
  readonly revokes: readonly RevokeView[];
  /**
   * Under rules that rule on irregularities: the exposed cards still held (dropped face up, law 56), by seat,
   * which every seat sees and the other side may call; and the calls not yet satisfied, each card with its
   * holder, who must play it as soon as that is no revoke (laws 64-65). Empty otherwise.
   */
  readonly exposed: Partial<BySeat<readonly Card[]>>;
  /** The exposed cards called and not yet played, each with the seat that must play it. */
  readonly called: readonly { readonly seat: Seat; readonly card: Card }[];
  /**
   * Under rules that rule on irregularities: the suit called for a lead out of turn, which the side leads at
   * its next lead if the leader holds it (Laws of Short Whist (1864), laws 61, 66); `null` when none waits.
   */
  readonly suitCall: { readonly side: Side; readonly suit: Suit } | null;
  /**
   * Under rules that rule on irregularities: a card led out of turn lying on the table while the error is not
   * pointed out (`seat`, `card`), the cards played to it so far (`played`, in order) and the seat that may
   * play to it next (`next`, with `playToFalseLead`). When the other three have played to it, the trick
   * stands (Laws of Short Whist (1864), law 62); `null` when there is none.
   */
  readonly falseLead: {
    readonly seat: Seat;
    readonly card: Card;
    readonly played: readonly { readonly seat: Seat; readonly card: Card }[];
    readonly next: Seat;
  } | null;
  /**
   * Under those rules: a seat's highest or lowest trump called, to be played at its first turn where a trump is
   * no revoke (laws 53, 55); `null` when none waits. It stands, in every view, until that seat plays at such a
   * turn (law 65), though the seat may hold no trump: only its own `playable` tells it.
   */
  readonly trumpCall: { readonly seat: Seat; readonly which: 'highest' | 'lowest' } | null;
  /**
   * The viewer's cards {@link apply} accepts now, by the rules and every call standing (an exposed card
   * called, a suit called, a highest or lowest card called, a card played out of turn): at the viewer's turn
   * in a hand being played and with no claim awaiting an answer; empty otherwise. Those of
   * `hand.legalMoves` that no call forbids, or, where a call stands on a card that does not follow suit (a
   * card played out of turn), that card. Under rules that rule on irregularities `apply` also accepts a revoke:
   * a card that does not follow suit, though the viewer holds the suit led.
   */
  readonly playable: readonly Card[];
  /**
   * Under rules that rule on irregularities: the elections open now, each with the side entitled to it
   * (either of its players elects, and the first election is final: law 84), the actions it may take, the
   * card it is about (or `null`) and the law that gives the choice: the penalty of each revoke unclaimed
   * once the hand is over (`claimRevoke`), a card led out of turn or a corrected revoke (`callCard` or a
   * call of a suit, or of the highest or lowest of the suit led, at once), the second hand's call to win
   * (`callWin`), an exposed card not called (`callCard`), the trump card named or forgotten (`callTrump`),
   * a faulty call of honours in Long Whist (`newDeal`). Empty otherwise.
   */
  readonly elections: readonly ElectionView[];
  /**
   * In Long Whist under the laws, what the viewer may say of honours now (Hoyle's laws of Long Whist, 19):
   * `call` ("can you one?") when the viewer's side is at eight, the viewer has not played to the hand, holds
   * two honours or more and the side has not called; `answer` when the viewer's partner called and the
   * viewer, holding an honour, has not answered; else `null`.
   */
  readonly honoursCall: 'call' | 'answer' | null;
  /**
   * What was said in the hand of {@link TableView.hand} besides its cards, in order, as the log keeps it:
   * claims and their answers, rulings, calls and their laws. All of it was said aloud at the table.
   */
  readonly events: readonly HandEvent[];
  /**
   * The kinds of action the viewer may send now, as `clientAction` reads them and {@link apply} takes
   * them: `play` when `playable` lists a card; `claim` and `concede` while the hand is played and no claim
   * waits; `acceptClaim` and `refuseClaim` when `next` waits for the viewer's answer; the actions of the
   * `elections` open to the viewer's side; `callHonours` or `answerCall` as `honoursCall` says; `newRubber`
   * once the rubber is over; and under rules that rule on irregularities, each irregularity or ruling
   * {@link apply} takes from the viewer now for some card it holds (`expose`, `leadOutOfTurn`, `playOutOfTurn`,
   * `playToFalseLead`, `correctRevoke`, `askHavingNone`, `nameTrumpCard`, `forgetTrumpCard`, `newDeal`).
   * Empty for a spectator. In the order of {@link TableAction}'s kinds.
   */
  readonly actions: readonly TableAction['type'][];
}

/**
 * An election open to a side, as {@link TableView} shows it (Laws of Short Whist (1864), law 84).
 *
 * @group Views
 */
export interface ElectionView {
  /** The side entitled to elect. */
  readonly side: Side;
  /** The actions it may take, as {@link apply} names them (`callCard`, `callSuit`, `claimRevoke`, …). */
  readonly actions: readonly TableAction['type'][];
  /** The card the election is about, or `null`. */
  readonly card: Card | null;
  /** The law that gives the choice, with its edition. */
  readonly law: string;
}

/**
 * A revoke of the hand just over, as {@link TableView} shows it (Laws of Short Whist (1864), laws 71-72).
 *
 * @group Views
 */
export interface RevokeView {
  /** Who revoked. */
  readonly seat: Seat;
  /** The card they played instead of following suit. */
  readonly card: Card;
  /** The trick it was played to, 1 to 13. */
  readonly trick: number;
  /** The penalty the other side claimed for it, or `null` while unclaimed. */
  readonly penalty: RevokePenalty['penalty'] | null;
}

/**
 * The error codes of {@link tableView}.
 *
 * @group Views
 */
export type TableViewError = 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_SEAT';

/** The last claim or concession among a hand's events, and what became of it. */
function claimView(e: HandEvents): ClaimView | null {
  let made = -1;
  for (let i = e.list.length - 1; i >= 0 && made < 0; i--) if (e.list[i]?.type === 'claim' || e.list[i]?.type === 'concede') made = i;
  if (made < 0) return null;
  const c = e.list[made] as { type: 'claim' | 'concede'; at: number; seat: Seat; tricks: number };
  const left = 13 - Math.floor(c.at / 4);
  let status: ClaimView['status'] = e.settled !== null ? 'accepted' : 'pending';
  for (let i = made + 1; i < e.list.length; i++) {
    const answer = e.list[i];
    if (answer?.type === 'ruleClaim') status = answer.holds ? 'held' : 'failed';
    else if (answer?.type === 'refuseClaim') status = 'refused';
  }
  return { type: c.type, seat: c.seat, tricks: c.tricks, claimed: c.type === 'claim' ? c.tricks : left - c.tricks, left, status };
}

/** The revokes of a hand that is over, each with the penalty claimed for it. */
function revokeViews(hand: Progress, e: HandEvents): RevokeView[] {
  return revokesOf(hand).map((r) => {
    const claimed = e.list.find((x) => x.type === 'claimRevoke' && x.card === r.card);
    return { seat: r.seat, card: r.card, trick: r.trick, penalty: claimed?.type === 'claimRevoke' ? claimed.penalty : null };
  });
}

/** The elections open now (see {@link TableView.elections}). */
function electionsOf(p: TableProgress): ElectionView[] {
  if (p.hand === null || p.rules.irregularities !== 'ruled' || p.events.voided) return [];
  if (!p.playing) {
    if (p.events.honoursCalled) return [];
    const claimed = new Set(p.events.list.flatMap((x) => (x.type === 'claimRevoke' ? [x.card] : [])));
    return revokesOf(p.hand)
      .filter((r) => !claimed.has(r.card))
      .map((r) => ({ side: sideOf(r.seat) === 'NS' ? 'EW' : 'NS', actions: ['claimRevoke'], card: r.card, law: REVOKE_LAW }));
  }
  if (pendingClaim(p.events) !== null) return [];
  return openElections(p.hand, p.events, gameScore(p.rubber), exposedCards(p.hand, p.events)) as ElectionView[];
}

/** The viewer's cards accepted now, by the rules and the calls standing (see {@link TableView.playable}). */
function playableCards(p: TableProgress, state: HandState | null, seat: Seat | null, turn: Seat | null): Card[] {
  if (state === null || p.hand === null || seat === null || turn !== seat || !p.playing || pendingClaim(p.events) !== null) return [];
  const legal = legalMoves(state);
  if (p.events.list.length === 0) return [...legal];
  const s = seatNumber(seat);
  const calls = callsOn(p.hand, p.events, s).allowed;
  if (calls === null) return [...legal];
  const allowed = (c: Card) => calls.includes(cardIndex(c));
  const lawful = legal.filter(allowed);
  return lawful.length > 0 ? lawful : cardsHeld(state, seat).filter(allowed);
}

/** The false lead on the table, for every seat (see {@link TableView.falseLead}). */
function falseLeadView(hand: Progress, e: HandEvents): TableView['falseLead'] {
  const f = falseLead(hand, e);
  if (f === null) return null;
  return { seat: f.lead.seat, card: f.lead.card, played: f.played.map((x) => ({ seat: x.seat, card: x.card })), next: f.next };
}

/** The exposed cards still held, by seat. */
function exposedBySeat(hand: Progress, e: HandEvents): Partial<BySeat<readonly Card[]>> {
  const out: Partial<Record<Seat, Card[]>> = {};
  for (const x of exposedCards(hand, e)) {
    const list = out[x.seat] ?? [];
    list.push(x.card);
    out[x.seat] = list;
  }
  return out;
}

/** The hands face up: each shown seat's cards now. */
function shownHands(hand: HandState, e: HandEvents): Partial<BySeat<readonly Card[]>> {
  const out: Partial<Record<Seat, Card[]>> = {};
  for (const seat of ['N', 'E', 'S', 'W'] as const) if ((e.shown & (1 << seatNumber(seat))) !== 0) out[seat] = cardsHeld(hand, seat);
  return out;
}

/** The kinds of {@link TableAction}, in its order: the order of {@link TableView.actions}. */
const ACTION_ORDER: readonly TableAction['type'][] = [
  'deal',
  'play',
  'newRubber',
  'claim',
  'concede',
  'acceptClaim',
  'refuseClaim',
  'ruleClaim',
  'claimRevoke',
  'expose',
  'callCard',
  'newDeal',
  'leadOutOfTurn',
  'playToFalseLead',
  'callSuit',
  'nameTrumpCard',
  'forgetTrumpCard',
  'callTrump',
  'correctRevoke',
  'askHavingNone',
  'callLedSuit',
  'callHonours',
  'answerCall',
  'playOutOfTurn',
  'callWin',
];

/** Refusals of an action naming a card that another card of the viewer's might not meet. */
const CARD_REFUSALS: ReadonlySet<string> = /* @__PURE__ */ new Set(['MUST_FOLLOW_SUIT', 'CARD_CALLED', 'CARD_NOT_IN_HAND', 'INVALID_CARD']);

/** The kinds of action the viewer may send now (see {@link TableView.actions}). */
function actionsOf(
  table: TableState,
  p: TableProgress,
  hand: HandState | null,
  seat: Seat | null,
  view: Pick<TableView, 'next' | 'playable' | 'elections' | 'honoursCall'>,
): TableAction['type'][] {
  if (seat === null) return [];
  const open = new Set<TableAction['type']>();
  const next = view.next;
  if (view.playable.length > 0) open.add('play');
  if (next.action === 'newRubber') open.add('newRubber');
  if (next.action === 'play') {
    open.add('claim');
    open.add('concede');
  }
  if (next.action === 'answerClaim' && next.seats.includes(seat)) {
    open.add('acceptClaim');
    open.add('refuseClaim');
  }
  for (const e of view.elections) if (e.side === sideOf(seat)) for (const a of e.actions) open.add(a);
  if (view.honoursCall === 'call') open.add('callHonours');
  if (view.honoursCall === 'answer') open.add('answerCall');
  if (p.rules.irregularities === 'ruled' && hand !== null && p.hand !== null && p.playing && !p.events.ended && pendingClaim(p.events) === null) {
    // The irregularities and rulings: whether apply takes them from this seat now, tried.
    const takes = (action: TableAction) => apply(table, action);
    for (const type of ['nameTrumpCard', 'forgetTrumpCard', 'correctRevoke', 'askHavingNone'] as const)
      if (!open.has(type) && takes({ type, seat }).ok) open.add(type);
    const held = cardsHeld(hand, seat);
    for (const type of ['expose', 'leadOutOfTurn', 'playToFalseLead', 'playOutOfTurn'] as const)
      for (const card of held) {
        const r = takes({ type, seat, card });
        if (r.ok) open.add(type);
        if (r.ok || !CARD_REFUSALS.has(r.error.code)) break;
      }
    if (!open.has('newDeal'))
      for (const ground of Object.keys(NEW_DEAL_GROUNDS) as NewDealGround[])
        if (takes({ type: 'newDeal', seat, ground }).ok) {
          open.add('newDeal');
          break;
        }
  }
  return ACTION_ORDER.filter((t) => open.has(t));
}

const SIDE_ORDER: readonly Side[] = ['NS', 'EW'];

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The view of a table for one seat, or for a spectator: players, scores, games, rubbers, and the current
 * hand as {@link playerView} gives it. It never holds the PRNG state, the deal, or another seat's cards.
 *
 * @param table - a table state the library made (a copy is refused `INVALID_STATE`: see {@link parseTable})
 * @param seat - the viewer, or `null` for a spectator
 * @returns `{ ok: true, value: view }` with a new {@link TableView}, or `{ ok: false, error }` with code
 *   `INVALID_STATE`, `INVALID_RULES` or `INVALID_SEAT`. Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, newTableOrThrow, SHORT_WHIST, tableView } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * const r = tableView(table, 'E');
 * r.ok && r.value.next; // { action: 'play', seat: 'E' }
 * r.ok && r.value.hand?.cards.length; // 13
 * r.ok && 'random' in r.value; // false
 * ```
 * @remarks Source: Laws of Short Whist (1864) (what is public at the table); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 * @group Views
 */
export function tableView(table: TableState, seat: Seat | null): Result<TableView, TableViewError> {
  const p = tableProgressOf(table);
  if (!(p instanceof TableProgress)) return { ok: false, error: Object.freeze({ ...p }) };
  if (seat !== null && !isSeat(seat))
    return fail('INVALID_SEAT', `seat must be one of N E S W, or null for a spectator; got ${describe(seat)}`, { path: 'seat' });
  const hand = p.hand === null ? null : stateOfProgress(p.hand);
  const turn = hand === null ? null : currentSeat(hand);
  let next: TableNext;
  const answering = toAnswer(p.events);
  if (answering.length > 0) next = { action: 'answerClaim', seats: answering };
  else if (turn !== null && !p.events.ended) next = { action: 'play', seat: turn };
  else if (isRubberComplete(p.rubber)) next = { action: 'newRubber' };
  else next = { action: 'deal', dealer: tableDealer(p) };
  const elections = electionsOf(p);
  if (next.action === 'deal' || next.action === 'newRubber') {
    const penalties = SIDE_ORDER.filter((side) => elections.some((e) => e.side === side && e.actions.includes('claimRevoke')));
    if (penalties.length > 0) next = { ...next, penalties };
  }
  const view = hand === null || p.hand === null ? null : viewOf(hand, p.hand, seat);
  // The last finished trick at the table: the hand's own, or, before its first trick is won, the previous
  // hand's thirteenth (the table deals as soon as a hand ends, and that trick is public).
  const last = (view === null ? undefined : view.tricks[view.tricks.length - 1]) ?? (p.previous === null ? null : lastTrick(stateOfProgress(p.previous)));
  const playable = playableCards(p, hand, seat, turn);
  const honoursCall =
    seat === null || p.hand === null || !p.playing || pendingClaim(p.events) !== null
      ? null
      : honoursCallFor(p.hand, p.events, gameScore(p.rubber), seatNumber(seat));
  return ok({
    viewer: seat,
    rules: p.rules,
    players: { N: p.players.N, E: p.players.E, S: p.players.S, W: p.players.W },
    next,
    score: gameScore(p.rubber),
    gamesWon: gamesWon(p.rubber),
    games: games(p.rubber),
    hands: handSummaries(p.rubber),
    rubberWinner: rubberWinner(p.rubber),
    rubberPoints: rubberPoints(p.rubber),
    rubbers: copySummaries(p.rubbers),
    cut: p.cut === null ? null : copy(p.cut),
    dealNumber: p.dealNumber,
    hand: view,
    lastTrick: last === null ? null : { leader: last.leader, cards: [...last.cards], winner: last.winner },
    claim: p.hand === null ? null : claimView(p.events),
    shown: hand === null ? {} : shownHands(hand, p.events),
    revokes:
      p.hand === null || p.playing || p.events.voided || p.events.honoursCalled || p.rules.irregularities !== 'ruled' ? [] : revokeViews(p.hand, p.events),
    exposed: p.hand === null || !p.playing ? {} : exposedBySeat(p.hand, p.events),
    called: p.hand === null || !p.playing ? [] : pendingCalls(p.hand, p.events),
    suitCall: p.hand === null || !p.playing ? null : pendingSuitCall(p.hand, p.events),
    trumpCall: p.hand === null || !p.playing ? null : shownTrumpCall(p.hand, p.events),
    falseLead: p.hand === null || !p.playing || pendingClaim(p.events) !== null ? null : falseLeadView(p.hand, p.events),
    events: p.hand === null ? [] : p.events.list,
    playable,
    elections,
    honoursCall,
    actions: actionsOf(table, p, hand, seat, { next, playable, elections, honoursCall }),
  });
}

/**
 * {@link tableView}, throwing instead of returning an error.
 *
 * @param table - a table state
 * @param seat - the viewer, or `null` for a spectator
 * @returns the view
 * @throws {@link WhistError} `INVALID_STATE`, `INVALID_RULES` or `INVALID_SEAT`
 * @example
 * ```ts
 * import { newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 *
 * tableViewOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), null).next; // { action: 'deal', dealer: 'N' }
 * ```
 * @remarks Source: as {@link tableView}.
 * @group Views
 */
export function tableViewOrThrow(table: TableState, seat: Seat | null): TableView {
  return unwrap(tableView(table, seat));
}
