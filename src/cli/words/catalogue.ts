/**
 * The shape of the command line's own catalogue: every sentence `whist play` says that is not the library's
 * (`whist/words` says the game's events, claims, revokes and scores), one object per language. Cards and
 * seats reach each message already written as the terminal prints them (`D♥`, `Ost`); the commands typed
 * (`hint`, `claim`, `quit`, …) are the same in every language, and the help says them as they are typed.
 * A message missing from a language is a type error.
 *
 * @module
 */

import type { Rules, Seat, Suit, WhistErrorInfo } from '../../index.js';
import type { Language } from '../../words/index.js';

/** Every sentence of `whist play` that is the command line's own, in one language. */
export interface CliCatalogue {
  readonly language: Language;
  /** The seats as the terminal names them: `N E S W` in English, the seats' names in German and French. */
  readonly seats: Readonly<Record<Seat, string>>;
  /** A number with `digits` decimals, as the language writes it: `0.50`, `0,50`. */
  decimal(n: number, digits: number): string;
  /** Cards one of which is meant: `Q♥ or 5♣`. */
  either(items: readonly string[]): string;

  // The game: its start, its end, stopping.
  /** The first line: the rules, the seed, where the person sits. */
  welcome(rules: Rules, seed: string | number, seat: string, partner: string): string;
  readonly typeHelp: string;
  readonly inputEnded: string;
  readonly stopped: string;
  /** After Ctrl-C. */
  readonly interrupted: string;
  /** Where the hands played so far are kept (`--out`). */
  keptIn(path: string): string;
  /** "no trumps", "hearts are trumps". */
  trumps(suit: Suit | null): string;
  /** A hand begins: who deals, the turn-up, trumps, the score. */
  handStart(hand: number, dealer: string, turnUp: string | null, trumps: string, score: string): string;
  /** A hand ends: its tricks, and the last ones claimed or conceded. */
  handEnd(hand: number, tricks: string, early: { readonly left: number; readonly type: 'claim' | 'concede' } | null): string;
  /** The rubber's end: its winner, its games (`NS treble, EW single`), its rubber points. */
  rubberEnd(winner: string | null, games: string, points: number | null): string;

  // The person's turn.
  readonly youLead: string;
  trickSoFar(cards: string): string;
  yourCards(cards: string): string;
  /** The line under the person's cards: who leads or the trick so far, the turn-up, the tricks. */
  turnLine(so: string, turnUp: { readonly card: string; readonly dealer: string } | null, tricks: string): string;
  readonly cardPrompt: string;
  /** A finished trick: `E leads: E J♠, S 4♠, W 9♠, N A♠; won by N`. */
  trick(leader: string, cards: string, winner: string): string;
  /** `Trick 3: …`, with the trick's text. */
  trickLine(trick: number, text: string): string;
  readonly noTrickYet: string;
  scoreLine(score: string, target: number, games: string, hand: number, trumps: string, tricks: string): string;

  // Cards typed.
  noNumber(typed: string, count: number): string;
  playedAlready(card: string, typed: string): string;
  notACard(typed: string): string;
  notHeld(card: string): string;
  /** You must follow suit: the suit led's name, or `null` when not known. */
  mustFollow(suit: string | null): string;
  /** A refusal of the library's, by its code; `dot` when the English message is followed by a full stop. */
  refused(error: WhistErrorInfo, dot: boolean): string;

  // Hints and the review.
  hintHeading(side: string, basis: string): string;
  readonly hintBest: string;
  hintLess(less: string): string;
  reviewHeading(costly: number): string;
  reviewCost(cost: string, best: string, bestTricks: string, mine: string): string;
  readonly reviewBestSeen: string;
  reviewDoubleDummy(cost: number, best: string): string;
  readonly reviewDoubleDummyNone: string;
  reviewRow(trick: number, card: string, seen: string, doubleDummy: string): string;

  // Help.
  readonly help: readonly string[];
  readonly lawsHelp: string;
  readonly exposeHelp: string;
  readonly takeBackHelp: string;
  readonly callingHelp: string;
  readonly electHelp: readonly string[];

  // Claims.
  /** A hand face up: `W's cards, face up: ♥ A  ♦ 10.` */
  faceUp(seat: string, cards: string): string;
  /** A hand without a card. */
  readonly noCards: string;
  claimShowing(claim: string, cards: string): string;
  readonly answerPrompt: string;
  notAnAnswer(typed: string): string;
  readonly youAccept: string;
  readonly youPlayOn: string;
  accept(seats: readonly string[]): string;
  playsOn(seat: string): string;
  claimRange(type: 'claim' | 'concede', left: number, said: string): string;
  notTricks(typed: string, type: 'claim' | 'concede'): string;
  /** The viewer in a refused claim's line of play: `won by you`. */
  readonly you: string;
  mightHold(seat: string, cards: string): string;
  beatsTheClaim(line: string): string;
  counterTrick(trick: number, plays: string, winner: string): string;

  // Revokes taken back, honours called (laws 73, 76; Hoyle 16-21).
  revokeTakeBack(card: string): string;
  readonly takeBackPrompt: string;
  revokeStands(card: string): string;
  notATakeBackAnswer(typed: string): string;
  revokeStillTakeBack(card: string): string;
  readonly mayCallHonours: string;
  partnerCalls(partner: string, canAnswer: boolean): string;
  readonly mayNotCall: string;
  readonly noHonour: string;
  readonly partnerNotCalled: string;
  noAnswer(partner: string): string;
  readonly noRevokeToTakeBack: string;
  mustPlayNow(card: string): string;

  // Exposed cards (laws 56, 64-65).
  readonly exposeWhich: string;
  readonly calledMark: string;
  exposedCards(seat: string | null, count: number, cards: string): string;
  calledNow(cards: string, count: number): string;
  calledLater(cards: string): string;
  mustPlayCalled(cards: string, card: string): string;

  // Revokes and their penalties (laws 71-82).
  readonly revokeQuestion: string;
  notPlayed(card: string): string;
  revokesInHand(heading: string): string;
  electPrompt(cards: string): string;
  letPass(count: number): string;
  notARevokeClaim(typed: string): string;
  readonly nameTheRevoke: string;
  notACardToClaim(typed: string): string;
  notAPenalty(typed: string): string;
  notLeft(card: string, left: string): string;
}
