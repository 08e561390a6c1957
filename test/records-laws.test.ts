/**
 * Whist records of tables ruled by the laws: every table the library can make (void hands and redeals,
 * misdeals, revoke penalties of every kind, claims and concessions, calls, leads and plays out of turn, honours
 * called) is written by formatWhistPbn and read back by parseWhistPbn as the same table, the same hands and the
 * same scores. Tables are made at random under a fixed, printed seed: each step tries actions of every kind
 * and keeps those the table accepts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  defineRulesOrThrow,
  FULL_DECK,
  type HandSummary,
  handSummaries,
  LONG_WHIST,
  legalMoves,
  newTableOrThrow,
  type Rules,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type TableAction,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { formatWhistPbn, parseWhistPbn } from '../src/records/index.js';
import { FC_SEED } from './arbitraries.js';
import { askedAtOnce, playsAndEvents } from './log-parts.js';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
const LONG_RULED = defineRulesOrThrow(LONG_WHIST, { name: 'long-ruled', irregularities: 'ruled' });
const SWAP_RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'swap-ruled', irregularities: 'ruled', afterRubber: 'swap' });

const GROUNDS = ['imperfectPack', 'facedCard', 'exposedInDealing', 'trumpCardSeen', 'misdeal', 'callNotAtEight', 'wrongCall', 'callAfterPlaying'] as const;
const PENALTIES = ['tricks', 'deduct', 'add'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** A small PRNG of its own (mulberry32), so that a table is one seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A table made at random, and what the table itself scored for each of its hands, in order (`null`: not scored). */
interface Made {
  readonly table: TableState;
  readonly seed: number;
  /** Each hand of the log, in order across rubbers: its summary as the table scored it, `null` for a void hand or one in progress. */
  readonly summaries: readonly (HandSummary | null)[];
}

const counts = { tables: 0, hands: 0, voids: 0, events: 0, penalties: { tricks: 0, deduct: 0, add: 0 }, negative: 0, kinds: {} as Record<string, number> };

/** A ruled table of `hands` hands or so, with actions of every kind tried at random and kept when accepted. */
function makeTable(seed: number, rules: Rules, hands: number, stopMidHand: boolean): Made {
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  let table = newTableOrThrow(rules, { seed, dealer: pick(SEATS) });
  const summaries: (HandSummary | null)[] = [];
  let scored = 0;
  let dealt = 0;
  const tryAction = (action: TableAction): boolean => {
    const r = apply(table, action);
    if (r.ok) table = r.value;
    return r.ok;
  };
  /** The hand just over: revoke penalties claimed at random, and what the table scored for it. */
  const closeHand = (): void => {
    for (const r of tableViewOrThrow(table, null).revokes) {
      if (random() < 0.6) {
        const side = r.seat === 'N' || r.seat === 'S' ? (['E', 'W'] as const) : (['N', 'S'] as const);
        const penalty = random() < 0.5 ? 'deduct' : pick(PENALTIES);
        if (tryAction({ type: 'claimRevoke', seat: pick(side), card: r.card, penalty })) counts.penalties[penalty]++;
      }
    }
    const all = handSummaries(currentRubber(table));
    if (all.length > scored) {
      const s = all[all.length - 1] as HandSummary;
      if (s.points.NS < 0 || s.points.EW < 0) counts.negative++;
      summaries.push(s);
      scored = all.length;
    } else {
      summaries.push(null);
      counts.voids++;
    }
  };
  for (let steps = 0; steps < 20_000; steps++) {
    const view = tableViewOrThrow(table, null);
    const next = view.next;
    if (next.action === 'deal' || next.action === 'newRubber') {
      if (dealt > summaries.length) {
        // A penalty claimed may end the rubber: the table says what comes next again.
        closeHand();
        continue;
      }
      if (dealt >= hands) break;
      if (next.action === 'newRubber') {
        table = applyOrThrow(table, { type: 'newRubber' });
        scored = 0;
        continue;
      }
      table = applyOrThrow(table, { type: 'deal' });
      dealt++;
      // A new deal claimed now and then, on a ground that can arise before the first card, by a seat that may claim it.
      if (random() < 0.12) {
        const ground = pick(['exposedInDealing', 'trumpCardSeen', 'misdeal', 'misdeal'] as const);
        SEATS.some((seat) => tryAction({ type: 'newDeal', seat, ground }));
      }
      continue;
    }
    if (next.action === 'answerClaim') {
      const seat = pick(next.seats);
      const y = random();
      if (y < 0.1) table = applyOrThrow(table, { type: 'ruleClaim', holds: random() < 0.5 });
      else table = applyOrThrow(table, { type: random() < 0.6 ? 'acceptClaim' : 'refuseClaim', seat });
      continue;
    }
    if (stopMidHand && dealt >= hands && random() < 0.05) break;
    const hand = currentHand(table);
    if (hand === null) throw new Error(`seed ${seed}: no hand to play`);
    const seat = next.seat;
    const anyone = pick(SEATS);
    const held = cardsHeld(hand, anyone);
    const y = random();
    // After a lead or a card out of turn, or a revoke corrected, what the laws let the others say.
    const last = view.events[view.events.length - 1];
    if (last !== undefined && y < 0.5) {
      const falseLead = view.falseLead;
      const followUps: TableAction[] = [];
      if (falseLead !== null) {
        const s = falseLead.next;
        const cards = cardsHeld(hand, s);
        if (cards.length > 0) followUps.push({ type: 'playToFalseLead', seat: s, card: pick(cards) });
        followUps.push({ type: 'callSuit', seat: anyone, suit: pick(SUITS) });
      }
      if (last.type === 'playOutOfTurn') followUps.push({ type: 'callWin', seat: anyone, win: random() < 0.5 });
      if (last.type === 'correctRevoke') followUps.push({ type: 'callLedSuit', seat: anyone, which: random() < 0.5 ? 'highest' : 'lowest' });
      if (followUps.length > 0 && tryAction(pick(followUps))) {
        counts.events++;
        continue;
      }
    }
    // An action of another kind than a card, now and then; the table keeps it only where it can be said.
    if (y < 0.12) {
      const left = 13 - Math.floor(hand.plays.split(' ').filter(Boolean).length / 4);
      const card = held.length > 0 ? pick(held) : pick(FULL_DECK);
      const exposed = view.exposed;
      const exposedCards = SEATS.flatMap((s) => exposed[s] ?? []);
      const actions: TableAction[] = [
        { type: 'claim', seat: anyone, tricks: Math.floor(random() * (left + 1)) },
        { type: 'concede', seat: anyone, tricks: Math.floor(random() * (left + 1)) },
        { type: 'newDeal', seat: anyone, ground: pick(GROUNDS) },
        { type: 'expose', seat: anyone, card },
        { type: 'callCard', seat: anyone, card: exposedCards.length > 0 ? pick(exposedCards) : card },
        { type: 'leadOutOfTurn', seat: anyone, card },
        { type: 'playToFalseLead', seat: anyone, card },
        { type: 'callSuit', seat: anyone, suit: pick(SUITS) },
        { type: 'nameTrumpCard', seat: anyone },
        { type: 'forgetTrumpCard', seat: anyone },
        { type: 'callTrump', seat: anyone, which: random() < 0.5 ? 'highest' : 'lowest' },
        { type: 'correctRevoke', seat: anyone },
        { type: 'askHavingNone', seat: anyone },
        { type: 'callLedSuit', seat: anyone, which: random() < 0.5 ? 'highest' : 'lowest' },
        { type: 'callHonours', seat: anyone },
        { type: 'answerCall', seat: anyone },
        { type: 'playOutOfTurn', seat: anyone, card },
        { type: 'callWin', seat: anyone, win: random() < 0.5 },
      ];
      // Claims and new deals end a hand: tried less often than the rest.
      const action = pick(actions);
      if ((action.type === 'claim' || action.type === 'concede' || action.type === 'newDeal') && random() < 0.7) continue;
      if (tryAction(action)) counts.events++;
      continue;
    }
    if (seat === undefined) throw new Error(`seed ${seed}: no seat to play`);
    const playable = tableViewOrThrow(table, seat).playable;
    const lawful = legalMoves(hand);
    const revokes = cardsHeld(hand, seat).filter((c) => !lawful.includes(c));
    const card = revokes.length > 0 && random() < 0.1 ? pick(revokes) : pick(playable.length > 0 ? playable : lawful);
    if (!tryAction({ type: 'play', seat, card })) {
      // A call may bind the seat: any card the table accepts.
      if (!cardsHeld(hand, seat).some((c) => tryAction({ type: 'play', seat, card: c })))
        throw new Error(`seed ${seed}: no card of ${seat} is accepted (${JSON.stringify(currentHand(table))})`);
    }
  }
  counts.tables++;
  counts.hands += dealt;
  for (const entry of table.log)
    if (entry.type === 'hand') for (const e of playsAndEvents(entry).events) counts.kinds[e.type] = (counts.kinds[e.type] ?? 0) + 1;
  return { table, seed, summaries };
}

/** Reads a record, failing the test with the problem found. */
function read(text: string) {
  const r = parseWhistPbn(text);
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.path}: ${r.error.message}`);
  return r.value;
}

/** Checks that the record of `made` reads back as the same table (but for when "having none?" was asked), hands and scores. */
function roundTrip(made: Made, inProgress: boolean): void {
  const { table, seed } = made;
  const text = formatWhistPbn(table, { seed, inProgress });
  if (!text.ok) throw new Error(`seed ${seed}: ${text.error.message}`);
  const record = read(text.value);
  expect(JSON.stringify(record.table), `seed ${seed}`).toBe(JSON.stringify(askedAtOnce(table)));
  const entries = table.log.flatMap((e) => (e.type === 'hand' ? [e] : []));
  const expected = inProgress ? entries.length : made.summaries.length;
  expect(record.hands.length, `seed ${seed}: hands`).toBe(expected);
  record.hands.forEach((h, i) => {
    const entry = entries[i];
    expect(h.state.deal, `seed ${seed}, hand ${i + 1}: deal`).toBe(entry?.deal);
    expect(h.state.plays, `seed ${seed}, hand ${i + 1}: plays`).toBe(entry && playsAndEvents(entry).plays);
    expect(h.events, `seed ${seed}, hand ${i + 1}: events`).toEqual(entry ? playsAndEvents(entry).events : []);
    expect(h.summary, `seed ${seed}, hand ${i + 1}: summary`).toEqual(made.summaries[i] ?? null);
  });
  // Without the seed, the hands and their scores read back the same.
  const bare = formatWhistPbn(table, { inProgress });
  if (!bare.ok) throw new Error(`seed ${seed}: ${bare.error.message}`);
  const unseeded = read(bare.value);
  expect(unseeded.hands.map((h) => h.summary)).toEqual(record.hands.map((h) => h.summary));
}

describe('records of tables ruled by the laws read back as written', () => {
  it('a void hand (a new deal claimed) is left unscored, and the hands after it keep their own scores', () => {
    const t0 = applyOrThrow(newTableOrThrow(RULED, { seed: 3 }), { type: 'deal' });
    const playOut = (t: TableState): TableState => {
      for (let h = currentHand(t)!, s = currentSeat(h); s !== null; h = currentHand(t)!, s = currentSeat(h))
        t = applyOrThrow(t, { type: 'play', seat: s, card: legalMoves(h)[0]! });
      return t;
    };
    let t = playOut(t0);
    t = applyOrThrow(applyOrThrow(t, { type: 'deal' }), { type: 'newDeal', seat: 'N', ground: 'exposedInDealing' });
    t = playOut(applyOrThrow(t, { type: 'deal' }));
    const summaries = handSummaries(currentRubber(t));
    expect(summaries).toHaveLength(2);
    const text = formatWhistPbn(t, { seed: 3 });
    if (!text.ok) throw new Error(text.error.message);
    const record = read(text.value);
    expect(record.hands.map((h) => h.summary)).toEqual([summaries[0], null, summaries[1]]);
    expect(JSON.stringify(record.table)).toBe(JSON.stringify(t));
  });

  it.skipIf(!existsSync(CLI))('whist replay prints a void hand as void and the hands after it with their own scores, exit 0 (built dist/cli.js)', () => {
    const t0 = applyOrThrow(newTableOrThrow(RULED, { seed: 3 }), { type: 'deal' });
    const playOut = (t: TableState): TableState => {
      for (let h = currentHand(t)!, s = currentSeat(h); s !== null; h = currentHand(t)!, s = currentSeat(h))
        t = applyOrThrow(t, { type: 'play', seat: s, card: legalMoves(h)[0]! });
      return t;
    };
    let t = playOut(t0);
    t = applyOrThrow(applyOrThrow(t, { type: 'deal' }), { type: 'newDeal', seat: 'N', ground: 'misdeal' });
    t = playOut(applyOrThrow(t, { type: 'deal' }));
    const [, second] = handSummaries(currentRubber(t));
    const text = formatWhistPbn(t, { seed: 3 });
    if (!text.ok) throw new Error(text.error.message);
    const dir = mkdtempSync(join(tmpdir(), 'whist-records-laws-'));
    try {
      const file = join(dir, 'void.pbn');
      writeFileSync(file, text.value);
      const r = spawnSync(process.execPath, [CLI, 'replay', file], { encoding: 'utf8', timeout: 60_000 });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines.find((l) => l.includes(' hand 2 '))).toMatch(
        /; void, not scored: N claims a new deal: a misdeal \(Laws of Short Whist \(1864\), laws 43-44\)\.$/,
      );
      expect(lines.find((l) => l.includes(' hand 3 '))).toContain(
        `; points NS ${second!.points.NS}, EW ${second!.points.EW}; score NS ${second!.score.NS}, EW ${second!.score.EW}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a deduct penalty that leaves a hand scoring below nothing is written and read as a negative figure', () => {
    // Hand 1 played out by the first legal card; in hand 2 a player of the side that scored revokes once, and
    // the other side deducts three points: the revokers' hand scores below nothing.
    const playOut = (t: TableState, revoker: Seat | null): TableState => {
      for (let h = currentHand(t)!, s = currentSeat(h); s !== null; h = currentHand(t)!, s = currentSeat(h)) {
        const lawful = legalMoves(h);
        const revoke = s === revoker ? cardsHeld(h, s).find((c) => !lawful.includes(c)) : undefined;
        if (revoke !== undefined) revoker = null;
        t = applyOrThrow(t, { type: 'play', seat: s, card: revoke ?? lawful[0]! });
      }
      return t;
    };
    let found: { table: TableState; seed: number } | null = null;
    for (let seed = 1; found === null && seed < 50; seed++) {
      let t = playOut(applyOrThrow(newTableOrThrow(RULED, { seed }), { type: 'deal' }), null);
      const first = handSummaries(currentRubber(t))[0]!;
      if (first.game !== null || first.score.NS + first.score.EW === 0) continue;
      const side = first.score.NS > 0 ? 'NS' : 'EW';
      t = playOut(applyOrThrow(t, { type: 'deal' }), side === 'NS' ? 'N' : 'E');
      const revoke = tableViewOrThrow(t, null).revokes[0];
      if (revoke === undefined) continue;
      t = applyOrThrow(t, { type: 'claimRevoke', seat: side === 'NS' ? 'E' : 'N', card: revoke.card, penalty: 'deduct' });
      if (handSummaries(currentRubber(t))[1]!.points[side] < 0) found = { table: t, seed };
    }
    if (found === null) throw new Error('no seed below 50 gives a hand scoring below nothing');
    const text = formatWhistPbn(found.table, { seed: found.seed });
    if (!text.ok) throw new Error(text.error.message);
    expect(text.value).toMatch(/\[WhistPoints "NS -\d+ EW \d+"\]|\[WhistPoints "NS \d+ EW -\d+"\]/);
    const record = read(text.value);
    expect(record.hands.map((h) => h.summary)).toEqual(handSummaries(currentRubber(found.table)));
    // A figure other tags never hold is still refused there.
    const wrong = text.value.replace(/\[WhistTricks "NS (\d+)/, '[WhistTricks "NS -$1');
    const r = parseWhistPbn(wrong);
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['INVALID_STATE', expect.stringMatching(/WhistTricks.*must be written/)]);
  });

  it('who deals each hand is the table\u2019s to say: after a misdeal, another new deal, and a rubber whose partners swap, a dealer forged is refused at its tag as the table refuses it', () => {
    // Swap rules: the first hand a misdeal (the deal passes on), the next void for a card exposed in dealing (the same
    // dealer deals again), then hands played out by the first legal card into a second rubber.
    let t = applyOrThrow(newTableOrThrow(SWAP_RULED, { seed: 9 }), { type: 'deal' });
    t = applyOrThrow(applyOrThrow(t, { type: 'newDeal', seat: 'E', ground: 'misdeal' }), { type: 'deal' });
    t = applyOrThrow(applyOrThrow(t, { type: 'newDeal', seat: 'S', ground: 'exposedInDealing' }), { type: 'deal' });
    for (let rubbers = 1; ; ) {
      const h = currentHand(t);
      const s = h === null ? null : currentSeat(h);
      if (h !== null && s !== null) t = applyOrThrow(t, { type: 'play', seat: s, card: legalMoves(h)[0]! });
      else if (tableViewOrThrow(t, null).next.action === 'deal') t = applyOrThrow(t, { type: 'deal' });
      else if (rubbers++ < 2) t = applyOrThrow(applyOrThrow(t, { type: 'newRubber' }), { type: 'deal' });
      else break;
    }
    const dealers = t.log.flatMap((e) => (e.type === 'hand' ? [e.dealer] : []));
    expect(dealers.slice(0, 3)).toEqual(['N', 'E', 'E']);
    const text = formatWhistPbn(t, { seed: 9 });
    if (!text.ok) throw new Error(text.error.message);
    const games = text.value.split('\n\n');
    const second = games.findIndex((g) => g.includes('[WhistPartners "swap"]'));
    expect(second).toBeGreaterThan(3);
    const lineOf = (k: number) => games.slice(0, k).join('\n\n').split('\n').length + 2 + games[k]!.split('\n').findIndex((l) => l.startsWith('[Dealer '));
    // Each hand's dealer moved one seat on: refused at its Dealer tag, the table's next dealer named.
    for (const k of [2, 3, 4, second, second + 1]) {
      const dealer = dealers[k - 1]!;
      const forged = SEATS[(SEATS.indexOf(dealer) + 1) % 4]!;
      const text2 = [...games.slice(0, k), games[k]!.replace(`[Dealer "${dealer}"]`, `[Dealer "${forged}"]`), ...games.slice(k + 1)].join('\n\n');
      const r = parseWhistPbn(text2);
      expect(r.ok ? null : [r.error.code, r.error.path], `hand ${k}`).toEqual(['INVALID_STATE', `line ${lineOf(k)} Dealer`]);
      expect(r.ok ? '' : r.error.message, `hand ${k}`).toContain(`is "${forged}", but must be ${dealer}, the next dealer`);
    }
  });

  it(`round-trips random tables with laws events (fast-check seed ${FC_SEED})`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(RULED, LONG_RULED, SWAP_RULED),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (seed, rules, hands, inProgress) => {
          roundTrip(makeTable(seed, rules, hands, inProgress), inProgress);
        },
      ),
      { seed: FC_SEED, numRuns: 30 },
    );
  });
});

afterAll(() => {
  console.log(
    `records-laws.test.ts: ${counts.tables} tables, ${counts.hands} hands (${counts.voids} void), ${counts.events} laws events, penalties ${JSON.stringify(counts.penalties)}, ${counts.negative} hands scoring below nothing, events by kind ${JSON.stringify(counts.kinds)} (fast-check seed ${FC_SEED})`,
  );
});
