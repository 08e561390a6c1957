import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as records from '../src/records/index.js';
import * as solver from '../src/solver/index.js';

// The changelog of 1.0.0 is one changeset, written for someone moving from 0.1.0: it names what 0.1.0
// exported and 1.0 does not, with what replaces it, and its sizes are the ones docs/performance.md gives
// from `npm run size`.

const dir = new URL('../.changeset/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
const text = files.map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
const performance = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');

/** What 0.1.0 exported (its src/index.ts), by name. */
const EXPORTS_0_1_0 = [
  'SUITS',
  'RANKS',
  'FULL_DECK',
  'isCard',
  'cardSuit',
  'cardRank',
  'parseCard',
  'formatCard',
  'compareCards',
  'sortCards',
  'SEATS',
  'SIDES',
  'isSeat',
  'nextSeat',
  'previousSeat',
  'partnerOf',
  'sideOf',
  'otherSide',
  'WhistError',
  'SHORT_WHIST',
  'validateRules',
  'DealFromHands',
  'HandResult',
  'HAND_SCHEMA',
  'deal',
  'dealOrThrow',
  'legalMoves',
  'play',
  'playOrThrow',
  'currentSeat',
  'currentTrick',
  'completedTricks',
  'ledSuit',
  'trickWinner',
  'tricksWon',
  'honoursHeld',
  'dealtTo',
  'handOf',
  'isHandComplete',
  'visibleTurnUp',
  'scoreHand',
  'HandRecord',
  'GameRecord',
  'RubberResult',
  'RUBBER_SCHEMA',
  'newRubber',
  'nextDealer',
  'recordHand',
  'recordHandOrThrow',
  'gamesWon',
  'gameValue',
  'rubberWinner',
  'isRubberComplete',
  'rubberPoints',
  'TableResult',
  'TABLE_SCHEMA',
  'newTable',
  'newTableOrThrow',
  'apply',
  'applyOrThrow',
  'seedRandom',
  'randomSeedState',
  'randomInt',
  'shuffle',
  'shuffledDeck',
  'randomPlayer',
  'heuristicPlayer',
  'playerView',
  'ParseStateResult',
  'parseState',
  'parseStateOrThrow',
];
/** Types of 0.1.0, which have no value at run time to look for. */
const TYPES_GONE = ['DealFromHands', 'HandResult', 'HandRecord', 'GameRecord', 'RubberResult', 'TableResult', 'ParseStateResult'];

describe('the changelog of 1.0.0', () => {
  it('is one major changeset of the package, with nothing about the repository’s private server or page', () => {
    expect(files).toHaveLength(1);
    expect(text).toMatch(/^---\n"whist": major\n---\n/);
    expect(text).not.toMatch(/whist-(web|server)/);
  });

  it('names every export of 0.1.0 that 1.0 lacks, in its table of what to change', () => {
    const now = new Set([...Object.keys(main), ...Object.keys(solver), ...Object.keys(records)]);
    const gone = EXPORTS_0_1_0.filter((name) => TYPES_GONE.includes(name) || !now.has(name));
    expect(gone.length).toBeGreaterThan(10);
    const rows = text.split('\n').filter((line) => line.startsWith('| `'));
    for (const name of gone)
      expect(
        rows.some((row) => row.split('|')[1]?.includes(`\`${name}`)),
        name,
      ).toBe(true);
    expect(text).toContain('{ ok: true, value }');
  });

  it('gives the bundle sizes docs/performance.md measured', () => {
    const measured = (check: string) => {
      const row = performance.split('\n').find((line) => line.startsWith(`| ${check}`));
      return row?.split('|')[2]?.trim().replace(' kB', '');
    };
    const sizes = [...text.matchAll(/(\d+\.\d+) kB/g)].map((m) => m[1]);
    for (const check of ['core API', 'whole library', 'records', '`whist/solver`', '`whist/words`']) {
      const size = measured(check);
      expect(size, check).toMatch(/^\d+\.\d+$/);
      expect(sizes, check).toContain(size);
    }
  });
});
