/**
 * Checking a stored table against one already checked (`parseTable(json, { after })`), exactness of
 * logged plays, tables dealt only from their PRNG (`shuffledOnly`), the log limit (`TABLE_FULL`) and
 * archived rubbers (`archiveRubbers`).
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  archiveRubbers,
  currentHand,
  currentSeat,
  dealDeck,
  FULL_DECK,
  finishedRubbers,
  legalMoves,
  MAX_LOG,
  newTableOrThrow,
  PRESETS,
  parseTable,
  RUBBER_ROOM,
  type Rules,
  SHORT_WHIST,
  type TableState,
  tableView,
} from '../src/index.js';
import { playsAndEvents } from './log-parts.js';

/** One step of a table played by its first legal card: a card, a deal, or `null` when the rubber is over. */
function step(t: TableState): TableState | null {
  const h = currentHand(t);
  const seat = h === null ? null : currentSeat(h);
  const r = h !== null && seat !== null ? apply(t, { type: 'play', seat, card: legalMoves(h)[0] as never }) : apply(t, { type: 'deal' });
  if (!r.ok) {
    if (r.error.code === 'RUBBER_COMPLETE') return null;
    throw new Error(r.error.message);
  }
  return r.value;
}

/** The table `n` steps later, or when its rubber is over. */
function playOn(t: TableState, n = Number.POSITIVE_INFINITY): TableState {
  let table = t;
  for (let i = 0; i < n; i++) {
    const next = step(table);
    if (next === null) break;
    table = next;
  }
  return table;
}

const json = (t: TableState) => JSON.parse(JSON.stringify(t)) as Record<string, unknown> & { log: Record<string, unknown>[] };

describe('parseTable after a checked table', () => {
  const start = newTableOrThrow(SHORT_WHIST, { seed: 31, players: ['ann', 'bob', 'cy', 'di'] });
  const checked = playOn(start, 3 * 53 + 5); // three hands and five cards of the fourth
  const later = playOn(checked, 80); // the fourth hand finished, the fifth begun

  it('accepts a table that extends it, mid-hand to mid-hand, and gives what a whole check gives', () => {
    const whole = parseTable(JSON.stringify(later));
    const after = parseTable(JSON.stringify(later), { after: checked });
    expect(whole.ok && after.ok).toBe(true);
    if (!whole.ok || !after.ok) return;
    expect(JSON.stringify(after.value)).toBe(JSON.stringify(whole.value));
    for (const seat of ['N', 'E', 'S', 'W', null] as const) expect(tableView(after.value, seat)).toEqual(tableView(whole.value, seat));
    // And the checked table goes on from there as the whole check's does.
    expect(JSON.stringify(playOn(after.value, 30))).toBe(JSON.stringify(playOn(whole.value, 30)));
  });

  it('accepts the same table, and a checked table with more cards of the same hand', () => {
    for (const t of [checked, playOn(checked, 1), playOn(checked, 7)]) {
      const r = parseTable(JSON.stringify(t), { after: checked });
      expect(r.ok && JSON.stringify(r.value)).toBe(JSON.stringify(t));
    }
  });

  it('refuses anything that is not an extension, at the first difference', () => {
    const cases: [string, (d: ReturnType<typeof json>) => void, string][] = [
      ['a shorter log', (d) => d.log.splice(3), 'log'],
      ['an earlier hand played otherwise', (d) => (d.log[1] = { ...d.log[1], plays: String(d.log[1]?.plays).replace(/^(..) (..)/, '$2 $1') }), 'log[1].plays'],
      ['an earlier deal changed', (d) => (d.log[0] = { ...d.log[0], deal: `${String(d.log[0]?.deal).slice(1)}x` }), 'log[0].deal'],
      ['the hand in progress played otherwise', (d) => (d.log[3] = { ...d.log[3], plays: `${String(d.log[3]?.plays).slice(0, 8)}` }), 'log[3].plays'],
      ['the hand in progress marked shuffled otherwise', (d) => (d.log[3] = { ...d.log[3], shuffled: false }), 'log[3].shuffled'],
      ['another PRNG state', (d) => (d.random = { s: [1, 2, 3, 4] }), 'random'],
      ['other players', (d) => (d.players = ['ann', 'bob', 'cy', 'ed']), 'players'],
      ['other rules', (d) => (d.rules = { ...(d.rules as object), name: 'house' }), 'rules'],
      ['another first dealer', (d) => (d.firstDealer = d.firstDealer === 'N' ? 'E' : 'N'), 'firstDealer'],
      ['an archive it does not have', (d) => (d.archived = { rubbers: [], deals: 0 }), 'archived'],
      ['an unknown field', (d) => (d.extra = 1), 'extra'],
      ['an entry with an unknown field', (d) => (d.log[0] = { ...d.log[0], note: 'x' }), 'log[0].note'],
    ];
    for (const [what, change, path] of cases) {
      const d = json(later);
      change(d);
      const r = parseTable(JSON.stringify(d), { after: checked });
      expect(r.ok ? `${what}: accepted` : `${what}: ${r.error.code} at ${r.error.path}`).toBe(`${what}: INVALID_STATE at ${path}`);
    }
  });

  it('refuses options it cannot use with INVALID_ARGUMENT, and never throws', () => {
    const doc = JSON.stringify(later);
    for (const options of [null, 3, { after: json(checked) }, { after: 'x' }, { shuffledOnly: 'yes' }, { later: checked }]) {
      const r = parseTable(doc, options as never);
      expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_ARGUMENT');
    }
    const throwing = {
      get after() {
        throw new Error('boom');
      },
    };
    const r = parseTable(doc, throwing as never);
    expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_ARGUMENT');
  });
});

describe('logged plays are exactly right or refused', () => {
  const table = playOn(newTableOrThrow(SHORT_WHIST, { seed: 8 }), 6); // a deal and five cards
  const plays = table.log[0]?.type === 'hand' ? playsAndEvents(table.log[0]).plays : '';

  it.each([
    ['a space after the last card', `${plays} `],
    ['two spaces between cards', plays.replace(' ', '  ')],
    ['a space before the first card', ` ${plays}`],
    ['a lone space', ' '],
    ['half a card', `${plays} A`],
    ['a comma between cards', plays.replace(' ', ',')],
  ])('refuses %s, whole or after a checked table', (_what, bad) => {
    const d = json(table);
    d.log[0] = { ...d.log[0], plays: bad };
    const whole = parseTable(JSON.stringify(d));
    expect(whole.ok ? 'accepted' : whole.error.path?.startsWith('log[0].plays')).toBe(true);
    const empty = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 8 }), { type: 'deal' });
    const after = parseTable(JSON.stringify(d), { after: empty });
    expect(after.ok ? 'accepted' : after.error.path?.startsWith('log[0].plays')).toBe(true);
  });
});

describe('shuffledOnly: a table dealt only from its PRNG', () => {
  const shuffled = playOn(newTableOrThrow(SHORT_WHIST, { seed: 4 }), 53); // one hand dealt and played out
  const dealt = dealDeck(shuffled, FULL_DECK);
  const chosen = playOn(dealt.ok ? dealt.value : shuffled, 3);

  it('accepts a table whose every hand was shuffled from its PRNG', () => {
    expect(parseTable(JSON.stringify(shuffled), { shuffledOnly: true }).ok).toBe(true);
    expect(parseTable(shuffled, { shuffledOnly: true }).ok).toBe(true);
  });

  it('refuses a hand the server chose, read whole, after a checked table, or as a table the library made', () => {
    expect(parseTable(JSON.stringify(chosen)).ok).toBe(true);
    const index = chosen.log.findIndex((e) => e.type === 'hand' && !e.shuffled);
    expect(index).toBeGreaterThan(0);
    for (const r of [
      parseTable(JSON.stringify(chosen), { shuffledOnly: true }),
      parseTable(JSON.stringify(chosen), { shuffledOnly: true, after: shuffled }),
      parseTable(chosen, { shuffledOnly: true }),
    ])
      expect(r.ok ? 'accepted' : r.error.path).toBe(`log[${index}].shuffled`);
  });
});

/**
 * A table whose log is just past `MAX_LOG - RUBBER_ROOM` entries with its rubber over, built without
 * replaying a quadratic number of entries: every hand is dealt from the same deck (`dealDeck`), so a
 * rubber's hands depend only on its first dealer, and the rubbers repeat once that dealer comes round.
 */
function fullTable(rules: Rules): TableState {
  let t = newTableOrThrow(rules, { seed: 2, players: { N: 'n', E: 'e', S: 's', W: 'w' } });
  const rubbers: unknown[][] = [];
  const firstDealers: string[] = [];
  for (;;) {
    firstDealers.push(currentHand(t)?.dealer ?? 'N');
    const from = t.log.length;
    for (;;) {
      const h = currentHand(t);
      if (h !== null && currentSeat(h) !== null) t = applyOrThrow(t, { type: 'play', seat: currentSeat(h) as 'N', card: legalMoves(h)[0] as 'AS' });
      else {
        const dealt = dealDeck(t, FULL_DECK);
        if (!dealt.ok) break;
        t = dealt.value;
        if (t.log.length === from + 1) firstDealers[firstDealers.length - 1] = currentHand(t)?.dealer as string;
      }
    }
    rubbers.push(json(t).log.slice(from));
    t = applyOrThrow(t, { type: 'newRubber' });
    if (rubbers.length > 1 && firstDealers[firstDealers.length - 1] === firstDealers[0]) break;
  }
  const cycle = rubbers.slice(0, -1);
  const log: unknown[] = [];
  for (let i = 0; ; i++) {
    log.push(...(cycle[i % cycle.length] as unknown[]));
    if (log.length > MAX_LOG - RUBBER_ROOM) break;
    log.push({ type: 'newRubber' });
  }
  const r = parseTable(JSON.stringify({ ...json(t), log }));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the log limit', () => {
  const rules = PRESETS.american; // partners kept after a rubber
  const full = fullTable(rules);

  it('refuses a new rubber without room, with TABLE_FULL, and leaves the table as it was', () => {
    expect(full.log.length).toBeGreaterThan(MAX_LOG - RUBBER_ROOM);
    expect(full.log.length).toBeLessThanOrEqual(MAX_LOG);
    const before = JSON.stringify(full);
    const r = apply(full, { type: 'newRubber' });
    expect(r.ok ? 'accepted' : r.error.code).toBe('TABLE_FULL');
    expect(JSON.stringify(full)).toBe(before);
    // So apply never makes a table parseTable refuses: every table it made is read back.
    expect(parseTable(before).ok).toBe(true);
  });

  it('goes on once its rubbers are archived, holding one entry a hand again', () => {
    const archived = archiveRubbers(full);
    expect(archived.ok).toBe(true);
    if (!archived.ok) return;
    expect(archived.value.log).toEqual([]);
    const before = finishedRubbers(full);
    const after = finishedRubbers(archived.value);
    expect(after.length).toBe(before.length + 1);
    expect(after.slice(0, -1)).toEqual(before);
    expect(archived.value.archived?.deals).toBe(full.log.filter((e) => e.type === 'hand').length);
    const stored = parseTable(JSON.stringify(archived.value));
    expect(stored.ok && JSON.stringify(stored.value)).toBe(JSON.stringify(archived.value));
    const dealt = dealDeck(archived.value, FULL_DECK);
    expect(dealt.ok && dealt.value.log.length).toBe(1);
  });
});

describe('archiveRubbers', () => {
  it.each(Object.entries(PRESETS))('%s: the archived table plays on exactly as the whole one', (_name, rules) => {
    const over = playOn(newTableOrThrow(rules, { seed: 12, players: ['ann', 'bob', 'cy', 'di'] }));
    const archived = archiveRubbers(over);
    expect(archived.ok).toBe(true);
    if (!archived.ok) return;
    let whole = applyOrThrow(over, { type: 'newRubber' });
    let short = archived.value;
    for (let i = 0; i < 2 * 53; i++) {
      const a = step(whole);
      const b = step(short);
      if (a === null || b === null) break;
      whole = a;
      short = b;
      expect(short.log.at(-1)).toEqual(whole.log.at(-1));
    }
    for (const seat of ['N', 'E', 'S', 'W', null] as const) {
      const a = tableView(whole, seat);
      const b = tableView(short, seat);
      if (!a.ok || !b.ok) throw new Error('no view');
      // The archive keeps no hand, so no last trick before the rubber's first; the last cut stays only where one was made now.
      expect({ ...b.value, cut: null, lastTrick: null }).toEqual({ ...a.value, cut: null, lastTrick: null });
      if (rules.afterRubber === 'recut') expect(b.value.cut).toEqual(a.value.cut);
    }
    const stored = parseTable(JSON.stringify(short));
    expect(stored.ok && JSON.stringify(stored.value)).toBe(JSON.stringify(short));
    expect(parseTable(JSON.stringify(short), { after: archived.value }).ok).toBe(true);
  });

  it('refuses a rubber still being played, and values the library did not make', () => {
    const playing = playOn(newTableOrThrow(SHORT_WHIST, { seed: 1 }), 10);
    const r = archiveRubbers(playing);
    expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_ACTION');
    const copy = archiveRubbers(json(playOn(playing)) as never);
    expect(copy.ok ? 'accepted' : copy.error.code).toBe('INVALID_STATE');
  });

  it('refuses a stored archive of the wrong shape', () => {
    const over = playOn(newTableOrThrow(SHORT_WHIST, { seed: 5 }));
    const archived = archiveRubbers(over);
    if (!archived.ok) throw new Error('not archived');
    const good = json(archived.value) as unknown as Record<string, unknown> & { archived: { rubbers: Record<string, unknown>[]; deals: number } };
    const summary = good.archived.rubbers[0] as Record<string, unknown>;
    const cases: [unknown, string][] = [
      [{ rubbers: [], deals: 3 }, 'archived.rubbers'],
      [{ rubbers: [summary], deals: -1 }, 'archived.deals'],
      [{ rubbers: [summary], deals: 0.5 }, 'archived.deals'],
      [{ rubbers: [summary, summary], deals: 1 }, 'archived.rubbers'],
      [{ rubbers: [{ ...summary, winner: 'NE' }], deals: 4 }, 'archived.rubbers[0].winner'],
      [{ rubbers: [{ ...summary, games: { NS: 9, EW: 0 } }], deals: 4 }, 'archived.rubbers[0].games'],
      [{ rubbers: [{ ...summary, rubberPoints: { NS: 'x', EW: 0 } }], deals: 4 }, 'archived.rubbers[0].rubberPoints'],
      [{ rubbers: [{ ...summary, players: ['a', 'b', 'c', 'd'] }], deals: 4 }, 'archived.rubbers[0].players'],
      [{ rubbers: [{ ...summary, extra: 1 }], deals: 4 }, 'archived.rubbers[0].extra'],
      [{ rubbers: [summary], deals: 4, more: 1 }, 'archived.more'],
      [null, 'archived'],
    ];
    for (const [archive, path] of cases) {
      const r = parseTable(JSON.stringify({ ...good, archived: archive }));
      expect(r.ok ? `${path}: accepted` : `${path}: ${r.error.path}`).toBe(`${path}: ${path}`);
    }
    const getter = {
      ...good,
      archived: {
        rubbers: good.archived.rubbers,
        get deals() {
          return 4;
        },
      },
    };
    expect(parseTable(getter).ok).toBe(false);
  });
});
