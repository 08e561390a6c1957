import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  currentSeat,
  dealOrThrow,
  FULL_DECK,
  heuristicPlayer,
  honoursHeld,
  isHandComplete,
  isRubberComplete,
  legalMoves,
  newTable,
  newTableOrThrow,
  nextSeat,
  rubberPoints,
  rubberWinner,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
  type TableAction,
  type TableState,
  tricksWon,
  WhistError,
} from '../src/index.js';

function playHand(table: TableState): TableState {
  let t = table;
  while (!isHandComplete(t.hand!)) t = applyOrThrow(t, { type: 'play', seat: currentSeat(t.hand!)!, card: heuristicPlayer(t.hand!) });
  return t;
}

function playRubber(table: TableState): TableState {
  let t = table;
  for (let hands = 0; !isRubberComplete(t.rubber); hands++) {
    if (hands > 60) throw new Error('the rubber did not end');
    t = playHand(applyOrThrow(t, { type: 'deal' }));
  }
  return t;
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
    expect(t.hand).toBeNull();
    expect(t.dealNumber).toBe(0);
    expect(t.rubber.firstDealer).toBe('S');
    expect(t.rubber.hands).toEqual([]);
    expect(t.rubber.score).toEqual({ NS: 0, EW: 0 });
    expect(t.players).toEqual({ N: 'N', E: 'E', S: 'S', W: 'W' });
    expect(t.random).toEqual(seedRandom(1));
    expect(t.rubbers).toEqual([]);
  });

  it('defaults the first dealer to North', () => {
    expect(newTableOrThrow(SHORT_WHIST, { seed: 1 }).rubber.firstDealer).toBe('N');
  });

  it('refuses a dealer that is not a seat (INVALID_SEAT), and newTableOrThrow throws it', () => {
    const r = newTable(SHORT_WHIST, { dealer: 'X' as never });
    expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    expect(() => newTableOrThrow(SHORT_WHIST, { dealer: 'X' as never })).toThrow(WhistError);
  });

  it('is plain JSON', () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });
});

describe('apply: deal (CL; DOC1)', () => {
  it('with a deck: deals that deck for the rubber’s next dealer, leaving the PRNG untouched', () => {
    const t0 = newTableOrThrow(SHORT_WHIST, { dealer: 'E', seed: 1 });
    const deck = shuffledDeck(seedRandom(99)).value;
    const t1 = applyOrThrow(t0, { type: 'deal', deck });
    expect(t1.hand).toEqual(dealOrThrow(SHORT_WHIST, { dealer: 'E', deck }));
    expect(t1.random).toEqual(t0.random);
    expect(t1.dealNumber).toBe(1);
    expect(currentSeat(t1.hand!)).toBe('S');
  });

  it('without a deck: shuffles from the table’s PRNG state, which moves on', () => {
    const t0 = newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 5 });
    const { value: deck, random } = shuffledDeck(t0.random);
    const t1 = applyOrThrow(t0, { type: 'deal' });
    expect(t1.hand).toEqual(dealOrThrow(SHORT_WHIST, { dealer: 'W', deck }));
    expect(t1.random).toEqual(random);
    expect(t1.random).not.toEqual(t0.random);
  });

  it('seeded tables deal the same hands, whatever the machine; other seeds deal others', () => {
    const dealt = (seed: number | string) => applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' }).hand;
    expect(dealt(7)).toEqual(dealt(7));
    expect(dealt('club night')).toEqual(dealt('club night'));
    expect(dealt(7)).not.toEqual(dealt(8));
    // The first deal of seed 1, pinned with random.test.ts: North deals, the five of hearts is turned up.
    expect(dealt(1)!.trumpCard).toBe('5H');
  });

  it('a seeded table plays out a whole rubber identically twice', () => {
    const a = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 'replay' }));
    const b = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 'replay' }));
    expect(a).toEqual(b);
  });

  it('refuses a bad deck with the codes of deal, leaving the table as it was', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1 });
    expectRefused(t, { type: 'deal', deck: FULL_DECK.slice(0, 51) }, 'INVALID_DECK');
    expectRefused(t, { type: 'deal', deck: [...FULL_DECK.slice(0, 51), 'AS'] }, 'DUPLICATE_CARD');
    expectRefused(t, { type: 'deal', deck: [...FULL_DECK.slice(0, 51), 'xx'] }, 'INVALID_CARD');
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
    expectRefused(playOnce(dealt), { type: 'deal', deck: FULL_DECK }, 'INVALID_ACTION');
  });

  it('a play before any deal: INVALID_ACTION', () => {
    expectRefused(fresh, { type: 'play', seat: 'E', card: 'AS' }, 'INVALID_ACTION');
  });

  it('a new rubber while the rubber goes on: INVALID_ACTION', () => {
    expectRefused(fresh, { type: 'newRubber' }, 'INVALID_ACTION');
    expectRefused(dealt, { type: 'newRubber' }, 'INVALID_ACTION');
  });

  it('bad plays get the codes of play (CL; DOC1)', () => {
    const hand = dealt.hand!;
    const leader = currentSeat(hand)!;
    const other = nextSeat(leader);
    expectRefused(dealt, { type: 'play', seat: other, card: legalMoves(hand)[0]! }, 'NOT_YOUR_TURN');
    expectRefused(dealt, { type: 'play', seat: 'X', card: 'AS' }, 'INVALID_SEAT');
    expectRefused(dealt, { type: 'play', seat: leader, card: 'as' }, 'INVALID_CARD');
    expectRefused(dealt, { type: 'play', seat: leader, card: 12 }, 'INVALID_CARD');
    expectRefused(dealt, { type: 'play' }, 'INVALID_SEAT');
    const notHeld = FULL_DECK.find((c) => !legalMoves(hand).includes(c))!;
    expectRefused(dealt, { type: 'play', seat: leader, card: notHeld }, 'CARD_NOT_IN_HAND');
  });

  it('a play after the hand is over: HAND_COMPLETE', () => {
    const done = playHand(dealt);
    expectRefused(done, { type: 'play', seat: 'N', card: 'AS' }, 'HAND_COMPLETE');
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
});

function playOnce(table: TableState): TableState {
  return applyOrThrow(table, { type: 'play', seat: currentSeat(table.hand!)!, card: heuristicPlayer(table.hand!) });
}

describe('apply: the hand and the rubber (CL laws 1-8)', () => {
  it('a play moves the hand on and leaves the rubber alone until the hand is complete', () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 4 }), { type: 'deal' });
    const t1 = playOnce(t);
    expect(t1.hand!.trick).toHaveLength(1);
    expect(t1.rubber).toEqual(t.rubber);
  });

  it('the 52nd card records the hand into the rubber, with its tricks, honours, trump and dealer', () => {
    const t = playHand(applyOrThrow(newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 10 }), { type: 'deal' }));
    expect(isHandComplete(t.hand!)).toBe(true);
    expect(t.rubber.hands).toHaveLength(1);
    const record = t.rubber.hands[0]!;
    expect(record.dealer).toBe('S');
    expect(record.trump).toBe(t.hand!.trump);
    expect(record.tricks).toEqual(tricksWon(t.hand!));
    expect(record.honours).toEqual(honoursHeld(t.hand!));
    expect(record.tricks.NS + record.tricks.EW).toBe(13);
  });

  it('after a hand, the next deal is by the seat on the dealer’s left (CL; DOC1)', () => {
    let t = newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 12 });
    const dealers: string[] = [];
    for (let i = 0; i < 5 && !isRubberComplete(t.rubber); i++) {
      t = applyOrThrow(t, { type: 'deal' });
      dealers.push(t.hand!.dealer);
      t = playHand(t);
    }
    expect(dealers).toEqual(['W', 'N', 'E', 'S', 'W'].slice(0, dealers.length));
    expect(t.dealNumber).toBe(dealers.length);
  });

  it('a full rubber played by heuristicPlayer reaches a winner, worth 1 to 8 rubber points (CL laws 1, 9-10)', () => {
    for (const seed of [1, 2, 3]) {
      const t = playRubber(newTableOrThrow(SHORT_WHIST, { seed }));
      const winner = rubberWinner(t.rubber);
      expect(winner === 'NS' || winner === 'EW').toBe(true);
      expect(t.rubber.games.filter((g) => g.winner === winner)).toHaveLength(2);
      expect(t.rubber.games.length === 2 || t.rubber.games.length === 3).toBe(true);
      const points = rubberPoints(t.rubber)!;
      expect(points).toBeGreaterThanOrEqual(1);
      expect(points).toBeLessThanOrEqual(8);
      // Every hand's dealer is left of the previous one.
      expect(t.rubber.hands.map((h) => h.dealer)).toEqual(t.rubber.hands.map((_, i) => nextSeat('N', i)));
      expect(t.dealNumber).toBe(t.rubber.hands.length);
    }
  });

  it('after the rubber, a further deal is refused with RUBBER_COMPLETE, leaving the table as it was', () => {
    const t = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 6 }));
    expectRefused(t, { type: 'deal' }, 'RUBBER_COMPLETE');
    expectRefused(t, { type: 'deal', deck: FULL_DECK }, 'RUBBER_COMPLETE');
  });

  it('newRubber after a finished rubber starts the next one at 0-0 and keeps a summary of the last', () => {
    const done = playRubber(newTableOrThrow(SHORT_WHIST, { seed: 6 }));
    const next = applyOrThrow(done, { type: 'newRubber' });
    expect(next.hand).toBeNull();
    expect(next.rubber.hands).toEqual([]);
    expect(next.rubber.games).toEqual([]);
    expect(next.rubbers).toHaveLength(1);
    expect(next.rubbers[0]!.winner).toBe(rubberWinner(done.rubber));
    expect(next.rubbers[0]!.rubberPoints).toBe(rubberPoints(done.rubber));
    // The deal keeps passing to the left across rubbers.
    expect(next.rubber.firstDealer).toBe(nextSeat('N', done.rubber.hands.length));
    expect(applyOrThrow(next, { type: 'deal' }).hand!.dealer).toBe(next.rubber.firstDealer);
  });
});
