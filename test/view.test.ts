import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  currentTrick,
  dealHandOrThrow,
  FULL_DECK,
  gameScore,
  type HandState,
  heuristicPlayer,
  isHandComplete,
  isRubberComplete,
  lastTrick,
  legalMoves,
  newTableOrThrow,
  type PlayerView,
  playerView,
  playerViewOrThrow,
  playOrThrow,
  SEATS,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
  type TableState,
  tableView,
  tableViewOrThrow,
  tricksWon,
  WhistError,
} from '../src/index.js';

function dealt(seed: number): HandState {
  return dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: shuffledDeck(seedRandom(seed)).value });
}

function view(state: HandState, seat: (typeof SEATS)[number] | null): PlayerView {
  const r = playerView(state, seat);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The heuristic player's card for the seat to play, from that seat's view. */
function pick(state: HandState): Card {
  return heuristicPlayer(playerViewOrThrow(state, currentSeat(state)));
}

describe('playerView: what one seat may see (docs/rules.md; Laws of Short Whist (1864))', () => {
  it('holds the viewer’s own cards and only counts for the others', () => {
    const state = dealt(1);
    for (const seat of SEATS) {
      const v = view(state, seat);
      expect(v.viewer).toBe(seat);
      expect(v.cards).toEqual(cardsHeld(state, seat));
      expect(v.cardCounts).toEqual({ N: 13, E: 13, S: 13, W: 13 });
      const text = JSON.stringify(v);
      for (const other of SEATS) {
        if (other === seat) continue;
        // No card of another hand appears anywhere in the view, except the public turn-up.
        for (const card of cardsHeld(state, other)) if (card !== v.trumpCard) expect(text).not.toContain(`"${card}"`);
      }
      expect(text).not.toContain(state.deal);
      expect(Object.keys(v)).not.toContain('deal');
    }
  });

  it('a spectator sees no cards in hand, only counts and the public facts', () => {
    const state = playOrThrow(dealt(5), 'W', legalMoves(dealt(5))[0]!);
    const v = view(state, null);
    expect(v.viewer).toBeNull();
    expect(v.cards).toEqual([]);
    expect(v.legalMoves).toEqual([]);
    expect(v.cardCounts).toEqual({ N: 13, E: 13, S: 13, W: 12 });
    expect(v.currentSeat).toBe('N');
    expect(v.trick).toEqual(currentTrick(state));
    const text = JSON.stringify(v);
    for (const seat of SEATS) for (const card of cardsHeld(state, seat)) if (card !== v.trumpCard) expect(text).not.toContain(`"${card}"`);
  });

  it('refuses a seat that is not one (INVALID_SEAT) and a value that is not a state (INVALID_STATE), without throwing', () => {
    const state = dealt(1);
    for (const seat of ['X', 'n', '', 0, undefined, {}, Symbol('N')]) {
      const r = playerView(state, seat as never);
      expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    }
    for (const value of [null, undefined, 42, 'N:...', {}, { ...state, plays: 'ZZ' }, { ...state, extra: 1 }]) {
      const r = playerView(value as never, 'N');
      expect(!r.ok && r.error.code).toBe('INVALID_STATE');
    }
    expect(() => playerViewOrThrow(state, 'X' as never)).toThrow(WhistError);
  });

  it('shows the turn-up while the dealer still holds it, and not after (Laws of Short Whist (1864); «Whist» (2012))', () => {
    let state = dealt(2);
    const turnUp = state.trumpCard!;
    expect(view(state, 'N').trumpCard).toBe(turnUp);
    while (cardsHeld(state, 'S').includes(turnUp)) {
      const seat = currentSeat(state)!;
      expect(view(state, 'N').trumpCard).toBe(turnUp);
      state = playOrThrow(state, seat, seat === 'S' && legalMoves(state).includes(turnUp) ? turnUp : pick(state));
    }
    expect(view(state, 'N').trumpCard).toBeNull();
    expect(view(state, null).trumpCard).toBeNull();
    const played = completedTricks(state)
      .flatMap((t) => t.cards)
      .concat(currentTrick(state)?.cards ?? []);
    expect(played).toContain(turnUp);
  });

  it('lists legal moves only for the seat to play', () => {
    const state = dealt(3);
    expect(view(state, 'W').legalMoves).toHaveLength(13); // eldest hand leads
    expect(view(state, 'N').legalMoves).toEqual([]);
    expect(view(state, 'W').currentSeat).toBe('W');
    expect(view(state, 'N').currentSeat).toBe('W');
  });

  it('counts cards as they are played', () => {
    let state = dealt(4);
    for (let i = 0; i < 6; i++) state = playOrThrow(state, currentSeat(state)!, pick(state));
    const v = view(state, 'N');
    const total = Object.values(v.cardCounts).reduce((a, b) => a + b, 0);
    expect(total).toBe(52 - 6);
    expect(v.tricks).toHaveLength(1);
    expect(v.tricks).toEqual(completedTricks(state));
    expect(v.trick?.cards).toHaveLength(2);
    expect(v.tricksWon).toEqual(tricksWon(state));
    expect(FULL_DECK).toEqual(expect.arrayContaining([...v.cards]));
  });

  it('a complete hand: nobody to play, no trick in progress, 13 tricks', () => {
    let state = dealt(6);
    while (!isHandComplete(state)) state = playOrThrow(state, currentSeat(state)!, pick(state));
    const v = view(state, 'E');
    expect(v.currentSeat).toBeNull();
    expect(v.trick).toBeNull();
    expect(v.tricks).toHaveLength(13);
    expect(v.cards).toEqual([]);
    expect(v.cardCounts).toEqual({ N: 0, E: 0, S: 0, W: 0 });
  });
});

describe('tableView: what one seat may see of a table (docs/rules.md)', () => {
  function playSome(table: TableState, n: number): TableState {
    let t = table;
    for (let i = 0; i < n; i++) {
      const h = currentHand(t)!;
      t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: pick(h) });
    }
    return t;
  }

  it('before the first deal: the players, a 0-0 score, and the next dealer', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1, dealer: 'E', players: { N: 'ann', E: 'bob', S: 'cy', W: 'di' } });
    const v = tableViewOrThrow(t, 'S');
    expect(v.viewer).toBe('S');
    expect(v.players).toEqual({ N: 'ann', E: 'bob', S: 'cy', W: 'di' });
    expect(v.next).toEqual({ action: 'deal', dealer: 'E' });
    expect(v.score).toEqual({ NS: 0, EW: 0 });
    expect(v.gamesWon).toEqual({ NS: 0, EW: 0 });
    expect(v.hand).toBeNull();
    expect(v.lastTrick).toBeNull();
    expect(v.cut).toBeNull();
    expect(v.dealNumber).toBe(0);
  });

  it('during a hand: the hand as playerView gives it, whose turn, and the last finished trick', () => {
    const t = playSome(applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 2 }), { type: 'deal' }), 6);
    const h = currentHand(t)!;
    for (const seat of [...SEATS, null]) {
      const v = tableViewOrThrow(t, seat);
      expect(v.hand).toEqual(playerViewOrThrow(h, seat));
      expect(v.next).toEqual({ action: 'play', seat: currentSeat(h) });
      expect(v.lastTrick).toEqual(lastTrick(h));
      expect(v.dealNumber).toBe(1);
    }
  });

  it('after a rubber: the winner, the games and the scored hands, and a new rubber next', () => {
    let t = newTableOrThrow(SHORT_WHIST, { seed: 3 });
    while (!isRubberComplete(currentRubber(t))) {
      t = applyOrThrow(t, { type: 'deal' });
      while (!isHandComplete(currentHand(t)!)) t = playSome(t, 1);
    }
    const v = tableViewOrThrow(t, 'N');
    expect(v.next).toEqual({ action: 'newRubber' });
    expect(v.rubberWinner).not.toBeNull();
    expect(v.gamesWon[v.rubberWinner!]).toBe(2);
    expect(v.hands.length).toBe(v.dealNumber);
    expect(v.score).toEqual(gameScore(currentRubber(t)));
    expect(v.rubberPoints).not.toBeNull();
  });

  it('refuses a seat that is not one and a value that is not a table, without throwing', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1 });
    const r = tableView(t, 'X' as never);
    expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    for (const value of [null, 7, {}, { ...t, random: null }, { ...t, v: 1 }]) {
      const bad = tableView(value as never, 'N');
      expect(!bad.ok && bad.error.code).toBe('INVALID_STATE');
    }
    expect(() => tableViewOrThrow(t, 'X' as never)).toThrow(WhistError);
  });

  it("shows the previous hand's last trick until the new hand's first trick is won (the table deals at once)", () => {
    let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 4 }), { type: 'deal' });
    expect(tableViewOrThrow(t, 'S').lastTrick).toBeNull();
    for (let hand = currentHand(t) as HandState, seat = currentSeat(hand); seat !== null; hand = currentHand(t) as HandState, seat = currentSeat(hand))
      t = applyOrThrow(t, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
    const finished = currentHand(t) as HandState;
    const thirteenth = completedTricks(finished)[12];
    expect(tableViewOrThrow(t, 'S').lastTrick).toEqual(thirteenth);
    t = applyOrThrow(t, { type: 'deal' });
    expect(tableViewOrThrow(t, 'S').lastTrick).toEqual(thirteenth);
    expect(tableViewOrThrow(t, null).hand?.tricks).toEqual([]);
    for (let k = 0; k < 4; k++) {
      const hand = currentHand(t) as HandState;
      const seat = currentSeat(hand) as NonNullable<ReturnType<typeof currentSeat>>;
      t = applyOrThrow(t, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
    }
    expect(tableViewOrThrow(t, 'S').lastTrick).toEqual(completedTricks(currentHand(t) as HandState)[0]);
  });
});
