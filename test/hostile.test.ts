// Every export of every entry, fed hostile values: nothing throws where a result is promised, and
// everything else throws only WhistError. Valid values given alongside are never changed.
//
// Each function gets (1) each hand-made hostile value in each argument position, the other arguments
// valid, and (2) random argument lists from fast-check's `anything()` mixed with the hostile and the valid
// values, under a fixed seed printed below. The number of calls per function is printed at the end.
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as D from '../src/duplicate/index.js';
import * as W from '../src/index.js';
import * as R from '../src/records/index.js';
import * as S from '../src/solver/index.js';

const SEED = Number(process.env.WHIST_FC_SEED ?? 20261124);
console.log(`hostile.test.ts: fast-check seed ${SEED} (override with WHIST_FC_SEED)`);

const CODES = new Set<string>([
  'INVALID_SEAT',
  'INVALID_CARD',
  'HAND_COMPLETE',
  'NOT_YOUR_TURN',
  'CARD_NOT_IN_HAND',
  'MUST_FOLLOW_SUIT',
  'INVALID_DECK',
  'DUPLICATE_CARD',
  'INVALID_HAND',
  'INVALID_TRUMP',
  'INVALID_RULES',
  'INVALID_SCORE',
  'INVALID_STATE',
  'INVALID_ACTION',
  'RUBBER_COMPLETE',
  'INVALID_PLAYERS',
  'INVALID_ARGUMENT',
  'ABORTED',
] satisfies W.ErrorCode[]);

// ------------------------------------------------------------------------------------------ valid values

const SPLIT = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
const fresh = W.dealHandOrThrow(W.SHORT_WHIST, { dealer: 'N', deck: W.FULL_DECK });
const midHand = W.playOrThrow(W.playOrThrow(fresh, 'E', 'AS'), 'S', 'KS');
const table = W.applyOrThrow(W.newTableOrThrow(W.SHORT_WHIST, { seed: 5 }), { type: 'deal' });
const rubber = W.addHandOrThrow(W.startRubberOrThrow(W.SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 8, EW: 5 }, honours: { NS: 0, EW: 0 } });
const view = W.playerViewOrThrow(midHand, 'W');
const pbn = `[Deal "${SPLIT}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n`;
const parsed = R.parsePbn(pbn);
const record = parsed.ok ? (parsed.value[0] as R.DealRecord) : null;
const whistText = (() => {
  const r = R.formatWhistPbn(table, { seed: 5, inProgress: true });
  return r.ok ? r.value : '';
})();

/** For each export, one valid call: the arguments it takes. Exports not listed get an empty list. */
const VALID: Record<string, () => unknown[]> = {
  isCard: () => ['AS'],
  cardSuit: () => ['AS'],
  cardRank: () => ['AS'],
  parseCard: () => ['10h'],
  formatCard: () => ['TD', { symbols: true }],
  compareCards: () => ['AS', 'KH'],
  sortCards: () => [['2C', 'AS']],
  isSeat: () => ['N'],
  nextSeat: () => ['N', 1],
  previousSeat: () => ['N'],
  partnerOf: () => ['N'],
  sideOf: () => ['N'],
  otherSide: () => ['NS'],
  parseDeal: () => [SPLIT],
  parsePartialDeal: () => [SPLIT.replace('N:AKQJT98765432...', 'N:-')],
  playRecord: () => [record, W.SHORT_WHIST],
  formatDeal: () => [W.dealtCards(fresh)],
  defineRules: () => [W.SHORT_WHIST, { target: 5 }],
  defineRulesOrThrow: () => [W.SHORT_WHIST, { name: 'house' }],
  validateRules: () => [W.SHORT_WHIST],
  dealHand: () => [W.SHORT_WHIST, { dealer: 'N', deck: W.FULL_DECK }],
  dealHandOrThrow: () => [W.SHORT_WHIST, { dealer: 'N', hands: SPLIT, trump: 'S' }],
  play: () => [midHand, 'W', 'QS'],
  playOrThrow: () => [midHand, 'W', 'QS'],
  parseState: () => [JSON.stringify(midHand)],
  parseStateOrThrow: () => [JSON.parse(JSON.stringify(midHand))],
  legalMoves: () => [midHand],
  currentSeat: () => [midHand],
  currentTrick: () => [midHand],
  completedTricks: () => [midHand],
  lastTrick: () => [midHand],
  playedCards: () => [midHand],
  ledSuit: () => [midHand],
  trickWinner: () => ['N', ['KH', 'AH', '2S', '3H'], 'S'],
  tricksWon: () => [midHand],
  honoursCounted: () => [midHand],
  cardsHeld: () => [midHand, 'S'],
  dealtCards: () => [midHand],
  dealtTo: () => [midHand, 'AS'],
  handFacts: () => [midHand],
  isHandComplete: () => [midHand],
  visibleTrumpCard: () => [midHand],
  scoreHand: () => [W.SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours: { NS: 2, EW: 2 } }, { NS: 0, EW: 0 }],
  startRubber: () => [W.SHORT_WHIST, { dealer: 'N' }],
  startRubberOrThrow: () => [W.SHORT_WHIST, { dealer: 'N' }],
  addHand: () => [rubber, { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } }],
  addHandOrThrow: () => [rubber, { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } }],
  parseRubber: () => [JSON.parse(JSON.stringify(rubber))],
  nextDealer: () => [rubber],
  gameScore: () => [rubber],
  handSummaries: () => [rubber],
  games: () => [rubber],
  gamesWon: () => [rubber],
  gameValue: () => [W.SHORT_WHIST, 2],
  rubberWinner: () => [rubber],
  isRubberComplete: () => [rubber],
  rubberPoints: () => [rubber],
  newTable: () => [W.SHORT_WHIST, { seed: 1, players: ['a', 'b', 'c', 'd'] }],
  newTableOrThrow: () => [W.SHORT_WHIST, { seed: 1 }],
  apply: () => [table, { type: 'play', seat: 'E', card: W.legalMoves(W.currentHand(table) as W.HandState)[0] }],
  applyOrThrow: () => [table, { type: 'play', seat: 'E', card: W.legalMoves(W.currentHand(table) as W.HandState)[0] }],
  dealDeck: () => [W.newTableOrThrow(W.SHORT_WHIST, { seed: 1 }), W.FULL_DECK],
  dealBoard: () => [W.newTableOrThrow(W.SHORT_WHIST, { seed: 1 }), D.dealBoards(W.SHORT_WHIST, { seed: 1, count: 1 })[0]],
  archiveRubbers: () => [table],
  clientAction: () => [{ type: 'play', card: 'QH' }, 'S'],
  parseTable: () => [JSON.stringify(table)],
  parseTableOrThrow: () => [JSON.parse(JSON.stringify(table))],
  currentHand: () => [table],
  currentRubber: () => [table],
  seating: () => [table],
  finishedRubbers: () => [table],
  playerView: () => [midHand, 'S'],
  playerViewOrThrow: () => [midHand, null],
  tableView: () => [table, 'E'],
  tableViewOrThrow: () => [table, null],
  seedRandom: () => [42],
  cryptoRandom: () => [],
  randomInt: () => [W.seedRandom(1), 6],
  shuffle: () => [W.seedRandom(1), [1, 2, 3]],
  shuffledDeck: () => [W.seedRandom(1)],
  randomPlayer: () => [view, W.seedRandom(1)],
  heuristicPlayer: () => [view],
  cutForPartners: () => [['a', 'b', 'c', 'd'], W.seedRandom(1), { dealerSeat: 'S' }],
  WhistError: () => [{ code: 'INVALID_CARD', message: 'x' }],
  parsePbn: () => [pbn, { source: 'x.pbn' }],
  parseLin: () => ['md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|', { source: 'x.lin' }],
  checkRecord: () => [record, W.SHORT_WHIST],
  totalChecks: () => [[]],
  parseCall: () => ['3NT'],
  contractFromAuction: () => ['N', [{ kind: 'bid', level: 1, strain: 'S' }, { kind: 'pass' }, { kind: 'pass' }, { kind: 'pass' }]],
  cardFromSuitFirst: () => ['hQ'],
  formatWhistPbn: () => [table, { seed: 5, inProgress: true }],
  parseWhistPbn: () => [whistText, { random: W.seedRandom(1) }],
  isWhistPbn: () => [whistText],
};

/** A match player and a report, for the duplicate match harness. */
const heuristic = { name: 'heuristic', play: W.heuristicPlayer };
const matchReport = S.playMatch({
  player: heuristic,
  opponent: { name: 'random', play: (v: W.PlayerView, seed: number) => W.randomPlayer(v, W.seedRandom(seed)).value },
  deals: 2,
  seed: 1,
});

/** A small ending for the solver: two tricks left, no trump, north to lead. */
const ending = { cards: { N: ['AS', 'KS'], E: ['QS', 'JS'], S: ['AH', 'KH'], W: ['QH', 'JH'] }, trump: null, leader: 'N', trick: [] };
Object.assign(VALID, {
  createSolver: () => [{ memoryMB: 1 }],
  solvePosition: () => [ending, { maxNodes: 10_000 }],
  scorePosition: () => [ending],
  solve: () => [W.dealHandOrThrow(W.SHORT_WHIST, { dealer: 'N', cards: SPLIT, trump: 'S' }), { maxNodes: 100_000 }],
  scoreMoves: () => [W.dealHandOrThrow(W.SHORT_WHIST, { dealer: 'N', cards: SPLIT, trump: 'S' }), { maxNodes: 100_000 }],
  ddTable: () => [W.parseDeal(SPLIT).ok ? (W.parseDeal(SPLIT) as { value: W.Deal }).value : null, { maxNodes: 200_000 }],
  // Three tricks from the end: what is checked is how each argument is read, not the search at the opening
  // lead (test/solver-opening-lead.test.ts answers there, at every level).
  samplingPlayer: () => [W.playerViewOrThrow(nearEnd(), W.currentSeat(nearEnd()) as W.Seat), { level: 'fast', layouts: 2 }],
  cardValues: () => [W.playerViewOrThrow(nearEnd(), W.currentSeat(nearEnd()) as W.Seat), { level: 'fast', layouts: 2 }],
  hintValues: () => [W.playerViewOrThrow(nearEnd(), W.currentSeat(nearEnd()) as W.Seat), { level: 'fast' }],
  playMatch: () => [{ player: heuristic, opponent: heuristic, deals: 1, seed: 1 }],
  gapClosed: () => [matchReport, matchReport],
  checkClaim: () => [nearEnd(), { seat: 'N', tricks: 1 }, { maxNodes: 100_000 }],
  claimableTricks: () => [nearEnd(), 'N', { maxNodes: 100_000 }],
});

/** The computer seat, at the table's seat to play. */
const toPlay = (W.tableViewOrThrow(table, null).next as { seat: W.Seat }).seat;
Object.assign(VALID, {
  readComputerLevel: () => ['fast'],
  computerTurn: () => [W.tableViewOrThrow(table, toPlay), { claims: false }],
  computerAction: () => [W.tableViewOrThrow(table, toPlay), { claims: false }],
  cardAction: () => [W.tableViewOrThrow(table, toPlay), W.tableViewOrThrow(table, toPlay).playable[0]],
  claimAction: () => [
    W.tableViewOrThrow(table, toPlay),
    { kind: 'claim', seat: toPlay, claim: { seat: toPlay, tricks: 13, sight: W.tableViewOrThrow(table, toPlay).hand } },
    false,
  ],
  computerCard: () => [W.playerViewOrThrow(fresh, 'E'), { level: 'heuristic', seed: 1 }],
  computerPlayOn: () => [fresh, { level: 'heuristic', seed: 1, stopAt: 'S' }],
  computerMove: () => [W.tableViewOrThrow(table, toPlay), { level: 'heuristic', claims: false }],
  checkSeatClaim: () => [{ seat: 'N', tricks: 1, sight: W.playerViewOrThrow(nearEnd(), 'N') }, { maxNodes: 100_000 }],
});

/** whist/duplicate: a board and its finished hand, a movement, results. */
const board = D.dealBoards(W.SHORT_WHIST, { seed: 1, count: 1 })[0] as D.Board;
const boardDone = (() => {
  let state = W.dealHandOrThrow(W.SHORT_WHIST, { dealer: board.dealer, cards: board.cards, trump: board.trump });
  for (let seat = W.currentSeat(state); seat !== null; seat = W.currentSeat(state)) state = W.playOrThrow(state, seat, W.legalMoves(state)[0] as W.Card);
  return state;
})();
const boardResults = (): D.BoardResult[] => [
  { board: 1, ns: 'A', ew: 'B', tricks: { NS: 7, EW: 6 }, points: { NS: 1, EW: 0 } },
  { board: 1, ns: 'C', ew: 'D', tricks: { NS: 8, EW: 5 }, points: { NS: 2, EW: 0 } },
];
Object.assign(VALID, {
  boardDealer: () => [3],
  dealBoards: () => [W.SHORT_WHIST, { seed: 1, count: 2 }],
  boardHand: () => [W.SHORT_WHIST, board],
  boardResultOf: () => [W.SHORT_WHIST, 1, { ns: 'A', ew: 'B' }, boardDone],
  mitchell: () => [3, { boardsPerRound: 1 }],
  howell: () => [3],
  movementProblems: () => [D.mitchell(3)],
  matchpoints: () => [boardResults(), { by: 'points' }],
  knickerbocker: () => [boardResults()],
  formatEventPbn: () => [{ name: 'club', boards: [board], results: boardResults() }],
  parseEventPbn: () => [D.formatEventPbn({ name: 'club', boards: [board], results: boardResults() }), W.SHORT_WHIST],
});

/** A hand three tricks from the end (the first legal card played each time), for the claim checker. */
function nearEnd(): W.HandState {
  let state = W.dealHandOrThrow(W.SHORT_WHIST, { dealer: 'N', cards: SPLIT, trump: 'S' });
  for (let i = 0; i < 40; i++) {
    const seat = W.currentSeat(state) as W.Seat;
    state = W.playOrThrow(state, seat, W.legalMoves(state)[0] as W.Card);
  }
  return state;
}

/**
 * Functions whose search grows with what they are given and is unbounded (or large) by default: an exact
 * claim check, exponential in the tricks left; the 20 solves of a deal's table; hints at the default level,
 * many layouts each solved from an opening lead. Their random lists mix their own valid arguments (an
 * ending, a node budget, the fast level) with the hostile and random values, not the whole deals other
 * functions take: every hostile value still reaches them, the whole deals solved elsewhere.
 */
const EXPONENTIAL = new Set(['checkClaim', 'claimableTricks', 'ddTable', 'hintValues']);

/** The functions that promise a result: they must never throw. */
const RESULT = new Set([
  'parseEventPbn',
  'parseCard',
  'checkClaim',
  'claimableTricks',
  'checkSeatClaim',
  'readComputerLevel',
  'createSolver',
  'solvePosition',
  'scorePosition',
  'solve',
  'scoreMoves',
  'ddTable',
  'deal',
  'play',
  'parseState',
  'defineRules',
  'validateRules',
  'parseDeal',
  'parsePartialDeal',
  'playRecord',
  'startRubber',
  'addHand',
  'parseRubber',
  'newTable',
  'apply',
  'dealDeck',
  'dealBoard',
  'archiveRubbers',
  'clientAction',
  'parseTable',
  'playerView',
  'tableView',
  'cutForPartners',
  'parsePbn',
  'parseLin',
  'checkRecord',
  'formatWhistPbn',
  'parseWhistPbn',
]);

// -------------------------------------------------------------------------------------- hostile values

const KEYS = [
  'v',
  'rules',
  'dealer',
  'deck',
  'hands',
  'trump',
  'trumpCard',
  'type',
  'seat',
  'card',
  'players',
  'seed',
  'random',
  'log',
  's',
  'name',
  'target',
  'tricks',
  'honours',
  'NS',
  'EW',
  'cards',
  'leader',
  'viewer',
  'legalMoves',
  'deal',
  'plays',
  'source',
  'play',
  'kind',
  'length',
  'then',
  'toString',
  'toJSON',
  'valueOf',
];

function throwingGetters(): object {
  const o = {};
  for (const key of KEYS)
    Object.defineProperty(o, key, {
      enumerable: true,
      get() {
        throw new Error(`getter ${key}`);
      },
    });
  return o;
}

const trap = () => {
  throw new Error('trap');
};
const throwingProxy = new Proxy(
  {},
  { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, isExtensible: trap, set: trap, defineProperty: trap },
);
const throwingArrayProxy = new Proxy([], { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
const revocable = Proxy.revocable({}, {});
revocable.revoke();
const revokedArray = Proxy.revocable([], {});
revokedArray.revoke();
const cyclic: Record<string, unknown> = { type: 'play', seat: 'E' };
cyclic.card = cyclic;
cyclic.self = cyclic;
let deepObject: unknown = {};
for (let i = 0; i < 100_000; i++) deepObject = { v: deepObject, rules: deepObject };
let deepArray: unknown = [];
for (let i = 0; i < 100_000; i++) deepArray = [deepArray];
const tenMB = 'x'.repeat(10_000_000);
const tenMBCards = 'AS '.repeat(3_400_000);
const nullProto = Object.assign(Object.create(null), { type: 'play', seat: 'E', card: 'AS', dealer: 'N' });
const badToString = { toString: 1, valueOf: 1, toJSON: () => trap(), [Symbol.toPrimitive]: trap };
const protoKeys = JSON.parse('{"__proto__": {"v": 2, "ok": true}, "constructor": {"prototype": {"polluted": true}}, "type": "play"}');
const protoLiteral = { __proto__: { v: 2, type: 'deal', ok: true } };
const holes52 = new Array(52);
const holesDeck = [...W.FULL_DECK];
delete (holesDeck as unknown[])[7];
const proxyOfState = new Proxy(midHand, {});
const proxyOfTable = new Proxy(table, {});
const lyingState = new Proxy(
  { ...midHand },
  {
    get(target, key, receiver) {
      // A different value on each read.
      return key === 'plays' ? (Math.random() < 0.5 ? 'AS KS' : 'AS') : Reflect.get(target, key, receiver);
    },
  },
);

const HOSTILE: readonly [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-0', -0],
  ['2^60', 2 ** 60],
  ['Number.MAX_VALUE', Number.MAX_VALUE],
  ['-1', -1],
  ['1.5', 1.5],
  ['true', true],
  ['BigInt', 10n],
  ['Symbol', Symbol('hostile')],
  ['Symbol.iterator', Symbol.iterator],
  ['empty string', ''],
  ['10 MB string', tenMB],
  ['10 MB of cards', tenMBCards],
  ['"__proto__"', '__proto__'],
  ['"constructor"', 'constructor'],
  ['lower-case card', 'as'],
  ['function', () => 1],
  ['class', class {}],
  ['Date', new Date(0)],
  ['Map', new Map([['type', 'play']])],
  ['RegExp', /x/],
  ['throwing getters', throwingGetters()],
  ['throwing Proxy', throwingProxy],
  ['throwing array Proxy', throwingArrayProxy],
  ['revoked Proxy', revocable.proxy],
  ['revoked array Proxy', revokedArray.proxy],
  ['cyclic object', cyclic],
  ['100,000-deep object', deepObject],
  ['100,000-deep array', deepArray],
  ['Object.create(null)', nullProto],
  ['throwing toString/toJSON', badToString],
  ['__proto__ keys', protoKeys],
  ['__proto__ literal', protoLiteral],
  ['52 holes', holes52],
  ['deck with a hole', holesDeck],
  ['Proxy of a state', proxyOfState],
  ['Proxy of a table', proxyOfTable],
  ['state lying on each read', lyingState],
  ['a table where a hand is expected', table],
  ['a hand where a table is expected', midHand],
  ['a rubber', rubber],
  ['a view', view],
  ['frozen empty object', Object.freeze({})],
  ['array of Symbols', [Symbol('a'), Symbol('b')]],
  ['typed array', new Int32Array(16)],
];

// --------------------------------------------------------------------------------------------- checking

const calls = new Map<string, number>();

/** Whether fast-check itself can hold a value: it asks every constant whether it can be cloned. */
function probeable(value: unknown): boolean {
  try {
    if (typeof value === 'object' && value !== null) void ('x' in value);
    return true;
  } catch {
    return false;
  }
}

function isWhistError(e: unknown): boolean {
  return e instanceof W.WhistError && CODES.has(e.code) && typeof e.message === 'string';
}

function check(name: string, fn: (...args: unknown[]) => unknown, args: unknown[], isClass: boolean): void {
  calls.set(name, (calls.get(name) ?? 0) + 1);
  let out: unknown;
  try {
    out = isClass ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args);
  } catch (e) {
    if (RESULT.has(name)) throw new Error(`${name} threw ${e instanceof Error ? `${e.name}: ${e.message}` : 'a non-error'}; it promises a result`);
    if (!isWhistError(e)) throw new Error(`${name} threw ${e instanceof Error ? `${e.name}: ${e.message}` : 'a non-error'}, not a WhistError`);
    return;
  }
  if (RESULT.has(name)) {
    const r = out as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
    if (typeof r !== 'object' || r === null || typeof r.ok !== 'boolean') throw new Error(`${name} returned something that is not a result`);
    if (!r.ok) {
      if (!CODES.has(r.error?.code as string)) throw new Error(`${name} returned an unknown error code ${String(r.error?.code)}`);
      if (typeof r.error?.message !== 'string' || r.error.message.length > 2000)
        throw new Error(`${name} returned an error message that is not a short string`);
    }
  }
}

/**
 * Calculators whose arguments are trusted by their types (docs/errors.md): values only code in the same
 * process can make (getters that throw, Proxies) are not checked, so they may throw what the value throws.
 * Every plain value (anything JSON or a typo can give) still gets a WhistError or the answer.
 */
const TRUSTING = new Set(['trickWinner', 'formatCard', 'sortCards', 'shuffle', 'formatDeal']);
const CODE_ONLY = new Set(['throwing getters', 'throwing Proxy', 'throwing array Proxy', 'revoked Proxy', 'revoked array Proxy']);

const ENTRIES: [string, (...args: unknown[]) => unknown][] = [
  ...Object.entries(W).filter(([, v]) => typeof v === 'function'),
  ...Object.entries(R).filter(([, v]) => typeof v === 'function'),
  ...Object.entries(S).filter(([, v]) => typeof v === 'function'),
  ...Object.entries(D).filter(([, v]) => typeof v === 'function'),
] as [string, (...args: unknown[]) => unknown][];

/** Valid arguments, snapshotted before and compared after: no export may change what it is given. */
const snapshots = new Map<string, string>();
for (const [name, make] of Object.entries(VALID)) snapshots.set(name, JSON.stringify(make()));

describe('every export, fed hostile values', () => {
  it('lists every function export, each with a valid call', () => {
    const missing = ENTRIES.map(([name]) => name).filter((name) => !(name in VALID));
    expect(missing).toEqual([]);
    expect(ENTRIES.length).toBeGreaterThan(80);
  });

  for (const [name, fn] of ENTRIES) {
    const isClass = /^class\b/.test(Function.prototype.toString.call(fn));
    it(`${name}: each hostile value in each argument position`, () => {
      const valid = VALID[name]?.() ?? [];
      expect(() => check(name, fn, valid, isClass)).not.toThrow();
      const positions = Math.max(valid.length, fn.length, 1) + 1;
      for (let p = 0; p < positions; p++) {
        for (const [label, value] of HOSTILE) {
          if (TRUSTING.has(name) && CODE_ONLY.has(label)) continue;
          const args = [...valid];
          args[p] = value;
          try {
            check(name, fn, args, isClass);
          } catch (e) {
            throw new Error(`argument ${p} = ${label}: ${(e as Error).message}`);
          }
        }
      }
    });

    it(`${name}: random argument lists (fast-check)`, () => {
      const valid = (VALID[name]?.() ?? []).filter(probeable);
      // An exact claim check is exponential in the tricks left, with no budget unless one is given: its
      // lists mix its own valid arguments (three tricks left) with the hostile and random values, not the
      // whole deals other functions take.
      const pool = EXPONENTIAL.has(name) ? valid : Object.values(VALID).flatMap((make) => make());
      const value = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.anything({
            withBigInt: true,
            withNullPrototype: true,
            withObjectString: true,
            withSparseArray: true,
            withTypedArray: true,
            withDate: true,
            withMap: true,
            withSet: true,
          }),
        },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE.map(([, v]) => v).filter(probeable)) },
        {
          weight: 3,
          arbitrary: fc.constantFrom(...valid, ...pool.filter(probeable)),
        },
      );
      fc.assert(
        fc.property(fc.array(value, { minLength: 0, maxLength: 4 }), (args) => {
          check(name, fn, args, isClass);
        }),
        { seed: SEED, numRuns: 150 },
      );
    });
  }

  it('left every valid argument as it was', () => {
    for (const [name, make] of Object.entries(VALID)) expect(JSON.stringify(make()), name).toBe(snapshots.get(name));
    expect(JSON.parse(JSON.stringify(midHand))).toEqual(JSON.parse(snapshots.get('legalMoves')?.slice(1, -1) ?? 'null'));
  });
});

afterAll(() => {
  const total = [...calls.values()].reduce((a, b) => a + b, 0);
  const lines = [...calls].map(([name, n]) => `${name} ${n}`);
  console.log(`hostile.test.ts: ${total} calls over ${calls.size} functions (${HOSTILE.length} hand-made hostile values; seed ${SEED}): ${lines.join(', ')}`);
});
