import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type Assertion,
  docComments,
  type Example,
  examplesOf,
  instrument,
  linkImports,
  ROOT,
  SHOWN,
  shownValue,
  sourceExamples,
  typeErrors,
} from './doc-tools.js';

// Every TSDoc `@example` of src/ (but src/cli/) runs as a test, importing the sources in place of 'whist',
// 'whist/records', 'whist/solver' and 'whist/playout'. A line `EXPR; // VALUE` also checks that EXPR
// deep-equals VALUE (see test/doc-tools.ts for the exact convention). Test names are `<file>:<line> <name>`,
// the line being the example's opening ```ts fence.

const dir = mkdtempSync(join(tmpdir(), 'whist-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Prepared {
  readonly example: Example;
  readonly code: string;
  readonly assertions: readonly Assertion[];
  readonly nearMisses: readonly { line: number; source: string }[];
  readonly whist: readonly string[];
  readonly missing: readonly string[];
  readonly foreign: readonly string[];
}

function prepare(example: Example): Prepared {
  const instrumented = instrument(example.code);
  const linked = linkImports(instrumented.code);
  return { example, assertions: instrumented.assertions, nearMisses: instrumented.nearMisses, ...linked };
}

/** `src/cards.ts:77`: where line `i` (0-based) of an example's code is in its source file. */
function at(example: Example, i: number): string {
  return `${example.file}:${example.line + 1 + i}`;
}

let runs = 0;

/** Runs one example as a module; rejects with the example's source line on a failed assertion or a throw. */
async function run(p: Prepared): Promise<void> {
  const file = join(dir, `example-${++runs}.ts`);
  writeFileSync(file, p.code);
  const seen = p.assertions.map(() => 0);
  let assertionFailed = false;
  (globalThis as any)[SHOWN] = (i: number, value: unknown) => {
    const a = p.assertions[i] as Assertion;
    seen[i] = (seen[i] ?? 0) + 1;
    try {
      expect(value, `${at(p.example, a.line)}: ${a.source}`).toEqual(a.value);
    } catch (e) {
      assertionFailed = true;
      throw e;
    }
  };
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await import(pathToFileURL(file).href);
  } catch (e) {
    if (assertionFailed) throw e;
    throw located(e, p, file);
  } finally {
    log.mockRestore();
    delete (globalThis as any)[SHOWN];
  }
  const never = p.assertions.filter((_, i) => seen[i] === 0);
  if (never.length > 0) expect.fail(`asserted lines that never ran:\n${never.map((a) => `  ${at(p.example, a.line)}: ${a.source}`).join('\n')}`);
}

/** The error, its message prefixed with the example's source line it was thrown from (read from its stack). */
function located(e: unknown, p: Prepared, file: string): Error {
  const error = e instanceof Error ? e : new Error(`the example threw ${String(e)}`);
  const name = file.split(/[\\/]/).at(-1) as string;
  const m = new RegExp(`${name.replace(/[.]/g, '\\.')}:(\\d+)(?::\\d+)?`).exec(error.stack ?? '');
  const lines = p.example.code.split('\n');
  const i = m ? Number(m[1]) - 1 : -1;
  const where = i >= 0 && i < lines.length ? `${at(p.example, i)}: ${(lines[i] ?? '').trim()}` : `${p.example.file}:${p.example.line} (the example)`;
  error.message = `${where}\nthrew ${error.name}: ${error.message}`;
  return error;
}

const found = sourceExamples();
const prepared = found.examples.map(prepare);
const title = (x: { file: string; line: number; name: string }): string => `${x.file}:${x.line} ${x.name}`;

describe('TSDoc examples of src/', () => {
  it('are found, and counted', () => {
    const asserted = prepared.reduce((n, p) => n + p.assertions.length, 0);
    const skipped = prepared.filter((p) => p.missing.length > 0);
    const report = [
      `${prepared.length} examples in ${found.comments} doc comments; ${asserted} asserted lines; ${prepared.filter((p) => p.assertions.length === 0).length} examples assert nothing`,
      `${found.problems.length} @example tags without a runnable \`\`\`ts block`,
      ...skipped.map((p) => `skipped ${title(p.example)}: it imports ${p.missing.join(', ')}, whose source does not exist yet`),
      ...prepared.flatMap((p) => p.nearMisses.map((n) => `comment shows no value (not asserted): ${at(p.example, n.line)}: ${n.source}`)),
    ];
    console.info(report.join('\n'));
    expect(prepared.length).toBeGreaterThan(0);
  });

  it('are self-contained: each imports from a whist entry, and only from whist entries', () => {
    const bad = prepared.flatMap((p) => {
      if (p.whist.length === 0) return [`${title(p.example)}: imports nothing from 'whist', 'whist/records', 'whist/solver' or 'whist/playout'`];
      return p.foreign.length > 0 ? [`${title(p.example)}: imports ${p.foreign.map((f) => `'${f}'`).join(', ')}, which users do not have`] : [];
    });
    if (bad.length > 0) expect.fail(`${bad.length} of ${prepared.length} examples are not self-contained:\n${bad.join('\n')}`);
  });

  it('compile: each type-checks on its own under tsconfig.json (strict, noUncheckedIndexedAccess)', () => {
    const errors = typeErrors(
      prepared.filter((p) => p.missing.length === 0).map((p) => ({ example: p.example, code: linkImports(p.example.code).code })),
      dir,
    );
    if (errors.length > 0) expect.fail(`${errors.length} type errors in examples:\n${errors.join('\n')}`);
  });

  for (const problem of found.problems) {
    it(title(problem), () => {
      expect.fail(`${problem.file}:${problem.line}: ${problem.problem}`);
    });
  }

  for (const p of prepared) {
    it(title(p.example), async (ctx) => {
      if (p.missing.length > 0) ctx.skip(`imports ${p.missing.join(', ')}, whose source does not exist yet`);
      await run(p);
    });
  }
});

// The harness itself, on hand-written fixtures.
describe('example harness', () => {
  it('reads a value from an assertion comment, or none from a plain comment', () => {
    expect(shownValue("'AS'")).toEqual({ value: 'AS' });
    expect(shownValue('{ NS: 2, EW: 0 }')).toEqual({ value: { NS: 2, EW: 0 } });
    expect(shownValue("['AS', 'KS']")).toEqual({ value: ['AS', 'KS'] });
    expect(shownValue('undefined')).toEqual({ value: undefined });
    expect(shownValue('3 — the odd tricks')).toEqual({ value: 3 });
    expect(shownValue("'gameValue.byLosersScore': the game values must cover every losing score")).toEqual({ value: 'gameValue.byLosersScore' });
    expect(shownValue("'S', the seat after E")).toEqual({ value: 'S' });
    expect(shownValue("'S', 'N'")).toEqual({ value: 'S' }); // a comma expression is not a value
    expect(shownValue('{ NS: 2, EW: 0 }: the points')).toEqual({ value: { NS: 2, EW: 0 } });
    expect(shownValue('true — one-line note: with a colon, and a comma')).toEqual({ value: true });
    expect(shownValue("South's cards")).toBeNull();
    expect(shownValue('contract 2S by S (S bid spades first), complete')).toBeNull();
    expect(shownValue('for the 1996 Dutch Teams Final, round 1: { deals: 32, plays: 1162, … }')).toBeNull();
    expect(shownValue('{ deals: 32, … }')).toBeNull();
    expect(shownValue('W')).toBeNull(); // an unknown name does not evaluate
    expect(shownValue('')).toBeNull();
  });

  it('asserts only single-line expression statements that start their line', () => {
    const code = [
      "import { x } from 'whist';", // 0
      'const a = 1;', // 1
      'a; // 1', // 2
      'const b = 2; // 2', // 3: a declaration, not asserted
      '/*', // 4
      'a; // 3', // 5: inside a block comment
      '*/', // 6
      'const t = `', // 7
      'a; // 4', // 8: inside a template string
      '`;', // 9
      'if (a) {', // 10
      '  a + 1; // 2', // 11
      '}', // 12
      'console.log(a); // 1', // 13: console.log shows its argument
      'f(); // a plain comment', // 14
      "g('//'); // 'x'", // 15: a // inside a string is not the comment
      'a // 1', // 16: no semicolon
      'h(a,', // 17
      '  b); // 2', // 18: spans two lines
      'a; // { deals: 32, … }', // 19: near miss
      'if (a) a; // 1', // 20: does not start its line
    ].join('\n');
    const { code: out, assertions, nearMisses } = instrument(code);
    expect(assertions.map((a) => [a.line, a.value])).toEqual([
      [2, 1],
      [11, 2],
      [13, 1],
      [15, 'x'],
    ]);
    const lines = out.split('\n');
    expect(lines).toHaveLength(code.split('\n').length);
    expect(lines[2]).toBe(`(globalThis as any).${SHOWN}(0, (a)); // 1`);
    expect(lines[11]).toBe(`  (globalThis as any).${SHOWN}(1, (a + 1)); // 2`);
    expect(lines[13]).toBe(`(globalThis as any).${SHOWN}(2, (a)); // 1`);
    expect(lines[15]).toBe(`(globalThis as any).${SHOWN}(3, (g('//'))); // 'x'`);
    expect(nearMisses).toEqual([{ line: 19, source: 'a; // { deals: 32, … }' }]);
  });

  it('links whist imports to the sources and reports the others', () => {
    const linked = linkImports(
      "import { a } from 'whist';\nimport type { B } from 'whist/records';\nimport fs from 'node:fs';\nimport { c } from 'whist/nope';",
    );
    expect(linked.whist).toEqual(['whist', 'whist/records']);
    expect(linked.foreign).toEqual(['node:fs', 'whist/nope']);
    expect(linked.code).toContain('/src/index.ts"');
    expect(linked.code).toContain('/src/records/index.ts"');
    expect(linked.code).not.toContain("'whist'");
    const solver = linkImports("import { solve } from 'whist/solver';");
    expect(solver.whist).toEqual(['whist/solver']);
    expect(solver.missing).toEqual(existsSync(join(ROOT, 'src/solver/index.ts')) ? [] : ['whist/solver']);
  });

  it('finds each ```ts block of each @example, with its line and the name it documents', () => {
    const text = [
      '/**', // 1
      ' * The module.', // 2
      ' *', // 3
      ' * @example', // 4
      ' * ```ts', // 5
      " * import { a } from 'whist';", // 6
      ' * ```', // 7
      ' * @module', // 8
      ' */', // 9
      "import { x } from './x.js';", // 10
      '/** Not an example: ```ts in the summary is not run. */', // 11
      'export class Box {', // 12
      '  /**', // 13
      '   * Make one.', // 14
      '   * @param n - size', // 15
      '   * @example', // 16
      '   * ```ts', // 17
      '   *   new Box(1); // {}', // 18
      '   * ```', // 19
      '   * @example', // 20
      '   * ```js', // 21
      '   * 1', // 22
      '   * ```', // 23
      '   */', // 24
      '  constructor(n: number) {}', // 25
      '  /** @example `inline` only */', // 26
      '  size(): number { return 1; }', // 27
      '}', // 28
      "const s = '/** @example\\n```ts\\nnot a comment\\n```\\n*/';", // 29
      '/** Rules. @example', // 30
      ' * ```ts', // 31
      ' * @notATag();', // 32
      ' * ```', // 33
      ' */', // 34
      'export const RULES = { a: 1 };', // 35
    ].join('\n');
    const comments = docComments('/work/fixture/src/box.ts', text);
    expect(comments.map((c) => [c.line, c.name])).toEqual([
      [1, '(module)'],
      [11, 'Box'],
      [13, 'Box.constructor'],
      [26, 'Box.size'],
      [30, 'RULES'],
    ]);
    const all = comments.map(examplesOf);
    const examples = all.flatMap((e) => e.examples);
    expect(examples.map((e) => [e.line, e.name, e.code])).toEqual([
      [5, '(module)', "import { a } from 'whist';"],
      [17, 'Box.constructor', '  new Box(1); // {}'],
      [31, 'RULES', '@notATag();'],
    ]);
    expect(all.flatMap((e) => e.problems).map((p) => [p.line, p.name])).toEqual([
      [20, 'Box.constructor'],
      [26, 'Box.size'],
    ]);
  });

  it('runs an example: passes, fails an assertion at its line, locates a throw, and notices a line that never ran', async () => {
    const example = (code: string): Prepared => prepare({ file: 'src/fixture.ts', line: 10, name: 'fixture', code });
    await run(example("const a = [1, 2];\na; // [1, 2]\nconsole.log('silenced'); // not a value\nconsole.log(a.length); // 2"));
    await expect(run(example('const a = 1;\n\na; // 2'))).rejects.toThrow('src/fixture.ts:13: a; // 2');
    await expect(run(example("const a = 1;\nif (a) {\n  throw new RangeError('boom');\n}"))).rejects.toThrow(
      "src/fixture.ts:13: throw new RangeError('boom');\nthrew RangeError: boom",
    );
    await expect(run(example('const a = 1;\nif (!a) {\n  a; // 1\n}'))).rejects.toThrow('never ran:\n  src/fixture.ts:13: a; // 1');
  });
});
