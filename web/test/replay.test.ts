import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  dealtCards,
  heuristicPlayer,
  newTableOrThrow,
  PRESETS,
  playedCards,
  SEATS,
  sortCards,
  type TableState,
  tableViewOrThrow,
} from 'whist';
import { formatWhistPbn } from 'whist/records';
import { explainHand, explainRubber } from '../src/explain.js';
import { describePosition, move, openRecord, position, type Replay } from '../src/replay.js';

// The replay reads a record with the library and shows each position from the library's views. These
// tests open records written by the library and check every position against the record's own plays.

/** A table played by heuristic players: `hands` hands, or to the end of the first rubber. */
function played(seed: number, hands = Number.POSITIVE_INFINITY): TableState {
  let table = newTableOrThrow(PRESETS.short, { seed, players: { N: 'Ada', E: 'Basil', S: 'You', W: 'Cleo' } });
  let dealt = 0;
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action === 'newRubber') return table;
    if (next.action === 'deal') {
      if (dealt === hands) return table;
      table = applyOrThrow(table, { type: 'deal' });
      dealt++;
      continue;
    }
    if (next.action !== 'play') throw new Error(`the table waits for ${next.action}`);
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
  }
}

function opened(text: string): Replay {
  const r = openRecord(text, 'test.pbn');
  if (!r.ok) throw new Error(r.message);
  return r.replay;
}

function record(table: TableState, options: { seed?: number; inProgress?: boolean } = {}): string {
  const r = formatWhistPbn(table, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('opening a record', () => {
  it('refuses a bridge PBN file, a record that breaks a rule (naming the line and the tag), and a record with no hand', () => {
    const bridge = openRecord('[Event "club"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n', 'club.pbn');
    expect(bridge).toMatchObject({ ok: false });
    expect(!bridge.ok && bridge.message).toMatch(/^club\.pbn is not a Whist record: its first game has no \[Game "Whist"\] tag/);
    const text = record(played(160, 1), { seed: 160 });
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('[WhistTricks '));
    lines[at] = lines[at]!.replace(/NS (\d+) EW (\d+)/, (_, ns, ew) => `NS ${ew} EW ${ns}`);
    const bad = openRecord(lines.join('\n'), 'bad.pbn');
    expect(!bad.ok && bad.message).toMatch(new RegExp(`^bad\\.pbn cannot be opened: line ${at + 1}, \\[WhistTricks\\]: .* \\(INVALID_SCORE\\)$`));
    const empty = openRecord(record(newTableOrThrow(PRESETS.short, { seed: 1 }), { seed: 1 }), 'empty.pbn');
    expect(!empty.ok && empty.message).toBe('empty.pbn is a Whist record with no hand in it yet: there is nothing to watch.');
  });
});

describe('watching a record', () => {
  const table = played(160);
  const replay = opened(record(table, { seed: 160 }));
  const hands = replay.record.hands;

  it('shows, at every card, each seat holding its cards as dealt less those played, and the card just played', () => {
    let r = replay;
    let positions = 0;
    for (const [i, hand] of hands.entries()) {
      const all = playedCards(hand.state);
      const dealt = dealtCards(hand.state);
      for (let k = 0; k <= all.length; k++) {
        const p = position(r);
        expect([p.index, p.step, p.total]).toEqual([i, k, all.length]);
        const played = new Set<Card>(all.slice(0, k).map((x) => x.card));
        for (const seat of SEATS) expect(sortCards(p.held[seat])).toEqual(sortCards(dealt[seat].filter((c) => !played.has(c))));
        expect(p.last).toEqual(k === 0 ? null : all[k - 1]);
        expect(p.dealt).toEqual(k === all.length ? dealt : null);
        positions++;
        r = move(r, { type: 'next-card' });
      }
    }
    // The last card of the last hand: there is no further.
    expect(positions).toBe(hands.length * 53);
    expect(position(r)).toMatchObject({ index: hands.length - 1, step: 52 });
    expect(move(r, { type: 'next-card' })).toBe(r);
  });

  it('moves by card across hands, by hand, to the start and the end of a hand, and stops at the ends', () => {
    const second = move(replay, { type: 'next-hand' });
    expect([second.hand, second.step]).toEqual([1, 0]);
    const back = move(second, { type: 'previous-card' });
    expect([back.hand, back.step]).toEqual([0, 52]);
    expect([move(back, { type: 'start' }).step, move(second, { type: 'end' }).step]).toEqual([0, 52]);
    expect(move(replay, { type: 'previous-card' })).toBe(replay);
    expect(move(replay, { type: 'previous-hand' })).toBe(replay);
    expect(move(move(replay, { type: 'next-card' }), { type: 'previous-hand' })).toMatchObject({ hand: 0, step: 0 });
    const last = move(replay, { type: 'hand', hand: hands.length - 1 });
    expect([last.hand, last.step]).toEqual([hands.length - 1, 0]);
    expect(move(last, { type: 'next-hand' })).toMatchObject({ hand: hands.length - 1, step: 52 });
    expect(move(replay, { type: 'hand', hand: hands.length })).toBe(replay);
    expect(move(replay, { type: 'hand', hand: -1 })).toBe(replay);
  });

  it("scores each hand as the table did: the score before it, after it, its explanation, and the rubber's at its end", () => {
    const view = tableViewOrThrow(table, null);
    expect(hands.map((h) => h.summary)).toEqual(view.hands);
    for (const [i, summary] of view.hands.entries()) {
      const start = position(move(replay, { type: 'hand', hand: i }));
      const previous = view.hands[i - 1];
      expect(start.score).toEqual(previous === undefined || previous.game !== null ? { NS: 0, EW: 0 } : previous.score);
      const end = position(move(move(replay, { type: 'hand', hand: i }), { type: 'end' }));
      expect(end.score).toEqual(summary.score);
      const said = describePosition(end);
      expect(said).toEqual(expect.arrayContaining(explainHand(view.rules, view.hands, i)));
      expect(end.rubberOver === null).toBe(i < view.hands.length - 1);
    }
    const end = position(move(move(replay, { type: 'hand', hand: hands.length - 1 }), { type: 'end' }));
    expect(end.gamesWon).toEqual(view.gamesWon);
    expect(explainRubber(end.rubberOver!)).toEqual(explainRubber(view));
    expect(describePosition(end).slice(-explainRubber(view).length)).toEqual(explainRubber(view));
  });

  it('announces the deal, each card, each trick won', () => {
    const said0 = describePosition(position(replay));
    expect(said0.length).toBe(1);
    expect(said0[0]).toMatch(
      new RegExp(`^Hand 1 of ${hands.length}, rubber 1, game 1: North deals\\. \\w+ are trumps; the turn-up is the \\w+ of \\w+\\. East leads\\.$`),
    );
    let r = replay;
    for (let k = 0; k < 4; k++) r = move(r, { type: 'next-card' });
    const said = describePosition(position(r));
    expect(said[0]).toMatch(/^Card 4 of 52: (North|East|South|West) plays the \w+ of \w+\.$/);
    expect(said[1]).toMatch(/^(North|East|South|West) wins the trick\.$/);
  });

  it('counts hands, games and scores within each rubber of a record that goes on into a second rubber', () => {
    let t = applyOrThrow(applyOrThrow(table, { type: 'newRubber' }), { type: 'deal' });
    for (let next = tableViewOrThrow(t, null).next; next.action === 'play'; next = tableViewOrThrow(t, null).next)
      t = applyOrThrow(t, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(t, next.seat).hand!) });
    const r = opened(record(t, { seed: 160 }));
    const n = r.record.hands.length;
    expect(n).toBe(hands.length + 1);
    const endOfFirst = position(move(move(r, { type: 'hand', hand: n - 2 }), { type: 'end' }));
    expect(explainRubber(endOfFirst.rubberOver!)).toEqual(explainRubber(tableViewOrThrow(table, null)));
    const second = position(move(r, { type: 'hand', hand: n - 1 }));
    expect([second.hand.rubber, second.game, second.score, second.gamesWon]).toEqual([2, 1, { NS: 0, EW: 0 }, { NS: 0, EW: 0 }]);
    expect(second.hand.players).toEqual(tableViewOrThrow(t, null).players);
    const over = position(move(move(r, { type: 'hand', hand: n - 1 }), { type: 'end' }));
    expect([over.indexInRubber, over.rubberHands]).toEqual([0, tableViewOrThrow(t, null).hands]);
  });

  it('watches a record whose last hand is in progress up to its last card played', () => {
    let t = played(7, 1);
    t = applyOrThrow(t, { type: 'deal' });
    for (let i = 0; i < 6; i++) {
      const next = tableViewOrThrow(t, null).next;
      if (next.action !== 'play') break;
      t = applyOrThrow(t, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(t, next.seat).hand!) });
    }
    const r = move(move(opened(record(t, { inProgress: true })), { type: 'next-hand' }), { type: 'end' });
    const p = position(r);
    expect([p.index, p.step, p.total, p.dealt]).toEqual([1, 6, 6, null]);
    expect(p.rubberHands.length).toBe(1);
    expect(Object.values(p.held).reduce((a, c) => a + c.length, 0)).toBe(46);
  });
});
