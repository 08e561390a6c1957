/**
 * A logged hand read apart, as tests compare it: the cards as they stand at its end and what was said, each
 * at its count of cards. Worked out from the hand's actions here, without the library's steps, so that a
 * test comparing them checks the library.
 */
import type { HandEntry, HandEvent } from '../src/index.js';

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
