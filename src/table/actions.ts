import { type Card, isCard, type Suit } from '../cards.js';
import { readPlayers } from '../cut.js';
import { describe, fail, ok, type Result, unwrap, WhistError } from '../errors.js';
import { cryptoRandom, type RandomState, readRandom, seedRandom } from '../random.js';
import { type Rules, validateRules } from '../rules.js';
import { type BySeat, isSeat, SEAT_NAMES, SEATS, type Seat } from '../seats.js';
import {
  canDeal,
  eventRefusal,
  type Failure,
  opening,
  stepArchive,
  stepDeal,
  stepHandEvent,
  stepNewRubber,
  stepPlay,
  TableProgress,
  tableDealer,
  tableOf,
  tableProgressOf,
  tooLong,
} from './progress.js';
import { ACTION_KINDS, isHandEvent, kindOf } from './registry.js';
import { currentHand } from './selectors.js';
import type { ApplyError, DealDeckError, NewTableError, TableAction, TableOptions, TableState } from './types.js';
// ------------------------------------------------------------------------------------------------------
// Opening a table and acting at it.

export function openingPlayers(value: unknown): BySeat<string> | string[] | null {
  if (Array.isArray(value)) return readPlayers(value);
  if (typeof value !== 'object' || value === null) return null;
  const keys = Object.keys(value).sort().join('');
  if (keys !== 'ENSW') return null;
  const p = value as Record<string, unknown>;
  const ids = readPlayers([p.N, p.E, p.S, p.W]);
  return ids === null ? null : { N: ids[0] as string, E: ids[1] as string, S: ids[2] as string, W: ids[3] as string };
}

function newTableImpl(rulesValue: unknown, optionsValue: unknown): Result<TableState, NewTableError> {
  const checked = validateRules(rulesValue);
  if (!checked.ok) return checked;
  const rules = checked.value;
  if (optionsValue === undefined) optionsValue = {};
  if (typeof optionsValue !== 'object' || optionsValue === null || Array.isArray(optionsValue))
    return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(optionsValue)}`, { path: 'options' });
  const o = optionsValue as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!['dealer', 'players', 'seed', 'random'].includes(key)) return fail('INVALID_ARGUMENT', `${key} is not an option of newTable`, { path: key });
  const dealer = o.dealer ?? 'N';
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${describe(dealer)}`, { path: 'dealer' });
  const seed = o.seed;
  const randomValue = o.random;
  if (seed !== undefined && randomValue !== undefined) return fail('INVALID_ARGUMENT', 'give seed or random, not both', { path: 'random' });
  let random: RandomState;
  if (seed !== undefined) {
    if (!(typeof seed === 'string' && seed.length <= 1000) && !(typeof seed === 'number' && Number.isFinite(seed)))
      return fail('INVALID_ARGUMENT', `seed must be a finite number or a string of at most 1,000 characters, got ${describe(seed)}`, { path: 'seed' });
    random = seedRandom(seed);
  } else if (randomValue !== undefined) {
    const r = readRandom(randomValue);
    if (r === null) return fail('INVALID_ARGUMENT', `random must be a PRNG state { s: [a, b, c, d] }, got ${describe(randomValue)}`, { path: 'random' });
    random = r;
  } else random = cryptoRandom();
  const playersValue = o.players ?? { N: 'N', E: 'E', S: 'S', W: 'W' };
  const players = openingPlayers(playersValue);
  if (players === null)
    return fail('INVALID_PLAYERS', 'players must be four distinct ids (1 to 100 characters), by seat { N, E, S, W } or as a list to cut', { path: 'players' });
  const p = opening(rules, players, dealer, random);
  if (!(p instanceof TableProgress)) return p;
  return ok(tableOf(p));
}

/**
 * Opens a table: a new rubber, no hand dealt yet.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}; checked as by {@link validateRules}
 * @param options - {@link TableOptions}: `dealer`, `players` (seated, or four ids to cut), `seed` or `random`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_RULES`,
 *   `INVALID_ARGUMENT` (options not an object, an unknown option, a seed that is not a finite number or a
 *   string, a malformed PRNG state, both seed and random), `INVALID_SEAT` (dealer) or `INVALID_PLAYERS`
 *   (not four distinct ids). Never throws.
 * @example
 * ```ts
 * import { newTable, seating, SHORT_WHIST } from 'whist';
 *
 * const r = newTable(SHORT_WHIST, { players: ['ann', 'bob', 'cy', 'di'], seed: 7 }); // they cut for partners
 * r.ok && Object.values(seating(r.value)).sort(); // ['ann', 'bob', 'cy', 'di']
 * newTable(SHORT_WHIST, { seed: Number.NaN }).ok; // false
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 1 (the rubber) and law 13 (cutting); German text «Whist» (2012).
 * @group Rubber and table
 */
export function newTable(rules: Rules, options: TableOptions = {}): Result<TableState, NewTableError> {
  try {
    return newTableImpl(rules, options);
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
}

/**
 * {@link newTable}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link newTable}
 * @returns the table state
 * @throws {@link WhistError} `INVALID_RULES`, `INVALID_ARGUMENT`, `INVALID_SEAT` or `INVALID_PLAYERS`
 * @example
 * ```ts
 * import { currentRubber, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const table = newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 'club night' });
 * currentRubber(table).firstDealer; // 'S'
 * ```
 * @remarks Source: as {@link newTable}.
 * @group Rubber and table
 */
export function newTableOrThrow(rules: Rules, options: TableOptions = {}): TableState {
  return unwrap(newTable(rules, options));
}

function progressOrFail(table: unknown): TableProgress | Failure<'INVALID_STATE' | 'INVALID_RULES'> {
  const p = tableProgressOf(table);
  return p instanceof TableProgress ? p : { ok: false, error: Object.freeze(p) };
}

/** The table a step made, or its refusal; refused too when its JSON text would pass {@link MAX_TABLE_CHARS}, which {@link parseTable} reads. */
function finish(p: TableProgress | Failure<string>): Result<TableState, never> | Failure<string> {
  if (!(p instanceof TableProgress)) return p;
  return tooLong(p) ?? ok(tableOf(p));
}

function applyImpl(table: TableState, action: unknown): Result<TableState, ApplyError> {
  const p = progressOrFail(table);
  if (!(p instanceof TableProgress)) return p;
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return fail('INVALID_ACTION', `an action must be an object, got ${describe(action)}`, { path: 'action' });
  const a = action as Record<string, unknown>;
  const type = a.type;
  const keys = Object.keys(a);
  // The kind of an own, string type only: another value is never converted to look it up.
  const kind = kindOf(type);
  const allowed = kind === undefined ? ['type'] : ['type', ...kind.fields];
  for (const key of keys)
    if (!allowed.includes(key))
      return fail('INVALID_ACTION', `${key} is not a field of a ${describe(type)} action${key === 'deck' ? ': only the server deals, with dealDeck' : ''}`, {
        path: key,
      });
  if (type === 'deal') return finish(stepDeal(p, null, undefined)) as Result<TableState, ApplyError>;
  if (type === 'play') return finish(stepPlay(p, a.seat, a.card)) as Result<TableState, ApplyError>;
  if (type === 'newRubber') return finish(stepNewRubber(p)) as Result<TableState, ApplyError>;
  if (isHandEvent(type)) return finish(eventRefusal(p, a) ?? stepHandEvent(p, a)) as Result<TableState, ApplyError>;
  return fail('INVALID_ACTION', `unknown action type ${describe(type)}`, { path: 'type' });
}

/**
 * Applies an action to a table, checking everything: actions may come from untrusted clients.
 *
 * A `deal` action shuffles from the table's PRNG; an action carrying a deck (or any other unknown field)
 * is refused, so a server that forwards client actions cannot be made to deal a stacked deck.
 *
 * @param table - a table state the library made (a copy is refused `INVALID_STATE`: see {@link parseTable})
 * @param action - `{ type: 'deal' }`, `{ type: 'play', seat, card }`, `{ type: 'newRubber' }`, a claim
 *   or concession `{ type: 'claim' | 'concede', seat, tricks }` (`tricks` from 1 to the tricks left), an
 *   answer `{ type: 'acceptClaim' | 'refuseClaim', seat }`, the server's check `{ type: 'ruleClaim', holds }`,
 *   or, under rules with `irregularities: 'ruled'`, a revoke's penalty `{ type: 'claimRevoke', seat, card, penalty }`,
 *   a card dropped face up `{ type: 'expose', seat, card }` and the other side's call of it `{ type: 'callCard', seat, card }`,
 *   and the other rulings of the laws ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities"): a new deal `{ type: 'newDeal', seat, ground }`,
 *   a lead out of turn `{ type: 'leadOutOfTurn', seat, card }`, a card played to it before the error is pointed
 *   out `{ type: 'playToFalseLead', seat, card }` (the trick stands once the other three have), and a suit
 *   called for it `{ type: 'callSuit', seat, suit }`,
 *   a card played out of turn `{ type: 'playOutOfTurn', seat, card }` and a call to win `{ type: 'callWin', seat, win }`,
 *   the trump card named or forgotten `{ type: 'nameTrumpCard' | 'forgetTrumpCard', seat }` and a trump called
 *   `{ type: 'callTrump', seat, which }`, a revoke corrected `{ type: 'correctRevoke', seat }`, "having none?"
 *   asked of a partner who did not follow suit `{ type: 'askHavingNone', seat }`, and the card of the
 *   suit led called `{ type: 'callLedSuit', seat, which }`, and in Long Whist a call of honours and its answer
 *   `{ type: 'callHonours' | 'answerCall', seat }`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` (not a table
 *   state), `INVALID_RULES`, `INVALID_ACTION` (an unknown action or field, a deal while a hand is in
 *   progress, a play, claim or answer with no hand in progress, a claim's `tricks` out of range, an answer
 *   or ruling with no claim awaiting one, a seat that has already accepted, a new rubber before the rubber
 *   is over; a revoke claimed under rules that refuse revokes, before the hand is over, for a card that was
 *   not a revoke, or twice; a card exposed twice, a call of a card not exposed or called already; a ruling
 *   under rules that refuse irregularities, or where the laws do not allow it: a new deal on an unknown ground,
 *   or after the first card but for an imperfect pack; a suit, a card of the suit led or a call to win not
 *   said at once; a card played to a false lead out of its order, or once the error is pointed out; "having
 *   none?" asked with no partner's card not following suit in the trick, once it is turned, or twice; a trump
 *   called with no trump card named; a revoke corrected once established; honours
 *   called outside Long Whist, or answered with no call), `CLAIM_PENDING`
 *   (a play, a claim or a ruling while a claim awaits its answer), `CARD_CALLED` (a card a call stands against:
 *   see `TableView.playable`), `RUBBER_COMPLETE`
 *   (a deal after the rubber's last game), `TABLE_FULL` (a new rubber when the log has fewer than
 *   {@link RUBBER_ROOM} of its {@link MAX_LOG} entries left: {@link archiveRubbers} first; anything said in a hand that holds {@link MAX_HAND_EVENTS} less 2 events but an answer to a claim; an action after which the table's JSON text would pass {@link MAX_TABLE_CHARS}), or the codes of {@link play}: `INVALID_SEAT`, `INVALID_CARD`,
 *   `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT` (a play once the hand is over is an
 *   `INVALID_ACTION`: the table waits for a deal; an answer from the claimer's side, or a revoke claimed by
 *   the revoking side, is an `INVALID_SEAT`).
 *   Never throws.
 * @example
 * ```ts
 * import { apply, applyOrThrow, currentHand, legalMoves, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * let table = newTableOrThrow(SHORT_WHIST, { dealer: 'N', seed: 7 });
 * table = applyOrThrow(table, { type: 'deal' });
 * const card = legalMoves(currentHand(table)!)[0]!;
 * apply(table, { type: 'play', seat: 'E', card }).ok; // true
 * const stacked = apply(table, { type: 'deal', deck: [] } as never);
 * stacked.ok ? null : stacked.error.code; // 'INVALID_ACTION'
 * // East claims every trick left; North and South accept, and the hand is over.
 * table = applyOrThrow(table, { type: 'claim', seat: 'E', tricks: 13 });
 * table = applyOrThrow(applyOrThrow(table, { type: 'acceptClaim', seat: 'N' }), { type: 'acceptClaim', seat: 'S' });
 * apply(table, { type: 'play', seat: 'E', card }).ok; // false: the table waits for the next deal
 * ```
 * @remarks Source: Laws of Short Whist (1864) (the rulings: laws 37-44, 53-58, 61-68, 71-79 and 81-84, [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities"); German text «Whist» (2012) (the deal passes to the left; a rubber is two games won); Hoyle's laws of Long Whist, law 24, and [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions" (claims); Hoyle's laws of Long Whist, laws 16-21 (calling honours).
 * @group Rubber and table
 */
export function apply(table: TableState, action: TableAction): Result<TableState, ApplyError> {
  try {
    return applyImpl(table, action);
  } catch {
    return fail('INVALID_ACTION', 'the action could not be read: it throws when read', { path: 'action' }) as Result<TableState, ApplyError>;
  }
}

/**
 * {@link apply}, throwing instead of returning an error.
 *
 * @param table - a table state
 * @param action - as for {@link apply}
 * @returns the new table state
 * @throws {@link WhistError} with the codes of {@link apply}: `INVALID_STATE`, `INVALID_RULES`,
 *   `INVALID_ACTION`, `CLAIM_PENDING`, `CARD_CALLED`, `RUBBER_COMPLETE`, `TABLE_FULL`, `INVALID_SEAT`, `INVALID_CARD`,
 *   `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * currentHand(table)?.dealer; // 'N'
 * ```
 * @remarks Source: as {@link apply}.
 * @group Rubber and table
 */
export function applyOrThrow(table: TableState, action: TableAction): TableState {
  return unwrap(apply(table, action));
}

/**
 * Starts the next rubber, as `apply(table, { type: 'newRubber' })` does, on a log of its own: the
 * finished rubbers are kept as summaries in `archived` and their hands are dropped. The table plays on
 * exactly as it would have (the same seating, dealer, deals and trumps), and its stored size stays that
 * of one rubber, so that a check of it, and a server's every request, costs the same in the hundredth
 * rubber as in the first. A table whose log is near {@link MAX_LOG} must be archived to go on.
 *
 * Keep the old table, or its record, where the hands of finished rubbers must be kept.
 *
 * @param table - a table state whose rubber is over (it waits for `newRubber`)
 * @returns `{ ok: true, value: table }` with an empty log and `archived` holding every finished rubber,
 *   or `{ ok: false, error }` with code `INVALID_STATE` (not a table state), `INVALID_RULES` or
 *   `INVALID_ACTION` (the rubber is still being played). Never throws.
 * @example
 * ```ts
 * import { archiveRubbers, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const r = archiveRubbers(newTableOrThrow(SHORT_WHIST, { seed: 1 }));
 * r.ok ? null : r.error.code; // 'INVALID_ACTION': no rubber is over yet
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) ("The table"); Laws of Short Whist (1864), law 1 (the rubber).
 * @group Rubber and table
 */
export function archiveRubbers(table: TableState): Result<TableState, 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_ACTION'> {
  const p = progressOrFail(table);
  if (!(p instanceof TableProgress)) return p;
  const archived = stepArchive(p);
  return archived instanceof TableProgress ? ok(tableOf(archived)) : archived;
}

/**
 * Deals the next hand from a deck the server chose (its own shuffle, a tournament's deal), instead of
 * the table's PRNG. For servers only: never pass a deck that came from a client.
 *
 * @param table - a table state
 * @param deck - 52 distinct cards; `deck[0]` goes to eldest hand, `deck[51]` to the dealer
 * @param options - with trump by second pack, `{ secondPackCard }`, the card eldest hand turns
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE`,
 *   `INVALID_RULES`, `INVALID_ACTION` (a hand is in progress), `RUBBER_COMPLETE`, `TABLE_FULL`, `INVALID_ARGUMENT`
 *   (options not an object), `INVALID_DECK`, `INVALID_CARD`, `DUPLICATE_CARD` or `INVALID_TRUMP`. Never throws.
 * @example
 * ```ts
 * import { currentHand, dealDeck, FULL_DECK, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const r = dealDeck(newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 1 }), FULL_DECK);
 * r.ok && currentHand(r.value)?.trumpCard; // '2C'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "The table" (an engine takes the deck order as input).
 * @group Rubber and table
 */
export function dealDeck(
  table: TableState,
  deck: readonly Card[],
  options: { readonly secondPackCard?: Card | undefined } = {},
): Result<TableState, DealDeckError> {
  try {
    const p = progressOrFail(table);
    if (!(p instanceof TableProgress)) return p;
    if (typeof options !== 'object' || options === null)
      return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, { path: 'options' });
    const r = stepDeal(p, deck ?? [], options.secondPackCard);
    return finish(r) as Result<TableState, DealDeckError>;
  } catch {
    return fail('INVALID_ARGUMENT', 'the deck or options could not be read: they throw when read', { path: 'deck' });
  }
}

/**
 * Deals the next hand as a duplicate board holds it: the board's cards to its seats and its trump card as
 * the turn-up (or, with trump by second pack, as the card turned from the other pack), so that every table
 * that deals the board plays the same deal. For servers only, like {@link dealDeck}.
 *
 * @param table - a table state whose next dealer is the board's dealer (open it with `{ dealer: board.dealer }`)
 * @param board - a board of `whist/duplicate` (`dealBoards`), or any `{ dealer, cards, trump, trumpCard }`
 *   holding 13 cards a seat; under trump by turn-up its trump card is one of the dealer's cards
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE`,
 *   `INVALID_RULES`, `INVALID_ACTION` (a hand is in progress), `RUBBER_COMPLETE`, `TABLE_FULL`,
 *   `INVALID_ARGUMENT` (not a board, or a board another seat deals), `INVALID_DECK` (a seat without 13
 *   cards), `INVALID_CARD`, `DUPLICATE_CARD` or `INVALID_TRUMP` (a trump card the dealer does not hold, or
 *   a trump these rules would not give the board). The table is never changed. Never throws.
 * @example
 * ```ts
 * import { currentHand, dealBoard, newTableOrThrow, SHORT_WHIST } from 'whist';
 * import { dealBoards } from 'whist/duplicate';
 *
 * const board = dealBoards(SHORT_WHIST, { seed: 'club night', count: 2 })[1]!;
 * const r = dealBoard(newTableOrThrow(SHORT_WHIST, { dealer: board.dealer }), board);
 * r.ok && currentHand(r.value)?.trumpCard === board.trumpCard; // true
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (boards, played at every table as dealt).
 * @group Rubber and table
 */
export function dealBoard(
  table: TableState,
  board: { readonly dealer: Seat; readonly cards: BySeat<readonly Card[]>; readonly trump: Suit | null; readonly trumpCard: Card | null },
): Result<TableState, DealDeckError> {
  try {
    const p = progressOrFail(table);
    if (!(p instanceof TableProgress)) return p;
    const refused = canDeal(p);
    if (refused !== null) return refused;
    if (typeof board !== 'object' || board === null)
      return fail('INVALID_ARGUMENT', `board must be { dealer, cards, trump, trumpCard }, got ${describe(board)}`, { path: 'board' });
    const { dealer, cards, trump, trumpCard } = board;
    if (!isSeat(dealer)) return fail('INVALID_ARGUMENT', `board.dealer must be a seat, got ${describe(dealer)}`, { path: 'board.dealer' });
    const next = tableDealer(p);
    if (dealer !== next)
      return fail('INVALID_ARGUMENT', `the board is dealt by ${SEAT_NAMES[dealer]}, and ${SEAT_NAMES[next]} deals next at this table`, {
        path: 'board.dealer',
      });
    if (typeof cards !== 'object' || cards === null)
      return fail('INVALID_ARGUMENT', `board.cards must hold each seat's cards, got ${describe(cards)}`, { path: 'board.cards' });
    const held: Card[][] = [];
    for (const seat of SEATS) {
      const own: unknown = cards[seat];
      if (!Array.isArray(own) || own.length !== 13)
        return fail('INVALID_DECK', `board.cards.${seat} must be 13 cards, got ${describe(own)}`, { path: `board.cards.${seat}`, seat });
      held.push(own.slice() as Card[]);
    }
    const kind = p.rules.trump.kind;
    const dealerCards = held[SEATS.indexOf(dealer)] as Card[];
    if (kind === 'turnUp') {
      // The turn-up is the dealer's last card.
      const at = dealerCards.indexOf(trumpCard as Card);
      if (at < 0)
        return fail('INVALID_TRUMP', `the turn-up must be one of the dealer's cards, got ${describe(trumpCard)}`, { path: 'board.trumpCard', seat: dealer });
      dealerCards.push(...dealerCards.splice(at, 1));
    }
    // Dealt one at a time from the dealer's left: deck[i] goes to the (i mod 4 + 1)th seat after the dealer.
    const first = SEATS.indexOf(dealer) + 1;
    const deck: unknown[] = [];
    for (let i = 0; i < 52; i++) deck.push((held[(first + i) & 3] as Card[])[i >> 2]);
    const dealt = finish(stepDeal(p, deck, kind === 'secondPack' ? trumpCard : undefined));
    if (!dealt.ok) return dealt as Failure<DealDeckError>;
    const hand = currentHand(dealt.value);
    if (hand?.trump !== trump)
      return fail('INVALID_TRUMP', `the board's trump is ${describe(trump)}; dealt under these rules, it is ${describe(hand?.trump ?? null)}`, {
        path: 'board.trump',
      });
    return dealt as Result<TableState, DealDeckError>;
  } catch {
    return fail('INVALID_ARGUMENT', 'the board could not be read: it throws when read', { path: 'board' });
  }
}

/** The kinds a client may send, as the registry says. */
function clientKinds(): string[] {
  return Object.keys(ACTION_KINDS).filter((t) => ACTION_KINDS[t as TableAction['type']].sender === 'client');
}

/** The refusal of a field's value in a client's body, by its kind only, or `null`. */
function clientField(field: string, value: unknown): Failure<ClientActionError> | null {
  switch (field) {
    case 'card':
      return isCard(value) ? null : fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(value)}`, { path: 'card', card: value });
    case 'tricks':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 13
        ? null
        : fail('INVALID_ACTION', `tricks must be a whole number from 1 to 13, got ${describe(value)}`, { path: 'tricks' });
    case 'penalty':
      return value === 'tricks' || value === 'deduct' || value === 'add'
        ? null
        : fail('INVALID_ACTION', `penalty must be "tricks", "deduct" or "add", got ${describe(value)}`, { path: 'penalty' });
    case 'win':
      return typeof value === 'boolean' ? null : fail('INVALID_ACTION', `win must be true or false, got ${describe(value)}`, { path: 'win' });
    default:
      return typeof value === 'string' && value.length <= 20 ? null : fail('INVALID_ACTION', `${field} must be given, got ${describe(value)}`, { path: field });
  }
}

/**
 * The error codes of {@link clientAction}.
 *
 * @group Rubber and table
 */
export type ClientActionError = 'INVALID_ACTION' | 'INVALID_SEAT' | 'INVALID_CARD';

/**
 * Reads the body of a client's request into a table action, for the seat the server has authenticated.
 *
 * Accepted: `{ "type": "play", "card": "QH" }`, `{ "type": "newRubber" }`, a claim or concession
 * `{ "type": "claim" | "concede", "tricks": 3 }`, an answer `{ "type": "acceptClaim" | "refuseClaim" }` and a
 * revoke's penalty `{ "type": "claimRevoke", "card": "5C", "penalty": "tricks" | "deduct" | "add" }`, a card
 * dropped face up `{ "type": "expose", "card": "5C" }` and a call of one `{ "type": "callCard", "card": "5C" }`,
 * and the other rulings of {@link apply} with their one field (`ground`, `card`, `suit`, `which` or `win`, or
 * none for `nameTrumpCard`, `forgetTrumpCard`, `correctRevoke`, `askHavingNone`, `callHonours` and `answerCall`),
 * each with an optional `"version"` (a whole number: the table version the client saw, which a server
 * compares with its own before applying, as the reference server's HTTP contract does; it is not part of
 * the action). Refused: a deal, a deck, a ruling on a claim (the server's, like a deal), a seat (the seat
 * comes from the server, never from the body), any other field. Whether the action may be taken now is
 * {@link apply}'s to say.
 *
 * @param body - the parsed request body, any value
 * @param seat - the seat the server has authenticated
 * @returns `{ ok: true, value: action }` ready for {@link apply}, or `{ ok: false, error }` with code
 *   `INVALID_ACTION`, `INVALID_CARD` (a card that is not an exact card string) or `INVALID_SEAT` (the
 *   server's seat is not a seat). Never throws.
 * @example
 * ```ts
 * import { clientAction } from 'whist';
 *
 * clientAction({ type: 'play', card: 'QH' }, 'S'); // { ok: true, value: { type: 'play', seat: 'S', card: 'QH' } }
 * clientAction({ type: 'play', card: 'QH', version: 12 }, 'S').ok; // true
 * clientAction({ type: 'claim', tricks: 4 }, 'W'); // { ok: true, value: { type: 'claim', seat: 'W', tricks: 4 } }
 * const forged = clientAction({ type: 'deal', deck: [] }, 'S');
 * forged.ok ? null : forged.error.code; // 'INVALID_ACTION'
 * ```
 * @remarks Source: [docs/backend.md](https://github.com/whist-js/whist/blob/main/docs/backend.md) (the HTTP contract); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions".
 * @group Rubber and table
 */
export function clientAction(body: unknown, seat: Seat): Result<TableAction, ClientActionError> {
  if (!isSeat(seat)) return fail('INVALID_SEAT', `the server's seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  try {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail('INVALID_ACTION', `the body must be a JSON object, got ${describe(body)}`, { path: 'body' });
    const b = body as Record<string, unknown>;
    const keys = Object.keys(b).filter((key) => key !== 'version');
    const version = b.version;
    if (version !== undefined && (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0))
      return fail('INVALID_ACTION', `version must be a whole number from 0, got ${describe(version)}`, { path: 'version' });
    const type = b.type;
    const kind = kindOf(type);
    if (kind === undefined || kind.sender !== 'client')
      return fail(
        'INVALID_ACTION',
        `a client may send ${clientKinds()
          .map((t) => `"${t}"`)
          .join(', ')}; not ${describe(type)}`,
        { path: 'type' },
      );
    const fields = kind.fields.filter((f) => f !== 'seat');
    for (const key of keys)
      if (key !== 'type' && !fields.includes(key))
        return fail('INVALID_ACTION', `${key} is not a field of a ${type}${key === 'seat' ? ': the seat comes from your token' : ''}`, { path: key });
    const out: Record<string, unknown> = { type };
    if (kind.fields[0] === 'seat') out.seat = seat;
    for (const field of fields) {
      const refused = clientField(field, b[field]);
      if (refused !== null) return refused;
      out[field] = b[field];
    }
    // The values are checked where the action is applied, against the hand; here only their kind.
    return ok(Object.freeze(out) as unknown as TableAction);
  } catch {
    return fail('INVALID_ACTION', 'the body could not be read: it throws when read', { path: 'body' });
  }
}
