/**
 * Tables under ruled rules with revokes, claims, concessions, answers and rulings injected at random: every
 * table reads back with parseTable, every hand's score is the referee's, every ruling cites its law
 * (test/laws-fuzz.ts). `npm run laws:fuzz` runs 100,000 hands.
 */
import { describe, expect, it } from 'vitest';
import { fuzzLaws } from './laws-fuzz.js';

const SEED = 20261126;
const HANDS = 1_000;

describe('ruled tables with irregularities injected', () => {
  it(`${HANDS} hands from seed ${SEED}: no table refused or changed by parseTable, no score the referee disagrees with`, () => {
    const counts = fuzzLaws(SEED, HANDS);
    console.log(`laws-fuzz.test.ts: seed ${SEED}: ${JSON.stringify(counts)}`);
    expect(counts.hands).toBe(HANDS);
    expect(counts.refereed).toBe(HANDS);
    expect(counts.revokes).toBeGreaterThan(100);
    expect(counts.penalties).toBeGreaterThan(50);
    expect(counts.claims + counts.concessions).toBeGreaterThan(50);
    expect(counts.rulings).toBeGreaterThan(5);
    expect(counts.exposed).toBeGreaterThan(20);
    expect(counts.calls).toBeGreaterThan(10);
  });
});
