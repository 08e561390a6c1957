import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playHuman } from '../src/cli/human.js';
import { lawsRules } from '../src/cli/revokes.js';
import { cardText, trickText } from '../src/cli/text.js';
import {
  CLI_CATALOGUES,
  type CliCatalogue,
  EN_CLI,
  environmentLanguage,
  readCardIn,
  readLanguage,
  speakerIn,
  type Tongue,
  tongue,
} from '../src/cli/words/index.js';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  type HandState,
  handSummaries,
  heuristicPlayer,
  legalMoves,
  newTableOrThrow,
  playerViewOrThrow,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
/** The environment of a run: the caller's, without a language unless told. */
function environment(locale: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => name !== 'LC_ALL' && name !== 'LC_MESSAGES' && name !== 'LANG');
  return { ...Object.fromEntries(kept), ...locale };
}
const runWith = (input: string, args: readonly string[], locale: Readonly<Record<string, string>> = {}) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input, env: environment(locale) });

/** The values of a catalogue that are sentences (strings, and lists of them), by key. */
function sentences(c: CliCatalogue): [string, string][] {
  return Object.entries(c).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[key, value]] : Array.isArray(value) ? value.map((v, i): [string, string] => [`${key}[${i}]`, String(v)]) : [],
  );
}

describe('the command line’s catalogues', () => {
  it('English, German and French have the same keys, and no value is empty', () => {
    const keys = Object.keys(EN_CLI).sort();
    for (const [language, c] of Object.entries(CLI_CATALOGUES)) {
      expect(Object.keys(c).sort(), language).toEqual(keys);
      expect(c.language).toBe(language);
      for (const key of keys) {
        const value = (c as unknown as Record<string, unknown>)[key];
        const english = (EN_CLI as unknown as Record<string, unknown>)[key];
        expect(typeof value, `${language}.${key}`).toBe(typeof english);
        if (Array.isArray(english)) expect((value as unknown[]).length, `${language}.${key}`).toBe(english.length);
      }
      for (const [key, value] of sentences(c)) expect(value.trim(), `${language}.${key}`).not.toBe('');
      for (const seat of ['N', 'E', 'S', 'W'] as const) expect(c.seats[seat], `${language}.seats.${seat}`).not.toBe('');
      // A message said with ordinary facts is a sentence, never empty.
      expect(c.trumps('H')).not.toBe('');
      expect(c.trumps(null)).not.toBe('');
      expect(c.reviewHeading(2)).not.toBe('');
    }
  });

  it('German and French differ from English in every sentence but the few that are the same in every language', () => {
    const english = new Map(sentences(EN_CLI));
    for (const language of ['de', 'fr'] as const) {
      for (const [key, value] of sentences(CLI_CATALOGUES[language])) expect(value, `${language}.${key}`).not.toBe(english.get(key));
    }
  });

  it('reads --language and the environment: LC_ALL, then LC_MESSAGES, then LANG; English for C, POSIX, none or another', () => {
    expect(readLanguage('de')).toBe('de');
    expect(readLanguage(' FR ')).toBe('fr');
    expect(readLanguage('es')).toBeNull();
    expect(environmentLanguage({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(environmentLanguage({ LANG: 'fr_FR' })).toBe('fr');
    expect(environmentLanguage({ LANG: 'fr' })).toBe('fr');
    expect(environmentLanguage({ LC_ALL: 'fr_CA.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('fr');
    expect(environmentLanguage({ LC_ALL: '', LC_MESSAGES: 'de_AT', LANG: 'fr_FR' })).toBe('de');
    expect(environmentLanguage({ LC_ALL: 'C', LANG: 'de_DE.UTF-8' })).toBe('en');
    for (const value of ['C', 'POSIX', 'C.UTF-8', 'es_ES.UTF-8', 'en_GB.UTF-8', 'deutsch']) expect(environmentLanguage({ LANG: value }), value).toBe('en');
    expect(environmentLanguage({})).toBe('en');
  });

  it('reads a card with the language’s letters as well as in English', () => {
    const de = tongue('de');
    const fr = tongue('fr');
    expect(readCardIn(de, 'DH')).toBe('QH');
    expect(readCardIn(de, 'd♥')).toBe('QH');
    expect(readCardIn(de, '♥D')).toBe('QH');
    expect(readCardIn(de, 'DD')).toBe('QD');
    expect(readCardIn(de, 'BS')).toBe('JS');
    expect(readCardIn(de, 'QH')).toBe('QH');
    expect(readCardIn(de, '10h')).toBe('TH');
    expect(readCardIn(fr, 'RC')).toBe('KC');
    expect(readCardIn(fr, 'V♠')).toBe('JS');
    expect(readCardIn(fr, 'DH')).toBe('QH');
    expect(readCardIn(fr, 'KC')).toBe('KC');
    expect(readCardIn(tongue('en'), 'DH')).toBeNull();
    expect(readCardIn(de, 'XH')).toBeNull();
  });
});

/** The first hand of a seed with every seat playing `heuristicPlayer`'s cards, as `whist play` plays the others: south's cards, the tricks, the hand's score. */
function firstHand(seed: number): { person: Card[]; hand: HandState; table: ReturnType<typeof newTableOrThrow> } {
  let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' }), { type: 'deal' });
  const person: Card[] = [];
  let hand = currentHand(table) as HandState;
  for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand)) {
    const card = heuristicPlayer(playerViewOrThrow(hand, seat));
    if (seat === 'S') person.push(card);
    table = applyOrThrow(table, { type: 'play', seat, card });
    hand = currentHand(table) as HandState;
  }
  return { person, hand, table };
}

/** A card as a person of the language types it: its rank in the language's letter, its suit as a letter or a symbol. */
function typed(t: Tongue, card: Card, i: number): string {
  const rank = t.game.names.letters[card[0] as 'A'];
  const symbol = { S: '♠', H: '♥', D: '♦', C: '♣' }[card[1] as 'S'];
  return `${rank}${i % 2 === 0 ? card[1] : symbol}`;
}

/** Words of the English command line that a German or French game never prints (whole words: `bestätigen` is German). */
const ENGLISH = /(?<!\p{L})(You|Your|your|trick|Trick|tricks|leads|won by|Hand \d|Score|trumps|Expected|best|less|Type|Commands)(?!\p{L})/u;

describe.skipIf(!existsSync(cli))('whist play --language', () => {
  for (const language of ['de', 'fr'] as const) {
    it(`plays a whole hand in ${language === 'de' ? 'German' : 'French'}: hint, then 13 cards typed with the language’s letters`, () => {
      const t = tongue(language);
      const { person, hand, table } = firstHand(3);
      const input = `hint\n${person.map((c, i) => typed(t, c, i)).join('\n')}\nquit\n`;
      const r = runWith(input, ['play', '--seed', '3', '--language', language]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = r.stdout;
      const w = t.cli;
      expect(out.split('\n')[0]).toBe(w.welcome(SHORT_WHIST, 3, w.seats.S, w.seats.N));
      expect(out).toContain(w.typeHelp);
      expect(out).toContain(w.handStart(1, w.seats.N, hand.trumpCard === null ? null : cardText(hand.trumpCard, t), w.trumps(hand.trump), 'NS 0, EW 0'));
      expect(out).toContain(w.cardPrompt);
      expect(out).toContain(w.yourCards(''));
      // The hint: its heading in the language, its values with the decimal comma.
      expect(out).toContain(w.hintHeading('NS', '(').split('(')[0]);
      expect(out).toMatch(/^ {2}\d+:\S+ +\d+,\d\d/m);
      // Every trick, seats named and cards printed in the language.
      completedTricks(hand).forEach((trick, i) => {
        expect(out).toContain(w.trickLine(i + 1, trickText(trick, t)));
      });
      // The hand's score explained in the language (the library's catalogue).
      const summary = handSummaries(currentRubber(table))[0];
      if (summary === undefined) throw new Error('no hand scored');
      expect(out).toContain(w.handEnd(1, `NS ${summary.tricks.NS}, EW ${summary.tricks.EW}`, null));
      for (const sentence of t.game.explainHand(SHORT_WHIST, summary, { NS: 0, EW: 0 })) expect(out).toContain(`  ${sentence}`);
      expect(out).toContain(w.stopped);
      // Cards with the language's letters, never the English ones.
      expect(out).not.toMatch(language === 'de' ? /[QJ][♠♥♦♣]/ : /[KQJ][♠♥♦♣]/);
      expect(out).toMatch(language === 'de' ? /[DB][♠♥♦♣]/ : /[RDV][♠♥♦♣]/);
      // No sentence of the English command line.
      for (const [key, sentence] of sentences(EN_CLI)) if (sentence.trim().length >= 8) expect(out, key).not.toContain(sentence);
      expect(out).not.toMatch(ENGLISH);
    });
  }

  it('a card refused, a number refused, score, last and help are said in the language', () => {
    const r = runWith('XY\n99\nscore\nlast\nhelp\nquit\n', ['play', '--seed', '3', '--language', 'de']);
    expect(r.status).toBe(0);
    const w = tongue('de').cli;
    expect(r.stdout).toContain(w.notACard('XY'));
    expect(r.stdout).toContain(w.noNumber('99', 13));
    expect(r.stdout).toContain(w.noTrickYet);
    expect(r.stdout).toMatch(/^Stand NS 0, EW 0 \(die Partie bei 5\); Partien NS 0, EW 0\. Spiel 1: /m);
    for (const line of w.help) expect(r.stdout).toContain(line);
    expect(r.stdout).not.toMatch(ENGLISH);
  });

  it('LANG=de_DE.UTF-8 plays in German without the flag; LC_ALL comes first; --language en overrides the environment', () => {
    const english = runWith('quit\n', ['play', '--seed', '3']);
    expect(english.stdout).toContain(EN_CLI.cardPrompt);
    expect(english.stdout).toMatch(ENGLISH);
    const german = runWith('quit\n', ['play', '--seed', '3'], { LANG: 'de_DE.UTF-8' });
    expect(german.status).toBe(0);
    expect(german.stdout).toBe(runWith('quit\n', ['play', '--seed', '3', '--language', 'de']).stdout);
    expect(german.stdout).toContain(tongue('de').cli.cardPrompt);
    const french = runWith('quit\n', ['play', '--seed', '3'], { LC_ALL: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8' });
    expect(french.stdout).toContain(tongue('fr').cli.cardPrompt);
    const overridden = runWith('quit\n', ['play', '--seed', '3', '--language', 'en'], { LANG: 'de_DE.UTF-8' });
    expect(overridden.stdout).toBe(english.stdout);
    expect(runWith('quit\n', ['play', '--seed', '3'], { LANG: 'C' }).stdout).toBe(english.stdout);
  });

  it('a bad --language is a usage error: exit 2, one line naming the value and the languages, then the usage', () => {
    const r = runWith('quit\n', ['play', '--language', 'es']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const [first, blank, usage] = r.stderr.split('\n');
    expect(first).toBe('whist: --language must be one of en, de, fr, not "es"');
    expect(blank).toBe('');
    expect(usage).toMatch(/^Usage: whist play/);
    expect(runWith('', ['play', '--help']).stdout).toContain('--language');
  });
});

/** Lines fed one at a time, and everything written. */
function script(lines: readonly string[]): { next: () => Promise<string | null>; out: (line: string) => void; written: string[] } {
  const queue = [...lines];
  const written: string[] = [];
  return { next: async () => queue.shift() ?? null, out: (line) => written.push(line), written };
}

const RULED = lawsRules(SHORT_WHIST);

/**
 * The first hand of seed 7 under the laws played out by the rules of thumb, South revoking at its first chance
 * from trick 2 on: South's cards as typed, the revoke and its trick.
 */
function handWithRevoke(): { typed: Card[]; card: Card; trick: number } {
  let table: TableState = applyOrThrow(newTableOrThrow(RULED, { seed: 7, dealer: 'N' }), { type: 'deal' });
  const typed: Card[] = [];
  let revoke: { card: Card; trick: number } | null = null;
  for (;;) {
    const hand = currentHand(table) as HandState;
    const seat = currentSeat(hand);
    if (seat === null) break;
    const trick = completedTricks(hand).length + 1;
    const lawful = legalMoves(hand);
    const r: Card | null = seat === 'S' && revoke === null && trick >= 2 ? (cardsHeld(hand, 'S').find((c) => !lawful.includes(c)) ?? null) : null;
    if (r !== null) revoke = { card: r, trick };
    const card = r ?? heuristicPlayer(tableViewOrThrow(table, seat).hand!);
    if (seat === 'S') typed.push(card);
    table = applyOrThrow(table, { type: 'play', seat, card });
  }
  if (revoke === null) throw new Error('South had no chance to revoke');
  return { typed, ...revoke };
}

describe('whist play --laws in German and French', () => {
  it('German: the help of the laws, a revoke confirmed with ja, the hand’s revokes and West’s claim of its penalty', async () => {
    const t = tongue('de');
    const { typed: cards, card, trick } = handWithRevoke();
    const at = cards.indexOf(card);
    const io = script(['help', ...cards.slice(0, at), card, 'vielleicht', 'ja', ...cards.slice(at + 1), 'quit']);
    expect(await playHuman({ rules: RULED, seed: 7, seat: 'S', dealer: 'N', language: 'de' }, io.next, io.out)).toBe(0);
    const lines = io.written;
    for (const help of [t.cli.lawsHelp, t.cli.exposeHelp, t.cli.takeBackHelp]) expect(lines).toContain(help);
    expect(lines.filter((l) => l === `${cardText(card, t)}: ${t.cli.revokeQuestion}`)).toHaveLength(2);
    expect(lines).toContain(t.cli.revokesInHand(t.game.revokesHeading(1)));
    expect(lines).toContain(`  ${t.game.revoke({ seat: 'S', card, trick, penalty: null }, speakerIn(t, 'S'))}`);
    expect(lines.some((l) => /^West verlangt für Ihren Revoke mit /.test(l))).toBe(true);
    const text = lines.join('\n');
    for (const [key, sentence] of sentences(EN_CLI)) if (sentence.trim().length >= 8) expect(text, key).not.toContain(sentence);
    expect(text).not.toMatch(ENGLISH);
  });

  it('French: a card dropped face up (expose DH, the dame typed with its French letter), called by West at once', async () => {
    const t = tongue('fr');
    const io = script(['expose dh', 'quit']);
    expect(await playHuman({ rules: RULED, seed: 7, seat: 'S', dealer: 'N', language: 'fr' }, io.next, io.out)).toBe(0);
    const lines = io.written;
    const s = speakerIn(t, 'S');
    expect(lines).toContain(t.game.exposeDropped({ seat: 'S', card: 'QH', called: false }, s));
    expect(lines).toContain(t.game.exposedCall({ caller: 'W', holder: 'S', card: 'QH' }, s));
    expect(lines.some((l) => l.startsWith(`Votre carte exposée, face visible : D♥${t.cli.calledMark}`))).toBe(true);
    const text = lines.join('\n');
    for (const [key, sentence] of sentences(EN_CLI)) if (sentence.trim().length >= 8) expect(text, key).not.toContain(sentence);
    expect(text).not.toMatch(ENGLISH);
  });
});
