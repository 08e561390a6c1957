import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditExports, docComments, ENTRIES, type ExportReport, ROOT, repoPath, screamingWords, tsFiles, UNREADABLE_SOURCES } from './doc-tools.js';

// Every public export is documented: read with the TypeScript compiler from each entry (src/index.ts,
// src/records/index.ts, and src/solver/index.ts / src/playout/index.ts once they exist), re-exports followed to
// their declaration. One test per export, named `<entry> <export>`; a failure lists what its TSDoc lacks.
//
// Required: a one-line summary on everything; on functions, classes and function-valued consts a
// `@param name -` per parameter, `@returns` (unless void) and an `@example` with a ```ts block; on other
// consts an `@example`; on functions that return a result or end in `OrThrow`, at least one error code;
// every SCREAMING_CASE word that is not an export's name is an error code of ErrorCode (src/errors.ts); no
// citation of RULES.md, DOC1 or DOC2 in any TSDoc comment of src/.

const { reports, errorCodes } = auditExports(ENTRIES, join(ROOT, 'src/errors.ts'));

/** The kind of a problem, for the summary line. */
function kind(problem: string): string {
  if (problem.startsWith('no TSDoc')) return 'no TSDoc comment';
  if (problem.startsWith('no one-line summary')) return 'no summary';
  if (problem.includes('@param')) return '@param';
  if (problem.includes('@returns')) return '@returns';
  if (problem.includes('@example')) return '@example';
  if (problem.includes('error code')) return 'error codes';
  if (problem.startsWith('cites')) return 'unreadable source';
  if (problem.includes('@internal')) return '@internal';
  if (problem.includes('has no declaration')) return 'broken re-export';
  return 'other';
}

function tally(list: readonly ExportReport[]): string {
  const counts = new Map<string, number>();
  for (const r of list) for (const k of new Set(r.problems.map(kind))) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ');
}

describe('public API docs', () => {
  it('lists the exports of each entry', () => {
    const missing = ENTRIES.filter((e) => !reports.some((r) => r.entry === e.entry)).map((e) => `${e.entry} (${repoPath(e.file)} does not exist)`);
    const failing = reports.filter((r) => r.problems.length > 0);
    console.info(
      [
        `${reports.length} exports: ${ENTRIES.map((e) => `${e.entry} ${reports.filter((r) => r.entry === e.entry).length}`).join(', ')}`,
        `${failing.length} with problems; exports per kind of problem: ${tally(failing) || 'none'}`,
        ...missing.map((m) => `not audited: ${m}`),
      ].join('\n'),
    );
    expect(reports.filter((r) => r.entry === 'whist').length).toBeGreaterThan(0);
  });

  it('src/errors.ts exports the ErrorCode union, which error codes in docs are checked against', () => {
    expect(errorCodes, 'src/errors.ts exports no `type ErrorCode`: error codes in docs were not checked').not.toBeNull();
    expect(errorCodes?.size).toBeGreaterThan(0);
  });

  for (const report of reports) {
    it(`${report.entry} ${report.name}`, () => {
      if (report.problems.length > 0) expect.fail(`${report.where} ${report.name}:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
    });
  }
});

describe('TSDoc comments of src/ cite only sources users can read (docs/rules.md, «Whist» (2012), «Whist Regeln»)', () => {
  for (const file of tsFiles(join(ROOT, 'src'))) {
    it(repoPath(file), () => {
      const cited = docComments(file).flatMap((c) =>
        c.lines.flatMap((line, i) =>
          UNREADABLE_SOURCES.filter((p) => p.test(line)).map((p) => `  ${c.file}:${c.line + i} (${c.name}) cites ${p.exec(line)?.[0]}: ${line.trim()}`),
        ),
      );
      if (cited.length > 0) expect.fail(`cite docs/rules.md or the source's own title instead:\n${cited.join('\n')}`);
    });
  }
});

// The auditor itself, on a hand-written package.
describe('API docs auditor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'whist-api-docs-'));
  const write = (name: string, lines: string[]): string => {
    const file = join(dir, name);
    writeFileSync(file, lines.join('\n'));
    return file;
  };
  const errors = write('errors.ts', [
    '/** Every error code. */',
    "export type ErrorCode = 'BAD_THING' | 'WORSE_THING';",
    '/** A result. */',
    'export type Result<T> = { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string } };',
  ]);
  write('a.ts', [
    "import type { Result } from './errors.js';",
    '/**',
    ' * Doubles a number.',
    ' *',
    ' * @param x - a number',
    ' * @returns twice `x`, or `BAD_THING` when it is negative',
    ' * @example',
    ' * ```ts',
    " * import { good } from 'whist';",
    ' * good(1); // { ok: true, value: 2 }',
    ' * ```',
    ' */',
    "export function good(x: number): Result<number> { return x < 0 ? { ok: false, error: { code: 'BAD_THING', message: '' } } : { ok: true, value: 2 * x }; }",
    'export function bare(x: number): number { return x; }',
    '/**',
    ' * Half documented, after RULES.md §3 and DOC1.',
    ' * @param y the value',
    ' * @param z - not a parameter',
    ' */',
    'export const half = (x: number, y: number): Result<number> => ({ ok: true, value: x + y });',
    '/** A preset, after docs/rules.md. */',
    'export const PRESET = { a: 1 };',
    '/** A shape. */',
    'export interface Shape { a: number }',
    'export type Naked = number;',
    '/**',
    ' * Returns its input or throws `NOPE_CODE`; see SHORT_LIST and Number.MAX_SAFE_INTEGER.',
    ' *',
    ' * @param v - the value',
    ' * @returns `v`',
    ' * @example',
    ' * ```js',
    ' * xOrThrow(1);',
    ' * ```',
    ' */',
    'export function xOrThrow(v: number): number { return v; }',
    '/** Hidden. @internal */',
    'export function hidden(): void {}',
    '/**',
    ' * A box.',
    ' * @example',
    ' * ```ts',
    ' * new Box(1);',
    ' * ```',
    ' */',
    'export class Box {',
    '  /** @param size - how big */',
    '  constructor(readonly size: number) {}',
    '}',
    '/**',
    ' * Logs, returning nothing.',
    ' * @param options - the options',
    ' * @example',
    ' * ```ts',
    ' * log({ a: 1 });',
    ' * ```',
    ' */',
    'export function log({ a }: { a: number }): void { void a; }',
    '/**',
    ' * Overloaded.',
    ' * @param s - a string',
    ' * @returns its length',
    ' * @example',
    ' * ```ts',
    " * over('ab'); // 2",
    ' * ```',
    ' */',
    'export function over(s: string): number;',
    '/** Overloaded, without its parameters. */',
    'export function over(n: number): number;',
    'export function over(v: string | number): number { return String(v).length; }',
  ]);
  write('b.ts', ['/** Shared. @example\n * ```ts\n * SHORT_LIST.length; // 1\n * ```\n */', "export const SHORT_LIST = ['x'];"]);
  const index = write('index.ts', [
    "export { good, bare, half as renamed, PRESET, type Shape, type Naked, xOrThrow, hidden, Box, log, over } from './a.js';",
    "export * from './b.js';",
    "export type { ErrorCode } from './errors.js';",
  ]);
  const audit = auditExports([{ entry: 'fixture', file: index }], errors);
  rmSync(dir, { recursive: true, force: true });
  const problems = (name: string): readonly string[] => audit.reports.find((r) => r.name === name)?.problems ?? ['(not listed)'];

  it('lists every export, through renames and `export *`, with the ErrorCode union', () => {
    expect(audit.reports.map((r) => r.name).sort()).toEqual(
      ['Box', 'ErrorCode', 'Naked', 'PRESET', 'SHORT_LIST', 'Shape', 'bare', 'good', 'hidden', 'log', 'over', 'renamed', 'xOrThrow'].sort(),
    );
    expect([...(audit.errorCodes ?? [])].sort()).toEqual(['BAD_THING', 'WORSE_THING']);
    expect(audit.reports.find((r) => r.name === 'renamed')?.where).toMatch(/a\.ts:20$/);
  });

  it('passes complete docs', () => {
    for (const name of ['good', 'Shape', 'SHORT_LIST', 'Box', 'log', 'ErrorCode']) expect(problems(name), name).toEqual([]);
  });

  it('reports what each export lacks', () => {
    expect(problems('bare')).toEqual(['no TSDoc comment (/** … */) on its function']);
    expect(problems('Naked')).toEqual(['no TSDoc comment (/** … */) on its type']);
    expect(problems('renamed')).toEqual([
      'no `@param x -`',
      '`@param y the value`: write `@param y - …` (TSDoc needs the hyphen)',
      '@param for parameters it does not have: z',
      'no @returns',
      'names no error code: it returns a result, so say which codes (e.g. `INVALID_SEAT`) and when',
      'no @example (required for a function)',
      "cites RULES.md, which users cannot read: cite docs/rules.md or the source's own title",
      "cites DOC1, which users cannot read: cite docs/rules.md or the source's own title",
    ]);
    expect(problems('PRESET')).toEqual(['no @example (required for a constant)']);
    expect(problems('xOrThrow')).toEqual([
      'names no error code: it throws WhistError, so say which codes (e.g. `INVALID_SEAT`) and when',
      'its @example has no ```ts block, so it is not run',
      'names error codes that are not in ErrorCode: NOPE_CODE',
    ]);
    expect(problems('hidden')).toEqual(["marked @internal, yet exported from 'fixture'", 'no @example (required for a function)']);
    expect(problems('over')).toEqual(['no `@param n -`', 'no @returns', 'no @example (required for a function)']);
  });

  it('tells SCREAMING_CASE words from property names', () => {
    expect(screamingWords('`INVALID_SEAT` or NOT_YOUR_TURN, not Number.MAX_VALUE, AS or A_')).toEqual(['INVALID_SEAT', 'NOT_YOUR_TURN']);
  });
});
