/**
 * The languages of `whist play`: the command line's own catalogue (`CliCatalogue`, one per language) beside
 * the library's (`whist/words`), the language read from `--language` or the environment, and cards and seats
 * as the terminal prints them in the language (`D♥` for the German Dame, `V♠` for the French valet).
 *
 * @module
 */

import { type Card, cardRank, cardSuit, formatCard, parseCard, type Seat, type Suit } from '../../index.js';
import { type Catalogue, DE, EN, eventLaw, FR, LANGUAGES, type Language, type Speaker, speaker } from '../../words/index.js';
import type { CliCatalogue } from './catalogue.js';
import { DE_CLI } from './de.js';
import { EN_CLI } from './en.js';
import { FR_CLI } from './fr.js';

export type { CliCatalogue } from './catalogue.js';
export { DE_CLI } from './de.js';
export { EN_CLI } from './en.js';
export { FR_CLI } from './fr.js';

/** What `whist play` says in one language: its own sentences (`cli`) and the game's (`game`, the library's catalogue). */
export interface Tongue {
  readonly language: Language;
  readonly cli: CliCatalogue;
  readonly game: Catalogue;
}

/** English, the default. */
export const ENGLISH: Tongue = { language: 'en', cli: EN_CLI, game: EN };

const TONGUES: Readonly<Record<Language, Tongue>> = {
  en: ENGLISH,
  de: { language: 'de', cli: DE_CLI, game: DE },
  fr: { language: 'fr', cli: FR_CLI, game: FR },
};

/** The command line's catalogues, by language. */
export const CLI_CATALOGUES: Readonly<Record<Language, CliCatalogue>> = { en: EN_CLI, de: DE_CLI, fr: FR_CLI };

/** What `whist play` says in a language. */
export function tongue(language: Language): Tongue {
  return TONGUES[language];
}

/** A language as `--language` names it (`en`, `de`, `fr`, in any case), or `null`. */
export function readLanguage(text: string): Language | null {
  const t = text.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(t) ? (t as Language) : null;
}

/**
 * The language of the environment, as POSIX programs read it: the first of `LC_ALL`, `LC_MESSAGES` and
 * `LANG` that is set and not empty; its language part (`de_DE.UTF-8` is German, `fr_FR` French); English for
 * `C`, `POSIX`, none, or a language `whist play` does not speak.
 */
export function environmentLanguage(env: Readonly<Record<string, string | undefined>>): Language {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  const code = value === undefined ? null : /^([a-z]{2,3})(?:[_.@-]|$)/i.exec(value)?.[1];
  return (code === undefined || code === null ? null : readLanguage(code)) ?? 'en';
}

const SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card as its face prints it in the language: `Q♥`, `10♦`; `D♥` in German and French. */
export function cardIn(t: Tongue, card: Card): string {
  if (t.language === 'en') return formatCard(card, { symbols: true, ten: '10' });
  return `${t.game.names.letters[cardRank(card)]}${SYMBOLS[cardSuit(card)]}`;
}

/** A seat as the terminal names it in the language: `W` in English, `West` in German, `Ouest` in French. */
export function seatIn(t: Tongue, seat: Seat): string {
  return t.cli.seats[seat];
}

/**
 * The library's {@link Speaker} for the terminal in the language, said to `viewer`: cards as their faces print
 * them in the language, seats as {@link seatIn} names them. In English it is `whist/words`' short style itself.
 */
export function speakerIn(t: Tongue, viewer: Seat | null): Speaker {
  const base = speaker({ catalogue: t.game, viewer, style: 'short' });
  if (t.language === 'en') return base;
  const you = t.game.names.you;
  const seat = (s: Seat) => seatIn(t, s);
  return { ...base, seat, who: (s) => (s === viewer ? you.subject : seat(s)), whom: (s) => (s === viewer ? you.object : seat(s)) };
}

/** An event of the hand with the law it stands on, in the language (as `eventWithLaw` of `whist/words`). */
export function eventIn(t: Tongue, event: Parameters<typeof eventLaw>[0], viewer: Seat | null): string {
  const say = t.game.events[event.type] as (e: typeof event, s: Speaker) => string;
  const said = say(event, speakerIn(t, viewer));
  const law = eventLaw(event);
  return law === null ? said : t.game.withLaw(said, law);
}

/**
 * A card typed by the person: as `parseCard` reads it (`QH`, `qh`, `10h`, `♥Q`, `Q♥`), or, in German and
 * French, with the rank as the language's cards print it (`DH`, `D♥`, `♥D` for the Dame; French `RC` for the
 * roi, `VS` for the valet). Suits are typed as letters `S H D C` or as symbols in every language.
 */
export function readCardIn(t: Tongue, text: string): Card | null {
  const read = parseCard(text);
  if (read.ok) return read.value;
  if (t.language === 'en') return null;
  const letters = t.game.names.letters;
  const own = new Map<string, string>();
  for (const [rank, letter] of Object.entries(letters)) if (letter !== rank && letter.length === 1) own.set(letter.toUpperCase(), rank);
  const s = text.replace(/\uFE0F/g, '').trim();
  for (const i of [0, s.length - 1]) {
    const rank = own.get((s[i] ?? '').toUpperCase());
    if (rank === undefined) continue;
    const again = parseCard(`${s.slice(0, i)}${rank}${s.slice(i + 1)}`);
    if (again.ok) return again.value;
  }
  return null;
}
