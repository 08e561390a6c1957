/**
 * Short Whist and Long Whist tables under ruled rules with irregularities, claims and the laws' calls injected
 * at random, and actions the table must refuse tried: every table reads back with parseTable, every hand's
 * score (or void, or game won by calling honours) is the referee's, every ruling cites its law
 * (test/laws-fuzz.ts). `npm run laws:fuzz` runs 100,000 hands.
 */
import { describe, expect, it } from 'vitest';
import { fuzzLaws } from './laws-fuzz.js';

const SEED = 20261126;
const HANDS = 500;

describe('ruled tables with irregularities injected', () => {
  it(`${HANDS} hands from seed ${SEED}: no table refused or changed by parseTable, no score the referee disagrees with, every wrong action refused`, () => {
    const counts = fuzzLaws(SEED, HANDS);
    console.log(`laws-fuzz.test.ts: seed ${SEED}: ${JSON.stringify(counts)}`);
    expect(counts.hands).toBe(HANDS);
    expect(counts.refereed).toBe(HANDS);
    expect(counts.longHands).toBeGreaterThan(HANDS / 5);
    expect(counts.longHands).toBeLessThan((HANDS * 4) / 5);
    expect(counts.revokes).toBeGreaterThan(100);
    expect(counts.penalties).toBeGreaterThan(50);
    expect(counts.claims + counts.concessions).toBeGreaterThan(50);
    expect(counts.rulings).toBeGreaterThan(5);
    expect(counts.exposed).toBeGreaterThan(20);
    expect(counts.calls).toBeGreaterThan(10);
    expect(counts.newDeals).toBeGreaterThan(20);
    expect(counts.misdeals).toBeGreaterThan(3);
    expect(counts.leadsOutOfTurn).toBeGreaterThan(20);
    expect(counts.falseLeadPlays).toBeGreaterThan(10);
    expect(counts.stoodTricks).toBeGreaterThan(2);
    expect(counts.suitCalls).toBeGreaterThan(10);
    expect(counts.playsOutOfTurn).toBeGreaterThan(20);
    expect(counts.winCalls).toBeGreaterThan(5);
    expect(counts.trumpCards).toBeGreaterThan(20);
    expect(counts.trumpCalls).toBeGreaterThan(10);
    expect(counts.corrections).toBeGreaterThan(20);
    expect(counts.ledSuitCalls).toBeGreaterThan(10);
    expect(counts.questions).toBeGreaterThan(20);
    expect(counts.lateCorrections).toBeGreaterThan(0);
    expect(counts.honourCalls).toBeGreaterThan(10);
    expect(counts.answers).toBeGreaterThan(10);
    expect(counts.honoursWon).toBeGreaterThan(1);
    expect(counts.refused).toBeGreaterThan(200);
  });
});
