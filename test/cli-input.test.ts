import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_FILE_BYTES, readCapped } from '../src/cli/replay.js';
import { printable } from '../src/cli/text.js';
import { formatCard } from '../src/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
// A limit against a hang, generous for a busy machine: the commands here answer in well under a second.
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 100_000 });
const dir = mkdtempSync(join(tmpdir(), 'whist-cli-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every code point a terminal acts on instead of showing: C0, DEL, C1, the line separators and the bidi controls. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, c) => c),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x61c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCharCode(c));

/** Whether a text holds a raw control character other than the line ends that separate its lines. */
function hasRawControl(text: string): boolean {
  return [...text.replace(/\n/g, '')].some((c) => CONTROLS.includes(c));
}

const HOSTILE = ['\u001b[2J', '\u001b]0;title\u0007', '\u009b31m', '\u007f', '\u202e', '\r', '\u0008'];
const DEAL = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

describe('printable: text from outside the program, made safe for a terminal', () => {
  it('escapes every control character, bidi control and line separator, and keeps everything else', () => {
    for (const c of CONTROLS) {
      const shown = printable(`a${c}b`);
      expect(hasRawControl(shown), JSON.stringify(c)).toBe(false);
      expect(shown).toBe(`a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b`);
    }
    const plain = 'Ünïcødé ♠♥♦♣ 10♦ — “quoted” 日本 😀 \\ %';
    expect(printable(plain)).toBe(plain);
    expect(printable(printable(HOSTILE.join('')))).toBe(printable(HOSTILE.join('')));
  });
});

describe('readCapped: a file read up to a limit and no further', () => {
  it('gives a file of the limit whole, and null for one a byte longer or a device without end', () => {
    const at = join(dir, 'at.bin');
    writeFileSync(at, new Uint8Array(1000).fill(7));
    expect(readCapped(at, 1000)?.length).toBe(1000);
    expect(readCapped(at, 999)).toBeNull();
    expect(readCapped(at)?.length).toBe(1000);
    if (existsSync('/dev/zero')) expect(readCapped('/dev/zero', 1 << 20)).toBeNull();
    expect(() => readCapped(join(dir, 'missing.bin'))).toThrow();
  });
});

describe.skipIf(!existsSync(cli))('whist replay and analyse: files read with a limit (built dist/cli.js)', () => {
  const tooLong = `longer than ${MAX_RECORD_FILE_BYTES.toLocaleString('en')} bytes, the most a record file may hold`;

  it.skipIf(!existsSync('/dev/zero'))('a link to /dev/zero is refused at the limit, quickly, exit 2, named or found in a folder', () => {
    const folder = join(dir, 'zero');
    mkdirSync(folder);
    const link = join(folder, 'endless.pbn');
    symlinkSync('/dev/zero', link);
    for (const command of ['replay', 'analyse']) {
      for (const target of [link, folder]) {
        const r = run(command, target);
        expect(r.status, `${command} ${target}`).toBe(2);
        expect(r.stderr.split('\n')[0]).toBe(`whist: cannot read ${link}: ${tooLong}`);
      }
    }
  });

  it('links that lead round in a loop are one clear line and exit 2, without the system error code', () => {
    const a = join(dir, 'loop-a.pbn');
    const b = join(dir, 'loop-b.pbn');
    symlinkSync(b, a);
    symlinkSync(a, b);
    for (const command of ['replay', 'analyse']) {
      const r = run(command, a);
      expect(r.status, command).toBe(2);
      expect(r.stderr.split('\n')[0], command).toBe(`whist: cannot read ${a}: its links lead round in a loop`);
      expect(r.stderr, command).not.toContain('ELOOP');
    }
  });

  it('a record file of the limit is read; one byte more is refused with the same message by both commands', () => {
    const record = `[Deal "${DEAL}"]\n[Declarer "N"]\n[Contract "7S"]\n[Result "13"]\n[Play "E"]\nHA D2 C2 S2\n*\n`;
    const padded = (bytes: number) => `${record}%${'x'.repeat(bytes - record.length - 2)}\n`;
    const at = join(dir, 'at-limit.pbn');
    writeFileSync(at, padded(MAX_RECORD_FILE_BYTES));
    expect(readFileSync(at).length).toBe(MAX_RECORD_FILE_BYTES);
    const over = join(dir, 'over-limit.pbn');
    writeFileSync(over, padded(MAX_RECORD_FILE_BYTES + 1));
    expect(readFileSync(over).length).toBe(MAX_RECORD_FILE_BYTES + 1);
    expect(run('replay', at).status).toBe(0);
    expect(run('analyse', at).status).toBe(0);
    for (const command of ['replay', 'analyse']) {
      const r = run(command, over);
      expect(r.status, command).toBe(2);
      expect(r.stderr, command).toBe(`whist: cannot read ${over}: ${tooLong}\n`);
    }
    expect(run('replay', '--help').stdout).toContain(MAX_RECORD_FILE_BYTES.toLocaleString('en'));
    expect(run('analyse', '--help').stdout).toContain(MAX_RECORD_FILE_BYTES.toLocaleString('en'));
  });
});

describe.skipIf(!existsSync(cli))(
  'whist: text from records and file names reaches the terminal with its control characters escaped (built dist/cli.js)',
  () => {
    it('a bridge record whose tags hold escape sequences, in a file whose name holds one: replay and analyse print none raw', () => {
      const folder = join(dir, 'hostile-bridge');
      mkdirSync(folder);
      for (const [i, bad] of HOSTILE.entries()) {
        const name = join(folder, `deal${i}${bad.replace(/\//g, '')}.pbn`);
        writeFileSync(
          name,
          `[Event "club ${bad}"]\n[Site "${bad}"]\n[Board "${i}${bad}"]\n[North "A${bad}"]\n[Deal "${DEAL}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n`,
        );
      }
      for (const command of ['replay', 'analyse']) {
        const r = run(command, folder);
        expect(r.status, `${command}: ${r.stderr}`).toBe(0);
        expect(hasRawControl(r.stdout), command).toBe(false);
        expect(hasRawControl(r.stderr), command).toBe(false);
        // Each deal is still there, labelled with its file's name and its board, the controls written as escapes.
        for (const [i, bad] of HOSTILE.entries()) {
          expect(r.stdout, command).toContain(`deal${i}${printable(bad)}.pbn #1`);
          if (!bad.includes('\r')) expect(r.stdout, command).toContain(`board ${i}${printable(bad)}`);
        }
      }
    });

    it('a Whist record whose rules name holds escape sequences (defineRules accepts it) prints it escaped', () => {
      const file = join(dir, 'rules-name.pbn');
      expect(run('play-rubber', '--seed', '2', '--out', file).status).toBe(0);
      const name = 'x\u001b[2J\u202e\u009b';
      const text = readFileSync(file, 'utf8')
        .replace('[WhistRules "short"]', `[WhistRules "${name}"]`)
        .replace('{\\"name\\":\\"short\\"', `{\\"name\\":${JSON.stringify(JSON.stringify(name)).slice(1, -1)}`);
      const forged = join(dir, 'forged-name.pbn');
      writeFileSync(forged, text);
      const replayed = run('replay', forged);
      expect(replayed.status, replayed.stdout).toBe(0);
      expect(replayed.stdout.split('\n')[0]).toContain(`Whist record, ${printable(name)} rules, seed 2`);
      expect(hasRawControl(replayed.stdout)).toBe(false);
      const analysed = run('analyse', forged);
      expect(analysed.status).toBe(0);
      expect(hasRawControl(analysed.stdout + analysed.stderr)).toBe(false);
    });

    it('a refused Whist record quoting its own text, a record without deals and a missing file: messages escaped, exit codes kept', () => {
      const file = join(dir, 'refused.pbn');
      expect(run('play-rubber', '--seed', '2', '--out', file).status).toBe(0);
      const refused = join(dir, 'refused-tag.pbn');
      writeFileSync(refused, readFileSync(file, 'utf8').replace(/\[WhistTricks "[^"]*"\]/, '[WhistTricks "NS \u001b[2J\u009b7 EW"]'));
      const r = run('replay', refused);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain(`${refused}: Whist record refused: `);
      expect(hasRawControl(r.stdout + r.stderr)).toBe(false);
      const a = run('analyse', refused);
      expect(a.status).toBe(1);
      expect(hasRawControl(a.stdout + a.stderr)).toBe(false);
      const missing = join(dir, 'missing\u001b[2J.pbn');
      for (const command of ['replay', 'analyse']) {
        const m = run(command, missing);
        expect(m.status).toBe(2);
        expect(m.stderr).toBe(`whist: cannot read ${printable(missing)}: no such file\n`);
      }
    });

    it('arguments echoed in usage errors are escaped too', () => {
      for (const args of [['play-rubber', '--seed', '\u001b[2J'], ['solve', 'N:\u001b[2J A B C'], ['deal\u001b[2J'], ['replay', '--\u001b[2J']]) {
        const r = run(...args);
        expect(r.status, args.join(' ')).toBe(2);
        expect(r.stderr).toMatch(/^whist: /);
        expect(hasRawControl(r.stderr), args.join(' ')).toBe(false);
        expect(r.stderr).toContain('\\u001b[2J');
      }
    });
  },
);

describe.skipIf(!existsSync(cli))('whist: cards printed for people as the page prints them, in every command (built dist/cli.js)', () => {
  const CODE = /\b[2-9TJQKA][SHDC]\b|T[♠♥♦♣]/;
  const face = (card: string) => formatCard(card as never, { symbols: true, ten: '10' });

  it('replay prints the turn-up as on its face; the --out record keeps the standard notation', () => {
    const file = join(dir, 'faces.pbn');
    expect(run('play-rubber', '--seed', '5', '--out', file).status).toBe(0);
    const r = run('replay', file);
    expect(r.status).toBe(0);
    const turnUps = [...readFileSync(file, 'utf8').matchAll(/\[WhistTrumpCard "([SHDC])(.)"\]/g)].map((m) => face(`${m[2]}${m[1]}`));
    expect(turnUps.length).toBeGreaterThan(0);
    const printed = [...r.stdout.matchAll(/\(turn-up (\S+)\)/g)].map((m) => m[1]);
    expect(printed).toEqual(turnUps);
    expect(r.stdout.replace(file, '')).not.toMatch(CODE);
    // The record written with --out keeps the standard notation.
    const record = readFileSync(file, 'utf8');
    expect(record).not.toMatch(/[♠♥♦♣]|10[SHDC]/);
    expect(record).toMatch(/\[Play "[NESW]"\]\n[SHDC][2-9TJQKA] /);
  });

  it('solve prints each card as on its face, suits in the page order ♠ ♥ ♣ ♦; --json keeps the codes', () => {
    const deal = 'N:AKQ2.T98.765.432 J843.AK2.QJ.T987 T976.QJ7.AK4.AK5 5.6543.T9832.QJ6';
    const r = run('solve', deal, '--leader', 'E', '--trump', 'H');
    expect(r.status).toBe(0);
    const json = JSON.parse(run('solve', deal, '--leader', 'E', '--trump', 'H', '--json').stdout) as { scores: { card: string; tricks: number }[] };
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => /^ {2}(\S+) +(\d+)/.exec(l)?.slice(1));
    const order = (card: string) => 'SHCD'.indexOf(card[1] as string) * 13 + 'AKQJT98765432'.indexOf(card[0] as string);
    expect(rows.map((row) => row?.[0])).toEqual(
      json.scores
        .map((s) => s.card)
        .sort((a, b) => order(a) - order(b))
        .map(face),
    );
    for (const row of rows) expect(Number(row?.[1])).toBe(json.scores.find((s) => face(s.card) === row?.[0])?.tricks);
    expect(r.stdout).not.toMatch(CODE);
    expect(json.scores.every((s) => /^[2-9TJQKA][SHDC]$/.test(s.card))).toBe(true);
  });
});
