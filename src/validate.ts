/**
 * Reading stored states back: {@link parseState} turns untrusted JSON into a checked hand state.
 *
 * A stored state is checked completely: its schema version, its rules, and that its hands and tricks
 * are a legal history. The hands as dealt are rebuilt (cards still held plus cards played) and every
 * recorded card is played again through {@link play}, so a state that passes cannot contradict itself:
 * every trick was legal, every winner is right, each hand holds the right number of cards.
 *
 * @module
 */

import { CARD_BY_INDEX, type Card, cardIndex, type Suit } from './cards.js';
import { fail, unwrap, type WhistErrorInfo } from './errors.js';
import { deal, HAND_SCHEMA, type HandState, play } from './hand.js';
import { validateRules } from './rules.js';
import { isSeat, nextSeat, SEATS, type Seat } from './seats.js';

/** The result of {@link parseState}. */
export type ParseStateResult = { readonly ok: true; readonly state: HandState } | { readonly ok: false; readonly error: WhistErrorInfo };

function bad(path: string, message: string): ParseStateResult {
  return fail('INVALID_STATE', `${path}: ${message}`, { path });
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const SOURCES = new Set(['turnUp', 'secondPack', 'rotation', 'given']);

/**
 * Checks a stored hand state, e.g. one read from a database or sent by a client, and returns it as a
 * fresh {@link HandState}.
 *
 * @param value - anything, typically `JSON.parse` of a stored state
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path` of
 *   the first problem (`"hands[2][1]"`, `"tricks[3].winner"`, …); a rules problem gives `INVALID_RULES`
 * @example
 * ```ts
 * const r = parseState(JSON.parse(stored));
 * if (r.ok) state = r.state;
 * ```
 */
export function parseState(value: unknown): ParseStateResult {
  if (!isObject(value)) return bad('state', 'must be an object');
  if (value.v !== HAND_SCHEMA) return bad('v', `must be ${HAND_SCHEMA}, the hand schema version`);
  const rules = validateRules(value.rules);
  if (!rules.ok) return rules;
  if (!isSeat(value.dealer)) return bad('dealer', 'must be one of N E S W');
  const dealer = value.dealer;
  const trump = value.trump;
  if (trump !== null && !(trump === 'S' || trump === 'H' || trump === 'D' || trump === 'C')) return bad('trump', 'must be S, H, D, C or null');
  if (!SOURCES.has(value.trumpSource as string)) return bad('trumpSource', 'must be turnUp, secondPack, rotation or given');
  const trumpSource = value.trumpSource as HandState['trumpSource'];
  const trumpCard = value.trumpCard;
  const needsCard = trumpSource === 'turnUp' || trumpSource === 'secondPack';
  if (needsCard ? cardIndex(trumpCard) < 0 || (trumpCard as string)[1] !== trump : trumpCard !== null)
    return bad('trumpCard', needsCard ? 'must be a card of the trump suit' : 'must be null unless trump came from a turned card');

  const dealt: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  const hands = value.hands;
  if (!Array.isArray(hands) || hands.length !== 4) return bad('hands', 'must be four seats of suit masks');
  for (let s = 0; s < 4; s++) {
    const masks: unknown = hands[s];
    if (!Array.isArray(masks) || masks.length !== 4) return bad(`hands[${s}]`, 'must be four suit masks');
    for (let suit = 0; suit < 4; suit++) {
      const m: unknown = masks[suit];
      if (typeof m !== 'number' || !Number.isInteger(m) || m < 0 || m > 0x1fff) return bad(`hands[${s}][${suit}]`, 'must be a 13-bit mask');
      for (let r = 0; r < 13; r++) if (m & (1 << r)) (dealt[SEATS[s] as Seat] as Card[]).push(CARD_BY_INDEX[suit * 13 + r] as Card);
    }
  }
  const tricks = value.tricks;
  if (!Array.isArray(tricks) || tricks.length > 13) return bad('tricks', 'must be a list of at most 13 tricks');
  const plays: { seat: Seat; card: Card; path: string }[] = [];
  let leader = nextSeat(dealer);
  for (let t = 0; t < tricks.length; t++) {
    const trick: unknown = tricks[t];
    if (!isObject(trick)) return bad(`tricks[${t}]`, 'must be an object');
    if (trick.leader !== leader) return bad(`tricks[${t}].leader`, `must be ${leader}`);
    if (!Array.isArray(trick.cards) || trick.cards.length !== 4) return bad(`tricks[${t}].cards`, 'must be four cards');
    for (let i = 0; i < 4; i++) {
      const card: unknown = trick.cards[i];
      if (cardIndex(card) < 0) return bad(`tricks[${t}].cards[${i}]`, 'must be a card');
      const seat = nextSeat(leader, i);
      plays.push({ seat, card: card as Card, path: `tricks[${t}].cards[${i}]` });
      dealt[seat].push(card as Card);
    }
    if (!isSeat(trick.winner)) return bad(`tricks[${t}].winner`, 'must be a seat');
    leader = trick.winner;
  }
  const current = value.trick;
  if (!Array.isArray(current) || current.length > 3 || (tricks.length === 13 && current.length > 0)) return bad('trick', 'must be the cards of the trick in progress, at most 3');
  for (let i = 0; i < current.length; i++) {
    const card: unknown = current[i];
    if (cardIndex(card) < 0) return bad(`trick[${i}]`, 'must be a card');
    const seat = nextSeat(leader, i);
    plays.push({ seat, card: card as Card, path: `trick[${i}]` });
    dealt[seat].push(card as Card);
  }
  for (const seat of SEATS) if (dealt[seat].length !== 13) return bad('hands', `${seat} was dealt ${dealt[seat].length} cards, not 13`);
  const start = deal(rules.rules, { dealer, hands: dealt, trump: trump as Suit | null });
  if (!start.ok) return bad('hands', start.error.message);
  let state: HandState = { ...start.state, trumpSource, trumpCard: trumpCard as Card | null };
  if (trumpSource === 'turnUp' && !dealt[dealer].includes(trumpCard as Card)) return bad('trumpCard', 'the turn-up must be one of the dealer\'s cards');
  for (const p of plays) {
    const next = play(state, p.seat, p.card);
    if (!next.ok) return bad(p.path, next.error.message);
    state = next.state;
  }
  for (let t = 0; t < tricks.length; t++) {
    if ((tricks[t] as { winner: Seat }).winner !== (state.tricks[t] as { winner: Seat }).winner) return bad(`tricks[${t}].winner`, `must be ${state.tricks[t]?.winner}`);
  }
  return { ok: true, state };
}

/**
 * {@link parseState}, throwing instead of returning an error.
 *
 * @param value - anything
 * @returns the checked state
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES`
 * @example
 * ```ts
 * const state = parseStateOrThrow(JSON.parse(stored));
 * ```
 */
export function parseStateOrThrow(value: unknown): HandState {
  return unwrap<HandState>(parseState(value), 'state');
}
