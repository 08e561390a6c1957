/**
 * The registry of action kinds (src/table/registry.ts) is what apply, clientAction and parseTable read: each
 * kind's fields, who may send it, and the law its event cites.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientAction, type HandEvent, parseTable, type TableAction } from '../src/index.js';
import { ACTION_KINDS, isHandEvent, isLawEvent, lawOfEvent } from '../src/table/registry.js';
import { TABLES_FILE } from './fixtures/schema2-tables.js';

/** Every kind a hand's log keeps has a row that logs it (a compile-time check as well). */
type Unlisted = Exclude<HandEvent['type'] | TableAction['type'], keyof typeof ACTION_KINDS>;
const everyKindListed: [Unlisted] extends [never] ? true : false = true;

const SAMPLE: Readonly<Record<string, unknown>> = {
  card: 'QH',
  tricks: 3,
  penalty: 'add',
  ground: 'misdeal',
  suit: 'S',
  which: 'lowest',
  win: true,
  holds: true,
};

describe('the registry of action kinds', () => {
  it('lists every kind of TableAction and HandEvent', () => {
    expect(everyKindListed).toBe(true);
    expect(Object.keys(ACTION_KINDS).filter((t) => !isHandEvent(t))).toEqual(['deal', 'play', 'newRubber']);
    expect(Object.keys(ACTION_KINDS).filter((t) => isLawEvent(t))).toHaveLength(14);
  });

  it.each(Object.entries(ACTION_KINDS))('%s: clientAction reads it as the registry says who sends it and with what fields', (type, kind) => {
    const body: Record<string, unknown> = { type };
    for (const f of kind.fields) if (f !== 'seat') body[f] = SAMPLE[f];
    const r = clientAction(body, 'W');
    if (kind.sender === 'server') {
      expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_ACTION');
      return;
    }
    expect(r.ok ? r.value : r.error).toEqual(Object.freeze({ ...body, ...(kind.fields[0] === 'seat' ? { seat: 'W' } : {}) }));
    expect(r.ok && Object.keys(r.value)).toEqual(['type', ...kind.fields]);
    // A seat in the body is refused: it comes from the server.
    const seated = clientAction({ ...body, seat: 'N' }, 'W');
    expect(seated.ok ? 'accepted' : seated.error.path).toBe('seat');
  });

  it('every event keeps the fields of the action that said it, so that a replay does that action again', () => {
    for (const [type, kind] of Object.entries(ACTION_KINDS)) {
      if (kind.logged === null) continue;
      expect(kind.logged[0], type).toBe('at');
      for (const field of kind.fields) expect(kind.logged, `${type}.${field}`).toContain(field);
    }
  });

  it('parseTable refuses a logged event of every kind that cites a law, its law changed', () => {
    const tables = JSON.parse(readFileSync(TABLES_FILE, 'utf8')) as { log: { events?: Record<string, unknown>[] }[] }[];
    const tried = new Set<string>();
    for (const t of tables)
      for (const [i, entry] of t.log.entries())
        for (const [k, event] of (entry.events ?? []).entries()) {
          const type = event.type as string;
          if (tried.has(type) || lawOfEvent(type, event) === undefined) continue;
          tried.add(type);
          const copy = structuredClone(t);
          (copy.log[i] as { events: Record<string, unknown>[] }).events[k] = { ...event, law: 'Laws of Short Whist (1864), law 99' };
          const r = parseTable(JSON.stringify(copy));
          expect(r.ok ? 'accepted' : r.error.path).toBe(`log[${i}].events[${k}].law`);
        }
    expect([...tried].sort()).toEqual(
      Object.keys(ACTION_KINDS)
        .filter((type) => ACTION_KINDS[type as TableAction['type']].law !== null)
        .sort(),
    );
  });
});
