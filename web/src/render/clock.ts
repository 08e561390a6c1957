/**
 * A server table's turn clock on the page: a small countdown in the box of each seat whose time runs (the
 * server's `clock` beside the view: what is left, in milliseconds, when the answer was made), counted down
 * from when the page received it. It is drawn into the seat's box after each drawing of the table, and
 * again at each tick, so a drawing of the table in between never loses it. When it reaches 0 the server
 * gives the seat to a computer player, whose card the next view shows.
 *
 * @module
 */

import type { Seat } from 'whist';
import { h } from '../dom.js';
import { language, type PageLanguage } from '../i18n/index.js';
import { SEAT_NAMES } from '../names.js';
import type { Seen } from '../remote.js';

/** What the clock says to screen readers, in the page's languages (the countdown itself is minutes and seconds). */
export const CLOCK_WORDS: Readonly<Record<PageLanguage, { left(seat: string, seconds: number): string; out(seat: string): string }>> = {
  en: {
    left: (seat, seconds) => `${seat}: ${seconds} ${seconds === 1 ? 'second' : 'seconds'} left`,
    out: (seat) => `${seat}'s time is up: a computer player plays for them`,
  },
  de: {
    left: (seat, seconds) => `${seat}: noch ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}`,
    out: (seat) => `Die Zeit von ${seat} ist abgelaufen: ein Computerspieler spielt für ihn`,
  },
  fr: {
    left: (seat, seconds) => `${seat} : encore ${seconds} seconde${seconds > 1 ? 's' : ''}`,
    out: (seat) => `Le temps de ${seat} est écoulé : un joueur de l’ordinateur joue à sa place`,
  },
};

/** The page's turn clock for one table: `show` each answer's `clock`, `stop` when the page leaves the table. */
export interface TurnClockShown {
  show(clock: Seen['clock']): void;
  stop(): void;
}

/** The seconds at which the countdown turns urgent. */
const LOW_SECONDS = 10;
const TICK_MS = 250;

/** "0:27", "1:05": minutes and seconds, rounded up (a clock at 0.2 s still shows 0:01). */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Starts showing a table's turn clocks in `root` (the table's root element); `now` is a clock in milliseconds. */
export function turnClock(root: HTMLElement, now: () => number = () => performance.now()): TurnClockShown {
  /** When each running seat's clock runs out, on `now`'s clock. */
  let deadlines: Partial<Record<Seat, number>> = {};
  let kind: 'card' | 'decision' = 'card';
  let timer: ReturnType<typeof setInterval> | null = null;

  const paint = (): void => {
    const at = now();
    for (const old of root.querySelectorAll<HTMLElement>('.turn-clock')) if (deadlines[old.dataset.clockSeat as Seat] === undefined) old.remove();
    for (const [seat, deadline] of Object.entries(deadlines) as [Seat, number][]) {
      const box = root.querySelector<HTMLElement>(`.seat[data-seat="${seat}"]`);
      if (box === null) continue;
      const left = Math.max(0, deadline - at);
      const seconds = Math.ceil(left / 1000);
      let el = box.querySelector<HTMLElement>('.turn-clock');
      if (el === null) {
        el = h('span', { class: 'badge turn-clock', 'data-clock-seat': seat, role: 'timer' });
        (box.querySelector('.badges') ?? box).append(el);
      }
      const text = clockText(left);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.clockKind = kind;
      el.dataset.clockLeft = String(seconds);
      el.classList.toggle('low', seconds <= LOW_SECONDS);
      const words = CLOCK_WORDS[language()];
      const label = seconds > 0 ? words.left(SEAT_NAMES[seat], seconds) : words.out(SEAT_NAMES[seat]);
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    }
  };

  return {
    show(clock) {
      const at = now();
      deadlines = {};
      if (clock !== undefined) {
        kind = clock.kind;
        for (const [seat, left] of Object.entries(clock.left) as [Seat, number][]) deadlines[seat] = at + left;
      }
      paint();
      if (Object.keys(deadlines).length === 0) {
        if (timer !== null) clearInterval(timer);
        timer = null;
      } else timer ??= setInterval(paint, TICK_MS);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      deadlines = {};
      paint();
    },
  };
}
