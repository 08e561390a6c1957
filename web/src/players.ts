/**
 * The computer players' messages between the page and their Worker (`players-worker.ts`): the card a
 * sampling player chooses from its own seat's view, and the expected tricks of each legal card from the
 * person's own view (the hint and the review). Only views cross: the Worker never sees a hidden card.
 *
 * The page imports only types from `whist/solver`: the sampling player is in the Worker's bundle, loaded the
 * first time a computer player thinks or the person asks for a hint.
 *
 * @module
 */

import type { Card, ClaimToCheck, PlayerView, Suit } from 'whist';
import type { CardValue, ClaimCheck, SamplingLevel } from 'whist/solver';
import type { PlayedTrick } from './dd.js';

/** What the page asks the players' Worker. */
export type PlayersRequest =
  /** The card of a computer player at a sampling level (`computerCard` of `whist/solver`), from its own view. */
  | { readonly id: number; readonly kind: 'play'; readonly view: PlayerView; readonly level: Exclude<SamplingLevel, 'expert'>; readonly seed: number }
  | { readonly id: number; readonly kind: 'values'; readonly view: PlayerView; readonly level: SamplingLevel; readonly seed: number }
  | {
      readonly id: number;
      /**
       * Does a claim hold (`checkSeatClaim` of `whist/solver`, within the library's `COMPUTER_CLAIM_NODES`):
       * the claimer's side takes `claim.tricks` of the tricks left. The claim comes as its claimer sees it
       * (their own cards, the cards played, the turn-up), so a computer player may ask it fairly, to answer a
       * claim or to make one.
       */
      readonly kind: 'claim';
      readonly claim: ClaimToCheck;
    }
  | {
      readonly id: number;
      readonly kind: 'review';
      /** The person's own view at each of their turns in the finished hand, and the card they played there. */
      readonly turns: readonly { readonly view: PlayerView; readonly played: Card }[];
      /** The finished hand, all of whose cards are public now: for the double-dummy cost. */
      readonly trump: Suit | null;
      readonly tricks: readonly PlayedTrick[];
      readonly level: SamplingLevel;
      readonly seed: number;
    };

/** A card the person played, reviewed: what it was worth from what they could see, and double dummy, beside the best card's. */
export interface ReviewedCard {
  /** The trick it was played to, from 1. */
  readonly trick: number;
  readonly card: Card;
  /** Its expected tricks for the person's side from there, from the person's own view. */
  readonly expected: number;
  /** The most expected tricks of any legal card there, and a card that has them. */
  readonly expectedBest: number;
  readonly bestCard: Card;
  /** Its double-dummy tricks for the side from there (every hand seen), and the best card's. */
  readonly dd: number;
  readonly ddBest: number;
  /** A card with the double-dummy best. */
  readonly ddBestCard: Card;
}

/** The card a computer player chose, and how long it thought, in milliseconds. */
export interface PlayersCard {
  readonly id: number;
  readonly kind: 'card';
  readonly card: Card;
  readonly ms: number;
}

/** What the Worker answers, for the request with the same `id`. */
export type PlayersReply =
  | PlayersCard
  | { readonly id: number; readonly kind: 'values'; readonly values: readonly CardValue[]; readonly layouts: number; readonly playedOut: number }
  | { readonly id: number; readonly kind: 'review'; readonly cards: readonly ReviewedCard[] }
  /** The claim's check: `null` when the budget ran out before it was decided (the claim is not shown to hold). */
  | { readonly id: number; readonly kind: 'claim'; readonly check: ClaimCheck | null }
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
