import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHandOrThrow,
  applyOrThrow,
  currentHand,
  currentRubber,
  currentSeat,
  dealHandOrThrow,
  defineRulesOrThrow,
  FULL_DECK,
  GERMAN_LONG_WHIST,
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  LONG_WHIST,
  newTableOrThrow,
  PRESETS,
  playerViewOrThrow,
  type RubberState,
  SHORT_WHIST,
  startRubberOrThrow,
  type TableState,
  TEN_POINT_WHIST,
  tableViewOrThrow,
} from 'whist';
import { changes, playsOf, trumpSentence } from '../src/changes.js';
import { explainHand, explainRubber, gameValueText } from '../src/explain.js';
import { cardName, cardText } from '../src/names.js';

// The page explains scores from the library's HandSummary; these tests build rubbers with addHand and
// check that the words match the numbers and name the rule that applied.

function rubberOf(rules: Parameters<typeof startRubberOrThrow>[0], hands: [number, number, number, number][]): RubberState {
  let r = startRubberOrThrow(rules, { dealer: 'N' });
  for (const [ns, ew, hns, hew] of hands) r = addHandOrThrow(r, { tricks: { NS: ns, EW: ew }, honours: { NS: hns, EW: hew } });
  return r;
}

function explain(rules: Parameters<typeof startRubberOrThrow>[0], hands: [number, number, number, number][], index: number): string {
  return explainHand(rules, handSummaries(rubberOf(rules, hands)), index).join(' ');
}

describe('the end-of-hand explanation', () => {
  it('counts odd tricks and honours (Short Whist, laws 2-3)', () => {
    expect(explain(SHORT_WHIST, [[8, 5, 3, 1]], 0)).toBe(
      'NS took 8 tricks, EW 5: NS make 2 odd tricks = 2. NS held 3 honours = 2. This hand scores NS 4. Score: NS 4, EW 0 (game is 5).',
    );
  });

  it('says that a side beginning the hand at 4 cannot score honours (Short Whist, club law 4)', () => {
    const text = explain(
      SHORT_WHIST,
      [
        [10, 3, 2, 2],
        [5, 8, 4, 0],
      ],
      1,
    );
    expect(text).toContain('EW took 8 tricks, NS 5: EW make 2 odd tricks = 2.');
    expect(text).toContain('NS held 4 honours, but NS began the hand at 4, so honours cannot score (club law: a side at 4 cannot score honours).');
    expect(text).toContain('Score: NS 4, EW 2');
  });

  it('says that tricks score before honours, names the game value, and the points lost past the target (laws 1, 5, 8)', () => {
    const text = explain(
      SHORT_WHIST,
      [
        [9, 4, 2, 2],
        [10, 3, 0, 4],
      ],
      1,
    );
    expect(text).toContain('NS make 4 odd tricks = 4.');
    expect(text).toContain("EW held 4 honours, but NS's odd tricks won the game first (tricks score before honours), so EW's honours do not count.");
    expect(text).toContain('NS needed 2 for game; the other 2 points past the target are lost.');
    expect(text).toContain('NS win the game. EW have 0, so it is a treble, worth 3.');
    const own = explain(SHORT_WHIST, [[12, 1, 4, 0]], 0);
    expect(own).toContain('NS held 4 honours, but their odd tricks had already won the game; tricks score first, so honours are not counted.');
    expect(own).toContain('the other 1 point past the target is lost.');
  });

  it('says when honours are capped below the winning point, or ignored when they would win a game', () => {
    const capped = defineRulesOrThrow(LONG_WHIST, { name: 'long-cap', honours: { restriction: 'cap' } });
    const cap = explain(
      capped,
      [
        [13, 0, 2, 2],
        [6, 7, 2, 2],
        [7, 6, 4, 0],
      ],
      2,
    );
    expect(cap).toContain('NS held 4 honours = 4, but honours never score the winning point: they count only up to 9, so they score 1.');
    const ignore = explain(
      GERMAN_LONG_WHIST,
      [
        [13, 0, 2, 2],
        [7, 6, 4, 0],
      ],
      1,
    );
    expect(ignore).toContain('NS held 4 honours = 4, but that would take NS to game, and honours may not win a game, so they are not counted.');
  });

  it('says honours were divided, or are not scored at all in American Whist', () => {
    expect(explain(SHORT_WHIST, [[7, 6, 2, 2]], 0)).toContain('Honours were divided (NS 2, EW 2): neither side scores them.');
    expect(explain(AMERICAN_WHIST, [[7, 6, 0, 0]], 0)).toContain('Honours are not scored in this game.');
    expect(explain(TEN_POINT_WHIST, [[9, 4, 0, 4]], 0)).toContain('NS make 3 odd tricks × 2 = 6.');
  });

  it('names game values as the laws do', () => {
    expect(gameValueText(SHORT_WHIST, 3)).toBe('a treble, worth 3');
    expect(gameValueText(SHORT_WHIST, 1)).toBe('a single, worth 1');
    expect(gameValueText(defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' } }), 7)).toBe('a game worth 7');
  });
});

function playRubber(rules: (typeof PRESETS)[keyof typeof PRESETS], seed: number): TableState {
  let table = newTableOrThrow(rules, { seed });
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    for (let hand = currentHand(table)!, seat = currentSeat(hand); seat !== null; hand = currentHand(table)!, seat = currentSeat(hand))
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
  }
  return table;
}

describe('explanations agree with the library for whole rubbers of every preset', () => {
  it('every hand states its trick points and total, and the rubber its rubber points (20 seeds × 5 presets)', () => {
    let hands = 0;
    for (const rules of Object.values(PRESETS))
      for (let seed = 0; seed < 20; seed++) {
        const view = tableViewOrThrow(playRubber(rules, seed), null);
        view.hands.forEach((h, i) => {
          const text = explainHand(view.rules, view.hands, i).join(' ');
          const taker = h.tricks.NS > 6 ? 'NS' : 'EW';
          expect(text).toContain(
            `odd trick${h.tricks[taker] === 7 ? '' : 's'}${rules.pointsPerOddTrick === 1 ? '' : ` × ${rules.pointsPerOddTrick}`} = ${h.trickPoints[taker]}.`,
          );
          const scored = (['NS', 'EW'] as const).filter((s) => h.points[s] > 0).map((s) => `${s} ${h.points[s]}`);
          expect(text).toContain(`This hand scores ${scored.join(', ')}.`);
          if (h.game !== null) expect(text).toContain(`${h.game.winner} win the game.`);
          else expect(text).toContain(`Score: NS ${h.score.NS}, EW ${h.score.EW}`);
          hands++;
        });
        const rubber = explainRubber(view).join(' ');
        expect(rubber).toContain(`${view.rubberWinner} win the rubber, ${view.gamesWon[view.rubberWinner!]} games to`);
        if (view.rubberPoints !== null) {
          expect(rubber).toContain(`= ${view.rubberPoints[view.rubberWinner!]}.`);
          expect(rubber).toContain(`The rubber scores NS ${view.rubberPoints.NS}, EW ${view.rubberPoints.EW}.`);
        } else expect(rubber).toContain('no rubber points');
      }
    expect(hands).toBeGreaterThan(300);
  });
});

describe('what changed between two views', () => {
  it("announces each card played since, the trick won and the viewer's turn, from public facts only", () => {
    let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 160, dealer: 'N' }), { type: 'deal' });
    const before = tableViewOrThrow(table, 'S');
    const played: string[] = [];
    for (let i = 0; i < 5; i++) {
      const hand = currentHand(table)!;
      const seat = currentSeat(hand)!;
      const card = heuristicPlayer(playerViewOrThrow(hand, seat));
      played.push(card);
      table = applyOrThrow(table, { type: 'play', seat, card });
    }
    const after = tableViewOrThrow(table, 'S');
    const change = changes(before, after);
    expect(change.fresh).toEqual(played);
    expect(playsOf(after.hand!).map((p) => p.card)).toEqual(played);
    expect(change.messages[0]).toBe(`East plays the ${cardName(played[0] as never)}.`);
    expect(change.messages.some((m) => / wins? the trick\.$/.test(m))).toBe(true);
    const first = changes(null, before);
    expect(first.messages[0]).toMatch(/^Hand 1: North deals\. (Spades|Hearts|Diamonds|Clubs) are trumps; the turn-up is the /);
    expect(first.fresh).toEqual([]);
  });

  it("calls the card that fixed trump the turn-up only when it is the dealer's last card, and the trump card otherwise", () => {
    const turnUp = playerViewOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'S');
    expect(trumpSentence(turnUp)).toBe('Clubs are trumps; the turn-up is the two of clubs.');
    const secondPack = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'secondPack' } });
    const fromPack = playerViewOrThrow(dealHandOrThrow(secondPack, { dealer: 'N', deck: FULL_DECK, secondPackCard: 'QH' }), 'S');
    expect(fromPack.trumpSource).toBe('secondPack');
    expect(trumpSentence(fromPack)).toBe('Hearts are trumps; the trump card is the queen of hearts.');
  });

  it('writes cards for eyes and for ears', () => {
    expect(cardText('TD')).toBe('10♦');
    expect(cardName('QH')).toBe('queen of hearts');
    expect(cardName('2C')).toBe('two of clubs');
  });
});
