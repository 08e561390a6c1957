/**
 * Movements: who sits where, against whom, with which boards, in each round of a duplicate event. Mitchell
 * (pairs keep their direction the whole event) and Howell (every pair meets every other), each with the
 * barometer option (every table plays the same boards in the same round), as data, and the check of the
 * properties a movement must have.
 *
 * @module
 */

import { describe, onlyWhistErrors, WhistError } from '../errors.js';

/**
 * One table in one round of a movement: the pairs north–south and east–west, and the boards they play.
 *
 * @example
 * ```ts
 * import { mitchell } from 'whist/duplicate';
 *
 * const first = mitchell(3, { boardsPerRound: 2 }).sittings[0]!;
 * [first.round, first.table, first.ns, first.ew, first.boards]; // [1, 1, 1, 4, [1, 2]]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface Sitting {
  /** The round, from 1. */
  readonly round: number;
  /** The table, from 1. */
  readonly table: number;
  /** The pair north–south. */
  readonly ns: number;
  /** The pair east–west. */
  readonly ew: number;
  /** The boards played at this table in this round, by number. */
  readonly boards: readonly number[];
}

/**
 * A movement: its kind, its size, and every table of every round.
 *
 * @example
 * ```ts
 * import { howell } from 'whist/duplicate';
 *
 * const m = howell(3);
 * [m.pairs, m.rounds, m.boards]; // [6, 5, 10]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (John T. Mitchell, 1891; Edwin C. Howell, 1897).
 * @group Duplicate
 */
export interface Movement {
  /** `mitchell`: pairs 1 to `tables` sit north–south at their table all event, the others east–west; `howell`: every pair meets every other. */
  readonly kind: 'mitchell' | 'howell';
  /** Every table plays the same boards in the same round, so that results can be shown after each round. */
  readonly barometer: boolean;
  /** Tables. */
  readonly tables: number;
  /** Pairs, numbered 1 to `pairs`. */
  readonly pairs: number;
  /** Rounds. */
  readonly rounds: number;
  /** Boards played at a table in a round. */
  readonly boardsPerRound: number;
  /** Boards in play, numbered 1 to `boards`. */
  readonly boards: number;
  /** Every table of every round, by round and then by table. */
  readonly sittings: readonly Sitting[];
}

/**
 * Options of {@link mitchell} and {@link howell}.
 *
 * @example
 * ```ts
 * import { type MovementOptions, mitchell } from 'whist/duplicate';
 *
 * const options: MovementOptions = { boardsPerRound: 3, barometer: true };
 * mitchell(4, options).boards; // 12
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface MovementOptions {
  /** Boards a table plays in a round: a whole number from 1 to 8 (default 2). */
  readonly boardsPerRound?: number | undefined;
  /** Every table plays the same boards in the same round (default `false` for a Mitchell, `true` for a Howell); otherwise the boards travel from table to table. */
  readonly barometer?: boolean | undefined;
}

/** The smallest and the largest number of tables a movement here is made for. */
const MOVEMENT_TABLES = { min: 3, max: 8 } as const;

function readOptions(tables: unknown, options: unknown, barometerByDefault = false): { tables: number; perRound: number; barometer: boolean } {
  return onlyWhistErrors(() => readOptionsOf(tables, options, barometerByDefault), 'the options');
}

function readOptionsOf(tables: unknown, options: unknown, barometerByDefault: boolean): { tables: number; perRound: number; barometer: boolean } {
  if (!Number.isSafeInteger(tables) || (tables as number) < MOVEMENT_TABLES.min || (tables as number) > MOVEMENT_TABLES.max)
    throw new WhistError({
      code: 'INVALID_ARGUMENT',
      message: `tables must be a whole number from ${MOVEMENT_TABLES.min} to ${MOVEMENT_TABLES.max}, got ${describe(tables)}`,
      path: 'tables',
    });
  if (options !== undefined && (typeof options !== 'object' || options === null))
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `options must be an object, got ${describe(options)}`, path: 'options' });
  const o = (options ?? {}) as MovementOptions;
  const perRound = o.boardsPerRound ?? 2;
  if (!Number.isSafeInteger(perRound) || perRound < 1 || perRound > 8)
    throw new WhistError({
      code: 'INVALID_ARGUMENT',
      message: `boardsPerRound must be a whole number from 1 to 8, got ${describe(perRound)}`,
      path: 'boardsPerRound',
    });
  const barometer = o.barometer ?? barometerByDefault;
  if (typeof barometer !== 'boolean')
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `barometer must be true or false, got ${describe(barometer)}`, path: 'barometer' });
  return { tables: tables as number, perRound, barometer };
}

/** The boards of set `set` (from 0), `perRound` boards each. */
function boardsOf(set: number, perRound: number): number[] {
  return Array.from({ length: perRound }, (_, i) => set * perRound + i + 1);
}

/**
 * A Mitchell movement for 3 to 8 tables: pair `t` sits north–south at table `t` for the whole event; the
 * east–west pairs (`tables + 1` to `2 × tables`, pair `tables + t` starting at table `t`) move up one table
 * after each round, and the boards move down one.
 *
 * With an odd number of tables that is the whole movement: as many rounds as tables, every pair plays every
 * board once and meets every pair of the other direction once. With an even number, the east–west pairs would
 * meet boards they have played after half the rounds, so they skip a table there (E. T. Baker's skip
 * Mitchell), and the event has one round fewer than tables: each pair plays all the boards but one set, and
 * meets all the pairs of the other direction but one. With `barometer`, round `r` plays the same boards at
 * every table, and every table count is whole (as many rounds as tables).
 *
 * @param tables - the number of tables, 3 to 8
 * @param options - `{ boardsPerRound, barometer }` ({@link MovementOptions})
 * @returns the movement: `2 × tables` pairs, its rounds and every sitting
 * @throws `WhistError` `INVALID_ARGUMENT` for a number of tables or options that are not valid
 * @example
 * ```ts
 * import { mitchell } from 'whist/duplicate';
 *
 * const m = mitchell(5);
 * [m.pairs, m.rounds, m.boards]; // [10, 5, 10]
 * m.sittings.filter((s) => s.round === 2).map((s) => s.ew); // [10, 6, 7, 8, 9]
 * mitchell(4).rounds; // 3
 * mitchell(4, { barometer: true }).rounds; // 4
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (John T. Mitchell's movement, 1891; the skip after half the rounds,
 *   as club directors' guides give it for an even number of tables).
 */
export function mitchell(tables: number, options?: MovementOptions): Movement {
  const o = readOptions(tables, options);
  const n = o.tables;
  const skip = !o.barometer && n % 2 === 0;
  const rounds = skip ? n - 1 : n;
  const sittings: Sitting[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let t = 0; t < n; t++) {
      // The east–west pair at table t in round r: it started at table t − r (t − r − 1 after the skip).
      const moved = r + (skip && r >= n / 2 ? 1 : 0);
      const ew = n + 1 + ((t - moved + 2 * n) % n);
      const set = o.barometer ? r : (t + r) % n;
      sittings.push({ round: r + 1, table: t + 1, ns: t + 1, ew, boards: boardsOf(set, o.perRound) });
    }
  }
  return { kind: 'mitchell', barometer: o.barometer, tables: n, pairs: 2 * n, rounds, boardsPerRound: o.perRound, boards: n * o.perRound, sittings };
}

/**
 * The Howell movements whose boards travel, 4 to 8 tables (`2n − 1` rounds and board sets for `n` tables): the
 * two pairs at tables 2 to `n` in round 1 (pair 1 meets the stationary pair `2n` at table 1), each with the
 * set its table plays in round 1 (table 1 plays set 1). Round `r` is round 1 with every pair but the
 * stationary one moved on by `r − 1` (counted round the `2n − 1` others), and every set by `r − 1` too: a
 * cyclic Room square, from a starter (the pairs of round 1 but pair 1, whose distances round the circle are
 * 1 to `n − 1`, each once) and an adder (the sets). Found by a search of starters and adders in order, the
 * first found kept; none exists for 3 tables (nor any Room square of side 5).
 */
const TRAVELLING: Readonly<Record<number, readonly (readonly [number, number, number])[]>> = {
  4: [
    [2, 4, 3],
    [3, 7, 5],
    [5, 6, 2],
  ],
  5: [
    [2, 3, 6],
    [4, 8, 5],
    [5, 7, 3],
    [6, 9, 8],
  ],
  6: [
    [2, 3, 4],
    [4, 7, 10],
    [5, 9, 2],
    [6, 11, 5],
    [8, 10, 6],
  ],
  7: [
    [2, 3, 4],
    [4, 7, 10],
    [5, 12, 3],
    [6, 10, 2],
    [8, 13, 7],
    [9, 11, 6],
  ],
  8: [
    [2, 3, 4],
    [4, 6, 2],
    [5, 13, 8],
    [7, 11, 15],
    [8, 14, 13],
    [9, 12, 3],
    [10, 15, 7],
  ],
};

/**
 * A Howell movement for 3 to 8 tables: `2 × tables` pairs, `2 × tables − 1` rounds, every pair meets every
 * other pair once and plays every board once. Pair `2 × tables` stays at table 1 and the others move round the
 * rest of the tables, and each pair sits north–south in about half its rounds (at most a round and a half
 * from half).
 *
 * By default every table plays the same boards in the same round (round `r`, the `r`th set): the barometer
 * form, which a server that deals every board to every table at once can always use, the pairs meeting as in
 * the round-robin's circle method. With `barometer: false` (4 to 8 tables), the boards travel as on a Howell
 * guide card: each set is at one table at most in a round, `tables − 1` sets wait out each round, and every
 * set is played once by every pair; no such movement exists for 3 tables.
 *
 * @param tables - the number of tables, 3 to 8 (4 to 8 with `barometer: false`)
 * @param options - `{ boardsPerRound, barometer }` ({@link MovementOptions}); `barometer` defaults to `true`
 * @returns the movement
 * @throws `WhistError` `INVALID_ARGUMENT` for a number of tables or options that are not valid, or
 *   `barometer: false` with 3 tables
 * @example
 * ```ts
 * import { howell } from 'whist/duplicate';
 *
 * const m = howell(4, { boardsPerRound: 3 });
 * [m.pairs, m.rounds, m.boards]; // [8, 7, 21]
 * m.sittings.filter((s) => s.ns === 8 || s.ew === 8).map((s) => s.table); // [1, 1, 1, 1, 1, 1, 1]
 * const travelling = howell(4, { barometer: false, boardsPerRound: 1 });
 * travelling.sittings.filter((s) => s.round === 1).map((s) => s.boards[0]); // [1, 3, 5, 2]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (Edwin C. Howell's movement, 1897, in which every pair meets every
 *   other; the round-robin by the circle method; Room squares, by starter and adder).
 */
export function howell(tables: number, options?: MovementOptions): Movement {
  const o = readOptions(tables, options, true);
  const n = o.tables;
  const starter = o.barometer ? undefined : TRAVELLING[n];
  if (!o.barometer && starter === undefined)
    throw new WhistError({
      code: 'INVALID_ARGUMENT',
      message: `a Howell of ${n} tables whose boards travel does not exist (each set at one table in a round): only the barometer form is given`,
      path: 'barometer',
    });
  const m = 2 * n - 1;
  const sittings: Sitting[] = [];
  // Rounds each pair has sat north–south so far: at each table the pair that has sat there less takes it
  // (the lower number on a tie), so that each pair sits north–south in about half its rounds.
  const northSouth = new Array<number>(2 * n + 1).fill(0);
  for (let r = 0; r < m; r++) {
    // Table 1: the stationary pair 2n against pair r + 1 (set r + 1 where boards travel). In the barometer,
    // table i + 1: pairs r + i and r − i (mod 2n − 1); where boards travel, round 1's pairs and sets moved on by r.
    const meet: [number, number, number][] = [[2 * n, r + 1, r]];
    for (let i = 1; i < n; i++) {
      const row = starter?.[i - 1];
      if (row === undefined) meet.push([((r + i) % m) + 1, ((r - i + m) % m) + 1, r]);
      else meet.push([((row[0] - 1 + r) % m) + 1, ((row[1] - 1 + r) % m) + 1, (row[2] - 1 + r) % m]);
    }
    meet.forEach(([a, b, set], t) => {
      const na = northSouth[a] as number;
      const nb = northSouth[b] as number;
      const [ns, ew] = na < nb || (na === nb && a < b) ? [a, b] : [b, a];
      northSouth[ns] = (northSouth[ns] as number) + 1;
      sittings.push({ round: r + 1, table: t + 1, ns, ew, boards: boardsOf(set, o.perRound) });
    });
  }
  return { kind: 'howell', barometer: o.barometer, tables: n, pairs: 2 * n, rounds: m, boardsPerRound: o.perRound, boards: m * o.perRound, sittings };
}

/**
 * The properties a movement must have, checked: every pair plays once in each round; no pair plays a board
 * twice; no two pairs meet twice; every board is played the same number of times, and (but in a barometer)
 * at one table at most in a round; in a barometer, every table of a round plays the same boards; in a
 * Mitchell, each pair keeps its direction and (but for a skip Mitchell) plays every board and meets every
 * pair of the other direction; in a Howell, every pair meets every other and plays every board.
 *
 * @param movement - a movement (untrusted: anything is checked)
 * @returns the properties it breaks, each a sentence; `[]` when it has them all
 * @example
 * ```ts
 * import { howell, mitchell, movementProblems } from 'whist/duplicate';
 *
 * movementProblems(mitchell(7)); // []
 * movementProblems(howell(8)); // []
 * const m = mitchell(3);
 * movementProblems({ ...m, sittings: [...m.sittings, m.sittings[0]!] }).length > 0; // true
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (the properties of a movement, as movement guides state them).
 */
export function movementProblems(movement: Movement): string[] {
  try {
    return problemsOf(movement);
  } catch {
    return ['not a movement: it throws when read'];
  }
}

/** The most problems {@link movementProblems} lists: past them, one line says how many more there were. */
const MOST_PROBLEMS = 100;

function problemsOf(movement: Movement): string[] {
  if (typeof movement !== 'object' || movement === null || !Array.isArray(movement.sittings)) return ['not a movement: no list of sittings'];
  const { kind, barometer, tables, pairs, boards, rounds, boardsPerRound } = movement;
  const whole = (x: unknown, from: number, to: number): x is number => Number.isSafeInteger(x) && (x as number) >= from && (x as number) <= to;
  if (kind !== 'mitchell' && kind !== 'howell') return [`the kind must be mitchell or howell, got ${describe(kind)}`];
  if (typeof barometer !== 'boolean') return [`barometer must be true or false, got ${describe(barometer)}`];
  if (!whole(tables, 1, MOVEMENT_TABLES.max)) return [`tables must be a whole number from 1 to ${MOVEMENT_TABLES.max}, got ${describe(tables)}`];
  if (pairs !== 2 * tables) return [`${tables} tables seat ${2 * tables} pairs, not ${describe(pairs)}`];
  if (!whole(rounds, 1, 2 * tables - 1))
    return [`rounds must be a whole number from 1 to ${2 * tables - 1} (no pair can meet more opponents), got ${describe(rounds)}`];
  if (!whole(boardsPerRound, 1, 8)) return [`boardsPerRound must be a whole number from 1 to 8, got ${describe(boardsPerRound)}`];
  if (!whole(boards, 1, rounds * tables * boardsPerRound))
    return [`boards must be a whole number from 1 to ${rounds * tables * boardsPerRound}, got ${describe(boards)}`];
  if (movement.sittings.length !== rounds * tables)
    return [`${rounds} rounds at ${tables} tables are ${rounds * tables} sittings, not ${movement.sittings.length}`];

  const problems: string[] = [];
  const played = new Set<string>(); // `${pair}/${board}`
  const met = new Set<string>();
  const timesPlayed = new Array<number>(boards + 1).fill(0);
  const directions = new Map<number, Set<'NS' | 'EW'>>();
  const byRound = Array.from({ length: rounds + 1 }, () => [] as Sitting[]);
  const placed = new Set<string>();
  for (const [i, s] of movement.sittings.entries()) {
    if (typeof s !== 'object' || s === null || !Array.isArray(s.boards)) {
      problems.push(`sitting ${i + 1} is not a sitting`);
      continue;
    }
    if (!whole(s.round, 1, rounds) || !whole(s.table, 1, tables)) {
      problems.push(`sitting ${i + 1}: round ${describe(s.round)}, table ${describe(s.table)} is not a round and table of the movement`);
      continue;
    }
    if (placed.has(`${s.round}/${s.table}`)) problems.push(`round ${s.round}: table ${s.table} is given twice`);
    placed.add(`${s.round}/${s.table}`);
    if (s.boards.length !== boardsPerRound) problems.push(`round ${s.round}, table ${s.table}: ${s.boards.length} boards, not ${boardsPerRound}`);
    (byRound[s.round] as Sitting[]).push(s);
  }
  for (let round = 1; round <= rounds && problems.length < MOST_PROBLEMS; round++) {
    const here = byRound[round] as Sitting[];
    const seated = new Set<number>();
    const boardsHere = new Map<number, number>();
    for (const s of here) {
      for (const [pair, direction] of [
        [s.ns, 'NS'],
        [s.ew, 'EW'],
      ] as const) {
        if (!whole(pair, 1, pairs)) {
          problems.push(`round ${round}, table ${s.table}: ${describe(pair)} is not a pair`);
          continue;
        }
        if (seated.has(pair)) problems.push(`round ${round}: pair ${pair} sits at two tables`);
        seated.add(pair);
        const set = directions.get(pair) ?? new Set();
        set.add(direction);
        directions.set(pair, set);
        for (const board of s.boards) {
          const key = `${pair}/${board}`;
          if (played.has(key)) problems.push(`pair ${pair} plays board ${board} twice`);
          played.add(key);
        }
      }
      const meeting = `${Math.min(s.ns, s.ew)}-${Math.max(s.ns, s.ew)}`;
      if (met.has(meeting)) problems.push(`pairs ${Math.min(s.ns, s.ew)} and ${Math.max(s.ns, s.ew)} meet twice`);
      met.add(meeting);
      for (const board of s.boards) {
        if (!whole(board, 1, boards)) {
          problems.push(`round ${round}, table ${s.table}: ${describe(board)} is not a board of the movement`);
          continue;
        }
        timesPlayed[board] = (timesPlayed[board] ?? 0) + 1;
        boardsHere.set(board, (boardsHere.get(board) ?? 0) + 1);
      }
    }
    if (seated.size !== pairs) problems.push(`round ${round}: ${pairs - seated.size} pairs do not play`);
    if (barometer) {
      const sets = new Set(here.map((s) => s.boards.join(',')));
      if (sets.size > 1) problems.push(`round ${round}: a barometer's tables play different boards`);
    } else for (const [board, times] of boardsHere) if (times > 1) problems.push(`round ${round}: board ${board} is at ${times} tables at once`);
  }
  const counts = new Set(timesPlayed.slice(1));
  if (counts.size > 1) problems.push(`the boards are not played the same number of times: ${[...counts].sort((a, b) => a - b).join(', ')}`);
  // Complete: every pair plays every board (and in a Mitchell meets every pair of the other direction), but in a skip Mitchell.
  const complete = kind === 'howell' || barometer || tables % 2 === 1;
  for (let pair = 1; pair <= pairs && problems.length < MOST_PROBLEMS; pair++) {
    if (complete) for (let board = 1; board <= boards; board++) if (!played.has(`${pair}/${board}`)) problems.push(`pair ${pair} never plays board ${board}`);
    if (kind === 'mitchell' && (directions.get(pair)?.size ?? 0) > 1) problems.push(`pair ${pair} changes direction in a Mitchell`);
  }
  const meets = (a: number, b: number) => met.has(`${Math.min(a, b)}-${Math.max(a, b)}`);
  if (kind === 'howell')
    for (let a = 1; a <= pairs && problems.length < MOST_PROBLEMS; a++)
      for (let b = a + 1; b <= pairs; b++) if (!meets(a, b)) problems.push(`pairs ${a} and ${b} never meet`);
  if (kind === 'mitchell' && complete) {
    // The two fields as the sittings show them: the pairs seen north–south, and those seen east–west.
    const field = (d: 'NS' | 'EW') => [...directions].filter(([, set]) => set.has(d)).map(([pair]) => pair);
    for (const a of field('NS'))
      for (const b of field('EW')) if (!meets(a, b) && problems.length < MOST_PROBLEMS) problems.push(`pairs ${a} and ${b} never meet`);
  }
  if (problems.length > MOST_PROBLEMS) return [...problems.slice(0, MOST_PROBLEMS), `and ${problems.length - MOST_PROBLEMS} more`];
  return problems;
}
