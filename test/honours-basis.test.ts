import { describe, expect, it } from 'vitest';
import {
  type Card,
  dealHandOrThrow,
  defineRulesOrThrow,
  GERMAN_LONG_WHIST,
  type HandState,
  handFacts,
  honoursCounted,
  playOrThrow,
  SHORT_WHIST,
} from '../src/index.js';

// North holds A K of spades (trump), East Q, South J, West the ten. Spades are led around so that the
// honours change hands: West trumps nothing, everyone follows.
const hands = {
  N: ['AS', 'KS', '2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H', 'TH', 'JH', 'QH'],
  E: ['QS', '2S', '3S', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'TD', 'JD'],
  S: ['JS', '4S', '5S', 'QD', 'KD', 'AD', 'KH', 'AH', '2C', '3C', '4C', '5C', '6C'],
  W: ['TS', '6S', '7S', '8S', '9S', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC'],
} as Record<'N' | 'E' | 'S' | 'W', Card[]>;

function afterFirstTrick(rules = SHORT_WHIST): HandState {
  // Dealer W: North is eldest and leads. N KS, E QS, S JS, W TS: North captures four honours (five with the ten).
  let s = dealHandOrThrow(rules, { dealer: 'W', cards: hands, trump: 'S' });
  for (const [seat, card] of [
    ['N', 'KS'],
    ['E', 'QS'],
    ['S', 'JS'],
    ['W', 'TS'],
  ] as const)
    s = playOrThrow(s, seat, card);
  return s;
}

describe('honours basis (Laws of Short Whist (1864), law 3: held; docs/rules.md, "Scoring a hand": captured as a flag)', () => {
  it('held: counted as dealt, whoever wins them (Laws of Short Whist (1864), law 3)', () => {
    expect(honoursCounted(afterFirstTrick())).toEqual({ NS: 3, EW: 1 });
  });

  it('captured: counted by the side that won them in tricks, and only once won (docs/rules.md, "Scoring a hand")', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { honours: { basis: 'captured' } });
    const before = dealHandOrThrow(rules, { dealer: 'W', cards: hands, trump: 'S' });
    expect(honoursCounted(before)).toEqual({ NS: 0, EW: 0 });
    expect(honoursCounted(afterFirstTrick(rules))).toEqual({ NS: 3, EW: 0 });
    // handFacts, what the rubber scores, counts them the same way.
    expect(handFacts(afterFirstTrick(rules)).honours).toEqual({ NS: 3, EW: 0 });
  });

  it('captured under German Long Whist rules: the ten captured with the others makes four', () => {
    const rules = defineRulesOrThrow(GERMAN_LONG_WHIST, { honours: { basis: 'captured' } });
    expect(honoursCounted(afterFirstTrick(rules))).toEqual({ NS: 4, EW: 0 });
  });

  it('the ten counts as fifth honour in German Long Whist («Whist» (2012); Meyers Konversations-Lexikon, "Whist")', () => {
    expect(honoursCounted(afterFirstTrick(GERMAN_LONG_WHIST))).toEqual({ NS: 3, EW: 2 });
  });

  it('no trumps, no honours (docs/rules.md, "Scoring a hand")', () => {
    expect(honoursCounted(dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: hands, trump: null }))).toEqual({ NS: 0, EW: 0 });
  });
});
