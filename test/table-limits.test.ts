/**
 * Every limit of a table, driven by `apply`: what apply makes, parseTable reads (src/table/limits.ts). The
 * log's (MAX_LOG, RUBBER_ROOM) is driven in test/table-check.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  defineRulesOrThrow,
  type HandEntry,
  MAX_HAND_EVENTS,
  MAX_TABLE_CHARS,
  newTableOrThrow,
  parseTable,
  parseTableOrThrow,
  SHORT_WHIST,
  type TableState,
} from '../src/index.js';
import { tableChars, tableProgressOrThrow } from '../src/table/progress.js';
import { TABLES_FILE } from './fixtures/schema2-tables.js';
import { reread } from './table-support.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });

/** The events of the table's last hand. */
const eventsOf = (t: TableState) => (t.log[t.log.length - 1] as HandEntry).actions.filter((a) => typeof a === 'object').length;

describe('the events of a hand (MAX_HAND_EVENTS)', () => {
  it('a hand takes claims and refusals until its room is used, keeping room for the answers; the table reads back', () => {
    expect(MAX_HAND_EVENTS).toBe(200);
    let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
    let refused: string | null = null;
    // 101 claims refused would be 202 events; the table must stop short of what parseTable reads.
    for (let k = 0; k < 101; k++) {
      const r = apply(t, { type: 'claim', seat: 'N', tricks: 13 });
      if (!r.ok) {
        refused = r.error.code;
        break;
      }
      t = applyOrThrow(r.value, { type: 'refuseClaim', seat: 'E' });
    }
    expect(refused).toBe('TABLE_FULL');
    expect(eventsOf(t)).toBe(MAX_HAND_EVENTS - 2);
    expect(reread(t).log).toEqual(t.log);
    // A claim made in the last room is answered, the answers in the room kept for them.
    const back = parseTable({ ...t, log: [{ ...(t.log[0] as object), actions: (t.log[0] as HandEntry).actions.slice(0, -2) }] });
    if (!back.ok) throw new Error(back.error.message);
    let u = applyOrThrow(back.value, { type: 'claim', seat: 'N', tricks: 13 });
    expect(eventsOf(u)).toBe(MAX_HAND_EVENTS - 3);
    u = applyOrThrow(u, { type: 'acceptClaim', seat: 'E' });
    u = applyOrThrow(u, { type: 'acceptClaim', seat: 'W' });
    expect(eventsOf(u)).toBe(MAX_HAND_EVENTS - 1);
    expect(reread(u).log).toEqual(u.log);
  });

  it('a claim awaiting its answer at the limit is answered, and the hand is played on', () => {
    let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 2 }), { type: 'deal' });
    for (let k = 0; k < (MAX_HAND_EVENTS - 2) / 2 - 1; k++)
      t = applyOrThrow(applyOrThrow(t, { type: 'claim', seat: 'N', tricks: 13 }), { type: 'refuseClaim', seat: 'E' });
    t = applyOrThrow(t, { type: 'claim', seat: 'N', tricks: 13 });
    t = applyOrThrow(t, { type: 'acceptClaim', seat: 'E' });
    expect(eventsOf(t)).toBe(MAX_HAND_EVENTS - 2);
    expect(apply(t, { type: 'concede', seat: 'S', tricks: 1 }).ok).toBe(false);
    t = applyOrThrow(t, { type: 'refuseClaim', seat: 'W' });
    expect(eventsOf(t)).toBe(MAX_HAND_EVENTS - 1);
    expect(reread(t).log).toEqual(t.log);
  });
});

describe('the characters of a table (MAX_TABLE_CHARS)', () => {
  it('the characters apply counts are those of the JSON text, on every table of the schema fixture and grown by apply', () => {
    const stored = JSON.parse(readFileSync(TABLES_FILE, 'utf8')) as unknown[];
    for (const x of stored) {
      let t = parseTableOrThrow(x);
      expect(tableChars(tableProgressOrThrow(t))).toBe(JSON.stringify(t).length);
      for (const action of [{ type: 'deal' }, { type: 'claim', seat: 'N', tricks: 1 }, { type: 'newRubber' }] as const) {
        const r = apply(t, action);
        if (!r.ok) continue;
        t = r.value;
        expect(tableChars(tableProgressOrThrow(t))).toBe(JSON.stringify(t).length);
      }
    }
  });

  // About 180,000 actions and a replay of 8 MB: five minutes on a busy machine. Run with WHIST_LIMITS_FULL=1.
  it.runIf(process.env.WHIST_LIMITS_FULL === '1')(
    'a table grown by apply to MAX_TABLE_CHARS refuses what would pass it, and reads back',
    { timeout: 600_000 },
    () => {
      let t = newTableOrThrow(RULED, { seed: 4 });
      let refused: string | null = null;
      let actions = 0;
      outer: for (;;) {
        const dealt = apply(t, { type: 'deal' });
        if (!dealt.ok) {
          refused = dealt.error.code;
          break;
        }
        t = dealt.value;
        for (let k = 0; k < (MAX_HAND_EVENTS - 4) / 2; k++) {
          for (const action of [
            { type: 'claim', seat: 'N', tricks: 13 },
            { type: 'refuseClaim', seat: 'E' },
          ] as const) {
            const r = apply(t, action);
            actions++;
            if (!r.ok) {
              refused = r.error.code;
              break outer;
            }
            t = r.value;
            if (actions % 20_000 === 0) expect(JSON.stringify(t).length).toBeLessThanOrEqual(MAX_TABLE_CHARS);
          }
        }
        t = applyOrThrow(t, { type: 'newDeal', seat: 'N', ground: 'exposedInDealing' });
      }
      expect(refused).toBe('TABLE_FULL');
      const text = JSON.stringify(t);
      expect(text.length).toBeLessThanOrEqual(MAX_TABLE_CHARS);
      expect(text.length).toBeGreaterThan(MAX_TABLE_CHARS - 200);
      const back = parseTable(text);
      expect(back.ok ? JSON.stringify(back.value) === text : back.error.message).toBe(true);
    },
  );
});
