/**
 * The words the table shows: every sentence a program built on the library says to a person (events
 * with their law, penalties, honours, revokes, refused claims, the rules table), in one catalogue per
 * language, so that the command line and the page say the same thing and a new language is one catalogue.
 *
 * Each function takes the library's own values (a `HandEvent`, a `HandSummary`, a `ClaimView`, a rules
 * object) and {@link WordsOptions}: the seat the sentence is said to (`viewer`, named "you"), and how seats
 * and cards are named (`style`: `long`, "West" and "queen of hearts", as a page says them; `short`, "W" and
 * "Q♥", as a terminal prints them). Nothing here decides anything: the facts come from the library.
 *
 * @module whist/words
 */

import {
  type BySide,
  type Card,
  cardRank,
  cardSuit,
  type HandEvent,
  type HandSummary,
  PRESETS,
  type RevokePenalty,
  type RevokeView,
  type Rules,
  type Seat,
  type Side,
  type Suit,
} from '../index.js';
import {
  type Catalogue,
  type ClaimFacts,
  type ExposedCall,
  type ExposedDrop,
  LANGUAGES,
  type Language,
  type RefusedClaim,
  type RevokeClaim,
  type RubberFacts,
  type Speaker,
  type Style,
  type WordsOptions,
} from './catalogue.js';
import { DE } from './de.js';
import { EN } from './en.js';
import { FR } from './fr.js';

export type {
  Catalogue,
  ClaimFacts,
  ExposedCall,
  ExposedDrop,
  Language,
  RefusedClaim,
  RevokeClaim,
  RubberFacts,
  RuleRowWords,
  Speaker,
  Style,
  WordsOptions,
} from './catalogue.js';
export { LANGUAGES } from './catalogue.js';
export { DE } from './de.js';
export { EN } from './en.js';
export { FR } from './fr.js';

/**
 * The catalogues, by language: each holds every message, keyed by its id. A program that uses this (or
 * {@link catalogue}) carries every language; one that imports `EN`, `DE` or `FR` by name carries only those.
 *
 * @example
 * ```ts
 * import { CATALOGUES } from 'whist/words';
 *
 * CATALOGUES.en.names.suits.H; // 'hearts'
 * CATALOGUES.de.names.suits.H; // 'Herz'
 * CATALOGUES.fr.names.suits.H; // 'cœur'
 * ```
 * @group Words
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = /* @__PURE__ */ Object.freeze({ en: EN, de: DE, fr: FR });

/**
 * The catalogue of a language; English for a language it does not have. It carries every language into a
 * program (see {@link CATALOGUES}); to pay for one, import it by name (`DE`, `FR`).
 *
 * @param language - a language of {@link LANGUAGES}
 * @returns its catalogue
 * @example
 * ```ts
 * import { catalogue } from 'whist/words';
 *
 * catalogue('en').revokesHeading(2); // '2 revokes'
 * catalogue('fr').revokesHeading(2); // '2 renonces'
 * ```
 * @group Words
 */
export function catalogue(language: Language = 'en'): Catalogue {
  return Object.hasOwn(CATALOGUES, language) ? CATALOGUES[language] : EN;
}

/** The catalogue the options name: English unless told. */
function words(options: WordsOptions): Catalogue {
  return options.catalogue ?? EN;
}

const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

function sideOfSeat(seat: Seat): Side {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

/**
 * The names a message uses, in the options' language and style, said to the options' viewer: what each
 * message of a catalogue is given besides its facts. A host building its own sentence around the
 * catalogue's uses it to name seats and cards the same way.
 *
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the speaker
 * @example
 * ```ts
 * import { speaker } from 'whist/words';
 *
 * const s = speaker({ viewer: 'S' });
 * s.who('S'); // 'You'
 * s.who('W'); // 'West'
 * s.side('NS'); // 'your side'
 * speaker({ style: 'short' }).card('TD'); // '10♦'
 * ```
 * @group Words
 */
export function speaker(options: WordsOptions = {}): Speaker {
  const names = words(options).names;
  const style: Style = options.style === 'short' ? 'short' : 'long';
  const viewer = options.viewer ?? null;
  const seat = (s: Seat) => (style === 'short' ? s : names.seats[s]);
  return {
    viewer,
    style,
    seat,
    who: (s) => (s === viewer ? names.you.subject : seat(s)),
    whom: (s) => (s === viewer ? names.you.object : seat(s)),
    you: (s) => s === viewer,
    card: (c) =>
      style === 'short' ? `${names.letters[cardRank(c)]}${SUIT_SYMBOLS[cardSuit(c)]}` : names.card(names.ranks[cardRank(c)], names.suits[cardSuit(c)]),
    side: (side) => (viewer !== null && sideOfSeat(viewer) === side ? names.yourSide : style === 'short' ? side : names.sides[side]),
  };
}

/**
 * A seat's name: `West`, or `W` in the short style.
 *
 * @param seat - a seat
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the name
 * @example
 * ```ts
 * import { seatName } from 'whist/words';
 *
 * seatName('W'); // 'West'
 * ```
 * @group Words
 */
export function seatName(seat: Seat, options: WordsOptions = {}): string {
  return speaker(options).seat(seat);
}

/**
 * A card's name in a sentence: `queen of hearts`, or `Q♥` in the short style (as its face shows it).
 *
 * @param card - a card
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the name
 * @example
 * ```ts
 * import { cardName } from 'whist/words';
 *
 * cardName('QH'); // 'queen of hearts'
 * cardName('TD', { style: 'short' }); // '10♦'
 * ```
 * @group Words
 */
export function cardName(card: Card, options: WordsOptions = {}): string {
  return speaker(options).card(card);
}

/**
 * A suit's name, plural as at the table: `hearts` ("hearts are trumps").
 *
 * @param suit - a suit
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the name
 * @example
 * ```ts
 * import { suitName } from 'whist/words';
 *
 * suitName('H'); // 'hearts'
 * ```
 * @group Words
 */
export function suitName(suit: Suit, options: WordsOptions = {}): string {
  return words(options).names.suits[suit];
}

/**
 * A card's rank, in words: `queen`.
 *
 * @param card - a card
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the name
 * @example
 * ```ts
 * import { rankName } from 'whist/words';
 *
 * rankName('QH'); // 'queen'
 * ```
 * @group Words
 */
export function rankName(card: Card, options: WordsOptions = {}): string {
  return words(options).names.ranks[cardRank(card)];
}

/** The laws of 1864, as the events of rulings that carry no citation of their own stand on them. */
const SHORT_LAWS = 'Laws of Short Whist (1864)';

/**
 * The law a ruling of the hand stands on: the event's own citation (`law`), or, for the events that carry
 * none, the law of 1864 it stands on: an exposed card (law 56), a lead out of turn (laws 56, 61), a card
 * played to it (laws 62-63), a card played out of turn (law 67), the trump card named or forgotten (laws 53,
 * 55). `null` for a claim and its answers.
 *
 * @param event - an event of `TableView.events`
 * @returns the citation, or `null`
 * @example
 * ```ts
 * import { eventLaw } from 'whist/words';
 *
 * eventLaw({ type: 'expose', at: 0, seat: 'S', card: 'QH' }); // 'Laws of Short Whist (1864), law 56'
 * eventLaw({ type: 'acceptClaim', at: 0, seat: 'E' }); // null
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 53-56, 61-63, 67 ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities").
 * @group Words
 */
export function eventLaw(event: HandEvent): string | null {
  if ('law' in event) return event.law;
  switch (event.type) {
    case 'expose':
      return `${SHORT_LAWS}, law 56`;
    case 'leadOutOfTurn':
      return `${SHORT_LAWS}, laws 56, 61`;
    case 'playToFalseLead':
      return `${SHORT_LAWS}, laws 62-63`;
    case 'playOutOfTurn':
      return `${SHORT_LAWS}, law 67`;
    case 'nameTrumpCard':
      return `${SHORT_LAWS}, law 53`;
    case 'forgetTrumpCard':
      return `${SHORT_LAWS}, law 55`;
    default:
      return null;
  }
}

/**
 * One event of a hand (a claim and its answers, a ruling, a call) as a sentence, said to the viewer.
 *
 * @param event - an event of `TableView.events`
 * @param options - the viewer ("You") and the style of names
 * @returns the sentence, without its law (see {@link eventWithLaw})
 * @example
 * ```ts
 * import { eventSentence } from 'whist/words';
 *
 * const e = { type: 'callHonours', at: 0, seat: 'N', law: "Hoyle's laws of Long Whist, laws 16-21" } as const;
 * eventSentence(e, { viewer: 'S' }); // 'North calls honours at eight: “Can you one?”'
 * eventSentence(e, { viewer: 'N', style: 'short' }); // 'You call honours at eight: “Can you one?”'
 * ```
 * @group Words
 */
export function eventSentence(event: HandEvent, options: WordsOptions = {}): string {
  const say = words(options).events[event.type] as (e: HandEvent, s: Speaker) => string;
  return say(event, speaker(options));
}

/**
 * An event and the law it stands on, as one sentence (see {@link eventLaw}).
 *
 * @param event - an event of `TableView.events`
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { eventWithLaw } from 'whist/words';
 *
 * eventWithLaw({ type: 'callLedSuit', at: 0, seat: 'W', which: 'lowest', law: 'Laws of Short Whist (1864), laws 73, 76' }, { style: 'short' });
 * // 'W requires the revoker’s lowest card of the suit led, instead of calling the card: it is taken back (Laws of Short Whist (1864), laws 73, 76).'
 * ```
 * @remarks Source: the event's law, as {@link eventLaw} gives it.
 * @group Words
 */
export function eventWithLaw(event: HandEvent, options: WordsOptions = {}): string {
  const law = eventLaw(event);
  const said = eventSentence(event, options);
  return law === null ? said : words(options).withLaw(said, law);
}

/**
 * What a revoke's penalty does, the sides named as the viewer reads them: three tricks taken from the
 * revokers and given to the other side, three points off the revokers' score, or three added to the other
 * side's (law 72).
 *
 * @param penalty - `tricks`, `deduct` or `add`
 * @param revokers - the side that revoked
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the words
 * @example
 * ```ts
 * import { penaltyText } from 'whist/words';
 *
 * penaltyText('tricks', 'EW', { viewer: 'S' }); // 'three tricks taken from East and West and given to your side'
 * penaltyText('add', 'EW', { style: 'short' }); // "three points added to NS's score"
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 72 ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Revokes").
 * @group Words
 */
export function penaltyText(penalty: RevokePenalty['penalty'], revokers: Side, options: WordsOptions = {}): string {
  return words(options).penalty(penalty, revokers, speaker(options));
}

/**
 * The few words of a penalty's button: "Three tricks", "Three off their score", "Three to ours".
 *
 * @param penalty - `tricks`, `deduct` or `add`
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the words
 * @example
 * ```ts
 * import { penaltyLabel } from 'whist/words';
 *
 * penaltyLabel('deduct'); // 'Three off their score'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 72.
 * @group Words
 */
export function penaltyLabel(penalty: RevokePenalty['penalty'], options: WordsOptions = {}): string {
  return words(options).penaltyLabels[penalty];
}

/**
 * One revoke of a finished hand (`TableView.revokes`): who revoked, in which trick, with which card.
 *
 * @param revoke - a revoke of `TableView.revokes`
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { revokeSentence } from 'whist/words';
 *
 * revokeSentence({ seat: 'S', card: '5C', trick: 3, penalty: null }, { viewer: 'S' }); // 'You revoked in trick 3: the five of clubs, though you held the suit led.'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 71 (a revoke).
 * @group Words
 */
export function revokeSentence(revoke: RevokeView, options: WordsOptions = {}): string {
  return words(options).revoke(revoke, speaker(options));
}

/**
 * The heading over a hand's revokes: "A revoke", "2 revokes".
 *
 * @param count - how many revokes
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the heading
 * @example
 * ```ts
 * import { revokesHeading } from 'whist/words';
 *
 * revokesHeading(1); // 'A revoke'
 * ```
 * @group Words
 */
export function revokesHeading(count: number, options: WordsOptions = {}): string {
  return words(options).revokesHeading(count);
}

/**
 * A claim of a revoke's penalty, in one sentence: who claims it, whose revoke, and what the penalty does.
 *
 * @param claim - the claimer (of the side that did not revoke), the revoke's card, the penalty
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { revokeClaimSentence } from 'whist/words';
 *
 * revokeClaimSentence({ seat: 'W', card: '5C', penalty: 'tricks' }, { viewer: 'S' });
 * // 'West claims your revoke of the five of clubs (law 72): three tricks taken from your side and given to East and West.'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 72.
 * @group Words
 */
export function revokeClaimSentence(claim: RevokeClaim, options: WordsOptions = {}): string {
  return words(options).revokeClaim(claim, speaker(options));
}

/**
 * A card dropped face up, an exposed card; and, when the other side called it at once, that its holder must
 * play it as soon as that is no revoke.
 *
 * @param drop - who dropped which card, and whether it is called
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { exposeSentence } from 'whist/words';
 *
 * exposeSentence({ seat: 'S', card: '7C', called: false }, { viewer: 'S' }); // 'You drop the seven of clubs face up: an exposed card (law 56).'
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 56, 64-65.
 * @group Words
 */
export function exposeSentence(drop: ExposedDrop, options: WordsOptions = {}): string {
  return words(options).exposeDropped(drop, speaker(options));
}

/**
 * An exposed card called by the other side: its holder must play it as soon as that is no revoke.
 *
 * @param call - who calls, whose card it is (`null` when not known), and the card
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { exposedCallSentence } from 'whist/words';
 *
 * exposedCallSentence({ caller: 'W', holder: 'S', card: '5C' }, { viewer: 'S', style: 'short' });
 * // 'W calls your exposed 5♣: you must play it as soon as that is no revoke (laws 56, 64, 65).'
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 56, 64-65.
 * @group Words
 */
export function exposedCallSentence(call: ExposedCall, options: WordsOptions = {}): string {
  return words(options).exposedCall(call, speaker(options));
}

/**
 * Tricks of those left, in words: "all 4 tricks left", "2 of the 5 tricks left", "both tricks left", "the
 * last trick".
 *
 * @param tricks - the tricks named
 * @param left - the tricks left
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the words
 * @example
 * ```ts
 * import { tricksSaid } from 'whist/words';
 *
 * tricksSaid(2, 2); // 'both tricks left'
 * ```
 * @group Words
 */
export function tricksSaid(tricks: number, left: number, options: WordsOptions = {}): string {
  return words(options).tricksSaid(tricks, left);
}

/**
 * A claim or concession as said (without a full stop): "East claims all 4 tricks left", "You concede 2 of
 * the 5 tricks left".
 *
 * @param claim - the view's `claim`
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { claimSentence } from 'whist/words';
 *
 * claimSentence({ type: 'concede', seat: 'S', tricks: 2, left: 5, status: 'pending' }, { viewer: 'S' }); // 'You concede 2 of the 5 tricks left'
 * ```
 * @remarks Source: Hoyle's laws of Long Whist, law 24, and [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions".
 * @group Words
 */
export function claimSentence(claim: ClaimFacts, options: WordsOptions = {}): string {
  return words(options).claim(claim, speaker(options));
}

/**
 * What became of a claim, in one sentence; `null` while it waits for its answer.
 *
 * @param claim - the claim (the view's `claim`)
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence, or `null`
 * @example
 * ```ts
 * import { claimOutcome } from 'whist/words';
 *
 * claimOutcome({ type: 'claim', seat: 'E', tricks: 3, left: 3, status: 'refused' }); // 'East claims all 3 tricks left: refused, the hand is played on.'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions".
 * @group Words
 */
export function claimOutcome(claim: ClaimFacts, options: WordsOptions = {}): string | null {
  return words(options).claimOutcome(claim, speaker(options));
}

/**
 * A claim played on, the check having found a layout of the cards the claimer could not see on which the
 * claim fails: what the claimer's side takes there, and that no other way of playing the claimer's cards
 * does better. `layout` comes before the layout is shown, `line` after the line of play that beats it.
 *
 * @param refused - the claim played on, the tricks its side claimed, and those it took on the layout found
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the two sentences
 * @example
 * ```ts
 * import { refusedClaimSentences } from 'whist/words';
 *
 * const claim = { seat: 'W', left: 4 } as const;
 * const said = refusedClaimSentences({ claim, tricks: 4, taken: 3 }, { viewer: 'S', style: 'short' });
 * said.layout; // "If the cards W could not see lie like this, W's side takes only 3 of the 4"
 * said.line; // "any other way of playing W's cards loses too, here or on another layout"
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions" (the check reads only what the claimer could see).
 * @group Words
 */
export function refusedClaimSentences(refused: RefusedClaim, options: WordsOptions = {}): { readonly layout: string; readonly line: string } {
  const c = words(options);
  const s = speaker(options);
  return { layout: c.refusedLayout(refused, s), line: c.refusedLine(refused, s) };
}

/**
 * A claim played on because its check ran out of its budget before it could show the claim holds.
 *
 * @param checker - whose check: the computer players' (`computers`), or the server's (`server`)
 * @param refused - the claim played on, the tricks its side claimed, and those it took on the layout found
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the sentence
 * @example
 * ```ts
 * import { refusedUnproven } from 'whist/words';
 *
 * const claim = { seat: 'S', left: 5 } as const;
 * refusedUnproven({ claim, tricks: 5 }, 'computers', { viewer: 'S' });
 * // 'Within the time the computer players take to check a claim, it could not be shown that your side takes 5 tricks however the cards lie.'
 * ```
 * @group Words
 */
export function refusedUnproven(refused: RefusedClaim, checker: 'computers' | 'server', options: WordsOptions = {}): string {
  return words(options).refusedUnproven(refused, checker, speaker(options));
}

/**
 * What a hint's values rest on: how many layouts of the hidden cards were solved, or, when none could be
 * within the budgets, how many were played out instead (`CardValues.layouts`, `CardValues.playedOut` of
 * `whist/solver`).
 *
 * @param values - `layouts`, the layouts solved, and `playedOut`, those played out when none was solved
 * @param options - catalogue
 * @returns the phrase, to stand in a sentence
 * @example
 * ```ts
 * import { hintBasis } from 'whist/words';
 *
 * hintBasis({ layouts: 8, playedOut: 0 }); // '8 layouts of the hidden cards, each solved'
 * hintBasis({ layouts: 0, playedOut: 3 }).startsWith('3 layouts of the hidden cards, none of which could be solved'); // true
 * ```
 * @remarks Source: [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md), "Hints".
 * @group Words
 */
export function hintBasis(values: { readonly layouts: number; readonly playedOut: number }, options: WordsOptions = {}): string {
  return words(options).hintBasis(values.layouts, values.playedOut);
}

/**
 * The game score when a hand of a rubber began: 0–0 at the start of a game, else the score after the hand
 * before. What {@link explainHand} needs besides the hand.
 *
 * @param hands - the scored hands of the rubber (`view.hands`, `handSummaries`)
 * @param index - which hand
 * @returns the score, by side
 * @example
 * ```ts
 * import { scoreBefore } from 'whist/words';
 *
 * scoreBefore([], 0); // { NS: 0, EW: 0 }
 * ```
 * @group Words
 */
export function scoreBefore(hands: readonly HandSummary[], index: number): BySide {
  const previous = hands[index - 1];
  return previous === undefined || previous.game !== null ? { NS: 0, EW: 0 } : previous.score;
}

/**
 * Sentences that explain a scored hand: odd tricks, honours and why they did or did not count, revoke
 * penalties scored first, honours called at eight, points lost past the target, and the game it won with
 * its value. Every number is the library's (`HandSummary`); the sentences only say why.
 *
 * @param rules - the rules it was scored under
 * @param hand - the hand's summary (`handSummaries`, `view.hands`)
 * @param before - the game score when it began ({@link scoreBefore})
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns sentences, in order
 * @example
 * ```ts
 * import { addHandOrThrow, handSummaries, SHORT_WHIST, startRubberOrThrow } from 'whist';
 * import { explainHand } from 'whist/words';
 *
 * const rubber = addHandOrThrow(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 8, EW: 5 }, honours: { NS: 3, EW: 1 } });
 * explainHand(SHORT_WHIST, handSummaries(rubber)[0]!, { NS: 0, EW: 0 }).join(' ');
 * // 'NS took 8 tricks, EW 5: NS make 2 odd tricks = 2. NS held 3 honours = 2. This hand scores NS 4. Score: NS 4, EW 0 (game is 5).'
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 2-8 (scoring), 72 and 81-82 (revoke penalties);
 * Hoyle's laws of Long Whist, 16-21 (calling honours); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Scoring".
 * @group Words
 */
export function explainHand(rules: Rules, hand: HandSummary, before: BySide, options: WordsOptions = {}): string[] {
  return words(options).explainHand(rules, hand, before);
}

/**
 * Sentences that explain a finished rubber: who won it, by how many games, its rubber points and slams;
 * none while it goes on.
 *
 * @param rubber - a `TableView`, or the same facts of a rubber in a record
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns sentences, in order
 * @example
 * ```ts
 * import { explainRubber } from 'whist/words';
 *
 * explainRubber({ rules: {} as never, rubberWinner: null, gamesWon: { NS: 1, EW: 0 }, rubberPoints: null, games: [], hands: [] }); // []
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 8-9 (the rubber).
 * @group Words
 */
export function explainRubber(rubber: RubberFacts, options: WordsOptions = {}): string[] {
  return words(options).explainRubber(rubber);
}

/**
 * A game's value: "a treble, worth 3", or "a game worth 5" where the rules' game values have no names.
 *
 * @param rules - the rules
 * @param value - the game's value
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the words
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { gameValueText } from 'whist/words';
 *
 * gameValueText(SHORT_WHIST, 3); // 'a treble, worth 3'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 8 (treble, double, single).
 * @group Words
 */
export function gameValueText(rules: Rules, value: number, options: WordsOptions = {}): string {
  return words(options).gameValue(rules, value);
}

/**
 * A game's value by name: "treble", "double", "single", or "a game worth 5" where the rules' game values
 * have no names.
 *
 * @param rules - the rules
 * @param value - the game's value
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the name
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { gameValueName } from 'whist/words';
 *
 * gameValueName(SHORT_WHIST, 1); // 'single'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 8 (treble, double, single).
 * @group Words
 */
export function gameValueName(rules: Rules, value: number, options: WordsOptions = {}): string {
  return words(options).gameValueName(rules, value);
}

/**
 * The name of a game's rules as players say it: a preset's title (`Short Whist`), with "by the laws" when
 * the preset is played under the laws of irregularities (rules named as the command line and the page name
 * them, `short-ruled`), or the rules' own name otherwise. Never a code name such as `short-ruled`.
 *
 * @param rules - the rules
 * @param options - catalogue, style and viewer (the style does not change the name)
 * @returns the name
 * @example
 * ```ts
 * import { defineRulesOrThrow, LONG_WHIST, SHORT_WHIST } from 'whist';
 * import { rulesTitle } from 'whist/words';
 *
 * rulesTitle(LONG_WHIST); // 'Long Whist'
 * rulesTitle(defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' })); // 'Short Whist by the laws'
 * rulesTitle(defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } })); // 'Whist, “house” rules'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets" and "Irregularities".
 * @group Words
 */
export function rulesTitle(rules: Rules, options: WordsOptions = {}): string {
  const c = words(options);
  const name = rules.name;
  const own = Object.hasOwn(c.presetTitles, name) ? c.presetTitles[name] : undefined;
  if (own !== undefined) return rules.irregularities === 'ruled' ? c.byTheLaws(own) : own;
  const base = name.endsWith('-ruled') ? name.slice(0, -'-ruled'.length) : null;
  const title = base !== null && Object.hasOwn(c.presetTitles, base) ? c.presetTitles[base] : undefined;
  if (title !== undefined && rules.irregularities === 'ruled') return c.byTheLaws(title);
  return c.otherRules(name);
}

/**
 * The rows of the rules table for one rules object: each setting's id, its label, its value as `whist rules`
 * prints it, and what it means.
 *
 * @param rules - the rules
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the rows, in order
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { ruleRows } from 'whist/words';
 *
 * ruleRows(SHORT_WHIST)[0]; // { id: 'target', label: 'target', value: '5', meaning: 'The points a side needs to win a game.' }
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets".
 * @group Words
 */
export function ruleRows(rules: Rules, options: WordsOptions = {}): { id: string; label: string; value: string; meaning: string }[] {
  return words(options).ruleRows.map((row) => ({ id: row.id, label: row.label, value: row.value(rules), meaning: row.meaning }));
}

/**
 * The presets (or any rules objects) side by side as a Markdown table, as [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) shows them and
 * `whist rules --markdown` prints them.
 *
 * @param presets - rules objects by name; the library's presets unless told
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the Markdown table
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { rulesTable } from 'whist/words';
 *
 * rulesTable({ short: SHORT_WHIST }).split('\n')[2]; // '| target | 5 |'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets".
 * @group Words
 */
export function rulesTable(presets: Readonly<Record<string, Rules>> = PRESETS, options: WordsOptions = {}): string {
  const rows = words(options).ruleRows;
  const names = Object.keys(presets);
  const lines = [`| field | ${names.join(' | ')} |`, `|---|${names.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.label} | ${names.map((n) => row.value(presets[n] as Rules)).join(' | ')} |`);
  return lines.join('\n');
}

/** Splits a cell into lines of at most `width` characters, at spaces (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && [...last].length + 1 + [...word].length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The presets side by side as aligned columns of text, for a terminal, as `whist rules` prints them: a row
 * per setting, a column per preset, long values wrapped within their column (`cellWidth` characters) so
 * that the table fits in about 100 columns.
 *
 * @param presets - rules objects by name; the library's presets unless told
 * @param cellWidth - the widest a cell may be, in characters (14 unless told)
 * @param options - catalogue, style (`long` unless told) and viewer
 * @returns the table, a line per row
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { rulesText } from 'whist/words';
 *
 * rulesText({ short: SHORT_WHIST }).split('\n')[2]; // 'target                5'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets".
 * @group Words
 */
export function rulesText(presets: Readonly<Record<string, Rules>> = PRESETS, cellWidth = 14, options: WordsOptions = {}): string {
  const names = Object.keys(presets);
  const table = words(options).ruleRows;
  const rows = [['', ...names], ...table.map((row) => [row.label, ...names.map((n) => row.value(presets[n] as Rules))])];
  const cells = rows.map((row) => row.map((cell, c) => (c === 0 ? [cell] : wrap(cell, cellWidth))));
  const width = (c: number) => Math.max(...cells.flatMap((row) => (row[c] as string[]).map((l) => [...l].length)));
  const widths = names.map((_, i) => width(i + 1));
  widths.unshift(width(0));
  const lines: string[] = [];
  cells.forEach((row, r) => {
    const height = Math.max(...row.map((cell) => cell.length));
    for (let k = 0; k < height; k++) {
      lines.push(
        row
          .map((cell, c) => {
            const text = cell[k] ?? '';
            return text + ' '.repeat((widths[c] as number) - [...text].length);
          })
          .join('  ')
          .trimEnd(),
      );
    }
    if (r === 0) lines.push(widths.map((w) => '─'.repeat(w)).join('  '));
  });
  return lines.join('\n');
}
