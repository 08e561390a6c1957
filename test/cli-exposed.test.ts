import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calledNow, EXPOSE_HELP, playableNow, readExposeCommand } from '../src/cli/exposed.js';
import { playHuman } from '../src/cli/human.js';
import { lawsRules } from '../src/cli/revokes.js';
import { cardText } from '../src/cli/text.js';
import {
  apply,
  applyOrThrow,
  type Card,
  currentRubber,
  handSummaries,
  heuristicPlayer,
  newTableOrThrow,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

const RULED = lawsRules(SHORT_WHIST);
const SEED = 7;
/** South's card dropped face up at the first turn of seed 7: a heart, while spades are led. */
const EXPOSED: Card = 'QH';

/** Lines fed one at a time, and everything written. */
function script(lines: readonly string[]): { next: () => Promise<string | null>; out: (line: string) => void; written: string[] } {
  const queue = [...lines];
  const written: string[] = [];
  return { next: async () => queue.shift() ?? null, out: (line) => written.push(line), written };
}

/**
 * The first hand of seed 7 as `whist play --laws` plays it (dealer N, the person South, the computer players by
 * the rules of thumb), South dropping QH face up at its first turn and West calling it: what South types (the
 * rules of thumb's card, QH kept back until the call binds; at the binding turn another card first, refused),
 * the turn at which the call binds, and the table at the end of the hand.
 */
function handWithExposure(): { typed: string[]; boundAt: number; wrong: Card; table: TableState } {
  let table = applyOrThrow(newTableOrThrow(RULED, { seed: SEED, dealer: 'N' }), { type: 'deal' });
  const typed: string[] = [];
  let boundAt = -1;
  let wrong: Card | null = null;
  let turn = 0;
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play') break;
    if (next.seat !== 'S') {
      table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
      continue;
    }
    if (turn === 0) {
      typed.push(`expose ${EXPOSED.toLowerCase()}`);
      table = applyOrThrow(table, { type: 'expose', seat: 'S', card: EXPOSED });
      table = applyOrThrow(table, { type: 'callCard', seat: 'W', card: EXPOSED });
    }
    turn++;
    const view = tableViewOrThrow(table, 'S');
    const ok = playableNow(view);
    let card: Card;
    if (calledNow(view).length > 0 && boundAt < 0) {
      boundAt = turn;
      wrong = view.hand!.legalMoves.find((c) => c !== EXPOSED) ?? null;
      if (wrong !== null) typed.push(wrong);
      card = EXPOSED;
    } else {
      const choice = heuristicPlayer(view.hand!);
      card = choice === EXPOSED && ok.length > 1 ? (ok.find((c) => c !== EXPOSED) as Card) : choice;
    }
    typed.push(card);
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
  if (boundAt < 0 || wrong === null) throw new Error('the call never bound South with another card to refuse');
  return { typed, boundAt, wrong, table };
}

describe('whist play --laws: what the person types about exposed cards', () => {
  it('reads expose CARD (a card or its number), and names what is missing', () => {
    expect(readExposeCommand('expose qh')).toEqual({ text: 'qh' });
    expect(readExposeCommand(' Expose 3 ')).toEqual({ text: '3' });
    expect(readExposeCommand('expose')).toMatchObject({ problem: expect.stringContaining('Name the card to drop face up') });
    expect(readExposeCommand('QH')).toBeNull();
    expect(readExposeCommand('exposes QH')).toBeNull();
  });

  it('a called card narrows the cards that may be played to it exactly when the library refuses the others (CARD_CALLED)', () => {
    let table = applyOrThrow(newTableOrThrow(RULED, { seed: SEED, dealer: 'N' }), { type: 'deal' });
    table = applyOrThrow(table, { type: 'play', seat: 'E', card: heuristicPlayer(tableViewOrThrow(table, 'E').hand!) });
    table = applyOrThrow(table, { type: 'expose', seat: 'S', card: EXPOSED });
    table = applyOrThrow(table, { type: 'callCard', seat: 'W', card: EXPOSED });
    // Spades led, South holds spades: the heart waits (law 64).
    const view = tableViewOrThrow(table, 'S');
    expect(calledNow(view)).toEqual([]);
    expect(playableNow(view)).toEqual(view.hand!.legalMoves);
    for (const card of view.hand!.legalMoves) expect(apply(table, { type: 'play', seat: 'S', card }).ok).toBe(true);
  });
});

describe('whist play --laws: a card dropped face up', () => {
  it('expose QH: West calls it at once; the prompt says it is called, and once it must be played only it is numbered, another card is refused, and it is played', async () => {
    const { typed, boundAt, wrong, table } = handWithExposure();
    const io = script(['help', ...typed, 'quit']);
    expect(await playHuman({ rules: RULED, seed: SEED, seat: 'S', dealer: 'N' }, io.next, io.out)).toBe(0);
    const lines = io.written;
    expect(lines).toContain(EXPOSE_HELP);
    expect(lines).toContain(`You drop the ${cardText(EXPOSED)} face up: an exposed card (law 56).`);
    expect(lines).toContain(`W calls your exposed ${cardText(EXPOSED)}: you must play it as soon as that is no revoke (laws 56, 64, 65).`);
    expect(lines).toContain(`Your exposed card, face up: ${cardText(EXPOSED)} (called).`);
    expect(lines).toContain(`${cardText(EXPOSED)} is called: play it as soon as that is no revoke (law 64).`);
    // The turn at which the call binds: the prompt says so, only the called card has a number, another is refused.
    const must = `${cardText(EXPOSED)} is called: you must play it now (laws 56, 65).`;
    expect(lines.filter((l) => l === must)).toHaveLength(1);
    const cardsLines = lines.filter((l) => l.startsWith('Your cards: '));
    const boundLine = cardsLines[boundAt] as string;
    expect(boundLine.match(/\d+:/g)).toHaveLength(1);
    expect(boundLine).toContain(`:${cardText(EXPOSED)}`);
    expect(lines).toContain(`${cardText(EXPOSED)} is called: you must play it now, not ${cardText(wrong)} (laws 56, 65).`);
    // The hand is the library's, played to the end.
    const summary = handSummaries(currentRubber(table)).at(-1)!;
    expect(lines).toContain(`Hand 1: tricks NS ${summary.tricks.NS}, EW ${summary.tricks.EW}.`);
    expect(lines.filter((l) => l.startsWith('Your exposed card')).length).toBeGreaterThanOrEqual(1);
  });

  it('expose names a card held: a card not held, a word that is no card, or nothing, is refused with the reason; without --laws expose is no command', async () => {
    const io = script(['expose', 'expose 2d', 'expose zz', 'quit']);
    expect(await playHuman({ rules: RULED, seed: SEED, seat: 'S', dealer: 'N' }, io.next, io.out)).toBe(0);
    expect(io.written.some((l) => l.startsWith('Name the card to drop face up'))).toBe(true);
    expect(io.written).toContain(`You do not hold ${cardText('2D')}.`);
    expect(io.written.some((l) => l.startsWith('"zz" is not a card'))).toBe(true);
    const plain = script(['help', 'expose qh', 'quit']);
    expect(await playHuman({ rules: SHORT_WHIST, seed: SEED, seat: 'S', dealer: 'N' }, plain.next, plain.out)).toBe(0);
    expect(plain.written).not.toContain(EXPOSE_HELP);
    expect(plain.written).toContain('"expose qh" is not a card: type one such as QH or 10h, its number, or help.');
  });
});

describe.skipIf(!existsSync(cli))('whist play --laws: exposed cards (built dist/cli.js)', () => {
  it('--help names expose; the record keeps the card dropped face up and West’s call with its laws', () => {
    expect(runWith('', 'play', '--help').stdout).toContain('expose CARD drops a card face up (law 56)');
    const { typed } = handWithExposure();
    const dir = mkdtempSync(join(tmpdir(), 'whist-exposed-'));
    const record = join(dir, 'exposed.pbn');
    const r = runWith(`${[...typed, 'quit'].join('\n')}\n`, 'play', '--laws', '--seed', String(SEED), '--out', record);
    const text = readFileSync(record, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`W calls your exposed ${cardText(EXPOSED)}`);
    expect(text).toContain(`\\"type\\":\\"expose\\"`);
    expect(text).toContain(`\\"type\\":\\"callCard\\"`);
    expect(text).toContain('Laws of Short Whist (1864), laws 56, 65');
  });
});
