/**
 * Tables under ruled rules, Short Whist and Long Whist, played with irregularities and claims injected, checked
 * as they go: every table the library makes reads back with `parseTable` (whole, and after the table before),
 * every hand's score is the referee's, every event that carries a law cites the one its ruling is made by, and
 * every action the fuzz knows to be wrong is refused and leaves the table as it was. Used by
 * test/laws-fuzz.test.ts (a fixed sample in CI) and `npm run laws:fuzz` (this file run as a script):
 *
 *   node --import tsx test/laws-fuzz.ts [--hands 100000] [--seed 20261126] [--narrow]
 *
 * Each run of 1,000 hands is its own seed (seed + k), so that a failure names a short run to replay.
 * `--narrow` turns off every option of {@link FuzzOptions}: the injections and checks that once found a
 * disagreement between the library and the laws, as this fuzz reads them.
 *
 * Injected at random where they can be said (cards chosen from `TableView.playable`): revokes, their
 * penalties and their correction before they are established (with the suit led called); claims,
 * concessions, answers and rulings; exposed cards and their calls; new deals on every ground, misdeals
 * among them; leads out of turn (with a suit called instead of the card); cards played out of turn (with the
 * second hand called to win or not); the trump card named or forgotten (with the highest or lowest trump
 * called); and at Long Whist tables, honours called at eight and answered, and at other points.
 *
 * The referee scores a hand from docs/rules.md and the laws, on its own: a new deal makes the hand void,
 * unscored, dealt again by the same dealer, or by the next after a misdeal (laws 37-44); honours called at
 * eight before the caller played, answered by a partner holding one, three or four between them, win the game
 * with the honours alone (Hoyle's laws of Long Whist, 16-21); otherwise tricks from the cards played (test/
 * naive.ts decides each trick), the tricks left as a claim or concession agreed, honours as dealt, and the
 * revoke penalties: the revokes found from the cards as played (a corrected revoke is no longer among them),
 * each penalty first (law 72 V), three tricks moved, three off (not below nothing) or three added; the
 * revokers cannot reach the game on the hand (law 82), nor either side when both revoked (law 81).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  apply,
  archiveRubbers,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  defineRulesOrThrow,
  type HandEntry,
  type HandEvent,
  handSummaries,
  LONG_WHIST,
  legalMoves,
  newTableOrThrow,
  parseTable,
  playedCards,
  type Rules,
  type Seat,
  SHORT_WHIST,
  type TableAction,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from '../src/index.js';
import { cardsOf, playsAndEvents } from './log-parts.js';
import { N_SEATS, type NSeat, nLeft, nSide, nSuit, nWinner } from './naive.js';

export const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
export const LONG_RULED = defineRulesOrThrow(LONG_WHIST, { name: 'long-ruled', irregularities: 'ruled' });

/** The law each ruling cites, as docs/rules.md and the module's documentation name it. */
const SHORT = 'Laws of Short Whist (1864)';
const LAWS: Readonly<Record<string, string>> = {
  claimRevoke: `${SHORT}, law 72`,
  callCard: `${SHORT}, laws 56, 65`,
  callSuit: `${SHORT}, laws 61, 66`,
  callTrump: `${SHORT}, laws 53, 55`,
  correctRevoke: `${SHORT}, laws 73, 76`,
  callLedSuit: `${SHORT}, laws 73, 76`,
  askHavingNone: `${SHORT}, law 74`,
  callWin: `${SHORT}, laws 67-68`,
  callHonours: "Hoyle's laws of Long Whist, laws 16-21",
  answerCall: "Hoyle's laws of Long Whist, laws 16-21",
};
const GROUND_LAWS: Readonly<Record<string, string>> = {
  imperfectPack: `${SHORT}, law 37`,
  facedCard: `${SHORT}, law 37`,
  exposedInDealing: `${SHORT}, law 38`,
  trumpCardSeen: `${SHORT}, law 41`,
  misdeal: `${SHORT}, laws 43-44`,
  callNotAtEight: "Hoyle's laws of Long Whist, law 16",
  wrongCall: "Hoyle's laws of Long Whist, laws 19-20",
  callAfterPlaying: "Hoyle's laws of Long Whist, law 21",
};
/** The law an event must cite, or `undefined` for events that cite none. */
function lawOf(e: HandEvent): string | undefined {
  return e.type === 'newDeal' ? GROUND_LAWS[e.ground] : LAWS[e.type];
}

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
type Score = { NS: number; EW: number };
const other = (s: Side): Side => (s === 'NS' ? 'EW' : 'NS');
const partner = (s: NSeat): NSeat => nLeft(s, 2);
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** Each seat's cards as dealt, from a hand entry's PBN deal. */
export function dealtHands(entry: { deal: string }): Record<NSeat, string[]> {
  const hands = { N: [], E: [], S: [], W: [] } as Record<NSeat, string[]>;
  const first = N_SEATS.indexOf(entry.deal[0] as NSeat);
  entry.deal
    .slice(2)
    .split(' ')
    .forEach((text, i) => {
      const [s, h, d, c] = text.split('.');
      hands[N_SEATS[(first + i) % 4] as NSeat] = [
        ...[...(s ?? '')].map((r) => `${r}S`),
        ...[...(h ?? '')].map((r) => `${r}H`),
        ...[...(d ?? '')].map((r) => `${r}D`),
        ...[...(c ?? '')].map((r) => `${r}C`),
      ];
    });
  return hands;
}

/** The honours (A K Q J of trumps) a seat was dealt. */
function honoursDealt(hands: Record<NSeat, string[]>, seat: NSeat, trump: string | null): number {
  return trump === null ? 0 : hands[seat].filter((c) => nSuit(c) === trump && 'AKQJ'.includes(c[0] as string)).length;
}

/** The index in the hand of a seat's first card: eldest hand plays card 0. */
function firstCard(dealer: NSeat, seat: NSeat): number {
  return (N_SEATS.indexOf(seat) - N_SEATS.indexOf(nLeft(dealer)) + 4) % 4;
}

/**
 * What is wrong with a call of honours in Long Whist, by the law that says so, or `null` (Hoyle's laws of Long
 * Whist): a call at another score than eight (16), after the caller played (21), a call answered without two by
 * honours between the partners or by a partner without an honour (19-20).
 */
function callFault(
  call: { seat: NSeat; at: number },
  answered: boolean,
  start: Score,
  dealer: NSeat,
  hands: Record<NSeat, string[]>,
  trump: string | null,
): 'callNotAtEight' | 'callAfterPlaying' | 'wrongCall' | null {
  if (start[nSide(call.seat)] !== 8) return 'callNotAtEight';
  if (call.at > firstCard(dealer, call.seat)) return 'callAfterPlaying';
  if (!answered) return null;
  const mine = honoursDealt(hands, call.seat, trump);
  const his = honoursDealt(hands, partner(call.seat), trump);
  return his === 0 || mine + his < 3 ? 'wrongCall' : null;
}

/** The calls of honours among a hand's events, each with whether the caller's partner answered it. */
function honourCalls(events: readonly HandEvent[]): { seat: NSeat; at: number; answered: boolean }[] {
  const out: { seat: NSeat; at: number; answered: boolean }[] = [];
  for (const e of events) {
    if (e.type === 'callHonours') out.push({ seat: e.seat as NSeat, at: e.at, answered: false });
    else if (e.type === 'answerCall') {
      const c = out.find((x) => !x.answered && x.seat === partner(e.seat as NSeat));
      if (c !== undefined) c.answered = true;
    }
  }
  return out;
}

/** A revoke: who made it, with what card, in which trick (1 to 13). */
export interface RefereeRevoke {
  seat: NSeat;
  card: string;
  trick: number;
}

/** What the referee says of a hand. */
export interface Verdict {
  /** A new deal was claimed: the hand is not scored; `misdeal` when the deal passes on, `same` when the same dealer deals again. */
  void: 'misdeal' | 'same' | null;
  /** The side that won the game by calling honours, the hand unplayed; `null` otherwise. */
  honoursCalled: Side | null;
  /** The game score after the hand (the score before it when void). */
  score: Score;
  winner: Side | null;
  /** The revokes that stand in the hand, from the cards as played. */
  revokes: RefereeRevoke[];
}

/** What the referee says a hand scores, from the score `start`, in a game of `target` (5 Short Whist, 10 Long Whist). */
export function referee(entry: HandEntry, start: Score, target = 5): Verdict {
  const events = playsAndEvents(entry).events;
  const dealer = entry.dealer as NSeat;
  const hands = dealtHands(entry);
  // A new deal: the hand is void (laws 37-44).
  const fresh = events.find((e) => e.type === 'newDeal');
  if (fresh !== undefined && fresh.type === 'newDeal')
    return { void: fresh.ground === 'misdeal' ? 'misdeal' : 'same', honoursCalled: null, score: { ...start }, winner: null, revokes: [] };
  const held = { NS: 0, EW: 0 };
  for (const seat of N_SEATS) held[nSide(seat)] += honoursDealt(hands, seat, entry.trump);
  const honourPoints = (s: Side) => (start[s] === target - 1 ? 0 : held[s] === 4 ? 4 : held[s] === 3 ? 2 : 0);
  // Honours called at eight, rightly: the game is won with them, unplayed (Hoyle's laws of Long Whist, 16-21).
  if (target === 10)
    for (const call of honourCalls(events))
      if (call.answered && callFault(call, true, start, dealer, hands, entry.trump) === null) {
        const score = { NS: Math.min(target, start.NS + honourPoints('NS')), EW: Math.min(target, start.EW + honourPoints('EW')) };
        const winner: Side | null = score.NS >= target ? 'NS' : score.EW >= target ? 'EW' : null;
        return { void: null, honoursCalled: nSide(call.seat), score, winner, revokes: [] };
      }
  // The cards played, trick by trick, decided on their own; a revoke is a card not of the suit led by a seat holding it.
  const plays = cardsOf(entry);
  const left = { N: new Set(hands.N), E: new Set(hands.E), S: new Set(hands.S), W: new Set(hands.W) } as Record<NSeat, Set<string>>;
  const tricks = { NS: 0, EW: 0 };
  const revokes: RefereeRevoke[] = [];
  // A lead out of turn that the other three followed: the trick stands, led by the offender (law 62).
  const stood = new Map<number, NSeat>();
  events.forEach((e, i) => {
    const after = events.slice(i + 1, i + 4);
    if (e.type === 'leadOutOfTurn' && after.length === 3 && after.every((x) => x.type === 'playToFalseLead' && x.at === e.at)) stood.set(e.at, e.seat as NSeat);
  });
  let leader = nLeft(dealer);
  for (let t = 0; t < plays.length; t += 4) {
    leader = stood.get(t) ?? leader;
    const trick = plays.slice(t, t + 4);
    trick.forEach((card, k) => {
      const seat = nLeft(leader, k);
      const led = nSuit(trick[0] as string);
      if (!left[seat].has(card)) throw new Error(`the referee finds ${card} played by ${seat}, who does not hold it`);
      if (k > 0 && nSuit(card) !== led && [...left[seat]].some((c) => nSuit(c) === led)) revokes.push({ seat, card, trick: t / 4 + 1 });
      left[seat].delete(card);
    });
    if (trick.length < 4) break;
    const winner = nWinner(leader, trick, entry.trump);
    tricks[nSide(winner)]++;
    leader = winner;
  }
  // The tricks left, as a claim or concession agreed (both accepted, a ruling that it holds, or conceded all).
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type !== 'claim' && e.type !== 'concede') continue;
    const rest = 13 - Math.floor(e.at / 4);
    const side = nSide(e.seat as NSeat);
    const mine = e.type === 'claim' ? e.tricks : rest - e.tricks;
    const answers = events.slice(i + 1).filter((x) => x.at === e.at);
    let agreed = e.type === 'concede' && e.tricks === rest;
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
      tricks[other(side)] += rest - mine;
    }
  }
  if (tricks.NS + tricks.EW !== 13) throw new Error(`the referee counts ${tricks.NS + tricks.EW} tricks`);
  // The revoke penalties, first.
  const revoked = { NS: false, EW: false };
  const deduct = { NS: 0, EW: 0 };
  const add = { NS: 0, EW: 0 };
  for (const p of events) {
    if (p.type !== 'claimRevoke') continue;
    const r = revokes.find((x) => x.card === p.card);
    if (r === undefined) throw new Error(`the referee finds no revoke made with ${p.card}`);
    const side = nSide(r.seat);
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
  const done = (): Verdict => {
    cap('NS');
    cap('EW');
    return { void: null, honoursCalled: null, score, winner: score.NS >= target ? 'NS' : score.EW >= target ? 'EW' : null, revokes };
  };
  if (done().winner !== null) return done();
  // Tricks, then honours (barred for a side that began the deal one point from the game).
  for (const s of ['NS', 'EW'] as const) score[s] += Math.max(0, tricks[s] - 6);
  if (done().winner !== null) return done();
  for (const s of ['NS', 'EW'] as const) score[s] += honourPoints(s);
  return done();
}

/** Counts of what a run did (the counts before the laws of new deals, leads and plays out of turn, and Long Whist). */
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

/** Counts of what a run did: hands, events logged and actions refused. */
export interface LawCounts extends FuzzCounts {
  /** Hands at Long Whist tables. */
  longHands: number;
  /** Hands made void by a new deal, and of them misdeals. */
  newDeals: number;
  misdeals: number;
  leadsOutOfTurn: number;
  /** Cards played to a false lead, and the tricks that stood after three (law 62). */
  falseLeadPlays: number;
  stoodTricks: number;
  suitCalls: number;
  playsOutOfTurn: number;
  winCalls: number;
  /** The trump card named, or forgotten by the dealer. */
  trumpCards: number;
  trumpCalls: number;
  corrections: number;
  /** "Having none?" asked (law 74), and corrections after the other side played to the next trick. */
  questions: number;
  lateCorrections: number;
  ledSuitCalls: number;
  honourCalls: number;
  answers: number;
  /** Games won by calling honours. */
  honoursWon: number;
  /** Actions the fuzz knew to be wrong, refused. */
  refused: number;
}

/** No counts yet. */
export function noCounts(): LawCounts {
  return {
    hands: 0,
    revokes: 0,
    penalties: 0,
    claims: 0,
    concessions: 0,
    rulings: 0,
    exposed: 0,
    calls: 0,
    parses: 0,
    refereed: 0,
    longHands: 0,
    newDeals: 0,
    misdeals: 0,
    leadsOutOfTurn: 0,
    falseLeadPlays: 0,
    stoodTricks: 0,
    suitCalls: 0,
    playsOutOfTurn: 0,
    winCalls: 0,
    trumpCards: 0,
    trumpCalls: 0,
    corrections: 0,
    questions: 0,
    lateCorrections: 0,
    ledSuitCalls: 0,
    honourCalls: 0,
    answers: 0,
    honoursWon: 0,
    refused: 0,
  };
}

/**
 * Options of {@link fuzzLaws}: each is on unless set to `false`. Each turns on injections and checks that
 * once found a disagreement between the library and the laws (described with each); all pass now, and
 * turning one off narrows the fuzz to tell a new disagreement from these.
 */
export interface FuzzOptions {
  /**
   * Also bind a player by a second call while one stands on him (an exposed card called, a suit called from
   * his side, his highest or lowest trump called, a card he played out of turn, the second hand called to win):
   * calls that may contradict each other. Off by default: the table then accepts no card from him (a
   * disagreement the fuzz reports), which stops a run at its first such hand.
   */
  readonly crossCalls?: boolean;
  /**
   * Also check each scored hand's dealer in the rubber's summaries (`HandSummary.dealer`) against the hand's
   * entry. Off by default: after a misdeal in the rubber the summaries name the dealer the rotation would have
   * had without it (a disagreement the fuzz reports), while the log and the next deal are right.
   */
  readonly summaryDealers?: boolean;
  /**
   * Also check `TableView.revokes` after a hand won by calling honours: the hand was not played, so the referee
   * finds no revoke in it. Off by default: the view lists the revokes among the cards played before the call,
   * which `claimRevoke` refuses (a disagreement the fuzz reports); their claims are tried and must be refused.
   */
  readonly calledRevokes?: boolean;
  /**
   * Also read tables back at random right after a hand's last card, before its revokes are claimed, so that
   * the next check reads a claim appended to a hand played out. Off by default: `parseTable` with such a table
   * as `after` scores the hand twice (and throws when that passes the end of the rubber), a disagreement the
   * fuzz reports. Tables are read back after the claims all the same.
   */
  readonly readBackPlayedOut?: boolean;
  /**
   * Also correct revokes made with a card played out of turn. Off by default: the card still stands as played
   * out of turn once taken back, so the table has its player revoke with it again (a disagreement the fuzz
   * reports), or accepts no card once his highest or lowest card of the suit led is called.
   */
  readonly correctEarlyRevokes?: boolean;
  /** Called with each table an action made: for scripts that keep tables the fuzz played (test/fixtures). */
  readonly onTable?: (table: TableState) => void;
}

/**
 * Plays `hands` hands at ruled tables from `seed`, with irregularities and claims injected, and checks
 * them; throws on the first disagreement, naming the seed and the hand.
 */
export function fuzzLaws(seed: number, hands: number, options: FuzzOptions = {}): LawCounts {
  const crossCalls = options.crossCalls !== false;
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const counts = noCounts();
  let rules: Rules = random() < 0.5 ? RULED : LONG_RULED;
  let table = newTableOrThrow(rules, { seed: seed * 7919 + 1 });
  let previous: TableState = table;
  /** The referee's game score at the start of the hand, the hands scored in the rubber, and the next dealer. */
  let start: Score = { NS: 0, EW: 0 };
  let scored = 0;
  let dealerNext: NSeat = 'N';
  /** The revokes made in the hand in progress: seat, card, the cards played before it, and whether it was a card played out of turn. */
  let made: { seat: NSeat; card: string; at: number; early: boolean }[] = [];
  /** Whether a revoke may be corrected by the fuzz (see `FuzzOptions.correctEarlyRevokes`). */
  const mayCorrect = (r: { early: boolean }) => !r.early || options.correctEarlyRevokes !== false;
  const where = () => `seed ${seed}, hand ${counts.hands} (${rules.name})`;
  const act = (action: TableAction) => {
    const r = apply(table, action);
    if (!r.ok) throw new Error(`${where()}: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
    table = r.value;
    options.onTable?.(table);
  };
  /** An action the table must refuse, leaving itself as it was. */
  const refuse = (action: TableAction, why: string) => {
    const before = JSON.stringify(table);
    const r = apply(table, action);
    if (r.ok) throw new Error(`${where()}: ${JSON.stringify(action)} accepted, though ${why} (${JSON.stringify(currentHand(table))})`);
    if (JSON.stringify(table) !== before) throw new Error(`${where()}: ${JSON.stringify(action)} refused, but the table changed`);
    counts.refused++;
  };
  const check = () => {
    const text = JSON.stringify(table);
    // The table read back must be the same table: its text, and the hands its rubber scored.
    const scores = JSON.stringify(handSummaries(currentRubber(table)));
    const whole = parseTable(text);
    if (!whole.ok || JSON.stringify(whole.value) !== text || JSON.stringify(handSummaries(currentRubber(whole.value))) !== scores)
      throw new Error(`${where()}: parseTable refuses or changes the table: ${whole.ok ? 'changed' : `${whole.error.path} ${whole.error.message}`}`);
    const after = parseTable(text, { after: previous });
    if (!after.ok || JSON.stringify(after.value) !== text || JSON.stringify(handSummaries(currentRubber(after.value))) !== scores)
      throw new Error(
        `${where()}: parseTable after the table before refuses or changes it: ${after.ok ? 'changed' : `${after.error.path} ${after.error.message}`} (before: ${JSON.stringify(previous.log.at(-1))}; now: ${JSON.stringify(table.log.at(-1))})`,
      );
    previous = table;
    counts.parses++;
  };
  const lastEntry = () => table.log[table.log.length - 1] as HandEntry;
  /** The cards as dealt in the hand in progress, read once a hand. */
  let dealtCache: { deal: string; hands: Record<NSeat, string[]> } = { deal: '', hands: { N: [], E: [], S: [], W: [] } };
  const dealtOf = (entry: HandEntry) => {
    if (dealtCache.deal !== entry.deal) dealtCache = { deal: entry.deal, hands: dealtHands(entry) };
    return dealtCache.hands;
  };
  const sameRevokes = (a: readonly { seat: string; card: string; trick: number }[], b: readonly { seat: string; card: string; trick: number }[]) =>
    a.length === b.length && a.every((x, i) => x.seat === b[i]!.seat && x.card === b[i]!.card && x.trick === b[i]!.trick);

  /** The hand just over: its revokes checked and their penalties claimed at random, its laws checked, its score refereed. */
  const closeHand = () => {
    const target = rules.target;
    const first = referee(lastEntry(), start, target);
    const view = tableViewOrThrow(table, null);
    const unplayed = first.honoursCalled !== null && options.calledRevokes === false;
    if (unplayed)
      for (const r of view.revokes)
        refuse(
          { type: 'claimRevoke', seat: pick(N_SEATS.filter((s) => nSide(s) !== nSide(r.seat as NSeat))) as Seat, card: r.card, penalty: 'add' },
          'the hand was not played',
        );
    else if (!sameRevokes(view.revokes, first.revokes))
      throw new Error(
        `${where()}: the referee finds the revokes ${JSON.stringify(first.revokes)}, the library ${JSON.stringify(view.revokes)} (${JSON.stringify(lastEntry())})`,
      );
    for (const r of first.revokes) {
      counts.revokes++;
      if (random() < 0.7) {
        const claimants = N_SEATS.filter((s) => nSide(s) !== nSide(r.seat)) as Seat[];
        act({ type: 'claimRevoke', seat: pick(claimants), card: r.card as never, penalty: pick(['tricks', 'deduct', 'add'] as const) });
        counts.penalties++;
      }
    }
    const entry = lastEntry();
    const plays = cardsOf(entry);
    // Wrong claims of revokes, refused: a card that was no revoke, a penalty in a void hand or one won by calling.
    if (random() < 0.1 && plays.length > 0) {
      const card = pick(plays);
      if (!first.revokes.some((r) => r.card === card))
        refuse({ type: 'claimRevoke', seat: 'N', card: card as never, penalty: 'tricks' }, `${card} was no revoke`);
    }
    if (random() < 0.2) refuse({ type: 'newDeal', seat: pick(N_SEATS) as Seat, ground: 'imperfectPack' }, 'the hand is over');
    const events = playsAndEvents(entry).events;
    for (const e of events) {
      const law = lawOf(e);
      if ((e as { law?: string }).law !== law) throw new Error(`${where()}: ${JSON.stringify(e)} should cite ${law ?? 'no law'}`);
      if (e.type === 'newDeal') {
        counts.newDeals++;
        if (e.ground === 'misdeal') counts.misdeals++;
      } else if (e.type === 'leadOutOfTurn') counts.leadsOutOfTurn++;
      else if (e.type === 'playToFalseLead') counts.falseLeadPlays++;
      else if (e.type === 'callSuit') counts.suitCalls++;
      else if (e.type === 'playOutOfTurn') counts.playsOutOfTurn++;
      else if (e.type === 'callWin') counts.winCalls++;
      else if (e.type === 'nameTrumpCard' || e.type === 'forgetTrumpCard') counts.trumpCards++;
      else if (e.type === 'callTrump') counts.trumpCalls++;
      else if (e.type === 'correctRevoke') counts.corrections++;
      else if (e.type === 'askHavingNone') counts.questions++;
      else if (e.type === 'callLedSuit') counts.ledSuitCalls++;
      else if (e.type === 'callHonours') counts.honourCalls++;
      else if (e.type === 'answerCall') counts.answers++;
    }
    if (rules === LONG_RULED) counts.longHands++;
    const expected = referee(entry, start, target);
    const summaries = handSummaries(currentRubber(table));
    if (expected.void === null) scored++;
    if (summaries.length !== scored)
      throw new Error(`${where()}: the library scored ${summaries.length} hands of the rubber, the referee ${scored} (${JSON.stringify(entry)})`);
    if (expected.void === null) {
      const last = summaries[summaries.length - 1]!;
      const winner = last.game?.winner ?? null;
      if (
        winner !== expected.winner ||
        (winner === null && (last.score.NS !== expected.score.NS || last.score.EW !== expected.score.EW)) ||
        (options.summaryDealers !== false && last.dealer !== entry.dealer) ||
        (last.honoursCalled === true) !== (expected.honoursCalled !== null)
      )
        throw new Error(
          `${where()}: the referee scores ${JSON.stringify(expected)}, the library ${JSON.stringify({ score: last.score, winner, dealer: last.dealer, honoursCalled: last.honoursCalled })} from ${JSON.stringify(start)} (${JSON.stringify(entry)})`,
        );
      if (expected.honoursCalled !== null) counts.honoursWon++;
    }
    counts.refereed++;
    start = expected.void !== null ? start : expected.winner !== null ? { NS: 0, EW: 0 } : expected.score;
    dealerNext = expected.void === 'same' ? (entry.dealer as NSeat) : nLeft(entry.dealer as NSeat);
    const next = tableViewOrThrow(table, null).next;
    if (next.action === 'deal' && next.dealer !== dealerNext)
      throw new Error(`${where()}: the referee has ${dealerNext} deal next, the library ${next.dealer} (${JSON.stringify(entry)})`);
    made = [];
    check();
  };

  /** Whether a correction of `r` is accepted now: nothing said after the revoke (law 73). */
  const correctable = (events: readonly HandEvent[], r: { at: number }) => !events.some((x) => x.at > r.at);
  const correct = (r: { seat: NSeat; at: number }, events: readonly HandEvent[]) => {
    if (correctable(events, r)) {
      const played = currentHand(table)!.plays.split(' ').filter(Boolean).length;
      if (played > (Math.floor(r.at / 4) + 1) * 4) counts.lateCorrections++;
      act({ type: 'correctRevoke', seat: r.seat as Seat });
      made = made.filter((x) => x.at < r.at);
    } else refuse({ type: 'correctRevoke', seat: r.seat as Seat }, 'something was said after the revoke');
  };

  /** Whether a hand dealt has yet to be closed. */
  let dealt = false;
  while (counts.hands < hands) {
    const hand = currentHand(table);
    const turn = hand === null ? null : currentSeat(hand);
    // One view a step: the seat to play's, whose `next` is everyone's.
    const view = tableViewOrThrow(table, turn);
    const next = view.next;
    if (dealt && (next.action === 'deal' || next.action === 'newRubber')) {
      // The last card played: a revoke in the last trick may still be corrected (laws 73, 76).
      const r = made.find((x) => x.at >= 48 && mayCorrect(x));
      if (hand !== null && hand.plays.split(' ').length === 52 && r !== undefined && random() < 0.3) {
        correct(r, view.events);
        if (tableViewOrThrow(table, null).next.action === 'play') continue;
      }
      dealt = false;
      counts.hands++;
      closeHand();
      continue;
    }
    if (next.action === 'newRubber') {
      if (random() < 0.4) {
        // A table of the other game.
        rules = rules === RULED ? LONG_RULED : RULED;
        table = newTableOrThrow(rules, { seed: Math.floor(random() * 2 ** 31) });
        dealerNext = 'N';
      } else {
        // The next rubber on a log of its own, so that each check reads one rubber.
        const archived = archiveRubbers(table);
        if (!archived.ok) throw new Error(`${where()}: archiveRubbers refused: ${archived.error.message}`);
        table = archived.value;
      }
      previous = table;
      start = { NS: 0, EW: 0 };
      scored = 0;
      continue;
    }
    if (next.action === 'deal') {
      act({ type: 'deal' });
      dealt = true;
      if (lastEntry().dealer !== dealerNext) throw new Error(`${where()}: ${lastEntry().dealer} dealt, the referee has ${dealerNext} deal`);
      continue;
    }
    if (next.action === 'answerClaim') {
      const x = random();
      if (x < 0.03) refuse({ type: 'newDeal', seat: pick(next.seats), ground: 'imperfectPack' }, 'a claim awaits its answer');
      else if (x < 0.15) {
        act({ type: 'ruleClaim', holds: random() < 0.5 });
        counts.rulings++;
      } else act({ type: x < 0.7 ? 'acceptClaim' : 'refuseClaim', seat: pick(next.seats) });
    } else {
      if (next.seat !== turn) throw new Error(`${where()}: the table waits for ${next.seat} to play, the hand for ${turn}`);
      step(next.seat as NSeat, view);
    }
    // A table read back now and then; once the last card is played, only where the options say (see FuzzOptions).
    const playedOut = currentSeat(currentHand(table)!) === null;
    if (playedOut ? options.readBackPlayedOut !== false && random() < 0.3 : random() < 0.01) check();
  }
  return counts;

  /** One thing said or played at `seat`'s turn. */
  function step(seat: NSeat, view: TableView): void {
    const hand = currentHand(table)!;
    const plays = hand.plays === '' ? [] : hand.plays.split(' ');
    const count = plays.length;
    const pos = count % 4;
    const events = view.events;
    const last = events[events.length - 1];
    const dealer = hand.dealer as NSeat;
    const long = rules === LONG_RULED;
    const cards = dealtOf(lastEntry());
    const opponents = (s: NSeat) => N_SEATS.filter((x) => nSide(x) !== nSide(s)) as Seat[];
    const leader = nLeft(seat, 4 - pos);
    /** Seats yet to play to the trick in progress, after the seat to play. */
    const toCome = pos === 0 ? [] : [1, 2, 3].slice(0, 3 - pos).map((k) => nLeft(seat, k));
    const early = pos === 0 ? [] : events.flatMap((e) => (e.type === 'playOutOfTurn' && e.at > count - pos ? [e.seat as NSeat] : []));
    const trickStart = count === 0 ? 0 : ((count - 1) >> 2) << 2;
    const calls = honourCalls(events);
    // Offences against the trump card, each called at most once by the other side (laws 53, 55).
    const offences: { seat: NSeat; called: boolean }[] = [];
    for (const e of events)
      if (e.type === 'nameTrumpCard' || e.type === 'forgetTrumpCard') offences.push({ seat: e.seat as NSeat, called: false });
      else if (e.type === 'callTrump') {
        const o = offences.find((y) => !y.called && nSide(y.seat) !== nSide(e.seat as NSeat));
        if (o !== undefined) o.called = true;
      }
    const uncalled = offences.find((o) => !o.called);
    const faults = calls.map((c) => ({ c, fault: callFault(c, c.answered, start, dealer, cards, hand.trump) })).filter((x) => x.fault !== null);
    // A revoke may be corrected in the trick last played to; after "having none?", also while only the other
    // side has played to the next trick (law 74).
    const seated = playedCards(hand);
    /** Whether "having none?" was asked of a card since the last correction at its place. */
    const asked = (r: { at: number; card: string }) => {
      let yes = false;
      for (const e of events)
        if (e.at === r.at && e.type === 'askHavingNone' && e.card === r.card) yes = true;
        else if (e.at === r.at && e.type === 'correctRevoke') yes = false;
      return yes;
    };
    const stillOpen = (r: { seat: NSeat; at: number; card: string }) => {
      if (r.at >= trickStart) return true;
      const next = (Math.floor(r.at / 4) + 1) * 4;
      return next === trickStart && count > next && asked(r) && seated.slice(next).every((x) => nSide(x.seat as NSeat) !== nSide(r.seat));
    };
    const revoke = made.find((r) => stillOpen(r) && mayCorrect(r));
    // A card not following suit in the trick last played to, with nothing said since: its player's partner may ask "having none?".
    const renounce = seated.slice(trickStart).find((x, k) => {
      const led = seated[trickStart]?.card;
      const at = trickStart + k;
      return k > 0 && led !== undefined && nSuit(x.card) !== nSuit(led) && !events.some((e) => e.at > at) && !asked({ at, card: x.card });
    });
    const holdsTrump = (s: NSeat) => hand.trump !== null && cardsHeld(hand, s as Seat).some((c) => nSuit(c) === hand.trump);
    /** Whether a call or a card played out of turn binds a seat now, or will at its side's next lead (a suit called). */
    const bound = (s: NSeat) =>
      !crossCalls &&
      (view.called.some((c) => c.seat === s) ||
        (offences.some((o) => o.called && o.seat === s) && holdsTrump(s)) ||
        view.suitCall?.side === nSide(s) ||
        early.includes(s) ||
        (s === seat && events.some((e) => (e.type === 'callWin' || e.type === 'callLedSuit') && e.at === count)));

    // Before the error is pointed out, the next player plays to the false lead: mostly following its suit (law 62).
    const falseLead = view.falseLead;
    if (falseLead !== null && random() < 0.7) {
      const s = falseLead.next as NSeat;
      const suit = nSuit(falseLead.card);
      const held = cardsHeld(hand, s as Seat);
      const following = held.filter((c) => nSuit(c) === suit);
      const card = following.length > 0 && random() < 0.9 ? pick(following) : pick(held);
      const r = apply(table, { type: 'playToFalseLead', seat: s as Seat, card });
      if (r.ok) {
        table = r.value;
        if (falseLead.played.length === 2) {
          // The trick stands: a card of it that did not follow suit, its player holding the suit, is a revoke.
          counts.stoodTricks++;
          [...falseLead.played, { seat: s, card }].forEach((x, k) => {
            if (nSuit(x.card) !== suit && cardsHeld(hand, x.seat as Seat).some((c) => nSuit(c) === suit))
              made.push({ seat: x.seat as NSeat, card: x.card, at: count + k + 1, early: false });
          });
        }
        return;
      }
      // A call standing on the seat, or on the card led out of turn, may forbid the card there.
      if (r.error.code !== 'CARD_CALLED') throw new Error(`${where()}: playToFalseLead ${s} ${card} refused: ${r.error.code} ${r.error.message}`);
    }
    // At once, the other side's choice after an irregularity.
    if (falseLead !== null && !bound(falseLead.seat as NSeat) && !bound(partner(falseLead.seat as NSeat)) && random() < 0.4) {
      act({ type: 'callSuit', seat: pick(opponents(falseLead.seat as NSeat)), suit: pick(SUITS) });
      return;
    }
    if (last?.type === 'playOutOfTurn' && last.at === count && pos === 1 && last.seat === partner(seat) && !bound(seat) && random() < 0.5) {
      act({ type: 'callWin', seat: pick(opponents(seat)), win: random() < 0.5 });
      return;
    }
    if (last?.type === 'correctRevoke' && last.at === count && !bound(last.seat as NSeat) && random() < 0.4) {
      act({ type: 'callLedSuit', seat: pick(opponents(last.seat as NSeat)), which: random() < 0.5 ? 'highest' : 'lowest' });
      return;
    }
    if (uncalled !== undefined && !bound(uncalled.seat) && random() < 0.1) {
      act({ type: 'callTrump', seat: pick(opponents(uncalled.seat)), which: random() < 0.5 ? 'highest' : 'lowest' });
      return;
    }
    const open = calls.find((c) => !c.answered);
    if (open !== undefined && random() < 0.7) {
      act({ type: 'answerCall', seat: partner(open.seat) as Seat });
      return;
    }
    if (faults.length > 0 && random() < 0.05) {
      const f = pick(faults);
      act({ type: 'newDeal', seat: pick(opponents(f.c.seat)), ground: f.fault! });
      return;
    }
    if (revoke !== undefined && random() < 0.08) {
      correct(revoke, events);
      return;
    }
    if (renounce !== undefined && random() < 0.15) {
      act({ type: 'askHavingNone', seat: partner(renounce.seat as NSeat) as Seat });
      return;
    }
    const y = random();
    if (count === 0 && y < 0.03) {
      // A new deal before the first card, on any ground (laws 37-44).
      // A fault of the pack (law 37) cannot arise where the table deals: refused.
      const ground = pick(['imperfectPack', 'facedCard', 'exposedInDealing', 'trumpCardSeen', 'misdeal', 'misdeal', 'misdeal'] as const);
      const action = { type: 'newDeal', seat: ground === 'trumpCardSeen' ? pick(opponents(dealer)) : (pick(N_SEATS) as Seat), ground } as const;
      if (ground === 'imperfectPack' || ground === 'facedCard') refuse(action, 'the table dealt the hand: no fault of the pack arises (law 37)');
      else act(action);
      return;
    }
    if (count > 0 && y < 0.0008) {
      refuse({ type: 'newDeal', seat: pick(N_SEATS) as Seat, ground: 'imperfectPack' }, 'the table dealt the hand: no fault of the pack arises (law 37)');
      return;
    }
    if (long && y < 0.4 && count <= 3) {
      // Honours called at eight, by a player yet to play (not even out of turn), his side not having called.
      const callers = N_SEATS.filter(
        (s) =>
          start[nSide(s)] === 8 &&
          firstCard(dealer, s) >= count &&
          !calls.some((c) => nSide(c.seat) === nSide(s)) &&
          !events.some((e) => (e.type === 'playOutOfTurn' || e.type === 'leadOutOfTurn') && e.seat === s),
      );
      if (callers.length > 0 && random() < 0.3) {
        act({ type: 'callHonours', seat: pick(callers) as Seat });
        return;
      }
    }
    if (long && y > 0.999) {
      // Honours called at any point: mostly a fault, which the other side may claim a new deal for.
      const callers = N_SEATS.filter((s) => !calls.some((c) => nSide(c.seat) === nSide(s)));
      if (callers.length > 0) {
        act({ type: 'callHonours', seat: pick(callers) as Seat });
        return;
      }
    }
    if (pos === 0 && y > 0.03 && y < 0.045) {
      // A lead out of turn (law 61), of a card not exposed.
      const offender = pick(N_SEATS.filter((s) => s !== seat));
      const held = cardsHeld(hand, offender as Seat).filter((c) => !(view.exposed[offender as Seat] ?? []).includes(c));
      if (held.length > 0) {
        act({ type: 'leadOutOfTurn', seat: offender as Seat, card: pick(held) });
        return;
      }
    }
    if (pos > 0 && y > 0.03 && y < 0.05) {
      // A card played out of turn to the trick (law 67): mostly one that follows suit.
      const seats = toCome.filter((s) => !early.includes(s) && !bound(s));
      if (seats.length > 0) {
        const s = pick(seats);
        const held = cardsHeld(hand, s as Seat);
        const led = nSuit(plays[count - pos] as string);
        const following = held.filter((c) => nSuit(c) === led);
        act({ type: 'playOutOfTurn', seat: s as Seat, card: following.length > 0 && random() < 0.8 ? pick(following) : pick(held) });
        return;
      }
    }
    if (count >= 4 && y > 0.05 && y < 0.053) {
      // The trump card named after the dealer took it up (law 53), or forgotten by him (law 55).
      act(random() < 0.5 ? { type: 'nameTrumpCard', seat: pick(N_SEATS) as Seat } : { type: 'forgetTrumpCard', seat: dealer as Seat });
      return;
    }
    if (y > 0.06 && y < 0.064) {
      // A card dropped face up, by any seat (law 56).
      const dropper = pick(N_SEATS) as Seat;
      const held = cardsHeld(hand, dropper).filter((c) => !(view.exposed[dropper] ?? []).includes(c));
      if (held.length > 0) {
        act({ type: 'expose', seat: dropper, card: pick(held) });
        counts.exposed++;
        return;
      }
    }
    const callable = N_SEATS.flatMap((s) => (view.exposed[s] ?? []).map((card) => ({ s, card }))).filter(
      (x) => !view.called.some((c) => c.card === x.card) && (!bound(x.s) || view.called.some((c) => c.seat === x.s)),
    );
    if (y > 0.064 && y < 0.25 && callable.length > 0) {
      // The other side calls an exposed card (laws 56, 65); a second of a player's cards is no contradiction.
      const exposed = callable;
      const target = pick(exposed);
      act({ type: 'callCard', seat: pick(opponents(target.s)), card: target.card });
      counts.calls++;
      return;
    }
    const left = 13 - Math.floor(count / 4);
    if (y > 0.25 && y < 0.26) {
      act({ type: 'concede', seat: seat as Seat, tricks: 1 + Math.floor(random() * left) });
      counts.concessions++;
      return;
    }
    if (y > 0.26 && y < 0.27) {
      act({ type: 'claim', seat: seat as Seat, tricks: 1 + Math.floor(random() * left) });
      counts.claims++;
      return;
    }
    if (y > 0.27 && y < 0.285) {
      tryWrong();
      return;
    }
    // A card: one the table accepts, or a revoke where no call binds the player.
    const legal = legalMoves(hand);
    const playable = view.playable;
    // A revoke taken back: its player now follows suit (law 76), the card taken back lies exposed.
    const taken = events.find((e) => e.type === 'correctRevoke' && e.at === count && e.seat === seat);
    if (taken?.type === 'correctRevoke' && playable.includes(taken.card) && !legal.includes(taken.card))
      throw new Error(
        `${where()}: ${seat} took back the revoke ${taken.card}, and the table has it played again (${JSON.stringify(hand)}, events ${JSON.stringify(events)})`,
      );
    if (playable.length === 0) throw new Error(`${where()}: no card of ${seat} is accepted (${JSON.stringify(hand)}, events ${JSON.stringify(events)})`);
    const obliged =
      view.called.some((c) => c.seat === seat) ||
      view.trumpCall?.seat === seat ||
      early.includes(seat) ||
      events.some((e) => (e.type === 'callWin' || e.type === 'callLedSuit') && e.at === count) ||
      (pos === 0 && view.suitCall !== null);
    if (!obliged && (playable.length !== legal.length || !legal.every((c) => playable.includes(c))))
      throw new Error(`${where()}: no call binds ${seat}, but TableView.playable is ${playable.join(' ')}, not ${legal.join(' ')}`);
    const revokes = cardsHeld(hand, seat as Seat).filter((c) => !legal.includes(c));
    const card = !obliged && revokes.length > 0 && random() < 0.08 ? pick(revokes) : pick(playable);
    if (!legal.includes(card)) made.push({ seat, card, at: count, early: early.includes(seat) });
    act({ type: 'play', seat: seat as Seat, card });

    /** One action the table must refuse, chosen among those wrong here. */
    function tryWrong(): void {
      const wrong: [TableAction, string][] = [];
      const anyone = pick(N_SEATS) as Seat;
      if (count > 0)
        wrong.push([
          { type: 'newDeal', seat: anyone, ground: pick(['facedCard', 'exposedInDealing', 'trumpCardSeen', 'misdeal'] as const) },
          'a card is played',
        ]);
      wrong.push([{ type: 'newDeal', seat: pick([dealer, partner(dealer)]) as Seat, ground: 'trumpCardSeen' }, "the dealer's side claims it"]);
      const ground = pick(['callNotAtEight', 'wrongCall', 'callAfterPlaying'] as const);
      if (!calls.some((c) => nSide(c.seat) !== nSide(anyone as NSeat)))
        wrong.push([{ type: 'newDeal', seat: anyone, ground }, 'the other side called no honours']);
      wrong.push([{ type: 'newDeal', seat: anyone, ground: 'shuffle' as never }, 'no such ground']);
      const other = pick(N_SEATS.filter((s) => s !== seat)) as Seat;
      const held = cardsHeld(hand, other);
      if (pos > 0) wrong.push([{ type: 'leadOutOfTurn', seat: other, card: pick(held) }, 'a trick is being played']);
      if (pos === 0) wrong.push([{ type: 'leadOutOfTurn', seat: seat as Seat, card: pick(cardsHeld(hand, seat as Seat)) }, 'the seat has the lead']);
      const notHeld = cardsHeld(hand, partner(other as NSeat) as Seat);
      if (notHeld.length > 0) wrong.push([{ type: 'leadOutOfTurn', seat: other, card: pick(notHeld) }, 'the card is not held']);
      if (falseLead !== null) {
        wrong.push([
          { type: 'callSuit', seat: pick([falseLead.seat, partner(falseLead.seat as NSeat)]) as Seat, suit: pick(SUITS) },
          "the offender's side calls no suit",
        ]);
        const s = pick(N_SEATS.filter((x) => x !== falseLead.next)) as Seat;
        wrong.push([{ type: 'playToFalseLead', seat: s, card: pick(cardsHeld(hand, s)) }, 'another seat plays next to the false lead']);
      } else {
        wrong.push([{ type: 'callSuit', seat: anyone, suit: pick(SUITS) }, 'no card was just led out of turn']);
        wrong.push([{ type: 'playToFalseLead', seat: anyone, card: pick(cardsHeld(hand, anyone)) }, 'no false lead lies on the table']);
      }
      if (pos === 0) wrong.push([{ type: 'playOutOfTurn', seat: other, card: pick(held) }, 'a lead is due']);
      else {
        wrong.push([{ type: 'playOutOfTurn', seat: seat as Seat, card: pick(cardsHeld(hand, seat as Seat)) }, 'it is the seat’s turn']);
        const done = [1, 2, 3].slice(0, pos).map((k) => nLeft(leader, k - 1));
        const s = pick(done);
        wrong.push([
          { type: 'playOutOfTurn', seat: s as Seat, card: pick(cardsHeld(hand, s as Seat).length > 0 ? cardsHeld(hand, s as Seat) : plays) as never },
          'the seat has played to the trick',
        ]);
      }
      const fourthEarly = last?.type === 'playOutOfTurn' && last.at === count && pos === 1 && last.seat === partner(seat);
      if (!fourthEarly) wrong.push([{ type: 'callWin', seat: anyone, win: true }, 'the fourth hand did not just play before the second']);
      else wrong.push([{ type: 'callWin', seat: pick([seat, partner(seat)]) as Seat, win: false }, "the second hand's side calls nothing"]);
      if (count < 4) wrong.push([{ type: 'nameTrumpCard', seat: anyone }, 'the trump card is still on the table']);
      else wrong.push([{ type: 'forgetTrumpCard', seat: pick(N_SEATS.filter((s) => s !== dealer)) as Seat }, 'only the dealer took the trump card up']);
      if (!offences.some((o) => !o.called && nSide(o.seat) !== nSide(anyone as NSeat)))
        wrong.push([{ type: 'callTrump', seat: anyone, which: 'highest' }, 'the other side neither named nor forgot the trump card']);
      if (!made.some((r) => r.seat === anyone && stillOpen(r)))
        wrong.push([{ type: 'correctRevoke', seat: anyone }, 'the seat made no revoke that is still open']);
      if (!seated.slice(trickStart).some((x, k) => k > 0 && x.seat === partner(anyone as NSeat) && nSuit(x.card) !== nSuit(seated[trickStart]!.card)))
        wrong.push([{ type: 'askHavingNone', seat: anyone }, 'the partner followed suit in the trick last played to']);
      if (!(last?.type === 'correctRevoke' && last.at === count))
        wrong.push([{ type: 'callLedSuit', seat: anyone, which: 'lowest' }, 'no revoke was just corrected']);
      if (!long) wrong.push([{ type: 'callHonours', seat: anyone }, 'honours are called in Long Whist only']);
      else if (calls.some((c) => nSide(c.seat) === nSide(anyone as NSeat))) wrong.push([{ type: 'callHonours', seat: anyone }, 'the side has called']);
      if (!calls.some((c) => !c.answered && c.seat === partner(anyone as NSeat)))
        wrong.push([{ type: 'answerCall', seat: anyone }, 'the partner has not called']);
      const unexposed = held.filter((c) => !(view.exposed[other] ?? []).includes(c));
      if (unexposed.length > 0) wrong.push([{ type: 'callCard', seat: pick(opponents(other as NSeat)), card: pick(unexposed) }, 'the card is not exposed']);
      if (notHeld.length > 0) wrong.push([{ type: 'expose', seat: other, card: pick(notHeld) }, 'the card is not held']);
      wrong.push([{ type: 'play', seat: other, card: pick(held) }, 'it is not the seat’s turn']);
      const forbidden = legalMoves(hand).filter((c) => !view.playable.includes(c));
      if (forbidden.length > 0) wrong.push([{ type: 'play', seat: seat as Seat, card: pick(forbidden) }, 'a call forbids the card']);
      wrong.push([{ type: 'claimRevoke', seat: anyone, card: pick(held), penalty: 'add' }, 'the hand is being played']);
      wrong.push([{ type: 'claim', seat: anyone, tricks: left + 1 }, 'more tricks than are left']);
      const [action, why] = pick(wrong);
      refuse(action, why);
    }
  }
}

/** Runs `hands` hands from `seed`, 1,000 a seed (seed, seed + 1, ...), and prints the counts and the time. */
function main(): void {
  const { values } = parseArgs({
    options: {
      hands: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '20261126' },
      narrow: { type: 'boolean', default: false },
    },
  });
  // --narrow turns every option off (see FuzzOptions).
  const on = values.narrow !== true;
  const options: FuzzOptions = { crossCalls: on, summaryDealers: on, calledRevokes: on, readBackPlayedOut: on, correctEarlyRevokes: on };
  const hands = Number(values.hands);
  const seed = Number(values.seed);
  const total = noCounts();
  const started = performance.now();
  for (let k = 0; total.hands < hands; k++) {
    const c = fuzzLaws(seed + k, Math.min(1000, hands - total.hands), options);
    for (const key of Object.keys(total) as (keyof LawCounts)[]) total[key] += c[key];
    if (k % 10 === 9) console.log(`${total.hands} hands, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(
    `laws-fuzz: seeds ${seed} to ${seed + Math.ceil(hands / 1000) - 1}, ${JSON.stringify(total)}, ${((performance.now() - started) / 1000).toFixed(0)} s: no disagreement`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
