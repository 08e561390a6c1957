// Whist records (docs/records.md): formatWhistPbn writes a table as PBN, parseWhistPbn reads it back into the same
// table and refuses a record that breaks a rule or states a score its play contradicts, with the line, the tag and
// the problem. Round trips run as a property under a fixed, printed seed; every malformed case of the format is
// tried; the readers' cost is counted on hostile texts.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHandOrThrow,
  applyOrThrow,
  type Card,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  dealHandOrThrow,
  dealtCards,
  defineRulesOrThrow,
  FULL_DECK,
  finishedRubbers,
  GERMAN_LONG_WHIST,
  type HandState,
  handFacts,
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  LONG_WHIST,
  legalMoves,
  newTableOrThrow,
  nextDealer,
  nextSeat,
  PRESETS,
  parseTableOrThrow,
  playerViewOrThrow,
  playOrThrow,
  playRecord,
  type RandomState,
  type Rules,
  randomInt,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seating,
  seedRandom,
  startRubberOrThrow,
  TABLE_SCHEMA,
  type TableEntry,
  type TableState,
  TEN_POINT_WHIST,
  type Trick,
} from '../src/index.js';
import { checkRecord, type DealRecord, formatWhistPbn, isWhistPbn, parsePbn, parseWhistPbn, type WhistRecord } from '../src/records/index.js';
import type { Work } from '../src/records/text/chars.js';
import { readWhist } from '../src/records/whist/parse.js';
import { FC_SEED } from './arbitraries.js';

// ------------------------------------------------------------------------------------------------ tables

const PLAYERS = ['ann', 'bob', 'cy', 'di'];

interface Made {
  readonly table: TableState;
  readonly seed: number;
}

/**
 * A table played with the seed: `rubbers` rubbers (the last may stop after `stopAt` cards of a hand), each card
 * chosen at random among the legal ones from a PRNG of its own, or by the heuristic player.
 */
function playTable(
  rules: Rules,
  seed: number,
  o: { rubbers?: number; players?: 'list' | 'seats' | 'default'; dealer?: Seat; heuristic?: boolean; stopAt?: number } = {},
): Made {
  const players = o.players === 'list' ? PLAYERS : o.players === 'seats' ? { N: 'ann', E: 'bob', S: 'cy', W: 'di' } : undefined;
  let table = newTableOrThrow(rules, { seed, dealer: o.dealer ?? 'N', ...(players ? { players } : {}) });
  let random: RandomState = seedRandom(`plays ${seed}`);
  const rubbers = o.rubbers ?? 1;
  let cards = 0;
  for (let r = 0; r < rubbers; r++) {
    if (r > 0) table = applyOrThrow(table, { type: 'newRubber' });
    while (!isRubberComplete(currentRubber(table))) {
      table = applyOrThrow(table, { type: 'deal' });
      for (
        let hand = currentHand(table) as HandState, seat = currentSeat(hand);
        seat !== null;
        hand = currentHand(table) as HandState, seat = currentSeat(hand)
      ) {
        if (r === rubbers - 1 && o.stopAt !== undefined && cards >= o.stopAt) return { table, seed };
        let card: string;
        if (o.heuristic) card = heuristicPlayer(playerViewOrThrow(hand, seat));
        else {
          const moves = legalMoves(hand);
          const drawn = randomInt(random, moves.length);
          random = drawn.random;
          card = moves[drawn.value] as string;
        }
        table = applyOrThrow(table, { type: 'play', seat, card: card as never });
        if (r === rubbers - 1) cards++;
      }
    }
  }
  return { table, seed };
}

function text(table: TableState, options: Parameters<typeof formatWhistPbn>[1] = {}): string {
  const r = formatWhistPbn(table, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function read(record: string, options: Parameters<typeof parseWhistPbn>[1] = {}): WhistRecord {
  const r = parseWhistPbn(record, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function refusal(record: string): { code: string; message: string; path?: string } {
  const r = parseWhistPbn(record);
  if (r.ok) throw new Error('the record was accepted');
  return r.error;
}

/** The line number (from 1) of the first line of `record` that starts with `start`, from line `after` on. */
function lineOf(record: string, start: string, after = 1): number {
  const lines = record.split('\n');
  for (let i = after - 1; i < lines.length; i++) if ((lines[i] as string).startsWith(start)) return i + 1;
  throw new Error(`no line starts with ${start}`);
}

/** `record` without the first line starting with `start` (from line `after` on). */
function removeLine(record: string, start: string, after = 1): string {
  const lines = record.split('\n');
  lines.splice(lineOf(record, start, after) - 1, 1);
  return lines.join('\n');
}

/** `record` with the first line starting with `start` (from line `after` on) replaced. */
function replaceLine(record: string, start: string, by: string, after = 1): string {
  const lines = record.split('\n');
  const at = lineOf(record, start, after) - 1;
  lines[at] = by;
  return lines.join('\n');
}

/** The first hand (Board) whose game states no game won and no rubber ended. */
function firstQuietHand(record: string): number {
  const games = record.split('\n\n').slice(1);
  const i = games.findIndex((g) => !g.includes('[WhistGameResult') && !g.includes('[WhistRubberResult') && g.includes('[Result'));
  return i + 1;
}

// --------------------------------------------------------------------------------------- rules to try

/** Every preset, and defineRules overrides of every setting the record carries. */
const OVERRIDES: readonly [string, Rules][] = [
  ['long, cap', defineRulesOrThrow(LONG_WHIST, { honours: { restriction: 'cap' } })],
  ['short, ignore, captured honours', defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore', basis: 'captured' } })],
  ['german-long, second pack', defineRulesOrThrow(GERMAN_LONG_WHIST, { trump: { kind: 'secondPack' } })],
  ['rotation with no-trump, swap', defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] }, afterRubber: 'swap' })],
  ['rotation, recut', defineRulesOrThrow(LONG_WHIST, { trump: { kind: 'rotation', suits: ['C', 'S'] } })],
  ['ten-point, one game a rubber', defineRulesOrThrow(TEN_POINT_WHIST, { rubber: { gamesToWin: 1 } })],
  ['american, target minus losers, keep', defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' } })],
  ['short, slam bonus, 2 per trick', defineRulesOrThrow(SHORT_WHIST, { slamBonus: { grand: 4, little: 2 }, pointsPerOddTrick: 2 })],
  ['a name with quotes and a backslash', defineRulesOrThrow(SHORT_WHIST, { name: 'club "rules" \\ 1', afterRubber: 'keep' })],
];
const RULES: readonly [string, Rules][] = [...Object.entries(PRESETS), ...OVERRIDES];

// ------------------------------------------------------------------------------------------- round trips

const counts = { roundTrips: 0, hands: 0, malformed: 0, mutations: 0, accepted: 0 };

function roundTrip(made: Made, options: { inProgress?: boolean } = {}): void {
  const first = text(made.table, { seed: made.seed, ...options });
  const back = read(first);
  expect(back.table).toEqual(made.table);
  expect(JSON.stringify(back.table)).toBe(JSON.stringify(made.table));
  expect(text(back.table, { seed: made.seed, ...options })).toBe(first);
  counts.roundTrips++;
  counts.hands += back.hands.length;
}

describe('round trip: export → import → export (PBN 2.1; docs/records.md)', () => {
  it.each(RULES)('%s: three rubbers, players who cut, heuristic play', (_name, rules) => {
    roundTrip(playTable(rules, 11, { rubbers: 3, players: 'list', heuristic: true }));
  });

  it('property: any rules of the list, seed, seating, first dealer, rubbers and hand in progress', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULES.map(([, r]) => r)),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom<'list' | 'seats' | 'default'>('list', 'seats', 'default'),
        fc.constantFrom<Seat>('N', 'E', 'S', 'W'),
        fc.integer({ min: 1, max: 2 }),
        fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
        (rules, seed, players, dealer, rubbers, stopAt) => {
          const made = playTable(rules, seed, { players, dealer, rubbers, ...(stopAt === undefined ? {} : { stopAt }) });
          roundTrip(made, { inProgress: true });
          // Without the hand in progress, the record is the table up to its last finished hand.
          const finished = read(text(made.table, { seed }));
          const hand = currentHand(made.table);
          const inProgress = hand !== null && (hand.plays === '' || hand.plays.length < 155) ? 1 : 0;
          expect(finished.hands.length).toBe(read(text(made.table, { seed, inProgress: true })).hands.length - inProgress);
        },
      ),
      { seed: FC_SEED, numRuns: 40 },
    );
  });

  it('without the seed: the same hands, scores and players; the same text again unless partners are cut after a rubber', () => {
    for (const [name, rules] of RULES) {
      const made = playTable(rules, 5, { rubbers: 2, players: 'list' });
      const record = text(made.table);
      expect(record, name).not.toContain('WhistSeed');
      const back = read(record, { random: seedRandom('other') });
      const original = read(text(made.table, { seed: 5 }));
      expect(
        back.hands.map((h) => [h.state, h.summary, h.players, h.rubber]),
        name,
      ).toEqual(original.hands.map((h) => [h.state, h.summary, h.players, h.rubber]));
      expect(
        back.table.log.every((e) => e.type !== 'hand' || !e.shuffled),
        name,
      ).toBe(true);
      expect(back.table.random).toEqual(seedRandom('other'));
      if (rules.afterRubber !== 'recut') expect(text(back.table), name).toBe(record);
      else expect(finishedRubbers(back.table).map((r) => r.rubberPoints)).toEqual(finishedRubbers(made.table).map((r) => r.rubberPoints));
      counts.roundTrips++;
    }
  });

  it("replaying an exported rubber gives the original run's scores, hand by hand and rubber by rubber", () => {
    for (const [name, rules] of RULES) {
      const { table } = playTable(rules, 23, { rubbers: 2, heuristic: true });
      const back = read(text(table, { seed: 23 }));
      const summaries = [...finishedRubbers(table)];
      const original = [...handSummaries(currentRubber(table))];
      const readLast = back.hands.filter((h) => h.rubber === 2).map((h) => h.summary);
      expect(readLast, name).toEqual(original);
      expect(finishedRubbers(back.table), name).toEqual(summaries);
      expect(seating(back.table), name).toEqual(seating(table));
    }
  });
});

// ------------------------------------------------------------------------------------------------ format

describe('the format (docs/records.md)', () => {
  const { table } = playTable(SHORT_WHIST, 7, { rubbers: 2, players: 'list', heuristic: true });
  const record = text(table, { seed: 7, event: 'Club "night"', site: 'Bath', date: '2025.03.14' });

  it('opens with a first game of the table: the marker, Event, Site, Date, the rules and their settings, the seed, the players and the first dealer', () => {
    const head = record.split('\n\n')[0]?.split('\n');
    expect(head?.slice(0, 6)).toEqual([
      '% PBN 2.1',
      '[Game "Whist"]',
      '[Event "Club \\"night\\""]',
      '[Site "Bath"]',
      '[Date "2025.03.14"]',
      '[WhistRules "short"]',
    ]);
    expect(head).toContain(`[WhistSettings "${JSON.stringify(SHORT_WHIST).replace(/"/g, '\\"')}"]`);
    expect(head?.slice(-3)).toEqual(['[WhistSeed "7"]', '[WhistPlayers "[\\"ann\\",\\"bob\\",\\"cy\\",\\"di\\"]"]', '[WhistDealer "N"]']);
    const back = read(record);
    expect([back.event, back.site, back.date, back.seed]).toEqual(['Club "night"', 'Bath', '2025.03.14', '7']);
  });

  it("each hand: the real dealer, Result the dealer's side's tricks, Play by seat from eldest hand, the stated scores those of handSummaries", () => {
    const back = read(record);
    for (const h of back.hands) {
      const game = (record.split('\n\n')[h.board] as string).trimEnd();
      const s = h.summary;
      expect(game).toContain(`[Dealer "${h.state.dealer}"]`);
      expect(game).toContain(`[Deal "${h.state.deal}"]`);
      const side = h.state.dealer === 'N' || h.state.dealer === 'S' ? 'NS' : 'EW';
      expect(game).toContain(`[Result "${s?.tricks[side]}"]`);
      expect(game).toContain(`[WhistTricks "NS ${s?.tricks.NS} EW ${s?.tricks.EW}"]`);
      expect(game).toContain(`[WhistScore "NS ${s?.score.NS} EW ${s?.score.EW}"]`);
      const eldest = { N: 'E', E: 'S', S: 'W', W: 'N' }[h.state.dealer];
      expect(game).toContain(`[Play "${eldest}"]`);
      const rows = game.split('[Play')[1]?.split('\n').slice(1) ?? [];
      expect(rows).toHaveLength(14);
      expect(rows.at(-1)).toBe('*');
      for (const row of rows.slice(0, 13)) expect(row).toMatch(/^[SHDC][2-9TJQKA]( [SHDC][2-9TJQKA]){3}$/);
    }
    expect(record.match(/\[WhistPartners "recut"\]/g)).toHaveLength(1);
    expect(record.match(/\[WhistRubberResult "(NS|EW)"\]/g)).toHaveLength(2);
  });

  it('a hand in progress: its cards so far, "-" for those not played, no result; only with inProgress', () => {
    const mid = playTable(SHORT_WHIST, 3, { stopAt: 6 }).table;
    const withIt = text(mid, { seed: 3, inProgress: true });
    expect(withIt.split('\n\n')).toHaveLength(2);
    const game = (withIt.split('\n\n')[1] as string).trimEnd();
    expect(game).not.toContain('[Result');
    expect(game.split('[Play')[1]?.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^(\S\S ){3}\S\S$/),
      expect.stringMatching(/^(\S\S |- ){3}(\S\S|-)$/),
      '*',
    ]);
    expect(game.split('\n').at(-2)?.match(/-/g)).toHaveLength(2);
    expect(text(mid, { seed: 3 }).split('\n\n')).toHaveLength(1);
    expect(read(withIt).hands[0]?.state.plays.split(' ')).toHaveLength(6);
  });

  it('formatWhistPbn refuses options it cannot write, and a seed that is not the table’s', () => {
    const cases: [unknown, string][] = [
      [{ seed: 8 }, 'options.seed'],
      [{ seed: '7\n' }, 'options.seed'],
      [{ event: 'a\nb' }, 'options.event'],
      [{ date: '14.3.2025' }, 'options.date'],
      [{ inProgress: 1 }, 'options.inProgress'],
      [{ colour: 'red' }, 'options.colour'],
      [null, 'options'],
    ];
    for (const [options, path] of cases) {
      const r = formatWhistPbn(table, options as never);
      expect(r.ok ? null : [r.error.code, r.error.path]).toEqual(['INVALID_ARGUMENT', path]);
    }
    expect(formatWhistPbn(table, { seed: '7' }).ok).toBe(true);
    const badId = newTableOrThrow(SHORT_WHIST, { seed: 1, players: { N: 'a\nb', E: 'e', S: 's', W: 'w' } });
    expect(formatWhistPbn(badId).ok).toBe(false);
    expect(formatWhistPbn({ ...table, log: [] } as never).ok).toBe(true);
    expect(formatWhistPbn({ v: 1 } as never).ok).toBe(false);
  });

  it('a table with no hand yet: the first game alone, read back to the same table', () => {
    const fresh = newTableOrThrow(LONG_WHIST, { seed: 'x', dealer: 'W', players: PLAYERS });
    const record0 = text(fresh, { seed: 'x' });
    expect(record0.split('\n\n')).toHaveLength(1);
    expect(read(record0).table).toEqual(fresh);
  });

  it("docs/records.md's example is the record the library writes, and reads back", () => {
    const docs = readFileSync(new URL('../docs/records.md', import.meta.url), 'utf8');
    const example = docs
      .split('<!-- example:start -->')[1]
      ?.split('<!-- example:end -->')[0]
      ?.trim()
      .replace(/^```pbn\n/, '')
      .replace(/\n```$/, '');
    const made = playTable(SHORT_WHIST, 7, { players: 'list', heuristic: true, stopAt: 52 }).table;
    expect(example).toBe(text(made, { seed: 7, event: 'Club night', site: 'Bath', date: '2025.03.14' }).trimEnd());
    expect(read(`${example}\n`).hands).toHaveLength(1);
  });

  it('isWhistPbn: the marker in the first game', () => {
    expect(isWhistPbn(record)).toBe(true);
    expect(isWhistPbn(record.replace('[Game "Whist"]', '[Game "Bridge"]'))).toBe(false);
    expect(isWhistPbn(`[Event "x"]\n\n${record}`)).toBe(false);
    expect(isWhistPbn(42 as never)).toBe(false);
  });

  it('a record written by hand: three hands and "-", seat tags, no header but the rules, derived tags left out', () => {
    const deal = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
    const hand = [
      '[Game "Whist"]',
      '[WhistRules "short"]',
      '[Dealer "W"]',
      `[Deal "${deal.replace('...AKQJT98765432', '-')}"]`,
      '[WhistTrumpCard "C2"]',
      '[Play "N"]',
      'SA HA DA CA',
      '*',
    ].join('\n');
    const r = read(hand);
    expect(r.hands[0]?.state.deal).toBe(deal);
    expect(r.hands[0]?.state.trump).toBe('C');
    expect(r.hands[0]?.summary).toBeNull();
    expect(r.hands[0]?.players).toEqual({ N: 'N', E: 'E', S: 'S', W: 'W' });
    expect(r.table.firstDealer).toBe('W');
  });
});

// --------------------------------------------------------------------------------------------- bridge

describe('a Whist record in a reader that knows nothing of Whist', () => {
  const { table } = playTable(SHORT_WHIST, 31, { rubbers: 1, heuristic: true });
  const record = text(table, { seed: 31 });
  const whist = read(record);

  function sameAsWhist(records: readonly DealRecord[]): void {
    expect(records).toHaveLength(whist.hands.length);
    records.forEach((r, i) => {
      const h = whist.hands[i];
      if (h === undefined) throw new Error('missing hand');
      const dealt = dealtCards(h.state);
      for (const seat of ['N', 'E', 'S', 'W'] as const) expect([...(r.deal?.[seat] ?? [])].sort()).toEqual([...dealt[seat]].sort());
      expect(r.plays.order).toBe('bySeat');
      if (r.plays.order !== 'bySeat') return;
      expect(r.plays.leader).toBe({ N: 'E', E: 'S', S: 'W', W: 'N' }[h.state.dealer]);
      expect(r.plays.tricks).toHaveLength(13);
      const played = new Set(r.plays.tricks.flatMap((row) => Object.values(row)));
      expect(played.size).toBe(52);
    });
  }

  it('parsePbn (bridge mode) reads each hand as a plain deal with its play, its dealer and its result', () => {
    const parsed = parsePbn(record, { source: 'rubber.pbn' });
    if (!parsed.ok) throw new Error(parsed.error.message);
    sameAsWhist(parsed.value);
    parsed.value.forEach((r, i) => {
      const h = whist.hands[i];
      expect(r.dealer).toBe(h?.state.dealer);
      expect(r.board).toBe(String(i + 1));
      expect(r.contract).toBeNull();
      expect(r.problems).toEqual(['no contract: neither a Contract tag nor an auction']);
    });
  });

  it('with the Deal and Play tags alone, it is still the same deals and plays', () => {
    const kept = record
      .split('\n')
      .filter((line) => !line.startsWith('[') || line.startsWith('[Deal ') || line.startsWith('[Play '))
      .join('\n');
    expect(kept).not.toContain('Whist');
    const parsed = parsePbn(kept);
    if (!parsed.ok) throw new Error(parsed.error.message);
    sameAsWhist(parsed.value);
  });

  it('told the dealer as declarer and the trump as the contract, checkRecord replays each to the Whist tricks; playRecord to the same hand', () => {
    const games = record.trimEnd().split('\n\n').slice(1);
    const bridge = games
      .map((g, i) => {
        const h = whist.hands[i]?.state as HandState;
        return `${g}\n[Declarer "${h.dealer}"]\n[Contract "1${h.trump ?? 'NT'}"]`;
      })
      .join('\n\n');
    const parsed = parsePbn(bridge);
    if (!parsed.ok) throw new Error(parsed.error.message);
    parsed.value.forEach((r, i) => {
      const h = whist.hands[i];
      const checked = checkRecord(r, SHORT_WHIST);
      expect(checked.ok && checked.value.status).toBe('complete');
      expect(checked.ok && checked.value.tricks).toEqual(h?.summary?.tricks);
      const hand = playRecord(r, SHORT_WHIST);
      expect(hand.ok && hand.value.plays).toBe(h?.state.plays);
    });
  });
});

// ------------------------------------------------------------------------------------------- malformed

describe('malformed records: refused with the line, the tag and the problem', () => {
  const { table } = playTable(SHORT_WHIST, 7, { rubbers: 2, players: 'list', heuristic: true });
  const good = text(table, { seed: 7 });
  const hand2 = lineOf(good, '[Board "2"]');
  const dealLine = lineOf(good, '[Deal ', hand2);
  const deal = /\[Deal "(.*)"\]/.exec(good.split('\n')[dealLine - 1] as string)?.[1] as string;
  const seedless = text(table);

  /** Refused, with `code` at `line` and `tag`, and a message that says so. */
  function refused(record: string, code: string, line: number, tag: string, says?: RegExp): void {
    const e = refusal(record);
    expect([e.code, e.path]).toEqual([code, `line ${line} ${tag}`]);
    expect(e.message.startsWith(`line ${line}, [${tag}]: `)).toBe(true);
    if (says) expect(e.message).toMatch(says);
    counts.malformed++;
  }

  it('accepts the record as written', () => {
    expect(parseWhistPbn(good).ok).toBe(true);
    expect(parseWhistPbn(seedless).ok).toBe(true);
  });

  describe('the deal', () => {
    const hands = deal.slice(2).split(' ');
    const north = hands[0] as string;
    it('a bad card', () =>
      refused(
        replaceLine(good, '[Deal ', `[Deal "N:${north.replace(/\./, 'X.')} ${hands.slice(1).join(' ')}"]`, hand2),
        'INVALID_CARD',
        dealLine,
        'Deal',
        /not a rank/,
      ));
    it('a duplicated card', () => {
      const suits = (hands[1] as string).split('.');
      const from = north.split('.');
      const s0 = from.findIndex((x) => x.length > 0);
      suits[s0] = `${suits[s0]}${from[s0]?.[0]}`;
      refused(
        replaceLine(good, '[Deal ', `[Deal "N:${north} ${suits.join('.')} ${hands.slice(2).join(' ')}"]`, hand2),
        'DUPLICATE_CARD',
        dealLine,
        'Deal',
        /dealt twice/,
      );
    });
    it('12 cards in a hand', () => {
      const shorter = north.replace(/[2-9TJQKA]/, '');
      refused(replaceLine(good, '[Deal ', `[Deal "N:${shorter} ${hands.slice(1).join(' ')}"]`, hand2), 'INVALID_HAND', dealLine, 'Deal', /12 cards, not 13/);
    });
    it('two hands unknown', () =>
      refused(replaceLine(good, '[Deal ', `[Deal "N:- - ${hands.slice(2).join(' ')}"]`, hand2), 'INVALID_HAND', dealLine, 'Deal', /cards of N, E are unknown/));
    it('a deal the seed does not give', () => {
      const rotated = `N:${[...hands.slice(1), hands[0]].join(' ')}`;
      const e = refusal(replaceLine(good, '[Deal ', `[Deal "${rotated}"]`, hand2));
      // The rotated deal makes the turn-up a card the dealer does not hold, or a play impossible, or is not the seed's.
      expect(e.path).toMatch(new RegExp(`^line (${dealLine}|\\d+) (Deal|WhistTrumpCard|Play)$`));
      counts.malformed++;
    });
    it('a missing Deal and Dealer', () => {
      refused(removeLine(good, '[Deal ', hand2), 'INVALID_STATE', hand2 - 1, 'Deal', /is missing/);
      refused(removeLine(good, '[Dealer ', hand2), 'INVALID_STATE', hand2 - 1, 'Dealer', /is missing/);
    });
  });

  describe('the play', () => {
    const playLine = lineOf(good, '[Play ', hand2);
    const rows = good.split('\n').slice(playLine, playLine + 13);
    it("a card not in the hand: eldest hand leads the next seat's card", () => {
      const row = (rows[0] as string).split(' ');
      row[0] = row[1] as string;
      refused(replaceLine(good, rows[0] as string, row.join(' '), playLine), 'CARD_NOT_IN_HAND', playLine + 1, 'Play', /does not hold/);
    });
    it('a revoke: a card of another suit while holding the suit led', () => {
      // A seat that followed suit in one trick plays, in its place, a card of another suit it plays later.
      const state = read(good).hands[1]?.state as HandState;
      const tricks = completedTricks(state);
      const leader = tricks[0]?.leader as Seat;
      const col = (seat: Seat) => (SEATS.indexOf(seat) - SEATS.indexOf(leader) + 4) % 4;
      for (let t = 0; t < 12; t++) {
        const trick = tricks[t] as Trick;
        const led = trick.cards[0]?.[1];
        for (let p = 1; p < 4; p++) {
          const seat = nextSeat(trick.leader, p);
          if (trick.cards[p]?.[1] !== led) continue;
          const later = tricks.findIndex((u, i) => i > t && u.cards[(SEATS.indexOf(seat) - SEATS.indexOf(u.leader) + 4) % 4]?.[1] !== led);
          if (later < 0) continue;
          const lines = good.split('\n');
          const a = (lines[playLine + t] as string).split(' ');
          const b = (lines[playLine + later] as string).split(' ');
          [a[col(seat)], b[col(seat)]] = [b[col(seat)] as string, a[col(seat)] as string];
          lines[playLine + t] = a.join(' ');
          lines[playLine + later] = b.join(' ');
          refused(lines.join('\n'), 'MUST_FOLLOW_SUIT', playLine + 1 + t, 'Play', /must follow suit/);
          return;
        }
      }
      throw new Error('no trick to make a revoke of');
    });
    it('an unreadable card, a card after the play stops, a wrong opening leader, more than 13 tricks', () => {
      refused(replaceLine(good, rows[3] as string, `XX ${(rows[3] as string).slice(3)}`, playLine), 'INVALID_CARD', playLine + 4, 'Play', /"XX" is not a card/);
      refused(replaceLine(good, rows[2] as string, '- - - -', playLine), 'INVALID_STATE', playLine + 4, 'Play', /is never played: the play stops before it/);
      const leader = /\[Play "(\w)"\]/.exec(good.split('\n')[playLine - 1] as string)?.[1] as string;
      const other = leader === 'N' ? 'S' : 'N';
      refused(replaceLine(good, '[Play ', `[Play "${other}"]`, hand2), 'INVALID_STATE', playLine, 'Play', /eldest hand/);
      refused(replaceLine(good, '*', `${rows[0]}\n*`, playLine), 'INVALID_STATE', playLine + 14, 'Play', /more than 52 cards/);
    });
    it('a hand not finished, followed by another', () => {
      const lines = good.split('\n');
      lines[playLine + 12] = '- - - -';
      refused(lines.join('\n'), 'INVALID_SCORE', lineOf(good, '[Result ', hand2), 'Result', /not finished/);
      const noScores = lines
        .filter(
          (l, i) =>
            i < hand2 ||
            i > playLine ||
            !/^\[(Result|WhistTricks|WhistHonours|WhistTrickPoints|WhistHonourPoints|WhistPoints|WhistScore|WhistGames|WhistGameResult|WhistRubber(Result|Points))\b/.test(
              l,
            ),
        )
        .join('\n');
      const next = lineOf(noScores, '[Game ', lineOf(noScores, '[Board "2"]') + 1);
      refused(noScores, 'INVALID_STATE', next, 'Game', /hand 3 follows hand 2, which is not finished/);
    });
  });

  describe('stated scores that the play contradicts', () => {
    const cases: [string, (v: string) => string][] = [
      ['Result', (v) => String((Number(v) + 1) % 14)],
      ['WhistTricks', (v) => v.replace(/NS (\d+) EW (\d+)/, (_m, a, b) => `NS ${Number(b)} EW ${Number(a)}`)],
      ['WhistHonours', (v) => v.replace(/NS (\d+)/, (_m, a) => `NS ${(Number(a) + 1) % 5}`)],
      ['WhistTrickPoints', (v) => v.replace(/EW (\d+)/, (_m, a) => `EW ${Number(a) + 1}`)],
      ['WhistHonourPoints', (v) => v.replace(/NS (\d+)/, (_m, a) => `NS ${Number(a) + 2}`)],
      ['WhistPoints', (v) => v.replace(/NS (\d+)/, (_m, a) => `NS ${Number(a) + 1}`)],
      ['WhistScore', (v) => v.replace(/EW (\d+)/, (_m, a) => `EW ${Number(a) + 1}`)],
      ['WhistGames', (v) => v.replace(/NS (\d+)/, (_m, a) => `NS ${Number(a) + 1}`)],
      ['WhistGame', (v) => String(Number(v) + 1)],
    ];
    for (const [tag, change] of cases) {
      it(`${tag}, on every hand`, () => {
        const lines = good.split('\n');
        lines.forEach((line, i) => {
          const m = new RegExp(`^\\[${tag} "(.*)"\\]$`).exec(line);
          if (m === null) return;
          const changed = [...lines];
          changed[i] = `[${tag} "${change(m[1] as string)}"]`;
          if (changed[i] === line) return;
          refused(changed.join('\n'), 'INVALID_SCORE', i + 1, tag, /states|is "/);
        });
      });
    }
    it('game and rubber results: a wrong winner or value, a result where none is won', () => {
      const gameLine = lineOf(good, '[WhistGameResult ');
      const value = /"(.*)"/.exec(good.split('\n')[gameLine - 1] as string)?.[1] as string;
      const other = value.startsWith('NS') ? value.replace('NS', 'EW') : value.replace('EW', 'NS');
      refused(replaceLine(good, '[WhistGameResult ', `[WhistGameResult "${other}"]`), 'INVALID_SCORE', gameLine, 'WhistGameResult', /the game goes to/);
      const quiet = lineOf(good, '[WhistGames ', lineOf(good, `[Board "${firstQuietHand(good)}"]`));
      const quietGames = good.split('\n')[quiet - 1] as string;
      refused(replaceLine(good, quietGames, `${quietGames}\n[WhistGameResult "NS 3"]`), 'INVALID_SCORE', quiet + 1, 'WhistGameResult', /no game ends/);
      const rubberLine = lineOf(good, '[WhistRubberResult ');
      const winner = /"(.*)"/.exec(good.split('\n')[rubberLine - 1] as string)?.[1] as string;
      refused(
        replaceLine(good, '[WhistRubberResult ', `[WhistRubberResult "${winner === 'NS' ? 'EW' : 'NS'}"]`),
        'INVALID_SCORE',
        rubberLine,
        'WhistRubberResult',
        /goes to/,
      );
      refused(replaceLine(good, '[WhistRubberPoints ', '[WhistRubberPoints "NS 9 EW 0"]'), 'INVALID_SCORE', rubberLine + 1, 'WhistRubberPoints', /worth/);
      refused(replaceLine(good, '[WhistRubberPoints ', '[WhistRubberPoints "none"]'), 'INVALID_SCORE', rubberLine + 1, 'WhistRubberPoints', /worth/);
      refused(replaceLine(good, quietGames, `${quietGames}\n[WhistRubberResult "NS"]`), 'INVALID_SCORE', quiet + 1, 'WhistRubberResult', /does not end/);
    });
    it('unreadable statements', () => {
      refused(replaceLine(good, '[WhistTricks ', '[WhistTricks "8-5"]'), 'INVALID_STATE', lineOf(good, '[WhistTricks '), 'WhistTricks', /must be written/);
      refused(replaceLine(good, '[Result ', '[Result "eight"]'), 'INVALID_STATE', lineOf(good, '[Result '), 'Result', /a number/);
    });
  });

  describe('the rules, the seed, the table', () => {
    const settingsLine = lineOf(good, '[WhistSettings ');
    it('settings validateRules refuses, settings that are not JSON, a name that differs, an unknown preset, no rules', () => {
      const seven = JSON.stringify({ ...SHORT_WHIST, target: 7 }).replace(/"/g, '\\"');
      refused(
        replaceLine(good, '[WhistSettings ', `[WhistSettings "${seven}"]`),
        'INVALID_RULES',
        settingsLine,
        'WhistSettings.gameValue.byLosersScore',
        /losing score/,
      );
      const unknown = JSON.stringify({ ...SHORT_WHIST, tagret: 5 }).replace(/"/g, '\\"');
      refused(replaceLine(good, '[WhistSettings ', `[WhistSettings "${unknown}"]`), 'INVALID_RULES', settingsLine, 'WhistSettings.tagret');
      refused(replaceLine(good, '[WhistSettings ', '[WhistSettings "{name: short}"]'), 'INVALID_RULES', settingsLine, 'WhistSettings', /not JSON/);
      refused(replaceLine(good, '[WhistRules ', '[WhistRules "long"]'), 'INVALID_RULES', settingsLine - 1, 'WhistRules', /settings are named "short"/);
      const noSettings = removeLine(good, '[WhistSettings ');
      expect(parseWhistPbn(noSettings).ok).toBe(true);
      refused(replaceLine(noSettings, '[WhistRules ', '[WhistRules "bridge"]'), 'INVALID_RULES', settingsLine - 1, 'WhistRules', /names no preset/);
      refused(removeLine(noSettings, '[WhistRules '), 'INVALID_STATE', 2, 'Game', /gives no rules/);
    });
    it('a seed that does not give the deals, a wrong first dealer, a wrong Board, rubber, partners or player', () => {
      const bySeat = text(playTable(SHORT_WHIST, 9, { players: 'seats' }).table, { seed: 9 });
      for (const record of [good, bySeat])
        refused(
          replaceLine(record, '[WhistSeed ', '[WhistSeed "8"]'),
          'INVALID_STATE',
          lineOf(record, '[Deal '),
          'Deal',
          /does not match the deal shuffled from the seed/,
        );
      refused(replaceLine(good, '[WhistDealer ', '[WhistDealer "E"]'), 'INVALID_STATE', lineOf(good, '[Dealer '), 'Dealer', /N deals hand 1|E deals hand 1/);
      refused(replaceLine(good, '[Board "2"]', '[Board "3"]'), 'INVALID_STATE', hand2, 'Board', /hand 2 of the record/);
      refused(replaceLine(good, '[Dealer ', '[Dealer "W"]', hand2), 'INVALID_STATE', lineOf(good, '[Dealer ', hand2), 'Dealer', /the deal passes to the left/);
      refused(replaceLine(good, '[WhistRubber ', '[WhistRubber "2"]', hand2), 'INVALID_STATE', lineOf(good, '[WhistRubber ', hand2), 'WhistRubber');
      const partners = lineOf(good, '[WhistPartners ');
      refused(replaceLine(good, '[WhistPartners ', '[WhistPartners "swap"]'), 'INVALID_STATE', partners, 'WhistPartners', /recut/);
      refused(
        replaceLine(good, '[WhistRubber ', '[WhistRubber "1"]\n[WhistPartners "recut"]', hand2),
        'INVALID_STATE',
        lineOf(good, '[WhistRubber ', hand2) + 1,
        'WhistPartners',
        /first hand of a rubber/,
      );
      const west = lineOf(good, '[West ', hand2);
      refused(replaceLine(good, '[West ', '[West "zed"]', hand2), 'INVALID_STATE', west, 'West', /sits west/);
    });
    it('trump: a turn-up the dealer does not hold, a trump that is not its suit, a card named under rotation, no card turned', () => {
      const cardLine = lineOf(good, '[WhistTrumpCard ', hand2);
      const dealer = /\[Dealer "(\w)"\]/.exec(good.split('\n')[lineOf(good, '[Dealer ', hand2) - 1] as string)?.[1] as Seat;
      const state = read(good).hands[1]?.state as HandState;
      const notHis = [...'AKQJT98765432'].map((r) => `${r}${state.trump}`).find((c) => !dealtCards(state)[dealer].includes(c as never)) as string;
      refused(
        replaceLine(good, '[WhistTrumpCard ', `[WhistTrumpCard "${notHis[1]}${notHis[0]}"]`, hand2),
        'INVALID_TRUMP',
        cardLine,
        'WhistTrumpCard',
        /dealer's cards/,
      );
      const trumpLine = lineOf(good, '[WhistTrump ', hand2);
      refused(
        replaceLine(good, '[WhistTrump ', `[WhistTrump "${state.trump === 'S' ? 'H' : 'S'}"]`, hand2),
        'INVALID_TRUMP',
        trumpLine,
        'WhistTrump',
        /the suit of the card turned/,
      );
      refused(replaceLine(good, '[WhistTrumpSource ', '[WhistTrumpSource "rotation"]', hand2), 'INVALID_TRUMP', trumpLine + 1, 'WhistTrumpSource');
      refused(removeLine(good, '[WhistTrumpCard ', hand2), 'INVALID_STATE', hand2 - 1, 'WhistTrumpCard', /is missing/);
      refused(replaceLine(good, '[WhistTrumpCard ', '[WhistTrumpCard "Q"]', hand2), 'INVALID_CARD', cardLine, 'WhistTrumpCard');
      const rotation = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', null] } });
      const rot = text(playTable(rotation, 4).table, { seed: 4 });
      refused(
        replaceLine(rot, '[WhistTrump ', '[WhistTrumpCard "HA"]\n[WhistTrump "H"]'),
        'INVALID_TRUMP',
        lineOf(rot, '[WhistTrump '),
        'WhistTrumpCard',
        /rotate/,
      );
      refused(replaceLine(rot, '[WhistTrump ', '[WhistTrump "S"]'), 'INVALID_TRUMP', lineOf(rot, '[WhistTrump '), 'WhistTrump', /rotation's suit/);
    });
  });

  describe('the text', () => {
    it('a tag twice in a game, a tag not closed, a comment never closed, text outside a tag, an unknown Whist tag, a table tag in a hand', () => {
      const rubber = lineOf(good, '[WhistRubber ', hand2);
      refused(replaceLine(good, '[WhistRubber ', '[WhistRubber "1"]\n[WhistRubber "1"]', hand2), 'INVALID_STATE', rubber + 1, 'WhistRubber', /appears twice/);
      refused(replaceLine(good, '[WhistRubber ', '[WhistRubber "1', hand2), 'INVALID_STATE', rubber, 'WhistRubber', /not closed by "/);
      refused(replaceLine(good, '[WhistRubber ', '[WhistRubber "1" x]', hand2), 'INVALID_STATE', rubber, 'WhistRubber', /not closed by \]/);
      refused(replaceLine(good, '[WhistRubber ', '{ a comment', hand2), 'INVALID_STATE', rubber, 'text', /never closed/);
      refused(replaceLine(good, '[WhistRubber ', 'stray words', hand2), 'INVALID_STATE', rubber, 'Result', /text after \[Result\]/);
      refused(replaceLine(good, '[WhistRubber ', '[WhistRubbers "1"]', hand2), 'INVALID_STATE', rubber, 'WhistRubbers', /not a tag of a Whist record/);
      refused(replaceLine(good, '[WhistRubber ', '[WhistSeed "7"]', hand2), 'INVALID_STATE', rubber, 'WhistSeed', /first game/);
      refused(replaceLine(good, '[WhistRubber ', `[Event "${'x'.repeat(10_001)}"]`, hand2), 'INVALID_STATE', rubber, 'Event', /longer than 10,000/);
    });
    it('comments, escapes and blank lines are read as PBN reads them', () => {
      const commented = good.replace('[Game "Whist"]\n[Board "2"]', '; a comment\n{ a comment\n\nover lines }\n%escaped line\n[Game "Whist"]\n[Board "2"]');
      expect(read(commented).hands).toHaveLength(read(good).hands.length);
      expect(read(good.replace(/\n/g, '\r\n')).table).toEqual(read(good).table);
    });
    it('not a Whist record', () => {
      for (const t of ['', '[Event "x"]\n[Deal "N:- - - -"]\n', 'junk', '[Game "Whist"', '[Game "Bridge"]\n']) {
        const e = refusal(t);
        expect([e.code, e.path]).toEqual(['INVALID_ARGUMENT', 'Game']);
      }
      expect(refusal(42 as never).path).toBe('text');
      expect(refusal(good.replace('[Game "Whist"]\n[Board "2"]', '[Game "Bridge"]\n[Board "2"]')).message).toMatch(/must be "Whist"/);
    });
  });
});

// ------------------------------------------------------------------------------ hostile text, mutations

describe('hostile text: never a throw, never a record whose scores disagree, work linear in the text', () => {
  const { table } = playTable(SHORT_WHIST, 13, { rubbers: 1, heuristic: true });
  const good = text(table, { seed: 13 });

  it('random edits of a record: a result every time; an accepted edit reads as a consistent table', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 3 }), (edits) => {
        let t = good;
        for (const [at, kind, s] of edits) {
          const i = at % t.length;
          t =
            kind === 0
              ? t.slice(0, i) + t.slice(i + 1)
              : kind === 1
                ? t.slice(0, i) + s + t.slice(i)
                : kind === 2
                  ? t.slice(0, i) + s + t.slice(i + s.length)
                  : t.slice(0, i);
        }
        const r = parseWhistPbn(t);
        counts.mutations++;
        if (!r.ok) return;
        accepted++;
        // Accepted: then every hand's stated scores are what its play gives, so writing it again reads the same.
        const again = parseWhistPbn(text(r.value.table, r.value.seed === null ? {} : { seed: r.value.seed, inProgress: true }));
        expect(again.ok && again.value.hands.map((h) => h.summary)).toEqual(r.value.hands.map((h) => h.summary));
      }),
      { seed: FC_SEED, numRuns: 300 },
    );
    // Most edits break the record; some (in a player's name, the Event, a comment) leave it whole.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(300);
    counts.accepted = accepted;
  });

  it('every digit of every stated score, changed: refused', () => {
    const lines = good.split('\n');
    let tried = 0;
    lines.forEach((line, i) => {
      if (
        !/^\[(Result|WhistTricks|WhistHonours|WhistTrickPoints|WhistHonourPoints|WhistPoints|WhistScore|WhistGames|WhistGameResult|WhistRubberPoints) /.test(
          line,
        )
      )
        return;
      for (let k = 0; k < line.length; k++) {
        const c = line[k] as string;
        if (!/\d/.test(c)) continue;
        const changed = [...lines];
        changed[i] = line.slice(0, k) + String((Number(c) + 1) % 10) + line.slice(k + 1);
        const r = parseWhistPbn(changed.join('\n'));
        expect(r.ok, changed[i]).toBe(false);
        expect(r.ok ? null : r.error.path).toMatch(new RegExp(`^line ${i + 1} `));
        tried++;
      }
    });
    expect(tried).toBeGreaterThan(50);
    counts.malformed += tried;
  });

  function work(t: string): number {
    const w: Work = { steps: 0 };
    readWhist(t, seedRandom(1), w);
    return w.steps;
  }

  const MB = 1 << 20;
  const HOSTILE: readonly [string, (n: number) => string][] = [
    ['an unclosed tag', (n) => `[Game "Whist"]\n[Event "${'x'.repeat(n)}`],
    ['a long tag value', (n) => `[Game "Whist"]\n[Event "${'x'.repeat(n)}"]`],
    ['an unclosed comment', (n) => `[Game "Whist"]\n{${'x'.repeat(n)}`],
    ['Unicode spaces', (n) => `[Game "Whist"]${'\u00a0\u3000\ufeff'.repeat(n / 3)}`],
    ['escaped quotes', (n) => `[Game "Whist"]\n[Event "${'\\"'.repeat(n / 2)}"]`],
    ['a huge Play token', (n) => `[Game "Whist"]\n[WhistRules "short"]\n[Dealer "N"]\n[Deal "N:- - - -"]\n[Play "E"]\n${'S'.repeat(n)}`],
    ['% lines', (n) => `%x\n`.repeat(n / 3)],
    ['empty games', (n) => `[Game "Whist"]\n[WhistRules "short"]\n\n${'[Game "Whist"]\n\n'.repeat(n / 16)}`],
    ['many tags', (n) => `[Game "Whist"]\n${Array.from({ length: n / 12 }, (_, i) => `[A${i} ""]`).join('\n')}`],
    ['brackets', (n) => `[Game "Whist"]\n${'['.repeat(n)}`],
    ['nothing but junk', (n) => 'x'.repeat(n)],
  ];
  for (const [name, make] of HOSTILE) {
    it(`${name}: work at most a few steps a character, at 1 MB and 4 MB`, () => {
      const small = make(MB);
      const large = make(4 * MB);
      const a = work(small);
      const b = work(large);
      expect(a / small.length).toBeLessThan(4);
      expect(b / large.length).toBeLessThan(4);
      const r = parseWhistPbn(large);
      expect(r.ok).toBe(false);
    });
  }

  it('valid records: the reader’s work grows linearly with the hands (steps counted, 40 against 160 hands)', () => {
    // Counted, not timed: the scanner's steps per hand stay the same as the record grows. The replay of the
    // table the record rebuilds is parseTable's, whose cost per entry bench/table-check.ts measures.
    const many = (rubbers: number) => text(playTable(LONG_WHIST, 17, { rubbers }).table, { seed: 17 });
    const r4 = many(4);
    const r16 = many(16);
    const hands = (t: string) => (t.match(/\[Board /g) ?? []).length;
    expect(hands(r16)).toBeGreaterThan(3 * hands(r4));
    const small = work(r4) / hands(r4);
    const large = work(r16) / hands(r16);
    expect(large / small).toBeLessThan(1.5);
    expect(work(r16) / r16.length).toBeLessThan(2);
  });

  it('a record of more than 2,000 hands is refused at its 2,001st', () => {
    // The same four deals, dealt in turn by N E S W and each played out by the first legal card, 2,001 times.
    const rules = AMERICAN_WHIST;
    const byDealer = new Map<Seat, HandState>();
    for (const dealer of SEATS) {
      let h = dealHandOrThrow(rules, { dealer, deck: FULL_DECK });
      for (let seat = currentSeat(h); seat !== null; seat = currentSeat(h)) h = playOrThrow(h, seat, legalMoves(h)[0] as never);
      byDealer.set(dealer, h);
    }
    const log: TableEntry[] = [];
    let rubber = startRubberOrThrow(rules, { dealer: 'N' });
    for (let i = 0; i < 2001; i++) {
      if (isRubberComplete(rubber)) {
        log.push({ type: 'newRubber' });
        rubber = startRubberOrThrow(rules, { dealer: nextDealer(rubber) });
      }
      const h = byDealer.get(nextDealer(rubber)) as HandState;
      log.push({
        type: 'hand',
        dealer: h.dealer,
        trump: h.trump,
        trumpSource: h.trumpSource,
        trumpCard: h.trumpCard,
        deal: h.deal,
        shuffled: false,
        actions: h.plays === '' ? [] : (h.plays.split(' ') as Card[]),
      });
      rubber = addHandOrThrow(rubber, handFacts(h));
    }
    const big = parseTableOrThrow({ v: TABLE_SCHEMA, rules, players: { N: 'N', E: 'E', S: 'S', W: 'W' }, firstDealer: 'N', random: seedRandom(1), log });
    const record = text(big);
    const r = parseWhistPbn(record);
    expect(r.ok ? null : [r.error.code, r.error.path]).toEqual([
      'INVALID_STATE',
      `line ${lineOf(record, '[Game ', lineOf(record, '[Board "2001"]') - 1)} Game`,
    ]);
    expect(r.ok ? null : r.error.message).toMatch(/at most 2,000 hands/);
    // And 2,000 are read.
    const cut = record.slice(0, record.indexOf('[Game "Whist"]\n[Board "2001"]')).trimEnd();
    expect(read(`${cut}\n`).hands).toHaveLength(2000);
  });
});

afterAll(() => {
  console.log(
    `records-whist.test.ts: ${counts.roundTrips} round trips (${counts.hands} hands), ${counts.malformed} malformed records refused, ${counts.mutations} random edits read, ${counts.accepted} of them accepted (fast-check seed ${FC_SEED})`,
  );
});
