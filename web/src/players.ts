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

import type { Card, PlayerView } from 'whist';
import type { CardValue, SamplingLevel } from 'whist/solver';

/** What the page asks the players' Worker. */
export type PlayersRequest =
  | { readonly id: number; readonly kind: 'play'; readonly view: PlayerView; readonly level: SamplingLevel; readonly seed: number }
  | { readonly id: number; readonly kind: 'values'; readonly view: PlayerView; readonly level: SamplingLevel; readonly seed: number }
  | { readonly id: number; readonly kind: 'review'; readonly views: readonly PlayerView[]; readonly level: SamplingLevel; readonly seed: number };

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
  | { readonly id: number; readonly kind: 'values'; readonly values: readonly CardValue[]; readonly layouts: number }
  | { readonly id: number; readonly kind: 'review'; readonly values: readonly (readonly CardValue[])[] }
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
