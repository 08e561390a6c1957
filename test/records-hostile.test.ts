// The record readers on hostile input: any JavaScript value in any argument gives a result and never a throw;
// any text is read in linear time and bounded memory. Linear time is checked by counting the characters the
// readers examine (their internal `Work` counter), never with a stopwatch, so the checks hold on a busy
// machine; memory with the heap after a forced collection.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLin } from '../src/records/bridge/lin.js';
import { readPbn } from '../src/records/bridge/pbn.js';
import { MAX_MARKS, MAX_SEAT_CARDS } from '../src/records/bridge/record.js';
import { cardFromSuitFirst, type DealRecord, parseCall, parseLin, parsePbn } from '../src/records/index.js';
import { isSpace, type Work } from '../src/records/text/chars.js';
import { MAX_PROBLEMS_PER_FILE, MAX_PROBLEMS_PER_RECORD } from '../src/records/text/problems.js';
import { readWhist } from '../src/records/whist/parse.js';

const SEED = 20261123;
console.log(`records-hostile.test.ts: fast-check seed ${SEED}`);

const DEAL = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
const MB = 1_000_000;
/**
 * The sizes the linear-time checks compare: a quarter of a megabyte and four times that. The work is
 * counted, not timed, so a reader quadratic in any part of the text shows as sixteen times the work at any
 * size; the sizes are only large enough that a constant cost does not hide it.
 */
const SMALL = 250_000;
const LARGE = 4 * SMALL;

/** `unit` repeated to about `n` characters. */
function rep(unit: string, n: number): string {
  return unit.repeat(Math.max(1, Math.floor(n / unit.length)));
}

function records(result: ReturnType<typeof parsePbn>): DealRecord[] {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const pbn = (text: string): DealRecord[] => records(parsePbn(text));
const lin = (text: string): DealRecord[] => records(parseLin(text));

/** Every code unit that JavaScript calls whitespace. */
const WHITESPACE: string[] = [];
for (let c = 0; c <= 0xffff; c++) if (/\s/.test(String.fromCharCode(c))) WHITESPACE.push(String.fromCharCode(c));

// ---------------------------------------------------------------------------------------------------------
// Arguments

/** Values that make careless code throw, each with a counter of the user code it runs. */
function hostileValues(): { name: string; value: unknown; calls: () => number }[] {
  let calls = 0;
  const count = (): never => {
    calls++;
    throw new Error('user code ran');
  };
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const traps = new Proxy({}, { get: count, has: count, ownKeys: count, getPrototypeOf: count, getOwnPropertyDescriptor: count });
  class Options {
    readonly source = 'x';
  }
  const values: [string, unknown][] = [
    ['null', null],
    ['a number', 42],
    ['NaN', Number.NaN],
    ['a BigInt', 10n],
    ['a Symbol', Symbol('text')],
    ['true', true],
    ['a function', () => 'md|3SA|'],
    ['an array', ['md|3SA|']],
    ['a boxed string', Object('md|3SA|')],
    ['an object whose toString throws', { toString: count, valueOf: count, toJSON: count }],
    ['an object whose toString is not a function', JSON.parse('{"toString":1}')],
    ['Object.create(null)', Object.create(null)],
    ['a cyclic object', cyclic],
    ['a Proxy whose every trap throws', traps],
    ['a revoked Proxy', revocable.proxy],
    ['a class instance', new Options()],
    ['a Date', new Date(0)],
  ];
  return values.map(([name, value]) => ({ name, value, calls: () => calls }));
}

const PARSERS = [
  ['parsePbn', parsePbn, '[Deal "N:- - - -"]'],
  ['parseLin', parseLin, 'md|3SA|'],
] as const;

describe('parsePbn and parseLin: a result for any argument, never a throw', () => {
  for (const [name, parse, sample] of PARSERS) {
    for (const { name: what, value, calls } of hostileValues()) {
      it(`${name}: text ${what} is INVALID_ARGUMENT at "text", described without running its code`, () => {
        const r = parse(value as string);
        expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'text' } });
        expect(r.ok ? '' : r.error.message).toMatch(
          /^text must be a string, not (null|\d+|NaN|true|a bigint|a symbol|a function|an array|an object|an unreadable value)$/,
        );
        expect(calls()).toBe(0);
      });
    }

    it(`${name}: options that are undefined or a plain object with at most a source are accepted; any other key is refused`, () => {
      for (const value of [undefined, {}, Object.create(null), { source: 'x.pbn' }]) expect(parse(sample, value as object).ok).toBe(true);
      const keyed = hostileValues().filter((v) =>
        ['an object whose toString throws', 'an object whose toString is not a function', 'a cyclic object'].includes(v.name),
      );
      for (const { name: what, value } of keyed) {
        const r = parse(sample, value as object);
        expect(r.ok, what).toBe(false);
        expect(!r.ok && r.error.path, what).toMatch(/^options\./);
      }
      expect(parse(sample, { sorce: 'x' } as object)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'options.sorce' } });
      for (const { calls } of keyed) expect(calls()).toBe(0);
    });

    it(`${name}: other options are INVALID_ARGUMENT at "options"`, () => {
      const refused = hostileValues().filter(
        (v) => !['an object whose toString throws', 'an object whose toString is not a function', 'Object.create(null)', 'a cyclic object'].includes(v.name),
      );
      for (const { name: what, value } of refused) {
        const r = parse(sample, value as object);
        expect(r, what).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'options' } });
      }
    });

    it(`${name}: a source that is not a string, or that throws when read, is INVALID_ARGUMENT`, () => {
      for (const { value } of hostileValues()) {
        expect(parse('', { source: value } as object)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'options.source' } });
      }
      const getter = {
        get source(): string {
          throw new Error('getter');
        },
      };
      expect(parse('', getter)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: 'options' } });
      const source = { value: 'first' };
      const changing = {
        get source(): string {
          const s = source.value;
          source.value = 'second';
          return s;
        },
      };
      const r = parse(sample, changing);
      expect(r.ok && r.value.map((d) => d.source)).toEqual(['first']); // read once
    });
  }

  it('parseCall and cardFromSuitFirst give null for anything that is not a string', () => {
    for (const { value } of hostileValues()) {
      expect(parseCall(value as string)).toBeNull();
      expect(cardFromSuitFirst(value as string)).toBeNull();
    }
  });

  it('any values at all: a result; for a string and undefined or plain options with a string source, records or a text that is not PBN or LIN (fast-check)', () => {
    let calls = 0;
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    });
    const options = fc.oneof(anything, fc.constant(undefined), fc.record({ source: anything }, { requiredKeys: [] }));
    fc.assert(
      fc.property(fc.oneof(anything, fc.string({ unit: 'binary' })), options, (text, opts) => {
        for (const [, parse] of PARSERS) {
          calls++;
          const r = parse(text as string, opts as object);
          const plain =
            opts === undefined ||
            (typeof opts === 'object' &&
              opts !== null &&
              !Array.isArray(opts) &&
              [null, Object.prototype].includes(Object.getPrototypeOf(opts)) &&
              Object.keys(opts).every((key) => key === 'source') &&
              ['undefined', 'string'].includes(typeof (opts as { source?: unknown }).source));
          if (typeof text === 'string' && plain) expect(r.ok || /^not (PBN|LIN): /.test(r.error.message)).toBe(true);
          else expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.code).toBe('INVALID_ARGUMENT');
        }
      }),
      { seed: SEED, numRuns: 2000 },
    );
    console.log(`records-hostile.test.ts: ${calls} calls of parsePbn and parseLin on fc.anything()`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Whitespace

describe('one definition of whitespace: what JavaScript calls whitespace (\\s, trim)', () => {
  it('isSpace agrees with \\s and String.prototype.trim on all 65,536 code units', () => {
    const disagree: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (isSpace(c) !== /\s/.test(ch) || isSpace(c) !== (ch.trim() === '')) disagree.push(c.toString(16));
    }
    expect(disagree).toEqual([]);
    expect(WHITESPACE).toHaveLength(25);
  });

  it('a lone whitespace character, any of them, is an empty file (parsePbn("\\u00a0") used to loop forever)', () => {
    for (const w of WHITESPACE) {
      expect(pbn(w)).toEqual([]);
      expect(pbn(w.repeat(1000))).toEqual([]);
      expect(lin(w)).toEqual([]);
    }
  });

  it('U+00A0, U+FEFF, U+2028 and U+3000 separate tokens like a space, outside and inside tags', () => {
    for (const w of ['\u00a0', '\ufeff', '\u2028', '\u3000', '\u2003']) {
      const text = `${w}[Deal "${DEAL}"]${w}\n[Contract${w}"1H"]\n[Declarer "W"]${w}\n[Play "N"]\nSA${w}H2${w}${w}D2 C2${w}\nS2 HA D3 C3${w}`;
      const [r, ...more] = pbn(text);
      expect(more).toEqual([]);
      expect(r?.contract).toEqual({ level: 1, strain: 'H', declarer: 'W', risk: '' });
      expect(r?.plays).toEqual({
        order: 'bySeat',
        leader: 'N',
        tricks: [
          { N: 'AS', E: '2H', S: '2D', W: '2C' },
          { N: '2S', E: 'AH', S: '3D', W: '3C' },
        ],
      });
      expect(r?.problems).toEqual([]);
    }
  });

  it('a byte-order mark before the first tag is read past', () => {
    const [r] = pbn(`\ufeff[Board "4"]\n[Deal "${DEAL}"]\n`);
    expect(r?.board).toBe('4');
  });

  it('a line of Unicode whitespace is an empty line: it ends the game', () => {
    const game = (board: string): string => `[Board "${board}"]\n[Deal "${DEAL}"]\n[Contract "Pass"]`;
    const found = pbn(`${game('1')}\n\u00a0\u3000\n${game('2')}`);
    expect(found.map((r) => r.board)).toEqual(['1', '2']);
    expect(found.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('a Latin-1 file with one 0xA0 byte after a card is read like a space there', () => {
    const text = `[Deal "${DEAL}"]\n[Contract "1H"]\n[Declarer "W"]\n[Play "N"]\nSA H2 D2 C2\xa0\nS2 HA D3 C3\n`;
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const [r] = pbn(new TextDecoder('latin1').decode(bytes));
    expect(r?.plays.order === 'bySeat' && r.plays.tricks).toHaveLength(2);
    expect(r?.problems).toEqual([]);
  });

  it('LIN keys are trimmed of Unicode whitespace too', () => {
    const [r] = lin('\u00a0md\u3000|3SAK,HQ,DJ,|\ufeffmb|1S|');
    expect(r?.dealer).toBe('N');
    expect(r?.contract?.level).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Linear time and bounded output on pathological texts

interface Pathological {
  readonly name: string;
  readonly kind: 'pbn' | 'lin';
  /** About `n` characters of it. */
  readonly make: (n: number) => string;
}

/** The texts that were slow, hung or blew up memory before, and their relatives. */
const PATHOLOGICAL: readonly Pathological[] = [
  { name: 'Unicode whitespace between tokens (used to hang)', kind: 'pbn', make: (n) => rep('\u00a0\ufeff\u2028\u3000x ', n) },
  { name: 'a play section after a no-break space (used to hang)', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Play "E"]\nHA\u00a0${rep('SA ', n)}` },
  { name: 'tags without a closing ] (used to be quadratic: 16 s for 4 MB)', kind: 'pbn', make: (n) => rep('[Board "1"\n', n) },
  { name: 'tags without a closing ], one ] at the very end', kind: 'pbn', make: (n) => `${rep('[Board "1"\n', n)}]` },
  { name: 'tag values without a closing quote', kind: 'pbn', make: (n) => `${rep('[Board "1 ', n)}"]` },
  { name: 'lines of [', kind: 'pbn', make: (n) => rep('[\n', n) },
  { name: '[ followed by 150 spaces', kind: 'pbn', make: (n) => rep(`[${' '.repeat(150)}\n`, n) },
  { name: 'an unclosed { comment', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n{${rep('x ', n)}` },
  { name: 'text outside any tag', kind: 'pbn', make: (n) => `${rep('x ', n)}\n[Deal "${DEAL}"]` },
  { name: 'one huge token', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n${rep('a', n)}` },
  { name: 'a play section of unreadable cards', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('Z! ', n)}` },
  { name: 'a play section of irregularity marks', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('^', n)}` },
  { name: 'a play section of annotations', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('=1$2!?=', n)}` },
  { name: 'a huge auction', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Auction "N"]\n${rep('1S X XX ', n)}` },
  { name: 'a huge hand', kind: 'pbn', make: (n) => `[Deal "N:${rep('A', n)} - - -"]` },
  { name: 'a hand of dots', kind: 'pbn', make: (n) => `[Deal "N:${rep('.', n)} - - -"]` },
  { name: 'a Deal of many words', kind: 'pbn', make: (n) => `[Deal "N:${rep('a ', n)}"]` },
  { name: 'a tag value of escapes', kind: 'pbn', make: (n) => `[Deal "${rep('\\"\\\\', n)}"]` },
  { name: 'a huge Result and Contract', kind: 'pbn', make: (n) => `[Deal "${DEAL}"]\n[Contract "${rep('7', n / 2)}"]\n[Result "NS ${rep('9', n / 2)}"]` },
  { name: 'the smallest games, without empty lines', kind: 'pbn', make: (n) => rep('[Deal""]', n) },
  {
    name: 'huge values inherited by "#" game after game (used to be quadratic)',
    kind: 'pbn',
    make: (n) =>
      `[Deal "N:${rep('A', n / 4)} - - -"][Board "${rep(' ', n / 8)}1"][Contract "${rep(' ', n / 8)}3NT"][Play "${rep(' ', n / 8)}N"]\n\n` +
      rep('[Deal "#"][Board "#"][Contract "#"][Play "#"][Result "#"]\n\n', (3 * n) / 8),
  },
  { name: 'thousands of tag names', kind: 'pbn', make: (n) => Array.from({ length: Math.floor(n / 10) }, (_, i) => `[T${i.toString(36)}""]`).join('') },
  { name: "an alert of 40,000 !s' relatives (used to be quadratic: 1.8 s)", kind: 'lin', make: (n) => `md|3SAK,,,|mb|${rep('!', n)}x|` },
  { name: 'only |', kind: 'lin', make: (n) => rep('|', n) },
  { name: 'the smallest deals', kind: 'lin', make: (n) => rep('md||', n) },
  { name: 'unreadable cards', kind: 'lin', make: (n) => `md|3SAK,,,|${rep('pc|zz|', n)}` },
  { name: 'a hand of junk', kind: 'lin', make: (n) => `md|3${rep('x', n)}|` },
  { name: 'a deal of commas', kind: 'lin', make: (n) => `md|3${rep(',', n)}|` },
  { name: 'a board name after a million spaces', kind: 'lin', make: (n) => `md|3SA|ah|board${rep(' ', n)}|` },
  { name: 'a key of a million letters', kind: 'lin', make: (n) => `${rep('M', n)}|x|` },
];

/** The records of a text (none for a text that is not PBN or LIN, which is `refused`), and the work of reading it. */
function read(p: Pathological, text: string): { records: DealRecord[]; refused: boolean; steps: number } {
  const work: Work = { steps: 0 };
  const result = p.kind === 'pbn' ? readPbn(text, 'hostile', work) : readLin(text, 'hostile', work);
  return { records: result.ok ? result.value : [], refused: !result.ok, steps: work.steps };
}

/** What holds for every text: problems bounded per record and per file, quotes short, caps kept. */
function expectBounded(found: readonly DealRecord[]): void {
  // Plain checks, one expect at the end: texts of a million records are checked too.
  const wrong: string[] = [];
  let listed = 0;
  for (const r of found) {
    if (r.problems.length > MAX_PROBLEMS_PER_RECORD + 1) wrong.push(`${r.label}: ${r.problems.length} problems`);
    for (const message of r.problems) {
      // At most 40 characters of the text are quoted: 240 once JSON escapes them (\u0000), plus the sentence.
      if (message.length >= 400) wrong.push(`${r.label}: a problem of ${message.length} characters: ${message.slice(0, 80)}`);
      if (!/^…and|problems, not listed/.test(message)) listed++;
    }
    if (r.deal !== null)
      for (const cards of Object.values(r.deal)) if (cards.length > MAX_SEAT_CARDS) wrong.push(`${r.label}: a seat with ${cards.length} cards`);
    if (r.marks.length > MAX_MARKS) wrong.push(`${r.label}: ${r.marks.length} marks`);
    if (wrong.length > 5) break;
  }
  expect(wrong).toEqual([]);
  expect(listed).toBeLessThanOrEqual(MAX_PROBLEMS_PER_FILE);
}

/** Deep equality of big record lists, by their JSON (much faster than toEqual on a million records). */
function expectSameJson(a: unknown, b: unknown): void {
  expect(JSON.stringify(a) === JSON.stringify(b)).toBe(true);
}

describe('linear time: 250 kB and 1 MB of each pathological text, the work counted', () => {
  for (const p of PATHOLOGICAL) {
    it(`${p.kind}: ${p.name}`, () => {
      const small = p.make(SMALL);
      const large = p.make(LARGE);
      const a = read(p, small);
      const b = read(p, large);
      // At most a few examinations per character, and four times the text is four times the work.
      expect(a.steps / small.length).toBeLessThan(4);
      expect(b.steps / large.length).toBeLessThan(4);
      expect(b.steps / a.steps).toBeLessThan(4.5);
      expectBounded(a.records);
      expectBounded(b.records);
      expect(b.refused).toBe(a.refused);
      // The public function gives the same records (checked on 100 kB: a million records take long to compare).
      const parse = p.kind === 'pbn' ? parsePbn : parseLin;
      const sample = p.make(100_000);
      const parsed = parse(sample, { source: 'hostile' });
      expect(!parsed.ok).toBe(a.refused);
      expectSameJson(parsed.ok ? parsed.value : [], read(p, sample).records);
    });
  }

  it('the texts that were slow: four times the text is at most 4.2 times the work, counted, not timed', () => {
    const cases: [string, 'pbn' | 'lin', (n: number) => string][] = [
      ['no-break spaces', 'pbn', (n) => `[Deal "${DEAL}"]\n[Play "N"]\nSA\u00a0${rep('\u00a0SA\u00a0', n)}`],
      ['tags without ]', 'pbn', (n) => rep('[Board "1"\n', n)],
      ['an alert of !s', 'lin', (n) => `md|3SAK,,,|mb|${rep('!', n)}x|`],
    ];
    for (const [name, kind, make] of cases) {
      const one = read({ name, kind, make }, make(SMALL)).steps;
      const four = read({ name, kind, make }, make(LARGE)).steps;
      console.log(`records-hostile.test.ts: ${name}: work ${one.toLocaleString('en')} for 250 kB, ${four.toLocaleString('en')} for 1 MB`);
      expect(four / one, name).toBeLessThanOrEqual(4.2);
      expect(four / LARGE, name).toBeLessThan(4);
    }
  });

  it('a Whist record: four times the text is at most 4.2 times the work of its scanner, whatever the text', () => {
    const texts: [string, (n: number) => string][] = [
      ['an unclosed comment', (n) => `[Game "Whist"]\n{${rep('x ', n)}`],
      ['a long escaped value', (n) => `[Game "Whist"]\n[Event "${rep('\\"', Math.min(n, 9000))}"]\n${rep(' ', n)}`],
      ['whitespace after the marker', (n) => `[Game "Whist"]\n${rep('\u00a0 \t', n)}`],
      ['a comment in each line', (n) => `[Game "Whist"]\n${rep('; note\n', n)}`],
    ];
    for (const [name, make] of texts) {
      const work = (n: number): number => {
        const w: Work = { steps: 0 };
        readWhist(make(n), null, w);
        return w.steps;
      };
      const one = work(SMALL);
      expect(work(LARGE) / one, name).toBeLessThanOrEqual(4.2);
      expect(one / SMALL, name).toBeLessThan(4);
    }
  });
});

describe('what each pathological text gives', () => {
  it("the issue's alert: one deal, its unreadable call quoted in 40 characters", () => {
    const [r, ...more] = lin(`md|3SAK,,,|mb|${'!'.repeat(40000)}x|`);
    expect(more).toEqual([]);
    expect(r?.problems).toEqual(['md: the cards of N, E, W are unknown', `mb: unreadable call "${'!'.repeat(40)}"… (40,001 characters)`]);
  });

  it('a call with 40,000 trailing alerts is still the call', () => {
    const [r] = lin(`md|3SAK,,,|mb|1S${'!'.repeat(40000)}|mb|p|mb|p|mb|p|`);
    expect(r?.contract).toEqual({ level: 1, strain: 'S', declarer: 'N', risk: '' });
  });

  it('a record lists 100 problems, then counts the rest', () => {
    const [r] = pbn(`[Deal "${DEAL}"]\n[Contract "Pass"]\n[Play "N"]\n${rep('Z ', 2 * 12345)}`);
    expect(r?.problems).toHaveLength(101);
    expect(r?.problems[0]).toBe('play: unreadable card "Z" in trick 1');
    expect(r?.problems[100]).toBe('…and 12,245 more problems');
  });

  it('a file lists 10,000 problems; later records share one line counting theirs', () => {
    const found = lin(rep('md||', 4 * 6000));
    expect(found).toHaveLength(6000);
    expect(found[0]?.problems).toEqual(['md: no dealer digit in ""', 'md: the cards of N, E, S, W are unknown']);
    const listed = found.flatMap((r) => r.problems).filter((m) => !/^…and|not listed/.test(m));
    expect(listed).toHaveLength(MAX_PROBLEMS_PER_FILE);
    expect(found[4999]?.problems).toHaveLength(2);
    expect(found[5000]?.problems).toEqual(['2 problems, not listed: a file lists at most 10,000']);
    expect(found[5999]?.problems).toBe(found[5000]?.problems);
    expect(Object.isFrozen(found[5999]?.problems)).toBe(true);
  });

  it('problems quote at most 40 characters of the text', () => {
    const [r] = pbn(`${'x'.repeat(MB)}\n[Deal "${'y'.repeat(MB)}"]`);
    expect(r?.problems).toEqual([
      `text outside any tag: ${'x'.repeat(40)}… (1,000,000 characters)`,
      `Deal tag unreadable: "${'y'.repeat(40)}"… (1,000,000 characters)`,
      'no contract: neither a Contract tag nor an auction',
    ]);
  });

  it('a seat keeps 52 cards and a play 52 marks, each with a problem', () => {
    const [r] = pbn(`[Deal "N:${'A'.repeat(1000)} - - -"]\n[Contract "Pass"]\n[Play "N"]\n${'^R '.repeat(100)}`);
    expect(r?.deal).toBeNull();
    expect(r?.marks).toHaveLength(MAX_MARKS);
    expect(r?.problems).toContain('Deal: N has 1,000 cards; only the first 52 are kept');
    expect(r?.problems).toContain('play: 100 irregularity marks; only the first 52 are kept');
  });

  it('an unclosed tag, and 4 MB of them, are problems of the first record', () => {
    const [r] = pbn(`[Deal "${DEAL}"]\n[Contract "Pass"]\n${rep('[Board "1"\n', 4 * MB)}`);
    expect(r?.problems).toHaveLength(101);
    expect(r?.problems[0]).toBe('tag Board is not closed by ]');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Random hostile text

/** Pieces of PBN and LIN syntax, Unicode whitespace, and long runs of each. */
const PIECES = [
  ...'[]"\\{};%#*!?=$^-.:|,'.split(''),
  ...WHITESPACE,
  'Deal',
  'Play',
  'Auction',
  'Contract',
  'Result',
  'Board',
  'Note',
  `[Deal "${DEAL}"]`,
  '[Deal "#"]',
  '[Play "N"]',
  '[Auction "E"]',
  '[Contract "4SX"]',
  '[Result "NS 9"]',
  'SA',
  'H10',
  'AP',
  '1NT',
  'Pass',
  '=1=',
  '$2',
  '^R',
  'md|3SAK,HQ,DJ,|',
  'mb|',
  'pc|',
  'mc|',
  'qx|o1|',
  'ah|Board 9|',
  'ß',
  'ſ',
  '\u{1F600}',
  '\ud800',
  '\u0000',
];

const hostileText = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...PIECES) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 100, max: 5000 })).map(([piece, n]) => piece.repeat(n)) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    ),
    { maxLength: 200, size: 'max' },
  )
  .map((parts) => parts.join(''));

describe('random hostile text (fast-check)', () => {
  it('is read: linear work, bounded problems, plain JSON, the same twice', () => {
    let chars = 0;
    fc.assert(
      fc.property(hostileText, (text) => {
        chars += text.length;
        for (const kind of ['pbn', 'lin'] as const) {
          const { records: found, refused, steps } = read({ name: '', kind, make: () => text }, text);
          expect(steps).toBeLessThanOrEqual(4 * text.length + 1);
          expectBounded(found);
          if (text.length < 10_000) expect(JSON.parse(JSON.stringify(found))).toEqual(found); // plain JSON
          const parse = kind === 'pbn' ? parsePbn : parseLin;
          const parsed = parse(text, { source: 'hostile' });
          expect(!parsed.ok).toBe(refused);
          expectSameJson(parsed.ok ? parsed.value : [], found);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
    console.log(`records-hostile.test.ts: 200 random hostile texts, ${chars.toLocaleString('en')} characters, each read by both parsers`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Memory

/** `global.gc`, or one made available through V8's flags; `null` when neither works. */
function findGc(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

describe('bounded memory: the heap kept by the records of 2 MB of hostile text', () => {
  const gc = findGc();
  if (gc === null) console.log('records-hostile.test.ts: memory not measured: no gc (run node with --expose-gc)');
  // Bytes of heap kept per character of text, at most: the documented bound, with a margin for V8's versions.
  const CASES: [string, 'pbn' | 'lin', (n: number) => string, number][] = [
    ['text outside any tag', 'pbn', (n) => `${rep('x ', n)}\n[Deal "${DEAL}"]`, 2],
    ['unreadable cards (PBN)', 'pbn', (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('Z! ', n)}`, 2],
    ['a play of 1.3 million cards', 'pbn', (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('SA ', n)}`, 10],
    ['irregularity marks', 'pbn', (n) => `[Deal "${DEAL}"]\n[Play "N"]\n${rep('^', n)}`, 2],
    ['a huge hand', 'pbn', (n) => `[Deal "N:${rep('A', n)} - - -"]`, 2],
    ['escapes', 'pbn', (n) => `[Deal "${rep('\\"', n)}"]`, 2],
    ['the smallest games', 'pbn', (n) => rep('[Deal""]', n), 30],
    ['unreadable cards (LIN)', 'lin', (n) => `md|3SAK,,,|${rep('pc|zz|', n)}`, 10],
    ['a hand of junk', 'lin', (n) => `md|3${rep('x', n)}|`, 2],
    ['the smallest deals', 'lin', (n) => rep('md||', n), 60],
  ];
  for (const [name, kind, make, factor] of CASES) {
    it.skipIf(gc === null)(`${kind}: ${name}: under ${factor} bytes per character`, () => {
      const collect = gc as () => void;
      const text = make(2 * MB);
      text.indexOf('\u0001'); // flatten the text before measuring
      collect();
      collect();
      const before = process.memoryUsage().heapUsed;
      const kept = (kind === 'pbn' ? parsePbn : parseLin)(text);
      collect();
      collect();
      const perChar = (process.memoryUsage().heapUsed - before) / text.length;
      console.log(`records-hostile.test.ts: ${kind} ${name}: ${perChar.toFixed(2)} bytes kept per character`);
      expect(kept.ok).toBe(true);
      expect(perChar).toBeLessThan(factor);
    });
  }
});
