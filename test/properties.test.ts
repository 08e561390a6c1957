/**
 * Property tests of the engine against the rules (RULES.md) and the naive oracle (test/naive.ts).
 *
 * Every property runs with the fixed seed of test/arbitraries.ts (printed once; override with
 * WHIST_FC_SEED), so a failure in CI is reproducible.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type BySide,
  type Card,
  completedTricks,
  currentSeat,
  currentTrick,
  dealOrThrow,
  dealtTo,
  FULL_DECK,
  gamesWon,
  type HandState,
  handOf,
  heuristicPlayer,
  honoursHeld,
  isHandComplete,
  isRubberComplete,
  ledSuit,
  legalMoves,
  newRubber,
  newTableOrThrow,
  nextSeat,
  play,
  playOrThrow,
  randomPlayer,
  recordHand,
  type RubberState,
  rubberPoints,
  rubberWinner,
  type Rules,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Side,
  scoreHand,
  seedRandom,
  sortCards,
  type TableState,
  tricksWon,
  visibleTurnUp,
  WhistError,
} from '../src/index.js';
import {
  dealCaseArb,
  dealOptions,
  engineDeal,
  engineStates,
  FC_SEED,
  fcParams,
  finishedPlayoutArb,
  gameScoreArb,
  handFactsArb,
  JUNK_CARDS,
  JUNK_SEATS,
  junkCardArb,
  junkSeatArb,
  naiveDeal,
  type Playout,
  playoutArb,
  presetArb,
  rubberCaseArb,
  seatArb,
} from './arbitraries.js';
import { N_DECK, type NSeat, type NState, nLegal, nPlay, nRefusal, nSide, nSort, nTricksWon, nTurn, nWinner } from './naive.js';

const SIDES: readonly Side[] = ['NS', 'EW'];

/** Freezes an object and everything it holds, all the way down (already frozen parts included). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Differences between the engine's state and the oracle's, as readable lines (empty when they agree). */
function disagreements(s: HandState, n: NState): string[] {
  const out: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${what}: engine ${JSON.stringify(a)}, naive ${JSON.stringify(b)}`);
  };
  same('trump', s.trump, n.trump);
  for (const seat of SEATS) same(`handOf(${seat})`, handOf(s, seat), nSort(n.hands[seat as NSeat]));
  same('currentSeat', currentSeat(s), nTurn(n));
  same('isHandComplete', isHandComplete(s), n.tricks.length === 13);
  same('legalMoves', legalMoves(s), nLegal(n));
  same('completedTricks', completedTricks(s), n.tricks);
  same('currentTrick', currentTrick(s), n.tricks.length === 13 ? null : { leader: n.leader, cards: n.trick });
  same('ledSuit', ledSuit(s), n.trick.length > 0 ? (n.trick[0] as string)[1] : null);
  same('tricksWon', tricksWon(s), nTricksWon(n));
  return out;
}

/** What a state shows through every selector and to every play: two states that behave the same give equal observations. */
function observe(s: HandState) {
  const seat = currentSeat(s);
  const plays: Record<string, unknown> = {};
  for (const who of [...SEATS, 'X']) {
    for (const card of [...FULL_DECK, 'as']) {
      const r = play(s, who, card);
      plays[`${who}:${card}`] = r.ok ? JSON.stringify(r.state) : r.error.code;
    }
  }
  return {
    currentSeat: seat,
    currentTrick: currentTrick(s),
    completedTricks: completedTricks(s),
    tricksWon: tricksWon(s),
    honoursHeld: honoursHeld(s),
    hands: SEATS.map((x) => handOf(s, x)),
    isHandComplete: isHandComplete(s),
    legalMoves: legalMoves(s),
    ledSuit: ledSuit(s),
    visibleTurnUp: visibleTurnUp(s),
    dealtTo: FULL_DECK.map((c) => dealtTo(s, c)),
    heuristic: seat === null ? null : heuristicPlayer(s),
    random: seat === null ? null : randomPlayer(s, seedRandom(7)),
    plays,
  };
}

/** The honours each side was dealt, counted from the oracle's deal (CL law 3: held, the turn-up included). */
function naiveHonours(rules: Rules, dealt: NState): BySide {
  const count = { NS: 0, EW: 0 };
  if (rules.honours === null || dealt.trump === null) return count;
  for (const rank of rules.honours.cards) {
    const card = rank + dealt.trump;
    const holder = SEATS.find((seat) => dealt.hands[seat as NSeat].includes(card)) as NSeat;
    count[nSide(holder)]++;
  }
  return count;
}

/** Short Whist scoring written out from CL laws 2-5 (RULES.md section 3), as the oracle for scoreHand. */
function shortWhistScore(tricks: BySide, honours: BySide, score: BySide) {
  const trickPoints = { NS: Math.max(0, tricks.NS - 6), EW: Math.max(0, tricks.EW - 6) };
  const trickGame = SIDES.find((side) => score[side] + trickPoints[side] >= 5) ?? null;
  const honourPoints = { NS: 0, EW: 0 };
  if (trickGame === null) {
    for (const side of SIDES) {
      const raw = honours[side] === 4 ? 4 : honours[side] === 3 ? 2 : 0;
      honourPoints[side] = score[side] === 4 ? 0 : raw; // barred at 4 (CL law 4)
    }
  }
  const points = { NS: trickPoints.NS + honourPoints.NS, EW: trickPoints.EW + honourPoints.EW };
  const winner = trickGame ?? SIDES.find((side) => score[side] + points[side] >= 5) ?? null;
  return { points, trickPoints, honourPoints, winner };
}

/** The game value of Short Whist by the losers' score (CL law 8): treble at 0, double at 1-2, single at 3-4. */
function clGameValue(losers: number): number {
  return losers === 0 ? 3 : losers <= 2 ? 2 : 1;
}

describe('property tests (fast-check, fixed seed)', () => {
  it('the seed is fixed and printed, so that a failure is reproducible (STYLE "fixed, printed seeds")', () => {
    expect(Number.isSafeInteger(FC_SEED)).toBe(true);
    expect(fcParams(7)).toEqual({ seed: FC_SEED, numRuns: 7 });
  });

  it('the pack is dealt one card at a time clockwise from eldest hand: 52 distinct cards, 13 each, the last card turned up for trump (CL; HOYLE; DOC1 "einzeln … die letzte Karte schlägt der Geber auf")', () => {
    fc.assert(
      fc.property(dealCaseArb, (c) => {
        const s = engineDeal(c);
        const all = SEATS.flatMap((seat) => handOf(s, seat));
        for (const seat of SEATS) expect(handOf(s, seat)).toHaveLength(13);
        expect(new Set(all).size).toBe(52);
        expect(sortCards(all)).toEqual([...FULL_DECK]);
        expect(disagreements(s, naiveDeal(c))).toEqual([]);
        expect(currentSeat(s)).toBe(nextSeat(c.dealer));
        expect(completedTricks(s)).toEqual([]);
        if (c.trump === 'turnUp') {
          const last = c.deck[51] as Card;
          expect(s.trump).toBe(last[1]);
          expect(visibleTurnUp(s)).toBe(last);
          expect(handOf(s, c.dealer)).toContain(last);
          // deck[i] goes to the seat i + 1 places left of the dealer.
          c.deck.forEach((card, i) => {
            expect(dealtTo(s, card)).toBe(nextSeat(c.dealer, 1 + (i % 4)));
          });
        } else {
          expect(s.trump).toBe(c.trump);
          expect(visibleTurnUp(s)).toBeNull();
        }
      }),
      fcParams(200),
    );
  });

  it('every legal card is accepted and every other card refused with its code, in the order INVALID_SEAT > INVALID_CARD > HAND_COMPLETE > NOT_YOUR_TURN > CARD_NOT_IN_HAND > MUST_FOLLOW_SUIT (play; CL; DOC1 "Farbzwang")', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(playoutArb(0, 52), junkSeatArb, junkCardArb, (p, extraSeat, extraCard) => {
        const s = engineStates(p).at(-1) as HandState;
        const n = p.naive.at(-1) as NState;
        const bad: string[] = [];
        for (const seat of [...SEATS, ...JUNK_SEATS, extraSeat]) {
          for (const card of [...FULL_DECK, ...JUNK_CARDS, extraCard]) {
            const expected = nRefusal(n, seat, card);
            seen.add(expected ?? 'ACCEPTED');
            const r = play(s, seat as string, card as string);
            const label = `${JSON.stringify(seat)} ${JSON.stringify(card)}`;
            if (expected === null) {
              if (!r.ok) bad.push(`${label}: refused with ${r.error.code}, expected accepted`);
              else bad.push(...disagreements(r.state, nPlay(n, card as string)).map((d) => `${label}: ${d}`));
            } else if (r.ok) bad.push(`${label}: accepted, expected ${expected}`);
            else if (r.error.code !== expected || typeof r.error.message !== 'string' || r.error.message === '')
              bad.push(`${label}: ${r.error.code}, expected ${expected}`);
          }
        }
        expect(bad).toEqual([]);
      }),
      fcParams(60),
    );
    // Every outcome was exercised.
    expect([...seen].sort()).toEqual(['ACCEPTED', 'CARD_NOT_IN_HAND', 'HAND_COMPLETE', 'INVALID_CARD', 'INVALID_SEAT', 'MUST_FOLLOW_SUIT', 'NOT_YOUR_TURN']);
  });

  it('a player must follow suit when able; void in the suit led, or leading, any card may be played (Laws of Short Whist 1864; DOC1 "Farbzwang")', () => {
    fc.assert(
      fc.property(playoutArb(0, 52), (p) => {
        engineStates(p).forEach((s, i) => {
          const seat = currentSeat(s);
          if (seat === null) {
            expect(legalMoves(s)).toEqual([]);
            return;
          }
          const hand = handOf(s, seat);
          const led = ledSuit(s);
          const follow = hand.filter((card) => card[1] === led);
          const legal = legalMoves(s);
          expect(legal).toEqual(follow.length > 0 ? follow : hand);
          expect(legal).toEqual(sortCards(legal));
          expect(legal).toEqual(nLegal(p.naive[i] as NState));
        });
      }),
      fcParams(100),
    );
  });

  it('cards are conserved at every step: the hands and the cards played are the 52 cards, each once, and a seat holds 13 less what it played (CL: thirteen tricks of four cards)', () => {
    fc.assert(
      fc.property(playoutArb(0, 52), (p) => {
        engineStates(p).forEach((s, i) => {
          const played = [...completedTricks(s).flatMap((t) => t.cards), ...(currentTrick(s)?.cards ?? [])];
          const held = SEATS.flatMap((seat) => handOf(s, seat));
          expect(played).toEqual(p.plays.slice(0, i).map((x) => x.card));
          expect(held.length + played.length).toBe(52);
          expect(sortCards([...held, ...played])).toEqual([...FULL_DECK]);
          for (const seat of SEATS) expect(handOf(s, seat)).toHaveLength(13 - p.plays.slice(0, i).filter((x) => x.seat === seat).length);
          expect(disagreements(s, p.naive[i] as NState)).toEqual([]);
        });
      }),
      fcParams(80),
    );
  });

  it('a hand is exactly 13 tricks; the highest trump, else the highest card of the suit led, wins; the winner leads the next (CL; DOC1 "Der Stich gehört dem Spieler, der den höchsten Trumpf gespielt hat")', () => {
    fc.assert(
      fc.property(finishedPlayoutArb, (p) => {
        const s = engineStates(p).at(-1) as HandState;
        const tricks = completedTricks(s);
        expect(tricks).toHaveLength(13);
        expect(isHandComplete(s)).toBe(true);
        expect(currentSeat(s)).toBeNull();
        expect(currentTrick(s)).toBeNull();
        expect(legalMoves(s)).toEqual([]);
        let leader = nextSeat(p.deal.dealer);
        tricks.forEach((t, k) => {
          expect(t.leader).toBe(leader);
          expect(t.cards).toEqual(p.plays.slice(4 * k, 4 * k + 4).map((x) => x.card));
          t.cards.forEach((card, j) => {
            expect(dealtTo(s, card)).toBe(nextSeat(t.leader, j));
          });
          expect(t.winner).toBe(nWinner(t.leader as NSeat, t.cards, s.trump));
          leader = t.winner;
        });
        const ns = tricks.filter((t) => nSide(t.winner as NSeat) === 'NS').length;
        expect(tricksWon(s)).toEqual({ NS: ns, EW: 13 - ns });
        for (const seat of SEATS) expect(play(s, seat, FULL_DECK[0] as Card)).toMatchObject({ ok: false, error: { code: 'HAND_COMPLETE' } });
        // The players have nothing to choose from (players.ts @throws).
        expect(() => heuristicPlayer(s)).toThrow(expect.objectContaining({ code: 'HAND_COMPLETE' }));
        expect(() => randomPlayer(s, seedRandom(1))).toThrow(expect.objectContaining({ code: 'HAND_COMPLETE' }));
      }),
      fcParams(150),
    );
  });

  it('honours are counted as held when dealt, the turn-up included, and never change during play; none without trumps (CL law 3)', () => {
    fc.assert(
      fc.property(playoutArb(0, 52), (p) => {
        const expected = naiveHonours(p.deal.rules, p.naive[0] as NState);
        if (p.deal.rules.honours !== null && p.deal.trump !== null) expect(expected.NS + expected.EW).toBe(p.deal.rules.honours.cards.length);
        for (const s of engineStates(p)) expect(honoursHeld(s)).toEqual(expected);
      }),
      fcParams(100),
    );
  });

  it('the turned-up card is public until the dealer plays it, and who was dealt each card stays known throughout (CL: the dealer takes the turn-up into hand at his first play; DOC1; DOC2)', () => {
    fc.assert(
      fc.property(playoutArb(0, 52), (p) => {
        const dealt = p.naive[0] as NState;
        const holder = new Map(SEATS.flatMap((seat) => dealt.hands[seat as NSeat].map((card) => [card, seat] as const)));
        const turnUp = p.deal.trump === 'turnUp' ? (p.deal.deck[51] as Card) : null;
        engineStates(p).forEach((s, i) => {
          const played = p.plays.slice(0, i).some((x) => x.card === turnUp);
          expect(visibleTurnUp(s)).toBe(turnUp !== null && !played ? turnUp : null);
          expect(FULL_DECK.filter((card) => dealtTo(s, card) !== holder.get(card))).toEqual([]);
        });
      }),
      fcParams(60),
    );
  });

  it('inputs are never mutated: with deep-frozen rules, deal options, deck and states, dealing and every play still work and give the same states (STYLE "nothing is ever mutated, not even briefly")', () => {
    fc.assert(
      fc.property(playoutArb(0, 52), (p) => {
        const expected = engineStates(p).map((s) => JSON.stringify(s));
        const rules = deepFreeze(structuredClone(p.deal.rules));
        const options = deepFreeze(structuredClone(dealOptions(p.deal)));
        const optionsJson = JSON.stringify(options);
        let s = deepFreeze(dealOrThrow(rules, options));
        expect(JSON.stringify(options)).toBe(optionsJson);
        expect(JSON.stringify(s)).toBe(expected[0]);
        p.plays.forEach(({ seat, card }, i) => {
          const before = JSON.stringify(s);
          const next = deepFreeze(playOrThrow(s, seat, card));
          expect(JSON.stringify(s)).toBe(before);
          expect(JSON.stringify(next)).toBe(expected[i + 1]);
          s = next;
        });
        // Unfrozen states are not modified either: after playing from each of them again, legally and
        // not, every state still serializes as it did.
        const states = engineStates(p);
        p.plays.forEach(({ seat, card }, i) => {
          const from = states[i] as HandState;
          playOrThrow(from, seat, card);
          for (const other of FULL_DECK) play(from, seat, other);
        });
        expect(states.map((x) => JSON.stringify(x))).toEqual(expected);
      }),
      fcParams(100),
    );
  });

  it('a refused play returns { ok: false, error: { code, message } }, the throwing twin throws WhistError with the same code, and the state is left deep-equal to before (STYLE "Errors")', () => {
    const attempt = fc.tuple(
      fc.oneof(seatArb, junkSeatArb),
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FULL_DECK) }, { weight: 1, arbitrary: junkCardArb }),
    );
    fc.assert(
      fc.property(playoutArb(0, 52), fc.array(attempt, { minLength: 1, maxLength: 12 }), (p, attempts) => {
        const s = engineStates(p).at(-1) as HandState;
        const n = p.naive.at(-1) as NState;
        const copy = structuredClone(s);
        for (const [seat, card] of attempts) {
          const expected = nRefusal(n, seat, card);
          const r = play(s, seat as string, card as string);
          expect(s).toEqual(copy);
          if (expected === null) {
            expect(r.ok).toBe(true);
            continue;
          }
          expect(r).toMatchObject({ ok: false, error: { code: expected, message: expect.any(String) } });
          let thrown: unknown;
          try {
            playOrThrow(s, seat as string, card as string);
          } catch (e) {
            thrown = e;
          }
          expect(thrown).toBeInstanceOf(WhistError);
          expect((thrown as WhistError).code).toBe(expected);
          expect((thrown as WhistError).info).toEqual(r.ok ? undefined : r.error);
          expect(s).toEqual(copy);
        }
      }),
      fcParams(100),
    );
  });

  it('a state survives a JSON round trip: every selector, player and further play (legal or not) behaves the same (STYLE "State is … JSON-serializable")', () => {
    fc.assert(
      fc.property(finishedPlayoutArb, fc.nat({ max: 52 }), (p, k) => {
        const states = engineStates(p);
        let copy = JSON.parse(JSON.stringify(states[k])) as HandState;
        // Plain JSON: nothing is lost or changed by the trip (no undefined, -0, NaN, Map, class instance).
        expect(copy).toStrictEqual(states[k]);
        expect(observe(copy)).toEqual(observe(states[k] as HandState));
        for (let i = k; i < p.plays.length; i++) {
          const { seat, card } = p.plays[i] as { seat: Seat; card: Card };
          copy = playOrThrow(copy, seat, card);
          expect(JSON.stringify(copy)).toBe(JSON.stringify(states[i + 1]));
        }
        expect(observe(copy)).toEqual(observe(states[52] as HandState));
      }),
      fcParams(40),
    );
  });

  it('exactly one side scores for tricks: the side with more than six scores pointsPerOddTrick per odd trick, and at most one side scores honours (CL laws 2-3; DOC1 "Buch"; DOC2)', () => {
    const check = (rules: Rules, tricks: BySide, honours: BySide, score: BySide) => {
      const r = scoreHand(rules, { tricks, honours }, score);
      const scorers = SIDES.filter((side) => r.trickPoints[side] > 0);
      expect(scorers).toHaveLength(1);
      for (const side of SIDES) {
        expect(r.trickPoints[side]).toBe(Math.max(0, tricks[side] - 6) * rules.pointsPerOddTrick);
        expect(r.points[side]).toBe(r.trickPoints[side] + r.honourPoints[side]);
        expect(r.honourPoints[side]).toBeGreaterThanOrEqual(0);
      }
      expect(SIDES.filter((side) => r.honourPoints[side] > 0).length).toBeLessThanOrEqual(1);
      const reached = SIDES.filter((side) => score[side] + r.points[side] >= rules.target);
      expect(reached.length).toBeLessThanOrEqual(1);
      expect(r.winner).toBe(reached[0] ?? null);
    };
    // Results of hands actually played.
    fc.assert(
      fc.property(
        finishedPlayoutArb.chain((p) => fc.tuple(fc.constant(p), gameScoreArb(p.deal.rules))),
        ([p, score]) => {
          const s = engineStates(p).at(-1) as HandState;
          check(p.deal.rules, tricksWon(s), honoursHeld(s), score);
        },
      ),
      fcParams(60),
    );
    // Every split of the 13 tricks.
    fc.assert(
      fc.property(
        presetArb.chain((rules) => fc.tuple(fc.constant(rules), handFactsArb(rules), gameScoreArb(rules))),
        ([rules, facts, score]) => check(rules, facts.tricks, facts.honours, score),
      ),
      fcParams(300),
    );
  });

  it('Short Whist scores odd tricks first, then honours 3 → 2 and 4 → 4, none when tricks make game or the side started at 4 (CL laws 2-5)', () => {
    fc.assert(
      fc.property(handFactsArb(SHORT_WHIST), gameScoreArb(SHORT_WHIST), (facts, score) => {
        expect(scoreHand(SHORT_WHIST, facts, score)).toEqual(shortWhistScore(facts.tricks, facts.honours, score));
      }),
      fcParams(300),
    );
  });

  it('scoreHand throws INVALID_SCORE on impossible input: tricks not whole numbers adding up to 13, too many honours, a score outside 0 to target - 1 (score.ts scoreHand @throws; CL law 1)', () => {
    type Field = 'tricks' | 'honours' | 'score';
    const corrupt = fc.record({
      field: fc.constantFrom<Field>('tricks', 'honours', 'score'),
      side: fc.constantFrom<Side>('NS', 'EW'),
      // A value that is not a whole number, or a whole number that many over the limit.
      bad: fc.oneof(fc.constantFrom(-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY), fc.integer({ min: 1, max: 3 })),
    });
    fc.assert(
      fc.property(
        presetArb.chain((rules) => fc.tuple(fc.constant(rules), handFactsArb(rules), gameScoreArb(rules), corrupt)),
        ([rules, facts, score, { field, side, bad }]) => {
          expect(() => scoreHand(rules, facts, score)).not.toThrow();
          const input = { tricks: { ...facts.tricks }, honours: { ...facts.honours }, score: { ...score } };
          const over = Number.isInteger(bad) && bad > 0;
          const limit = field === 'tricks' ? facts.tricks[side] : field === 'honours' ? (rules.honours?.cards.length ?? 0) : rules.target - 1;
          input[field][side] = over ? limit + bad : bad;
          expect(() => scoreHand(rules, { tricks: input.tricks, honours: input.honours }, input.score)).toThrow(
            expect.objectContaining({ name: 'WhistError', code: 'INVALID_SCORE' }),
          );
        },
      ),
      fcParams(300),
    );
  });

  it('no score passes the target: a game ends exactly when a side reaches it, the rubber exactly at two games won and never before, worth 1 to 8 in Short Whist (CL laws 1, 8-10; DOC1; DOC2)', () => {
    let completed = 0;
    let shortCompleted = 0;
    fc.assert(
      fc.property(rubberCaseArb, ({ rules, dealer, hands }) => {
        const started = newRubber(rules, { dealer });
        if (!started.ok) throw new Error(started.error.message);
        let rubber: RubberState = started.state;
        const target = rules.target;
        for (const [i, facts] of hands.entries()) {
          const before = rubber;
          const r = recordHand(before, facts);
          if (rubberWinner(before) !== null) {
            expect(r).toMatchObject({ ok: false, error: { code: 'RUBBER_COMPLETE' } });
            break;
          }
          if (!r.ok) throw new Error(r.error.message);
          rubber = r.state;
          expect(rubber.hands).toHaveLength(i + 1);
          const rec = rubber.hands[i] as RubberState['hands'][number];
          expect(rec.dealer).toBe(nextSeat(dealer, i));
          const points = scoreHand(rules, facts, before.score).points;
          for (const side of SIDES) {
            expect(rec.score[side]).toBe(Math.min(target, before.score[side] + points[side]));
            expect(rec.score[side]).toBeGreaterThanOrEqual(0);
            expect(rec.score[side]).toBeLessThanOrEqual(target);
            expect(rubber.score[side]).toBeGreaterThanOrEqual(0);
            expect(rubber.score[side]).toBeLessThan(target);
          }
          const reached = SIDES.filter((side) => rec.score[side] === target);
          expect(reached.length).toBeLessThanOrEqual(1);
          if (reached.length === 1) {
            const winner = reached[0] as Side;
            const losers = rec.score[winner === 'NS' ? 'EW' : 'NS'];
            expect(rubber.games).toHaveLength(before.games.length + 1);
            const value =
              rules === SHORT_WHIST ? clGameValue(losers) : rules.gameValue.kind === 'table' ? rules.gameValue.byLosersScore[losers] : target - losers;
            expect(rubber.games.at(-1)).toEqual({ winner, value, losersScore: losers });
            expect(rubber.score).toEqual({ NS: 0, EW: 0 });
          } else {
            expect(rubber.games).toHaveLength(before.games.length);
            expect(rubber.score).toEqual(rec.score);
          }
          const won = gamesWon(rubber);
          expect(won.NS + won.EW).toBe(rubber.games.length);
          expect(Math.max(won.NS, won.EW)).toBeLessThanOrEqual(2);
          const winner = won.NS === 2 ? 'NS' : won.EW === 2 ? 'EW' : null;
          expect(rubberWinner(rubber)).toBe(winner);
          expect(isRubberComplete(rubber)).toBe(winner !== null);
          if (winner === null) {
            expect(rubberPoints(rubber)).toBeNull();
            continue;
          }
          completed++;
          const bonus = rules.rubber.points;
          const expected = bonus === null ? null : bonus.bonus + rubber.games.reduce((sum, g) => sum + (g.winner === winner ? g.value : -g.value), 0);
          expect(rubberPoints(rubber)).toBe(expected);
          if (rules === SHORT_WHIST) {
            shortCompleted++;
            expect(rubberPoints(rubber)).toBeGreaterThanOrEqual(1);
            expect(rubberPoints(rubber)).toBeLessThanOrEqual(8);
          }
        }
      }),
      fcParams(300),
    );
    // The property must have reached the end of many rubbers, Short Whist ones included.
    expect(completed).toBeGreaterThan(50);
    expect(shortCompleted).toBeGreaterThan(10);
  });

  it('the same seed gives the same rubber: a table played by heuristic players twice from newTable(…, { seed }) is the same JSON (STYLE "Randomness is passed in"; random.ts)', () => {
    const playRubber = (seed: number | string): TableState => {
      let table = newTableOrThrow(SHORT_WHIST, { seed });
      for (let deals = 0; !isRubberComplete(table.rubber); deals++) {
        if (deals > 40) throw new Error('a rubber of more than 40 hands');
        table = applyOrThrow(table, { type: 'deal' });
        while (!isHandComplete(table.hand as HandState)) {
          const hand = table.hand as HandState;
          table = applyOrThrow(table, { type: 'play', seat: currentSeat(hand) as Seat, card: heuristicPlayer(hand) });
        }
      }
      return table;
    };
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), (seed) => {
        const a = playRubber(seed);
        const b = playRubber(seed);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        expect(a.rubber.hands).toHaveLength(a.dealNumber);
        const points = rubberPoints(a.rubber) as number;
        expect(points).toBeGreaterThanOrEqual(1);
        expect(points).toBeLessThanOrEqual(8);
        // The seed is used: another seed deals another first hand.
        const other = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: typeof seed === 'number' ? seed + 1 : `${seed}!` }), { type: 'deal' });
        const first = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' });
        expect(JSON.stringify(other.hand)).not.toBe(JSON.stringify(first.hand));
      }),
      fcParams(8),
    );
  });

  it('the heuristic and random players always return a legal card, and hands they play reach 13 tricks (players.ts; CL "must follow suit")', () => {
    fc.assert(
      fc.property(playoutArb(0, 51), fc.integer(), (p, seed) => {
        const s = deepFreeze(engineStates(p).at(-1) as HandState);
        const n = p.naive.at(-1) as NState;
        const random = deepFreeze(seedRandom(seed));
        const h = heuristicPlayer(s);
        expect(nLegal(n)).toContain(h);
        expect(heuristicPlayer(s)).toBe(h);
        const r = randomPlayer(s, random);
        expect(nLegal(n)).toContain(r.value);
        expect(randomPlayer(s, random)).toEqual(r);
        expect(r.random).not.toEqual(random);
      }),
      fcParams(200),
    );
    fc.assert(
      fc.property(dealCaseArb, fc.integer(), fc.boolean(), (c, seed, heuristic) => {
        let s = engineDeal(c);
        let n = naiveDeal(c);
        let random = seedRandom(seed);
        while (currentSeat(s) !== null) {
          let card: Card;
          if (heuristic) card = heuristicPlayer(s);
          else ({ value: card, random } = randomPlayer(s, random));
          expect(nLegal(n)).toContain(card);
          s = playOrThrow(s, currentSeat(s) as Seat, card);
          n = nPlay(n, card);
        }
        expect(completedTricks(s)).toHaveLength(13);
        expect(disagreements(s, n)).toEqual([]);
      }),
      fcParams(100),
    );
  });

  it('the oracle and its arbitraries are sound: playouts are legal by the rules text and cover every seat to play, no-trump deals and finished hands', () => {
    let finished = 0;
    let noTrump = 0;
    let voids = 0;
    fc.assert(
      fc.property(playoutArb(0, 52), (p: Playout) => {
        expect(N_DECK).toHaveLength(52);
        if (p.plays.length === 52) finished++;
        if (p.deal.trump === null) noTrump++;
        p.plays.forEach((x, i) => {
          const n = p.naive[i] as NState;
          expect(nTurn(n)).toBe(x.seat);
          if (n.trick.length > 0 && (n.trick[0] as string)[1] !== x.card[1]) voids++;
        });
      }),
      fcParams(100),
    );
    expect(finished).toBeGreaterThan(0);
    expect(noTrump).toBeGreaterThan(0);
    expect(voids).toBeGreaterThan(0);
  });
});
