/**
 * Tables under ruled rules played with irregularities and claims injected, checked as they go: every table
 * the library makes reads back with `parseTable` (whole, and after the table before), every hand's score is
 * the referee's, and every ruling in the log cites its law. Used by test/laws-fuzz.test.ts (a fixed sample
 * in CI) and scripts/laws-fuzz.ts (100,000 hands).
 *
 * The referee scores Short Whist from docs/rules.md and the laws, on its own: tricks from the cards played
 * (test/naive.ts decides each trick), the tricks left as a claim or concession agreed, honours as dealt, and
 * the revoke penalties: each first (law 72 V), three tricks moved, three off (not below nothing) or three
 * added; the revokers cannot reach the game on the hand (law 82), nor either side when both revoked (law 81).
 */
import {
  apply,
  archiveRubbers,
  cardsHeld,
  currentHand,
  currentRubber,
  defineRulesOrThrow,
  type HandEntry,
  handSummaries,
  legalMoves,
  newTableOrThrow,
  parseTable,
  type Seat,
  SHORT_WHIST,
  type TableAction,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { N_SEATS, type NSeat, nSide, nWinner } from './naive.js';

export const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
const LAW = 'Laws of Short Whist (1864), law 72';

/** A small PRNG of its own (mulberry32), so that a run is one seed. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Side = 'NS' | 'EW';
const other = (s: Side): Side => (s === 'NS' ? 'EW' : 'NS');

/** What the referee says a hand scores, from the score `start`. */
export function referee(entry: HandEntry, start: { NS: number; EW: number }): { score: { NS: number; EW: number }; winner: Side | null } {
  const target = 5;
  // The cards played, trick by trick, decided on their own.
  const plays = entry.plays === '' ? [] : entry.plays.split(' ');
  const hands: Record<string, string[]> = {};
  const deal = entry.deal.slice(2).split(' ');
  const order: NSeat[] = ['N', 'E', 'S', 'W'];
  const first = order.indexOf(entry.deal[0] as NSeat);
  deal.forEach((text, i) => {
    const seat = order[(first + i) % 4] as NSeat;
    const [s, h, d, c] = text.split('.');
    hands[seat] = [
      ...[...(s ?? '')].map((r) => `${r}S`),
      ...[...(h ?? '')].map((r) => `${r}H`),
      ...[...(d ?? '')].map((r) => `${r}D`),
      ...[...(c ?? '')].map((r) => `${r}C`),
    ];
  });
  const tricks = { NS: 0, EW: 0 };
  // Who played each card: the leader of its trick, and on round the table.
  const playedBy: NSeat[] = [];
  let leader = order[(order.indexOf(entry.dealer as NSeat) + 1) % 4] as NSeat;
  for (let t = 0; t < plays.length; t += 4) {
    for (let k = 0; k < 4 && t + k < plays.length; k++) playedBy.push(order[(order.indexOf(leader) + k) % 4] as NSeat);
    if (t + 4 > plays.length) break;
    const winner = nWinner(leader, plays.slice(t, t + 4), entry.trump);
    tricks[nSide(winner)]++;
    leader = winner;
  }
  // The tricks left, as a claim or concession agreed (both accepted, a ruling that it holds, or conceded all).
  const events = entry.events ?? [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type !== 'claim' && e.type !== 'concede') continue;
    const left = 13 - Math.floor(e.at / 4);
    const side = nSide(e.seat as NSeat);
    const mine = e.type === 'claim' ? e.tricks : left - e.tricks;
    const answers = events.slice(i + 1).filter((x) => x.at === e.at);
    let agreed = e.type === 'concede' && e.tricks === left;
    let accepts = 0;
    for (const a of answers) {
      if (a.type === 'claim' || a.type === 'concede' || a.type === 'refuseClaim') break;
      if (a.type === 'ruleClaim') {
        agreed = a.holds;
        break;
      }
      if (a.type === 'acceptClaim' && ++accepts === 2) {
        agreed = true;
        break;
      }
    }
    if (agreed) {
      tricks[side] += mine;
      tricks[other(side)] += left - mine;
    }
  }
  if (tricks.NS + tricks.EW !== 13) throw new Error(`the referee counts ${tricks.NS + tricks.EW} tricks`);
  // Honours as dealt: four score 4, three score 2.
  const held = { NS: 0, EW: 0 };
  if (entry.trump !== null) for (const rank of 'AKQJ') for (const seat of N_SEATS) if (hands[seat]!.includes(`${rank}${entry.trump}`)) held[nSide(seat)]++;
  // The revoke penalties, first: each revoke card's player, from the cards played.
  const revoked = { NS: false, EW: false };
  const deduct = { NS: 0, EW: 0 };
  const add = { NS: 0, EW: 0 };
  const penalties = events.filter((e) => e.type === 'claimRevoke');
  for (const p of penalties) {
    if (p.type !== 'claimRevoke') continue;
    const seat = playedBy[plays.indexOf(p.card)];
    if (seat === undefined) throw new Error(`the referee finds no play of ${p.card}`);
    const side = nSide(seat);
    revoked[side] = true;
    if (p.penalty === 'tricks') {
      const n = Math.min(3, tricks[side]);
      tricks[side] -= n;
      tricks[other(side)] += n;
    } else if (p.penalty === 'deduct') deduct[side] += 3;
    else add[other(side)] += 3;
  }
  // Points deducted come off the score the side began the hand with, whatever the order of the claims.
  const score = { NS: Math.max(0, start.NS - deduct.NS) + add.NS, EW: Math.max(0, start.EW - deduct.EW) + add.EW };
  const cap = (s: Side) => {
    score[s] = Math.min(score[s], revoked[s] ? target - 1 : target);
  };
  cap('NS');
  cap('EW');
  const won = (): Side | null => (score.NS >= target ? 'NS' : score.EW >= target ? 'EW' : null);
  if (won() !== null) return { score, winner: won() };
  // Tricks, then honours (barred for a side that began the deal at four).
  for (const s of ['NS', 'EW'] as const) score[s] += Math.max(0, tricks[s] - 6);
  cap('NS');
  cap('EW');
  if (won() !== null) return { score, winner: won() };
  for (const s of ['NS', 'EW'] as const) {
    const points = held[s] === 4 ? 4 : held[s] === 3 ? 2 : 0;
    if (start[s] !== target - 1) score[s] += points;
  }
  cap('NS');
  cap('EW');
  return { score, winner: won() };
}

/** Counts of what a run did. */
export interface FuzzCounts {
  hands: number;
  revokes: number;
  penalties: number;
  claims: number;
  concessions: number;
  rulings: number;
  exposed: number;
  calls: number;
  parses: number;
  refereed: number;
}

/**
 * Plays `hands` hands at ruled tables from `seed`, with irregularities and claims injected, and checks
 * them; throws on the first disagreement, naming the seed and the hand.
 */
export function fuzzLaws(seed: number, hands: number): FuzzCounts {
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const counts: FuzzCounts = { hands: 0, revokes: 0, penalties: 0, claims: 0, concessions: 0, rulings: 0, exposed: 0, calls: 0, parses: 0, refereed: 0 };
  let table = newTableOrThrow(RULED, { seed: seed * 7919 + 1 });
  let previous: TableState = table;
  const act = (action: TableAction) => {
    const r = apply(table, action);
    if (!r.ok) throw new Error(`seed ${seed}, hand ${counts.hands}: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
    table = r.value;
  };
  const check = () => {
    const text = JSON.stringify(table);
    const whole = parseTable(text);
    if (!whole.ok || JSON.stringify(whole.value) !== text)
      throw new Error(
        `seed ${seed}, hand ${counts.hands}: parseTable refuses or changes the table: ${whole.ok ? 'changed' : `${whole.error.path} ${whole.error.message}`}`,
      );
    const after = parseTable(text, { after: previous });
    if (!after.ok || JSON.stringify(after.value) !== text)
      throw new Error(
        `seed ${seed}, hand ${counts.hands}: parseTable after the table before refuses it: ${after.ok ? 'changed' : `${after.error.path} ${after.error.message}`}`,
      );
    previous = table;
    counts.parses++;
  };
  /** The hand just over: its penalties claimed at random, its rulings' laws checked, its score refereed. */
  const closeHand = () => {
    const view = tableViewOrThrow(table, null);
    for (const r of view.revokes) {
      counts.revokes++;
      if (random() < 0.7) {
        const claimants = N_SEATS.filter((s) => nSide(s) !== nSide(r.seat as NSeat)) as Seat[];
        act({ type: 'claimRevoke', seat: pick(claimants), card: r.card, penalty: pick(['tricks', 'deduct', 'add'] as const) });
        counts.penalties++;
      }
    }
    const summaries = handSummaries(currentRubber(table));
    const last = summaries[summaries.length - 1];
    const entry = [...table.log].reverse().find((e) => e.type === 'hand') as HandEntry;
    for (const e of entry.events ?? [])
      if ((e.type === 'claimRevoke' && e.law !== LAW) || (e.type === 'callCard' && e.law !== 'Laws of Short Whist (1864), laws 56, 65'))
        throw new Error(`seed ${seed}: a ruling without its law`);
    if (last !== undefined) {
      const before = summaries.length >= 2 && summaries[summaries.length - 2]!.game === null ? summaries[summaries.length - 2]!.score : { NS: 0, EW: 0 };
      const expected = referee(entry, before);
      const got = last.game === null ? last.score : { ...last.score };
      const winner = last.game?.winner ?? null;
      if (winner !== expected.winner || (winner === null && (got.NS !== expected.score.NS || got.EW !== expected.score.EW)))
        throw new Error(
          `seed ${seed}, hand ${counts.hands}: the referee scores ${JSON.stringify(expected)}, the library ${JSON.stringify({ score: got, winner })} (${JSON.stringify(entry)})`,
        );
      counts.refereed++;
    }
    check();
  };
  while (counts.hands < hands) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action === 'newRubber') {
      // The next rubber on a log of its own, so that each check reads one rubber.
      const archived = archiveRubbers(table);
      if (!archived.ok) throw new Error(`seed ${seed}: archiveRubbers refused: ${archived.error.message}`);
      table = archived.value;
      previous = table;
      continue;
    }
    if (next.action === 'deal') {
      act({ type: 'deal' });
      continue;
    }
    if (next.action === 'answerClaim') {
      const x = random();
      if (x < 0.15) {
        act({ type: 'ruleClaim', holds: random() < 0.5 });
        counts.rulings++;
      } else act({ type: x < 0.7 ? 'acceptClaim' : 'refuseClaim', seat: pick(next.seats) });
    } else {
      const hand = currentHand(table)!;
      const seat = next.seat;
      const left = 13 - Math.floor(hand.plays.split(' ').filter(Boolean).length / 4);
      const y = random();
      const view = tableViewOrThrow(table, null);
      const calledNow = view.called.filter((c) => c.seat === seat && legalMoves(hand).includes(c.card));
      if (y < 0.004) {
        // A card dropped face up, by any seat (law 56).
        const dropper = pick(N_SEATS) as Seat;
        const held = cardsHeld(hand, dropper).filter((c) => !(view.exposed[dropper] ?? []).includes(c));
        if (held.length > 0) {
          act({ type: 'expose', seat: dropper, card: pick(held) });
          counts.exposed++;
        }
      } else if (y < 0.2 && view.called.length < Object.values(view.exposed).flat().length) {
        // The other side calls an exposed card (laws 56, 65).
        const open = N_SEATS.flatMap((s) => (view.exposed[s] ?? []).map((card) => ({ s, card }))).filter((x) => !view.called.some((c) => c.card === x.card));
        const target = pick(open);
        act({ type: 'callCard', seat: pick(N_SEATS.filter((s) => nSide(s) !== nSide(target.s))) as Seat, card: target.card });
        counts.calls++;
      } else if (calledNow.length > 0) act({ type: 'play', seat, card: pick(calledNow).card });
      else if (y < 0.02) {
        act({ type: 'concede', seat, tricks: 1 + Math.floor(random() * left) });
        counts.concessions++;
      } else if (y < 0.03) {
        act({ type: 'claim', seat, tricks: 1 + Math.floor(random() * left) });
        counts.claims++;
      } else {
        const lawful = legalMoves(hand);
        const held = cardsHeld(hand, seat);
        const revokes = held.filter((c) => !lawful.includes(c));
        const card = revokes.length > 0 && random() < 0.08 ? pick(revokes) : pick(lawful);
        act({ type: 'play', seat, card });
      }
    }
    const after = tableViewOrThrow(table, null).next.action;
    if (after === 'deal' || after === 'newRubber') {
      counts.hands++;
      closeHand();
    } else if (random() < 0.01) check();
  }
  return counts;
}
