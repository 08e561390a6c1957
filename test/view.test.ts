import { describe, expect, it } from 'vitest';
import { currentSeat, dealOrThrow, FULL_DECK, handOf, heuristicPlayer, type HandState, playerView, playOrThrow, SEATS, SHORT_WHIST, seedRandom, shuffledDeck } from '../src/index.js';

function dealt(seed: number): HandState {
  return dealOrThrow(SHORT_WHIST, { dealer: 'S', deck: shuffledDeck(seedRandom(seed)).value });
}

describe('playerView: what one seat may see (STYLE.md "Views")', () => {
  it('holds the viewer’s own cards and only counts for the others', () => {
    const state = dealt(1);
    for (const seat of SEATS) {
      const view = playerView(state, seat);
      expect(view.hand).toEqual(handOf(state, seat));
      expect(view.handSizes).toEqual({ N: 13, E: 13, S: 13, W: 13 });
      const text = JSON.stringify(view);
      for (const other of SEATS) {
        if (other === seat) continue;
        // No card of another hand appears anywhere in the view, except the public turn-up.
        for (const card of handOf(state, other)) if (card !== view.trumpCard) expect(text).not.toContain(`"${card}"`);
      }
    }
  });

  it('shows the turn-up while the dealer still holds it, and not after (CL; DOC1)', () => {
    let state = dealt(2);
    const turnUp = state.trumpCard!;
    expect(playerView(state, 'N').trumpCard).toBe(turnUp);
    while (handOf(state, 'S').includes(turnUp)) {
      const seat = currentSeat(state)!;
      state = playOrThrow(state, seat, seat === 'S' && state.trick.length > 0 && state.trick[0]![1] === turnUp[1] ? turnUp : heuristicPlayer(state));
    }
    expect(playerView(state, 'N').trumpCard).toBeNull();
    expect(state.tricks.flatMap((t) => t.cards).concat(state.trick)).toContain(turnUp);
  });

  it('lists legal moves only for the seat to play', () => {
    const state = dealt(3);
    expect(playerView(state, 'W').legalMoves).toHaveLength(13); // eldest hand leads
    expect(playerView(state, 'N').legalMoves).toEqual([]);
    expect(playerView(state, 'W').currentSeat).toBe('W');
  });

  it('counts cards as they are played', () => {
    let state = dealt(4);
    for (let i = 0; i < 6; i++) state = playOrThrow(state, currentSeat(state)!, heuristicPlayer(state));
    const view = playerView(state, 'N');
    const total = Object.values(view.handSizes).reduce((a, b) => a + b, 0);
    expect(total).toBe(52 - 6);
    expect(view.tricks).toHaveLength(1);
    expect(view.trick?.cards).toHaveLength(2);
    expect(FULL_DECK).toEqual(expect.arrayContaining([...view.hand]));
  });
});
