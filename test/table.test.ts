import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  type Card,
  clientAction,
  currentHand,
  currentRubber,
  currentSeat,
  dealDeck,
  dealHandOrThrow,
  FULL_DECK,
  finishedRubbers,
  gameScore,
  gamesWon,
  type HandState,
  handFacts,
  handSummaries,
  heuristicPlayer,
  honoursCounted,
  isHandComplete,
  isRubberComplete,
  legalMoves,
  newTable,
  newTableOrThrow,
  nextSeat,
  parseTable,
  playerViewOrThrow,
  rubberPoints,
  rubberWinner,
  SHORT_WHIST,
  seating,
  seedRandom,
  shuffledDeck,
  type TableAction,
  type TableState,
  tableViewOrThrow,
  tricksWon,
  WhistError,
} from '../src/index.js';
import { logged } from './log-parts.js';

/** The hand in progress (or the last one) at a table; fails the test when there is none. */
function hand(table: TableState): HandState {
  const h = currentHand(table);
  if (h === null) throw new Error('no hand has been dealt');
  return h;
}

/** The card heuristicPlayer picks for the seat to play, seeing only that seat's view. */
function pick(h: HandState): Card {
  return heuristicPlayer(playerViewOrThrow(h, currentSeat(h)));
}

function playOnce(table: TableState): TableState {
  const h = hand(table);
  return applyOrThrow(table, { type: 'play', seat: currentSeat(h)!, card: pick(h) });
}

function playHand(table: TableState): TableState {
  let t = table;
  while (!isHandComplete(hand(t))) t = playOnce(t);
  return t;
}

function playRubber(table: TableState): TableState {
  let t = table;
  for (let hands = 0; !isRubberComplete(currentRubber(t)); hands++) {
    if (hands > 60) throw new Error('the rubber did not end');
    t = playHand(applyOrThrow(t, { type: 'deal' }));
  }
  return t;
}

function dealNumber(table: TableState): number {
  return tableViewOrThrow(table, null).dealNumber;
}

function expectRefused(table: TableState, action: unknown, code: string) {
  const before = structuredClone(table);
  const r = apply(table, action as TableAction);
  expect(r.ok).toBe(false);
  expect(!r.ok && r.error.code).toBe(code);
  expect(table).toEqual(before);
}

describe('newTable', () => {
  it('opens a table with a new rubber and no hand dealt', () => {
    const t = newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 1 });
    expect(currentHand(t)).toBeNull();
    expect(t.log).toEqual([]);
    expect(dealNumber(t)).toBe(0);
    expect(currentRubber(t).firstDealer).toBe('S');
    expect(currentRubber(t).hands).toEqual([]);
    expect(gameScore(currentRubber(t))).toEqual({ NS: 0, EW: 0 });
    expect(seating(t)).toEqual({ N: 'N', E: 'E', S: 'S', W: 'W' });
    expect(t.players).toEqual({ N: 'N', E: 'E', S: 'S', W: 'W' });
    expect(t.random).toEqual(seedRandom(1));
    expect(finishedRubbers(t)).toEqual([]);
  });

  it('defaults the first dealer to North', () => {
    expect(currentRubber(newTableOrThrow(SHORT_WHIST, { seed: 1 })).firstDealer).toBe('N');
    expect(newTableOrThrow(SHORT_WHIST, { seed: 1 }).firstDealer).toBe('N');
  });

  it('refuses a dealer that is not a seat (INVALID_SEAT), and newTableOrThrow throws it', () => {
    const r = newTable(SHORT_WHIST, { dealer: 'X' as never });
    expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    expect(() => newTableOrThrow(SHORT_WHIST, { dealer: 'X' as never })).toThrow(WhistError);
  });

  it('refuses seeds that are not finite numbers or strings, and both seed and random (INVALID_ARGUMENT)', () => {
    for (const seed of [Number.NaN, Number.POSITIVE_INFINITY, null, true, {}]) {
      const r = newTable(SHORT_WHIST, { seed: seed as never });
      expect(!r.ok && r.error.code).toBe('INVALID_ARGUMENT');
    }
    const both = newTable(SHORT_WHIST, { seed: 1, random: seedRandom(1) });
    expect(!both.ok && both.error.code).toBe('INVALID_ARGUMENT');
    const empty = newTable(SHORT_WHIST, { random: {} as never });
    expect(!empty.ok && empty.error.code).toBe('INVALID_ARGUMENT');
  });

  it('is plain, frozen JSON of facts: no hand, rubber or score stored', () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.keys(t).sort()).toEqual(['firstDealer', 'log', 'players', 'random', 'rules', 'v']);
    expect(t.v).toBe(3);
  });
});

describe('apply: deal (Laws of Short Whist (1864); «Whist» (2012))', () => {
  it('dealDeck deals a deck the server chose for the rubber’s next dealer, and draws nothing from the PRNG', () => {
    const t0 = newTableOrThrow(SHORT_WHIST, { dealer: 'E', seed: 1 });
    const deck = shuffledDeck(seedRandom(99)).value;
    const r = dealDeck(t0, deck);
    expect(r.ok).toBe(true);
    const t1 = r.ok ? r.value : t0;
    expect(hand(t1)).toEqual(dealHandOrThrow(SHORT_WHIST, { dealer: 'E', deck }));
    expect(t1.random).toEqual(t0.random);
    expect(dealNumber(t1)).toBe(1);
    expect(currentSeat(hand(t1))).toBe('S');
    expect(logged(t1.log[0])).toMatchObject({ type: 'hand', dealer: 'E', shuffled: false, plays: '' });
    // The next shuffled deal is the PRNG's first shuffle: the chosen deck drew nothing from it.
    const t2 = applyOrThrow(playHand(t1), { type: 'deal' });
    expect(hand(t2)).toEqual(dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: shuffledDeck(seedRandom(1)).value }));
  });

  it('without a deck: shuffles from the table’s PRNG, which moves on from deal to deal; the stored opening state stays', () => {
    const t0 = newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 5 });
    const first = shuffledDeck(t0.random);
    const t1 = applyOrThrow(t0, { type: 'deal' });
    expect(hand(t1)).toEqual(dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck: first.value }));
    expect(t1.random).toEqual(t0.random);
    expect(logged(t1.log[0])).toMatchObject({ type: 'hand', dealer: 'W', shuffled: true });
    const t2 = applyOrThrow(playHand(t1), { type: 'deal' });
    const second = shuffledDeck(first.random).value;
    expect(hand(t2)).toEqual(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: second }));
    expect(hand(t2).deal).not.toBe(hand(t1).deal);
  });

  it('seeded tables deal the same hands, whatever the machine; other seeds deal others', () => {
    const dealt = (seed: number | string) => currentHand(applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' }));
    expect(dealt(7)).toEqual(dealt(7));
    expect(dealt('club night')).toEqual(dealt('club night'));
    expect(dealt(7)).not.toEqual(dealt(8));
    // Pinned: the first deal from this PRNG state (seedRandom(1)'s in 0.1), North dealing, turns up the five of hearts.
    const opened = newTableOrThrow(SHORT_WHIST, { random: { s: [2459862799, 1621824973, 3310820794, 2041432051] } });
    expect(currentHand(applyOrThrow(opened, { type: 'deal' }))?.trumpCard).toBe('5H');
  });

  it('a seeded table plays out a whole rubber identically twice', () => {
    const a = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 'replay' }));
    const b = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 'replay' }));
    expect(a).toEqual(b);
  });

  it('a deal action carrying a deck or a second-pack card is refused: only the server deals, with dealDeck', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1 });
    expectRefused(t, { type: 'deal', deck: FULL_DECK }, 'INVALID_ACTION');
    expectRefused(t, { type: 'deal', secondPackCard: 'AS' }, 'INVALID_ACTION');
    const r = apply(t, { type: 'deal', deck: FULL_DECK } as never);
    expect(!r.ok && r.error.path).toBe('deck');
    // A client's request body never becomes a deal.
    const forged = clientAction({ type: 'deal', deck: FULL_DECK }, 'S');
    expect(!forged.ok && forged.error.code).toBe('INVALID_ACTION');
    const seat = clientAction({ type: 'play', seat: 'N', card: 'AS' }, 'S');
    expect(!seat.ok && seat.error.code).toBe('INVALID_ACTION');
    expect(clientAction({ type: 'play', card: 'QH' }, 'S')).toEqual({ ok: true, value: { type: 'play', seat: 'S', card: 'QH' } });
  });

  it('dealDeck refuses a bad deck with the codes of deal, leaving the table as it was', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1 });
    const before = structuredClone(t);
    const code = (deck: unknown) => {
      const r = dealDeck(t, deck as Card[]);
      return !r.ok && r.error.code;
    };
    expect(code(FULL_DECK.slice(0, 51))).toBe('INVALID_DECK');
    expect(code([...FULL_DECK.slice(0, 51), 'AS'])).toBe('DUPLICATE_CARD');
    expect(code([...FULL_DECK.slice(0, 51), 'xx'])).toBe('INVALID_CARD');
    expect(t).toEqual(before);
  });
});

describe('apply: refused actions leave the table deep-equal', () => {
  const fresh = newTableOrThrow(SHORT_WHIST, { dealer: 'N', seed: 1 });
  const dealt = applyOrThrow(fresh, { type: 'deal' });

  it.each([[{ type: 'bid' }], [{ type: 'DEAL' }], [{}], [null], [undefined], ['deal'], [{ type: 42 }]])('an unknown action %j: INVALID_ACTION', (action) => {
    expectRefused(fresh, action, 'INVALID_ACTION');
    expectRefused(dealt, action, 'INVALID_ACTION');
  });

  it('a deal while a hand is in progress: INVALID_ACTION', () => {
    expectRefused(dealt, { type: 'deal' }, 'INVALID_ACTION');
    expectRefused(playOnce(dealt), { type: 'deal' }, 'INVALID_ACTION');
    const r = dealDeck(playOnce(dealt), FULL_DECK);
    expect(!r.ok && r.error.code).toBe('INVALID_ACTION');
  });

  it('a play before any deal: INVALID_ACTION', () => {
    expectRefused(fresh, { type: 'play', seat: 'E', card: 'AS' }, 'INVALID_ACTION');
  });

  it('a new rubber while the rubber goes on: INVALID_ACTION', () => {
    expectRefused(fresh, { type: 'newRubber' }, 'INVALID_ACTION');
    expectRefused(dealt, { type: 'newRubber' }, 'INVALID_ACTION');
  });

  it('bad plays get the codes of play (Laws of Short Whist (1864); «Whist» (2012))', () => {
    const h = hand(dealt);
    const leader = currentSeat(h)!;
    const other = nextSeat(leader);
    expectRefused(dealt, { type: 'play', seat: other, card: legalMoves(h)[0]! }, 'NOT_YOUR_TURN');
    expectRefused(dealt, { type: 'play', seat: 'X', card: 'AS' }, 'INVALID_SEAT');
    expectRefused(dealt, { type: 'play', seat: leader, card: 'as' }, 'INVALID_CARD');
    expectRefused(dealt, { type: 'play', seat: leader, card: 12 }, 'INVALID_CARD');
    expectRefused(dealt, { type: 'play' }, 'INVALID_SEAT');
    expectRefused(dealt, { type: 'play', seat: leader, card: 'AS', extra: 1 }, 'INVALID_ACTION');
    const notHeld = FULL_DECK.find((c) => !legalMoves(h).includes(c))!;
    expectRefused(dealt, { type: 'play', seat: leader, card: notHeld }, 'CARD_NOT_IN_HAND');
  });

  it('a revoke: MUST_FOLLOW_SUIT (Laws of Short Whist (1864); «Whist» (2012))', () => {
    // Find a seeded position where the second hand holds the suit led and also another suit.
    for (let seed = 0; seed < 50; seed++) {
      const t = playOnce(applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' }));
      const h = hand(t);
      const seat = currentSeat(h)!;
      const led = legalMoves(h)[0]![1];
      const revoke = playerViewOrThrow(h, seat).cards.find((c) => c[1] !== led);
      if (revoke === undefined) continue;
      expectRefused(t, { type: 'play', seat, card: revoke }, 'MUST_FOLLOW_SUIT');
      return;
    }
    throw new Error('no seed gave a position to revoke in');
  });

  it('a play after the hand is over: INVALID_ACTION (no hand is being played; the next action is a deal)', () => {
    const done = playHand(dealt);
    expectRefused(done, { type: 'play', seat: 'N', card: 'AS' }, 'INVALID_ACTION');
    const r = apply(done, { type: 'play', seat: 'N', card: 'AS' });
    expect(!r.ok && r.error.path).toBe('type');
  });

  it('applyOrThrow throws a WhistError with the same code', () => {
    for (const action of [{ type: 'bid' }, { type: 'deal' }, { type: 'play', seat: 'X', card: 'AS' }]) {
      const r = apply(dealt, action as TableAction);
      let thrown: unknown;
      try {
        applyOrThrow(dealt, action as TableAction);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(WhistError);
      expect((thrown as WhistError).code).toBe(!r.ok && r.error.code);
    }
  });

  it('a value that is not a table: INVALID_STATE, for apply, dealDeck and the selectors', () => {
    for (const table of [null, {}, { ...fresh, v: 1 }, { ...fresh, log: 'x' }]) {
      const r = apply(table as never, { type: 'deal' });
      expect(!r.ok && r.error.code).toBe('INVALID_STATE');
      const d = dealDeck(table as never, FULL_DECK);
      expect(!d.ok && d.error.code).toBe('INVALID_STATE');
      expect(() => currentHand(table as never)).toThrow(WhistError);
      expect(() => seating(table as never)).toThrow(WhistError);
    }
  });
});

describe('apply: the hand and the rubber (Laws of Short Whist (1864), laws 1-8)', () => {
  it('a play moves the hand on and leaves the rubber alone until the hand is complete', () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 4 }), { type: 'deal' });
    const t1 = playOnce(t);
    expect(hand(t1).plays).toHaveLength(2);
    expect(logged(t1.log[0])).toMatchObject({ plays: hand(t1).plays });
    expect(currentRubber(t1)).toEqual(currentRubber(t));
    expect(currentRubber(t1).hands).toEqual([]);
  });

  it('the 52nd card records the hand into the rubber, with its tricks, honours and dealer', () => {
    const t = playHand(applyOrThrow(newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 10 }), { type: 'deal' }));
    const h = hand(t);
    expect(isHandComplete(h)).toBe(true);
    expect(currentRubber(t).hands).toHaveLength(1);
    expect(currentRubber(t).hands[0]).toEqual(handFacts(h));
    const record = handSummaries(currentRubber(t))[0]!;
    expect(record.dealer).toBe('S');
    expect(record.tricks).toEqual(tricksWon(h));
    expect(record.honours).toEqual(honoursCounted(h));
    expect(record.tricks.NS + record.tricks.EW).toBe(13);
  });

  it('after a hand, the next deal is by the seat on the dealer’s left (Laws of Short Whist (1864); «Whist» (2012))', () => {
    let t = newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 12 });
    const dealers: string[] = [];
    for (let i = 0; i < 5 && !isRubberComplete(currentRubber(t)); i++) {
      expect(tableViewOrThrow(t, null).next).toEqual({ action: 'deal', dealer: nextSeat('W', i) });
      t = applyOrThrow(t, { type: 'deal' });
      dealers.push(hand(t).dealer);
      t = playHand(t);
    }
    expect(dealers).toEqual(['W', 'N', 'E', 'S', 'W'].slice(0, dealers.length));
    expect(dealNumber(t)).toBe(dealers.length);
  });

  it('a full rubber played by heuristicPlayer reaches a winner, worth 1 to 8 rubber points (Laws of Short Whist (1864), laws 1, 9-10)', () => {
    for (const seed of [1, 2, 3]) {
      const t = playRubber(newTableOrThrow(SHORT_WHIST, { seed }));
      const rubber = currentRubber(t);
      const winner = rubberWinner(rubber);
      expect(winner === 'NS' || winner === 'EW').toBe(true);
      expect(gamesWon(rubber)[winner!]).toBe(2);
      const loser = winner === 'NS' ? 'EW' : 'NS';
      expect(gamesWon(rubber)[loser]).toBeLessThanOrEqual(1);
      const points = rubberPoints(rubber)!;
      expect(points[winner!]).toBeGreaterThanOrEqual(1);
      expect(points[winner!]).toBeLessThanOrEqual(8);
      // Every hand's dealer is left of the previous one.
      const summaries = handSummaries(rubber);
      expect(summaries.map((h) => h.dealer)).toEqual(summaries.map((_, i) => nextSeat('N', i)));
      expect(dealNumber(t)).toBe(summaries.length);
      expect(tableViewOrThrow(t, null).next).toEqual({ action: 'newRubber' });
    }
  });

  it('after the rubber, a further deal is refused with RUBBER_COMPLETE, leaving the table as it was', () => {
    const t = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 6 }));
    expectRefused(t, { type: 'deal' }, 'RUBBER_COMPLETE');
    const r = dealDeck(t, FULL_DECK);
    expect(!r.ok && r.error.code).toBe('RUBBER_COMPLETE');
  });

  it('newRubber after a finished rubber starts the next one at 0-0 and keeps a summary of the last', () => {
    const done = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 6, players: { N: 'ann', E: 'bob', S: 'cy', W: 'di' } }));
    const next = applyOrThrow(done, { type: 'newRubber' });
    expect(currentHand(next)).toBeNull();
    expect(currentRubber(next).hands).toEqual([]);
    expect(gameScore(currentRubber(next))).toEqual({ NS: 0, EW: 0 });
    const rubbers = finishedRubbers(next);
    expect(rubbers).toHaveLength(1);
    expect(rubbers[0]!.winner).toBe(rubberWinner(currentRubber(done)));
    expect(rubbers[0]!.rubberPoints).toEqual(rubberPoints(currentRubber(done)));
    expect(rubbers[0]!.games).toEqual(gamesWon(currentRubber(done)));
    expect(rubbers[0]!.players).toEqual({ N: 'ann', E: 'bob', S: 'cy', W: 'di' });
    expect(next.log.at(-1)).toEqual({ type: 'newRubber' });
    // The deal keeps passing to the left across rubbers; Short Whist cuts again (Laws of Short Whist
    // (1864)), and the lowest cut takes the dealer's seat.
    expect(currentRubber(next).firstDealer).toBe(nextSeat('N', handSummaries(currentRubber(done)).length));
    const view = tableViewOrThrow(next, null);
    expect(view.cut).not.toBeNull();
    expect(view.cut!.dealer).toBe(currentRubber(next).firstDealer);
    expect(seating(next)).toEqual(view.cut!.seats);
    expect(seating(next)[view.cut!.dealer]).toBe(view.cut!.order[0]);
    expect(hand(applyOrThrow(next, { type: 'deal' })).dealer).toBe(currentRubber(next).firstDealer);
  });

  it('every table the library returns is accepted by parseTable, and the selectors agree on the copy', () => {
    const t = applyOrThrow(playRubber(newTableOrThrow(SHORT_WHIST, { seed: 8 })), { type: 'newRubber' });
    const r = parseTable(JSON.stringify(t));
    expect(r.ok).toBe(true);
    const copy = r.ok ? r.value : t;
    expect(copy).toEqual(t);
    expect(currentRubber(copy)).toEqual(currentRubber(t));
    expect(finishedRubbers(copy)).toEqual(finishedRubbers(t));
    expect(seating(copy)).toEqual(seating(t));
  });
});
