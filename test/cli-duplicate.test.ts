// `whist duplicate`: the person plays South on every board against the computer players and is scored by
// matchpoints against a field of computer players on the same boards. The test plays the same boards itself
// (the person's cards chosen by the heuristic player, typed as text), counts the matchpoints on its own, and
// reads the record the command writes.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, boardHand, dealBoards, formatEventPbn, parseEventPbn } from '../src/duplicate/index.js';
import {
  type Card,
  currentSeat,
  type HandState,
  heuristicPlayer,
  isHandComplete,
  type PlayerView,
  playerViewOrThrow,
  playOrThrow,
  SHORT_WHIST,
} from '../src/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (args: string[], input: string) => spawnSync(process.execPath, [cli, 'duplicate', ...args], { encoding: 'utf8', input });

/**
 * Plays a board to its end with the heuristic player in every seat (South too, unless `chooseSouth`
 * chooses); the cards South played, in order.
 */
function playOut(start: HandState, chooseSouth?: (legal: readonly Card[], view: PlayerView) => Card): { hand: HandState; south: Card[] } {
  let hand = start;
  const south: Card[] = [];
  while (!isHandComplete(hand)) {
    const seat = currentSeat(hand);
    if (seat === null) break;
    const view = playerViewOrThrow(hand, seat);
    const card = seat === 'S' && chooseSouth !== undefined ? chooseSouth(view.legalMoves, view) : heuristicPlayer(view);
    if (seat === 'S') south.push(card);
    hand = playOrThrow(hand, seat, card);
  }
  return { hand, south };
}

/** The hands the boards of `seed` start, `count` of them. */
function boardHands(seed: number, count: number): { boards: Board[]; hands: HandState[] } {
  const boards = dealBoards(SHORT_WHIST, { seed, count });
  const hands = boards.map((b) => {
    const hand = boardHand(SHORT_WHIST, b);
    if (!hand.ok) throw new Error(hand.error.message);
    return hand.value;
  });
  return { boards, hands };
}

describe.skipIf(!existsSync(cli))('whist duplicate', () => {
  it('plays each board with the person South, scores it by matchpoints against the field, and writes the event as a record', () => {
    const seed = 11;
    const { boards, hands } = boardHands(seed, 3);
    const played = hands.map((h) => playOut(h));
    // The person's cards as typed: a letter, a word and a number refused on the way (help, a card not held, then the card).
    const lines: string[] = [];
    for (const p of played)
      for (const [i, card] of p.south.entries()) {
        if (i === 0) lines.push('help', 'XX');
        lines.push(card.toLowerCase());
      }
    const dir = mkdtempSync(join(tmpdir(), 'whist-duplicate-'));
    try {
      const out = join(dir, 'event.pbn');
      const r = run(['--seed', String(seed), '--boards', '3', '--field', '2', '--out', out], `${lines.join('\n')}\n`);
      expect(r.status, r.stderr).toBe(0);
      const text = r.stdout;
      expect(text).toContain('Type a card (QH, 10h, or its number in your hand as dealt), or quit.');
      expect(text).toContain('"XX" is not a card');
      // At the heuristic level every table plays alike: the field's tables take what the person's side took,
      // so each board is a tie with both: 1 + 1 of a top of 4.
      for (const [i, p] of played.entries()) {
        const ns = p.hand;
        const tricks = playerViewOrThrow(ns, 'N').tricksWon.NS;
        const tricksText = `${tricks} trick${tricks === 1 ? '' : 's'}`;
        expect(text).toContain(`Board ${i + 1}: you took ${tricksText}`);
        expect(text).toContain(`  The field, north-south: table 2 ${tricksText}`);
        expect(text).toContain(`  Your matchpoints: 2 of 4; so far ${2 * (i + 1)} of ${4 * (i + 1)} (50.0%).`);
      }
      // The person played the heuristic player's cards: as the computer players would have, on every board.
      expect(text.split('\n').filter((l) => l === '  You played every card as the computer players would have.')).toHaveLength(3);
      expect(text.trimEnd().split('\n').at(-2)).toBe('3 boards: 6 matchpoints of 12 (50.0%).');
      // The record: the three boards, three results each, every one with its play, read back and checked.
      expect(parseEventPbn(readFileSync(out, 'utf8'), undefined as never)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'rules' } });
      const event = parseEventPbn(readFileSync(out, 'utf8'), SHORT_WHIST);
      expect(event.ok, event.ok ? '' : JSON.stringify(event.error)).toBe(true);
      if (!event.ok) return;
      expect(event.value.boards).toEqual(boards);
      expect(event.value.results).toHaveLength(9);
      for (const [i, p] of played.entries())
        for (const result of event.value.results.filter((x) => x.board === i + 1)) expect(result.tricks.NS).toBe(playerViewOrThrow(p.hand, 'N').tricksWon.NS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--score ranks two people who played the same boards (named with --name) together with both records’ computer tables', () => {
    const seed = 4;
    const { hands } = boardHands(seed, 2);
    // Ann plays as the computers would; Bob plays the last of his legal cards each time, and is told where
    // that is not the computer players' card.
    const ann = hands.map((h) => playOut(h));
    const differences: number[] = [];
    const bob = hands.map((h) => {
      let differ = 0;
      const played = playOut(h, (legal, view) => {
        const card = legal[legal.length - 1] as Card;
        if (heuristicPlayer(view) !== card) differ++;
        return card;
      });
      differences.push(differ);
      return played;
    });
    const dir = mkdtempSync(join(tmpdir(), 'whist-duplicate-'));
    try {
      for (const [name, played] of [
        ['Ann', ann],
        ['Bob', bob],
      ] as const) {
        const input = played.flatMap((p) => p.south).join('\n');
        const r = run(['--seed', String(seed), '--boards', '2', '--field', '2', '--name', name, '--out', join(dir, `${name}.pbn`)], `${input}\n`);
        expect(r.status, r.stderr).toBe(0);
        if (name === 'Bob') {
          const told = r.stdout.split('\n').filter((l) => l.startsWith('  Where the computer players would have played another card: '));
          expect(told.map((l) => l.split('; ').length)).toEqual(differences.filter((d) => d > 0));
          expect(differences.some((d) => d > 0)).toBe(true);
        }
      }
      const score = (...files: string[]) => run(['--score', ...files.map((f) => join(dir, f))], '');
      const r = score('Ann.pbn', 'Bob.pbn');
      expect(r.status, r.stderr).toBe(0);
      // Counted here: on each board six north–south results (Ann, Bob, and two computer tables in each record,
      // which play as Ann does); 2 for each beaten, 1 for each tied, of a top of 10.
      const nsTricks = (h: HandState) => playerViewOrThrow(h, 'N').tricksWon.NS;
      const count = (mine: number, others: number[]) => others.reduce((sum, o) => sum + (mine > o ? 2 : mine === o ? 1 : 0), 0);
      let annTotal = 0;
      let bobTotal = 0;
      for (let b = 0; b < 2; b++) {
        const a = nsTricks((ann[b] as { hand: HandState }).hand);
        const o = nsTricks((bob[b] as { hand: HandState }).hand);
        annTotal += count(a, [o, a, a, a, a]);
        bobTotal += count(o, [a, a, a, a, a]);
      }
      expect(annTotal).not.toBe(bobTotal);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('2 boards, 2 records; north-south, by matchpoints:');
      expect(lines.find((l) => l.includes(' Ann: '))).toContain(`Ann: ${annTotal} of 20`);
      expect(lines.find((l) => l.includes(' Bob: '))).toContain(`Bob: ${bobTotal} of 20`);
      expect(lines.filter((l) => /Ann\.pbn: Table \d NS: /.test(l))).toHaveLength(2);
      expect(lines.filter((l) => /Bob\.pbn: Table \d NS: /.test(l))).toHaveLength(2);
      // Records of other boards, or one person named in two records, are refused.
      writeFileSync(join(dir, 'Cy.pbn'), formatEventPbn({ name: null, boards: dealBoards(SHORT_WHIST, { seed: seed + 1, count: 2 }), results: [] }));
      const none = score('Ann.pbn', 'Cy.pbn');
      expect(none.status).toBe(2);
      expect(none.stderr).toContain('whist: Cy.pbn is not a record of the same boards as Ann.pbn');
      expect(score('Ann.pbn', 'Nobody.pbn').stderr).toContain('whist: ');
      writeFileSync(join(dir, 'Ann2.pbn'), readFileSync(join(dir, 'Ann.pbn'), 'utf8'));
      const twice = score('Ann.pbn', 'Ann2.pbn');
      expect(twice.status).toBe(2);
      expect(twice.stderr).toBe('whist: Ann.pbn and Ann2.pbn both name the pair "Ann": play with --name\n');
      writeFileSync(join(dir, 'Bad.pbn'), '[Board "1"]\n[Dealer "X"]\n');
      expect(score('Ann.pbn', 'Bad.pbn').stderr).toContain('Bad.pbn: line 2:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--today plays the day’s boards (the seed is the date, UTC); quit stops with exit 0, the end of input with exit 2; bad options are usage errors', () => {
    const before = new Date().toISOString().slice(0, 10);
    const day = run(['--today', '--boards', '1'], 'quit\n');
    const after = new Date().toISOString().slice(0, 10);
    expect(day.status).toBe(0);
    const date = day.stdout.includes(`Today's boards, ${before}:`) ? before : after;
    expect(day.stdout).toContain(`Today's boards, ${date}:\nwhist duplicate, seed ${date.replaceAll('-', '')}: 1 board of Short Whist`);

    const quit = run(['--seed', '3', '--boards', '1'], 'quit\n');
    expect(quit.status).toBe(0);
    expect(quit.stdout).toContain('Board 1 of 1: ');
    // --out keeps the record up to date: quit before a card, and it holds the boards and no result; quit after
    // the first board, and it holds that board's results.
    const dir = mkdtempSync(join(tmpdir(), 'whist-duplicate-'));
    try {
      const file = join(dir, 'kept.pbn');
      const read = () => {
        const event = parseEventPbn(readFileSync(file, 'utf8'), SHORT_WHIST);
        if (!event.ok) throw new Error(event.error.message);
        return event.value;
      };
      const early = run(['--seed', '3', '--boards', '2', '--field', '1', '--out', file], 'quit\n');
      expect(early.status).toBe(0);
      expect(early.stdout).toContain(`The boards and every table's result so far are in ${file}.`);
      expect([read().boards.length, read().results.length]).toEqual([2, 0]);
      const first = playOut(boardHands(3, 1).hands[0] as HandState).south;
      const later = run(['--seed', '3', '--boards', '2', '--field', '1', '--out', file], `${first.join('\n')}\nquit\n`);
      expect(later.status).toBe(0);
      expect(read().results.map((r) => [r.board, r.ns])).toEqual([
        [1, 'You and North'],
        [1, 'Table 2 NS'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const ended = run(['--seed', '3', '--boards', '1'], '');
    expect(ended.status).toBe(2);
    expect(ended.stdout).toContain('The input ended before the last board.');
    for (const args of [
      ['--boards', '0'],
      ['--boards', '33'],
      ['--field', '13'],
      ['--level', 'expert'],
      ['--rules', 'bridge'],
      ['--today', '--seed', '3'],
      ['--name', 'Table 2 NS'],
      ['--name', ''],
      ['some.pbn'],
      ['--score'],
    ]) {
      const r = run(args, '');
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('Usage: whist duplicate');
    }
  });
});
