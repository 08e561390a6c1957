import { describe, expect, it } from 'vitest';
import { currentSeat, dealOrThrow, heuristicPlayer, type HandState, parseState, parseStateOrThrow, playOrThrow, SHORT_WHIST, seedRandom, shuffledDeck, WhistError } from '../src/index.js';

function played(seed: number, plays: number): HandState {
  let state = dealOrThrow(SHORT_WHIST, { dealer: 'E', deck: shuffledDeck(seedRandom(seed)).value });
  for (let i = 0; i < plays; i++) state = playOrThrow(state, currentSeat(state)!, heuristicPlayer(state));
  return state;
}

const roundTrip = (state: HandState) => JSON.parse(JSON.stringify(state));

describe('parseState: stored states checked before use', () => {
  it('accepts every state the engine writes, at every step, and gives it back equal', () => {
    for (const plays of [0, 1, 3, 4, 17, 51, 52]) {
      const state = played(plays, plays);
      const r = parseState(roundTrip(state));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.state).toEqual(state);
    }
  });

  it.each([
    ['not an object', () => 42, 'state'],
    ['a wrong schema version', (s: any) => ({ ...s, v: 2 }), 'v'],
    ['an unknown dealer', (s: any) => ({ ...s, dealer: 'X' }), 'dealer'],
    ['a bad trump', (s: any) => ({ ...s, trump: 'Z' }), 'trump'],
    ['a turn-up of another suit', (s: any) => ({ ...s, trump: s.trump === 'S' ? 'H' : 'S' }), 'trumpCard'],
    ['a mask out of range', (s: any) => ({ ...s, hands: [[8192, 0, 0, 0], ...s.hands.slice(1)] }), 'hands[0][0]'],
    ['a card in two hands', (s: any) => ({ ...s, hands: [s.hands[0], s.hands[0], s.hands[2], s.hands[3]] }), 'hands'],
    ['a wrong trick leader', (s: any) => ({ ...s, tricks: [{ ...s.tricks[0], leader: s.tricks[0].winner === 'N' ? 'E' : 'N' }, ...s.tricks.slice(1)] }), 'tricks[0].leader'],
    ['a wrong trick winner', (s: any) => ({ ...s, trick: [], tricks: s.tricks.map((t: any, i: number) => (i === s.tricks.length - 1 ? { ...t, winner: ['N', 'E', 'S', 'W'].find((x) => x !== t.winner) } : t)) }), 'tricks[1].winner'],
    ['a trick in progress of four cards', (s: any) => ({ ...s, trick: ['2S', '3S', '4S', '5S'] }), 'trick'],
  ])('refuses %s with INVALID_STATE and a path', (_label, mutate, path) => {
    const state = roundTrip(played(9, path.endsWith('winner') ? 8 : 9));
    const r = parseState(mutate(state));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_STATE');
    expect(r.error.path).toContain(path.replace(/\[.*$/, ''));
  });

  it('refuses a history with a revoke in it (Laws of Short Whist 1864, laws 71-82: a revoke is never accepted)', () => {
    const seats = ['N', 'E', 'S', 'W'];
    const seatAt = (trick: any, i: number) => seats[(seats.indexOf(trick.leader) + i) % 4];
    let checked = 0;
    for (let seed = 0; seed < 20; seed++) {
      const state = roundTrip(played(seed, 52)) as any;
      // A seat that followed suit at trick t and played another suit later at trick u: swapping the two
      // cards makes it fail to follow suit at t while holding the suit led.
      for (let t = 0; t < 12; t++) {
        const trick = state.tricks[t];
        const led = trick.cards[0][1];
        for (let i = 1; i < 4; i++) {
          if (trick.cards[i][1] !== led) continue;
          for (let u = t + 1; u < 13; u++) {
            const later = state.tricks[u];
            const j = later.cards.findIndex((_: string, k: number) => seatAt(later, k) === seatAt(trick, i));
            if (j <= 0 || later.cards[j][1] === led) continue;
            const bad = structuredClone(state);
            bad.tricks[t].cards[i] = later.cards[j];
            bad.tricks[u].cards[j] = trick.cards[i];
            const r = parseState(bad);
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.error.code).toBe('INVALID_STATE');
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses rules that are not valid rules with INVALID_RULES', () => {
    const state = roundTrip(played(1, 0));
    expect(parseState({ ...state, rules: { ...state.rules, target: 0 } })).toMatchObject({ ok: false, error: { code: 'INVALID_RULES', field: 'target' } });
  });

  it('parseStateOrThrow throws a WhistError with the same code', () => {
    expect(() => parseStateOrThrow({})).toThrow(WhistError);
    expect(() => parseStateOrThrow({})).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
  });
});
