/**
 * Stored tables, tampered with: parseTable must refuse every kind of tampering with the `path` of the
 * problem, and accept every honest table unchanged.
 *
 * A stored table is facts only: rules, players, the first dealer, the opening PRNG state (secret), and a
 * log of hands (each deal, where its trump came from, whether the PRNG shuffled it, the cards played)
 * and new rubbers. parseTable replays the log, so anything derived (scores, games, rubbers won, seating)
 * cannot be stored at all, and any fact that contradicts the replay is refused.
 */

import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  applyOrThrow,
  type Card,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  dealDeck,
  dealHandOrThrow,
  defineRulesOrThrow,
  FULL_DECK,
  finishedRubbers,
  GERMAN_LONG_WHIST,
  type HandState,
  isHandComplete,
  isRubberComplete,
  LONG_WHIST,
  ledSuit,
  legalMoves,
  newTableOrThrow,
  nextSeat,
  PRESETS,
  parseTable,
  parseTableOrThrow,
  playOrThrow,
  type Rules,
  SHORT_WHIST,
  seating,
  seedRandom,
  shuffledDeck,
  type TableState,
  tableViewOrThrow,
  WhistError,
} from '../src/index.js';
import { cardsOf } from './log-parts.js';

// ------------------------------------------------------------------------------------------------------
// Honest tables.

const PLAYERS = { N: 'ann', E: 'bob', S: 'cy', W: 'di' };

function hand(t: TableState) {
  const h = currentHand(t);
  if (h === null) throw new Error('no hand');
  return h;
}

/** Plays `n` cards (or to the end of the hand), each the first legal card. */
function playSome(table: TableState, n = 52): TableState {
  let t = table;
  for (let i = 0; i < n && !isHandComplete(hand(t)); i++) {
    const h = hand(t);
    t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
  }
  return t;
}

function dealt(table: TableState): TableState {
  return applyOrThrow(table, { type: 'deal' });
}

function chosen(table: TableState, deck: readonly Card[], secondPackCard?: Card): TableState {
  const r = dealDeck(table, deck, secondPackCard === undefined ? {} : { secondPackCard });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function playRubber(table: TableState): TableState {
  let t = table;
  while (!isRubberComplete(currentRubber(t))) t = playSome(dealt(t));
  return t;
}

function newRubber(t: TableState): TableState {
  return applyOrThrow(t, { type: 'newRubber' });
}

const rotation = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } });
const secondPack = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'secondPack' } });
const deck = (seed: number) => shuffledDeck(seedRandom(seed)).value;

const fresh = newTableOrThrow(SHORT_WHIST, { seed: 1, players: PLAYERS });
const oneDealt = dealt(fresh);
const midHand = playSome(oneDealt, 17);
const oneHand = playSome(oneDealt);
/** Three hands logged, the third in progress. */
const threeHands = playSome(dealt(playSome(dealt(oneHand))), 5);
const rubberOver = playRubber(fresh);
const afterRubber = playSome(dealt(newRubber(rubberOver)), 9);
/** A hand dealt from a deck the server chose, every card played. */
const chosenDone = playSome(chosen(newTableOrThrow(SHORT_WHIST, { seed: 1, players: PLAYERS }), FULL_DECK));
const chosenDealt = chosen(newTableOrThrow(SHORT_WHIST, { seed: 1, players: PLAYERS }), deck(50));
const rotationTable = playSome(dealt(playSome(dealt(newTableOrThrow(rotation, { seed: 3 })))), 6);
const secondPackChosen = chosen(newTableOrThrow(secondPack, { seed: 4 }), deck(51), '7D');
const rotationChosen = chosen(newTableOrThrow(rotation, { seed: 15 }), deck(52));
const cutTable = playSome(dealt(newTableOrThrow(SHORT_WHIST, { seed: 5, players: ['ann', 'bob', 'cy', 'di'] })), 4);

const HONEST: [string, TableState][] = [
  ['fresh', fresh],
  ['fresh, with a crypto-random PRNG', newTableOrThrow(SHORT_WHIST)],
  ['one hand dealt', oneDealt],
  ['mid-hand', midHand],
  ['hand complete', oneHand],
  ['three hands, the third in progress', threeHands],
  ['rubber over', rubberOver],
  ['after newRubber (recut, Short Whist)', afterRubber],
  ['after newRubber (keep, American Whist)', playSome(dealt(newRubber(playRubber(newTableOrThrow(AMERICAN_WHIST, { seed: 7, players: PLAYERS })))), 3)],
  ['after newRubber (swap, German Long Whist)', playSome(dealt(newRubber(playRubber(newTableOrThrow(GERMAN_LONG_WHIST, { seed: 8, players: PLAYERS })))), 3)],
  ['two new rubbers (swap, German Long Whist)', newRubber(playRubber(newRubber(playRubber(newTableOrThrow(GERMAN_LONG_WHIST, { seed: 9 })))))],
  ['after newRubber (recut, Long Whist, players cut)', newRubber(playRubber(newTableOrThrow(LONG_WHIST, { seed: 10, players: ['ann', 'bob', 'cy', 'di'] })))],
  ...Object.entries(PRESETS).map(([name, rules]): [string, TableState] => [
    `preset ${name}, a rubber and a hand`,
    playSome(dealt(newRubber(playRubber(newTableOrThrow(rules, { seed: 11 })))), 21),
  ]),
  ['trump by rotation, across hands', rotationTable],
  ['trump by rotation, across rubbers', playSome(dealt(newRubber(playRubber(newTableOrThrow(rotation, { seed: 12 })))))],
  ['trump by rotation, dealt with dealDeck', playSome(rotationChosen, 12)],
  ['trump by second pack, shuffled', playSome(dealt(newTableOrThrow(secondPack, { seed: 13 })), 30)],
  ['trump by second pack, card chosen by the server', playSome(secondPackChosen, 10)],
  ['dealt with dealDeck, every card played', chosenDone],
  ['dealt with dealDeck, then shuffled deals', playSome(dealt(playSome(dealt(chosenDone))), 2)],
  ['players cut for partners and deal', cutTable],
  ['players cut, dealer chosen', newTableOrThrow(SHORT_WHIST, { seed: 14, dealer: 'W', players: ['x', 'y', 'z', 'w'] })],
];

describe('parseTable accepts every honest table, unchanged', () => {
  it.each(HONEST)('%s', (_name, table) => {
    const text = JSON.stringify(table);
    const fromText = parseTable(text);
    expect(fromText.ok, fromText.ok ? '' : `${fromText.error.path}: ${fromText.error.message}`).toBe(true);
    if (!fromText.ok) return;
    expect(JSON.stringify(fromText.value)).toBe(text);
    const value = JSON.parse(text) as unknown;
    const fromValue = parseTable(value);
    expect(fromValue.ok && JSON.stringify(fromValue.value)).toBe(text);
    expect(value).toEqual(JSON.parse(text));
    const same = parseTable(table);
    expect(same.ok && same.value).toEqual(table);
    // What the replay derives agrees with the table as it was played.
    expect(currentRubber(fromText.value)).toEqual(currentRubber(table));
    expect(currentHand(fromText.value)).toEqual(currentHand(table));
    expect(seating(fromText.value)).toEqual(seating(table));
    expect(finishedRubbers(fromText.value)).toEqual(finishedRubbers(table));
    expect(tableViewOrThrow(fromText.value, 'S')).toEqual(tableViewOrThrow(table, 'S'));
    expect(parseTableOrThrow(text)).toEqual(table);
  });

  it('the honest tables cover what they are named for', () => {
    expect(HONEST.length).toBeGreaterThanOrEqual(20);
    expect(currentHand(midHand)!.plays.split(' ')).toHaveLength(17);
    expect(isRubberComplete(currentRubber(rubberOver))).toBe(true);
    expect(threeHands.log).toHaveLength(3);
    expect(chosenDone.log[0]).toMatchObject({ shuffled: false });
    expect(rotationTable.log.map((e) => e.type === 'hand' && e.trump)).toEqual(['H', 'D']);
    expect(secondPackChosen.log[0]).toMatchObject({ trumpSource: 'secondPack', trumpCard: '7D', trump: 'D' });
    expect(Array.isArray(cutTable.players)).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------------
// Tampering.

type Json = any;

/** A table's plain JSON, to tamper with. */
function plain(t: TableState): Json {
  return JSON.parse(JSON.stringify(t));
}

/** A table's plain JSON with log entry `i` changed. */
function withEntry(t: TableState, i: number, patch: Record<string, unknown>): Json {
  const p = plain(t);
  p.log[i] = { ...p.log[i], ...patch };
  return p;
}

/** Log entry `i` of a table's plain JSON without its actions: a hand of schema 2 once given its plays. */
function withoutActions(t: TableState, i: number): Json {
  const { actions: _, ...rest } = plain(t).log[i];
  return rest;
}

/** The deal text of a hand entry. */
function dealOf(t: TableState, i: number): string {
  const e = t.log[i];
  if (e === undefined || e.type !== 'hand') throw new Error('not a hand entry');
  return e.deal;
}

/** A deal text with one seat's text replaced: seats in the order N E S W, suits S.H.D.C. */
function replaceSeat(text: string, seat: 0 | 1 | 2 | 3, hand: string): string {
  const seats = text.slice(2).split(' ');
  seats[seat] = hand;
  return `N:${seats.join(' ')}`;
}

const ALL = 'AKQJT98765432';

interface Tampering {
  /** What was done. */
  readonly name: string;
  /** The tampered table: a value, or JSON text. */
  readonly make: () => unknown;
  /** The code parseTable must return. */
  readonly code?: 'INVALID_STATE' | 'INVALID_RULES';
  /** The path of the problem. */
  readonly path: string;
  /** What the message must say, where the path alone does not tell the problem apart. */
  readonly message?: RegExp;
}

/** An honest table whose property descriptors answer honestly, with a getter for `key`. */
function withGetter(t: TableState, key: string): Json {
  const p = plain(t);
  const value = p[key];
  delete p[key];
  Object.defineProperty(p, key, { enumerable: true, get: () => value });
  return p;
}

/** A hand entry with its action at `at` replaced (a hand of cards alone: the card played at `at`). */
function replacePlay(t: TableState, i: number, at: number, card: unknown): Json {
  const e = t.log[i];
  if (e === undefined || e.type !== 'hand') throw new Error('not a hand entry');
  const actions: unknown[] = [...e.actions];
  actions[at] = card;
  return withEntry(t, i, { actions });
}

/** The actions of hand entry `i` of `t`. */
function actionsOf(t: TableState, i: number): unknown[] {
  const e = t.log[i];
  if (e === undefined || e.type !== 'hand') throw new Error('not a hand entry');
  return [...e.actions];
}

/** The first hand of `t` as dealt, no card played (trump recorded as given: only the cards matter here). */
function firstHand(t: TableState): HandState {
  const e = t.log[0];
  if (e === undefined || e.type !== 'hand') throw new Error('not a hand entry');
  return dealHandOrThrow(t.rules, { dealer: e.dealer, cards: e.deal, trump: e.trump });
}

function playsOf(t: TableState, i: number): Card[] {
  const e = t.log[i];
  if (e === undefined || e.type !== 'hand') throw new Error('not a hand entry');
  return cardsOf(e) as Card[];
}

/** The first play of the first hand of `t` where the seat to play could have revoked: [index of the play, a card of another suit it held]. */
function revokeAt(t: TableState): [number, Card] {
  const cards = playsOf(t, 0);
  let h = firstHand(t);
  for (let k = 0; k < cards.length; k++) {
    const seat = currentSeat(h)!;
    const led = ledSuit(h);
    if (led !== null && legalMoves(h)[0]![1] === led) {
      const other = cardsHeld(h, seat).find((c) => c[1] !== led);
      if (other !== undefined) return [k, other];
    }
    h = playOrThrow(h, seat, cards[k]!);
  }
  throw new Error('no position to revoke in');
}

/** A card held, at play `at` of the first hand of `t`, by the seat after the one to play: a card played out of turn. */
function cardOfNextSeat(t: TableState, at: number): Card {
  let h = firstHand(t);
  for (const card of playsOf(t, 0).slice(0, at)) h = playOrThrow(h, currentSeat(h)!, card);
  const next = cardsHeld(h, nextSeat(currentSeat(h)!));
  const led = ledSuit(h);
  return next.find((c) => c[1] === led) ?? (next[0] as Card);
}

const rubberOverAndMore = playSome(dealt(newRubber(rubberOver)));
const newRubberAt = rubberOver.log.length;

const KINDS: Tampering[] = [
  // Derived facts cannot be stored: every one is an unknown field.
  { name: 'a faked rubber score (a rubber field)', make: () => ({ ...plain(oneHand), rubber: { score: { NS: 5, EW: 0 } } }), path: 'rubber' },
  { name: 'a faked game score (a score field)', make: () => ({ ...plain(oneHand), score: { NS: 4, EW: 0 } }), path: 'score' },
  { name: 'an injected game (a games field)', make: () => ({ ...plain(oneHand), games: [{ winner: 'NS', value: 3, losersScore: 0 }] }), path: 'games' },
  { name: 'game values of 1000 (a gameValues field)', make: () => ({ ...plain(oneHand), gameValues: [1000, 1000, 1000, 1000, 1000] }), path: 'gameValues' },
  {
    name: 'game values of 1000 in the rules',
    make: () => ({ ...plain(oneHand), rules: { ...SHORT_WHIST, name: 'custom', gameValue: { kind: 'table', byLosersScore: [1000, 2, 2, 1, 1] } } }),
    code: 'INVALID_RULES',
    path: 'rules.gameValue.byLosersScore[0]',
  },
  {
    name: 'a won rubber injected (a rubbers field)',
    make: () => ({ ...plain(oneHand), rubbers: [{ players: PLAYERS, winner: 'NS', games: { NS: 2, EW: 0 }, rubberPoints: { NS: 8, EW: 0 } }] }),
    path: 'rubbers',
  },
  { name: 'a hand of the 0.1 schema (a hand field)', make: () => ({ ...plain(oneDealt), hand: { v: 1 } }), path: 'hand' },
  { name: 'a cut injected (a cut field)', make: () => ({ ...plain(fresh), cut: { dealer: 'N' } }), path: 'cut' },
  { name: 'a score added to a logged hand', make: () => withEntry(oneHand, 0, { score: { NS: 5, EW: 0 } }), path: 'log[0].score' },
  { name: 'a deck added to a newRubber entry', make: () => withEntry(afterRubber, newRubberAt, { deck: FULL_DECK }), path: `log[${newRubberAt}].deck` },
  // History rewritten.
  {
    name: 'deleted history: a hand removed from the middle of the log',
    make: () => ({ ...plain(threeHands), log: plain(threeHands).log.filter((_: unknown, i: number) => i !== 1) }),
    path: 'log[1].dealer',
  },
  { name: 'deleted history: the first hand removed', make: () => ({ ...plain(threeHands), log: plain(threeHands).log.slice(1) }), path: 'log[0].dealer' },
  { name: 'a changed first dealer, with hands logged', make: () => ({ ...plain(threeHands), firstDealer: 'E' }), path: 'log[0].dealer' },
  { name: 'a changed dealer of a logged hand', make: () => withEntry(threeHands, 1, { dealer: 'S' }), path: 'log[1].dealer' },
  { name: 'a chosen PRNG state, with a shuffled hand logged', make: () => ({ ...plain(oneDealt), random: { s: [1, 2, 3, 4] } }), path: 'log[0].deal' },
  {
    name: 'a chosen PRNG state for a cut table, with a shuffled hand logged',
    make: () => ({ ...plain(cutTable), random: seedRandom(6) }),
    path: 'log[0].deal',
  },
  { name: 'a PRNG state that is not four 32-bit words', make: () => ({ ...plain(fresh), random: { s: [1, 2, 3, 2 ** 32] } }), path: 'random' },
  { name: 'four players with one id', make: () => ({ ...plain(oneHand), players: { N: 'ann', E: 'ann', S: 'ann', W: 'ann' } }), path: 'players' },
  { name: 'four players to cut with one id', make: () => ({ ...plain(fresh), players: ['ann', 'ann', 'bob', 'cy'] }), path: 'players' },
  { name: 'a fifth player', make: () => ({ ...plain(fresh), players: ['ann', 'bob', 'cy', 'di', 'ed'] }), path: 'players' },
  { name: 'a first dealer that is not a seat', make: () => ({ ...plain(fresh), firstDealer: 'X' }), path: 'firstDealer' },
  // Rules.
  { name: 'rules that differ: an extra rules field inside a log entry', make: () => withEntry(oneHand, 0, { rules: LONG_WHIST }), path: 'log[0].rules' },
  {
    name: 'invalid table rules: a target of 0',
    make: () => ({ ...plain(fresh), rules: { ...SHORT_WHIST, target: 0 } }),
    code: 'INVALID_RULES',
    path: 'rules.target',
  },
  {
    name: 'invalid table rules: an unknown setting',
    make: () => ({ ...plain(fresh), rules: { ...SHORT_WHIST, tagret: 9 } }),
    code: 'INVALID_RULES',
    path: 'rules.tagret',
  },
  {
    name: 'a preset’s name on other settings',
    make: () => ({ ...plain(fresh), rules: { ...LONG_WHIST, target: 9, gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1] } } }),
    code: 'INVALID_RULES',
    path: 'rules.name',
  },
  // Deals.
  {
    name: 'a seat holding all 52 cards in a logged deal',
    make: () => withEntry(chosenDealt, 0, { deal: `N:${ALL}.${ALL}.${ALL}.${ALL} ... ... ...` }),
    path: 'log[0].deal',
  },
  {
    name: 'a seat holding 14 cards in a logged deal',
    make: () => withEntry(chosenDone, 0, { deal: 'N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', actions: [] }),
    path: 'log[0].deal',
  },
  {
    name: 'a duplicate card in a logged deal',
    make: () => withEntry(chosenDone, 0, { deal: replaceSeat(dealOf(chosenDone, 0), 1, 'A.AKQJT9876543..'), actions: [] }),
    path: 'log[0].deal',
  },
  { name: 'a logged deal not matching the PRNG', make: () => withEntry(oneDealt, 0, { deal: dealOf(chosenDealt, 0) }), path: 'log[0].deal' },
  {
    name: 'a logged deal with two seats’ cards exchanged',
    make: () =>
      withEntry(oneDealt, 0, {
        deal: replaceSeat(replaceSeat(dealOf(oneDealt, 0), 0, dealOf(oneDealt, 0).slice(2).split(' ')[1]!), 1, dealOf(oneDealt, 0).slice(2).split(' ')[0]!),
      }),
    path: 'log[0].deal',
  },
  { name: 'shuffled: true on a deal the PRNG did not make', make: () => withEntry(chosenDealt, 0, { shuffled: true }), path: 'log[0].deal' },
  { name: 'shuffled that is not a boolean', make: () => withEntry(oneDealt, 0, { shuffled: 'yes' }), path: 'log[0].shuffled' },
  {
    name: 'a changed turn-up of a shuffled deal',
    make: () => withEntry(oneDealt, 0, { trumpCard: otherCardOfSuit((oneDealt.log[0] as { trumpCard: Card }).trumpCard) }),
    path: 'log[0].trumpCard',
  },
  { name: 'wrong trumpSource for the rules: given', make: () => withEntry(chosenDealt, 0, { trumpSource: 'given' }), path: 'log[0].trumpSource' },
  {
    name: 'wrong trumpSource for the rules: secondPack under trump by turn-up',
    make: () => withEntry(chosenDealt, 0, { trumpSource: 'secondPack' }),
    path: 'log[0].trumpSource',
  },
  {
    name: 'wrong trumpSource for the rules: rotation under trump by turn-up',
    make: () => withEntry(chosenDealt, 0, { trumpSource: 'rotation', trumpCard: null }),
    path: 'log[0].trumpSource',
  },
  {
    name: 'wrong trumpSource for the rules: turnUp under trump by rotation',
    make: () => withEntry(rotationChosen, 0, { trumpSource: 'turnUp', trumpCard: deck(52)[51], trump: deck(52)[51]![1] }),
    path: 'log[0].trumpSource',
  },
  {
    name: 'wrong trumpSource for the rules: rotation under trump by second pack',
    make: () => withEntry(secondPackChosen, 0, { trumpSource: 'rotation', trumpCard: null }),
    path: 'log[0].trumpSource',
  },
  { name: 'a second-pack hand without its card', make: () => withEntry(secondPackChosen, 0, { trumpCard: null }), path: 'log[0].trumpCard' },
  {
    name: 'a turn-up not in the dealer’s hand',
    make: () => withEntry(chosenDealt, 0, { trumpCard: cardNotHeldByDealer(chosenDealt), trump: cardNotHeldByDealer(chosenDealt)[1] }),
    path: 'log[0].trumpCard',
  },
  {
    name: 'a turn-up in the dealer’s hand, with another suit as trump',
    make: () => withEntry(chosenDealt, 0, { trump: otherSuit((chosenDealt.log[0] as { trump: string }).trump) }),
    path: 'log[0].trumpCard',
  },
  { name: 'rotation trump not matching the deal number', make: () => withEntry(rotationTable, 1, { trump: 'H' }), path: 'log[1].trump' },
  { name: 'a second-pack card of another suit than trump', make: () => withEntry(secondPackChosen, 0, { trump: 'S' }), path: 'log[0].trumpCard' },
  // Plays.
  {
    name: 'a play by the wrong seat (the next seat’s card)',
    make: () => replacePlay(midHand, 0, 1, cardOfNextSeat(midHand, 1)),
    path: 'log[0].actions[1]',
    message: /does not hold/,
  },
  {
    name: 'a play of a card not held (one already played)',
    make: () => replacePlay(midHand, 0, 4, playsOf(midHand, 0)[0]!),
    path: 'log[0].actions[4]',
    message: /does not hold/,
  },
  {
    name: 'a revoke',
    make: () => replacePlay(chosenDone, 0, revokeAt(chosenDone)[0], revokeAt(chosenDone)[1]),
    path: `log[0].actions[${revokeAt(chosenDone)[0]}]`,
    message: /must follow suit/,
  },
  { name: 'a 53rd card', make: () => withEntry(oneHand, 0, { actions: [...actionsOf(oneHand, 0), 'AS'] }), path: 'log[0].actions[52]', message: /13 tricks/ },
  {
    name: 'a card written in lower case',
    make: () => replacePlay(midHand, 0, 1, (actionsOf(midHand, 0)[1] as string).toLowerCase()),
    path: 'log[0].actions[1]',
  },
  { name: 'an action that is a number', make: () => replacePlay(midHand, 0, 2, 7), path: 'log[0].actions[2]' },
  { name: 'an event of no kind', make: () => replacePlay(midHand, 0, 2, { type: 'shout', at: 2, seat: 'N' }), path: 'log[0].actions[2].type' },
  {
    name: 'an event at another count of cards than it was said',
    make: () => withEntry(midHand, 0, { actions: [...actionsOf(midHand, 0), { type: 'claim', at: 3, seat: 'N', tricks: 1 }] }),
    path: 'log[0].actions[17]',
    message: /not what the table logs/,
  },
  {
    name: 'the actions as text instead of a list',
    make: () => withEntry(midHand, 0, { actions: actionsOf(midHand, 0).join(' ') }),
    path: 'log[0].actions',
  },
  {
    name: 'schema 2 plays text with double spaces',
    make: () => ({ ...plain(midHand), v: 2, log: [{ ...withoutActions(midHand, 0), plays: actionsOf(midHand, 0).join(' ').replace(' ', '  ') }] }),
    path: 'log[0].plays[1]',
  },
  {
    name: 'schema 2 plays as a list',
    make: () => ({ ...plain(midHand), v: 2, log: [{ ...withoutActions(midHand, 0), plays: actionsOf(midHand, 0) }] }),
    path: 'log[0].plays',
  },
  // Order of events.
  {
    name: 'a hand logged while another is in progress',
    make: () => ({ ...plain(midHand), log: [plain(midHand).log[0], plain(threeHands).log[1]] }),
    path: 'log[1]',
    message: /in progress/,
  },
  {
    name: 'a hand logged after the rubber ended',
    make: () => ({ ...plain(rubberOverAndMore), log: plain(rubberOverAndMore).log.filter((e: { type: string }) => e.type !== 'newRubber') }),
    path: `log[${newRubberAt}]`,
    message: /rubber is over/,
  },
  {
    name: 'newRubber before the rubber ended',
    make: () => ({ ...plain(threeHands), log: [plain(threeHands).log[0], { type: 'newRubber' }, ...plain(threeHands).log.slice(1)] }),
    path: 'log[1]',
    message: /still being played/,
  },
  {
    name: 'two newRubber entries in a row',
    make: () => ({ ...plain(afterRubber), log: [...plain(rubberOver).log, { type: 'newRubber' }, { type: 'newRubber' }] }),
    path: `log[${newRubberAt + 1}]`,
  },
  { name: 'a log entry of an unknown type', make: () => ({ ...plain(fresh), log: [{ type: 'deal' }] }), path: 'log[0].type' },
  { name: 'a null log entry', make: () => ({ ...plain(fresh), log: [null] }), path: 'log[0].type' },
  { name: 'a hole in the log', make: () => ({ ...plain(oneHand), log: withHole(plain(oneHand).log[0], { type: 'newRubber' }) }), path: 'log[1].type' },
  { name: 'a log that is not an array', make: () => ({ ...plain(oneHand), log: { 0: plain(oneHand).log[0], length: 1 } }), path: 'log' },
  // Schema and shape.
  { name: 'schema version 1', make: () => ({ ...plain(oneHand), v: 1 }), path: 'v' },
  { name: 'schema version 4', make: () => ({ ...plain(oneHand), v: 4 }), path: 'v' },
  { name: 'schema version "2" as text', make: () => ({ ...plain(oneHand), v: '2' }), path: 'v' },
  { name: 'a missing field', make: () => ({ ...plain(oneHand), random: undefined }), path: 'random' },
  { name: 'a getter', make: () => withGetter(oneHand, 'log'), path: 'log' },
  { name: 'a getter in a log entry', make: () => withEntryGetter(oneHand), path: 'log[0].actions' },
  {
    name: 'a Proxy whose traps throw',
    make: () =>
      new Proxy(plain(oneHand), {
        ownKeys() {
          throw new Error('trap');
        },
      }),
    path: 'table',
  },
  { name: '__proto__ keys at the top', make: () => `{"__proto__":{"v":2},${JSON.stringify(oneHand).slice(1)}`, path: '__proto__' },
  {
    name: '__proto__ keys in a log entry',
    make: () => JSON.stringify(oneHand).replace('{"type":"hand",', '{"type":"hand","__proto__":{"shuffled":true},'),
    path: 'log[0].__proto__',
  },
  // Size and text.
  { name: 'a 100,000-entry log', make: () => ({ ...plain(fresh), log: new Array(100_000).fill({ type: 'newRubber' }) }), path: 'log' },
  {
    name: 'a 100,000-entry log, as text',
    make: () => JSON.stringify({ ...plain(fresh), log: Array.from({ length: 100_000 }, () => ({ type: 'newRubber' })) }),
    path: 'log',
  },
  { name: 'an honest table padded to 8 MB + 1 characters', make: () => JSON.stringify(oneHand).padEnd(8_000_001, ' '), path: 'table' },
  { name: 'non-JSON text', make: () => `${JSON.stringify(oneHand).slice(0, -1)},}`, path: 'table' },
  { name: 'JSON text of something else', make: () => '[1,2,3]', path: 'table' },
  { name: 'an empty object', make: () => ({}), path: 'v' },
  { name: 'nesting 100,000 deep', make: () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`, path: 'table' },
];

function cardNotHeldByDealer(t: TableState): Card {
  const h = firstHand(t);
  return cardsHeld(h, nextSeat(h.dealer))[0] as Card;
}

function otherCardOfSuit(card: Card): Card {
  return `${card[0] === '2' ? '3' : '2'}${card[1]}` as Card;
}

function otherSuit(suit: string): string {
  return suit === 'S' ? 'H' : 'S';
}

/** A three-entry array with a hole in the middle. */
function withHole(first: unknown, last: unknown): unknown[] {
  const log = new Array<unknown>(3);
  log[0] = first;
  log[2] = last;
  return log;
}

function withEntryGetter(t: TableState): Json {
  const p = plain(t);
  const entry = p.log[0];
  const actions = entry.actions;
  delete entry.actions;
  Object.defineProperty(entry, 'actions', { enumerable: true, get: () => actions });
  return p;
}

/** A copy to compare with after parsing, or `null` for values that cannot be copied (Proxies). */
function snapshot(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return null;
  }
}

console.log(`tamper: ${KINDS.length} kinds of tampering tried`);

describe('parseTable refuses every kind of tampering, with the path of the problem', () => {
  it(`tries at least 30 kinds (${KINDS.length})`, () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(KINDS.map((k) => k.name)).size).toBe(KINDS.length);
  });

  it.each(KINDS.map((k) => [k.name, k] as const))('%s', (_name, kind) => {
    const value = kind.make();
    const before = snapshot(value);
    let result: ReturnType<typeof parseTable> | undefined;
    expect(() => {
      result = parseTable(value);
    }).not.toThrow();
    expect(result?.ok).toBe(false);
    if (result === undefined || result.ok) return;
    expect({ code: result.error.code, path: result.error.path }).toEqual({ code: kind.code ?? 'INVALID_STATE', path: kind.path });
    expect(result.error.message.length).toBeGreaterThan(0);
    if (kind.message !== undefined) expect(result.error.message).toMatch(kind.message);
    // The tampered value is never modified by parseTable.
    if (before !== null) expect(value).toEqual(before);
    // parseTableOrThrow throws the same error as a WhistError.
    let thrown: unknown;
    try {
      parseTableOrThrow(value);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(WhistError);
    expect((thrown as WhistError).info).toEqual(result.error);
  });

  it('a 100,000-entry log is refused by its size, before any entry is replayed', () => {
    // The entries read are counted: a log refused by its size has none of them read.
    let read = 0;
    const entries = new Array(100_000).fill(plain(oneHand).log[0]);
    const counted = (key: string | symbol) => {
      if (typeof key === 'string' && /^\d+$/.test(key)) read++;
    };
    const log = new Proxy(entries, {
      get(target, key, receiver) {
        counted(key);
        return Reflect.get(target, key, receiver);
      },
      getOwnPropertyDescriptor(target, key) {
        counted(key);
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const r = parseTable({ ...plain(oneHand), log });
    console.log(`tamper: a 100,000-entry log refused after reading ${read} of its entries`);
    expect(!r.ok && r.error.path).toBe('log');
    expect(read).toBe(0);
  });
});

describe('parseTable returns the table it checked', () => {
  it('a Proxy whose get trap tells another story than its property descriptors: refused, or returned as the table its descriptors describe', () => {
    // The descriptors describe an honest table; reading through the get trap gives a chosen PRNG state,
    // other players and another first dealer. Whatever parseTable does, it must not return a table
    // other than the one it replayed.
    const honest = plain(oneDealt);
    const lying = new Proxy(honest, {
      get(target, key) {
        if (key === 'random') return { s: [1, 2, 3, 4] };
        if (key === 'players') return { N: 'mallory', E: 'bob', S: 'cy', W: 'di' };
        if (key === 'firstDealer') return 'W';
        return Reflect.get(target, key);
      },
    });
    const r = parseTable(lying);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_STATE');
      return;
    }
    expect(JSON.stringify(r.value)).toBe(JSON.stringify(oneDealt));
    expect(parseTable(JSON.stringify(r.value)).ok).toBe(true);
  });
});

describe('the tampered tables were honest before the tampering', () => {
  it('each kind starts from a table parseTable accepts', () => {
    for (const t of [
      fresh,
      oneDealt,
      midHand,
      oneHand,
      threeHands,
      rubberOver,
      afterRubber,
      rubberOverAndMore,
      chosenDone,
      chosenDealt,
      rotationTable,
      secondPackChosen,
      cutTable,
    ])
      expect(parseTable(JSON.stringify(t)).ok).toBe(true);
  });

  it('the rules of the tables are the ones named', () => {
    const rules: Rules[] = [fresh.rules, rotationTable.rules, secondPackChosen.rules];
    expect(rules.map((r) => r.trump.kind)).toEqual(['turnUp', 'rotation', 'secondPack']);
  });
});
