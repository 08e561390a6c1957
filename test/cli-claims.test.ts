import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_NODES, counterLines, handText, readAnswer, readClaimCommand } from '../src/cli/claims.js';
import {
  applyOrThrow,
  type Card,
  currentHand,
  heuristicPlayer,
  newTableOrThrow,
  type Seat,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { checkClaim } from '../src/solver/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

/** A deal (dealer N, the person at S) on which South can claim the last 3 tricks, and cannot claim the last 4. */
const CLAIM_SEED = 36;
/** A deal on which West, with --claims, claims the last 3 tricks at its turn. */
const BOT_CLAIM_SEED = 13;

/**
 * The first hand as `whist play --seed` deals it, the computer players playing the rules of thumb and the
 * person the card the rules of thumb would choose, up to the person's turn (or `stop`'s) with `until` tricks
 * left: the cards typed, and the table there.
 */
function playTo(seed: number, until: number, stop: Seat = 'S'): { typed: Card[]; table: TableState } {
  let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' }), { type: 'deal' });
  const typed: Card[] = [];
  for (;;) {
    const view = tableViewOrThrow(table, null);
    if (view.next.action !== 'play') throw new Error('the hand ended first');
    const seat = view.next.seat;
    if (seat === stop && 13 - view.hand!.tricks.length <= until) return { typed, table };
    const card = heuristicPlayer(tableViewOrThrow(table, seat).hand!);
    if (seat === 'S') typed.push(card);
    table = applyOrThrow(table, { type: 'play', seat, card });
  }
}

describe('whist play: what the person types about claims', () => {
  it('reads claim and concede, with or without a number, and the answers accept and play on', () => {
    expect(readClaimCommand('claim')).toEqual({ type: 'claim', tricks: null });
    expect(readClaimCommand(' Claim 3 ')).toEqual({ type: 'claim', tricks: 3 });
    expect(readClaimCommand('concede 2')).toEqual({ type: 'concede', tricks: 2 });
    expect(readClaimCommand('concede two')).toEqual({ problem: '"two" is not a number of tricks: type concede, or concede and a number such as concede 3.' });
    expect(readClaimCommand('QH')).toBeNull();
    expect(readAnswer('accept')).toBe(true);
    expect(readAnswer('Play  on')).toBe(false);
    expect(readAnswer('maybe')).toBeNull();
  });
});

describe.skipIf(!existsSync(cli))('whist play: claims and concessions (built dist/cli.js)', () => {
  it('claim: the computer players check the claim and accept it when it holds; the hand is scored as claimed', () => {
    const { typed, table } = playTo(CLAIM_SEED, 3);
    expect(checkClaim(currentHand(table)!, { seat: 'S', tricks: 3 }, { maxNodes: ANSWER_NODES })).toMatchObject({ ok: true, value: { holds: true } });
    const r = runWith(`${typed.join('\n')}\nclaim\nquit\n`, 'play', '--seed', String(CLAIM_SEED));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf('You claim all 3 tricks left.');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('E and W accept.');
    let done = applyOrThrow(table, { type: 'claim', seat: 'S', tricks: 3 });
    done = applyOrThrow(applyOrThrow(done, { type: 'acceptClaim', seat: 'E' }), { type: 'acceptClaim', seat: 'W' });
    const scored = tableViewOrThrow(done, 'S').hands.at(-1)!;
    expect(r.stdout).toContain(`Hand 1: tricks NS ${scored.tricks.NS}, EW ${scored.tricks.EW}, the last 3 as claimed.`);
    expect(r.stdout).toContain('Hand 2: ');
  });

  it('a claim that fails: the computer players play on and print the layout and the line that beat it; play goes on', () => {
    const { typed, table } = playTo(CLAIM_SEED, 4);
    const check = checkClaim(currentHand(table)!, { seat: 'S', tricks: 4 }, { maxNodes: ANSWER_NODES });
    if (!check.ok || check.value.holds) throw new Error('the claim of 4 was to fail');
    const r = runWith(`${typed.join('\n')}\nclaim 4\nquit\n`, 'play', '--seed', String(CLAIM_SEED));
    expect(r.status).toBe(0);
    const trick = tableViewOrThrow(table, 'S').hand!.trick!;
    const expected = [
      'You claim all 4 tricks left.',
      'E plays on: the claim is refused, and the hand is played on.',
      ...counterLines(check.value, trick.leader, trick.cards, tableViewOrThrow(table, 'S').hand!.trump, 'S'),
    ];
    const lines = r.stdout.split('\n');
    const at = lines.indexOf(expected[0] as string);
    expect(lines.slice(at, at + expected.length)).toEqual(expected);
    // The layout names the three other seats' cards as the page prints cards, and the line is every card after the claim.
    expect(expected).toContain(`    W might hold  ${handText(check.value.layout.W)}`);
    expect(expected.filter((l) => /^ {4}trick /.test(l))).toHaveLength(4);
    // The person's turn comes again.
    expect(lines.slice(at + expected.length).some((l) => l.startsWith('Your cards: '))).toBe(true);
  });

  it('concede: every trick left ends the hand at once; a number out of range is refused with the range', () => {
    const { typed, table } = playTo(CLAIM_SEED, 5);
    const r = runWith(`${typed.join('\n')}\nconcede 9\nconcede\nquit\n`, 'play', '--seed', String(CLAIM_SEED));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('You may concede from 1 to 5 tricks: all 5 tricks left.');
    expect(r.stdout).toContain('You concede all 5 tricks left.');
    const done = applyOrThrow(table, { type: 'concede', seat: 'S', tricks: 5 });
    const scored = tableViewOrThrow(done, 'S').hands.at(-1)!;
    expect(r.stdout).toContain(`Hand 1: tricks NS ${scored.tricks.NS}, EW ${scored.tricks.EW}, the last 5 as conceded.`);
  });

  it('--claims: West claims the last 3 tricks showing its cards, North accepts, and the person accepts or plays on', () => {
    // The person's cards up to West's turn with 3 tricks left, where West claims them.
    const { typed, table: t } = playTo(BOT_CLAIM_SEED, 3, 'W');
    const west = tableViewOrThrow(applyOrThrow(t, { type: 'claim', seat: 'W', tricks: 3 }), 'S').shown.W!;
    const accepted = runWith(`${typed.join('\n')}\nmaybe\naccept\nquit\n`, 'play', '--seed', String(BOT_CLAIM_SEED), '--claims');
    expect(accepted.status).toBe(0);
    const lines = accepted.stdout.split('\n');
    const at = lines.indexOf(`W claims all 3 tricks left, showing: ${handText(west)}.`);
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 5)).toEqual([
      'N accepts.',
      '',
      `W claims all 3 tricks left. W's cards, face up: ${handText(west)}.`,
      'Accept the claim, or play on? (accept, play on; help for the commands):',
    ]);
    expect(accepted.stdout).toContain('"maybe" is not an answer: type accept, or play on.');
    expect(accepted.stdout).toContain('You accept.');
    expect(accepted.stdout).toMatch(/Hand 1: tricks NS \d+, EW \d+, the last 3 as claimed\./);

    const playedOn = runWith(`${typed.join('\n')}\nplay on\nquit\n`, 'play', '--seed', String(BOT_CLAIM_SEED), '--claims');
    expect(playedOn.status).toBe(0);
    expect(playedOn.stdout).toContain('You play on: the claim is refused, and the hand is played on.');
    // West's cards stay face up: shown at the person's next turn.
    const after = playedOn.stdout.split('\n').slice(playedOn.stdout.split('\n').indexOf('You play on: the claim is refused, and the hand is played on.'));
    expect(after.some((l) => /^W's cards, face up: /.test(l))).toBe(true);
    // Without --claims, the computer players do not claim.
    expect(runWith(`${typed.join('\n')}\nquit\n`, 'play', '--seed', String(BOT_CLAIM_SEED)).stdout).not.toContain('claims');
  });
});
