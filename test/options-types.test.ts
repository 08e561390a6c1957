/**
 * Options under `exactOptionalPropertyTypes`: every optional property of every options object the package
 * takes accepts `undefined` (`readonly x?: T | undefined`), as the functions do at run time, so that a
 * project compiled with `exactOptionalPropertyTypes: true` can pass `{ signal: maybeSignal }`.
 *
 * The options are found in the built declarations (dist/*.d.ts, as a project compiles against them): each
 * exported interface or type named `…Options`, and the type of each parameter named `options` of each
 * exported function (each member of a union). For each optional property a line
 * `const x: T = { ...({} as T), key: undefined };` is compiled with `exactOptionalPropertyTypes: true`;
 * the test lists the lines that do not compile.
 */

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ENTRIES = ['index', 'solver', 'records', 'words', 'duplicate'].filter((entry) => existsSync(join(dist, `${entry}.d.ts`)));
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  skipLibCheck: true,
};

interface Case {
  /** Where the options are taken: `whist/solver: SolveOptions`, `whist: formatCard(options)`. */
  readonly where: string;
  /** The type, as the snippet names it. */
  readonly type: string;
  readonly key: string;
}

/** The optional properties of an object type: its own, or each union member's. */
function optionalKeys(checker: ts.TypeChecker, type: ts.Type): { member: ts.Type; keys: string[] }[] {
  const members = type.isUnion() ? type.types : [type];
  return members
    .filter((m) => (m.flags & ts.TypeFlags.Object) !== 0 && m.getCallSignatures().length === 0 && !checker.isArrayType(m))
    .map((member) => ({
      member,
      keys: checker
        .getPropertiesOfType(member)
        .filter((p) => (p.flags & ts.SymbolFlags.Optional) !== 0)
        .map((p) => p.name),
    }))
    .filter((m) => m.keys.length > 0);
}

/** Every optional property of every options object the entries take. */
function casesOf(program: ts.Program): Case[] {
  const checker = program.getTypeChecker();
  const cases: Case[] = [];
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(join(dist, `${entry}.d.ts`));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`dist/${entry}.d.ts could not be read`);
    const exported = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
    const alias = `W_${entry}`;
    const label = entry === 'index' ? 'whist' : `whist/${entry}`;
    const named = (member: ts.Type): string | null => {
      const name = (member.aliasSymbol ?? member.getSymbol())?.name;
      return name !== undefined && exported.has(name) && !name.startsWith('__') ? `${alias}.${name}` : null;
    };
    for (const [name, exportSymbol] of exported) {
      const symbol = exportSymbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exportSymbol) : exportSymbol;
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias) && /Options$/.test(name)) {
        for (const { keys } of optionalKeys(checker, checker.getDeclaredTypeOfSymbol(symbol)))
          for (const key of keys) cases.push({ where: `${label}: ${name}`, type: `${alias}.${name}`, key });
      }
      if (!(symbol.flags & ts.SymbolFlags.Function)) continue;
      const signatures = checker.getTypeOfSymbol(symbol).getCallSignatures();
      signatures.forEach((signature, s) => {
        signature.getParameters().forEach((parameter, i) => {
          if (parameter.name !== 'options') return;
          const type = checker.getNonNullableType(checker.getTypeOfSymbol(parameter));
          for (const { member, keys } of optionalKeys(checker, type)) {
            // The last signature is what Parameters<> reads; a named member is named, an anonymous one read through Parameters<>.
            const typeName =
              named(member) ?? (s === signatures.length - 1 && !type.isUnion() ? `NonNullable<Parameters<typeof ${alias}.${name}>[${i}]>` : null);
            if (typeName === null) throw new Error(`${label}: ${name}(options): an anonymous options type the test cannot name`);
            for (const key of keys) cases.push({ where: `${label}: ${name}(options: ${typeName.replace(`${alias}.`, '')})`, type: typeName, key });
          }
        });
      });
    }
  }
  return cases;
}

describe.skipIf(ENTRIES.length < 4)('options under exactOptionalPropertyTypes (dist/*.d.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'whist-options-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every optional property of every options object accepts undefined', () => {
    const cases = casesOf(
      ts.createProgram(
        ENTRIES.map((entry) => join(dist, `${entry}.d.ts`)),
        OPTIONS,
      ),
    );
    const unique = [...new Map(cases.map((c) => [`${c.type} ${c.key}`, c])).values()];
    const snippet = join(dir, 'options.ts');
    const lines = [
      ...ENTRIES.map((entry) => `import type * as W_${entry} from ${JSON.stringify(join(dist, `${entry}.js`))};`),
      ...unique.map((c, n) => `export const x${n}: ${c.type} = { ...({} as ${c.type}), ${JSON.stringify(c.key)}: undefined };`),
    ];
    writeFileSync(snippet, `${lines.join('\n')}\n`);
    const program = ts.createProgram([snippet], OPTIONS);
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === snippet);
    const refused = diagnostics.map((d) => {
      const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line;
      const c = unique[line - ENTRIES.length];
      return c === undefined ? ts.flattenDiagnosticMessageText(d.messageText, ' ') : `${c.where}: ${c.key}`;
    });
    expect(refused).toEqual([]);
    // What was checked: the options of the solver, the records, the table and the words are all among them.
    expect(unique.length).toBeGreaterThan(40);
    for (const where of ['whist/solver: SolveOptions', 'whist: TableOptions', 'whist/records: FormatWhistOptions', 'whist/words: WordsOptions'])
      expect(cases.map((c) => c.where)).toContain(where);
  });
});
