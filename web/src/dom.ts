/**
 * A small helper to build DOM nodes: `h('button', { class: 'card', 'data-card': 'QH' }, 'Q♥')`.
 *
 * Text is always set as text, never parsed as HTML, so a player's name from a server cannot inject markup.
 *
 * @module
 */

import morphdom from 'morphdom';

/** Attribute values: `false`, `null` and `undefined` leave the attribute out; `true` sets it empty. */
export type Attrs = Record<string, string | number | boolean | null | undefined>;

/** A child: a node, text, or nothing (skipped), or a list of these. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child as readonly Child[]) append(parent, c);
    return;
  }
  parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

/** Creates an element with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const c of children) append(el, c);
  return el;
}

/**
 * Puts `children` in `root` in place of what is there, changing only what differs (morphdom): an element
 * that stays keeps its identity, so its focus, its running animation and the browser's layout of it are
 * not thrown away and made again on every event.
 */
export function patchChildren(root: HTMLElement, ...children: Child[]): void {
  const next = document.createElement(root.tagName);
  for (const c of children) append(next, c);
  morphdom(root, next, {
    childrenOnly: true,
    onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
  });
}

/** A line that tells the person what went wrong, read out at once (`role="alert"`). */
export function alertLine(text: string): HTMLParagraphElement {
  return h('p', { class: 'error', role: 'alert' }, text);
}
