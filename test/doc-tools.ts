// Shared by test/examples.test.ts and test/api-docs.test.ts: reading TSDoc comments out of src/, turning an
// `@example` into a runnable, self-checking module, and auditing the documentation of every public export.
//
// Conventions (for the writers of src/):
// - An example is a ```ts (or ```typescript) fence inside an `@example` tag of a `/** … */` comment.
// - It imports what it uses from 'whist', 'whist/records', 'whist/solver' or 'whist/playout', nothing else.
// - A single-line statement `EXPR; // VALUE` that starts its line asserts that EXPR deep-equals VALUE, where
//   VALUE is the comment if it is a JS expression, else the part before ` — `, else before `: `, else before
//   `, ` (at the first such separator, then the next ones). `console.log(EXPR); // VALUE` checks EXPR.
//   A comment that is none of these is a plain comment.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root, with a trailing separator. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The package's entry points: the name users import, and the source file that implements it. */
export const ENTRIES: readonly { readonly entry: string; readonly file: string }[] = [
  { entry: 'whist', file: join(ROOT, 'src/index.ts') },
  { entry: 'whist/records', file: join(ROOT, 'src/records/index.ts') },
  { entry: 'whist/solver', file: join(ROOT, 'src/solver/index.ts') },
  { entry: 'whist/words', file: join(ROOT, 'src/words/index.ts') },
  { entry: 'whist/duplicate', file: join(ROOT, 'src/duplicate/index.ts') },
  { entry: 'whist/playout', file: join(ROOT, 'src/playout/index.ts') },
];

/** A path relative to the repository root, with forward slashes (`src/cards.ts`). */
export function repoPath(file: string): string {
  return relative(ROOT, file).split(sep).join('/');
}

/** Every `.ts` file under `dir`, sorted, leaving out the folders named in `skip` (absolute paths). */
export function tsFiles(dir: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const visit = (d: string): void => {
    if (skip.includes(d)) return;
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  };
  if (existsSync(dir)) visit(dir);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Doc comments

/** One `/** … *\/` comment of a source file. */
export interface DocComment {
  /** The file, relative to the repository root. */
  readonly file: string;
  /** The 1-based line of the opening `/**`. */
  readonly line: number;
  /** The declaration it documents (`Rules`, `WhistError.constructor`), `(module)` for a file header. */
  readonly name: string;
  /** The comment's lines without `/**`, `*\/` and the ` * ` prefixes; `lines[i]` is on line `line + i`. */
  readonly lines: readonly string[];
}

/** A block tag of a doc comment (`@param`, `@example`, …) and its lines, the tag's own line first. */
export interface DocTag {
  readonly tag: string;
  /** Index in {@link DocComment.lines} of the tag's first line. */
  readonly start: number;
  readonly lines: readonly string[];
}

/** A doc comment split into its summary section (before the first block tag) and its block tags. */
export interface ParsedDoc {
  readonly summary: readonly string[];
  readonly tags: readonly DocTag[];
}

/** The lines of a raw `/** … *\/` comment, stripped of the comment markers and ` * ` prefixes. */
export function stripComment(raw: string): string[] {
  const lines = raw.split('\n');
  return lines.map((line, i) => {
    let s = line.replace(/\r$/, '');
    if (i === lines.length - 1) s = s.replace(/\s*\*\/\s*$/, '');
    if (i === 0) s = s.replace(/^\s*\/\*\*\s?/, '');
    else s = s.replace(/^\s*\*(?!\/) ?/, '');
    return s.trimEnd();
  });
}

const FENCE = /^\s*```/;

// TSDoc block and modifier tags, recognised after text on a line too (`/** Summary. @internal */`).
const MID_LINE_TAG =
  /(?<=\S\s+)@(?:param|typeParam|returns|throws|example|remarks|privateRemarks|see|deprecated|defaultValue|since|internal|public|alpha|beta|module|packageDocumentation)\b/g;

/** A line cut before each block tag that follows text on it (not inside `code`). */
function segments(line: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of line.matchAll(MID_LINE_TAG)) {
    if ((line.slice(0, m.index).match(/`/g) ?? []).length % 2 === 1) continue;
    out.push(line.slice(from, m.index).trimEnd());
    from = m.index;
  }
  out.push(line.slice(from));
  return out;
}

/**
 * Splits a comment into summary and block tags. A line starting `@word` outside a code fence starts a tag,
 * and so does a known block tag after text on a line; a tag's later lines are whole source lines.
 */
export function parseDoc(lines: readonly string[]): ParsedDoc {
  const summary: string[] = [];
  const tags: { tag: string; start: number; lines: string[] }[] = [];
  let fenced = false;
  for (const [i, line] of lines.entries()) {
    for (const part of fenced ? [line] : segments(line)) {
      const tag = fenced ? null : /^\s*@(\w+)/.exec(part);
      if (tag) tags.push({ tag: tag[1] as string, start: i, lines: [part] });
      else (tags.at(-1)?.lines ?? summary).push(part);
      if (FENCE.test(part)) fenced = !fenced;
    }
  }
  return { summary, tags };
}

const NAMED = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.Constructor,
]);

/** `Outer.inner` for a declaration, from the names of the declarations that contain it. */
function qualifiedName(node: ts.Node, sf: ts.SourceFile): string {
  const parts: string[] = [];
  for (let n: ts.Node | undefined = node; n && n !== sf; n = n.parent) {
    if (!NAMED.has(n.kind)) continue;
    if (n.kind === ts.SyntaxKind.Constructor) parts.unshift('constructor');
    else {
      const name = (n as ts.NamedDeclaration).name;
      if (name) parts.unshift(ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : name.getText(sf));
    }
  }
  return parts.join('.') || '(anonymous)';
}

/** Every `/** … *\/` comment of a TypeScript source, each with the name of what it documents. */
export function docComments(file: string, text: string = readFileSync(file, 'utf8')): DocComment[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Every comment is leading trivia of some token: collect them all, so none inside a string is mistaken for one.
  const ranges = new Map<number, number>();
  const names = new Map<number, string>();
  const visit = (node: ts.Node): void => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (r.kind === ts.SyntaxKind.MultiLineCommentTrivia) ranges.set(r.pos, r.end);
    }
    if (NAMED.has(node.kind)) {
      for (const doc of ts.getJSDocCommentsAndTags(node)) {
        if (ts.isJSDoc(doc) && !names.has(doc.pos)) names.set(doc.pos, qualifiedName(node, sf));
      }
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  const out: DocComment[] = [];
  for (const [pos, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const raw = text.slice(pos, end);
    if (!raw.startsWith('/**') || raw === '/**/') continue;
    const lines = stripComment(raw);
    const module = lines.some((l) => /^\s*@(packageDocumentation|module)\b/.test(l));
    out.push({
      file: repoPath(file),
      line: sf.getLineAndCharacterOfPosition(pos).line + 1,
      name: module ? '(module)' : (names.get(pos) ?? '(unattached)'),
      lines,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Examples

/** One ```ts block of an `@example`. */
export interface Example {
  readonly file: string;
  /** The 1-based source line of the opening fence. */
  readonly line: number;
  readonly name: string;
  /** The code, one line per source line: code line `i` (0-based) is source line `line + 1 + i`. */
  readonly code: string;
}

/** An `@example` that cannot run: no ```ts block, or a block that is never closed. */
export interface ExampleProblem {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly problem: string;
}

const TS_FENCE = /^\s*```\s*(ts|typescript)\s*$/;

/** The ```ts blocks of a comment's `@example` tags, and the `@example` tags that hold none. */
export function examplesOf(comment: DocComment): { examples: Example[]; problems: ExampleProblem[] } {
  const examples: Example[] = [];
  const problems: ExampleProblem[] = [];
  const { file, name } = comment;
  for (const tag of parseDoc(comment.lines).tags) {
    if (tag.tag !== 'example') continue;
    let open: number | null = null;
    let found = 0;
    for (const [i, text] of tag.lines.entries()) {
      if (open === null && TS_FENCE.test(text)) open = i;
      else if (open === null && FENCE.test(text))
        open = -1 - i; // another language: skipped up to its end
      else if (open !== null && /^\s*```\s*$/.test(text)) {
        if (open >= 0) {
          examples.push({ file, name, line: comment.line + tag.start + open, code: tag.lines.slice(open + 1, i).join('\n') });
          found++;
        }
        open = null;
      }
    }
    const line = comment.line + tag.start;
    if (open !== null) problems.push({ file, name, line, problem: 'its @example has a ``` fence that is never closed' });
    else if (found === 0) problems.push({ file, name, line, problem: 'its @example has no ```ts block, so it is not run' });
  }
  return { examples, problems };
}

/** The examples of every `.ts` file under src/, except src/cli/. */
export function sourceExamples(): { examples: Example[]; problems: ExampleProblem[]; comments: number } {
  const examples: Example[] = [];
  const problems: ExampleProblem[] = [];
  let comments = 0;
  for (const file of tsFiles(join(ROOT, 'src'), [join(ROOT, 'src/cli')])) {
    for (const comment of docComments(file)) {
      comments++;
      const found = examplesOf(comment);
      examples.push(...found.examples);
      problems.push(...found.problems);
    }
  }
  return { examples, problems, comments };
}

function parseDiagnostics(sf: ts.SourceFile): number {
  // Syntax errors of a source parsed without a program: internal, but stable for years.
  return ((sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? []).length;
}

/** The value of one candidate text, if it is a single JS expression (not a comma list) that evaluates. */
function evaluate(text: string): { value: unknown } | null {
  if (text === '') return null;
  const sf = ts.createSourceFile('value.ts', `(${text});`, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const [statement] = sf.statements;
  if (parseDiagnostics(sf) > 0 || sf.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement)) return null;
  let e: ts.Expression = statement.expression;
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken) return null;
  try {
    return { value: new Function(`return (${text});`)() };
  } catch {
    return null;
  }
}

/**
 * The value an assertion comment shows: the whole comment if it is a JS expression, else the part before
 * ` — `, else before `: `, else before `, ` (each separator tried at its first occurrence, then the next).
 * `null` for a plain comment.
 */
export function shownValue(comment: string): { value: unknown } | null {
  const text = comment.trim();
  const candidates = [text];
  for (const separator of [' — ', ': ', ', ']) {
    for (let i = text.indexOf(separator); i >= 0; i = text.indexOf(separator, i + 1)) candidates.push(text.slice(0, i).trim());
  }
  for (const candidate of candidates) {
    const shown = evaluate(candidate);
    if (shown) return shown;
  }
  return null;
}

/** One asserted line of an example. */
export interface Assertion {
  /** 0-based line in the example's code. */
  readonly line: number;
  /** The line as written, trimmed. */
  readonly source: string;
  readonly value: unknown;
}

/** The name of the global function the instrumented code calls with each asserted value. */
export const SHOWN = '__whistExampleShown';

/**
 * Rewrites `EXPR; // VALUE` lines of an example into calls `globalThis.__whistExampleShown(i, (EXPR));`,
 * keeping every line where it was. `nearMisses` are value-like comments (`{`, `[`, a quote, a digit…) that
 * did not parse as a value, so they assert nothing: usually a mistake.
 */
export function instrument(code: string): { code: string; assertions: Assertion[]; nearMisses: { line: number; source: string }[] } {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;
  const lines = code.split('\n');
  const found: { line: number; start: number; end: number; expr: string; value: unknown }[] = [];
  const nearMisses: { line: number; source: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) check(node);
    ts.forEachChild(node, visit);
  };
  const check = (statement: ts.ExpressionStatement): void => {
    const start = statement.getStart(sf);
    const line = lineOf(start);
    if (lineOf(statement.end) !== line || code[statement.end - 1] !== ';') return;
    if ((lines[line] ?? '').slice(0, sf.getLineAndCharacterOfPosition(start).character).trim() !== '') return;
    const [comment] = ts.getTrailingCommentRanges(code, statement.end) ?? [];
    if (!comment || comment.kind !== ts.SyntaxKind.SingleLineCommentTrivia || lineOf(comment.pos) !== line) return;
    const text = code.slice(comment.pos + 2, comment.end).trim();
    const shown = shownValue(text);
    if (!shown) {
      if (/^([[{'"`\d-]|true\b|false\b|null\b|undefined\b)/.test(text)) nearMisses.push({ line, source: (lines[line] ?? '').trim() });
      return;
    }
    let e = statement.expression;
    if (ts.isCallExpression(e) && e.arguments.length === 1 && e.expression.getText(sf) === 'console.log') e = e.arguments[0] as ts.Expression;
    found.push({ line, start: statement.expression.getStart(sf), end: statement.expression.end, expr: e.getText(sf), value: shown.value });
  };
  visit(sf);
  found.sort((a, b) => a.start - b.start);
  let out = code;
  for (let i = found.length - 1; i >= 0; i--) {
    const f = found[i] as (typeof found)[number];
    out = `${out.slice(0, f.start)}(globalThis as any).${SHOWN}(${i}, (${f.expr}))${out.slice(f.end)}`;
  }
  const assertions = found.map((f) => ({ line: f.line, source: (lines[f.line] ?? '').trim(), value: f.value }));
  return { code: out, assertions, nearMisses };
}

/** The module specifiers an example imports (static imports, `export … from`, and `import('…')`). */
export function importsOf(code: string): { specifier: string; start: number; end: number }[] {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: { specifier: string; start: number; end: number }[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) out.push({ specifier: node.text, start: node.getStart(sf), end: node.end });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * Points an example's whist imports at the sources (absolute paths). `missing` lists entries whose source
 * does not exist yet; `foreign` lists imports that are not a whist entry.
 */
export function linkImports(code: string): { code: string; whist: string[]; missing: string[]; foreign: string[] } {
  const imports = importsOf(code);
  const whist: string[] = [];
  const missing: string[] = [];
  const foreign: string[] = [];
  let out = code;
  for (const imp of [...imports].reverse()) {
    const entry = ENTRIES.find((e) => e.entry === imp.specifier);
    if (!entry) {
      foreign.unshift(imp.specifier);
      continue;
    }
    whist.unshift(imp.specifier);
    if (!existsSync(entry.file)) missing.unshift(imp.specifier);
    out = `${out.slice(0, imp.start)}${JSON.stringify(entry.file)}${out.slice(imp.end)}`;
  }
  return { code: out, whist, missing: [...new Set(missing)], foreign: [...new Set(foreign)] };
}

// ---------------------------------------------------------------------------------------------------------
// Public API audit

/** What an export's documentation lacks. */
export interface ExportReport {
  /** The entry users import it from (`whist`, `whist/records`). */
  readonly entry: string;
  readonly name: string;
  /** Where it is declared, `src/cards.ts:112`. */
  readonly where: string;
  readonly problems: readonly string[];
}

/** Words that cite a source users cannot read. */
export const UNREADABLE_SOURCES: readonly RegExp[] = [/(?<![\w.])RULES\.md\b/, /\bDOC1\b/, /\bDOC2\b/];

/** The SCREAMING_CASE words of a text (at least one underscore), leaving out property accesses (`Number.MAX_VALUE`). */
export function screamingWords(text: string): string[] {
  return [...text.matchAll(/(?<![\w.$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w$])/g)].map((m) => m[0]);
}

/** A program over the given files, for their exports and types. */
export function docProgram(files: readonly string[]): ts.Program {
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
}

/** The string literals of a union type alias (`ErrorCode`) exported by `file`; `null` if it exports no such name. */
export function unionLiterals(program: ts.Program, file: string, name: string): Set<string> | null {
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file);
  const module = sf && checker.getSymbolAtLocation(sf);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  if (!symbol) return null;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const type = checker.getDeclaredTypeOfSymbol(target);
  const out = new Set<string>();
  for (const t of type.isUnion() ? type.types : [type]) if (t.isStringLiteral()) out.add(t.value);
  return out;
}

/** The documentation comment of a declaration (for a `const`, the one on its statement), parsed. */
function docOf(decl: ts.Node): { doc: ParsedDoc; text: string } | null {
  const jsDoc = ts.getJSDocCommentsAndTags(decl).filter(ts.isJSDoc).at(-1);
  if (!jsDoc) return null;
  const text = decl.getSourceFile().text.slice(jsDoc.pos, jsDoc.end);
  return { doc: parseDoc(stripComment(text)), text };
}

type Kind = 'function' | 'class' | 'const' | 'type' | 'other';

function kindOf(decl: ts.Declaration, checker: ts.TypeChecker): Kind {
  if (ts.isFunctionDeclaration(decl)) return 'function';
  if (ts.isClassDeclaration(decl)) return 'class';
  if (ts.isVariableDeclaration(decl)) {
    const type = checker.getTypeAtLocation(decl);
    return type.getCallSignatures().length > 0 ? 'function' : 'const';
  }
  if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isEnumDeclaration(decl)) return 'type';
  return 'other';
}

/** A parameter's name, or `null` for a destructured one (documented under any name). */
function parameterNames(signature: ts.Signature): (string | null)[] {
  const decl = signature.getDeclaration() as ts.SignatureDeclaration | undefined;
  if (decl?.parameters) {
    return decl.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this')).map((p) => (ts.isIdentifier(p.name) ? p.name.text : null));
  }
  return signature.getParameters().map((p) => p.name);
}

/** Whether a type can be `{ ok: false, error }`: a result. */
function isResultType(type: ts.Type, checker: ts.TypeChecker): boolean {
  const awaited = checker.getAwaitedType(type) ?? type;
  return (awaited.isUnion() ? awaited.types : [awaited]).some((t) => t.getProperty('ok') !== undefined && t.getProperty('error') !== undefined);
}

function tagText(tag: DocTag): string {
  return tag.lines.join('\n').replace(/^\s*@\w+\s*/, '');
}

/**
 * The problems of one exported declaration's documentation: summary, `@param`/`@returns`/`@example`,
 * error codes, and sources users cannot read.
 */
function auditDeclaration(
  decl: ts.Declaration,
  checker: ts.TypeChecker,
  ctx: { errorCodes: Set<string> | null; exportNames: Set<string>; entry: string },
): string[] {
  const problems: string[] = [];
  const kind = kindOf(decl, checker);
  const found = docOf(decl);
  if (!found) return [`no TSDoc comment (/** … */) on its ${kind === 'other' ? 'declaration' : kind}`];
  const { doc, text } = found;
  const has = (tag: string): DocTag[] => doc.tags.filter((t) => t.tag === tag);
  if (!doc.summary.some((l) => l.trim() !== '')) problems.push('no one-line summary: the comment must open with a sentence before any @tag');
  if (has('internal').length > 0) problems.push(`marked @internal, yet exported from '${ctx.entry}'`);

  const exampleTags = has('example');
  const runnable = exampleTags.some((t) => t.lines.some((l) => TS_FENCE.test(l)));
  const needExample = (what: string): void => {
    if (exampleTags.length === 0) problems.push(`no @example (required for a ${what})`);
    else if (!runnable) problems.push('its @example has no ```ts block, so it is not run');
  };

  if (kind === 'function' || kind === 'class') {
    const paramTags = has('param').map((t) => {
      const m = /^@param\s+([\w$.[\]]+)(\s+-)?/.exec(t.lines[0]?.trim() ?? '');
      return { name: m?.[1] ?? '', hyphen: Boolean(m?.[2]), raw: t.lines[0]?.trim() ?? '' };
    });
    let signatures: readonly ts.Signature[] = [];
    let paramDocs = paramTags;
    if (kind === 'class') {
      const ctors = (decl as ts.ClassDeclaration).members.filter(ts.isConstructorDeclaration);
      signatures = ctors.map((c) => checker.getSignatureFromDeclaration(c)).filter((s): s is ts.Signature => s !== undefined);
      // Constructor parameters may be documented on the class or on the constructor.
      for (const ctor of ctors) {
        const ctorDoc = docOf(ctor);
        for (const t of ctorDoc?.doc.tags ?? []) {
          if (t.tag !== 'param') continue;
          const m = /^@param\s+([\w$.[\]]+)(\s+-)?/.exec(t.lines[0]?.trim() ?? '');
          paramDocs = [...paramDocs, { name: m?.[1] ?? '', hyphen: Boolean(m?.[2]), raw: t.lines[0]?.trim() ?? '' }];
        }
      }
    } else {
      const type = checker.getTypeAtLocation(ts.isVariableDeclaration(decl) ? decl : ((decl as ts.FunctionDeclaration).name ?? decl));
      signatures = ts.isFunctionDeclaration(decl)
        ? [checker.getSignatureFromDeclaration(decl)].filter((s): s is ts.Signature => s !== undefined)
        : type.getCallSignatures();
    }
    const params = new Set<string>();
    let destructured = 0;
    for (const signature of signatures) {
      for (const name of parameterNames(signature)) {
        if (name === null) destructured++;
        else params.add(name);
      }
    }
    for (const name of params) {
      const tag = paramDocs.find((p) => p.name === name);
      if (!tag) problems.push(`no \`@param ${name} -\``);
      else if (!tag.hyphen) problems.push(`\`${tag.raw}\`: write \`@param ${name} - …\` (TSDoc needs the hyphen)`);
    }
    const documented = new Set(paramDocs.map((p) => p.name.split('.')[0] as string));
    const extra = [...documented].filter((n) => n !== '' && !params.has(n));
    if (extra.length > destructured) problems.push(`@param for parameters it does not have: ${extra.join(', ')}`);
    if (destructured > 0 && paramDocs.length < params.size + destructured) problems.push('a destructured parameter has no @param');

    if (kind === 'function') {
      const returns = signatures.map((s) => s.getReturnType());
      const isVoid = returns.every((r) => {
        const s = checker.typeToString(r);
        return s === 'void' || s === 'never' || s === 'Promise<void>';
      });
      if (!isVoid && has('returns').length === 0) problems.push('no @returns');
      if (has('returns').some((t) => tagText(t).trim() === '')) problems.push('an empty @returns');
      const name = ts.isVariableDeclaration(decl) || ts.isFunctionDeclaration(decl) ? (decl.name?.getText() ?? '') : '';
      const refuses = name.endsWith('OrThrow') || returns.some((r) => isResultType(r, checker));
      if (refuses && ctx.errorCodes && !screamingWords(text).some((w) => ctx.errorCodes?.has(w))) {
        problems.push(
          `names no error code: ${name.endsWith('OrThrow') ? 'it throws WhistError' : 'it returns a result'}, so say which codes (e.g. \`INVALID_SEAT\`) and when`,
        );
      }
      needExample('function');
    } else needExample('class');
  } else if (kind === 'const') needExample('constant');

  const unknown = [...new Set(screamingWords(text).filter((w) => ctx.errorCodes && !ctx.errorCodes.has(w) && !ctx.exportNames.has(w)))];
  if (unknown.length > 0) problems.push(`names error codes that are not in ErrorCode: ${unknown.join(', ')}`);
  for (const pattern of UNREADABLE_SOURCES) {
    const m = pattern.exec(text);
    if (m) problems.push(`cites ${m[0]}, which users cannot read: cite docs/rules.md or the source's own title`);
  }
  return problems;
}

/** The declarations that carry an export's documentation: overload signatures rather than the implementation. */
function documentedDeclarations(symbol: ts.Symbol): ts.Declaration[] {
  const decls = symbol.declarations ?? [];
  const overloads = decls.filter((d) => ts.isFunctionDeclaration(d) && d.body === undefined);
  return overloads.length > 0 ? [...overloads, ...decls.filter((d) => !ts.isFunctionDeclaration(d))] : decls;
}

/**
 * Every export of each entry (re-exports followed to their declaration), with what its documentation
 * lacks. `errorsFile` exports the `ErrorCode` union that error codes named in docs must belong to; without
 * it (`errorCodes: null`) error codes are not checked.
 */
export function auditExports(
  entries: readonly { entry: string; file: string }[],
  errorsFile: string,
): { reports: ExportReport[]; errorCodes: Set<string> | null } {
  const present = entries.filter((e) => existsSync(e.file));
  const program = docProgram([...present.map((e) => e.file), errorsFile]);
  const checker = program.getTypeChecker();
  const errorCodes = unionLiterals(program, errorsFile, 'ErrorCode');
  const exported: { entry: string; symbol: ts.Symbol; target: ts.Symbol }[] = [];
  for (const { entry, file } of present) {
    const sf = program.getSourceFile(file);
    const module = sf && checker.getSymbolAtLocation(sf);
    if (!module) throw new Error(`${repoPath(file)} is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) {
      exported.push({ entry, symbol, target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol });
    }
  }
  const exportNames = new Set(exported.map((e) => e.symbol.name));
  const reports: ExportReport[] = exported.map(({ entry, symbol, target }) => {
    const decls = documentedDeclarations(target);
    const first = decls[0];
    const where = first ? `${repoPath(first.getSourceFile().fileName)}:${first.getSourceFile().getLineAndCharacterOfPosition(first.getStart()).line + 1}` : '?';
    const problems: string[] = [];
    if (decls.length === 0) problems.push(`'${entry}' exports it, but it has no declaration: a re-export of a name its module no longer exports?`);
    for (const decl of decls) {
      if (ts.isSourceFile(decl)) continue; // `export * as ns`: documented by the module's header
      for (const p of auditDeclaration(decl, checker, { errorCodes, exportNames, entry })) if (!problems.includes(p)) problems.push(p);
    }
    return { entry, name: symbol.name, where, problems };
  });
  return { reports, errorCodes };
}

// ---------------------------------------------------------------------------------------------------------
// Type checking examples

/**
 * Type errors of examples (their whist imports already linked to the sources), compiled together under the
 * project's tsconfig.json (strict, `noUncheckedIndexedAccess`). Each is written as its own module to `dir`;
 * an error is reported at its source line, `src/cards.ts:79: TS2304 Cannot find name 'FULL_DECK'.`
 */
export function typeErrors(examples: readonly { example: Example; code: string }[], dir: string): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const files = examples.map(({ code }, i) => {
    const file = join(dir, `typecheck-${i + 1}.ts`);
    writeFileSync(file, `${code}\nexport {};\n`);
    return file;
  });
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true, allowImportingTsExtensions: true });
  const out: string[] = [];
  for (const [i, file] of files.entries()) {
    const sf = program.getSourceFile(file);
    const { example } = examples[i] as { example: Example };
    if (!sf) continue;
    for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
      const line = d.start === undefined ? -1 : sf.getLineAndCharacterOfPosition(d.start).line;
      const where = line >= 0 ? `${example.file}:${example.line + 1 + line}` : `${example.file}:${example.line}`;
      const message = `${where} (${example.name}): TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      if (!out.includes(message)) out.push(message);
    }
  }
  return out;
}
