/**
 * Computer players and claims, as the server plays them (the library's `computerMove`, on the seat's own
 * view): a computer player claims every trick left when its claim cannot fail (at most
 * `COMPUTER_CLAIM_TRICKS` left), and answers a claim it is asked to by `checkClaim`: it accepts one that
 * holds and plays on otherwise. Each is a body the server's path takes (`bodyOf`, then `clientAction`).
 */
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  COMPUTER_CLAIM_TRICKS as CLAIM_TRICKS,
  clientAction,
  currentHand,
  currentSeat,
  heuristicPlayer,
  newTableOrThrow,
  type Seat,
  SHORT_WHIST,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { checkClaim, claimableTricks, computerMove } from 'whist/solver';
import { bodyOf } from '../src/computers.js';

/** The tricks the server's computer player claims at this view, or `null` when it does something else. */
function claimFor(view: TableView, seat: Seat): number | null {
  const action = computerMove(view);
  if (action === null) return null;
  expect(clientAction(bodyOf(action), seat).ok).toBe(true);
  return action.type === 'claim' ? action.tricks : null;
}

/** The server's computer player's answer to the claim its view waits on. */
function answerClaim(view: TableView): string | undefined {
  return computerMove(view)?.type;
}

/** A table dealt from `seed` and played by the heuristic player until `left` tricks are left. */
function playedTo(seed: number, left: number): TableState {
  let t = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed }), { type: 'deal' });
  while (
    13 - Math.floor(currentHand(t)!.plays.split(' ').filter(Boolean).length / 4) > left ||
    currentHand(t)!.plays.split(' ').filter(Boolean).length % 4 !== 0
  ) {
    const seat = currentSeat(currentHand(t)!)!;
    t = applyOrThrow(t, { type: 'play', seat, card: heuristicPlayer(tableViewOrThrow(t, seat).hand!) });
  }
  return t;
}

describe('computer players claim when they cannot fail, and answer claims by the check', () => {
  it('claims every trick left exactly when claimableTricks says the claim holds (40 positions with 1 to 5 tricks left)', () => {
    let claims = 0;
    for (let seed = 0; seed < 40; seed++) {
      const left = 1 + (seed % CLAIM_TRICKS);
      const t = playedTo(seed, left);
      const seat = currentSeat(currentHand(t)!)!;
      const can = claimableTricks(currentHand(t)!, seat);
      const claim = claimFor(tableViewOrThrow(t, seat), seat);
      expect(claim, `seed ${seed}`).toBe(can.ok && can.value === left ? left : null);
      if (claim !== null) claims++;
    }
    // Both outcomes occur among the positions.
    expect(claims).toBeGreaterThan(0);
    expect(claims).toBeLessThan(40);
  });

  it('does not claim with more tricks left than it checks, nor again once its side has claimed in the hand', () => {
    const early = playedTo(3, 8);
    const seat = currentSeat(currentHand(early)!)!;
    expect(claimFor(tableViewOrThrow(early, seat), seat)).toBe(null);
    for (let seed = 0; seed < 40; seed++) {
      const t = playedTo(seed, 2);
      const claimer = currentSeat(currentHand(t)!)!;
      const claimed = applyOrThrow(t, { type: 'claim', seat: claimer, tricks: 2 });
      const right = ({ N: 'E', E: 'S', S: 'W', W: 'N' } as const)[claimer];
      const refused = applyOrThrow(claimed, { type: 'refuseClaim', seat: right });
      expect(claimFor(tableViewOrThrow(refused, claimer), claimer)).toBe(null);
    }
  });

  it('accepts a claim that holds and plays on against one that fails (60 claims)', () => {
    let accepted = 0;
    for (let seed = 0; seed < 30; seed++) {
      const t = playedTo(seed, 3);
      const claimer = currentSeat(currentHand(t)!)!;
      for (const tricks of [1, 3]) {
        const claimed = applyOrThrow(t, { type: 'claim', seat: claimer, tricks });
        const answerer = ({ N: 'E', E: 'S', S: 'W', W: 'N' } as const)[claimer];
        const check = checkClaim(currentHand(t)!, { seat: claimer, tricks });
        const answer = answerClaim(tableViewOrThrow(claimed, answerer)) as 'acceptClaim' | 'refuseClaim';
        expect(answer, `seed ${seed}, ${tricks} tricks`).toBe(check.ok && check.value.holds ? 'acceptClaim' : 'refuseClaim');
        if (answer === 'acceptClaim') accepted++;
        // The answer is one the table takes.
        expect(() => applyOrThrow(claimed, { type: answer, seat: answerer })).not.toThrow();
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(60);
  });
});
