/**
 * The shape of a catalogue of sentences: one per language, each message named by its id and written as a
 * function from the facts it says to the sentence. A new language is one more object of this type; the
 * type checker says which messages it still lacks.
 *
 * @module
 */

import type {
  BySide,
  Card,
  ClaimView,
  HandEvent,
  HandSummary,
  NewDealGround,
  Rank,
  RevokePenalty,
  RevokeView,
  Rules,
  Seat,
  Side,
  Suit,
  TableView,
} from '../index.js';

/**
 * The languages the catalogue has sentences in: English, German and French.
 *
 * @example
 * ```ts
 * import { LANGUAGES } from 'whist/words';
 *
 * LANGUAGES; // ['en', 'de', 'fr']
 * ```
 * @group Words
 */
export const LANGUAGES = ['en', 'de', 'fr'] as const;

/**
 * A language the catalogue has sentences in: one of {@link LANGUAGES}.
 *
 * @group Words
 */
export type Language = (typeof LANGUAGES)[number];

/**
 * How a sentence names seats and cards: `long`, as the page says them (`West`, `queen of hearts`), or
 * `short`, as the command line prints them (`W`, `Q♥`).
 *
 * @example
 * ```ts
 * import { cardName, type Style } from 'whist/words';
 *
 * const style: Style = 'short';
 * cardName('QH', { style }); // 'Q♥'
 * ```
 * @group Words
 */
export type Style = 'long' | 'short';

/**
 * Who reads a sentence, and how it is said: the `catalogue` it is said from ({@link EN} unless told; {@link DE}
 * and {@link FR} are imported by name, so that a program pays only for the languages it imports), the
 * `style` of the names in it (`long` unless told), and the `viewer`, the seat the sentence is said to
 * (named "you"; `null` or absent for a spectator or a log).
 *
 * @example
 * ```ts
 * import { claimSentence, DE, type WordsOptions } from 'whist/words';
 *
 * const options: WordsOptions = { viewer: 'E', style: 'long' };
 * claimSentence({ type: 'claim', seat: 'E', tricks: 4, left: 4, status: 'pending' }, options); // 'You claim all 4 tricks left'
 * claimSentence({ type: 'claim', seat: 'W', tricks: 4, left: 4, status: 'pending' }, { ...options, catalogue: DE }); // 'West beansprucht alle 4 übrigen Stiche'
 * ```
 * @group Words
 */
export interface WordsOptions {
  /** The catalogue the sentence is said from: `EN` unless told. */
  readonly catalogue?: Catalogue | undefined;
  readonly style?: Style | undefined;
  readonly viewer?: Seat | null | undefined;
}

/**
 * What a message is given besides its facts: the names of seats, sides and cards in the sentence's style,
 * and the seat it is said to. Made by the words module from a catalogue's `names` and the caller's options.
 *
 * @group Words
 */
export interface Speaker {
  /** The seat the sentence is said to, or `null`. */
  readonly viewer: Seat | null;
  readonly style: Style;
  /** A seat's name: `West`, or `W` in the short style. */
  seat(seat: Seat): string;
  /** A seat as the subject of a sentence: `You` for the viewer, else its name. */
  who(seat: Seat): string;
  /** A seat elsewhere in a sentence: `you` for the viewer, else its name. */
  whom(seat: Seat): string;
  /** Whether the seat is the viewer's. */
  you(seat: Seat): boolean;
  /** A card: `queen of hearts`, or `Q♥` in the short style. */
  card(card: Card): string;
  /** A side, as the viewer reads it: `your side`, else `North and South` (`NS` in the short style). */
  side(side: Side): string;
}

/** The facts of a rubber that its explanation reads: a `TableView`, or the same facts of a rubber in a record. */
export type RubberFacts = Pick<TableView, 'rules' | 'rubberWinner' | 'gamesWon' | 'rubberPoints' | 'games' | 'hands'>;

/** The facts of a claim or concession that its sentences read: a `ClaimView` will do. */
export type ClaimFacts = Pick<ClaimView, 'type' | 'seat' | 'tricks' | 'left' | 'status'>;

/** A claim of a revoke's penalty: who claims it, the revoke's card, the penalty. */
export interface RevokeClaim {
  readonly seat: Seat;
  readonly card: Card;
  readonly penalty: RevokePenalty['penalty'];
}

/** A card dropped face up: whose, which, and whether the other side called it at once. */
export interface ExposedDrop {
  readonly seat: Seat;
  readonly card: Card;
  readonly called: boolean;
}

/** An exposed card called: who calls it, whose it is (`null` when not known), which. */
export interface ExposedCall {
  readonly caller: Seat;
  readonly holder: Seat | null;
  readonly card: Card;
}

/** The facts of a claim played on that its sentences read: the claim, and what the check found on one layout. */
export interface RefusedClaim {
  readonly claim: Pick<ClaimView, 'seat' | 'left'>;
  /** The tricks the claimer's side took on the layout found; absent when the check ran out of its budget. */
  readonly taken?: number | undefined;
  /** The tricks the claimer's side claimed (for a concession of fewer than all, the rest). */
  readonly tricks: number;
}

/** A row of the rules table: its id, its label, its value for one rules object, and what it means. */
export interface RuleRowWords {
  readonly id: string;
  readonly label: string;
  value(rules: Rules): string;
  readonly meaning: string;
}

/**
 * A catalogue: every sentence the table says, in one language, keyed by message id. Each message takes the
 * facts (the library's own values) and a {@link Speaker}, and returns the sentence.
 *
 * @group Words
 */
export interface Catalogue {
  /** The language it speaks. */
  readonly language: Language;
  /** Names of seats, suits, ranks and sides, and how a card is named from its rank and suit. */
  readonly names: {
    readonly seats: Readonly<Record<Seat, string>>;
    readonly suits: Readonly<Record<Suit, string>>;
    readonly ranks: Readonly<Record<Rank, string>>;
    /** The ranks as a card's face prints them in the language: `Q` in English, `D` (Dame) in German and French. */
    readonly letters: Readonly<Record<Rank, string>>;
    readonly sides: Readonly<Record<Side, string>>;
    /** `your side`. */
    readonly yourSide: string;
    /** The viewer, as the subject of a sentence (`You`) and elsewhere in it (`you`). */
    readonly you: { readonly subject: string; readonly object: string };
    card(rank: string, suit: string): string;
  };
  /** One event of a hand's log, by its kind. */
  readonly events: { readonly [K in HandEvent['type']]: (event: Extract<HandEvent, { type: K }>, s: Speaker) => string };
  /** Why a new deal was claimed. */
  readonly grounds: Readonly<Record<NewDealGround, string>>;
  /** A sentence with the law it stands on. */
  withLaw(sentence: string, law: string): string;
  /** What a revoke's penalty does, the revokers named as the viewer reads them (law 72). */
  penalty(penalty: RevokePenalty['penalty'], revokers: Side, s: Speaker): string;
  /** The penalties, each with a button's few words. */
  readonly penaltyLabels: Readonly<Record<RevokePenalty['penalty'], string>>;
  /** One revoke of the hand: who, which trick, which card. */
  revoke(revoke: RevokeView, s: Speaker): string;
  /** The heading of a hand's revokes: "A revoke", "2 revokes". */
  revokesHeading(count: number): string;
  /** A card dropped face up, an exposed card, and whether the other side has called it (laws 56, 64-65). */
  exposeDropped(drop: ExposedDrop, s: Speaker): string;
  /** An exposed card called by the other side: its holder must play it as soon as that is no revoke (laws 56, 64-65). */
  exposedCall(call: ExposedCall, s: Speaker): string;
  /** A claim of a revoke's penalty, in one sentence. */
  revokeClaim(claim: RevokeClaim, s: Speaker): string;
  /** "all 4 tricks left", "2 of the 5 tricks left". */
  tricksSaid(tricks: number, left: number): string;
  /** A claim or concession as said: "East claims all 4 tricks left". */
  claim(claim: ClaimFacts, s: Speaker): string;
  /** What became of a claim; `null` while it waits. */
  claimOutcome(claim: ClaimFacts, s: Speaker): string | null;
  /** A claim played on, the check having found a layout that beats it: the layout's sentence. */
  refusedLayout(refused: RefusedClaim, s: Speaker): string;
  /** A claim played on: any other way of playing the claimer's cards loses too. */
  refusedLine(refused: RefusedClaim, s: Speaker): string;
  /** A claim played on, the check having run out of its budget first; `checker` says whose check it was. */
  refusedUnproven(refused: RefusedClaim, checker: 'computers' | 'server', s: Speaker): string;
  /** What a hint's values rest on: "8 layouts of the hidden cards, each solved", or layouts played out. */
  hintBasis(layouts: number, playedOut: number): string;
  /** The sentences that explain a scored hand, from its summary and the game score before it. */
  explainHand(rules: Rules, hand: HandSummary, before: BySide): string[];
  /** The sentences that explain a finished rubber; none while it goes on. */
  explainRubber(rubber: RubberFacts): string[];
  /** A game's value: "a treble, worth 3", or "a game worth 5" where the rules' values have no names. */
  gameValue(rules: Rules, value: number): string;
  /** A game's value by name: "treble", or "a game worth 5" where the rules' values have no names. */
  gameValueName(rules: Rules, value: number): string;
  /** The rows of the rules table. */
  readonly ruleRows: readonly RuleRowWords[];
  /** The presets' names as players say them ("Short Whist"), by preset name. */
  readonly presetTitles: Readonly<Record<string, string>>;
  /** A preset's title played under the laws of irregularities ("Short Whist by the laws"). */
  byTheLaws(title: string): string;
  /** Rules of another name (`house`): how they are named. */
  otherRules(name: string): string;
}
