/**
 * A computer seat (src/computer.ts, src/solver/seat.ts): each decision it makes from its own table view, and
 * what the table view now says for it (the actions open to the viewer, the tricks a claim gives the
 * claimer's side, the penalties a deal waits for).
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  applyOrThrow,
  COMPUTER_CLAIM_NODES,
  COMPUTER_CLAIM_TRICKS,
  COMPUTER_LEVELS,
  cardAction,
  cardsHeld,
  claimAction,
  computerAction,
  computerTurn,
  currentHand,
  currentSeat,
  defineRulesOrThrow,
  type HandState,
  LONG_WHIST,
  legalMoves,
  newTableOrThrow,
  playerViewOrThrow,
  randomInt,
  readComputerLevel,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
  sideOf,
  type TableAction,
  type TableState,
  tableViewOrThrow,
  WhistError,
} from '../src/index.js';
import { checkClaim, checkSeatClaim, computerCard, computerMove, SAMPLING_LEVELS } from '../src/solver/index.js';

const RULED = defineRulesOrThrow(SHORT_WHIST, { name: 'short-ruled', irregularities: 'ruled' });
const LONG_RULED = defineRulesOrThrow(LONG_WHIST, { name: 'long-ruled', irregularities: 'ruled' });

/** The seat the table waits on: to play, or the first to answer a claim. */
function waitingOn(t: TableState): Seat | null {
  const next = tableViewOrThrow(t, null).next;
  return next.action === 'play' ? next.seat : next.action === 'answerClaim' ? (next.seats[0] ?? null) : null;
}

/** A card the seat to play holds that does not follow suit though it could; `null` when none. */
function revokeCard(h: HandState): string | null {
  const seat = currentSeat(h);
  if (seat === null) return null;
  const lawful = legalMoves(h);
  const held = cardsHeld(h, seat);
  return lawful.length === held.length ? null : (held.find((c) => !lawful.includes(c)) ?? null);
}

/**
 * Plays a ruled table's hand out: the seat `by` revokes at its first chance from `chance` (a PRNG draw) on,
 * everyone else plays its first legal card.
 */
function handWithRevoke(t: TableState, by: Seat, from: number): TableState {
  let revoked = false;
  for (;;) {
    const h = currentHand(t);
    const seat = h === null ? null : currentSeat(h);
    if (h === null || seat === null || tableViewOrThrow(t, null).next.action !== 'play') return t;
    const trick = Math.floor(h.plays.split(' ').filter(Boolean).length / 4) + 1;
    const r = !revoked && seat === by && trick >= from ? revokeCard(h) : null;
    if (r !== null) revoked = true;
    t = applyOrThrow(t, { type: 'play', seat, card: (r ?? legalMoves(h)[0]) as never });
  }
}

describe('levels', () => {
  it('one vocabulary: heuristic and the sampling levels for play (not expert, for reviews); the old spellings basic and quick are read as heuristic', () => {
    expect(COMPUTER_LEVELS).toEqual(['heuristic', ...Object.keys(SAMPLING_LEVELS).filter((level) => level !== 'expert')]);
    expect(readComputerLevel('expert').ok).toBe(false);
    expect(readComputerLevel(' Standard ')).toEqual({ ok: true, value: 'standard' });
    expect(readComputerLevel('basic')).toEqual({ ok: true, value: 'heuristic' });
    expect(readComputerLevel('quick')).toEqual({ ok: true, value: 'heuristic' });
    for (const bad of ['hard', '', 7, null, undefined, 'toString', '__proto__']) {
      const r = readComputerLevel(bad);
      expect(r.ok ? r.value : r.error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('the budgets are named numbers', () => {
    expect(COMPUTER_CLAIM_TRICKS).toBe(5);
    expect(COMPUTER_CLAIM_NODES).toBe(200_000);
  });

  it("computerCard plays the rules of thumb at heuristic and the sampling player's card at a level, the same card for the same view and seed", () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
    const h = currentHand(t)!;
    const view = playerViewOrThrow(h, currentSeat(h)!);
    expect(view.legalMoves).toContain(computerCard(view));
    const card = computerCard(view, { level: 'fast', seed: 9 });
    expect(view.legalMoves).toContain(card);
    expect(computerCard(view, { level: 'fast', seed: 9 })).toBe(card);
    expect(() => computerCard(view, { level: 'quick' as never })).toThrow(WhistError);
    expect(() => computerCard(view, { seed: 1.5 })).toThrow(WhistError);
  });
});

describe('the card', () => {
  it('a card at its turn; nothing at another seat’s turn or for a spectator’s view', () => {
    const t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
    const turn = computerTurn(tableViewOrThrow(t, 'E'));
    expect(turn?.kind).toBe('card');
    expect(turn?.kind === 'card' && turn.view).toEqual(tableViewOrThrow(t, 'E').hand);
    for (const s of ['N', 'S', 'W'] as const) expect(computerTurn(tableViewOrThrow(t, s))).toBeNull();
    expect(() => computerTurn(tableViewOrThrow(t, null))).toThrow(WhistError);
    expect(() => computerTurn({} as never)).toThrow(/table view/);
  });

  it('the chosen card when it is playable; under a call, the first card the call allows (laws 56, 64-65)', () => {
    let t = applyOrThrow(newTableOrThrow(RULED, { seed: 4 }), { type: 'deal' });
    const east = currentHand(t)!;
    // East (to lead) drops a card face up; the other side calls it: east must lead it.
    const exposed = cardsHeld(east, 'E').at(-1)!;
    t = applyOrThrow(t, { type: 'expose', seat: 'E', card: exposed });
    t = applyOrThrow(t, { type: 'callCard', seat: 'S', card: exposed });
    const view = tableViewOrThrow(t, 'E');
    expect(view.playable).toEqual([exposed]);
    const other = cardsHeld(east, 'E')[0]!;
    expect(cardAction(view, other)).toEqual({ type: 'play', seat: 'E', card: exposed });
    expect(cardAction(view, exposed)).toEqual({ type: 'play', seat: 'E', card: exposed });
    expect(cardAction(tableViewOrThrow(t, 'S'), other)).toBeNull();
    // computerAction plays the called card whatever the rules of thumb choose.
    expect(computerAction(view, { chooseCard: () => other })).toEqual({ type: 'play', seat: 'E', card: exposed });
  });

  it('four computer seats play a rubber to its end, every action taken by the table (seeds 1-3)', () => {
    for (const seed of [1, 2, 3]) {
      let t = newTableOrThrow(SHORT_WHIST, { seed });
      let actions = 0;
      for (;;) {
        const next = tableViewOrThrow(t, null).next;
        if (next.action === 'newRubber') break;
        if (next.action === 'deal') {
          t = applyOrThrow(t, { type: 'deal' });
          continue;
        }
        const seat = waitingOn(t) as Seat;
        const action = computerMove(tableViewOrThrow(t, seat));
        expect(action).not.toBeNull();
        const r = apply(t, action as TableAction);
        expect(r.ok).toBe(true);
        if (r.ok) t = r.value;
        actions++;
      }
      expect(actions).toBeGreaterThan(50);
      expect(tableViewOrThrow(t, null).rubberWinner).not.toBeNull();
    }
  });
});

describe('revokes: the penalty the other side claims (law 72), before the next deal (law 78)', () => {
  /** The reference: three added when that wins the claimers the game (applied and read back), else three tricks. */
  function reference(t: TableState, seat: Seat, card: string): 'add' | 'tricks' {
    const added = apply(t, { type: 'claimRevoke', seat, card: card as never, penalty: 'add' });
    return added.ok && tableViewOrThrow(added.value, null).hands.at(-1)?.game?.winner === sideOf(seat) ? 'add' : 'tricks';
  }

  it('three added when that wins the game, else three tricks, as the table scores it, over 60 seeded rubbers (seeds 1-60)', () => {
    let compared = 0;
    let added = 0;
    for (let seed = 1; seed <= 60; seed++) {
      let t = newTableOrThrow(RULED, { seed });
      let random = seedRandom(seed);
      for (let hand = 0; hand < 8; hand++) {
        if (tableViewOrThrow(t, null).next.action !== 'deal') break;
        t = applyOrThrow(t, { type: 'deal' });
        const by = randomInt(random, 4);
        random = by.random;
        const from = randomInt(random, 12);
        random = from.random;
        t = handWithRevoke(t, SEATS[by.value] as Seat, from.value + 1);
        const view = tableViewOrThrow(t, null);
        if (view.revokes.length === 0) continue;
        const claimers = sideOf(view.revokes[0]!.seat) === 'NS' ? (['E', 'W'] as const) : (['N', 'S'] as const);
        expect(view.next).toMatchObject({ penalties: [sideOf(claimers[0])] });
        // Both of the other side would claim it; neither of the revokers has anything to say.
        const turn = computerTurn(tableViewOrThrow(t, claimers[1]));
        const mine = computerTurn(tableViewOrThrow(t, claimers[0]));
        expect(turn?.kind === 'action' && mine?.kind === 'action' && { ...turn.action, seat: (mine.action as { seat: Seat }).seat }).toEqual(
          mine?.kind === 'action' && mine.action,
        );
        for (const s of SEATS) if (!(claimers as readonly Seat[]).includes(s)) expect(computerTurn(tableViewOrThrow(t, s))).toBeNull();
        expect(mine?.kind).toBe('action');
        const action = mine?.kind === 'action' ? mine.action : null;
        expect(action?.type).toBe('claimRevoke');
        if (action?.type !== 'claimRevoke') continue;
        expect(action.penalty).toBe(reference(t, claimers[0], action.card));
        compared++;
        if (action.penalty === 'add') added++;
        t = applyOrThrow(t, action);
        expect(tableViewOrThrow(t, null).next).not.toHaveProperty('penalties');
        expect(computerTurn(tableViewOrThrow(t, claimers[0]))).toBeNull();
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(compared);
  });

  it('no penalty at a table that does not rule on irregularities, and none once the next hand is dealt', () => {
    let t = applyOrThrow(newTableOrThrow(RULED, { seed: 2 }), { type: 'deal' });
    t = handWithRevoke(t, 'S', 1);
    expect(tableViewOrThrow(t, null).revokes.length).toBe(1);
    t = applyOrThrow(t, { type: 'deal' });
    expect(tableViewOrThrow(t, null).next).toEqual({ action: 'play', seat: currentSeat(currentHand(t)!) });
    for (const s of SEATS) expect(computerTurn(tableViewOrThrow(t, s))?.kind ?? null).not.toBe('action');
  });
});

describe('calls under the laws', () => {
  it("an exposed card of the other side is called at once, whoever's turn it is (laws 56, 65)", () => {
    let t = applyOrThrow(newTableOrThrow(RULED, { seed: 5 }), { type: 'deal' });
    const card = cardsHeld(currentHand(t)!, 'W')[3]!;
    t = applyOrThrow(t, { type: 'expose', seat: 'W', card });
    expect(computerTurn(tableViewOrThrow(t, 'N'))).toEqual({ kind: 'action', action: { type: 'callCard', seat: 'N', card } });
    expect(computerTurn(tableViewOrThrow(t, 'S'))).toEqual({ kind: 'action', action: { type: 'callCard', seat: 'S', card } });
    expect(computerTurn(tableViewOrThrow(t, 'W'))).toBeNull(); // not west's turn, and west's side has nothing to call
    t = applyOrThrow(t, { type: 'callCard', seat: 'N', card });
    expect(computerTurn(tableViewOrThrow(t, 'S'))).toBeNull();
  });

  it("after a revoke taken back, the other side requires the revoker's lowest card of the suit led (law 76)", () => {
    let t = applyOrThrow(newTableOrThrow(RULED, { seed: 6 }), { type: 'deal' });
    for (;;) {
      const h = currentHand(t)!;
      const seat = currentSeat(h)!;
      const r = seat === 'S' ? revokeCard(h) : null;
      if (r !== null) {
        t = applyOrThrow(t, { type: 'play', seat, card: r as never });
        break;
      }
      t = applyOrThrow(t, { type: 'play', seat, card: legalMoves(h)[0]! });
    }
    t = applyOrThrow(t, { type: 'correctRevoke', seat: 'S' });
    const turn = computerTurn(tableViewOrThrow(t, 'W'));
    expect(turn).toEqual({ kind: 'action', action: { type: 'callLedSuit', seat: 'W', which: 'lowest' } });
    t = applyOrThrow(t, (turn as { action: TableAction }).action);
    const view = tableViewOrThrow(t, 'S');
    expect(view.playable.length).toBe(1);
    expect(computerTurn(tableViewOrThrow(t, 'W'))?.kind ?? null).not.toBe('action');
  });

  it('honours in Long Whist: called at eight holding two, answered by a partner holding one (Hoyle, 16-21)', () => {
    let found: TableState | null = null;
    for (let seed = 1; seed < 400 && found === null; seed++) {
      let t = newTableOrThrow(LONG_RULED, { seed });
      for (let hand = 0; hand < 12; hand++) {
        if (tableViewOrThrow(t, null).next.action !== 'deal') break;
        t = applyOrThrow(t, { type: 'deal' });
        const score = tableViewOrThrow(t, null).score;
        if (
          score.NS === 8 &&
          tableViewOrThrow(t, 'N').honoursCall === 'call' &&
          tableViewOrThrow(t, 'S').hand!.cards.some((c) => c[1] === currentHand(t)!.trump && 'AKQJ'.includes(c[0]!))
        ) {
          found = t;
          break;
        }
        if (score.NS > 8 || score.EW > 7) break;
        const claimer = score.NS < 8 ? 'N' : 'E';
        t = applyOrThrow(t, { type: 'claim', seat: claimer, tricks: 7 });
        for (const s of SEATS) if ((s === 'N' || s === 'S') !== (claimer === 'N')) t = applyOrThrow(t, { type: 'acceptClaim', seat: s });
      }
    }
    let t = found as TableState;
    expect(computerTurn(tableViewOrThrow(t, 'N'))).toEqual({ kind: 'action', action: { type: 'callHonours', seat: 'N' } });
    t = applyOrThrow(t, { type: 'callHonours', seat: 'N' });
    expect(computerTurn(tableViewOrThrow(t, 'S'))).toEqual({ kind: 'action', action: { type: 'answerCall', seat: 'S' } });
  });
});

describe('claims', () => {
  /** A table played with the first legal cards until `left` tricks are left, at a seat's turn. */
  function lateTable(seed: number, left: number): TableState {
    let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' });
    while (13 - tableViewOrThrow(t, null).hand!.tricks.length > left || (tableViewOrThrow(t, null).hand!.trick?.cards.length ?? 0) > 0) {
      const h = currentHand(t)!;
      t = applyOrThrow(t, { type: 'play', seat: currentSeat(h)!, card: legalMoves(h)[0]! });
    }
    return t;
  }

  it('at its turn with at most COMPUTER_CLAIM_TRICKS left, it asks whether every trick left holds; not with more left, not with claims off', () => {
    const t = lateTable(7, COMPUTER_CLAIM_TRICKS);
    const seat = waitingOn(t)!;
    const view = tableViewOrThrow(t, seat);
    const turn = computerTurn(view);
    expect(turn).toEqual({ kind: 'claim', seat, claim: { seat, tricks: COMPUTER_CLAIM_TRICKS, sight: view.hand } });
    expect(computerTurn(view, { claims: false })?.kind).toBe('card');
    expect(claimAction(view, turn!, true)).toEqual({ type: 'claim', seat, tricks: COMPUTER_CLAIM_TRICKS });
    expect(claimAction(view, turn!, false)).toBeNull();
    const early = lateTable(7, COMPUTER_CLAIM_TRICKS + 1);
    expect(computerTurn(tableViewOrThrow(early, waitingOn(early)!))?.kind).toBe('card');
  });

  it("the claim it makes is the one checkClaim holds, from the claimer's own view (seeds 1-40, 1 to 5 tricks left)", () => {
    let claimed = 0;
    let played = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const t = lateTable(seed, 1 + (seed % COMPUTER_CLAIM_TRICKS));
      const seat = waitingOn(t)!;
      const left = 13 - tableViewOrThrow(t, null).hand!.tricks.length;
      const truth = checkClaim(currentHand(t)!, { seat, tricks: left }, { maxNodes: COMPUTER_CLAIM_NODES });
      const action = computerMove(tableViewOrThrow(t, seat));
      if (truth.ok && truth.value.holds) {
        expect(action).toEqual({ type: 'claim', seat, tricks: left });
        claimed++;
      } else {
        expect(action?.type).toBe('play');
        played++;
      }
    }
    expect(claimed).toBeGreaterThan(0);
    expect(played).toBeGreaterThan(0);
  });

  it("checkSeatClaim agrees with checkClaim on the hand itself, for every seat's claim of 0 to all tricks left (seeds 1-30)", () => {
    for (let seed = 1; seed <= 30; seed++) {
      let t = lateTable(seed, 4);
      // Part of a trick played, so that the view has a trick in progress and voids.
      const h0 = currentHand(t)!;
      t = applyOrThrow(t, { type: 'play', seat: currentSeat(h0)!, card: legalMoves(h0).at(-1)! });
      const hand = currentHand(t)!;
      for (const seat of SEATS) {
        const sight = playerViewOrThrow(hand, seat);
        for (let tricks = 0; tricks <= 4; tricks++) {
          const mine = checkSeatClaim({ seat, tricks, sight });
          const truth = checkClaim(hand, { seat, tricks }, { maxNodes: COMPUTER_CLAIM_NODES });
          expect(mine.ok && mine.value.holds).toBe(truth.ok && truth.value.holds);
        }
      }
    }
  });

  it('checkSeatClaim reads a hand where a lead out of turn stood (law 62) and one with a revoke, as checkClaim does (seeds 1-10)', () => {
    let compared = 0;
    for (let seed = 1; seed <= 10; seed++) {
      let t = applyOrThrow(newTableOrThrow(RULED, { seed }), { type: 'deal' });
      // West leads out of turn to the first trick; north, east and south play to it: the trick stands.
      const west = cardsHeld(currentHand(t)!, 'W');
      t = applyOrThrow(t, { type: 'leadOutOfTurn', seat: 'W', card: west[0]! });
      for (const seat of ['N', 'E', 'S'] as const) {
        const h = currentHand(t)!;
        const view = tableViewOrThrow(t, seat);
        const led = view.falseLead?.card ?? west[0]!;
        const follow = cardsHeld(h, seat).filter((c) => c[1] === led[1]);
        t = applyOrThrow(t, { type: 'playToFalseLead', seat, card: (follow[0] ?? cardsHeld(h, seat)[0])! });
      }
      // South revokes at its first chance; the rest play their first legal cards, to 4 tricks left.
      let revoked = false;
      while (13 - tableViewOrThrow(t, null).hand!.tricks.length > 4 || (tableViewOrThrow(t, null).hand!.trick?.cards.length ?? 0) > 0) {
        const h = currentHand(t)!;
        const seat = currentSeat(h)!;
        const r = !revoked && seat === 'S' ? revokeCard(h) : null;
        if (r !== null) revoked = true;
        t = applyOrThrow(t, { type: 'play', seat, card: (r ?? legalMoves(h)[0]) as never });
      }
      const hand = currentHand(t)!;
      expect(hand.leadsOutOfTurn?.length).toBe(1);
      for (const seat of SEATS)
        for (const tricks of [1, 4]) {
          const mine = checkSeatClaim({ seat, tricks, sight: playerViewOrThrow(hand, seat) });
          const truth = checkClaim(hand, { seat, tricks }, { maxNodes: COMPUTER_CLAIM_NODES });
          expect(mine.ok, `seed ${seed}, ${seat} ${tricks}`).toBe(true);
          expect(mine.ok && mine.value.holds).toBe(truth.ok && truth.value.holds);
          compared++;
        }
    }
    expect(compared).toBe(80);
  });

  it('it answers a claim it is asked: accepted when it holds, played on otherwise, from the cards the claimer shows', () => {
    let held = 0;
    let refused = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const t0 = lateTable(seed, 4);
      const claimer = waitingOn(t0)!;
      for (const tricks of [1, 4]) {
        const t = applyOrThrow(t0, { type: 'claim', seat: claimer, tricks });
        const view = tableViewOrThrow(t, null);
        expect(view.claim?.claimed).toBe(tricks);
        const next = view.next;
        if (next.action !== 'answerClaim') throw new Error('no claim waits');
        const seat = next.seats[0]!;
        const turn = computerTurn(tableViewOrThrow(t, seat));
        expect(turn?.kind).toBe('answer');
        if (turn?.kind !== 'answer') continue;
        expect(turn.claim.sight.cards).toEqual(cardsHeld(currentHand(t)!, claimer));
        expect(turn.claim.sight.viewer).toBe(claimer);
        const truth = checkClaim(currentHand(t)!, { seat: claimer, tricks }, { maxNodes: COMPUTER_CLAIM_NODES });
        const holds = truth.ok && truth.value.holds;
        expect(computerMove(tableViewOrThrow(t, seat))).toEqual({ type: holds ? 'acceptClaim' : 'refuseClaim', seat });
        if (holds) held++;
        else refused++;
        // Without a check (the main entry alone), a claim is played on.
        expect(computerAction(tableViewOrThrow(t, seat))).toEqual({ type: 'refuseClaim', seat });
      }
    }
    expect(held).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('a concession of fewer than all gives the rest to the conceder’s side: what its answer checks', () => {
    const t0 = lateTable(3, 5);
    const conceder = waitingOn(t0)!;
    const t = applyOrThrow(t0, { type: 'concede', seat: conceder, tricks: 2 });
    expect(tableViewOrThrow(t, null).claim).toMatchObject({ type: 'concede', tricks: 2, claimed: 3, left: 5 });
    const next = tableViewOrThrow(t, null).next;
    const seat = next.action === 'answerClaim' ? next.seats[0]! : 'N';
    const turn = computerTurn(tableViewOrThrow(t, seat));
    expect(turn?.kind === 'answer' && turn.claim.tricks).toBe(3);
  });

  it('no claim of its own while its side’s claim was played on, or while a call stands', () => {
    const t0 = lateTable(9, 4);
    const seat = waitingOn(t0)!;
    let t = applyOrThrow(t0, { type: 'claim', seat, tricks: 4 });
    const next = tableViewOrThrow(t, null).next;
    t = applyOrThrow(t, { type: 'refuseClaim', seat: next.action === 'answerClaim' ? next.seats[0]! : 'N' });
    expect(computerTurn(tableViewOrThrow(t, seat))?.kind).toBe('card');
  });
});

describe('the table view, for a seat that decides from it alone', () => {
  it('actions: the kinds of action apply takes from the viewer now, each tried (ruled tables, seeds 1-12, every point of a hand)', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      let t = applyOrThrow(newTableOrThrow(seed % 2 === 0 ? RULED : SHORT_WHIST, { seed }), { type: 'deal' });
      for (let step = 0; step < 60; step++) {
        for (const seat of SEATS) {
          const view = tableViewOrThrow(t, seat);
          const held = cardsHeld(currentHand(t)!, seat);
          // Each kind listed is taken for some card or field; play and the claims' answers are listed exactly when taken.
          for (const kind of view.actions) kinds.add(kind);
          expect(view.actions.includes('play')).toBe(held.some((card) => apply(t, { type: 'play', seat, card }).ok && view.playable.includes(card)));
          expect(view.actions.includes('claim')).toBe(apply(t, { type: 'claim', seat, tricks: 1 }).ok);
          expect(view.actions.includes('acceptClaim')).toBe(apply(t, { type: 'acceptClaim', seat }).ok);
          expect(view.actions.includes('expose')).toBe(held.some((card) => apply(t, { type: 'expose', seat, card }).ok));
          expect(view.actions.includes('correctRevoke')).toBe(apply(t, { type: 'correctRevoke', seat }).ok);
        }
        expect(tableViewOrThrow(t, null).actions).toEqual([]);
        const seat = waitingOn(t);
        if (seat === null) break;
        const h = currentHand(t)!;
        const revoke = seed % 2 === 0 && step % 7 === 3 ? revokeCard(h) : null;
        const next = tableViewOrThrow(t, null).next;
        t = applyOrThrow(
          t,
          next.action === 'answerClaim'
            ? { type: 'refuseClaim', seat }
            : step === 30
              ? { type: 'claim', seat, tricks: 2 }
              : { type: 'play', seat, card: (revoke ?? legalMoves(h)[0]) as never },
        );
      }
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['play', 'claim', 'concede', 'acceptClaim', 'refuseClaim', 'expose', 'leadOutOfTurn', 'playOutOfTurn']));
  });
});

describe('four computer seats at ruled tables where people commit irregularities (seeds 1-4, printed)', () => {
  it('every action a computer seat takes is one the table takes, and the rubber goes on to its end', () => {
    for (const seed of [1, 2, 3, 4]) {
      let t = newTableOrThrow(seed % 2 === 0 ? LONG_RULED : RULED, { seed });
      let random = seedRandom(seed);
      const draw = (n: number): number => {
        const r = randomInt(random, n);
        random = r.random;
        return r.value;
      };
      let steps = 0;
      let irregular = 0;
      let said = 0;
      for (; steps < 4000; steps++) {
        const next = tableViewOrThrow(t, null).next;
        if (next.action === 'newRubber') break;
        // Now and then a person at a random seat commits an irregularity the view says is open: a revoke, a card dropped face up.
        if (next.action === 'play' && draw(12) === 0) {
          const seat = SEATS[draw(4)] as Seat;
          const view = tableViewOrThrow(t, seat);
          const h = currentHand(t)!;
          const revoke = seat === next.seat ? revokeCard(h) : null;
          const held = cardsHeld(h, seat);
          const action: TableAction | null =
            revoke !== null
              ? { type: 'play', seat, card: revoke as never }
              : view.actions.includes('expose') && held.length > 0
                ? { type: 'expose', seat, card: held[draw(held.length)]! }
                : null;
          if (action !== null && apply(t, action).ok) {
            t = applyOrThrow(t, action);
            irregular++;
            continue;
          }
        }
        let acted = false;
        for (const seat of SEATS) {
          const view = tableViewOrThrow(t, seat);
          const move = computerMove(view);
          if (move === null) continue;
          const r = apply(t, move);
          expect(r.ok, `seed ${seed}, step ${steps}: ${JSON.stringify(move)}`).toBe(true);
          if (!r.ok) break;
          if (move.type !== 'play') said++;
          t = r.value;
          acted = true;
          break;
        }
        if (acted) continue;
        expect(next.action, `seed ${seed}, step ${steps}: no seat acts`).toBe('deal');
        t = applyOrThrow(t, { type: 'deal' });
      }
      expect(tableViewOrThrow(t, null).next.action, `seed ${seed}`).toBe('newRubber');
      expect(irregular, `seed ${seed}`).toBeGreaterThan(0);
      expect(said, `seed ${seed}`).toBeGreaterThan(0);
    }
  });
});
