/**
 * parseState: a stored or received hand state is checked completely (shape, rules, deal, trump, and
 * every card played replayed through the rules of play) before it is used.
 */

import { describe, expect, it } from 'vitest';
import {
  completedTricks,
  currentSeat,
  dealHandOrThrow,
  dealtTo,
  defineRulesOrThrow,
  FULL_DECK,
  type HandState,
  heuristicPlayer,
  honoursCounted,
  legalMoves,
  parseState,
  parseStateOrThrow,
  play,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
  tricksWon,
  WhistError,
} from '../src/index.js';

function played(seed: number, count: number): HandState {
  let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'E', deck: shuffledDeck(seedRandom(seed)).value });
  for (let i = 0; i < count; i++) state = playOrThrow(state, currentSeat(state)!, heuristicPlayer(playerViewOrThrow(state, currentSeat(state))));
  return state;
}

/** A plain, unfrozen copy, as JSON.parse gives it. */
const roundTrip = (state: HandState): any => JSON.parse(JSON.stringify(state));

function expectRefused(value: unknown, path: string, code = 'INVALID_STATE') {
  const r = parseState(value);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  expect(r.error.path).toBe(path);
  expect(r.error.message.length).toBeGreaterThan(0);
}

describe('parseState: stored states checked before use', () => {
  it('accepts every state the engine writes, at every step, as a value or as JSON text, and gives it back equal and frozen', () => {
    for (const count of [0, 1, 3, 4, 17, 51, 52]) {
      const state = played(count, count);
      for (const input of [roundTrip(state), JSON.stringify(state), state]) {
        const r = parseState(input);
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        expect(r.value).toEqual(state);
        expect(Object.isFrozen(r.value)).toBe(true);
        expect(Object.isFrozen(r.value.rules)).toBe(true);
        expect(legalMoves(r.value)).toEqual(legalMoves(state));
        expect(completedTricks(r.value)).toEqual(completedTricks(state));
      }
    }
  });

  it('gives a new state, not the caller’s object, for anything it did not make itself', () => {
    const input = roundTrip(played(2, 5));
    const r = parseState(input);
    expect(r.ok && r.value).not.toBe(input);
    input.plays = '';
    expect(r.ok && r.value.plays).toBe(played(2, 5).plays);
  });

  it.each<[string, (s: any) => unknown, string]>([
    ['not an object', () => 42, 'state'],
    ['an array', () => [], 'state'],
    ['a schema version 1', (s) => ({ ...s, v: 1 }), 'v'],
    ['a schema version 3', (s) => ({ ...s, v: 3 }), 'v'],
    ['a missing field', ({ plays: _, ...rest }) => rest, 'plays'],
    ['an unknown field', (s) => ({ ...s, hands: [] }), 'hands'],
    ['a field given by a getter', (s) => Object.defineProperty({ ...s }, 'plays', { get: () => s.plays, enumerable: true }), 'plays'],
    ['a __proto__ key', (s) => JSON.parse(JSON.stringify(s).replace('"v":2', '"__proto__":{"v":2},"v":2')), '__proto__'],
    ['an unknown dealer', (s) => ({ ...s, dealer: 'X' }), 'dealer'],
    ['a bad trump', (s) => ({ ...s, trump: 'Z' }), 'trump'],
    ['a turn-up of another suit than trump', (s) => ({ ...s, trump: s.trump === 'S' ? 'H' : 'S' }), 'trumpCard'],
    [
      'a turn-up the dealer was not dealt',
      (s) => ({ ...s, trumpCard: FULL_DECK.find((c) => c[1] === s.trump && dealtTo(parseStateOrThrow(s), c) !== s.dealer) }),
      'trumpCard',
    ],
    ['no turn-up under trump by turn-up', (s) => ({ ...s, trumpCard: null }), 'trumpCard'],
    ['a trump source the rules do not use', (s) => ({ ...s, trumpSource: 'secondPack' }), 'trumpSource'],
    ['an unknown trump source', (s) => ({ ...s, trumpSource: 'dealer' }), 'trumpSource'],
    ['a turned card with trump given', (s) => ({ ...s, trumpSource: 'given' }), 'trumpCard'],
    ['a deal of 51 cards', (s) => ({ ...s, deal: s.deal.slice(0, -1) }), 'deal'],
    ['a card dealt twice', (s) => ({ ...s, deal: s.deal.replace(/ [^ ]+$/, ` ${s.deal.split(' ')[1]}`) }), 'deal'],
    ['a deal not written north first', (s) => ({ ...s, deal: `E:${s.deal.slice(2)}` }), 'deal'],
    ['a deal in lower case', (s) => ({ ...s, deal: s.deal.toLowerCase() }), 'deal'],
    ['a deal that is not text', (s) => ({ ...s, deal: { N: [] } }), 'deal'],
    ['plays separated by two spaces', (s) => ({ ...s, plays: s.plays.replace(' ', '  ') }), 'plays[1]'],
    ['plays with a trailing space', (s) => ({ ...s, plays: `${s.plays} ` }), 'plays'],
    ['a card in lower case', (s) => ({ ...s, plays: s.plays.toLowerCase() }), 'plays[0]'],
    ['more than 52 cards', (s) => ({ ...s, plays: `${s.plays} `.repeat(6).trim() }), 'plays'],
    ['plays that are not text', (s) => ({ ...s, plays: s.plays.split(' ') }), 'plays'],
    ['a card played twice', (s) => ({ ...s, plays: `${s.plays.slice(0, 2)} ${s.plays.slice(0, 2)}` }), 'plays[1]'],
    ['a card played by the wrong seat', (s) => ({ ...s, plays: s.plays.split(' ').slice(1).join(' ') }), 'plays[0]'],
  ])('refuses %s with INVALID_STATE and the path of the problem', (_label, mutate, path) => {
    expectRefused(mutate(roundTrip(played(9, 9))), path);
  });

  it('refuses text that is not JSON, and text over 1 MB before reading it', () => {
    expectRefused('{', 'state');
    expectRefused('', 'state');
    expectRefused(`${JSON.stringify(played(1, 0))}${' '.repeat(1_000_000)}`, 'state');
  });

  it('refuses a history with a revoke in it, at the revoke (Laws of Short Whist (1864), laws 71-82: the engine never accepts a revoke)', () => {
    let checked = 0;
    for (let seed = 0; seed < 20; seed++) {
      const state = played(seed, 52);
      const history = playedCards(state);
      const card = history.map((p) => p.card);
      // A seat that followed suit at play i and played another suit later, at play j: swapping the two
      // cards makes it fail to follow suit at i while it still holds a card of the suit led.
      for (let i = 0; i < 48; i++) {
        const p = history[i]!;
        const lead = history[i - (i % 4)]!;
        if (i % 4 === 0 || p.card[1] !== lead.card[1]) continue;
        for (let j = i + 1; j < 52; j++) {
          const q = history[j]!;
          if (q.seat !== p.seat || q.card[1] === lead.card[1] || q.trick === p.trick) continue;
          const forged = [...card];
          forged[i] = q.card;
          forged[j] = p.card;
          expectRefused({ ...roundTrip(state), plays: forged.join(' ') }, `plays[${i}]`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses rules that are not valid rules with INVALID_RULES, naming the rules field', () => {
    const state = roundTrip(played(1, 0));
    expect(parseState({ ...state, rules: { ...state.rules, target: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RULES', field: 'target', path: 'rules.target' },
    });
    expect(parseState({ ...state, rules: { ...state.rules, target: 7 } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RULES', field: 'gameValue.byLosersScore' },
    });
    expect(parseState({ ...state, rules: { ...state.rules, honours: null } })).toMatchObject({ ok: false, error: { code: 'INVALID_RULES', field: 'name' } });
    expect(parseState({ ...state, rules: null })).toMatchObject({ ok: false, error: { code: 'INVALID_RULES' } });
  });

  it('accepts the rules of any valid variant, stored as JSON', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } });
    const state = playOrThrow(dealHandOrThrow(rules, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
    const r = parseState(JSON.stringify(state));
    expect(r.ok && r.value.rules).toEqual(rules);
  });

  it('never throws, whatever it is given: Proxies, getters that throw, cycles, BigInt, Symbols, deep nesting', () => {
    const base = roundTrip(played(3, 6));
    const cyclic = { ...base, rules: { ...base.rules } };
    cyclic.rules.honours = { ...base.rules.honours, self: cyclic };
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { rules: deep };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const hostile: unknown[] = [
      new Proxy(base, {
        get: () => {
          throw new Error('trap');
        },
      }),
      new Proxy(base, {
        ownKeys: () => {
          throw new Error('trap');
        },
      }),
      revoked.proxy,
      Object.defineProperty({ ...base }, 'deal', {
        get: () => {
          throw new Error('getter');
        },
        enumerable: true,
      }),
      cyclic,
      deep,
      { ...base, rules: deep },
      { ...base, v: 2n },
      { ...base, dealer: Symbol('N') },
      Symbol('state'),
      10n,
      () => base,
      { ...base, plays: new String(base.plays) },
      { ...base, plays: { toString: () => base.plays } },
      `[${'['.repeat(100_000)}`,
    ];
    for (const value of hostile) {
      let r: ReturnType<typeof parseState> | undefined;
      expect(() => {
        r = parseState(value);
      }).not.toThrow();
      if (r === undefined || !r.ok) continue;
      // Only a Proxy whose own data is a true state may pass (its get trap is never used); what comes
      // back is then a new, frozen state with that data.
      expect(hostile.indexOf(value)).toBe(0);
      expect(r.value === value).toBe(false);
      expect(r.value).toEqual(base);
      expect(Object.isFrozen(r.value)).toBe(true);
    }
  });

  it('parseStateOrThrow throws a WhistError carrying the same error', () => {
    expect(() => parseStateOrThrow({})).toThrow(WhistError);
    expect(() => parseStateOrThrow({})).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
    const r = parseState({ ...roundTrip(played(1, 0)), v: 1 });
    try {
      parseStateOrThrow({ ...roundTrip(played(1, 0)), v: 1 });
    } catch (e) {
      expect((e as WhistError).info).toEqual(!r.ok && r.error);
    }
  });
});

describe('a state changed after it was checked is checked again (HandState: "a stored state cannot contradict itself")', () => {
  it('a spread copy that lies is refused by play and parseState, and its selectors throw INVALID_STATE', () => {
    const state = played(4, 5);
    const lie = { ...state, plays: `${state.plays} AS AS` };
    expect(play(lie, currentSeat(state)!, legalMoves(state)[0]!)).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    expect(() => currentSeat(lie)).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
    expect(parseState(lie).ok).toBe(false);
  });

  it('a copy is not a state the library made: selectors refuse it, and parseState returns a checked state of its own that later changes to the copy cannot reach', () => {
    const state = played(4, 5);
    const copy = { ...state } as { -readonly [K in keyof HandState]: HandState[K] };
    expect(() => currentSeat(copy)).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
    const checked = parseStateOrThrow(copy);
    expect(checked).not.toBe(copy);
    expect(currentSeat(checked)).toBe(currentSeat(state));
    copy.plays = 'AS AS';
    expect(currentSeat(checked)).toBe(currentSeat(state));
    expect(parseState(copy)).toMatchObject({ ok: false, error: { code: 'INVALID_STATE', path: 'plays[0]' } });
  });

  it('a copy frozen only at the top, whose rules are then changed, is judged as its JSON copy is', () => {
    // Object.freeze is shallow: the rules object inside stays writable. Once such a state has been
    // checked and remembered, changing its rules must not go unnoticed.
    const state = played(4, 5);
    for (const change of [
      (rules: Record<string, unknown>) => {
        rules.honours = null;
      },
      (rules: Record<string, unknown>) => {
        rules.target = 7;
      },
    ]) {
      const copy = Object.freeze({ ...state, rules: { ...state.rules } });
      expect(parseState(copy).ok).toBe(true);
      expect(honoursCounted(parseStateOrThrow(copy))).toEqual(honoursCounted(state));
      change(copy.rules as Record<string, unknown>);
      expect(parseState(JSON.parse(JSON.stringify(copy))).ok).toBe(false);
      expect(parseState(copy).ok).toBe(false);
    }
    expect(tricksWon(state)).toEqual(tricksWon(played(4, 5)));
  });
});
