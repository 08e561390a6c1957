// Types that catch mistakes: each `@ts-expect-error` below is a mistake the compiler must refuse
// (`npm run typecheck` compiles this file, and fails if any of them compiles), and each call still
// gets its run-time answer for an untyped caller.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type Card,
  dealHandOrThrow,
  FULL_DECK,
  type HandState,
  heuristicPlayer,
  type PlayerView,
  play,
  playerViewOrThrow,
  playOrThrow,
  type Seat,
  SHORT_WHIST,
} from '../src/index.js';

const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });

describe('types that catch mistakes', () => {
  it('play takes a Seat and then a Card: swapped arguments are a type error, and refused at run time', () => {
    expectTypeOf(play).parameter(1).toEqualTypeOf<Seat>();
    expectTypeOf(play).parameter(2).toEqualTypeOf<Card>();
    // @ts-expect-error the card and the seat swapped
    const swapped = play(state, 'AS', 'N');
    expect(swapped).toMatchObject({ ok: false, error: { code: 'INVALID_SEAT' } });
    // @ts-expect-error a lower-case card is not a Card
    expect(() => playOrThrow(state, 'E', 'as')).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
    expect(play(state, 'E', 'AS').ok).toBe(true);
  });

  it('a player takes a view, and a full hand state (which holds every seat’s cards) is a type error', () => {
    expectTypeOf(heuristicPlayer).parameter(0).toEqualTypeOf<PlayerView>();
    expectTypeOf<HandState>().not.toExtend<PlayerView>();
    // @ts-expect-error a hand state is not a view: a player may not see the other hands
    expect(() => heuristicPlayer(state)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(heuristicPlayer(playerViewOrThrow(state, 'E'))).toMatch(/^[2-9TJQKA][SHDC]$/);
  });
});
