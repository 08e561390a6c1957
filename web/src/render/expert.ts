/**
 * The button that asks the expert (the `expert` level, seconds a card) for the same hint or review once the
 * game level's has come. It stays in its place once pressed, unavailable (`aria-disabled`) while the expert
 * works and once it has answered, so that the keyboard focus stays on it.
 *
 * @module
 */

import { h } from '../dom.js';

/** The labels of the button: to ask, while the expert works, once it has answered. */
export interface ExpertLabels {
  readonly ask: string;
  readonly asking: string;
  readonly answered: string;
}

/**
 * @param action - the button's `data-action`
 * @param state - `expert`: the expert has answered; `asking`: it works
 * @param noteId - the id of the element that says what asking costs (`aria-describedby`)
 */
export function expertButton(action: string, state: { readonly expert: boolean; readonly asking: boolean }, labels: ExpertLabels, noteId: string): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      'data-action': action,
      'aria-describedby': noteId,
      'aria-disabled': state.expert || state.asking ? 'true' : null,
    },
    state.expert ? labels.answered : state.asking ? labels.asking : labels.ask,
  );
}
