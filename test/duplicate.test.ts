/**
 * Duplicate whist in the library (`whist/duplicate`): boards dealt from a seed and the hands they start;
 * Mitchell and Howell movements for 3 to 8 tables, checked by their properties (fast-check, the fixed seed of
 * test/arbitraries.ts) and by an independent count of who meets whom and who plays what; matchpoints and
 * the Knickerbocker form against independent references on random events with many ties; a whole event
 * played by the rules engine and scored.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Board,
  type BoardResult,
  boardDealer,
  boardHand,
  boardResultOf,
  dealBoards,
  formatEventPbn,
  howell,
  knickerbocker,
  type Movement,
  matchpoints,
  mitchell,
  movementProblems,
  parseEventPbn,
} from '../src/duplicate/index.js';
import {
  type Card,
  cardsHeld,
  currentHand,
  currentSeat,
  dealBoard,
  dealtCards,
  defineRulesOrThrow,
  type HandState,
  heuristicPlayer,
  isHandComplete,
  LONG_WHIST,
  newTableOrThrow,
  parseTable,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  type Seat,
  SHORT_WHIST,
  visibleTrumpCard,
  WhistError,
} from '../src/index.js';
import { computerCard, computerPlayOn } from '../src/solver/index.js';
import { fcParams } from './arbitraries.js';

describe('boards', () => {
  it('are dealt from a seed: the same seed and number, the same board; the dealer goes round from north; the turn-up is the dealer’s', () => {
    const boards = dealBoards(SHORT_WHIST, { seed: 'event', count: 8 });
    expect(boards.map((b) => b.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(boards.map((b) => b.dealer)).toEqual(['N', 'E', 'S', 'W', 'N', 'E', 'S', 'W']);
    expect(boards.map((b) => boardDealer(b.number))).toEqual(boards.map((b) => b.dealer));
    expect(dealBoards(SHORT_WHIST, { seed: 'event', count: 2, first: 7 })).toEqual(boards.slice(6));
    expect(dealBoards(SHORT_WHIST, { seed: 'other', count: 1 })[0]?.cards).not.toEqual(boards[0]?.cards);
    for (const board of boards) {
      const all = SEATS.flatMap((s) => board.cards[s]);
      expect(new Set(all).size).toBe(52);
      expect(board.trumpCard).not.toBeNull();
      expect(board.cards[board.dealer]).toContain(board.trumpCard);
      expect(board.trump).toBe(board.trumpCard?.[1]);
      // The hand it starts holds those cards, that trump and that turn-up, the dealer's left to lead.
      const hand = boardHand(SHORT_WHIST, board);
      expect(hand.ok).toBe(true);
      if (!hand.ok) continue;
      expect(dealtCards(hand.value)).toEqual(board.cards);
      expect(hand.value.trump).toBe(board.trump);
      expect(visibleTrumpCard(hand.value)).toBe(board.trumpCard);
      expect(currentSeat(hand.value)).toBe(SEATS[(SEATS.indexOf(board.dealer) + 1) % 4]);
      for (const s of SEATS) expect(cardsHeld(hand.value, s)).toHaveLength(13);
    }
  });

  it('fix trump as the rules do: by the rotation for the board’s number, or by a second pack’s card', () => {
    const rotation = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } });
    expect(dealBoards(rotation, { seed: 1, count: 5 }).map((b) => [b.trump, b.trumpCard])).toEqual([
      ['H', null],
      ['D', null],
      ['S', null],
      ['C', null],
      [null, null],
    ]);
    const pack = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'secondPack' } });
    for (const board of dealBoards(pack, { seed: 1, count: 4 })) {
      expect(board.trumpCard).not.toBeNull();
      expect(board.trump).toBe(board.trumpCard?.[1]);
      const hand = boardHand(pack, board);
      expect(hand.ok && hand.value.trump).toBe(board.trump);
      // Its record is read back under the same rules.
      const back = parseEventPbn(formatEventPbn({ name: null, boards: [board], results: [] }), pack);
      expect(back.ok && back.value.boards).toEqual([board]);
    }
  });

  it('refuse what is not a board or a count, with INVALID_ARGUMENT or the deal’s own code, and never throw from boardHand', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '1', null]) expect(() => boardDealer(bad as number)).toThrow(WhistError);
    for (const count of [0, 1001, 2.5, '3', null]) expect(() => dealBoards(SHORT_WHIST, { seed: 1, count: count as number })).toThrow(/count/);
    expect(() => dealBoards(SHORT_WHIST, { seed: 1, count: 1, first: 0 })).toThrow(/first/);
    expect(() => dealBoards(SHORT_WHIST, null as never)).toThrow(/options/);
    const board = dealBoards(SHORT_WHIST, { seed: 1, count: 1 })[0];
    if (board === undefined) throw new Error('no board');
    const hostile = [
      null,
      42,
      {},
      { ...board, dealer: 'X' },
      { ...board, cards: { ...board.cards, N: board.cards.E } },
      { ...board, trump: 'Z' },
      {
        get dealer() {
          throw new Error('boom');
        },
      },
    ];
    for (const [i, value] of hostile.entries()) {
      const r = boardHand(SHORT_WHIST, value as never);
      expect(r.ok, `hostile board ${i}`).toBe(false);
      if (!r.ok)
        expect(['INVALID_ARGUMENT', 'INVALID_SEAT', 'INVALID_HAND', 'DUPLICATE_CARD', 'INVALID_TRUMP', 'INVALID_CARD', 'INVALID_DECK']).toContain(r.error.code);
    }
  });
});

/** An independent count of a movement: per pair, the boards played and the opponents met, and each board's plays by direction. */
function tally(m: Movement) {
  const boards = new Map<number, number[]>();
  const opponents = new Map<number, number[]>();
  const plays = new Map<number, { NS: number; EW: number }>();
  const add = <T>(map: Map<number, T[]>, key: number, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const s of m.sittings) {
    for (const b of s.boards) {
      add(boards, s.ns, b);
      add(boards, s.ew, b);
      const p = plays.get(b) ?? { NS: 0, EW: 0 };
      plays.set(b, { NS: p.NS + 1, EW: p.EW + 1 });
    }
    add(opponents, s.ns, s.ew);
    add(opponents, s.ew, s.ns);
  }
  return { boards, opponents, plays };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A Howell's properties, counted independently of movementProblems: every pair meets every other once and plays
 * every board once, sits north–south in about half its rounds, the stationary pair stays at table 1, and
 * every board is played by `tables` pairs in each direction.
 */
function expectHowell(m: Movement, tables: number): void {
  const { boards, opponents, plays } = tally(m);
  for (let pair = 1; pair <= m.pairs; pair++) {
    expect([...(opponents.get(pair) ?? [])].sort((a, b) => a - b)).toEqual(range(1, m.pairs).filter((p) => p !== pair));
    expect([...(boards.get(pair) ?? [])].sort((a, b) => a - b)).toEqual(range(1, m.boards));
    const ns = m.sittings.filter((s) => s.ns === pair).length;
    // Each pair sits north–south in about half its rounds: at most one and a half rounds from half.
    expect(Math.abs(2 * ns - m.rounds), `pair ${pair}`).toBeLessThanOrEqual(3);
  }
  for (const s of m.sittings) if (s.ns === m.pairs || s.ew === m.pairs) expect(s.table).toBe(1);
  for (const b of range(1, m.boards)) expect(plays.get(b)).toEqual({ NS: tables, EW: tables });
}

describe('a board dealt at a table (dealBoard)', () => {
  const rotation = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } });
  const pack = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'secondPack' } });

  it('deals the hand boardHand starts, under trump by turn-up, second pack and rotation; the table reads back as stored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(SHORT_WHIST, LONG_WHIST, pack), (seed, rules) => {
        for (const board of dealBoards(rules, { seed, count: 4 })) {
          const table = newTableOrThrow(rules, { dealer: board.dealer, seed: 1 });
          const dealt = dealBoard(table, board);
          expect(dealt.ok).toBe(true);
          if (!dealt.ok) return;
          const hand = currentHand(dealt.value);
          const expected = boardHand(rules, board);
          if (hand === null || !expected.ok) throw new Error('no hand');
          expect(dealtCards(hand)).toEqual(board.cards);
          expect([hand.dealer, hand.trump, hand.trumpCard]).toEqual([board.dealer, board.trump, board.trumpCard]);
          expect(hand).toEqual(expected.value);
          const read = parseTable(JSON.parse(JSON.stringify(dealt.value)));
          expect(read.ok && read.value).toEqual(dealt.value);
        }
      }),
      fcParams(),
    );
    // By rotation, the table's first deal takes the first suit, as board 1 does.
    const board = dealBoards(rotation, { seed: 4, count: 1 })[0]!;
    const dealt = dealBoard(newTableOrThrow(rotation, { dealer: 'N' }), board);
    expect(dealt.ok && currentHand(dealt.value)?.trump).toBe('H');
  });

  it('refuses, leaving the table as it was: another dealer, a turn-up the dealer lacks, a seat short of cards, a hand in progress, another trump, what is not a board', () => {
    const [b1, b2] = dealBoards(SHORT_WHIST, { seed: 'refusals', count: 2 }) as [Board, Board];
    const table = newTableOrThrow(SHORT_WHIST, { dealer: 'N', seed: 1 });
    const before = JSON.stringify(table);
    const code = (board: unknown, at = table) => {
      const r = dealBoard(at, board as Board);
      return r.ok ? 'ok' : `${r.error.code} ${r.error.path}`;
    };
    expect(code(b2)).toBe('INVALID_ARGUMENT board.dealer');
    const notDealers = SEATS.filter((s) => s !== 'N').flatMap((s) => b1.cards[s]);
    expect(code({ ...b1, trumpCard: notDealers[0] })).toBe('INVALID_TRUMP board.trumpCard');
    expect(code({ ...b1, cards: { ...b1.cards, E: b1.cards.E.slice(1) } })).toBe('INVALID_DECK board.cards.E');
    expect(code({ ...b1, cards: { ...b1.cards, E: [...b1.cards.E.slice(1), b1.cards.W[0]] } })).toMatch(/^DUPLICATE_CARD/);
    expect(code({ ...b1, trump: b1.trump === 'S' ? 'H' : 'S' })).toBe('INVALID_TRUMP board.trump');
    expect(code(null)).toBe('INVALID_ARGUMENT board');
    expect(code({ ...b1, dealer: 'X' })).toBe('INVALID_ARGUMENT board.dealer');
    const hostile = new Proxy(b1, {
      get() {
        throw new Error('hostile');
      },
    });
    expect(code(hostile)).toBe('INVALID_ARGUMENT board');
    const dealt = dealBoard(table, b1);
    if (!dealt.ok) throw new Error(dealt.error.message);
    expect(code(b1, dealt.value)).toBe('INVALID_ACTION type');
    expect(JSON.stringify(table)).toBe(before);
  });
});

describe('movements', () => {
  it('Mitchell, 3 to 8 tables: north–south pairs stay, east–west pairs move up a table and the boards down one; an even count skips a table half-way', () => {
    for (let tables = 3; tables <= 8; tables++) {
      const m = mitchell(tables, { boardsPerRound: 2 });
      expect(movementProblems(m), `${tables} tables`).toEqual([]);
      const skip = tables % 2 === 0;
      expect(m.rounds).toBe(skip ? tables - 1 : tables);
      expect(m.sittings).toHaveLength(m.rounds * tables);
      const { boards, opponents, plays } = tally(m);
      for (const s of m.sittings) expect(s.ns).toBe(s.table);
      for (let r = 1; r < m.rounds; r++) {
        for (let t = 1; t <= tables; t++) {
          const now = m.sittings.find((s) => s.round === r && s.table === t);
          const next = m.sittings.find((s) => s.round === r + 1 && s.table === (t % tables) + 1);
          const skipped = m.sittings.find((s) => s.round === r + 1 && s.table === ((t + 1) % tables) + 1);
          // The east–west pair moves up one table (two at the skip, after half the rounds).
          expect((skip && r === tables / 2 ? skipped : next)?.ew, `${tables} tables, round ${r}, table ${t}`).toBe(now?.ew);
          // The boards move down one table.
          const down = m.sittings.find((s) => s.round === r + 1 && s.table === ((t + tables - 2) % tables) + 1);
          expect(down?.boards).toEqual(now?.boards);
        }
      }
      for (let pair = 1; pair <= 2 * tables; pair++) {
        expect(new Set(boards.get(pair)).size, `pair ${pair}`).toBe(boards.get(pair)?.length);
        expect(boards.get(pair)).toHaveLength(m.rounds * 2);
        expect(new Set(opponents.get(pair)).size).toBe(m.rounds);
        for (const o of opponents.get(pair) ?? []) expect(o <= tables).toBe(pair > tables);
      }
      for (const b of range(1, m.boards)) expect(plays.get(b)).toEqual({ NS: m.rounds, EW: m.rounds });
    }
  });

  it('Howell, 3 to 8 tables: every pair meets every other once and plays every board once, the stationary pair at table 1', () => {
    for (let tables = 3; tables <= 8; tables++) {
      const m = howell(tables, { boardsPerRound: 3 });
      expect(movementProblems(m), `${tables} tables`).toEqual([]);
      expect([m.pairs, m.rounds, m.boards]).toEqual([2 * tables, 2 * tables - 1, 3 * (2 * tables - 1)]);
      expectHowell(m, tables);
    }
  });

  it('Howell whose boards travel, 4 to 8 tables: each set at one table at most in a round, played once by every pair, tables − 1 sets out each round; none for 3 tables', () => {
    for (let tables = 4; tables <= 8; tables++) {
      const m = howell(tables, { barometer: false, boardsPerRound: 2 });
      expect(m.barometer).toBe(false);
      expect(movementProblems(m), `${tables} tables`).toEqual([]);
      expect([m.pairs, m.rounds, m.boards]).toEqual([2 * tables, 2 * tables - 1, 2 * (2 * tables - 1)]);
      expectHowell(m, tables);
      // A Room square: in each round every set at one table at most, so tables − 1 sets wait; a set's boards stay together.
      for (let round = 1; round <= m.rounds; round++) {
        const sets = m.sittings.filter((s) => s.round === round).map((s) => (s.boards[0] as number) - 1);
        for (const s of m.sittings) expect(s.boards).toEqual([s.boards[0], (s.boards[0] as number) + 1]);
        expect(new Set(sets).size, `${tables} tables, round ${round}`).toBe(tables);
        expect(sets.every((b) => b % 2 === 0)).toBe(true);
      }
      // The same movement but every table of round 1 on one set: refused, as a barometer out of place.
      const clash = { ...m, sittings: m.sittings.map((s) => (s.round === 1 ? { ...s, boards: [1, 2] } : s)) };
      expect(movementProblems(clash).join('\n')).toMatch(/board 1/);
    }
    expect(() => howell(3, { barometer: false })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/3 tables whose boards travel/) }),
    );
    expect(howell(3, { barometer: true })).toEqual(howell(3));
  });

  it('every movement has its properties for any size, boards per round and barometer (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.boolean(), fc.boolean(), (tables, perRound, barometer, isHowell) => {
        // A Howell whose boards travel starts at 4 tables.
        const m = isHowell
          ? howell(tables, { boardsPerRound: perRound, barometer: barometer || tables === 3 })
          : mitchell(tables, { boardsPerRound: perRound, barometer });
        expect(movementProblems(m)).toEqual([]);
        expect(m.boards).toBe(perRound * (isHowell ? 2 * tables - 1 : tables));
        if (m.barometer) for (const s of m.sittings) expect(s.boards[0]).toBe((s.round - 1) * perRound + 1);
      }),
      fcParams(60),
    );
  });

  it('finds what breaks a movement: a pair twice in a round, a meeting twice, a board twice, a barometer out of step', () => {
    const m = mitchell(5);
    const first = m.sittings[0] as Movement['sittings'][number];
    expect(movementProblems({ ...m, sittings: [...m.sittings, { ...first, round: 2, table: 6 }] }).join('\n')).toMatch(/25 sittings, not 26/);
    expect(movementProblems({ ...m, sittings: m.sittings.map((s, i) => (i === 0 ? { ...s, round: 9 } : s)) }).join('\n')).toMatch(/not a round and table/);
    expect(movementProblems({ ...m, sittings: m.sittings.map((s) => ({ ...s, table: 1 })) }).join('\n')).toMatch(/table 1 is given twice/);
    expect(movementProblems({ ...m, kind: 'chicago' as never })).toEqual(['the kind must be mitchell or howell, got "chicago"']);
    expect(movementProblems({ ...m, barometer: 'yes' as never }).join('\n')).toMatch(/barometer must be/);
    expect(movementProblems({ ...m, tables: 4 }).join('\n')).toMatch(/4 tables seat 8 pairs/);
    expect(movementProblems({ ...m, pairs: 20_000, tables: 10_000 }).length).toBe(1);
    // The pairs renumbered (north–south 1, 3, 5, 7, 9; east–west the others): the same movement, no problem.
    const renumber = (p: number) => (p <= 5 ? 2 * p - 1 : 2 * (p - 5));
    expect(movementProblems({ ...m, sittings: m.sittings.map((s) => ({ ...s, ns: renumber(s.ns), ew: renumber(s.ew) })) })).toEqual([]);
    const swapped = m.sittings.map((s) =>
      s.round === 2 && s.table === 1 ? { ...s, ew: first.ew } : s.round === 2 && s.ew === first.ew ? { ...s, ew: 10 } : s,
    );
    expect(movementProblems({ ...m, sittings: swapped }).join('\n')).toMatch(/meet twice/);
    const replayed = m.sittings.map((s) => (s.round === 2 && s.table === 1 ? { ...s, boards: first.boards } : s));
    expect(movementProblems({ ...m, sittings: replayed }).join('\n')).toMatch(/plays board 1 twice/);
    const baro = mitchell(5, { barometer: true });
    const outOfStep = baro.sittings.map((s) => (s.round === 1 && s.table === 2 ? { ...s, boards: [3, 4] } : s));
    expect(movementProblems({ ...baro, sittings: outOfStep }).join('\n')).toMatch(/different boards/);
    expect(movementProblems(null as never)).toEqual(['not a movement: no list of sittings']);
    for (const bad of [0, 2, 9, 3.5, '4', null]) expect(() => mitchell(bad as number)).toThrow(/tables/);
    expect(() => mitchell(4, { boardsPerRound: 0 })).toThrow(/boardsPerRound/);
    expect(() => mitchell(4, { barometer: 'yes' as never })).toThrow(/barometer/);
  });
});

/** Random events with many ties: a few boards, pairs in two fields, tricks from a narrow range. */
const eventArb = fc
  .record({
    pairsPerField: fc.integer({ min: 1, max: 6 }),
    boards: fc.integer({ min: 1, max: 5 }),
    spread: fc.integer({ min: 0, max: 3 }),
    tricks: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
    honours: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 30, maxLength: 30 }),
    skip: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
  })
  .map(({ pairsPerField, boards, spread, tricks, honours, skip }) => {
    const results: BoardResult[] = [];
    let i = 0;
    for (let board = 1; board <= boards; board++)
      for (let t = 0; t < pairsPerField; t++) {
        i = (i + 1) % 30;
        // Some tables did not play this board: fields of different sizes.
        if (skip[i] === true && t > 0) continue;
        const ns = 6 + Math.min(spread, tricks[i] ?? 0);
        const points = { NS: Math.max(0, ns - 6) + (honours[i] === 4 ? 4 : honours[i] === 3 ? 2 : 0), EW: Math.max(0, 7 - ns) + (honours[i] === 0 ? 2 : 0) };
        results.push({ board, ns: `N${t}`, ew: `E${(t + board) % pairsPerField}`, tricks: { NS: ns, EW: 13 - ns }, points });
      }
    return results;
  });

/** Matchpoints by the rank formula: in a field sorted best first, a result that occupies places i to j (ties) gets 2(n − 1) − i − j. */
function referenceMatchpoints(results: readonly BoardResult[], by: 'tricks' | 'points') {
  const out = new Map<string, { mp: number; top: number }>();
  const fields = new Map<string, { pair: string; value: number }[]>();
  for (const r of results)
    for (const [side, pair] of [
      ['NS', r.ns],
      ['EW', r.ew],
    ] as const) {
      const other = side === 'NS' ? 'EW' : 'NS';
      const value = by === 'tricks' ? r.tricks[side] : r.points[side] - r.points[other];
      fields.set(`${r.board}${side}`, [...(fields.get(`${r.board}${side}`) ?? []), { pair, value }]);
    }
  for (const field of fields.values()) {
    const values = field.map((f) => f.value).sort((a, b) => b - a);
    const n = field.length;
    for (const f of field) {
      const i = values.indexOf(f.value);
      const j = values.lastIndexOf(f.value);
      const t = out.get(f.pair) ?? { mp: 0, top: 0 };
      out.set(f.pair, n > 1 ? { mp: t.mp + 2 * (n - 1) - i - j, top: t.top + 2 * (n - 1) } : t);
    }
  }
  return out;
}

/** Standard competition ranks of values (higher first), compared within a tolerance: 1, 2, 2, 4. */
function referenceRanks(values: Map<string, number>): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const [pair, v] of values) ranks.set(pair, 1 + [...values.values()].filter((w) => w > v + 1e-9).length);
  return ranks;
}

describe('scoring', () => {
  it('matchpoints agree with the rank formula on random events, by tricks and by points, ties included (fast-check)', () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom('tricks' as const, 'points' as const), (results, by) => {
        const scored = matchpoints(results, { by });
        const reference = referenceMatchpoints(results, by);
        const percent = new Map<string, number>();
        for (const s of scored.standings) {
          const r = reference.get(s.pair);
          expect(s.total, s.pair).toBe(r?.mp);
          expect(s.top, s.pair).toBe(r?.top);
          if (r !== undefined && r.top > 0) percent.set(s.pair, r.mp / r.top);
          expect(s.percent).toBe(r === undefined || r.top === 0 ? null : Math.round((10000 * r.mp) / r.top) / 100);
        }
        const ranks = referenceRanks(percent);
        for (const s of scored.standings) if (s.percent !== null) expect(s.rank, s.pair).toBe(ranks.get(s.pair));
        for (const s of scored.standings)
          if (s.percent !== null) expect(s.tied).toBe(scored.standings.some((o) => o !== s && o.percent !== null && o.rank === s.rank));
        // Every board and direction gives n(n − 1) matchpoints in all.
        const byField = new Map<string, { total: number; n: number }>();
        for (const s of scored.scores) {
          const f = byField.get(`${s.board}${s.direction}`) ?? { total: 0, n: 0 };
          byField.set(`${s.board}${s.direction}`, { total: f.total + s.value, n: f.n + 1 });
        }
        for (const f of byField.values()) expect(f.total).toBe(f.n * (f.n - 1));
      }),
      fcParams(200),
    );
  });

  it('the Knickerbocker form agrees with each direction’s average on random events, ties included (fast-check)', () => {
    fc.assert(
      fc.property(eventArb, (results) => {
        const scored = knickerbocker(results);
        const totals = new Map<string, number>();
        for (const r of results) {
          for (const side of ['NS', 'EW'] as const) {
            const field = results.filter((x) => x.board === r.board);
            if (field.length < 2) continue;
            const average = field.reduce((s, x) => s + x.tricks[side], 0) / field.length;
            const pair = side === 'NS' ? r.ns : r.ew;
            totals.set(pair, (totals.get(pair) ?? 0) + r.tricks[side] - average);
          }
        }
        for (const s of scored.standings) expect(s.total).toBeCloseTo(totals.get(s.pair) ?? 0, 9);
        const ranks = referenceRanks(new Map(scored.standings.filter((s) => s.boards > 0).map((s) => [s.pair, totals.get(s.pair) ?? 0])));
        for (const s of scored.standings) if (s.boards > 0) expect(s.rank, s.pair).toBe(ranks.get(s.pair));
        // Each board's differences in a direction sum to 0.
        const sums = new Map<string, number>();
        for (const s of scored.scores) sums.set(`${s.board}${s.direction}`, (sums.get(`${s.board}${s.direction}`) ?? 0) + s.value);
        for (const v of sums.values()) expect(v).toBeCloseTo(0, 9);
      }),
      fcParams(200),
    );
  });

  it('Knickerbocker totals are exact: two pairs whose fractions add up the same in another order are tied', () => {
    // Pair X plays boards 1 to 15 in fields of 2, 3, 5, … 47 pairs, Pair Y boards 16 to 30 in the same fields
    // in the other order; each takes 1/n of a trick over its field's average. Added as floating-point
    // numbers, the two totals differ in their last digit.
    const primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];
    const results: BoardResult[] = [];
    const field = (board: number, n: number, pair: string) => {
      const row = (ns: string, nsTricks: number, i: number): BoardResult => ({
        board,
        ns,
        ew: `E${board}/${i}`,
        tricks: { NS: nsTricks, EW: 13 - nsTricks },
        points: { NS: Math.max(0, nsTricks - 6), EW: Math.max(0, 7 - nsTricks) },
      });
      results.push(row(pair, 7, 0));
      for (let i = 1; i < n; i++) results.push(row(`F${board}/${i}`, i === 1 ? 6 : 7, i));
    };
    for (const [i, n] of primes.entries()) field(i + 1, n, 'X');
    for (const [i, n] of [...primes].reverse().entries()) field(16 + i, n, 'Y');
    let x = 0;
    let y = 0;
    for (const n of primes) x += 1 / n;
    for (const n of [...primes].reverse()) y += 1 / n;
    expect(x).not.toBe(y);
    const standings = knickerbocker(results).standings;
    const [sx, sy] = ['X', 'Y'].map((p) => standings.find((s) => s.pair === p) as (typeof standings)[number]);
    expect([sx?.rank, sy?.rank, sx?.tied, sy?.tied]).toEqual([1, 1, true, true]);
    expect(sx?.total).toBeCloseTo(x, 12);
  });

  it('ranks a Mitchell’s two fields apart, and refuses that when a pair sat both ways; refuses results that are not results', () => {
    const r = (board: number, ns: string, ew: string, nsTricks: number): BoardResult => ({
      board,
      ns,
      ew,
      tricks: { NS: nsTricks, EW: 13 - nsTricks },
      points: { NS: Math.max(0, nsTricks - 6), EW: Math.max(0, 7 - nsTricks) },
    });
    const apart = matchpoints([r(1, 'A', 'X', 8), r(1, 'B', 'Y', 6), r(2, 'A', 'Y', 7), r(2, 'B', 'X', 7)], { apart: true });
    expect(apart.standings.map((s) => `${s.direction} ${s.rank}${s.tied ? '=' : ''} ${s.pair}`)).toEqual(['NS 1 A', 'NS 2 B', 'EW 1 Y', 'EW 2 X']);
    expect(() => matchpoints([r(1, 'A', 'B', 8), r(2, 'B', 'A', 8)], { apart: true })).toThrow(/both/);
    const good = r(1, 'A', 'B', 7);
    for (const bad of [
      null,
      [null],
      [{ ...good, board: 0 }],
      [{ ...good, ns: '' }],
      [{ ...good, ew: 'A' }],
      [{ ...good, tricks: { NS: 7, EW: 7 } }],
      [{ ...good, points: { NS: -1, EW: 0 } }],
      [good, good],
    ])
      for (const f of [matchpoints, knickerbocker]) expect(() => f(bad as never), JSON.stringify(bad)).toThrow(WhistError);
    expect(() => matchpoints([good], { by: 'honours' as never })).toThrow(/by/);
    // A hole in a sparse array is no result either.
    const sparse: BoardResult[] = [good];
    sparse[2] = { ...good, board: 2 };
    expect(() => matchpoints(sparse)).toThrow(/results\[1\]/);
  });
});

describe('an event played through the rules engine', () => {
  it('a 3-table Mitchell of Long Whist boards, every card played by the heuristic player, scored by matchpoints and Knickerbocker', () => {
    const m = mitchell(3, { boardsPerRound: 2 });
    const boards = dealBoards(LONG_WHIST, { seed: 'club', count: m.boards });
    const results: BoardResult[] = [];
    for (const s of m.sittings)
      for (const number of s.boards) {
        const board = boards[number - 1];
        if (board === undefined) throw new Error(`no board ${number}`);
        const start = boardHand(LONG_WHIST, board);
        if (!start.ok) throw new Error(start.error.message);
        let hand = start.value;
        for (let seat = currentSeat(hand); seat !== null && !isHandComplete(hand); seat = currentSeat(hand))
          hand = playOrThrow(hand, seat, heuristicPlayer(playerViewOrThrow(hand, seat)));
        results.push(boardResultOf(LONG_WHIST, number, { ns: String(s.ns), ew: String(s.ew) }, hand));
      }
    expect(results).toHaveLength(18);
    // The same cards and the same players: every table of a board gets the same result.
    for (const b of range(1, m.boards)) expect(new Set(results.filter((r) => r.board === b).map((r) => JSON.stringify([r.tricks, r.points]))).size).toBe(1);
    const scored = matchpoints(results, { apart: true });
    expect(scored.standings).toHaveLength(6);
    for (const s of scored.standings) expect([s.percent, s.rank, s.tied]).toEqual([50, 1, true]);
    for (const s of knickerbocker(results).standings) expect(s.total).toBe(0);
    // A hand not finished has no result.
    const unplayed = boardHand(LONG_WHIST, boards[0] as NonNullable<(typeof boards)[0]>);
    if (unplayed.ok) expect(() => boardResultOf(LONG_WHIST, 1, { ns: '1', ew: '2' }, unplayed.value)).toThrow(/not finished/);
  });
});

describe('a board played on by computer players (computerPlayOn)', () => {
  it("plays each seat's computerCard from its own view, to the hand's end or to the seat it stops at; the same seed, the same play", () => {
    for (const board of dealBoards(SHORT_WHIST, { seed: 'field', count: 4 })) {
      const start = boardHand(SHORT_WHIST, board);
      if (!start.ok) throw new Error(start.error.message);
      // The sampling level on the first board only: its hands cost a thousand times the heuristic's.
      for (const level of board.number === 1 ? (['heuristic', 'fast'] as const) : (['heuristic'] as const)) {
        const played = computerPlayOn(start.value, { level, seed: board.number });
        expect(isHandComplete(played)).toBe(true);
        expect(computerPlayOn(start.value, { level, seed: board.number })).toEqual(played);
        // Card by card, the same cards as computerCard gives each seat from its own view.
        let hand = start.value;
        for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand))
          hand = playOrThrow(hand, seat, computerCard(playerViewOrThrow(hand, seat), { level, seed: board.number }));
        expect(hand).toEqual(played);
      }
      const atSouth = computerPlayOn(start.value, { stopAt: 'S' });
      expect(currentSeat(atSouth)).toBe('S');
      expect(computerPlayOn(atSouth, { stopAt: 'S' })).toBe(atSouth);
      const card = playerViewOrThrow(atSouth, 'S').legalMoves[0] as Card;
      expect(currentSeat(computerPlayOn(playOrThrow(atSouth, 'S', card), { stopAt: 'S' }))).toBe(isHandComplete(playOrThrow(atSouth, 'S', card)) ? null : 'S');
    }
  });

  it('refuses a stopAt that is not a seat, a level it does not know and what is not a hand', () => {
    const start = boardHand(SHORT_WHIST, dealBoards(SHORT_WHIST, { seed: 1, count: 1 })[0] as Board);
    if (!start.ok) throw new Error(start.error.message);
    const code = (f: () => unknown) => {
      try {
        f();
        return 'none';
      } catch (e) {
        return e instanceof WhistError ? e.code : 'other';
      }
    };
    expect(code(() => computerPlayOn(start.value, { stopAt: 'X' as Seat }))).toBe('INVALID_ARGUMENT');
    expect(code(() => computerPlayOn(start.value, { level: 'best' as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => computerPlayOn({} as HandState))).toBe('INVALID_STATE');
  });
});

describe('an event as a Whist record', () => {
  /** A 3-table Mitchell of Short Whist, every card played by the heuristic player, every result with its play. */
  function playedEvent() {
    const m = mitchell(3, { boardsPerRound: 1 });
    const boards = dealBoards(SHORT_WHIST, { seed: 'record', count: m.boards });
    const results: BoardResult[] = [];
    for (const s of m.sittings)
      for (const number of s.boards) {
        const start = boardHand(SHORT_WHIST, boards[number - 1] as NonNullable<(typeof boards)[0]>);
        if (!start.ok) throw new Error(start.error.message);
        let hand = start.value;
        for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand))
          hand = playOrThrow(hand, seat, heuristicPlayer(playerViewOrThrow(hand, seat)));
        results.push(boardResultOf(SHORT_WHIST, number, { ns: `Pair ${s.ns}`, ew: `Pair "${s.ew}" \\ x` }, hand));
      }
    return { name: 'Club night, 1 "December"', boards, results };
  }

  it('is read back exactly: the boards, every result and its play, names with quotes and backslashes', () => {
    const event = playedEvent();
    const text = formatEventPbn(event);
    expect(text.match(/\[Board "/g)).toHaveLength(3);
    const back = parseEventPbn(text, SHORT_WHIST);
    expect(back.ok, back.ok ? '' : back.error.message).toBe(true);
    if (!back.ok) return;
    // The results come back board by board, each board's in the order they were written.
    const byBoard = { ...event, results: [...event.results].sort((a, b) => a.board - b.board) };
    expect(back.value).toEqual(byBoard);
    expect(formatEventPbn(back.value)).toBe(text);
    // Without plays, the results alone.
    const bare = { ...byBoard, results: byBoard.results.map(({ plays: _, ...r }) => r) };
    expect(parseEventPbn(formatEventPbn(bare), SHORT_WHIST)).toEqual({ ok: true, value: bare });
    expect(() => formatEventPbn({ ...event, results: [{ ...(event.results[0] as BoardResult), board: 99 }] })).toThrow(/board 99/);
  });

  it('checks every result against its play, every board by the rules, and names the line of what is wrong', () => {
    const text = formatEventPbn(playedEvent());
    const lines = text.split('\n');
    const row = lines.findIndex((l) => l.startsWith('"Pair 1"'));
    const swap = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\n');
    const fields = (lines[row] as string).match(/"(?:[^"\\]|\\.)*"|\S+/g) as string[];
    const withTricks = [...fields.slice(0, 2), String(Number(fields[2]) + 1), String(Number(fields[3]) - 1), ...fields.slice(4)].join(' ');
    const plays = (fields[6] as string).slice(1, -1).split(' ');
    const swapped = [...fields.slice(0, 6), `"${[plays[1], plays[0], ...plays.slice(2)].join(' ')}"`].join(' ');
    const cases: [string, RegExp][] = [
      [swap(row, withTricks), new RegExp(`line ${row + 1}: .*the play gives`)],
      [swap(row, swapped), new RegExp(`line ${row + 1}: .*card [12] of the play`)],
      [swap(row, [...fields.slice(0, 6), `"${plays.slice(0, 40).join(' ')}"`].join(' ')), /ends before the hand does/],
      [swap(row, `${fields[0]} ${fields[0]} ${fields.slice(2).join(' ')}`), /both north–south and east–west/],
      [swap(row, fields.slice(0, 6).join(' ')), /7 columns/],
      [swap(row, `"Pair 1 ${fields.slice(1).join(' ')}`), /7 columns|not closed/],
      [text.replace('[Board "2"]', '[Board "1"]'), /board 1 is given twice/],
      [text.replace('[Dealer "E"]', '[Dealer "X"]'), /the dealer must be/],
      [text.replace(/\[Trumps "[SHDC]"\]/, '[Trumps "Z"]'), /the trumps must be/],
      [text.replace(/\[Deal "N:/, '[Deal "N:A'), /line \d+/],
      [`${text}stray words\n`, /7 columns/],
      [`stray words\n${text}`, /line 1: text outside a tag/],
    ];
    for (const [bad, expected] of cases) {
      const r = parseEventPbn(bad, SHORT_WHIST);
      expect(r.ok, String(expected)).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(expected);
    }
  });

  it('refuses hostile text, reading it once: unclosed strings, huge rows, too many boards, repeated tags', () => {
    const one = formatEventPbn({ name: null, boards: dealBoards(SHORT_WHIST, { seed: 2, count: 1 }), results: [] });
    const refused = (text: string) => {
      const r = parseEventPbn(text, SHORT_WHIST);
      return r.ok ? 'accepted' : r.error.message;
    };
    // A valid game, then rows that reach the row reader: an unclosed string, a long token, many tokens.
    expect(refused(`${one}${'"a'.repeat(500_000)}`)).toMatch(/line \d+: a row holds 7 columns, each at most 200 characters/);
    expect(refused(`${one}"${'x'.repeat(1_000_000)}" "B" 7 6 1 0 -`)).toMatch(/at most 200 characters/);
    expect(refused(`${one}${'1 '.repeat(1_000_000)}`)).toMatch(/7 columns/);
    expect(refused(`${one}"A" "B" 7 6 1 0 "${'2C '.repeat(60)}"`)).toMatch(/7 columns|52/);
    // 1,001 valid boards: past the limit.
    const many = formatEventPbn({ name: null, boards: dealBoards(SHORT_WHIST, { seed: 3, count: 1000 }), results: [] });
    expect(parseEventPbn(many, SHORT_WHIST).ok).toBe(true);
    const extra = formatEventPbn({ name: null, boards: dealBoards(SHORT_WHIST, { seed: 3, count: 1, first: 1001 }), results: [] });
    expect(refused(`${many}${extra}`)).toMatch(/at most 1000 boards/);
    // Tags: repeated, a dealer not the board's, trump not turned up, another event's name.
    expect(refused(one.replace('[Dealer "N"]', '[Dealer "N"]\n[Dealer "N"]'))).toMatch(/Dealer tag is given twice/);
    expect(refused(one.replace('[Dealer "N"]', '[Dealer "E"]'))).toMatch(/board 1 is dealt by N, not E/);
    expect(refused(one.replace(/\[TrumpCard "[^"]+"\]\n/, ''))).toMatch(/TrumpCard of the trump suit is required/);
    expect(refused(one.replace(/\[Trumps "[SHDC]"\]/, '[Trumps "none"]'))).toMatch(/TrumpCard of the trump suit is required/);
    const named = formatEventPbn({ name: 'A', boards: dealBoards(SHORT_WHIST, { seed: 2, count: 2 }), results: [] });
    expect(refused(named.replace(/\[Event "A"\]\n\[Board "2"\]/, '[Event "B"]\n[Board "2"]'))).toMatch(/another event's name/);
    for (const text of ['"'.repeat(1_000_000), `[Board "1"]\n${'['.repeat(1_000_000)}`, 'x'.repeat(20_000_001), 42 as never])
      expect(refused(text)).not.toBe('accepted');
  });

  it('writes only what it reads back: boards out of order come back by number, results that are not results are refused', () => {
    const event = playedEvent();
    const reversed = { ...event, boards: [...event.boards].reverse(), results: [...event.results].reverse() };
    const back = parseEventPbn(formatEventPbn(reversed), SHORT_WHIST);
    expect(back.ok && back.value.boards.map((b) => b.number)).toEqual([1, 2, 3]);
    expect(back.ok && back.value.results.map((r) => r.board)).toEqual([...reversed.results].sort((a, b) => a.board - b.board).map((r) => r.board));
    const good = event.results[0] as BoardResult;
    for (const bad of [
      { ...good, ns: 'two\nlines' },
      { ...good, ns: '' },
      { ...good, ew: good.ns },
      { ...good, plays: '' },
      { ...good, points: { NS: 10_000, EW: 0 } },
      { ...good, tricks: { NS: 'x', EW: 6 } },
    ])
      expect(() => formatEventPbn({ ...event, results: [bad as BoardResult] })).toThrow(WhistError);
    expect(() => formatEventPbn({ ...event, boards: [] })).toThrow(/at least one/);
    expect(() => formatEventPbn({ ...event, boards: [event.boards[0] as never, event.boards[0] as never] })).toThrow(/boards\[1\]/);
    expect(() => formatEventPbn({ ...event, name: 'a\nb' })).toThrow(/one line/);
  });
});
