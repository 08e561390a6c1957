import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAWS_HELP, playHuman } from '../src/cli/human.js';
import { computersClaimRevokes, electRevokes, lawsRules, REVOKE_QUESTION, readRevokeCommand, readYesNo } from '../src/cli/revokes.js';
import { cardText } from '../src/cli/text.js';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  currentHand,
  currentRubber,
  currentSeat,
  handSummaries,
  heuristicPlayer,
  legalMoves,
  newTableOrThrow,
  type Seat,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';
import { explainHand } from '../src/words/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

const RULED = lawsRules(SHORT_WHIST);
const SEED = 7;

const dealt = (seed: number): TableState => applyOrThrow(newTableOrThrow(RULED, { seed, dealer: 'N' }), { type: 'deal' });

/** The trick being played, from 1. */
function trickNumber(table: TableState): number {
  const plays = currentHand(table)!.plays;
  return Math.floor((plays === '' ? 0 : plays.split(' ').length) / 4) + 1;
}

/** A card `seat` holds that does not follow suit though it could, at its turn; `null` when there is none. */
function revokeCard(table: TableState, seat: Seat): Card | null {
  const hand = currentHand(table)!;
  if (currentSeat(hand) !== seat) return null;
  const lawful = legalMoves(hand);
  return cardsHeld(hand, seat).find((c) => !lawful.includes(c)) ?? null;
}

/**
 * The first hand of `seed` played out by the rules of thumb, but `by` revokes at its first chance from trick 2
 * on: the person's (South's) cards as typed, the revoke, and the table once the hand is over.
 */
function handWithRevoke(seed: number, by: Seat): { typed: Card[]; card: Card; trick: number; table: TableState } {
  let table = dealt(seed);
  const typed: Card[] = [];
  let revoke: { card: Card; trick: number } | null = null;
  for (;;) {
    const seat = currentSeat(currentHand(table)!);
    if (seat === null) break;
    const r: Card | null = seat === by && revoke === null && trickNumber(table) >= 2 ? revokeCard(table, by) : null;
    if (r !== null) revoke = { card: r, trick: trickNumber(table) };
    const card = r ?? heuristicPlayer(tableViewOrThrow(table, seat).hand!);
    if (seat === 'S') typed.push(card);
    table = applyOrThrow(table, { type: 'play', seat, card });
  }
  if (revoke === null) throw new Error(`${by} had no chance to revoke`);
  return { typed, ...revoke, table };
}

/** Lines fed one at a time, and everything written. */
function script(lines: readonly string[]): { next: () => Promise<string | null>; out: (line: string) => void; written: string[] } {
  const queue = [...lines];
  const written: string[] = [];
  return { next: async () => queue.shift() ?? null, out: (line) => written.push(line), written };
}

describe('whist play --laws: what the person types about revokes', () => {
  it('reads revoke CARD tricks|deduct|add, and yes or no to a revoke', () => {
    expect(readRevokeCommand('revoke 5s tricks')).toEqual({ card: '5S', penalty: 'tricks' });
    expect(readRevokeCommand(' Revoke QH ADD ')).toEqual({ card: 'QH', penalty: 'add' });
    expect(readRevokeCommand('revoke QH')).toMatchObject({ problem: expect.stringContaining('Name the revoke and its penalty') });
    expect(readRevokeCommand('revoke ZZ add')).toMatchObject({ problem: expect.stringContaining('"ZZ" is not a card') });
    expect(readRevokeCommand('revoke QH all')).toMatchObject({ problem: expect.stringContaining('"all" is not a penalty') });
    expect(readRevokeCommand('QH')).toBeNull();
    expect(readYesNo('Yes')).toBe(true);
    expect(readYesNo('n')).toBe(false);
    expect(readYesNo('maybe')).toBeNull();
    expect(RULED).toMatchObject({ name: 'short-ruled', irregularities: 'ruled' });
  });
});

describe('whist play --laws: a revoke and its penalty', () => {
  it('the person revokes after a confirmation (asked again after a stray answer, declined once); after the hand West claims it, and the hand is scored as the library scores it', async () => {
    const { typed, card, trick, table } = handWithRevoke(SEED, 'S');
    const at = typed.indexOf(card);
    const input = ['help', ...typed.slice(0, at), card, 'maybe', 'no', card, 'yes', ...typed.slice(at + 1), 'quit'];
    const io = script(input);
    const code = await playHuman({ rules: RULED, seed: SEED, seat: 'S', dealer: 'N' }, io.next, io.out);
    expect(code).toBe(0);
    const lines = io.written;
    expect(lines).toContain(LAWS_HELP);
    const asked = lines.filter((l) => l === `${cardText(card)}: ${REVOKE_QUESTION}`);
    expect(asked).toHaveLength(3);
    expect(lines).toContain(`${cardText(card)} is not played.`);
    // The computer players' fixed choice: three added when that wins them the game, else three tricks.
    const claimed = computersClaimRevokes(table, 'S');
    expect(claimed.lines).toHaveLength(1);
    const view = tableViewOrThrow(claimed.table, 'S');
    const penalty = view.revokes[0]!.penalty!;
    expect(view.revokes).toEqual([{ seat: 'S', card, trick, penalty }]);
    expect(['add', 'tricks']).toContain(penalty);
    const addWins = tableViewOrThrow(applyOrThrow(table, { type: 'claimRevoke', seat: 'W', card, penalty: 'add' }), null).hands.at(-1)!.game?.winner === 'EW';
    expect(penalty).toBe(addWins ? 'add' : 'tricks');
    expect(lines).toContain('A revoke in this hand:');
    expect(lines).toContain(`  You revoked in trick ${trick}: the ${cardText(card)}, though you held the suit led.`);
    expect(lines).toContain(claimed.lines[0]);
    expect(claimed.lines[0]).toMatch(new RegExp(`^W claims your revoke of the ${cardText(card)} \\(law 72\\): `));
    const summary = handSummaries(currentRubber(claimed.table)).at(-1)!;
    expect(summary.revokes).toEqual([{ side: 'NS', penalty }]);
    for (const l of explainHand(RULED, summary, { NS: 0, EW: 0 })) expect(lines).toContain(`  ${l}`);
    expect(lines).toContain(`Hand 1: tricks NS ${summary.tricks.NS}, EW ${summary.tricks.EW}.`);
  });

  it('a revoke by West: the person elects the penalty (help, a wrong card, then revoke CARD add), scored as the library scores it', async () => {
    const { card, table } = handWithRevoke(SEED, 'W');
    const io = script(['help', 'revoke 5X add', `revoke ${card === 'AS' ? 'KS' : 'AS'} add`, `revoke ${card.toLowerCase()} add`]);
    const r = await electRevokes(table, 'S', io.next, io.out);
    expect(r.code).toBeNull();
    const expected = applyOrThrow(table, { type: 'claimRevoke', seat: 'S', card, penalty: 'add' });
    expect(r.table).toEqual(expected);
    const summary = handSummaries(currentRubber(r.table)).at(-1)!;
    expect(summary.revokePoints).toEqual({ NS: 3, EW: 0 });
    expect(io.written).toContain(`You claim the revoke of the ${cardText(card)} (law 72): three points added to your side's score.`);
    expect(io.written.some((l) => l.includes('not a revoke of the other side'))).toBe(true);
    expect(io.written.some((l) => l.includes('"5X" is not a card'))).toBe(true);
    expect(explainHand(RULED, summary, { NS: 0, EW: 0 })[0]).toBe("EW revoked: the penalty is three points added to NS's score (law 72).");
    // Nothing is claimed of a revoke by the other side's computer players for the person's side.
    expect(computersClaimRevokes(table, 'S').lines).toEqual([]);
  });

  it('deal lets the revoke pass; quit stops the game; the end of input ends it with 2', async () => {
    const { table } = handWithRevoke(SEED, 'W');
    const passed = script(['deal']);
    const r = await electRevokes(table, 'S', passed.next, passed.out);
    expect(r).toEqual({ table, code: null });
    expect(passed.written).toContain('You let the revoke pass.');
    expect((await electRevokes(table, 'S', script(['quit']).next, () => {})).code).toBe(0);
    expect((await electRevokes(table, 'S', script([]).next, () => {})).code).toBe(2);
  });

  it('without --laws a card that does not follow suit is refused as before', async () => {
    const { typed, card } = handWithRevoke(SEED, 'S');
    const at = typed.indexOf(card);
    const io = script(['help', ...typed.slice(0, at), card, 'quit']);
    expect(await playHuman({ rules: SHORT_WHIST, seed: SEED, seat: 'S', dealer: 'N' }, io.next, io.out)).toBe(0);
    expect(io.written.some((l) => l.startsWith('You must follow suit'))).toBe(true);
    expect(io.written.some((l) => l.includes(REVOKE_QUESTION))).toBe(false);
    expect(io.written).not.toContain(LAWS_HELP);
  });
});

describe.skipIf(!existsSync(cli))('whist play --laws (built dist/cli.js)', () => {
  it('--help names --laws; a revoke confirmed with yes is claimed by the computer players after the hand', () => {
    expect(runWith('', 'play', '--help').stdout).toContain('--laws    irregularities ruled by the laws');
    const { typed, card } = handWithRevoke(SEED, 'S');
    const at = typed.indexOf(card);
    const input = [...typed.slice(0, at), card, 'yes', ...typed.slice(at + 1), 'quit'].join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'whist-revokes-'));
    const record = join(dir, 'laws.pbn');
    const r = runWith(`${input}\n`, 'play', '--laws', '--seed', String(SEED), '--out', record);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Whist (short-ruled), seed 7.');
    expect(r.stdout).toContain(`${cardText(card)}: ${REVOKE_QUESTION}`);
    expect(r.stdout).toMatch(new RegExp(`W claims your revoke of the ${cardText(card)} \\(law 72\\)`));
    // The record keeps the rules and the claim with its law.
    const text = readFileSync(record, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('[WhistRules "short-ruled"]');
    expect(text).toContain(`\\"type\\":\\"claimRevoke\\",\\"at\\":`);
    expect(text).toContain(`\\"card\\":\\"${card}\\"`);
    expect(text).toContain('law 72');
  });
});
