/**
 * New deals and misdeals, leads out of turn and the suit called for them, and the trump card named after
 * it was taken up, under rules that rule on irregularities, by the Laws of Short Whist (1864), laws 37-44,
 * 53, 55, 61 and 66 (docs/rules.md, "Irregularities").
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  type Card,
  cardsHeld,
  clientAction,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  dealDeck,
  defineRulesOrThrow,
  FULL_DECK,
  type HandEntry,
  handSummaries,
  LONG_WHIST,
  legalMoves,
  newTableOrThrow,
  parseState,
  parseStateOrThrow,
  parseTable,
  type Seat,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
  tricksWon,
} from '../src/index.js';
import { formatWhistPbn, parseWhistPbn } from '../src/records/index.js';
import { askedAtOnce, logged, playsAndEvents, schema2 } from './log-parts.js';
import { code, reread } from './table-support.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
const SEATS = ['N', 'E', 'S', 'W'] as const;
const PARTNER = { N: 'S', S: 'N', E: 'W', W: 'E' } as const;

/** A ruled table, dealt from `seed` (north deals first, east leads). */
function dealt(seed = 5): TableState {
  return applyOrThrow(newTableOrThrow(RULED, { seed }), { type: 'deal' });
}

/** The table after `n` more cards, each the first legal card of the seat to play. */
function playN(t: TableState, n: number): TableState {
  for (let i = 0; i < n; i++) {
    const h = currentHand(t)!;
    t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
  }
  return t;
}

/** The first legal card of the seat to play that no call forbids: tried in order. */
function playLawfully(t: TableState): TableState {
  const h = currentHand(t)!;
  const seat = currentSeat(h)!;
  for (const card of cardsHeld(h, seat)) {
    if (!legalMoves(h).includes(card)) continue;
    if (code(t, { type: 'play', seat, card }) === 'accepted') return applyOrThrow(t, { type: 'play', seat, card });
  }
  throw new Error(`no card of ${seat} is accepted`);
}

describe('new deals and misdeals (Laws of Short Whist, 1864, laws 37-44), under rules with irregularities: "ruled"', () => {
  it('law 37 (1864): where the table deals every hand, a card faced in the pack or an imperfect pack is refused, at any card, by either side, leaving the table as it was', () => {
    const dealtByDeck = dealDeck(newTableOrThrow(RULED, { seed: 8 }), FULL_DECK);
    if (!dealtByDeck.ok) throw new Error(dealtByDeck.error.message);
    for (const t of [dealt(), playN(dealt(), 9), playN(dealt(), 51), dealtByDeck.value])
      for (const seat of ['N', 'E', 'S', 'W'] as const)
        for (const ground of ['facedCard', 'imperfectPack'] as const) {
          const before = JSON.stringify(t);
          const r = apply(t, { type: 'newDeal', seat, ground });
          expect(r.ok ? 'accepted' : r.error.code).toBe('INVALID_ACTION');
          if (!r.ok) expect(r.error.message).toContain('law 37');
          expect(JSON.stringify(t)).toBe(before);
        }
    // A revoke's penalty is not escaped by them either: the revoker's side claims an imperfect pack at trick 12.
    expect(code(playN(dealt(), 44), { type: 'newDeal', seat: 'S', ground: 'imperfectPack' })).toBe('INVALID_ACTION');
  });

  it('law 37 (1864) and law 47 (1864): a stored table that holds a new deal for a faced card, or for an imperfect pack proved during the play, claimed before the table refused them, is read as it was ruled: void, the scores before standing, the same dealer dealing again', () => {
    const t = dealt();
    const voided = applyOrThrow(t, { type: 'newDeal', seat: 'E', ground: 'exposedInDealing' });
    const facedText = JSON.stringify(voided).replace(
      '"ground":"exposedInDealing","law":"Laws of Short Whist (1864), law 38"',
      '"ground":"facedCard","law":"Laws of Short Whist (1864), law 37"',
    );
    const faced = parseTable(facedText);
    if (!faced.ok) throw new Error(faced.error.message);
    expect(logged(faced.value.log[0])).toMatchObject({
      events: [{ type: 'newDeal', at: 0, seat: 'E', ground: 'facedCard', law: 'Laws of Short Whist (1864), law 37' }],
    });
    expect(tableViewOrThrow(faced.value, 'S').next).toEqual({ action: 'deal', dealer: 'N' });
    expect(handSummaries(currentRubber(faced.value))).toEqual([]);
    // An imperfect pack proved during the play (law 47): the scores before stand, the hand is void.
    let u = playN(dealt(), 52);
    const before = tableViewOrThrow(u, null).score;
    u = playN(applyOrThrow(u, { type: 'deal' }), 20);
    const stored = schema2(u) as unknown as { log: { events?: unknown[] }[] };
    (stored.log[1] as { events?: unknown[] }).events = [
      { type: 'newDeal', at: 20, seat: 'S', ground: 'imperfectPack', law: 'Laws of Short Whist (1864), law 37' },
    ];
    const imperfect = parseTable(JSON.stringify(stored));
    if (!imperfect.ok) throw new Error(imperfect.error.message);
    const view = tableViewOrThrow(imperfect.value, null);
    expect(view.score).toEqual(before);
    expect(view.hands).toHaveLength(1);
    expect(view.next).toEqual({ action: 'deal', dealer: 'E' });
    expect(JSON.stringify(reread(imperfect.value))).toBe(JSON.stringify(imperfect.value));
    // Played on from there, the table refuses another.
    const again = applyOrThrow(imperfect.value, { type: 'deal' });
    expect(code(again, { type: 'newDeal', seat: 'S', ground: 'imperfectPack' })).toBe('INVALID_ACTION');
  });

  it('law 38 (1864): a card exposed in dealing gives a new deal by the same dealer; law 41 (1864): the trump card looked at, claimed by the adversaries only', () => {
    const t = dealt();
    expect(tableViewOrThrow(applyOrThrow(t, { type: 'newDeal', seat: 'S', ground: 'exposedInDealing' }), null).next).toEqual({ action: 'deal', dealer: 'N' });
    expect(code(t, { type: 'newDeal', seat: 'S', ground: 'trumpCardSeen' })).toBe('INVALID_SEAT'); // the dealer's partner
    expect(code(t, { type: 'newDeal', seat: 'N', ground: 'trumpCardSeen' })).toBe('INVALID_SEAT');
    expect(code(t, { type: 'newDeal', seat: 'W', ground: 'trumpCardSeen' })).toBe('accepted');
  });

  it('law 43 (1864): a misdeal loses the deal: the next player deals; law 44 (1864): it is claimed before the first card', () => {
    let t = applyOrThrow(dealt(), { type: 'newDeal', seat: 'E', ground: 'misdeal' });
    expect(logged(t.log[0])).toMatchObject({ events: [{ ground: 'misdeal', law: 'Laws of Short Whist (1864), laws 43-44' }] });
    expect(tableViewOrThrow(t, null).next).toEqual({ action: 'deal', dealer: 'E' });
    t = applyOrThrow(t, { type: 'deal' });
    expect(logged(t.log[1])).toMatchObject({ dealer: 'E' });
    expect(code(playN(t, 2), { type: 'newDeal', seat: 'N', ground: 'misdeal' })).toBe('INVALID_ACTION');
    // The hand after a scored one: the deal passes on from the misdealt deal.
    t = playN(t, 52);
    expect(handSummaries(currentRubber(t))).toHaveLength(1);
    expect(tableViewOrThrow(t, null).next).toEqual({ action: 'deal', dealer: 'S' });
    t = applyOrThrow(t, { type: 'deal' });
    expect(logged(t.log[2])).toMatchObject({ dealer: 'S' });
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    // A stored table whose next hand is dealt by the misdealer is refused.
    const d = schema2(t) as unknown as { log: Record<string, unknown>[] };
    d.log[1]!.dealer = 'N';
    const r = parseTable(JSON.stringify(d));
    expect(r.ok ? 'accepted' : r.error.path).toBe('log[1].dealer');
  });

  it('refused: under the default rules, an unknown ground, a claim while a claim awaits its answer, a tampered ground or law; a revoke penalty in a void hand', () => {
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
    expect(code(plain, { type: 'newDeal', seat: 'E', ground: 'misdeal' })).toBe('INVALID_ACTION');
    const t = dealt();
    expect(code(t, { type: 'newDeal', seat: 'E', ground: 'shuffle' })).toBe('INVALID_ACTION');
    expect(code(t, { type: 'newDeal', seat: 'E', ground: 'toString' })).toBe('INVALID_ACTION');
    expect(code(t, { type: 'newDeal', seat: 'X', ground: 'misdeal' })).toBe('INVALID_SEAT');
    expect(code(t, { type: 'newDeal', seat: 'E', ground: 'misdeal', card: '2C' })).toBe('INVALID_ACTION');
    const claimed = applyOrThrow(t, { type: 'claim', seat: 'E', tricks: 13 });
    expect(code(claimed, { type: 'newDeal', seat: 'N', ground: 'misdeal' })).toBe('CLAIM_PENDING');
    const voided = applyOrThrow(t, { type: 'newDeal', seat: 'E', ground: 'misdeal' });
    for (const [field, value] of [
      ['ground', 'shuffle'],
      ['law', 'Laws of Short Whist (1864), law 37'],
      ['at', 3],
    ] as const) {
      const d = schema2(voided) as unknown as { log: { events: Record<string, unknown>[] }[] };
      d.log[0]!.events[0]![field] = value;
      const r = parseTable(JSON.stringify(d));
      expect(r.ok).toBe(false);
    }
    const revoked = schema2(voided) as unknown as { log: { plays: string; events: Record<string, unknown>[] }[] };
    revoked.log[0]!.events.push({ type: 'claimRevoke', at: 0, seat: 'N', card: '2C', penalty: 'tricks', law: 'Laws of Short Whist (1864), law 72' });
    expect(parseTable(JSON.stringify(revoked)).ok).toBe(false);
    expect(code(voided, { type: 'claimRevoke', seat: 'N', card: '2C', penalty: 'tricks' })).toBe('INVALID_ACTION');
  });

  it('a Whist record keeps a void hand and a misdeal, and reads them back: the hand unscored, the deal passed on', () => {
    let t = applyOrThrow(dealt(), { type: 'newDeal', seat: 'E', ground: 'misdeal' });
    t = applyOrThrow(t, { type: 'deal' });
    t = applyOrThrow(t, { type: 'newDeal', seat: 'S', ground: 'exposedInDealing' });
    t = playN(applyOrThrow(t, { type: 'deal' }), 52);
    const written = formatWhistPbn(t, { seed: 5 });
    if (!written.ok) throw new Error(written.error.message);
    const text = written.value;
    expect(text).toContain('\\"ground\\":\\"misdeal\\"');
    const back = parseWhistPbn(text);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.table.log.map((e) => (e.type === 'hand' ? e.dealer : 'new'))).toEqual(['N', 'E', 'E']);
    expect(handSummaries(currentRubber(back.value.table))).toHaveLength(1);
    expect(JSON.stringify(back.value.table.log)).toBe(JSON.stringify(t.log));
  });
});

describe('leads out of turn and calls of a suit (Laws of Short Whist, 1864, laws 61, 66)', () => {
  it('law 61 (1864): a card led out of turn is exposed; the other side may call it, and its holder plays it when he can', () => {
    const t = dealt();
    const west = cardsHeld(currentHand(t)!, 'W');
    const card = west[west.length - 1]!;
    expect(code(t, { type: 'leadOutOfTurn', seat: 'E', card: cardsHeld(currentHand(t)!, 'E')[0] })).toBe('INVALID_SEAT'); // east has the lead
    expect(code(t, { type: 'leadOutOfTurn', seat: 'W', card: cardsHeld(currentHand(t)!, 'N')[0] })).toBe('CARD_NOT_IN_HAND');
    let led = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'W', card });
    expect(tableViewOrThrow(led, 'N').exposed).toEqual({ W: [card] });
    expect(tableViewOrThrow(led, null).next).toEqual({ action: 'play', seat: 'E' }); // the lead stays east's
    expect(code(led, { type: 'callCard', seat: 'E', card })).toBe('INVALID_SEAT');
    led = applyOrThrow(led, { type: 'callCard', seat: 'N', card });
    expect(code(led, { type: 'callSuit', seat: 'N', suit: 'S' })).toBe('INVALID_ACTION'); // the card is called instead
    expect(tableViewOrThrow(led, null).called).toEqual([{ seat: 'W', card }]);
    expect(JSON.stringify(reread(led))).toBe(JSON.stringify(led));
    // A lead out of turn only when a lead is due.
    expect(code(playN(t, 1), { type: 'leadOutOfTurn', seat: 'W', card })).toBe('INVALID_ACTION');
  });

  it('law 61 (1864): instead, the other side may call a suit from the offender or his partner at their next lead; the card is taken back', () => {
    const t = dealt(11);
    const h = currentHand(t)!;
    // South leads out of turn (east has the lead); west calls a suit that north, south's partner, holds.
    const card = cardsHeld(h, 'S')[0]!;
    let x = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
    expect(code(x, { type: 'callSuit', seat: 'N', suit: 'H' })).toBe('INVALID_SEAT');
    expect(code(x, { type: 'callSuit', seat: 'W', suit: 'X' })).toBe('INVALID_ACTION');
    const suit = (['S', 'H', 'D', 'C'] as const).find((s) => cardsHeld(h, 'N').some((c) => c[1] === s) && cardsHeld(h, 'S').some((c) => c[1] === s))!;
    x = applyOrThrow(x, { type: 'callSuit', seat: 'W', suit });
    expect(logged(x.log[0])).toMatchObject({
      events: [{ type: 'leadOutOfTurn' }, { type: 'callSuit', seat: 'W', suit, law: 'Laws of Short Whist (1864), laws 61, 66' }],
    });
    const view = tableViewOrThrow(x, null);
    expect(view.exposed).toEqual({});
    expect(view.suitCall).toEqual({ side: 'NS', suit });
    // Play on until north or south has the lead: the leader must lead the called suit.
    let refused = 0;
    for (;;) {
      const hand = currentHand(x)!;
      const seat = currentSeat(hand)!;
      const leading = hand.plays.split(' ').filter(Boolean).length % 4 === 0;
      if (leading && (seat === 'N' || seat === 'S')) {
        const other = legalMoves(hand).find((c) => c[1] !== suit);
        if (other !== undefined) {
          expect(code(x, { type: 'play', seat, card: other })).toBe('CARD_CALLED');
          refused++;
        }
        const lead = cardsHeld(hand, seat).find((c) => c[1] === suit);
        x = applyOrThrow(x, { type: 'play', seat, card: lead ?? legalMoves(hand)[0]! });
        break;
      }
      x = playLawfully(x);
    }
    expect(refused).toBe(1);
    expect(tableViewOrThrow(x, null).suitCall).toBeNull();
    expect(JSON.stringify(reread(x))).toBe(JSON.stringify(x));
  });

  it('law 66 (1864): a player called on to lead a suit he has none of has paid the penalty: he leads any card, and the call is over', () => {
    // Find a deal where west, east's partner, leads out of turn and east (on lead) lacks a suit.
    for (let seed = 1; seed < 200; seed++) {
      const t = dealt(seed);
      const h = currentHand(t)!;
      const lacking = (['S', 'H', 'D', 'C'] as const).find((s) => !cardsHeld(h, 'E').some((c) => c[1] === s));
      if (lacking === undefined) continue;
      let x = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'W', card: cardsHeld(h, 'W')[0]! });
      x = applyOrThrow(x, { type: 'callSuit', seat: 'N', suit: lacking });
      expect(tableViewOrThrow(x, null).suitCall).toEqual({ side: 'EW', suit: lacking });
      x = applyOrThrow(x, { type: 'play', seat: 'E', card: cardsHeld(h, 'E')[0]! });
      expect(tableViewOrThrow(x, null).suitCall).toBeNull();
      return;
    }
    throw new Error('no deal with a void in the leader\u2019s hand');
  });

  it('clientAction reads the new actions for the seat of the token, and refuses a seat in the body', () => {
    expect(clientAction({ type: 'leadOutOfTurn', card: '2C' }, 'W')).toEqual({ ok: true, value: { type: 'leadOutOfTurn', seat: 'W', card: '2C' } });
    expect(clientAction({ type: 'callSuit', suit: 'H' }, 'N')).toEqual({ ok: true, value: { type: 'callSuit', seat: 'N', suit: 'H' } });
    expect(clientAction({ type: 'newDeal', ground: 'misdeal' }, 'E')).toEqual({ ok: true, value: { type: 'newDeal', seat: 'E', ground: 'misdeal' } });
    expect(clientAction({ type: 'nameTrumpCard' }, 'S')).toEqual({ ok: true, value: { type: 'nameTrumpCard', seat: 'S' } });
    expect(clientAction({ type: 'callTrump', which: 'lowest' }, 'E')).toEqual({ ok: true, value: { type: 'callTrump', seat: 'E', which: 'lowest' } });
    expect(clientAction({ type: 'callWin', win: false }, 'E')).toEqual({ ok: true, value: { type: 'callWin', seat: 'E', win: false } });
    expect(clientAction({ type: 'correctRevoke' }, 'S')).toEqual({ ok: true, value: { type: 'correctRevoke', seat: 'S' } });
    expect(clientAction({ type: 'callHonours' }, 'N')).toEqual({ ok: true, value: { type: 'callHonours', seat: 'N' } });
    expect(clientAction({ type: 'playToFalseLead', card: '2C' }, 'W')).toEqual({ ok: true, value: { type: 'playToFalseLead', seat: 'W', card: '2C' } });
    expect(clientAction({ type: 'askHavingNone' }, 'S')).toEqual({ ok: true, value: { type: 'askHavingNone', seat: 'S' } });
    for (const body of [
      { type: 'askHavingNone', card: '2C' },
      { type: 'playToFalseLead' },
      { type: 'playToFalseLead', card: '2C', seat: 'W' },
      { type: 'callSuit', suit: 'H', seat: 'S' },
      { type: 'leadOutOfTurn', card: 'XX' },
      { type: 'newDeal' },
      { type: 'nameTrumpCard', card: '2C' },
      { type: 'callTrump', which: 'x'.repeat(30) },
      { type: 'callWin', win: 'true' },
      { type: 'correctRevoke', card: '2C' },
    ]) {
      const r = clientAction(body, 'N');
      expect(r.ok).toBe(false);
    }
  });
});

describe('a false lead followed (Laws of Short Whist, 1864, laws 62-63)', () => {
  /** The first card of `seat` that follows `suit`, or its first card. */
  const follow = (t: TableState, seat: (typeof SEATS)[number], suit: string) => {
    const held = cardsHeld(currentHand(t)!, seat);
    return held.find((c) => c[1] === suit) ?? held[0]!;
  };

  it('law 62 (1864): a lead out of turn that the other three follow stands: the offender led the trick, and its winner leads next', () => {
    // East has the lead; south leads out of turn, and west, north and east play to his card.
    let t = dealt(11);
    const card = cardsHeld(currentHand(t)!, 'S')[0]!;
    t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
    expect(tableViewOrThrow(t, 'E').falseLead).toEqual({ seat: 'S', card, played: [], next: 'W' });
    expect(code(t, { type: 'playToFalseLead', seat: 'N', card: follow(t, 'N', card[1]!) })).toBe('INVALID_SEAT'); // west plays next to it
    expect(code(t, { type: 'playToFalseLead', seat: 'W', card: cardsHeld(currentHand(t)!, 'E')[0] })).toBe('CARD_NOT_IN_HAND');
    const played = [] as { seat: 'W' | 'N' | 'E'; card: string }[];
    for (const seat of ['W', 'N', 'E'] as const) {
      const c = follow(t, seat, card[1]!);
      played.push({ seat, card: c });
      t = applyOrThrow(t, { type: 'playToFalseLead', seat, card: c });
      expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
      const again = parseTable(JSON.stringify(t), { after: dealt(11) });
      expect(again.ok && JSON.stringify(again.value)).toBe(JSON.stringify(t));
      if (seat !== 'E') expect(tableViewOrThrow(t, null).falseLead).toEqual({ seat: 'S', card, played, next: seat === 'W' ? 'N' : 'E' });
    }
    // The trick stands: the four cards are the hand's first trick, led by south; the card is no longer exposed.
    const hand = currentHand(t)!;
    expect(hand.plays).toBe([card, ...played.map((x) => x.card)].join(' '));
    expect(hand.leadsOutOfTurn).toEqual([{ trick: 1, seat: 'S' }]);
    const view = tableViewOrThrow(t, 'N');
    expect(view.falseLead).toBeNull();
    expect(view.exposed).toEqual({});
    expect(view.elections).toEqual([]);
    const trick = view.hand!.tricks[0]!;
    expect(trick.leader).toBe('S');
    expect(trick.cards).toEqual([card, ...played.map((x) => x.card)]);
    expect(currentSeat(hand)).toBe(trick.winner);
    expect(tricksWon(hand)).toEqual(trick.winner === 'N' || trick.winner === 'S' ? { NS: 1, EW: 0 } : { NS: 0, EW: 1 });
    // A stored hand state keeps the trick led out of turn, and is read back; without it, its plays are refused.
    const stored = parseStateOrThrow(JSON.stringify(hand));
    expect(completedTricks(stored)).toEqual(completedTricks(hand));
    const { leadsOutOfTurn: _, ...plain } = JSON.parse(JSON.stringify(hand));
    expect(parseState(plain).ok).toBe(trick.cards.every((c) => c[1] === card[1]) && trick.leader === 'E');
    expect(parseState({ ...JSON.parse(JSON.stringify(hand)), leadsOutOfTurn: [{ trick: 1, seat: 'E' }] }).ok).toBe(false); // east led in turn
    // The table reads back whole and after the table before; play goes on to the end, and scores.
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    t = playN(t, 48);
    expect(tableViewOrThrow(t, null).hands).toHaveLength(1);
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    // A Whist record keeps the lead out of turn in its events, and reads the trick back as it stood.
    const written = formatWhistPbn(t, { seed: 11 });
    if (!written.ok) throw new Error(written.error.message);
    const back = parseWhistPbn(written.value);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.table.log).toEqual(t.log);
    expect(tableViewOrThrow(back.value.table, null).hands).toEqual(tableViewOrThrow(t, null).hands);
  });

  it("law 63 (1864): when only the second, or the second and third, played to the false lead, their cards are taken back; the offender's card stays exposed", () => {
    for (const followers of [1, 2]) {
      let t = dealt(11);
      const card = cardsHeld(currentHand(t)!, 'S')[0]!;
      t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
      const taken: string[] = [];
      for (const seat of (['W', 'N'] as const).slice(0, followers)) {
        const c = follow(t, seat, card[1]!);
        taken.push(c);
        t = applyOrThrow(t, { type: 'playToFalseLead', seat, card: c });
      }
      // East, the leader in turn, leads: the error is pointed out.
      const lead = cardsHeld(currentHand(t)!, 'E')[0]!;
      t = applyOrThrow(t, { type: 'play', seat: 'E', card: lead });
      const view = tableViewOrThrow(t, 'N');
      expect(view.falseLead).toBeNull();
      expect(view.exposed).toEqual({ S: [card] });
      expect(view.hand!.trick!.leader).toBe('E');
      expect(currentHand(t)!.plays).toBe(lead);
      // The cards played to the false lead are back in their hands, and not exposed.
      const h = currentHand(t)!;
      expect(taken.every((c, i) => cardsHeld(h, (['W', 'N'] as const)[i]!).includes(c as never))).toBe(true);
      expect(code(t, { type: 'playToFalseLead', seat: 'E', card: cardsHeld(h, 'E')[0] })).toBe('INVALID_ACTION');
      expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    }
    // Or the other side calls a suit once the error is found, though a card was played to the false lead.
    let t = dealt(11);
    const card = cardsHeld(currentHand(t)!, 'S')[0]!;
    t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
    t = applyOrThrow(t, { type: 'playToFalseLead', seat: 'W', card: follow(t, 'W', card[1]!) });
    expect(tableViewOrThrow(t, 'E').elections).toEqual([
      { side: 'EW', actions: ['callCard', 'callSuit'], card, law: 'Laws of Short Whist (1864), laws 61, 66' },
    ]);
    expect(code(t, { type: 'callSuit', seat: 'N', suit: 'S' })).toBe('INVALID_SEAT');
    t = applyOrThrow(t, { type: 'callSuit', seat: 'E', suit: 'C' });
    expect(tableViewOrThrow(t, null).suitCall).toEqual({ side: 'NS', suit: 'C' });
    expect(tableViewOrThrow(t, null).exposed).toEqual({});
    expect(code(t, { type: 'playToFalseLead', seat: 'N', card: follow(t, 'N', card[1]!) })).toBe('INVALID_ACTION');
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
  });

  it('law 62 (1864): nothing is said at the start of a trick once it stands, and a hand state names only tricks led so far', () => {
    let t = dealt(11);
    const card = cardsHeld(currentHand(t)!, 'S')[0]!;
    t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
    for (const seat of ['W', 'N', 'E'] as const) t = applyOrThrow(t, { type: 'playToFalseLead', seat, card: follow(t, seat, card[1]!) });
    const json = schema2(t) as any;
    json.log[0].events.push({ type: 'expose', at: 0, seat: 'E', card: cardsHeld(currentHand(t)!, 'E')[0] });
    expect(parseTable(json).ok).toBe(false);
    // A trick led out of turn with no card of it played is no state a table makes.
    const h = playN(dealt(11), 4);
    const state = JSON.parse(JSON.stringify(currentHand(h)!));
    const leader = currentSeat(currentHand(h)!)!;
    for (const seat of SEATS.filter((x) => x !== leader)) expect(parseState({ ...state, leadsOutOfTurn: [{ trick: 2, seat }] }).ok).toBe(false);
    expect(parseState({ ...state, leadsOutOfTurn: [{ trick: 1, seat: 'S' }] }).ok).toBe(false);
  });

  it('refused: a card played to no false lead, out of its order, under the default rules, or while a claim awaits its answer', () => {
    const t = dealt(11);
    expect(code(t, { type: 'playToFalseLead', seat: 'W', card: cardsHeld(currentHand(t)!, 'W')[0] })).toBe('INVALID_ACTION');
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 11 }), { type: 'deal' });
    expect(code(plain, { type: 'playToFalseLead', seat: 'W', card: cardsHeld(currentHand(plain)!, 'W')[0] })).toBe('INVALID_ACTION');
    const card = cardsHeld(currentHand(t)!, 'S')[0]!;
    const led = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'S', card });
    expect(code(led, { type: 'playToFalseLead', seat: 'W', card: 'XX' })).toBe('INVALID_CARD');
    expect(code(led, { type: 'playToFalseLead', seat: 'S', card })).toBe('INVALID_SEAT');
    const claimed = applyOrThrow(led, { type: 'claim', seat: 'N', tricks: 1 });
    expect(code(claimed, { type: 'playToFalseLead', seat: 'W', card: follow(led, 'W', card[1]!) })).toBe('CLAIM_PENDING');
    // A stored log whose third card to a false lead is not in the plays, or a tampered order, is refused.
    let stood = led;
    for (const seat of ['W', 'N', 'E'] as const) stood = applyOrThrow(stood, { type: 'playToFalseLead', seat, card: follow(stood, seat, card[1]!) });
    const json = schema2(stood) as any;
    json.log[0].plays = json.log[0].plays.split(' ').slice(0, 3).join(' ');
    expect(parseTable(json).ok).toBe(false);
    const swapped = schema2(stood) as any;
    const ev = swapped.log[0].events;
    [ev[1].seat, ev[2].seat] = [ev[2].seat, ev[1].seat];
    expect(parseTable(swapped).ok).toBe(false);
  });
});

describe('the trump card (Laws of Short Whist, 1864, laws 53, 55)', () => {
  /** A ruled table after the first trick, and the seat to lead. */
  function afterFirstTrick(seed: number): TableState {
    return playN(dealt(seed), 4);
  }

  it('law 53 (1864): a player who names the trump card after the dealer took it up may have his highest or lowest trump called', () => {
    const t = dealt(3);
    expect(code(playN(t, 3), { type: 'nameTrumpCard', seat: 'E' })).toBe('INVALID_ACTION'); // still on the table
    let x = afterFirstTrick(3);
    expect(code(x, { type: 'callTrump', seat: 'N', which: 'highest' })).toBe('INVALID_ACTION'); // nobody named it
    x = applyOrThrow(x, { type: 'nameTrumpCard', seat: 'E' });
    expect(code(x, { type: 'callTrump', seat: 'W', which: 'highest' })).toBe('INVALID_ACTION'); // east's own side
    expect(code(x, { type: 'callTrump', seat: 'N', which: 'middle' })).toBe('INVALID_ACTION');
    x = applyOrThrow(x, { type: 'callTrump', seat: 'N', which: 'highest' });
    expect(logged(x.log[0])).toMatchObject({
      events: [
        { type: 'nameTrumpCard', seat: 'E' },
        { type: 'callTrump', seat: 'N', which: 'highest', law: 'Laws of Short Whist (1864), laws 53, 55' },
      ],
    });
    const trump = currentHand(x)!.trump!;
    const trumps = () => cardsHeld(currentHand(x)!, 'E').filter((c) => c[1] === trump);
    if (trumps().length === 0) throw new Error('east holds no trump on this deal');
    expect(tableViewOrThrow(x, 'W').trumpCall).toEqual({ seat: 'E', which: 'highest' });
    // Play on: at east's first turn where a trump is no revoke, east plays the highest.
    for (;;) {
      const h = currentHand(x)!;
      const seat = currentSeat(h)!;
      const trick = h.plays.split(' ').filter(Boolean);
      const ledSuit = trick.length % 4 === 0 ? null : trick[trick.length - (trick.length % 4)]![1];
      const mayTrump = ledSuit === null || ledSuit === trump || !cardsHeld(h, seat).some((c) => c[1] === ledSuit);
      if (seat === 'E' && mayTrump) {
        const highest = trumps()[0]!;
        const other = legalMoves(h).find((c) => c !== highest);
        if (other !== undefined) expect(code(x, { type: 'play', seat, card: other })).toBe('CARD_CALLED');
        x = applyOrThrow(x, { type: 'play', seat, card: highest });
        break;
      }
      x = playLawfully(x);
    }
    expect(tableViewOrThrow(x, null).trumpCall).toBeNull();
    expect(JSON.stringify(reread(x))).toBe(JSON.stringify(x));
  });

  it("law 65 (1864): a trump called stands in every view, and the spectator's, until its seat plays at a turn where the call binds: no view tells before that the seat holds no trump", () => {
    // A deal where a seat besides the dealer holds no trump: the call binds nothing, but only that seat knows it.
    let seed = 1;
    let bare: Seat | null = null;
    for (; bare === null; seed++) {
      const h = currentHand(afterFirstTrick(seed))!;
      bare = (['E', 'S', 'W'] as const).find((s) => !cardsHeld(h, s).some((c) => c[1] === h.trump)) ?? null;
    }
    let x = afterFirstTrick(seed - 1);
    const trump = currentHand(x)!.trump!;
    const caller: Seat = bare === 'S' ? 'E' : 'N';
    x = applyOrThrow(applyOrThrow(x, { type: 'nameTrumpCard', seat: bare }), { type: 'callTrump', seat: caller, which: 'highest' });
    const views = () => ([...SEATS, null] as const).map((v) => tableViewOrThrow(x, v).trumpCall);
    let shown = false;
    for (let guard = 0; guard < 52 && currentSeat(currentHand(x)!) !== null; guard++) {
      expect(views()).toEqual(Array(5).fill(shown ? null : { seat: bare, which: 'highest' }));
      const h = currentHand(x)!;
      const seat = currentSeat(h)!;
      const trick = h.plays.split(' ').filter(Boolean);
      const ledSuit = trick.length % 4 === 0 ? null : trick[trick.length - (trick.length % 4)]![1];
      const before = x;
      x = playLawfully(x);
      const card = currentHand(x)!.plays.split(' ').at(-1)!;
      // The seat shows it holds no trump: it leads, or plays to a trump lead, or does not follow, and plays no trump.
      if (seat === bare && (ledSuit === null || ledSuit === trump || card[1] !== ledSuit)) shown = true;
      if (shown && before !== x && seat === bare) expect(card[1]).not.toBe(trump);
    }
    expect(shown).toBe(true);
    expect(views()).toEqual(Array(5).fill(null));
  });

  it('law 65 (1864): with two trumps called, the one that binds a card now is the one every view shows', () => {
    // A seat holding no trump, and its partner holding one: both name the trump card, and both are called.
    let seed = 1;
    let bare: Seat | null = null;
    for (; bare === null; seed++) {
      const h = currentHand(afterFirstTrick(seed))!;
      bare =
        (['E', 'S', 'W'] as const).find(
          (s) => !cardsHeld(h, s).some((c) => c[1] === h.trump) && cardsHeld(h, SEATS[(SEATS.indexOf(s) + 2) % 4]!).some((c) => c[1] === h.trump),
        ) ?? null;
    }
    const partner = SEATS[(SEATS.indexOf(bare) + 2) % 4]!;
    const caller = SEATS[(SEATS.indexOf(bare) + 1) % 4]!;
    let x = afterFirstTrick(seed - 1);
    x = applyOrThrow(applyOrThrow(x, { type: 'nameTrumpCard', seat: bare }), { type: 'nameTrumpCard', seat: partner });
    x = applyOrThrow(applyOrThrow(x, { type: 'callTrump', seat: caller, which: 'highest' }), { type: 'callTrump', seat: caller, which: 'lowest' });
    const shown = tableViewOrThrow(x, null).trumpCall;
    for (const v of [...SEATS, null] as const) expect(tableViewOrThrow(x, v).trumpCall).toEqual({ seat: partner, which: 'lowest' });
    expect(shown).toEqual({ seat: partner, which: 'lowest' });
  });

  it('law 55 (1864): a dealer who cannot recollect the trump card may have his lowest trump called; no one else forgets it for him', () => {
    let seed = 1;
    while (!cardsHeld(currentHand(afterFirstTrick(seed))!, 'N').some((c) => c[1] === currentHand(afterFirstTrick(seed))!.trump)) seed++;
    let x = afterFirstTrick(seed);
    expect(code(x, { type: 'forgetTrumpCard', seat: 'E' })).toBe('INVALID_SEAT');
    x = applyOrThrow(x, { type: 'forgetTrumpCard', seat: 'N' });
    x = applyOrThrow(x, { type: 'callTrump', seat: 'E', which: 'lowest' });
    expect(tableViewOrThrow(x, null).trumpCall).toEqual({ seat: 'N', which: 'lowest' });
    const d = schema2(x) as unknown as { log: { events: Record<string, unknown>[] }[] };
    d.log[0]!.events[1]!.law = 'Laws of Short Whist (1864), law 55';
    expect(parseTable(JSON.stringify(d)).ok).toBe(false);
  });
});

describe('law 79 (1864): the revokers may have the hand played out', () => {
  it('law 79 (1864): a claim by the other side ends the hand only if both revokers accept it: either may play on', () => {
    // Find a revoke early in a ruled hand, then let the other side claim the rest.
    for (let seed = 1; seed < 100; seed++) {
      let t = dealt(seed);
      let revoker: (typeof SEATS)[number] | null = null;
      for (let i = 0; i < 8 && revoker === null; i++) {
        const h = currentHand(t)!;
        const seat = currentSeat(h)!;
        const lawful = legalMoves(h);
        const revoke = cardsHeld(h, seat).find((c) => !lawful.includes(c));
        if (revoke !== undefined) {
          t = applyOrThrow(t, { type: 'play', seat, card: revoke });
          revoker = seat;
        } else t = applyOrThrow(t, { type: 'play', seat, card: lawful[0]! });
      }
      if (revoker === null) continue;
      const claimer = SEATS[(SEATS.indexOf(revoker) + 1) % 4]!;
      const won = tricksWon(currentHand(t)!);
      t = applyOrThrow(t, { type: 'claim', seat: claimer, tricks: 13 - won.NS - won.EW });
      expect(tableViewOrThrow(t, null).next).toEqual({
        action: 'answerClaim',
        seats: [revoker, PARTNER[revoker]].sort((a, b) => SEATS.indexOf(a) - SEATS.indexOf(b)),
      });
      t = applyOrThrow(t, { type: 'refuseClaim', seat: revoker });
      expect(tableViewOrThrow(t, null).next.action).toBe('play');
      return;
    }
    throw new Error('no revoke found');
  });
});

describe('a revoke corrected before it is established (Laws of Short Whist, 1864, laws 73, 76)', () => {
  /** A ruled table where the seat to play revokes; with the revoker and the card, and the table before it. */
  function revoked(): { before: TableState; after: TableState; seat: (typeof SEATS)[number]; card: string } {
    for (let seed = 1; seed < 100; seed++) {
      let t = dealt(seed);
      for (let i = 0; i < 12; i++) {
        const h = currentHand(t)!;
        const seat = currentSeat(h)!;
        const lawful = legalMoves(h);
        const revoke = i % 4 !== 0 && i % 4 !== 3 ? cardsHeld(h, seat).find((c) => !lawful.includes(c)) : undefined;
        if (revoke !== undefined) return { before: t, after: applyOrThrow(t, { type: 'play', seat, card: revoke }), seat, card: revoke };
        t = applyOrThrow(t, { type: 'play', seat, card: lawful[0]! });
      }
    }
    throw new Error('no revoke found');
  }

  it('law 73 (1864): a revoke may be corrected until a card of the next trick is played; the cards played after it are taken back', () => {
    const { before, after, seat, card } = revoked();
    const other = SEATS[(SEATS.indexOf(seat) + 1) % 4]!;
    expect(code(after, { type: 'correctRevoke', seat: other })).toBe('INVALID_ACTION'); // no revoke of theirs
    // One more card after the revoke, then the correction takes both back.
    const followed = playLawfully(after);
    const corrected = applyOrThrow(followed, { type: 'correctRevoke', seat });
    expect(currentHand(corrected)!.plays).toBe(currentHand(before)!.plays);
    const said = corrected.log[0]!.type === 'hand' ? playsAndEvents(corrected.log[0]!).events : undefined;
    expect(said).toMatchObject([{ type: 'correctRevoke', seat, card, law: 'Laws of Short Whist (1864), laws 73, 76' }]);
    expect((said![0] as unknown as { withdrawn: string[] }).withdrawn).toHaveLength(1);
    expect(tableViewOrThrow(corrected, null).exposed).toEqual({ [seat]: [card] });
    expect(tableViewOrThrow(corrected, null).next).toEqual({ action: 'play', seat });
    expect(JSON.stringify(reread(corrected))).toBe(JSON.stringify(corrected));
    // Read after the table before the correction, as a server reads what it stored: the cards taken back.
    for (const [from, to] of [
      [followed, corrected],
      [followed, playLawfully(corrected)],
      [after, corrected],
    ] as const) {
      const r = parseTable(JSON.stringify(to), { after: from });
      expect(r.ok ? JSON.stringify(r.value) : r.error.message).toBe(JSON.stringify(to));
    }
    // Cards taken back without a correction are refused.
    const forged = JSON.parse(JSON.stringify(followed)) as { log: { actions: unknown }[] };
    forged.log[0]!.actions = (before.log[0] as HandEntry).actions;
    expect(parseTable(JSON.stringify(forged), { after: followed }).ok).toBe(false);
    // Established once the next trick has begun.
    let t = after;
    while (currentHand(t)!.plays.split(' ').length % 4 !== 1 || currentHand(t)!.plays === currentHand(after)!.plays) t = playLawfully(t);
    expect(code(t, { type: 'correctRevoke', seat })).toBe('INVALID_ACTION');
    // Under the default rules there is no revoke to correct.
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
    expect(code(plain, { type: 'correctRevoke', seat: 'E' })).toBe('INVALID_ACTION');
  });

  it('law 74 (1864): "having none?" asked before the trick is turned keeps the revoke open until the revoker or his partner plays to the next trick', () => {
    // A revoke in a trick the other side wins, so that they lead the next.
    let found: { before: TableState; done: TableState; seat: (typeof SEATS)[number]; card: string; seed: number } | null = null;
    for (let seed = 1; seed < 200 && found === null; seed++) {
      let t = dealt(seed);
      for (let i = 0; i < 24 && found === null; i++) {
        const h = currentHand(t)!;
        const seat = currentSeat(h)!;
        const lawful = legalMoves(h);
        const revoke = i % 4 !== 0 ? cardsHeld(h, seat).find((c) => !lawful.includes(c)) : undefined;
        if (revoke !== undefined) {
          let done = applyOrThrow(t, { type: 'play', seat, card: revoke });
          while (currentHand(done)!.plays.split(' ').length % 4 !== 0) done = playN(done, 1);
          const winner = tableViewOrThrow(done, null).hand!.tricks.at(-1)!.winner;
          if (winner !== seat && winner !== PARTNER[seat]) found = { before: t, done, seat, card: revoke, seed };
        }
        t = applyOrThrow(t, { type: 'play', seat, card: lawful[0]! });
      }
    }
    const { before, done, seat, card, seed } = found!;
    const partner = PARTNER[seat];
    // Without the question, the revoke is established once the other side leads to the next trick.
    const led = playN(done, 1);
    expect(code(led, { type: 'correctRevoke', seat })).toBe('INVALID_ACTION');
    expect(code(led, { type: 'askHavingNone', seat: partner })).toBe('INVALID_ACTION'); // the trick is turned
    // Asked before the next card: the other side's lead does not establish it, and is taken back with it.
    expect(code(done, { type: 'askHavingNone', seat })).toBe('INVALID_ACTION'); // his partner followed suit
    const asked = applyOrThrow(done, { type: 'askHavingNone', seat: partner });
    const at = currentHand(before)!.plays.split(' ').filter(Boolean).length;
    expect(tableViewOrThrow(asked, null).events.at(-1)).toEqual({ type: 'askHavingNone', at, seat: partner, card, law: 'Laws of Short Whist (1864), law 74' });
    expect(code(asked, { type: 'askHavingNone', seat: partner })).toBe('INVALID_ACTION'); // once
    expect(JSON.stringify(reread(asked))).toBe(JSON.stringify(asked));
    const askedThenLed = playN(asked, 1);
    const lead = currentHand(askedThenLed)!.plays.split(' ').at(-1)!;
    const corrected = applyOrThrow(askedThenLed, { type: 'correctRevoke', seat });
    expect(currentHand(corrected)!.plays).toBe(currentHand(before)!.plays);
    const event = tableViewOrThrow(corrected, null).events.at(-1) as unknown as { type: string; withdrawn: string[] };
    expect(event.type).toBe('correctRevoke');
    expect(event.withdrawn.at(-1)).toBe(lead);
    expect(tableViewOrThrow(corrected, null).exposed).toEqual({ [seat]: [card] });
    expect(JSON.stringify(reread(corrected))).toBe(JSON.stringify(corrected));
    for (const [from, to] of [
      [done, asked],
      [done, corrected],
      [asked, corrected],
      [askedThenLed, corrected],
      [askedThenLed, playLawfully(corrected)],
    ] as const) {
      const r = parseTable(JSON.stringify(to), { after: from });
      expect(r.ok ? JSON.stringify(r.value) : r.error.message).toBe(JSON.stringify(to));
    }
    // Once the revoker or his partner has played to the next trick, it is established.
    expect(code(playN(askedThenLed, 1), { type: 'correctRevoke', seat })).toBe('INVALID_ACTION');
    // A question of a card that was not played there is refused when read back.
    const forged = schema2(asked) as any;
    forged.log[0].events.at(-1).card = cardsHeld(currentHand(asked)!, partner)[0];
    expect(parseTable(forged).ok).toBe(false);
    // A Whist record keeps the question and the correction.
    const finished = playN(corrected, 52 - at);
    const written = formatWhistPbn(finished, { seed });
    if (!written.ok) throw new Error(written.error.message);
    const back = parseWhistPbn(written.value);
    expect(back.ok && JSON.parse(JSON.stringify(back.value.table.log))).toEqual((askedAtOnce(finished) as { log: unknown }).log);
    expect(written.value).toContain('askHavingNone');
    // Under the default rules no question is asked.
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
    expect(code(playN(plain, 2), { type: 'askHavingNone', seat: 'N' })).toBe('INVALID_ACTION');
  });

  it('law 74 (1864): stored tables no table could make are refused, whole and after the table before; a card taken back and played again is asked of afresh', () => {
    // The second hand to trick 1 renounces with X, holding the suit led, and keeps another card Y.
    let t: TableState | null = null;
    let x = '' as Card;
    let y = '' as Card;
    let second: (typeof SEATS)[number] = 'N';
    for (let seed = 1; seed < 200 && t === null; seed++) {
      let u = dealt(seed);
      const leader = currentSeat(currentHand(u)!)!;
      const lead = cardsHeld(currentHand(u)!, leader)[0]!;
      u = applyOrThrow(u, { type: 'play', seat: leader, card: lead });
      second = SEATS[(SEATS.indexOf(leader) + 1) % 4]!;
      const held = cardsHeld(currentHand(u)!, second);
      const others = held.filter((c) => c[1] !== lead[1]);
      if (others.length < 2 || held.length === others.length) continue;
      [x, y] = [others[0]!, others[1]!];
      t = applyOrThrow(u, { type: 'play', seat: second, card: x });
    }
    const partner = PARTNER[second];
    const third = SEATS[(SEATS.indexOf(second) + 1) % 4]!;
    const played = playLawfully(t!);
    const law74 = 'Laws of Short Whist (1864), law 74';
    const refused = (from: TableState, edit: (entry: { events: object[]; plays: string }) => void) => {
      const json = schema2(from) as any;
      edit(json.log[0]);
      return [parseTable(json).ok, parseTable(json, { after: from }).ok];
    };
    // Something said after the card: the question could not have been asked then.
    const exposed = applyOrThrow(played, { type: 'expose', seat: third, card: cardsHeld(currentHand(played)!, third)[0]! });
    expect(code(exposed, { type: 'askHavingNone', seat: partner })).toBe('INVALID_ACTION');
    expect(refused(exposed, (e) => e.events.push({ type: 'askHavingNone', at: 1, seat: partner, card: x, law: law74 }))).toEqual([false, false]);
    // A correction of another card than the one asked of.
    const asked = applyOrThrow(played, { type: 'askHavingNone', seat: partner });
    expect(
      refused(asked, (e) => {
        e.events.push({
          type: 'correctRevoke',
          at: 1,
          seat: second,
          card: y,
          withdrawn: [e.plays.split(' ')[2]],
          law: 'Laws of Short Whist (1864), laws 73, 76',
        });
        e.plays = e.plays.split(' ')[0]!;
      }),
    ).toEqual([false, false]);
    // While a claim awaits its answer, nothing is asked.
    expect(code(applyOrThrow(played, { type: 'claim', seat: third, tricks: 1 }), { type: 'askHavingNone', seat: partner })).toBe('CLAIM_PENDING');
    // Corrected, then the same card played again without following suit: asked of afresh.
    let again = applyOrThrow(asked, { type: 'correctRevoke', seat: second });
    again = applyOrThrow(again, { type: 'play', seat: second, card: x });
    again = applyOrThrow(again, { type: 'askHavingNone', seat: partner });
    expect(code(again, { type: 'askHavingNone', seat: partner })).toBe('INVALID_ACTION');
    expect(JSON.stringify(reread(again))).toBe(JSON.stringify(again));
  });

  it('law 76 (1864): the other side may call the card played in error, or at once his highest or lowest card of the suit led', () => {
    const { after, seat, card } = revoked();
    const corrected = applyOrThrow(after, { type: 'correctRevoke', seat });
    const partner = PARTNER[seat];
    const adversary = SEATS[(SEATS.indexOf(seat) + 1) % 4]!;
    expect(code(corrected, { type: 'callLedSuit', seat: partner, which: 'lowest' })).toBe('INVALID_SEAT');
    const lowest = applyOrThrow(corrected, { type: 'callLedSuit', seat: adversary, which: 'lowest' });
    expect(tableViewOrThrow(lowest, null).exposed).toEqual({}); // taken back without exposure
    const h = currentHand(lowest)!;
    const led = h.plays.split(' ')[h.plays.split(' ').length - (h.plays.split(' ').length % 4)]![1];
    const ofSuit = cardsHeld(h, seat).filter((c) => c[1] === led);
    const want = ofSuit[ofSuit.length - 1]!;
    if (ofSuit.length > 1) expect(code(lowest, { type: 'play', seat, card: ofSuit[0]! })).toBe('CARD_CALLED');
    const played = applyOrThrow(lowest, { type: 'play', seat, card: want });
    expect(JSON.stringify(reread(played))).toBe(JSON.stringify(played));
    // Or the card is called: it stays exposed and is played when it can be.
    const calledCard = applyOrThrow(corrected, { type: 'callCard', seat: adversary, card: card as never });
    expect(tableViewOrThrow(calledCard, null).called).toEqual([{ seat, card }]);
    expect(code(calledCard, { type: 'callLedSuit', seat: adversary, which: 'highest' })).toBe('INVALID_ACTION');
    // Tampered corrections are refused by parseTable.
    for (const change of [
      (e: Record<string, unknown>) => {
        e.card = cardsHeld(currentHand(corrected)!, seat).find((c) => c !== card);
      },
      (e: Record<string, unknown>) => {
        e.withdrawn = ['2C', '3C', '4C', '5C'];
      },
      (e: Record<string, unknown>) => {
        e.law = 'Laws of Short Whist (1864), law 72';
      },
    ]) {
      const d = schema2(corrected) as unknown as { log: { events: Record<string, unknown>[] }[] };
      change(d.log[0]!.events[0]!);
      expect(parseTable(JSON.stringify(d)).ok).toBe(false);
    }
  });
});

describe('calling honours in Long Whist (Hoyle\u2019s laws of Long Whist, 16-21)', () => {
  const LONG_RULED = defineRulesOrThrow(LONG_WHIST, { name: 'long-ruled', irregularities: 'ruled' });

  /** NS and EW's honours in the hand just dealt, by seat. */
  function honoursBySeat(t: TableState): Record<(typeof SEATS)[number], number> {
    const h = currentHand(t)!;
    const out = { N: 0, E: 0, S: 0, W: 0 };
    for (const s of SEATS) out[s] = cardsHeld(h, s).filter((c) => c[1] === h.trump && 'AKQJ'.includes(c[0]!)).length;
    return out;
  }

  /** A Long Whist table where north-south start a hand at eight: each hand before is settled by a claim of seven tricks for one side, accepted. */
  function atEight(want: (hon: Record<(typeof SEATS)[number], number>) => boolean): TableState {
    for (let seed = 1; seed < 400; seed++) {
      let t = newTableOrThrow(LONG_RULED, { seed });
      for (let hand = 0; hand < 12; hand++) {
        if (tableViewOrThrow(t, null).next.action !== 'deal') break;
        t = applyOrThrow(t, { type: 'deal' });
        const score = tableViewOrThrow(t, null).score;
        if (score.NS === 8 && want(honoursBySeat(t))) return t;
        if (score.NS > 8 || score.EW > 7) break;
        const claimer = score.NS < 8 ? 'N' : 'E';
        t = applyOrThrow(t, { type: 'claim', seat: claimer, tricks: 7 });
        for (const s of SEATS) if ((s === 'N' || s === 'S') !== (claimer === 'N')) t = applyOrThrow(t, { type: 'acceptClaim', seat: s });
      }
    }
    throw new Error('no table at eight found');
  }

  it('law 19 (Hoyle, Long Whist): called at eight and answered, with three honours between the partners, the game is won unplayed', () => {
    let t = atEight((h) => h.N === 2 && h.S === 1);
    expect(code(t, { type: 'answerCall', seat: 'S' })).toBe('INVALID_ACTION'); // north has not called
    expect(SEATS.map((s) => tableViewOrThrow(t, s).honoursCall)).toEqual(['call', null, null, null]);
    expect(tableViewOrThrow(t, null).honoursCall).toBeNull();
    t = applyOrThrow(t, { type: 'callHonours', seat: 'N' });
    expect(SEATS.map((s) => tableViewOrThrow(t, s).honoursCall)).toEqual([null, null, 'answer', null]);
    expect(code(t, { type: 'callHonours', seat: 'S' })).toBe('INVALID_ACTION'); // called already
    expect(code(t, { type: 'answerCall', seat: 'E' })).toBe('INVALID_ACTION');
    t = applyOrThrow(t, { type: 'answerCall', seat: 'S' });
    const view = tableViewOrThrow(t, null);
    const last = view.hands.at(-1)!;
    expect(last).toMatchObject({ tricks: { NS: 0, EW: 0 }, honoursCalled: true, honourPoints: { NS: 2 } });
    expect(view.games.at(-1)?.winner).toBe('NS');
    expect(view.next.action).toBe('deal');
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    const written = formatWhistPbn(t);
    const back = written.ok ? parseWhistPbn(written.value) : written;
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.table.log.at(-1)).toEqual({ ...t.log.at(-1), shuffled: false });
  });

  it('law 16 (Hoyle, Long Whist): a call at any score but eight lets the other side claim a new deal; otherwise the hand is played on', () => {
    let t = applyOrThrow(newTableOrThrow(LONG_RULED, { seed: 2 }), { type: 'deal' });
    expect(code(t, { type: 'newDeal', seat: 'E', ground: 'callNotAtEight' })).toBe('INVALID_ACTION'); // no call yet
    t = applyOrThrow(t, { type: 'callHonours', seat: 'N' });
    expect(code(t, { type: 'newDeal', seat: 'S', ground: 'callNotAtEight' })).toBe('INVALID_ACTION'); // north's own side
    const answered = applyOrThrow(t, { type: 'answerCall', seat: 'S' });
    expect(tableViewOrThrow(answered, null).next.action).toBe('play'); // no game: the call was at nothing
    const voided = applyOrThrow(answered, { type: 'newDeal', seat: 'E', ground: 'callNotAtEight' });
    expect(logged(voided.log[0])).toMatchObject({
      events: [{ type: 'callHonours' }, { type: 'answerCall' }, { type: 'newDeal', law: "Hoyle's laws of Long Whist, law 16" }],
    });
    expect(tableViewOrThrow(voided, null).next).toEqual({ action: 'deal', dealer: tableViewOrThrow(t, null).hand!.dealer });
    // Under Short Whist's laws there is no calling.
    const short = dealt();
    expect(code(short, { type: 'callHonours', seat: 'N' })).toBe('INVALID_ACTION');
  });

  it('law 20 (Hoyle, Long Whist): an answer without an honour lets the other side claim a new deal; law 21 (Hoyle, Long Whist): so does a call after the caller played', () => {
    let t = atEight((h) => h.N >= 2 && h.S === 0);
    expect(tableViewOrThrow(applyOrThrow(t, { type: 'callHonours', seat: 'N' }), 'S').honoursCall).toBeNull(); // no honour to answer with
    t = applyOrThrow(applyOrThrow(t, { type: 'callHonours', seat: 'N' }), { type: 'answerCall', seat: 'S' });
    expect(tableViewOrThrow(t, null).next.action).toBe('play');
    expect(code(t, { type: 'newDeal', seat: 'W', ground: 'wrongCall' })).toBe('accepted');
    expect(code(t, { type: 'newDeal', seat: 'W', ground: 'callAfterPlaying' })).toBe('INVALID_ACTION');
    // A call by a player who has already played to the hand.
    let late = atEight(() => true);
    let caller: (typeof SEATS)[number] | null = null;
    while (caller === null) {
      const seat = currentSeat(currentHand(late)!)!;
      late = playLawfully(late);
      if (seat === 'N' || seat === 'S') caller = seat;
    }
    late = applyOrThrow(late, { type: 'callHonours', seat: caller });
    expect(code(late, { type: 'newDeal', seat: 'E', ground: 'callNotAtEight' })).toBe('INVALID_ACTION');
    expect(code(late, { type: 'newDeal', seat: 'E', ground: 'callAfterPlaying' })).toBe('accepted');
  });
});

describe('cards played out of turn to a trick (Laws of Short Whist, 1864, laws 67-68), and cards thrown face up (law 58)', () => {
  it('law 67 (1864): a card played before its turn stands: its player plays it at his turn, and no other', () => {
    let t = playN(dealt(), 1); // east led; south plays to it, then west, then north
    const h = currentHand(t)!;
    const west = cardsHeld(h, 'W');
    const card = west.find((c) => c[1] === h.plays[1]) ?? west[0]!;
    expect(code(t, { type: 'playOutOfTurn', seat: 'S', card: cardsHeld(h, 'S')[0] })).toBe('INVALID_SEAT'); // south's turn
    expect(code(t, { type: 'playOutOfTurn', seat: 'E', card: cardsHeld(h, 'E')[0] })).toBe('INVALID_SEAT'); // east has played
    expect(code(t, { type: 'playOutOfTurn', seat: 'W', card: cardsHeld(h, 'N')[0] })).toBe('CARD_NOT_IN_HAND');
    t = applyOrThrow(t, { type: 'playOutOfTurn', seat: 'W', card });
    expect(code(t, { type: 'playOutOfTurn', seat: 'W', card: west[1] })).toBe('INVALID_SEAT');
    t = playLawfully(t); // south
    const other = cardsHeld(currentHand(t)!, 'W').find((c) => c !== card)!;
    expect(code(t, { type: 'play', seat: 'W', card: other })).toBe('CARD_CALLED');
    t = applyOrThrow(t, { type: 'play', seat: 'W', card });
    expect(JSON.stringify(reread(t))).toBe(JSON.stringify(t));
    expect(code(dealt(), { type: 'playOutOfTurn', seat: 'W', card })).toBe('INVALID_ACTION'); // a lead is due
  });

  it('law 68 (1864): the fourth hand playing before his partner, the second, the third not having played, the second may be called to win or not to win', () => {
    for (let seed = 1; seed < 200; seed++) {
      let t = playN(dealt(seed), 1); // east led; south is second hand, west third, north fourth
      const h = currentHand(t)!;
      const led = h.plays[1]!;
      const south = cardsHeld(h, 'S').filter((c) => c[1] === led);
      if (south.length < 2) continue;
      // North plays a low card of the suit out of turn; west calls south to win.
      const north = cardsHeld(h, 'N').filter((c) => c[1] === led);
      const low = north[north.length - 1] ?? cardsHeld(h, 'N')[0]!;
      t = applyOrThrow(t, { type: 'playOutOfTurn', seat: 'N', card: low });
      expect(code(t, { type: 'callWin', seat: 'N', win: true })).toBe('INVALID_SEAT');
      expect(code(t, { type: 'callWin', seat: 'W', win: 'yes' })).toBe('INVALID_ACTION');
      const called = applyOrThrow(t, { type: 'callWin', seat: 'W', win: true });
      expect(logged(called.log[0])).toMatchObject({
        events: [{ type: 'playOutOfTurn' }, { type: 'callWin', win: true, law: 'Laws of Short Whist (1864), laws 67-68' }],
      });
      const highest = south[0]!;
      const lowest = south[south.length - 1]!;
      const rank = 'AKQJT98765432';
      const winsNow = rank.indexOf(highest[0]!) < rank.indexOf(h.plays[0]!) && (low[1] !== led || rank.indexOf(highest[0]!) < rank.indexOf(low[0]!));
      if (!winsNow) continue;
      const losing = rank.indexOf(lowest[0]!) > rank.indexOf(h.plays[0]!);
      if (losing) expect(code(called, { type: 'play', seat: 'S', card: lowest })).toBe('CARD_CALLED');
      const after = applyOrThrow(called, { type: 'play', seat: 'S', card: highest });
      expect(JSON.stringify(reread(after))).toBe(JSON.stringify(after));
      // Not to win: the lowest card is the one to play where it loses.
      const notWin = applyOrThrow(t, { type: 'callWin', seat: 'E', win: false });
      if (losing) expect(code(notWin, { type: 'play', seat: 'S', card: highest })).toBe('CARD_CALLED');
      // Later than at once, the call is refused.
      expect(code(playLawfully(t), { type: 'callWin', seat: 'W', win: true })).toBe('INVALID_ACTION');
      return;
    }
    throw new Error('no deal found');
  });

  it('law 58 (1864): cards thrown face up are exposed, each liable to be called by the other side', () => {
    let t = dealt();
    const west = cardsHeld(currentHand(t)!, 'W').slice(0, 3);
    for (const card of west) t = applyOrThrow(t, { type: 'expose', seat: 'W', card });
    expect(tableViewOrThrow(t, 'N').exposed).toEqual({ W: west });
    for (const card of west) t = applyOrThrow(t, { type: 'callCard', seat: 'N', card });
    expect(tableViewOrThrow(t, 'S').called.map((x) => x.card)).toEqual(west);
  });
});

describe('TableView.playable: the cards apply accepts, by the rules and the calls standing', () => {
  it('is legalMoves at a plain table, empty for other seats and spectators, and follows a card played out of turn, a called suit and a called card', () => {
    const plain = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
    expect(tableViewOrThrow(plain, 'E').playable).toEqual(legalMoves(currentHand(plain)!));
    expect(tableViewOrThrow(plain, 'S').playable).toEqual([]);
    expect(tableViewOrThrow(plain, null).playable).toEqual([]);
    // A card played out of turn: at its turn, its player may play it alone.
    let t = playN(dealt(), 1);
    const west = cardsHeld(currentHand(t)!, 'W');
    const card = west.find((c) => c[1] !== currentHand(t)!.plays[1]) ?? west[0]!; // perhaps a revoke
    t = applyOrThrow(playLawfully(applyOrThrow(t, { type: 'playOutOfTurn', seat: 'W', card })), {
      type: 'expose',
      seat: 'N',
      card: cardsHeld(currentHand(t)!, 'N')[0]!,
    });
    expect(tableViewOrThrow(t, 'W').playable).toEqual([card]);
    // Every card playable is accepted; every other card of the hand is refused, but for revokes under ruled rules.
    for (const x of [dealt(11), t]) {
      const v = tableViewOrThrow(x, currentSeat(currentHand(x)!)!);
      for (const c of v.hand!.cards) {
        const r = code(x, { type: 'play', seat: v.viewer, card: c });
        if (v.playable.includes(c)) expect(r).toBe('accepted');
        else if (v.hand!.legalMoves.includes(c)) expect(r).toBe('CARD_CALLED');
      }
    }
  });
});

describe('TableView.elections: the choices open to a side after an irregularity (law 84 (1864): either partner elects, once)', () => {
  it('law 84 (1864): after a lead out of turn, a corrected revoke, an exposed card or a revoke, the view names the side, its actions, the card and the law; the first election closes it', () => {
    let t = dealt();
    const card = cardsHeld(currentHand(t)!, 'W').at(-1)!;
    t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'W', card });
    expect(tableViewOrThrow(t, 'E').elections).toEqual([
      { side: 'NS', actions: ['callCard', 'callSuit'], card, law: 'Laws of Short Whist (1864), laws 61, 66' },
    ]);
    const suit = applyOrThrow(t, { type: 'callSuit', seat: 'S', suit: 'H' });
    expect(tableViewOrThrow(suit, null).elections).toEqual([]);
    expect(code(suit, { type: 'callCard', seat: 'N', card })).toBe('INVALID_ACTION'); // the partner cannot elect again
    // Once the lead is played, only the card is left to call.
    const later = playLawfully(t);
    expect(tableViewOrThrow(later, null).elections).toEqual([{ side: 'NS', actions: ['callCard'], card, law: 'Laws of Short Whist (1864), laws 56, 65' }]);
    expect(tableViewOrThrow(dealt(), null).elections).toEqual([]);
    // A revoke: its penalty is an election once the hand is over.
    let r = dealt(2);
    let revoker: (typeof SEATS)[number] | null = null;
    while (currentHand(r)!.plays.split(' ').length < 52 || currentHand(r)!.plays === '') {
      const h = currentHand(r)!;
      if (currentSeat(h) === null) break;
      const seat = currentSeat(h)!;
      const off = revoker === null ? cardsHeld(h, seat).find((c) => !legalMoves(h).includes(c)) : undefined;
      if (off !== undefined) revoker = seat;
      r = applyOrThrow(r, { type: 'play', seat, card: off ?? legalMoves(h)[0]! });
    }
    expect(revoker).not.toBeNull();
    const side = revoker === 'N' || revoker === 'S' ? 'EW' : 'NS';
    expect(tableViewOrThrow(r, null).elections).toMatchObject([{ side, actions: ['claimRevoke'], law: 'Laws of Short Whist (1864), law 72' }]);
  });
});

describe('calls standing together', () => {
  it('law 65 (1864): calls that one card cannot meet bind in turn: a card played out of turn first, a called exposed card at the next chance', () => {
    let t = dealt(1);
    t = applyOrThrow(t, { type: 'play', seat: 'E', card: 'KS' });
    t = applyOrThrow(t, { type: 'playOutOfTurn', seat: 'W', card: 'TS' });
    t = applyOrThrow(t, { type: 'expose', seat: 'W', card: '8S' });
    t = applyOrThrow(t, { type: 'callCard', seat: 'N', card: '8S' });
    t = applyOrThrow(t, { type: 'play', seat: 'S', card: 'AS' });
    expect(tableViewOrThrow(t, 'W').playable).toEqual(['TS']);
    t = applyOrThrow(t, { type: 'play', seat: 'W', card: 'TS' });
    expect(tableViewOrThrow(t, null).called).toEqual([{ seat: 'W', card: '8S' }]);
  });

  it('law 76 (1864): a revoke played out of turn and taken back no longer stands: the revoker follows suit, with the card of the suit led the other side calls', () => {
    let t = dealt(1);
    t = applyOrThrow(t, { type: 'play', seat: 'E', card: 'KS' });
    t = applyOrThrow(t, { type: 'playOutOfTurn', seat: 'W', card: '9H' });
    t = applyOrThrow(t, { type: 'play', seat: 'S', card: 'AS' });
    t = applyOrThrow(t, { type: 'play', seat: 'W', card: '9H' }); // a revoke: west holds spades
    t = applyOrThrow(t, { type: 'correctRevoke', seat: 'W' });
    const spades = cardsHeld(currentHand(t)!, 'W').filter((c) => c[1] === 'S');
    expect(spades.length).toBeGreaterThan(1);
    expect(tableViewOrThrow(t, 'W').playable).toEqual(spades);
    t = applyOrThrow(t, { type: 'callLedSuit', seat: 'N', which: 'lowest' });
    expect(tableViewOrThrow(t, 'W').playable).toEqual([spades.at(-1)]);
  });
});
