// Gives back `const` to the top-level constants of a bundle that esbuild (and so tsup) turned into `var`.
//
// Why: esbuild writes every top-level `const` of a bundle as `var`. V8 reads a module's `var` from the
// module's context at every use, and for a typed array it then loads the array's address and length and checks
// them. A `const` it folds into the compiled code: the address and length become constants. The solver keeps
// its lookup tables and its position in module-level typed arrays for this (src/solver/core.ts); counted by
// callgrind on full tables of two random deals, they run 17% fewer instructions `const` than `var`.
//
// What: a top-level `var NAME = ` at the start of a line becomes `const NAME = ` when its value is a typed array
// made by `new` or `.from` (with or without esbuild's pure mark), a call marked pure, or an integer (`16`, `-1`,
// `1 << 11`), it declares NAME alone (no `, OTHER = ` after the value), and NAME is assigned nowhere else in the
// file: no `NAME =`, `NAME +=`, `NAME++` and the like, no `for (NAME of` or `in`, no destructuring with NAME on
// one line (`[NAME, x] =`, `({ NAME } =`), and no other `var`, `let`, `const`, `function` or `class` of that
// name. Anything else stays as it was. Run on dist/ after tsup.
//
// The same for the search's own functions, named by the build with their modules: a top-level `function NAME(`
// declaration is a binding the module may assign again, so V8 loads it from the module's context at every call and
// checks it is still the function it compiled against; `const NAME = function NAME(` is folded like a constant.
// Counted by callgrind on full tables of the first 6 random deals of compare.mjs, 3.5% fewer instructions; timed on
// 40, alternating with the build before in one process, 2.4% less time (eight runs, seven faster). A function made
// `const` is not hoisted: it must not run while the module is being evaluated, before its line (the solver's search
// functions run only when called), and no other declaration or assignment of its name may exist.
//
// Usage: node --import tsx scripts/keep-const.ts [--require NAME,NAME] FILE...
// Rewrites the files in place; with --require, fails unless every name listed came out `const` and none is
// left `var` (esbuild may add a number to a name that two modules share: `HAND2` counts as `HAND`), so that a
// change to the source cannot quietly undo it. The functions to make `const` are given by the build
// (tsup.config.ts), module by module; each must come out `const`, and none be left a declaration.

import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const TYPED = '(?:Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64|BigUint64)Array';
const VALUE = new RegExp(`^(?:/\\* @__PURE__ \\*/ )?(?:new ${TYPED}\\(|${TYPED}\\.from\\()|^/\\* @__PURE__ \\*/ [\\w$]+\\(|^-?\\d+(?: << \\d+)?;$`);
const DECLARATION = /^var ([A-Za-z_$][\w$]*) = (.*)$/;

/** Escapes a name for a regular expression. */
function escapeName(name: string): string {
  return name.replace(/\$/g, '\\$');
}

/** Whether the start of a value, on its first line, has a comma outside brackets and strings: a second declarator. */
function hasSecondDeclarator(value: string): boolean {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

/**
 * Whether `declared` is assigned or declared anywhere in `lines` other than on line `skip` (whose own text after the
 * declaration, `own`, is checked too).
 */
function assignedElsewhere(lines: readonly string[], skip: number, declared: string, own: string): boolean {
  const name = escapeName(declared);
  const at = `(?<![\\w$.])${name}(?![\\w$])`;
  // Any other assignment or declaration of the name keeps it a `var`.
  const other = new RegExp(
    [
      `(?:^|[^\\w$.])${name}\\s*(?:[-+*/%&|^]|<<|>>>?|\\*\\*|&&|\\|\\||\\?\\?)?=(?![=>])`,
      `(?:\\+\\+|--)\\s*${name}(?![\\w$])`,
      `${at}\\s*(?:\\+\\+|--)`,
      `(?:var|let|const|function|class)\\s+${name}(?![\\w$])`,
      `for\\s*\\(\\s*${name}\\s+(?:of|in)\\b`,
      `(?:^|[(;,{}=]\\s*)\\[[^\\]\\n]*${at}[^\\]\\n]*\\]\\s*=(?![=>])`,
      `\\{[^}\\n]*${at}[^}\\n]*\\}\\s*\\)?\\s*=(?![=>])`,
    ].join('|'),
    'm',
  );
  const rest = `${lines.slice(0, skip).join('\n')}\n${lines.slice(skip + 1).join('\n')}\n${own}`;
  return other.test(rest);
}

/**
 * The text with its eligible top-level `var` declarations made `const`.
 *
 * @param text - a bundle's JavaScript
 * @returns the new text and the names made `const`
 */
export function keepConst(text: string): { text: string; names: string[] } {
  const lines = text.split('\n');
  const names: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = DECLARATION.exec(line);
    if (m === null) continue;
    const value = m[2] as string;
    if (!VALUE.test(value) || hasSecondDeclarator(value)) continue;
    const declared = m[1] as string;
    if (assignedElsewhere(lines, i, declared, value)) continue;
    lines[i] = `const ${line.slice(4)}`;
    names.push(declared);
  }
  return { text: lines.join('\n'), names };
}

const FUNCTION = /^function ([A-Za-z_$][\w$]*)\(/;
/** The comment esbuild writes where a module's code starts in a bundle: `// src/solver/search.ts`. */
const MODULE = /^\/\/ (\S+\.[cm]?[jt]sx?)$/;

/** The functions to make `const`, by the module (its path as esbuild names it, `src/solver/search.ts`) declaring them. */
export type FunctionsByModule = Readonly<Record<string, readonly string[]>>;

/**
 * The line of the `}` alone that ends the top-level function declared on line `at`, every line between them
 * indented or empty (as esbuild writes a body), or -1.
 */
function bodyEnd(lines: readonly string[], at: number): number {
  for (let j = at + 1; j < lines.length; j++) {
    const line = lines[j] as string;
    if (line === '}') return j;
    if (line !== '' && !line.startsWith(' ')) return -1;
  }
  return -1;
}

/**
 * The text with the top-level function declarations listed in `wanted` made `const NAME = function NAME(…) {…};`,
 * each only in the code of its own module (after esbuild's `// path` comment), by its name or with a number esbuild
 * added. A declaration is left as it is when its name is assigned or declared again anywhere, or when its body does
 * not end on a line holding `}` alone with every line before it indented (as esbuild writes them).
 *
 * @param text - a bundle's JavaScript
 * @param wanted - the functions, by module
 * @returns the new text, the functions made `const` (`path#name`, the name as in the source) and those left
 *   declarations (the same form)
 */
export function constFunctions(text: string, wanted: FunctionsByModule): { text: string; names: string[]; left: string[] } {
  const lines = text.split('\n');
  const names: string[] = [];
  const left: string[] = [];
  let listed: readonly string[] = [];
  let module = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const start = MODULE.exec(line);
    if (start !== null) {
      module = start[1] as string;
      listed = wanted[module] ?? [];
      continue;
    }
    const m = FUNCTION.exec(line);
    if (m === null || listed.length === 0) continue;
    const declared = m[1] as string;
    const name = listed.includes(declared) ? declared : declared.replace(/\d+$/, '');
    if (!listed.includes(name)) continue;
    const end = bodyEnd(lines, i);
    if (end < 0 || assignedElsewhere(lines, i, declared, '')) {
      left.push(`${module}#${name}`);
      continue;
    }
    lines[i] = `const ${declared} = ${line}`;
    lines[end] = '};';
    names.push(`${module}#${name}`);
  }
  return { text: lines.join('\n'), names, left };
}

/**
 * Rewrites `files` in place.
 *
 * @param files - bundle files
 * @param required - names that must come out `const` in one of them (or with a number esbuild added) and be left
 *   `var` in none
 * @param functions - functions to make `const`, by module (see {@link constFunctions}): each must come out `const`
 *   in one of the files and be left a declaration in none
 * @returns the required names, and the functions (`path#name`), that did not
 */
export function keepConstInFiles(files: readonly string[], required: readonly string[] = [], functions: FunctionsByModule = {}): string[] {
  const made = new Set<string>();
  const left: string[] = [];
  for (const file of files) {
    const kept = keepConst(readFileSync(file, 'utf8'));
    const done = constFunctions(kept.text, functions);
    writeFileSync(file, done.text);
    for (const name of kept.names) made.add(name.replace(/\d+$/, ''));
    for (const name of done.names) made.add(name);
    left.push(...done.left);
    for (const m of done.text.matchAll(/^var ([A-Za-z_$][\w$]*) = /gm)) left.push((m[1] as string).replace(/\d+$/, ''));
  }
  const listed = Object.entries(functions).flatMap(([module, names]) => names.map((name) => `${module}#${name}`));
  return [...required, ...listed].filter((name) => !made.has(name) || left.includes(name));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--require');
  const required = at >= 0 ? (args.splice(at, 2)[1] ?? '').split(',').filter(Boolean) : [];
  const missing = keepConstInFiles(args, required);
  if (missing.length > 0) {
    console.error(`keep-const: not made const, or left var: ${missing.join(', ')}`);
    process.exit(1);
  }
}
