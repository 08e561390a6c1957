/**
 * A button with a keyboard shortcut: the key is named for assistive technology (`aria-keyshortcuts`) and
 * printed on the button (`<kbd>`, hidden from screen readers, which read the shortcut instead).
 *
 * @module
 */

import { type Attrs, h } from '../dom.js';

/**
 * @param attrs - the button's attributes (`data-action` and the like); `type` and `class` are set here
 * @param key - the shortcut as `aria-keyshortcuts` names it: "ArrowLeft", "L"
 * @param keyLabel - the key as printed: "←", "L"
 */
export function keyButton(attrs: Attrs, label: string, key: string, keyLabel: string): HTMLElement {
  return h('button', { type: 'button', class: 'secondary', ...attrs, 'aria-keyshortcuts': key }, label, h('kbd', { 'aria-hidden': 'true' }, keyLabel));
}
