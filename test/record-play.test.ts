// playRecord: a bridge record (PBN or LIN) replayed as a Whist hand, declarer dealing and the contract's strain
// trump (PBN 2.1, 3.4 and 3.6): the state after the record's plays, or the first card the engine refuses, with its
// seat, card and place. Agrees with checkRecord on random playouts, under the fixed seed of test/arbitraries.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completedTricks,
  currentSeat,
  dealHandOrThrow,
  type HandState,
  legalMoves,
  nextSeat,
  playOrThrow,
  playRecord,
  type Rules,
  SHORT_WHIST,
  tricksWon,
} from '../src/index.js';
import { checkRecord, type DealRecord, parseLin, parsePbn } from '../src/records/index.js';
import { deckArb, fcParams, seatArb, trumpArb } from './arbitraries.js';

const SPLIT = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

function pbn(body: string): DealRecord {
  const r = parsePbn(body);
  if (!r.ok || r.value[0] === undefined) throw new Error('no record');
  return r.value[0];
}

function lin(body: string): DealRecord {
  const r = parseLin(body);
  if (!r.ok || r.value[0] === undefined) throw new Error('no record');
  return r.value[0];
}

describe('playRecord', () => {
  it('deals with declarer as dealer and the strain as trump, and plays the PBN rows in turn until a "-"', () => {
    const r = playRecord(pbn(`[Deal "${SPLIT}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\nH3 - C3 SA\n*\n`), SHORT_WHIST);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.value.dealer, r.value.trump, r.value.trumpSource, r.value.plays]).toEqual(['N', 'S', 'given', 'AH 2D 2C 2S AS 3H']);
    expect(completedTricks(r.value)[0]?.winner).toBe('N');
    expect(currentSeat(r.value)).toBe('S');
  });

  it('plays a LIN record in its order; no-trump is a hand without trumps', () => {
    const body = 'md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|7S|mb|p|mb|p|mb|p|pc|C2|pc|S2|pc|H2|pc|D2|pc|SA|';
    const r = playRecord(lin(body), SHORT_WHIST);
    expect(r.ok && [r.value.plays, completedTricks(r.value)[0]?.winner]).toEqual(['2C 2S 2H 2D AS', 'S']);
    const nt = playRecord(lin(body.replace('mb|7S', 'mb|7N').replace('pc|SA|', '')), SHORT_WHIST);
    expect(nt.ok && [nt.value.trump, completedTricks(nt.value)[0]?.winner]).toEqual([null, 'E']);
  });

  it('refuses the first illegal play with its code, seat, card and place', () => {
    const mixed = 'N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432';
    const revoke = playRecord(pbn(`[Deal "${mixed}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 SA\n*\n`), SHORT_WHIST);
    expect(revoke).toEqual({
      ok: false,
      error: { code: 'MUST_FOLLOW_SUIT', message: expect.stringMatching(/must follow suit/), path: 'plays[3]', seat: 'N', card: 'AS' },
    });
    const notHeld = playRecord(pbn(`[Deal "${SPLIT}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nSA D2 C2 S2\n*\n`), SHORT_WHIST);
    expect(notHeld.ok ? null : [notHeld.error.code, notHeld.error.path, notHeld.error.seat]).toEqual(['CARD_NOT_IN_HAND', 'plays[0]', 'E']);
    // A card the record does not show readably ends the play there, as a claim does.
    const junk = lin('md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|7S|mb|p|mb|p|mb|p|pc|ZZ|pc|HA|');
    expect(junk.problems).toEqual(['pc: unreadable card "ZZ"; the play stops there']);
    expect(playRecord(junk, SHORT_WHIST)).toMatchObject({ ok: true, value: { plays: '' } });
  });

  it('refuses a card shown after the thirteenth trick with HAND_COMPLETE', () => {
    const base = 'md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|7S|mb|p|mb|p|mb|p|';
    const dealt = playRecord(lin(base), SHORT_WHIST);
    if (!dealt.ok) throw new Error(dealt.error.message);
    let h: HandState = dealt.value;
    const order: string[] = [];
    for (let seat = currentSeat(h); seat !== null; seat = currentSeat(h)) {
      const card = legalMoves(h)[0] as string;
      order.push(`${card[1]}${card[0]}`);
      h = playOrThrow(h, seat, card as never);
    }
    const played = playRecord(lin(`${base}${order.map((c) => `pc|${c}|`).join('')}`), SHORT_WHIST);
    expect(played.ok && played.value.plays).toBe(h.plays);
    const r = playRecord(lin(`${base}${order.map((c) => `pc|${c}|`).join('')}pc|S2|`), SHORT_WHIST);
    expect(r.ok ? null : [r.error.code, r.error.path]).toEqual(['HAND_COMPLETE', 'plays[52]']);
  });

  it('refuses records it cannot deal: no contract, passed out, no full deal, a card twice; rules validateRules refuses; values that are no record', () => {
    const code = (r: ReturnType<typeof playRecord>) => (r.ok ? null : r.error.code);
    expect(code(playRecord(pbn(`[Deal "${SPLIT}"]\n`), SHORT_WHIST))).toBe('INVALID_ARGUMENT');
    const passed = playRecord(pbn(`[Deal "${SPLIT}"]\n[Contract "Pass"]\n`), SHORT_WHIST);
    expect(passed.ok ? null : passed.error.message).toMatch(/passed out/);
    expect(code(playRecord(pbn('[Deal "N:- - - -"]\n[Declarer "N"]\n[Contract "1S"]\n'), SHORT_WHIST))).toBe('INVALID_HAND');
    expect(code(playRecord(pbn(`[Deal "${SPLIT.replace('N:AKQJT98765432...', 'N:AKQJT9876543.A..')}"]\n[Declarer "N"]\n[Contract "1S"]\n`), SHORT_WHIST))).toBe(
      'DUPLICATE_CARD',
    );
    const record = pbn(`[Deal "${SPLIT}"]\n[Declarer "N"]\n[Contract "7S"]\n`);
    expect(code(playRecord(record, { ...SHORT_WHIST, target: 7 } as Rules))).toBe('INVALID_RULES');
    for (const value of [null, 42, 'text', {}, { play: { order: 'bySeat', tricks: [] } }])
      expect(code(playRecord(value as never, SHORT_WHIST))).toBe('INVALID_ARGUMENT');
    const throwing = new Proxy(record, {
      get() {
        throw new Error('trap');
      },
    });
    expect(code(playRecord(throwing, SHORT_WHIST))).toBe('INVALID_ARGUMENT');
  });

  it('property: a random playout written as a PBN record gives the same hand, and the tricks checkRecord counts', () => {
    fc.assert(
      fc.property(deckArb, seatArb, trumpArb, fc.integer({ min: 0, max: 52 }), fc.integer({ min: 0, max: 2 ** 31 }), (deck, dealer, trump, n, pick) => {
        const hands = { N: deck.slice(0, 13), E: deck.slice(13, 26), S: deck.slice(26, 39), W: deck.slice(39) };
        let h = dealHandOrThrow(SHORT_WHIST, { dealer, cards: hands, trump });
        for (let i = 0; i < n; i++) {
          const moves = legalMoves(h);
          h = playOrThrow(h, currentSeat(h) as never, moves[(pick + i * 7) % moves.length] as never);
        }
        const leader = nextSeat(dealer);
        const rows: string[][] = [];
        const order = h.plays === '' ? [] : h.plays.split(' ');
        let seat = leader;
        order.forEach((card, i) => {
          const t = i >> 2;
          if (i % 4 === 0 && t > 0) seat = completedTricks(h)[t - 1]?.winner ?? seat;
          const who = nextSeat(seat, i % 4);
          rows[t] ??= ['-', '-', '-', '-'];
          (rows[t] as string[])[(['N', 'E', 'S', 'W'].indexOf(who) - ['N', 'E', 'S', 'W'].indexOf(leader) + 4) % 4] = `${card[1]}${card[0]}`;
        });
        const text = `[Deal "${h.deal}"]\n[Declarer "${dealer}"]\n[Contract "1${trump ?? 'NT'}"]\n[Play "${leader}"]\n${rows.map((r) => r.join(' ')).join('\n')}\n*\n`;
        const record = pbn(text);
        const back = playRecord(record, SHORT_WHIST);
        expect(back.ok && back.value.plays).toBe(h.plays);
        const replayed = checkRecord(record, SHORT_WHIST);
        expect(replayed.ok && replayed.value.tricks).toEqual(tricksWon(h));
      }),
      fcParams(150),
    );
  });
});
