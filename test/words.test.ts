// whist/words: every sentence kind the table says (events with their law, revoke penalties and claims,
// honours, refused claims, the score's explanation, the rules table), said to a viewer in the page's (long)
// and the command line's (short) names; and that the command line and the page say them from here alone.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addHandOrThrow,
  defineRulesOrThrow,
  type HandEvent,
  handSummaries,
  LONG_WHIST,
  PRESETS,
  type RubberState,
  SHORT_WHIST,
  startRubberOrThrow,
} from '../src/index.js';
import {
  CATALOGUES,
  cardName,
  catalogue,
  claimOutcome,
  claimSentence,
  EN,
  eventLaw,
  eventSentence,
  eventWithLaw,
  explainHand,
  explainRubber,
  exposedCallSentence,
  exposeSentence,
  gameValueName,
  gameValueText,
  LANGUAGES,
  penaltyLabel,
  penaltyText,
  refusedClaimSentences,
  refusedUnproven,
  revokeClaimSentence,
  revokeSentence,
  revokesHeading,
  ruleRows,
  rulesTable,
  rulesText,
  rulesTitle,
  scoreBefore,
  seatName,
  speaker,
  tricksSaid,
} from '../src/words/index.js';
import { ROOT } from './doc-tools.js';

const LAW_1864 = 'Laws of Short Whist (1864)';

/** One event of every kind, as a table's log keeps it. */
const EVENTS: readonly HandEvent[] = [
  { type: 'claim', at: 40, seat: 'E', tricks: 3 },
  { type: 'concede', at: 40, seat: 'E', tricks: 1 },
  { type: 'acceptClaim', at: 40, seat: 'S' },
  { type: 'refuseClaim', at: 40, seat: 'S' },
  { type: 'ruleClaim', at: 40, holds: true },
  { type: 'claimRevoke', at: 52, seat: 'W', card: '5C', penalty: 'tricks', law: `${LAW_1864}, law 72` },
  { type: 'expose', at: 3, seat: 'S', card: 'QH' },
  { type: 'callCard', at: 3, seat: 'W', card: 'QH', law: `${LAW_1864}, laws 56, 65` },
  { type: 'newDeal', at: 0, seat: 'N', ground: 'misdeal', law: `${LAW_1864}, laws 43-44` },
  { type: 'leadOutOfTurn', at: 4, seat: 'S', card: 'KD' },
  { type: 'playToFalseLead', at: 4, seat: 'W', card: '2D' },
  { type: 'callSuit', at: 8, seat: 'E', suit: 'H', law: `${LAW_1864}, laws 61, 66` },
  { type: 'nameTrumpCard', at: 5, seat: 'N' },
  { type: 'forgetTrumpCard', at: 5, seat: 'N' },
  { type: 'callTrump', at: 5, seat: 'E', which: 'highest', law: `${LAW_1864}, laws 53, 55` },
  { type: 'correctRevoke', at: 6, seat: 'S', card: '5C', withdrawn: ['9H'], law: `${LAW_1864}, laws 73, 76` },
  { type: 'askHavingNone', at: 6, seat: 'N', card: '5C', law: `${LAW_1864}, law 74` },
  { type: 'callLedSuit', at: 6, seat: 'W', which: 'lowest', law: `${LAW_1864}, laws 73, 76` },
  { type: 'callHonours', at: 0, seat: 'N', law: "Hoyle's laws of Long Whist, laws 16-21" },
  { type: 'answerCall', at: 0, seat: 'S', law: "Hoyle's laws of Long Whist, laws 16-21" },
  { type: 'playOutOfTurn', at: 9, seat: 'N', card: 'AS' },
  { type: 'callWin', at: 9, seat: 'E', win: false, law: `${LAW_1864}, laws 67-68` },
];

function rubberOf(rules: Parameters<typeof startRubberOrThrow>[0], hands: readonly Parameters<typeof addHandOrThrow>[1][]): RubberState {
  let r = startRubberOrThrow(rules, { dealer: 'N' });
  for (const hand of hands) r = addHandOrThrow(r, hand);
  return r;
}

describe('the catalogue', () => {
  it('is English, German and French, keyed by message id; an unknown language reads English', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'fr']);
    expect(CATALOGUES.en).toBe(EN);
    expect(catalogue('xx' as 'en')).toBe(EN);
    expect(Object.isFrozen(CATALOGUES)).toBe(true);
  });

  it('has a sentence for every kind of event, and every ground of a new deal', () => {
    expect(Object.keys(EN.events).sort()).toEqual([...new Set(EVENTS.map((e) => e.type))].sort());
    for (const ground of [
      'imperfectPack',
      'facedCard',
      'exposedInDealing',
      'trumpCardSeen',
      'misdeal',
      'callNotAtEight',
      'wrongCall',
      'callAfterPlaying',
    ] as const)
      expect(EN.grounds[ground]).toMatch(/^[a-z]/);
  });

  it('names seats and cards in the long style (the page) and the short one (the command line), the viewer as you', () => {
    expect(seatName('W')).toBe('West');
    expect(seatName('W', { style: 'short' })).toBe('W');
    expect(cardName('TD')).toBe('ten of diamonds');
    expect(cardName('TD', { style: 'short' })).toBe('10♦');
    const s = speaker({ viewer: 'N' });
    expect([s.who('N'), s.whom('N'), s.who('E'), s.side('NS'), s.side('EW')]).toEqual(['You', 'you', 'East', 'your side', 'East and West']);
    expect(speaker({ style: 'short' }).side('EW')).toBe('EW');
  });
});

describe('the rules by name', () => {
  it('names every preset as players say it, under the laws with "by the laws", and never by a code name', () => {
    const titles = Object.values(PRESETS).map((r) => rulesTitle(r));
    expect(titles).toEqual(['Short Whist', 'Long Whist', 'German Long Whist', 'American Whist', 'Ten-Point Whist']);
    for (const rules of Object.values(PRESETS)) {
      const ruled = defineRulesOrThrow(rules, { name: `${rules.name}-ruled`, irregularities: 'ruled' });
      expect(rulesTitle(ruled)).toBe(`${rulesTitle(rules)} by the laws`);
      expect(rulesTitle(ruled)).not.toContain('ruled');
    }
    // Rules of another name keep it; a name that only looks like a preset's under the laws, but is not ruled, too.
    expect(rulesTitle(defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } }))).toBe('Whist, “house” rules');
    expect(rulesTitle(defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', honours: { restriction: 'ignore' } }))).toBe('Whist, “short-ruled” rules');
  });
});

describe('events with their law', () => {
  it('every event says who did what, its law in brackets when it stands on one (laws 53-56, 61-68, 72-76; Hoyle 16-21)', () => {
    for (const e of EVENTS) {
      const said = eventSentence(e, { viewer: 'S' });
      const law = eventLaw(e);
      expect(said.length, e.type).toBeGreaterThan(10);
      expect(eventWithLaw(e, { viewer: 'S' }), e.type).toBe(law === null ? said : `${said.replace(/[.:]$/, '')} (${law}).`);
      if ('seat' in e) expect(said.startsWith(e.seat === 'S' ? 'You ' : seatName(e.seat)), e.type).toBe(true);
    }
    // The events that carry no citation stand on the laws of 1864.
    expect(eventLaw({ type: 'leadOutOfTurn', at: 0, seat: 'S', card: 'KD' })).toBe(`${LAW_1864}, laws 56, 61`);
    expect(eventLaw({ type: 'playToFalseLead', at: 0, seat: 'S', card: 'KD' })).toBe(`${LAW_1864}, laws 62-63`);
    expect(eventLaw({ type: 'claim', at: 0, seat: 'S', tricks: 2 })).toBeNull();
  });

  it('the viewer is "you", with the verb to match; the short style prints cards as their faces', () => {
    const take = EVENTS.find((e) => e.type === 'correctRevoke') as HandEvent;
    expect(eventSentence(take, { viewer: 'S' })).toBe(
      'You take back the revoke of the five of clubs before it is established, and the card played after it is taken back too; the card is exposed.',
    );
    expect(eventWithLaw(take, { viewer: 'N', style: 'short' })).toBe(
      'S takes back the revoke of the 5♣ before it is established, and the card played after it is taken back too; the card is exposed (Laws of Short Whist (1864), laws 73, 76).',
    );
    const call = EVENTS.find((e) => e.type === 'callHonours') as HandEvent;
    expect(eventWithLaw(call, { viewer: 'N', style: 'short' })).toBe("You call honours at eight: “Can you one?” (Hoyle's laws of Long Whist, laws 16-21).");
    expect(eventSentence({ type: 'newDeal', at: 0, seat: 'E', ground: 'misdeal', law: '' })).toBe('East claims a new deal: a misdeal.');
  });
});

describe('revokes and their penalties (law 72)', () => {
  it('each penalty, from either side, in either style', () => {
    expect(penaltyText('tricks', 'NS', { viewer: 'S' })).toBe('three tricks taken from your side and given to East and West');
    expect(penaltyText('deduct', 'EW', { viewer: 'S' })).toBe("three points taken off East and West's score");
    expect(penaltyText('add', 'EW', { viewer: 'N' })).toBe("three points added to your side's score");
    expect(penaltyText('tricks', 'EW', { style: 'short' })).toBe('three tricks taken from EW and given to NS');
    expect(['tricks', 'deduct', 'add'].map((p) => penaltyLabel(p as 'tricks'))).toEqual(['Three tricks', 'Three off their score', 'Three to ours']);
  });

  it('a revoke, the heading over them, and a claim of its penalty', () => {
    expect(revokesHeading(1)).toBe('A revoke');
    expect(revokesHeading(3)).toBe('3 revokes');
    expect(revokeSentence({ seat: 'E', card: '5C', trick: 4, penalty: null }, { viewer: 'S', style: 'short' })).toBe(
      'E revoked in trick 4: the 5♣, though E held the suit led.',
    );
    expect(revokeClaimSentence({ seat: 'S', card: '5C', penalty: 'add' }, { viewer: 'S', style: 'short' })).toBe(
      "You claim the revoke of the 5♣ (law 72): three points added to your side's score.",
    );
    expect(revokeClaimSentence({ seat: 'E', card: '5C', penalty: 'deduct' })).toBe(
      "East claims the revoke of the five of clubs (law 72): three points taken off North and South's score.",
    );
  });

  it('a hand with a penalty: the penalty scored first, the tricks as it counts them, and law 82', () => {
    const rubber = rubberOf(SHORT_WHIST, [{ tricks: { NS: 9, EW: 4 }, honours: { NS: 2, EW: 2 }, revokes: [{ side: 'NS', penalty: 'tricks' }] }]);
    const lines = explainHand(SHORT_WHIST, handSummaries(rubber)[0]!, { NS: 0, EW: 0 });
    expect(lines[0]).toBe('NS revoked: the penalty is three tricks taken from NS and given to EW (law 72).');
    expect(lines).toContain('NS count 6 tricks, EW 7 (they took 9 and 4; the penalty counts them as 6 and 7): EW make 1 odd trick = 1.');
  });
});

describe('honours and the score explained (laws 2-8; Hoyle 16-21)', () => {
  it('odd tricks and honours held, then the score', () => {
    const hands = handSummaries(rubberOf(SHORT_WHIST, [{ tricks: { NS: 8, EW: 5 }, honours: { NS: 3, EW: 1 } }]));
    expect(explainHand(SHORT_WHIST, hands[0]!, scoreBefore(hands, 0)).join(' ')).toBe(
      'NS took 8 tricks, EW 5: NS make 2 odd tricks = 2. NS held 3 honours = 2. This hand scores NS 4. Score: NS 4, EW 0 (game is 5).',
    );
  });

  it('honours barred at 4, and tricks before honours', () => {
    // NS reach 4; then NS hold four honours, barred at 4; or EW take the game by tricks first.
    const at4 = { tricks: { NS: 10, EW: 3 }, honours: { NS: 2, EW: 2 } } as const;
    const barred = handSummaries(rubberOf(SHORT_WHIST, [at4, { tricks: { NS: 6, EW: 7 }, honours: { NS: 4, EW: 0 } }]));
    expect(explainHand(SHORT_WHIST, barred[1]!, scoreBefore(barred, 1))).toContain(
      'NS held 4 honours, but NS began the hand at 4, so honours cannot score (club law: a side at 4 cannot score honours).',
    );
    const first = handSummaries(rubberOf(SHORT_WHIST, [at4, { tricks: { NS: 2, EW: 11 }, honours: { NS: 4, EW: 0 } }]));
    const second = explainHand(SHORT_WHIST, first[1]!, scoreBefore(first, 1));
    expect(second).toContain("NS held 4 honours, but EW's odd tricks won the game first (tricks score before honours), so NS's honours do not count.");
    expect(second.at(-1)).toBe('EW win the game. NS have 4, so it is a single, worth 1.');
    expect(gameValueName(SHORT_WHIST, 1)).toBe('single');
    expect(gameValueText(SHORT_WHIST, 3)).toBe('a treble, worth 3');
  });

  it('honours called at eight: the hand is not played', () => {
    const rules = defineRulesOrThrow(LONG_WHIST, { name: 'long-ruled', irregularities: 'ruled' });
    const hands = handSummaries(
      rubberOf(rules, [
        { tricks: { NS: 12, EW: 1 }, honours: { NS: 2, EW: 2 } },
        { tricks: { NS: 0, EW: 0 }, honours: { NS: 3, EW: 1 }, honoursCalled: true },
      ]),
    );
    const lines = explainHand(rules, hands[1]!, scoreBefore(hands, 1));
    expect(lines[0]).toMatch(/^NS called their honours at 6 and held 3 honours between the partners \(Hoyle's laws of Long Whist, 16-21\)/);
  });

  it('a rubber: its games, bonus and points; nothing while it goes on', () => {
    const hands = [{ tricks: { NS: 13, EW: 0 }, honours: { NS: 2, EW: 2 } }] as const;
    const r = rubberOf(SHORT_WHIST, [...hands, ...hands]);
    const summaries = handSummaries(r);
    const won = { rules: SHORT_WHIST, rubberWinner: 'NS' as const, gamesWon: { NS: 2, EW: 0 }, rubberPoints: { NS: 8, EW: 0 }, games: [], hands: summaries };
    expect(explainRubber(won)[0]).toBe('NS win the rubber, 2 games to 0.');
    expect(explainRubber({ ...won, rubberWinner: null })).toEqual([]);
  });
});

describe('exposed cards and their calls (laws 56, 64-65)', () => {
  it("a card dropped face up, called at once or not; a call of it, by the viewer or of the viewer's card", () => {
    expect(exposeSentence({ seat: 'S', card: '7C', called: false }, { viewer: 'S', style: 'short' })).toBe(
      'You drop the 7♣ face up: an exposed card (law 56).',
    );
    expect(exposeSentence({ seat: 'S', card: '7C', called: true }, { viewer: 'S' })).toBe(
      'You drop the seven of clubs face up: an exposed card (law 56). The other side calls it: you must play it as soon as that is no revoke (laws 64, 65).',
    );
    expect(exposedCallSentence({ caller: 'S', holder: 'W', card: 'QH' }, { viewer: 'S' })).toBe(
      'You call West’s exposed queen of hearts: West must play it as soon as that is no revoke (laws 56, 64, 65).',
    );
    expect(exposedCallSentence({ caller: 'E', holder: null, card: 'QH' })).toBe(
      'East calls the exposed queen of hearts: it is played as soon as that is no revoke (laws 56, 64, 65).',
    );
  });
});

describe('claims and refused claims', () => {
  it('a claim, its outcome, and why it was played on', () => {
    const claim = { type: 'claim', seat: 'W', tricks: 3, left: 5, status: 'failed' } as const;
    expect(tricksSaid(1, 1)).toBe('the last trick');
    expect(claimSentence(claim, { viewer: 'S', style: 'short' })).toBe('W claims 3 of the 5 tricks left');
    expect(claimOutcome(claim)).toBe("West claims 3 of the 5 tricks left: the table's check found that it does not hold, and the hand is played on.");
    expect(claimOutcome({ ...claim, status: 'pending' })).toBeNull();
    const said = refusedClaimSentences({ claim, tricks: 3, taken: 2 }, { viewer: 'E' });
    expect(said.layout).toBe('If the cards West could not see lie like this, your side takes only 2 of the 5');
    expect(refusedClaimSentences({ claim, tricks: 3, taken: 2 }, { viewer: 'W' }).line).toBe(
      'any other way of playing your cards loses too, here or on another layout',
    );
    expect(refusedUnproven({ claim, tricks: 3 }, 'server')).toBe(
      "Within the time the server takes to check a claim, it could not be shown that West's side takes 3 tricks however the cards lie.",
    );
  });
});

describe('the rules table', () => {
  it('one row per setting, each with its meaning; the Markdown and the aligned text list the same rows', () => {
    for (const rules of Object.values(PRESETS)) {
      const rows = ruleRows(rules);
      expect(rows.length).toBe(11);
      for (const row of rows) expect(row.meaning, row.label).not.toBe('');
    }
    const markdown = rulesTable().split('\n').slice(2);
    const text = rulesText();
    expect(markdown.map((l) => l.split(' | ')[0]?.slice(2))).toEqual(ruleRows(SHORT_WHIST).map((r) => r.label));
    for (const row of ruleRows(SHORT_WHIST)) expect(text).toContain(row.label);
  });
});

/** The .ts files under a folder. */
function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

describe('one home for the words', () => {
  it('whist/words uses no Node API and nothing outside the library', () => {
    for (const file of tsFiles('src/words')) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/^(?:import|export) .* from '([^']+)'/gm)) expect(m[1], file).toMatch(/^\.\.?\//);
    }
  });

  it('the command line and the page write none of its sentences again, and the page reads no source of the library by a relative path', () => {
    // Fragments of the catalogue's sentences that a copy would have to repeat.
    const fragments = [
      'of the suit led, instead of calling the card',
      'could not see lie like this',
      'cannot score honours (club law',
      'and given to ',
      'honours at eight: “Can you one?”',
      'face up: an exposed card (law',
      'must play it as soon as that is no revoke (laws',
    ];
    for (const file of [...tsFiles('src/cli'), ...tsFiles('web/src')]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const f of fragments) expect(text.includes(f), `${file}: ${f}`).toBe(false);
      if (file.startsWith('web/')) expect(text, file).not.toMatch(/from '(\.\.\/)+src\//);
    }
  });
});
