import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hintValues, reviewLines } from '../src/cli/human.js';
import { cardText, trickText } from '../src/cli/text.js';
import {
  applyOrThrow,
  type Card,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  type HandState,
  heuristicPlayer,
  isRubberComplete,
  newTableOrThrow,
  playerViewOrThrow,
  SHORT_WHIST,
} from '../src/index.js';
import { formatWhistPbn, parseWhistPbn } from '../src/records/index.js';
import { computerCard, type SamplingLevel } from '../src/solver/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });
const dir = mkdtempSync(join(tmpdir(), 'whist-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BRIDGE =
  '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Result "13"]\n[Play "E"]\nHA D2 C2 S2\n*\n';
const DEAL = 'N:AKQ2.T98.765.432 J843.AK2.QJ.T987 T976.QJ7.AK4.AK5 5.6543.T9832.QJ6';

describe.skipIf(!existsSync(cli))('whist CLI: analyse, exit codes and messages, play, rules (built dist/cli.js)', () => {
  it('analyse reads the Whist record play-rubber --out writes: every hand, with its dealer, trumps and tricks', () => {
    const file = join(dir, 'rubber.pbn');
    expect(run('play-rubber', '--seed', '7', '--out', file).status).toBe(0);
    const record = parseWhistPbn(readFileSync(file, 'utf8'));
    if (!record.ok) throw new Error(record.error.message);
    const r = run('analyse', file);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`${record.value.hands.length} hands analysed`);
    for (const h of record.value.hands) {
      const s = h.state;
      const trumps = s.trump === null ? 'no trumps' : `${{ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[s.trump]} are trumps`;
      const head = `${file} hand ${h.board}: ${s.dealer} deals, ${trumps}; tricks NS ${h.summary?.tricks.NS}, EW ${h.summary?.tricks.EW}; double dummy at the first lead NS `;
      const line = lines.find((l) => l.startsWith(head));
      expect(line, head).toMatch(/double dummy at the first lead NS (\d+), EW (\d+); tricks given away NS \d+, EW \d+$/);
      const [ns, ew] = (/first lead NS (\d+), EW (\d+)/.exec(line as string) as RegExpExecArray).slice(1).map(Number);
      expect((ns as number) + (ew as number)).toBe(13);
    }
    const costly = lines.filter((l) => /^ {2}trick \d+: [NESW] (10|[2-9JQKA])[♠♥♦♣] costs \d+ tricks? \((NS|EW) \d+ instead of \d+; best /.test(l));
    expect(costly.length).toBeGreaterThan(0);
    // Cards as the page prints them: no card code (AS, TD) in the analysis.
    expect(r.stdout).not.toMatch(/\b[2-9TJQKA][SHDC]\b|T[♠♥♦♣]/);
    expect(r.stdout).not.toMatch(/declarer|contract|strain|not analysed/i);
  });

  it('analyse reads a record as the page writes it (players named) and one stopped in the middle of a hand', () => {
    let table = newTableOrThrow(SHORT_WHIST, { seed: 11, players: { N: 'Ada', E: 'Basil', S: 'You', W: 'Cleo' } });
    table = applyOrThrow(table, { type: 'deal' });
    for (let n = 0; n < 10; n++) {
      const hand = currentHand(table) as HandState;
      const seat = currentSeat(hand);
      if (seat === null) break;
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
    }
    const text = formatWhistPbn(table, { seed: 11, inProgress: true });
    if (!text.ok) throw new Error(text.error.message);
    const file = join(dir, 'whist-short-seed-11.pbn');
    writeFileSync(file, text.value);
    const r = run('analyse', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^${file.replace(/[.]/g, '\\.')} hand 1: N deals, \\w+ are trumps; 10 cards played, tricks so far NS \\d, EW \\d; double dummy`, 'm'),
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 hand analysed');
  });

  it('analyse still reads bridge records, in bridge terms only for them', () => {
    const file = join(dir, 'bridge.pbn');
    writeFileSync(file, BRIDGE);
    const r = run('analyse', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${file} #1: N deals, spades are trumps; declarer N, 13 tricks by the record; 4 cards played`);
    expect(r.stdout).toContain('1 hand analysed');
    const revoke = join(dir, 'revoke.pbn');
    const mixed = 'N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432';
    writeFileSync(revoke, `[Deal "${mixed}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 SA\n*\n`);
    const refused = run('analyse', revoke);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`${revoke} #1: not analysed: `);
    expect(run('replay', revoke).status).toBe(1);
    const passed = join(dir, 'passed.pbn');
    writeFileSync(passed, BRIDGE.replace('[Contract "7S"]', '[Contract "Pass"]'));
    const none = run('analyse', passed);
    expect(none.status).toBe(0);
    expect(none.stdout).toContain('0 hands analysed, 1 not analysed');
  });

  it('a file that holds no record is exit 2 for replay and analyse alike, with the same message', () => {
    const readme = new URL('../README.md', import.meta.url).pathname;
    const replay = run('replay', readme);
    const analyse = run('analyse', readme);
    expect(replay.status).toBe(2);
    expect(analyse.status).toBe(2);
    const first = replay.stderr.split('\n')[0] as string;
    expect(first).toMatch(new RegExp(`^whist: ${readme.replace(/[.]/g, '\\.')}: not PBN`));
    expect(analyse.stderr.split('\n')[0]).toBe(first);
    const empty = join(dir, 'empty.pbn');
    writeFileSync(empty, '% nothing here\n');
    const none = run('analyse', empty);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe(`whist: ${empty} holds no deal\n`);
    const folder = mkdtempSync(join(dir, 'none-'));
    for (const command of ['replay', 'analyse']) {
      const r = run(command, folder);
      expect(r.status, command).toBe(2);
      expect(r.stderr, command).toBe(`whist: no .pbn or .lin file in ${folder}\n`);
    }
  });

  it.skipIf(process.platform === 'win32')('a named pipe (FIFO) is refused at once, named or found in a folder: one clear line and exit 2, never a hang', () => {
    const folder = mkdtempSync(join(dir, 'fifo-'));
    const fifo = join(folder, 'pipe.pbn');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const command of ['replay', 'analyse']) {
      for (const target of [fifo, folder]) {
        // Nothing ever writes to the pipe: a reader that waits for a writer is stopped by the guard.
        const r = spawnSync(process.execPath, [cli, command, target], { encoding: 'utf8', timeout: 30_000 });
        expect(r.signal, `${command} ${target}: stopped by the time-out guard`).toBeNull();
        expect(r.status, `${command} ${target}`).toBe(2);
        expect(r.stderr.split('\n')[0], `${command} ${target}`).toBe(
          `whist: cannot read ${fifo}: it is a named pipe (FIFO), not a file: save the record to a file and read that`,
        );
      }
    }
  });

  it('a missing file is one clear line and exit 2, in every command that reads files', () => {
    const missing = join(dir, 'no-such.pbn');
    for (const command of ['replay', 'analyse']) {
      const r = run(command, missing);
      expect(r.status, command).toBe(2);
      expect(r.stderr, command).toBe(`whist: cannot read ${missing}: no such file\n`);
      expect(r.stderr, command).not.toContain('ENOENT');
    }
    const write = run('play-rubber', '--seed', '1', '--out', join(dir, 'no', 'such', 'folder.pbn'));
    expect(write.status).toBe(2);
    expect(write.stderr).toBe(`whist: cannot write ${join(dir, 'no', 'such', 'folder.pbn')}: no such folder\n`);
  });

  it('usage errors name the bad value and exit 2: an empty seed, a bad leader, a missing leader, a bad trump', () => {
    for (const command of ['play-rubber', 'play']) {
      const r = run(command, '--seed', '');
      expect(r.status, command).toBe(2);
      expect(r.stderr.split('\n')[0], command).toBe('whist: --seed must be a whole number from 0 to 4294967295, not ""');
      expect(r.stderr, command).toContain(`Usage: whist ${command}`);
    }
    const leader = run('solve', DEAL, '--leader', 'Z');
    expect(leader.status).toBe(2);
    expect(leader.stdout).toBe('');
    expect(leader.stderr.split('\n')[0]).toBe('whist: --leader must be one of N E S W, not "Z"');
    expect(leader.stderr).toContain('Usage: whist solve');
    expect(run('solve', DEAL).stderr.split('\n')[0]).toBe('whist: --leader is needed: the seat that leads, or led, the trick (N E S W)');
    expect(run('solve', DEAL, '--leader', 'E', '--trump', 'X').stderr.split('\n')[0]).toBe('whist: --trump must be one of S H D C none, not "X"');
    expect(run('play-rubber', '--dealer', 'Q').stderr.split('\n')[0]).toBe('whist: --dealer must be one of N E S W, not "Q"');
    expect(run('analyse').status).toBe(2);
    expect(run('analyse', '--colour').status).toBe(2);
  });

  it('an unknown option is the same usage error in every command: exit 2, one line naming it, then the command’s usage', () => {
    for (const command of ['play', 'play-rubber', 'replay', 'rules', 'solve', 'analyse']) {
      const r = run(command, '--colour');
      expect(r.status, command).toBe(2);
      expect(r.stdout, command).toBe('');
      const [first, blank, usage] = r.stderr.split('\n');
      expect(first, command).toMatch(/^whist: .*--colour/);
      expect(blank, command).toBe('');
      expect(usage, command).toMatch(new RegExp(`^Usage: whist ${command}`));
    }
    const unknown = run('deal');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe('whist: unknown command "deal"');
    expect(run().status).toBe(2);
  });

  it('rules are named in any case', () => {
    const short = run('play-rubber', '--seed', '5', '--rules', 'short');
    for (const name of ['Short', 'SHORT']) {
      const r = run('play-rubber', '--seed', '5', '--rules', name);
      expect(r.status, name).toBe(0);
      expect(r.stdout, name).toBe(short.stdout);
    }
    expect(run('play-rubber', '--seed', '5', '--rules', 'Ten-Point', '--json').status).toBe(0);
  });

  it('solve speaks whist: trumps, the side to play and its tricks; --table by dealer and trumps', () => {
    const r = run('solve', DEAL, '--trump', 'H', '--leader', 'E');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^E to play, hearts are trumps: EW take \d+ tricks? with best play$/);
    const none = run('solve', DEAL, '--trump', 'none', '--leader', 'E', '--trick', '');
    expect(none.stdout.split('\n')[0]).toMatch(/^E to play, no trumps: EW take/);
    expect(run('solve', DEAL, '--trump', 'NT', '--leader', 'E').stdout).toBe(none.stdout);
    const ending = 'N:AKQ2.T98.765.432 J843.K2.QJ.T987 T976.QJ.AK4.AK5 5.6543.T9832.QJ6';
    const trick = run('solve', ending, '--trump', 's', '--leader', 'E', '--trick', 'AH 7h');
    expect(trick.stdout.split('\n')[0]).toMatch(/^W to play, spades are trumps: EW take/);
    const table = run('solve', DEAL, '--table');
    expect(table.status).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe("Tricks for the dealer's side, eldest hand leading, by trumps:");
    expect(lines[1]).toMatch(/^dealer +spades +hearts +diamonds +clubs +none$/);
    expect(lines.slice(2).map((l) => l[0])).toEqual(['N', 'E', 'S', 'W']);
    for (const out of [r.stdout, table.stdout]) expect(out).not.toMatch(/declarer|contract|strain|\bNT\b/i);
  });
});

describe.skipIf(!existsSync(cli))('whist play: cards as the page prints them, stable numbers, commands, stopping early', () => {
  /** The first hand of seed 3 with south to play: its cards as dealt, and the tricks before south's first turn. */
  function firstTurn(seed: number): { dealt: string[]; hand: HandState } {
    let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' }), { type: 'deal' });
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== 'S' && seat !== null; seat = currentSeat(hand)) {
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
      hand = currentHand(table) as HandState;
    }
    return { dealt: playerViewOrThrow(hand, 'S').cards.slice(), hand };
  }

  it('prints cards as the page does (10, suit symbols, suits ♠ ♥ ♣ ♦), numbers only the legal ones, and keeps each number for the hand', () => {
    const r = runWith('quit\n', 'play', '--seed', '3');
    expect(r.status).toBe(0);
    const cards = (/^Your cards: (.*)$/m.exec(r.stdout) as RegExpExecArray)[1] as string;
    expect(cards).not.toMatch(/[SHDC]\b|T[♠♥♦♣]/);
    const suits = cards.split(' | ').map((g) => (/[♠♥♦♣]/.exec(g) as RegExpExecArray)[0]);
    expect(suits).toEqual([...suits].sort((a, b) => '♠♥♣♦'.indexOf(a) - '♠♥♣♦'.indexOf(b)));
    const { hand } = firstTurn(3);
    const led = hand.plays.split(' ')[0]?.[1];
    const symbol = { S: '♠', H: '♥', D: '♦', C: '♣' }[led as 'S'];
    for (const group of cards.split(' | ')) {
      const numbered = /^\d+:/.test(group);
      expect(numbered, group).toBe(group.includes(symbol));
    }
    const numbers = (s: string) =>
      [...s.matchAll(/^Your cards: (.*)$/gm)].map((m) => new Map([...(m[1] as string).matchAll(/(\d+):(\S+)/g)].map((x) => [x[2], x[1]])));
    const all = numbers(runWith('1\n4\n6\n7\nquit\n', 'play', '--seed', '3').stdout);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const later of all.slice(1)) for (const [card, n] of later) for (const earlier of all) if (earlier.has(card)) expect(earlier.get(card), card).toBe(n);
  });

  it('help, score and last answer without playing a card; a played or unknown number is refused', () => {
    const r = runWith('help\nscore\nlast\n4\nlast\n4\n99\nquit\n', 'play', '--seed', '3');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Commands: score (the score, games and tricks), last (the last trick), help (this),\nquit (stop the game');
    expect(r.stdout).toContain('Score NS 0, EW 0 (the game to 5); games NS 0, EW 0. Hand 1: spades are trumps, tricks NS 0, EW 0.');
    expect(r.stdout).toContain('No trick has been played yet in this hand.');
    expect(r.stdout).toContain('Trick 1: E leads: E K♥, S 6♥, W 2♥, N 3♥; won by E.');
    expect(r.stdout.split('Trick 1: E leads').length).toBe(3);
    expect(r.stdout).toContain('You have played 6♥ (number 4) already.');
    expect(r.stdout).toContain('No card has the number 99: your cards are numbered 1 to 13.');
    expect(r.stdout).toContain('You stopped the game.');
  });

  it('quit and the end of input leave the hands played so far in --out, as a Whist record in progress', () => {
    for (const [input, code] of [
      ['4\nquit\n', 0],
      ['4\n', 2],
    ] as const) {
      const file = join(dir, `stopped-${code}.pbn`);
      const r = runWith(input, 'play', '--seed', '3', '--out', file);
      expect(r.status).toBe(code);
      expect(r.stdout).toContain(`The hands played so far are in ${file}.`);
      const record = parseWhistPbn(readFileSync(file, 'utf8'));
      if (!record.ok) throw new Error(record.error.message);
      expect(record.value.seed).toBe('3');
      expect(record.value.hands).toHaveLength(1);
      expect(record.value.hands[0]?.summary).toBeNull();
      const plays = record.value.hands[0]?.state.plays.split(' ') as string[];
      expect(plays.slice(0, 4)).toEqual(['KH', '6H', '2H', '3H']);
      const replay = run('replay', file);
      expect(replay.status).toBe(0);
      expect(replay.stdout).toContain(`in progress, ${plays.length} cards played`);
      expect(run('analyse', file).status).toBe(0);
    }
  });

  it('Ctrl-C stops the game (exit 130) with the hands played so far in --out', async () => {
    const file = join(dir, 'interrupted.pbn');
    const child = spawn(process.execPath, [cli, 'play', '--seed', '3', '--out', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    const prompted = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Your card')) resolve();
      });
    });
    await prompted;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stdout).toContain(`Stopped. The hands played so far are in ${file}.`);
    const record = parseWhistPbn(readFileSync(file, 'utf8'));
    expect(record.ok && record.value.hands.length).toBe(1);
    expect(record.ok && isRubberComplete(currentRubber(record.value.table))).toBe(false);
  });
});

describe.skipIf(!existsSync(cli))('whist play --level and hint: the sampling player, and the expected tricks from what the person can see', () => {
  /** Plays a whole first hand in Node as `whist play --seed S --level L` does, the person playing `heuristicPlayer`'s cards. */
  function firstHand(seed: number, level: Exclude<SamplingLevel, 'expert'>): { person: Card[]; tricks: string[] } {
    let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' }), { type: 'deal' });
    const person: Card[] = [];
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand)) {
      const view = playerViewOrThrow(hand, seat);
      const card = seat === 'S' ? heuristicPlayer(view) : computerCard(view, { level, seed });
      if (seat === 'S') person.push(card);
      table = applyOrThrow(table, { type: 'play', seat, card });
      hand = currentHand(table) as HandState;
    }
    return { person, tricks: completedTricks(hand).map((t, i) => `Trick ${i + 1}: ${trickText(t)}.`) };
  }

  it('--level fast: the computer players play the sampling player’s cards from their own views (the library’s computerCard), a whole hand', () => {
    const { person, tricks } = firstHand(5, 'fast');
    const r = runWith(`${person.join('\n')}\nquit\n`, 'play', '--seed', '5', '--level', 'fast');
    expect(r.status).toBe(0);
    const printed = r.stdout.split('\n').filter((l) => /^Trick \d+: /.test(l));
    expect(printed).toEqual(tricks);
    expect(r.stdout).toContain('Hand 1: tricks NS ');
  });

  it('--level heuristic is the rules of thumb, the default, and quick (its old name) is read as it; an unknown level is a usage error', () => {
    const byDefault = runWith('quit\n', 'play', '--seed', '3').stdout;
    expect(runWith('quit\n', 'play', '--seed', '3', '--level', 'heuristic').stdout).toBe(byDefault);
    expect(runWith('quit\n', 'play', '--seed', '3', '--level', 'quick').stdout).toBe(byDefault);
    const bad = runWith('quit\n', 'play', '--level', 'expert');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--level must be one of heuristic, fast, standard, strong, not "expert"');
  });

  it('hint: each legal card once, best first, as on its face with its number, and its expected tricks from the person’s own view', () => {
    const r = runWith('hint\nquit\n', 'play', '--seed', '3');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const head = lines.findIndex((l) => l.startsWith('Expected tricks for NS from here, from what you can see ('));
    expect(head).toBeGreaterThan(0);
    const rows = lines.slice(head + 1).filter((l) => /^ {2}\d+:/.test(l));
    // South's view at the first turn, in Node: the same values, from the same layouts.
    let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3, dealer: 'N' }), { type: 'deal' });
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== 'S' && seat !== null; seat = currentSeat(hand)) {
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
      hand = currentHand(table) as HandState;
    }
    const view = playerViewOrThrow(hand, 'S');
    const hint = hintValues(view, 'heuristic', 3);
    const values = hint.cards;
    expect(lines[head]).toContain(`(${hint.layouts} layouts of the hidden cards, each solved)`);
    expect(rows).toHaveLength(view.legalMoves.length);
    const shown = rows.map((l) => {
      const m = /^ {2}(\d+):(\S+)\s+(\d+\.\d\d)/.exec(l) as RegExpExecArray;
      return { n: Number(m[1]), text: m[2], tricks: Number(m[3]) };
    });
    expect(shown.map((x) => x.tricks)).toEqual([...shown.map((x) => x.tricks)].sort((a, b) => b - a));
    expect(rows[0]).toMatch(/ best$/);
    for (const v of values) {
      const row = shown.find((x) => x.text === cardText(v.card));
      expect(row, v.card).toBeDefined();
      expect(row?.n).toBe(view.cards.indexOf(v.card) + 1);
      expect(row?.tricks).toBeCloseTo(v.tricks, 2);
    }
    for (const row of rows) expect(row).not.toMatch(/\b[2-9TJQKA][SHDC]\b/);
  });
});

describe.skipIf(!existsSync(cli))('whist play --review: after each hand, the person’s cards reviewed', () => {
  it('prints each card the person played, its cost in expected tricks from their view and double dummy, the costliest first', () => {
    // The first hand of seed 3, every seat playing heuristicPlayer's card (the person types the same cards).
    let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3, dealer: 'N' }), { type: 'deal' });
    const person: Card[] = [];
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand)) {
      const card = heuristicPlayer(playerViewOrThrow(hand, seat));
      if (seat === 'S') person.push(card);
      table = applyOrThrow(table, { type: 'play', seat, card });
      hand = currentHand(table) as HandState;
    }
    const expected = reviewLines(hand, 'S', 'heuristic', 3);
    expect(expected).toHaveLength(14);
    const r = runWith(`${person.join('\n')}\nquit\n`, 'play', '--seed', '3', '--review');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Your play reviewed, the costliest first'));
    expect(lines.slice(at, at + 14)).toEqual(expected);
    // The costliest first, and every trick once.
    const rows = expected.slice(1).map((l) => ({ trick: Number(/trick +(\d+)/.exec(l)?.[1]), cost: Number(/cost (\d+\.\d)/.exec(l)?.[1] ?? 0) }));
    expect(rows.map((x) => x.cost)).toEqual([...rows.map((x) => x.cost)].sort((a, b) => b - a));
    expect(rows.map((x) => x.trick).sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    // Without --review, no review.
    expect(runWith(`${person.join('\n')}\nquit\n`, 'play', '--seed', '3').stdout).not.toContain('Your play reviewed');
  });
});
