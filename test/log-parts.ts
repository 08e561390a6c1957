/**
 * A logged hand read apart, as tests compare it: the cards as they stand at its end and what was said, each
 * at its count of cards. Worked out from the hand's actions here, without the library's steps, so that a
 * test comparing them checks the library.
 */
import type { HandEntry, HandEvent, TableEntry, TableState } from '../src/index.js';

/** A hand's cards as they stand (single spaces between) and its events, from its actions in order. */
export function playsAndEvents(entry: HandEntry): { plays: string; events: HandEvent[] } {
  const plays: string[] = [];
  const events: HandEvent[] = [];
  // A lead out of turn and the cards played to it, while the next events are cards played to it (law 62).
  let lead: string[] | null = null;
  let leadAt = -1;
  for (const a of entry.actions) {
    if (typeof a === 'string') {
      plays.push(a);
      lead = null;
      continue;
    }
    events.push(a);
    if (a.type === 'leadOutOfTurn') {
      lead = [a.card];
      leadAt = a.at;
    } else if (a.type === 'playToFalseLead' && lead !== null && a.at === leadAt) {
      lead.push(a.card);
      // The other three have followed: the trick stands, its cards played.
      if (lead.length === 4) {
        plays.push(...lead);
        lead = null;
      }
    } else {
      lead = null;
      // A revoke corrected takes back the cards from it on.
      if (a.type === 'correctRevoke') plays.length = a.at;
    }
  }
  return { plays: plays.join(' '), events };
}

/** The cards of a hand as they stand, as a list. */
export function cardsOf(entry: HandEntry): string[] {
  const { plays } = playsAndEvents(entry);
  return plays === '' ? [] : plays.split(' ');
}

/** A log entry with its hand read apart (its `plays` and `events`, see {@link playsAndEvents}) beside its own fields. */
export function logged(entry: TableEntry | undefined): Record<string, unknown> {
  if (entry === undefined || entry.type !== 'hand') return { ...entry };
  return { ...entry, ...playsAndEvents(entry) };
}

/**
 * A table's JSON as schema 2 stored it: each hand's cards (`plays`) and its events (each at its count of
 * cards) apart, for tests of what `parseTable` reads and refuses in that form.
 */
export function schema2(table: TableState): { v: number; log: Record<string, unknown>[] } & Record<string, unknown> {
  const t = JSON.parse(JSON.stringify(table)) as { v: number; log: Record<string, unknown>[] } & Record<string, unknown>;
  t.v = 2;
  t.log = table.log.map((entry) => {
    if (entry.type !== 'hand') return { ...entry };
    const { actions: _, ...dealt } = JSON.parse(JSON.stringify(entry)) as Record<string, unknown>;
    const { plays, events } = playsAndEvents(entry);
    return events.length === 0 ? { ...dealt, plays } : { ...dealt, plays, events: JSON.parse(JSON.stringify(events)) };
  });
  return t;
}

/**
 * The table's JSON with each "having none?" moved to just after the card it asks about: a record keeps an
 * event at its count of cards, and "having none?" at the card it asks about (docs/records.md), so the cards
 * the other players played to the trick before it was asked come after it in the table read back.
 */
export function askedAtOnce(table: TableState): unknown {
  const t = JSON.parse(JSON.stringify(table)) as { log: { type: string; actions?: (string | { type: string; card?: string })[] }[] };
  for (const entry of t.log) {
    const actions = entry.actions;
    if (actions === undefined) continue;
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      if (typeof a === 'string' || a.type !== 'askHavingNone') continue;
      const card = actions.lastIndexOf(a.card!, i);
      actions.splice(i, 1);
      actions.splice(card + 1, 0, a);
    }
  }
  return t;
}
