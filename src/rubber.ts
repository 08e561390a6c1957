/**
 * Games and the rubber: the second reducer, over the facts of finished hands.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Games and the rubber"):
 * - A game is won by the first side to reach the target; points past it are lost and both sides start
 *   the next game at 0 (Laws of Short Whist (1864), law 1; German texts «Whist» (2012) and «Whist Regeln»).
 * - A game's value depends on the losers' score after the winning hand: treble, double or single in
 *   Short Whist (law 8), from `rules.gameValue`.
 * - The rubber is best of three: it ends when a side has won `rules.rubber.gamesToWin` games, so the
 *   third game is not played after 2-0 (law 1).
 * - Rubber points: the winners' game values, plus the rubber bonus (2), minus the losers' game values
 *   (laws 9-10): 1 to 8 points in Short Whist. A slam bonus, where the rules have one, is added to the
 *   side that made the slam (Meyers Konversations-Lexikon, "Whist").
 * - The deal passes to the left after each hand.
 *
 * The state stores facts only: the rules, the first dealer, and each scored hand's tricks and honours.
 * Scores, games and the rubber's outcome are derived by the selectors, so a stored rubber cannot
 * contradict itself. Every rubber state the library returns is frozen.
 *
 * @module
 */

import { describe, fail, ok, type Result, unwrap, WhistError, type WhistErrorInfo } from './errors.js';
import { adoptWith, madeOf, markMade } from './made.js';
import { exactFields, notMadeError, readStored, type StoredKind, stateError } from './read.js';
import { type Rules, validateRules } from './rules.js';
import { checkFacts, type HandFacts, type HandScore, type RevokePenalty, scoreChecked } from './score.js';
import { type BySide, isSeat, nextSeat, type Seat, type Side } from './seats.js';

/**
 * The schema version of {@link RubberState}; it changes whenever the stored shape does.
 *
 * @example
 * ```ts
 * import { RUBBER_SCHEMA, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }).v === RUBBER_SCHEMA; // true
 * ```
 * @group Rubber and table
 */
export const RUBBER_SCHEMA = 2;

/** The most hands a rubber can have: every hand scores at least one point, so a rubber ends long before. */
const MAX_HANDS = 4000;

/**
 * The state of a rubber: plain, frozen JSON of facts only.
 *
 * @example
 * ```ts
 * import { SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * const rubber = startRubberOrThrow(SHORT_WHIST, { dealer: 'S' });
 * rubber.hands; // []
 * ```
 * @group Rubber and table
 */
export interface RubberState {
  /** Schema version, {@link RUBBER_SCHEMA}. */
  readonly v: 2;
  /** The rules. */
  readonly rules: Rules;
  /** The dealer of the rubber's first hand. */
  readonly firstDealer: Seat;
  /** The facts of each scored hand, in order. */
  readonly hands: readonly HandFacts[];
}

/**
 * One scored hand of a rubber, as {@link handSummaries} derives it.
 *
 * @group Rubber and table
 */
export interface HandSummary {
  /** The hand's dealer. */
  readonly dealer: Seat;
  /** Tricks each side won. */
  readonly tricks: BySide;
  /** Honours each side held (or captured). */
  readonly honours: BySide;
  /** What the hand scored, as {@link scoreHand} gives it, before the cut at the target. */
  readonly points: BySide;
  /** Of which for odd tricks. */
  readonly trickPoints: BySide;
  /** Of which for honours (0 where they were barred, capped or ignored). */
  readonly honourPoints: BySide;
  /** Why each side's honours scored less than their count is worth, as {@link scoreHand} gives it. */
  readonly honoursWithheld: HandScore['honoursWithheld'];
  /** The game score after the hand; when it wins a game, the winners show the target and the losers their score, before the reset. */
  readonly score: BySide;
  /** The game this hand won, or `null`. */
  readonly game: GameSummary | null;
  /** The revoke penalties claimed on the hand, as in its facts; absent when none. */
  readonly revokes?: readonly RevokePenalty[];
  /** What the revoke penalties changed in each side's score, scored first (`HandScore.revokePoints`); absent without penalties. */
  readonly revokePoints?: BySide;
  /** The hand was not played: the honours were called at the point of eight (Hoyle's laws of Long Whist, 16-21); absent otherwise. */
  readonly honoursCalled?: true;
}

/**
 * A finished game.
 *
 * @group Rubber and table
 */
export interface GameSummary {
  /** The side that won it. */
  readonly winner: Side;
  /** What it is worth to them: 3 treble, 2 double, 1 single in Short Whist. */
  readonly value: number;
  /** The losers' score when it ended. */
  readonly losersScore: number;
}

/**
 * The error codes of {@link startRubber}.
 *
 * @group Rubber and table
 */
export type StartRubberError = 'INVALID_RULES' | 'INVALID_ARGUMENT' | 'INVALID_SEAT';

/**
 * The error codes of {@link addHand}.
 *
 * @group Rubber and table
 */
export type AddHandError = 'INVALID_STATE' | 'INVALID_RULES' | 'RUBBER_COMPLETE' | 'INVALID_SCORE';

/** What a rubber's facts imply. */
class Outcome {
  constructor(
    readonly rules: Rules,
    readonly summaries: readonly HandSummary[],
    readonly games: readonly GameSummary[],
    readonly score: BySide,
    readonly winner: Side | null,
  ) {}
}

/** @internal The value of a game from the losers' score, under checked rules. */
export function gameValueChecked(rules: Rules, losersScore: number): number {
  const gv = rules.gameValue;
  return gv.kind === 'targetMinusLosers' ? rules.target - losersScore : (gv.byLosersScore[losersScore] as number);
}

function emptyOutcome(rules: Rules): Outcome {
  return new Outcome(rules, [], [], { NS: 0, EW: 0 }, null);
}

/** The outcome after one more hand, whose facts are checked. */
function scoreInto(o: Outcome, dealer: Seat, facts: HandFacts): Outcome {
  const rules = o.rules;
  const scored = scoreChecked(rules, facts.tricks, facts.honours, o.score, facts.revokes);
  const target = rules.target;
  const after = { NS: Math.min(target, o.score.NS + scored.points.NS), EW: Math.min(target, o.score.EW + scored.points.EW) };
  let game: GameSummary | null = null;
  if (scored.winner !== null) {
    const losersScore = after[scored.winner === 'NS' ? 'EW' : 'NS'];
    game = { winner: scored.winner, value: gameValueChecked(rules, losersScore), losersScore };
  }
  const summary: HandSummary = {
    dealer,
    tricks: facts.tricks,
    honours: facts.honours,
    points: scored.points,
    trickPoints: scored.trickPoints,
    honourPoints: scored.honourPoints,
    honoursWithheld: scored.honoursWithheld,
    score: after,
    game,
    ...(facts.revokes === undefined ? {} : { revokes: facts.revokes, revokePoints: scored.revokePoints as BySide }),
    ...(facts.honoursCalled === true ? { honoursCalled: true as const } : {}),
  };
  const games = game === null ? o.games : [...o.games, game];
  let won = 0;
  for (const g of games) if (g.winner === game?.winner) won++;
  const winner = game !== null && won >= rules.rubber.gamesToWin ? game.winner : null;
  return new Outcome(rules, [...o.summaries, summary], games, game === null ? after : { NS: 0, EW: 0 }, winner);
}

const RUBBER_KEYS = ['v', 'rules', 'firstDealer', 'hands'];

function readRubber(value: unknown): Outcome | WhistErrorInfo<'INVALID_STATE' | 'INVALID_RULES'> {
  const v = exactFields(value, 'rubber', RUBBER_KEYS, true);
  if ('code' in v) return v as WhistErrorInfo<'INVALID_STATE'>;
  if (v.v !== RUBBER_SCHEMA) return stateError('v', `must be ${RUBBER_SCHEMA}, the rubber schema version`);
  const rules = validateRules(v.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  if (!isSeat(v.firstDealer)) return stateError('firstDealer', 'must be one of N E S W');
  const hands = v.hands;
  if (!Array.isArray(hands)) return stateError('hands', 'must be an array');
  const n = hands.length;
  if (n > MAX_HANDS) return stateError('hands', `must have at most ${MAX_HANDS} hands`);
  let o = emptyOutcome(rules.value);
  for (let i = 0; i < n; i++) {
    if (o.winner !== null) return stateError(`hands[${i}]`, 'follows the end of the rubber');
    const entry: unknown = hands[i];
    if (
      typeof entry !== 'object' ||
      entry === null ||
      Object.keys(entry).some((k) => k !== 'tricks' && k !== 'honours' && k !== 'revokes' && k !== 'honoursCalled' && k !== 'dealer')
    )
      return stateError(`hands[${i}]`, 'must be { tricks, honours } (and revokes, when penalties were claimed, honoursCalled, or dealer)');
    let facts: HandFacts;
    try {
      facts = checkFacts(rules.value, entry);
      for (const key of ['tricks', 'honours'] as const) {
        const pairValue = (entry as Record<string, unknown>)[key] as object;
        if (Object.keys(pairValue).some((k) => k !== 'NS' && k !== 'EW')) return stateError(`hands[${i}].${key}`, 'must be { NS, EW }');
      }
    } catch (e) {
      return stateError(`hands[${i}]`, e instanceof WhistError ? e.message : 'could not be read');
    }
    const turn = dealerInTurn(o, v.firstDealer);
    if (facts.dealer === turn) return stateError(`hands[${i}].dealer`, `must be absent: ${turn} deals in turn`);
    o = scoreInto(o, facts.dealer ?? turn, facts);
  }
  return o;
}

const RUBBER_KIND: StoredKind<Outcome> = {
  name: 'rubber',
  path: 'rubber',
  reader: 'parseRubber',
  maxChars: 1_000_000,
  derived: (value): value is Outcome => value instanceof Outcome,
};
/** Rubbers, and a rubber another copy of the library made (made.ts), wherever parseRubber is: read as a stored one is. */
const RUBBER = /* @__PURE__ */ adoptWith(RUBBER_KIND, readRubber);

/** What the library derived when it made a rubber state; any other value is refused. Never throws. */
function outcomeOf(rubber: unknown): Outcome | WhistErrorInfo<'INVALID_STATE'> {
  const o = madeOf(rubber);
  return o instanceof Outcome ? o : notMadeError(rubber, RUBBER_KIND);
}

function outcomeOrThrow(rubber: unknown): Outcome {
  const o = outcomeOf(rubber);
  if ('code' in o) throw new WhistError(o);
  return o;
}

function freezeRubber(rules: Rules, firstDealer: Seat, hands: readonly HandFacts[], o: Outcome): RubberState {
  return Object.freeze(markMade({ v: RUBBER_SCHEMA, rules, firstDealer, hands: Object.freeze(hands) }, o)) as RubberState;
}

function frozenFacts(f: HandFacts): HandFacts {
  const facts = { tricks: Object.freeze({ NS: f.tricks.NS, EW: f.tricks.EW }), honours: Object.freeze({ NS: f.honours.NS, EW: f.honours.EW }) };
  const extra = f.honoursCalled === true ? { honoursCalled: true as const } : f.revokes === undefined ? {} : { revokes: f.revokes };
  return Object.freeze(f.dealer === undefined ? { ...facts, ...extra } : { ...facts, ...extra, dealer: f.dealer });
}

/** The facts without their dealer. */
function withoutDealer(f: HandFacts): HandFacts {
  const { dealer: _dealer, ...rest } = f;
  return rest;
}

/** The dealer of the rubber's next hand when the deal passes to the left: the first dealer, or the left of the last hand's. */
function dealerInTurn(o: Outcome, firstDealer: Seat): Seat {
  const last = o.summaries[o.summaries.length - 1];
  return last === undefined ? firstDealer : nextSeat(last.dealer);
}

/**
 * Starts a rubber.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}; checked as by {@link validateRules}
 * @param options - `{ dealer }`: the dealer of the first hand
 * @returns `{ ok: true, value: rubber }`, or `{ ok: false, error }` with code `INVALID_RULES`,
 *   `INVALID_ARGUMENT` (options not an object) or `INVALID_SEAT`. Never throws.
 * @example
 * ```ts
 * import { nextDealer, SHORT_WHIST, startRubber } from 'whist';
 *
 * const r = startRubber(SHORT_WHIST, { dealer: 'S' });
 * r.ok && nextDealer(r.value); // 'S'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 1; German text «Whist» (2012): "Insgesamt wird ein Rubber gespielt".
 * @group Rubber and table
 */
export function startRubber(rules: Rules, options: { readonly dealer: Seat }): Result<RubberState, StartRubberError> {
  const checked = validateRules(rules);
  if (!checked.ok) return checked;
  let dealer: unknown;
  try {
    if (typeof options !== 'object' || options === null)
      return fail('INVALID_ARGUMENT', `options must be { dealer }, got ${describe(options)}`, { path: 'options' });
    dealer = options.dealer;
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${describe(dealer)}`, { path: 'dealer' });
  return ok(freezeRubber(checked.value, dealer, [], emptyOutcome(checked.value)));
}

/**
 * {@link startRubber}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - `{ dealer }`
 * @returns the new rubber state
 * @throws {@link WhistError} `INVALID_RULES`, `INVALID_ARGUMENT` or `INVALID_SEAT`
 * @example
 * ```ts
 * import { SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * startRubberOrThrow(SHORT_WHIST, { dealer: 'W' }).firstDealer; // 'W'
 * ```
 * @remarks Source: as {@link startRubber}.
 * @group Rubber and table
 */
export function startRubberOrThrow(rules: Rules, options: { readonly dealer: Seat }): RubberState {
  return unwrap(startRubber(rules, options));
}

/**
 * Scores a finished hand into the rubber: updates the game score, closes the game when a side reaches
 * the target (points past it are lost; the next game starts at 0-0) and passes the deal to the left.
 *
 * @param rubber - a rubber state the library made (a copy is refused `INVALID_STATE`: see {@link parseRubber})
 * @param hand - `{ tricks, honours }` as for {@link scoreHand}, e.g. from {@link handFacts}
 * @returns `{ ok: true, value: rubber }`, or `{ ok: false, error }` with code `INVALID_STATE` (not a rubber
 *   state), `INVALID_RULES`, `RUBBER_COMPLETE` (the rubber is over) or `INVALID_SCORE` (impossible tricks
 *   or honours). Never throws.
 * @example
 * ```ts
 * import { addHand, gameScore, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * const r = addHand(startRubberOrThrow(SHORT_WHIST, { dealer: 'S' }), { tricks: { NS: 8, EW: 5 }, honours: { NS: 2, EW: 2 } });
 * r.ok && gameScore(r.value); // { NS: 2, EW: 0 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 1, 5 and 8; German texts «Whist» (2012) and «Whist Regeln».
 * @group Rubber and table
 */
export function addHand(rubber: RubberState, hand: HandFacts): Result<RubberState, AddHandError> {
  const o = outcomeOf(rubber);
  if ('code' in o) return { ok: false, error: Object.freeze(o) };
  if (o.winner !== null) return fail('RUBBER_COMPLETE', 'the rubber is over');
  let facts: HandFacts;
  try {
    facts = checkFacts(o.rules, hand);
  } catch (e) {
    if (e instanceof WhistError) return { ok: false, error: e.info as WhistErrorInfo<'INVALID_SCORE'> };
    return fail('INVALID_SCORE', 'the hand could not be read: it throws when read', { path: 'hand' });
  }
  const r = rubber as RubberState;
  const turn = dealerInTurn(o, r.firstDealer);
  // A dealer in turn is the rubber's own: it is kept only where the deal did not pass to the left.
  const kept = facts.dealer === turn ? withoutDealer(facts) : facts;
  const next = scoreInto(o, kept.dealer ?? turn, kept);
  return ok(freezeRubber(o.rules, r.firstDealer, [...r.hands, frozenFacts(kept)], next));
}

/**
 * {@link addHand}, throwing instead of returning an error.
 *
 * @param rubber - a rubber state
 * @param hand - as for {@link addHand}
 * @returns the new rubber state
 * @throws {@link WhistError} `INVALID_STATE`, `INVALID_RULES`, `RUBBER_COMPLETE` or `INVALID_SCORE`
 * @example
 * ```ts
 * import { gamesWon, addHandOrThrow, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * const rubber = addHandOrThrow(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 12, EW: 1 }, honours: { NS: 0, EW: 0 } });
 * gamesWon(rubber); // { NS: 1, EW: 0 }
 * ```
 * @remarks Source: as {@link addHand}.
 * @group Rubber and table
 */
export function addHandOrThrow(rubber: RubberState, hand: HandFacts): RubberState {
  return unwrap(addHand(rubber, hand));
}

/**
 * Checks a stored rubber state completely, e.g. one read from JSON: its rules, and every hand's facts
 * scored again in order.
 *
 * @param value - anything, typically `JSON.parse` of a stored rubber
 * @returns `{ ok: true, value: rubber }` with a frozen copy, or `{ ok: false, error }` with code
 *   `INVALID_STATE` and the `path` of the first problem, or `INVALID_RULES`. Never throws.
 * @example
 * ```ts
 * import { parseRubber, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * parseRubber(JSON.parse(JSON.stringify(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' })))).ok; // true
 * parseRubber({ v: 2, rules: SHORT_WHIST, firstDealer: 'N', hands: [{ tricks: { NS: 7, EW: 7 }, honours: { NS: 0, EW: 0 } }] }).ok; // false
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Games and the rubber".
 * @group Rubber and table
 */
export function parseRubber(value: unknown): Result<RubberState, 'INVALID_STATE' | 'INVALID_RULES'> {
  return readStored(value, RUBBER, readRubber, (o, input) =>
    freezeRubber(
      o.rules,
      (input as RubberState).firstDealer,
      // A hand's dealer is kept only where the deal did not pass to the left.
      o.summaries.map((s, i) => {
        const turn = i === 0 ? (input as RubberState).firstDealer : nextSeat((o.summaries[i - 1] as HandSummary).dealer);
        return frozenFacts(s.dealer === turn ? withoutDealer(s) : s);
      }),
      o,
    ),
  );
}

/**
 * The dealer of the rubber's next hand: the deal passes to the left after each hand (from a hand's
 * `dealer`, where its facts name one: after a misdeal, Laws of Short Whist (1864), law 43).
 *
 * @param rubber - a rubber state
 * @returns the seat to deal next
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { nextDealer, addHandOrThrow, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * nextDealer(addHandOrThrow(startRubberOrThrow(SHORT_WHIST, { dealer: 'S' }), { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } })); // 'W'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Die Rolle des Gebers wechselt nach jedem Einzelspiel".
 * @group Rubber and table
 */
export function nextDealer(rubber: RubberState): Seat {
  return dealerInTurn(outcomeOrThrow(rubber), (rubber as RubberState).firstDealer);
}

/**
 * The score of the game in progress.
 *
 * @param rubber - a rubber state
 * @returns `{ NS, EW }`, 0-0 at the start of each game
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { gameScore, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * gameScore(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' })); // { NS: 0, EW: 0 }
 * ```
 * @group Rubber and table
 */
export function gameScore(rubber: RubberState): BySide {
  return sides(outcomeOrThrow(rubber).score);
}

/**
 * Every scored hand of the rubber, with what it scored and the game score after it.
 *
 * @param rubber - a rubber state
 * @returns the hands, in order, as new objects
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { handSummaries, addHandOrThrow, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * const rubber = addHandOrThrow(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 5, EW: 8 }, honours: { NS: 0, EW: 3 } });
 * handSummaries(rubber)[0]?.points; // { NS: 0, EW: 4 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 2-5 and 8.
 * @group Rubber and table
 */
export function handSummaries(rubber: RubberState): HandSummary[] {
  return outcomeOrThrow(rubber).summaries.map(copySummary);
}

/**
 * The finished games of the rubber.
 *
 * @param rubber - a rubber state
 * @returns the games, in order, as new objects
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { games, addHandOrThrow, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * const rubber = addHandOrThrow(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } });
 * games(rubber); // [{ winner: 'NS', value: 3, losersScore: 0 }]
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 1 and 8.
 * @group Rubber and table
 */
export function games(rubber: RubberState): GameSummary[] {
  return outcomeOrThrow(rubber).games.map(copyGame);
}

/** A copy of `b`. */
function sides<T>(b: BySide<T>): BySide<T> {
  return { NS: b.NS, EW: b.EW };
}

/** A copy of a game summary. */
function copyGame(g: GameSummary): GameSummary {
  return { winner: g.winner, value: g.value, losersScore: g.losersScore };
}

/** A copy of a hand summary, its fields in the order `scoreInto` writes them. */
function copySummary(h: HandSummary): HandSummary {
  return {
    dealer: h.dealer,
    tricks: sides(h.tricks),
    honours: sides(h.honours),
    points: sides(h.points),
    trickPoints: sides(h.trickPoints),
    honourPoints: sides(h.honourPoints),
    honoursWithheld: sides(h.honoursWithheld),
    score: sides(h.score),
    game: h.game === null ? null : copyGame(h.game),
    ...(h.revokes === undefined ? {} : { revokes: h.revokes.map((r) => ({ side: r.side, penalty: r.penalty })) }),
    ...(h.revokePoints === undefined ? {} : { revokePoints: sides(h.revokePoints) }),
    ...(h.honoursCalled === true ? { honoursCalled: true as const } : {}),
  };
}

/**
 * Games won by each side so far in the rubber.
 *
 * @param rubber - a rubber state
 * @returns `{ NS, EW }`
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { gamesWon, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * gamesWon(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' })); // { NS: 0, EW: 0 }
 * ```
 * @group Rubber and table
 */
export function gamesWon(rubber: RubberState): BySide {
  let ns = 0;
  const all = outcomeOrThrow(rubber).games;
  for (const g of all) if (g.winner === 'NS') ns++;
  return { NS: ns, EW: all.length - ns };
}

/**
 * The side that has won the rubber, if it is over.
 *
 * @param rubber - a rubber state
 * @returns `'NS'`, `'EW'`, or `null` while the rubber goes on
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { addHandOrThrow, rubberWinner, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * let rubber = startRubberOrThrow(SHORT_WHIST, { dealer: 'N' });
 * for (let i = 0; i < 2; i++) rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } });
 * rubberWinner(rubber); // 'NS'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 1; German text «Whist» (2012): "Sobald eine Partei zwei Partien gewonnen hat, ist der Rubber beendet".
 * @group Rubber and table
 */
export function rubberWinner(rubber: RubberState): Side | null {
  return outcomeOrThrow(rubber).winner;
}

/**
 * Whether the rubber is over.
 *
 * @param rubber - a rubber state
 * @returns `true` once a side has won the rubber's games
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { isRubberComplete, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * isRubberComplete(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' })); // false
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 1.
 * @group Rubber and table
 */
export function isRubberComplete(rubber: RubberState): boolean {
  return outcomeOrThrow(rubber).winner !== null;
}

/**
 * The value of a game to its winners, from the losers' score after the winning hand.
 *
 * @param rules - the rules
 * @param losersScore - the losers' score, a whole number from 0 to `target - 1`
 * @returns e.g. 3 (treble), 2 (double) or 1 (single) in Short Whist
 * @throws {@link WhistError} `INVALID_RULES` for rules {@link validateRules} refuses; `INVALID_SCORE` for a score out of range
 * @example
 * ```ts
 * import { gameValue, SHORT_WHIST } from 'whist';
 *
 * gameValue(SHORT_WHIST, 0); // 3
 * gameValue(SHORT_WHIST, 3); // 1
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 8; Foster's Complete Hoyle (1897) (American "target minus the losers' score").
 * @group Rubber and table
 */
export function gameValue(rules: Rules, losersScore: number): number {
  const checked = validateRules(rules);
  if (!checked.ok) throw new WhistError(checked.error);
  const target = checked.value.target;
  if (typeof losersScore !== 'number' || !Number.isInteger(losersScore) || losersScore < 0 || losersScore >= target)
    throw new WhistError({
      code: 'INVALID_SCORE',
      message: `the losers' score must be a whole number from 0 to ${target - 1}, got ${describe(losersScore)}`,
      field: 'losersScore',
    });
  return gameValueChecked(checked.value, losersScore);
}

/**
 * The rubber points each side scores once the rubber is over: the winners score their game values,
 * plus the rubber bonus, minus the losers' game values; with a slam bonus in the rules, each side adds
 * the bonuses of the slams it made.
 *
 * @param rubber - a rubber state
 * @returns `{ NS, EW }` (in Short Whist the winners score 1 to 8 and the losers 0), or `null` while the
 *   rubber goes on or when the rules have no rubber points
 * @throws {@link WhistError} `INVALID_STATE` when `rubber` is not a rubber state the library made (see {@link parseRubber})
 * @example
 * ```ts
 * import { addHandOrThrow, rubberPoints, SHORT_WHIST, startRubberOrThrow } from 'whist';
 *
 * let rubber = startRubberOrThrow(SHORT_WHIST, { dealer: 'N' });
 * rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } }); // NS: treble
 * rubber = addHandOrThrow(rubber, { tricks: { NS: 3, EW: 10 }, honours: { NS: 0, EW: 4 } }); // EW: 4 + 4, treble
 * rubber = addHandOrThrow(rubber, { tricks: { NS: 11, EW: 2 }, honours: { NS: 0, EW: 0 } }); // NS: 5, treble
 * rubberPoints(rubber); // { NS: 5, EW: 0 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 9-10 (Bennett's example: single 1 + treble 3 + rubber 2 − opponents' double 2 = 4); Meyers Konversations-Lexikon, "Whist" (slam bonus).
 * @group Rubber and table
 */
export function rubberPoints(rubber: RubberState): BySide | null {
  const o = outcomeOrThrow(rubber);
  const bonus = o.rules.rubber.points;
  if (o.winner === null || bonus === null) return null;
  let net = bonus.bonus;
  for (const g of o.games) net += g.winner === o.winner ? g.value : -g.value;
  const points = { NS: o.winner === 'NS' ? net : 0, EW: o.winner === 'EW' ? net : 0 };
  const slam = o.rules.slamBonus;
  if (slam !== null) {
    for (const h of o.summaries) {
      for (const side of ['NS', 'EW'] as const) points[side] += h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
    }
  }
  return points;
}
