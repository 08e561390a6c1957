import { describe, expect, it } from 'vitest';
import { currentSeat, dealHandOrThrow, playerViewOrThrow, SHORT_WHIST, seedRandom, shuffledDeck } from '../src/index.js';
import { cardValues, HINT_LAYOUTS, hintValues, SAMPLING_LEVELS } from '../src/solver/index.js';
import { hintBasis } from '../src/words/index.js';

// The hint a person is shown (hintValues): the level's values where they rest on HINT_LAYOUTS solved layouts
// or more, else the expert level's budgets for as many layouts; the page and `whist play` both take it.

const SEED = 20261129;

function openingView(k: number) {
  const deck = shuffledDeck(seedRandom(SEED + k)).value;
  const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck });
  return playerViewOrThrow(state, currentSeat(state));
}

describe(`hintValues (seed ${SEED})`, () => {
  it('at the opening lead: the values rest on at least HINT_LAYOUTS solved layouts, or the expert budgets were asked', () => {
    let retried = 0;
    for (let k = 0; k < 2; k++) {
      const view = openingView(k);
      const first = cardValues(view, { level: 'fast', seed: k });
      const hint = hintValues(view, { level: 'fast', seed: k });
      expect(hint.ok).toBe(true);
      if (!hint.ok || !first.ok) continue;
      expect(hint.value.cards.map((c) => c.card)).toEqual([...view.legalMoves]);
      if (first.value.layouts >= HINT_LAYOUTS) expect(hint.value).toEqual(first.value);
      else {
        retried++;
        const expert = cardValues(view, { ...SAMPLING_LEVELS.expert, layouts: SAMPLING_LEVELS.fast.layouts, seed: k });
        expect(expert.ok && hint.value).toEqual(expert.ok && expert.value);
      }
    }
    console.info(`hint-values: ${retried} of 2 opening leads asked again with the expert budgets`);
  });

  it('refuses an unknown level as cardValues does', () => {
    const r = hintValues(openingView(0), { level: 'slow' as 'fast' });
    expect(r.ok ? null : r.error.code).toBe('INVALID_ARGUMENT');
  });

  it('says what the values rest on: layouts solved, or played out when none was', () => {
    expect(hintBasis({ layouts: 1, playedOut: 0 })).toBe('1 layout of the hidden cards, each solved');
    expect(hintBasis({ layouts: 0, playedOut: 2 })).toMatch(/^2 layouts of the hidden cards, none of which could be solved in time: each played out/);
  });
});
