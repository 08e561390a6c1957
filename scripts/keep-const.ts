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
// Usage: node --import tsx scripts/keep-const.ts [--require NAME,NAME] FILE...
// Rewrites the files in place; with --require, fails unless every name listed came out `const` and none is
// left `var` (esbuild may add a number to a name that two modules share: `HAND2` counts as `HAND`), so that a
// change to the source cannot quietly undo it.

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
    const rest = `${lines.slice(0, i).join('\n')}\n${lines.slice(i + 1).join('\n')}\n${value}`;
    if (other.test(rest)) continue;
    lines[i] = `const ${line.slice(4)}`;
    names.push(declared);
  }
  return { text: lines.join('\n'), names };
}

/**
 * Rewrites `files` in place.
 *
 * @param files - bundle files
 * @param required - names that must come out `const` in one of them (or with a number esbuild added) and be left
 *   `var` in none
 * @returns the required names that did not
 */
export function keepConstInFiles(files: readonly string[], required: readonly string[] = []): string[] {
  const made = new Set<string>();
  const left: string[] = [];
  for (const file of files) {
    const { text, names } = keepConst(readFileSync(file, 'utf8'));
    writeFileSync(file, text);
    for (const name of names) made.add(name.replace(/\d+$/, ''));
    for (const m of text.matchAll(/^var ([A-Za-z_$][\w$]*) = /gm)) left.push((m[1] as string).replace(/\d+$/, ''));
  }
  return required.filter((name) => !made.has(name) || left.includes(name));
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
