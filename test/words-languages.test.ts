// whist/words in English, German and French: every catalogue has every message, none of them empty or left
// in English; each says the game's own words; a program that imports one language carries no other.

import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { addHandOrThrow, type HandEvent, handSummaries, LONG_WHIST, PRESETS, SHORT_WHIST, startRubberOrThrow } from '../src/index.js';
import {
  CATALOGUES,
  type Catalogue,
  cardName,
  catalogue,
  claimOutcome,
  DE,
  EN,
  eventWithLaw,
  explainHand,
  explainRubber,
  FR,
  LANGUAGES,
  penaltyText,
  refusedClaimSentences,
  revokeSentence,
  ruleRows,
  rulesTitle,
  seatName,
} from '../src/words/index.js';
import { ROOT } from './doc-tools.js';

const LAW = 'Laws of Short Whist (1864), law 1';

/** One event of every kind. */
const EVENTS: readonly HandEvent[] = [
  { type: 'claim', at: 40, seat: 'E', tricks: 3 },
  { type: 'concede', at: 40, seat: 'E', tricks: 1 },
  { type: 'acceptClaim', at: 40, seat: 'S' },
  { type: 'refuseClaim', at: 40, seat: 'S' },
  { type: 'ruleClaim', at: 40, holds: false },
  { type: 'claimRevoke', at: 52, seat: 'W', card: '5C', penalty: 'tricks', law: LAW },
  { type: 'expose', at: 3, seat: 'S', card: 'QH' },
  { type: 'callCard', at: 3, seat: 'W', card: 'QH', law: LAW },
  { type: 'newDeal', at: 0, seat: 'E', ground: 'misdeal', law: LAW },
  { type: 'leadOutOfTurn', at: 4, seat: 'N', card: 'KS' },
  { type: 'playToFalseLead', at: 5, seat: 'E', card: '2S' },
  { type: 'callSuit', at: 5, seat: 'E', suit: 'H', law: LAW },
  { type: 'nameTrumpCard', at: 5, seat: 'N' },
  { type: 'forgetTrumpCard', at: 5, seat: 'N' },
  { type: 'callTrump', at: 5, seat: 'E', which: 'highest', law: LAW },
  { type: 'correctRevoke', at: 6, seat: 'S', card: '5C', withdrawn: ['9H'], law: LAW },
  { type: 'askHavingNone', at: 6, seat: 'N', card: '5C', law: LAW },
  { type: 'callLedSuit', at: 6, seat: 'W', which: 'lowest', law: LAW },
  { type: 'callHonours', at: 0, seat: 'N', law: LAW },
  { type: 'answerCall', at: 0, seat: 'S', law: LAW },
  { type: 'playOutOfTurn', at: 9, seat: 'N', card: 'AS' },
  { type: 'callWin', at: 9, seat: 'E', win: false, law: LAW },
];

/** The shape of a value, its strings left out: the keys of every object, the length of every array. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'function') return 'function';
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
    );
  return typeof value;
}

/** Every string of a catalogue, by its path: names, grounds, labels, rows' labels and meanings, titles. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => strings(v, path === '' ? k : `${path}.${k}`));
  return [];
}

/** Strings that may read the same in every language: seat names shared with English, codes, letters, titles of presets kept in English. */
const SAME_AS_ENGLISH = /^(names\.(letters\.|seats\.W$|ranks\.6$)|language$|presetTitles\.(short|long|american)$|ruleRows\.\d+\.id$)/;

function rubberOf(hands: readonly Parameters<typeof addHandOrThrow>[1][], rules = SHORT_WHIST) {
  let r = startRubberOrThrow(rules, { dealer: 'N' });
  for (const hand of hands) r = addHandOrThrow(r, hand);
  return r;
}

describe('three languages', () => {
  it('English, German and French, each a catalogue of its own', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'fr']);
    expect(CATALOGUES).toEqual({ en: EN, de: DE, fr: FR });
    for (const language of LANGUAGES) expect(catalogue(language).language).toBe(language);
  });

  for (const words of [DE, FR] as const) {
    describe(words.language, () => {
      it('has every message English has, and nothing else', () => {
        expect(shape(words)).toEqual(shape(EN));
        expect(words.ruleRows.map((r) => r.id)).toEqual(EN.ruleRows.map((r) => r.id));
      });

      it('no word is empty, and none is left in English', () => {
        const english = new Map(strings(EN));
        for (const [path, text] of strings(words)) {
          expect(text.trim(), path).not.toBe('');
          if (!SAME_AS_ENGLISH.test(path)) expect(text, path).not.toBe(english.get(path));
        }
      });

      it('says every event, in its own words, to the viewer and to a spectator', () => {
        for (const event of EVENTS)
          for (const viewer of ['S', null] as const) {
            const said = eventWithLaw(event, { catalogue: words, viewer });
            expect(said, event.type).not.toBe(eventWithLaw(event, { viewer }));
            expect(said, event.type).not.toMatch(/\b(the|you|claims?|plays?|trick|calls?)\b/);
            expect(said, event.type).not.toMatch(/undefined|NaN|\[object/);
          }
      });

      it('explains hands and a rubber without an English word', () => {
        const rubber = rubberOf([
          { tricks: { NS: 8, EW: 5 }, honours: { NS: 3, EW: 1 } },
          { tricks: { NS: 10, EW: 3 }, honours: { NS: 2, EW: 2 } },
          { tricks: { NS: 7, EW: 6 }, honours: { NS: 4, EW: 0 } },
        ]);
        const hands = handSummaries(rubber);
        const lines = hands.flatMap((hand, i) => explainHand(SHORT_WHIST, hand, i === 0 ? { NS: 0, EW: 0 } : hands[i - 1]!.score, { catalogue: words }));
        expect(lines.length).toBeGreaterThan(8);
        for (const line of lines) expect(line).not.toMatch(/\b(the|took|tricks?|honours?|score|game)\b|undefined/);
        const rubberLines = explainRubber(
          {
            rules: SHORT_WHIST,
            rubberWinner: 'NS',
            gamesWon: { NS: 2, EW: 0 },
            rubberPoints: { NS: 8, EW: 0 },
            games: [
              { winner: 'NS', value: 3, losersScore: 0 },
              { winner: 'NS', value: 3, losersScore: 0 },
            ],
            hands: [],
          },
          { catalogue: words },
        );
        expect(rubberLines).toHaveLength(3);
        for (const line of rubberLines) expect(line).not.toMatch(/\b(the|rubber points|games)\b/);
      });

      it('names the rules, penalties, revokes, claims and the rules table', () => {
        for (const rules of Object.values(PRESETS)) expect(rulesTitle(rules, { catalogue: words })).not.toBe('');
        for (const p of ['tricks', 'deduct', 'add'] as const)
          expect(penaltyText(p, 'EW', { catalogue: words, viewer: 'S' })).not.toBe(penaltyText(p, 'EW', { viewer: 'S' }));
        expect(revokeSentence({ seat: 'W', card: 'QC', trick: 3, penalty: null }, { catalogue: words })).toMatch(/3/);
        expect(claimOutcome({ type: 'concede', seat: 'E', tricks: 2, left: 5, status: 'accepted' }, { catalogue: words })).toMatch(/2/);
        const refused = refusedClaimSentences({ claim: { seat: 'W', left: 4 }, tricks: 4, taken: 3 }, { catalogue: words, viewer: 'S' });
        expect(refused.layout).toMatch(/3/);
        const rows = ruleRows(LONG_WHIST, { catalogue: words });
        expect(rows.map((r) => r.id)).toEqual(ruleRows(LONG_WHIST).map((r) => r.id));
      });
    });
  }

  it("German says the game's German words (the seeds' terms): Stich, Trumpf, Farbe bedienen, Honneurs, Partie, Rubber, Pik Herz Karo Kreuz, Ass König Dame Bube", () => {
    const all = JSON.stringify(strings(DE)) + EVENTS.map((e) => eventWithLaw(e, { catalogue: DE })).join(' ');
    for (const word of ['Stich', 'Trumpf', 'Farbe bedient', 'Honneurs', 'Partie', 'Rubber', 'Revoke', 'Geber', 'Ass', 'König', 'Dame', 'Bube'])
      expect(all).toContain(word);
    expect(Object.values(DE.names.suits)).toEqual(['Pik', 'Herz', 'Karo', 'Kreuz']);
    expect(cardName('QH', { catalogue: DE })).toBe('Herz-Dame');
    expect(['AS', 'KH', 'QD', 'JC', 'TS'].map((c) => cardName(c as 'AS', { catalogue: DE, style: 'short' }))).toEqual(['A♠', 'K♥', 'D♦', 'B♣', '10♠']);
    expect(seatName('E', { catalogue: DE })).toBe('Ost');
  });

  it("French says the game's French words: pli, levée, atout, fournir, donneur, honneurs, manche, robre, renonce; pique cœur carreau trèfle; as roi dame valet", () => {
    const all = JSON.stringify(strings(FR)) + EVENTS.map((e) => eventWithLaw(e, { catalogue: FR })).join(' ');
    for (const word of ['pli', 'levée', 'atout', 'fourni', 'donneur', 'honneurs', 'manche', 'robre', 'renonce']) expect(all).toContain(word);
    expect(Object.values(FR.names.suits)).toEqual(['pique', 'cœur', 'carreau', 'trèfle']);
    expect(cardName('QH', { catalogue: FR })).toBe('dame de cœur');
    expect(['AS', 'KH', 'QD', 'JC', 'TS'].map((c) => cardName(c as 'AS', { catalogue: FR, style: 'short' }))).toEqual(['A♠', 'R♥', 'D♦', 'V♣', '10♠']);
    expect(eventWithLaw({ type: 'expose', at: 3, seat: 'W', card: 'AH' }, { catalogue: FR })).toMatch(/^Ouest laisse tomber l’as de cœur face visible/);
  });

  it('English is said as before', () => {
    expect(cardName('QH', { style: 'short' })).toBe('Q♥');
    expect(eventWithLaw({ type: 'expose', at: 3, seat: 'W', card: 'AH' }, { catalogue: EN })).toBe(
      eventWithLaw({ type: 'expose', at: 3, seat: 'W', card: 'AH' }),
    );
  });
});

describe('a program pays only for the languages it imports', () => {
  /** The bundle of a module that imports `names` from whist/words, as a bundler tree-shakes it. */
  async function bundle(names: string): Promise<string> {
    const out = await build({
      stdin: { contents: `export { ${names} } from './src/words/index.ts';`, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      treeShaking: true,
      platform: 'neutral',
      charset: 'utf8',
      absWorkingDir: ROOT,
    });
    return out.outputFiles[0]!.text;
  }
  const marks = (words: Catalogue) => [words.names.suits.H, words.names.seats.E];

  it('English alone carries no German or French; German alone no French; every language with CATALOGUES', async () => {
    const english = await bundle('eventSentence, explainHand, EN');
    for (const mark of [...marks(DE), ...marks(FR)]) expect(english).not.toContain(`"${mark}"`);
    const german = await bundle('eventSentence, explainHand, DE');
    expect(german).toContain('"Herz"');
    expect(german).not.toContain('"cœur"');
    const all = await bundle('CATALOGUES');
    for (const mark of [...marks(DE), ...marks(FR)]) expect(all).toContain(`"${mark}"`);
  }, 30_000);
});
