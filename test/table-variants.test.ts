import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  currentSeat,
  defineRulesOrThrow,
  GERMAN_LONG_WHIST,
  heuristicPlayer,
  honoursHeld,
  isRubberComplete,
  LONG_WHIST,
  newTableOrThrow,
  PRESETS,
  type Rules,
  SHORT_WHIST,
  AMERICAN_WHIST,
  type TableState,
  rubberWinner,
} from '../src/index.js';

function playHand(table: TableState): TableState {
  let t = applyOrThrow(table, { type: 'deal' });
  while (t.hand && currentSeat(t.hand)) t = applyOrThrow(t, { type: 'play', seat: currentSeat(t.hand)!, card: heuristicPlayer(t.hand) });
  return t;
}

function playRubber(table: TableState): TableState {
  let t = table;
  while (!isRubberComplete(t.rubber)) t = playHand(t);
  return t;
}

describe('trump choice (DOC1 "Varianten")', () => {
  it('rotation: the trump suit follows the cycle by the table’s deal number, across rubbers (DOC1)', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } });
    let t = newTableOrThrow(rules, { seed: 5 });
    const trumps: (string | null)[] = [];
    for (let i = 0; i < 12; i++) {
      if (isRubberComplete(t.rubber)) t = applyOrThrow(t, { type: 'newRubber' });
      t = playHand(t);
      trumps.push(t.hand!.trump);
      expect(t.hand!.trumpSource).toBe('rotation');
      expect(t.hand!.trumpCard).toBeNull();
    }
    expect(trumps).toEqual(['H', 'D', 'S', 'C', null, 'H', 'D', 'S', 'C', null, 'H', 'D']);
    expect(t.dealNumber).toBe(12);
  });

  it('a no-trump hand has no honours (RULES.md §3)', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: [null] } });
    const t = playHand(newTableOrThrow(rules, { seed: 1 }));
    expect(honoursHeld(t.hand!)).toEqual({ NS: 0, EW: 0 });
    expect(t.rubber.hands[0]!.honours).toEqual({ NS: 0, EW: 0 });
    expect(t.rubber.hands[0]!.trump).toBeNull();
  });

  it('second pack: eldest turns the top card of a second pack; the first pack is dealt in full (DOC1, MEYERS)', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'secondPack' } });
    const t = applyOrThrow(newTableOrThrow(rules, { seed: 2 }), { type: 'deal', secondPackCard: '9C' });
    expect(t.hand!.trump).toBe('C');
    expect(t.hand!.trumpSource).toBe('secondPack');
    expect(t.hand!.trumpCard).toBe('9C');
    const drawn = applyOrThrow(newTableOrThrow(rules, { seed: 2 }), { type: 'deal' });
    expect(drawn.hand!.trumpSource).toBe('secondPack');
    expect(drawn.hand!.trump).toBe(drawn.hand!.trumpCard![1]);
  });
});

describe('after the rubber (DOC1; CL; RULES.md §4)', () => {
  const players = { N: 'ann', E: 'bob', S: 'cy', W: 'di' };

  it('a new rubber is refused while the rubber is being played', () => {
    const t = newTableOrThrow(SHORT_WHIST, { seed: 1, players });
    expect(apply(t, { type: 'newRubber' })).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION' } });
  });

  it('keep: the same partners; the deal goes on passing left', () => {
    const t = playRubber(newTableOrThrow(AMERICAN_WHIST, { seed: 9, players }));
    const lastDealer = t.rubber.hands[t.rubber.hands.length - 1]!.dealer;
    const next = applyOrThrow(t, { type: 'newRubber' });
    expect(next.players).toEqual(players);
    expect(next.rubber.firstDealer).toBe({ N: 'E', E: 'S', S: 'W', W: 'N' }[lastDealer]);
    expect(next.rubbers).toHaveLength(1);
    expect(next.rubbers[0]!.winner).toBe(rubberWinner(t.rubber));
    expect(next.rubbers[0]!.rubberPoints).toBeNull();
    expect(next.rubber.games).toEqual([]);
  });

  it('swap: the first dealer and eldest hand keep their seats, the other two exchange (DOC1)', () => {
    const t = playRubber(newTableOrThrow(GERMAN_LONG_WHIST, { seed: 4, players }));
    const next = applyOrThrow(t, { type: 'newRubber' });
    const dealer = next.rubber.firstDealer;
    const order = ['N', 'E', 'S', 'W'] as const;
    const at = (k: number) => order[(order.indexOf(dealer) + k) % 4]!;
    expect(next.players[dealer]).toBe(players[dealer]);
    expect(next.players[at(1)]).toBe(players[at(1)]);
    expect(next.players[at(2)]).toBe(players[at(3)]);
    expect(next.players[at(3)]).toBe(players[at(2)]);
  });

  it('swap three times: every player has partnered every other (MEYERS)', () => {
    let t = newTableOrThrow(GERMAN_LONG_WHIST, { seed: 11, players });
    const partnerships = new Set<string>();
    for (let r = 0; r < 3; r++) {
      partnerships.add([t.players.N, t.players.S].sort().join('+'));
      partnerships.add([t.players.E, t.players.W].sort().join('+'));
      t = applyOrThrow(playRubber(t), { type: 'newRubber' });
    }
    expect(partnerships.size).toBe(6);
  });

  it('recut: the players cut again; the cut is kept for the UI (CL)', () => {
    const t = playRubber(newTableOrThrow(LONG_WHIST, { seed: 6, players }));
    const next = applyOrThrow(t, { type: 'newRubber' });
    expect(next.cut).not.toBeNull();
    expect(next.players).toEqual(next.cut!.seats);
    expect(next.rubber.firstDealer).toBe(next.cut!.dealer);
    expect(new Set(Object.values(next.players))).toEqual(new Set(Object.values(players)));
  });

  it('a table can open with a cut for partners and deal (CL law 13)', () => {
    const t = newTableOrThrow(SHORT_WHIST, { players: ['ann', 'bob', 'cy', 'di'], seed: 3 });
    expect(t.cut).not.toBeNull();
    expect(t.players).toEqual(t.cut!.seats);
    expect(t.rubber.firstDealer).toBe(t.cut!.dealer);
  });
});

describe('every preset plays complete rubbers at a table', () => {
  it.each(Object.entries(PRESETS))('%s', (_name, rules: Rules) => {
    for (let seed = 0; seed < 5; seed++) {
      const t = playRubber(newTableOrThrow(rules, { seed }));
      const winner = rubberWinner(t.rubber)!;
      expect(t.rubber.games.filter((g) => g.winner === winner)).toHaveLength(rules.rubber.gamesToWin);
      for (const h of t.rubber.hands) {
        expect(h.score.NS).toBeLessThanOrEqual(rules.target);
        expect(h.score.EW).toBeLessThanOrEqual(rules.target);
      }
    }
  });
});
