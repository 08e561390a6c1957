/**
 * What a lenient reader could not take at face value, in words, and the bounds on it: a record lists at most
 * 100 problems and a file 10,000 (then a line counts the rest), and a problem quotes at most 40 characters of
 * the text. The bridge readers (`parsePbn`, `parseLin`) keep their problems here.
 *
 * @module
 */

/** @internal At most this many problems are listed per record. */
export const MAX_PROBLEMS_PER_RECORD = 100;
/** @internal At most this many problems are listed per file. */
export const MAX_PROBLEMS_PER_FILE = 10_000;
/** How many characters of a piece of text a problem quotes. */
const SHOWN = 40;

/** The first {@link SHOWN} characters of a long text, not cutting a surrogate pair in two. */
function head(s: string): string {
  const end = s.charCodeAt(SHOWN - 1) >= 0xd800 && s.charCodeAt(SHOWN - 1) <= 0xdbff ? SHOWN - 1 : SHOWN;
  return s.slice(0, end);
}

/** @internal A piece of the text for a problem, in quotes: `"H5x"`, or its first 40 characters and its length. */
export function quote(s: string): string {
  return s.length <= SHOWN ? JSON.stringify(s) : `${JSON.stringify(head(s))}… (${grouped(s.length)} characters)`;
}

/** @internal A piece of the text for a problem, as it stands: at most its first 40 characters and its length. */
export function clip(s: string): string {
  return s.length <= SHOWN ? s : `${head(s)}… (${grouped(s.length)} characters)`;
}

/** @internal `12345` → `"12,345"`. */
export function grouped(n: number): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits.charAt(i);
  }
  return out;
}

/** @internal The problems of one part of a record: the first {@link MAX_PROBLEMS_PER_RECORD} kept, the rest counted. */
export interface Problems {
  readonly kept: string[];
  more: number;
}

/** @internal An empty problem list. */
export function problems(): Problems {
  return { kept: [], more: 0 };
}

/** @internal Notes a problem; a message built by a function is built only when it is kept. */
export function note(list: Problems, message: string | (() => string)): void {
  if (list.kept.length < MAX_PROBLEMS_PER_RECORD) list.kept.push(typeof message === 'string' ? message : message());
  else list.more++;
}

/** @internal Notes every problem of `from` in `into`, in order. */
export function merge(into: Problems, from: Problems): void {
  for (const message of from.kept) note(into, message);
  into.more += from.more;
}

/** @internal How many more problems a file may list, and the lists of records past that, shared by count. */
export interface Budget {
  left: number;
  readonly unlisted: Map<number, readonly string[]>;
}

/** @internal A file's budget of problems. */
export function budget(left = MAX_PROBLEMS_PER_FILE): Budget {
  return { left, unlisted: new Map() };
}

/** @internal The shared, frozen empty list of problems. */
export const NO_PROBLEMS: readonly string[] = Object.freeze([]);

/**
 * @internal A record's problems: its parts' problems in order, at most {@link MAX_PROBLEMS_PER_RECORD} and at
 * most what is left of the file's budget, then one line counting the rest.
 */
export function listProblems(parts: readonly Problems[], file: Budget): readonly string[] {
  let total = 0;
  let kept = 0;
  for (const part of parts) {
    total += part.kept.length + part.more;
    kept += part.kept.length;
  }
  if (total === 0) return NO_PROBLEMS;
  const shown = Math.max(0, Math.min(kept, MAX_PROBLEMS_PER_RECORD, file.left));
  const rest = total - shown;
  if (shown === 0) {
    // Past the file's budget, records with as many problems share one frozen list: a text of a million tiny
    // deals keeps no message of its own per deal.
    let list = file.unlisted.get(rest);
    if (list === undefined) {
      list = Object.freeze([`${grouped(rest)} problems, not listed: a file lists at most ${grouped(MAX_PROBLEMS_PER_FILE)}`]);
      if (file.unlisted.size < 1000) file.unlisted.set(rest, list);
    }
    return list;
  }
  const out = new Array<string>(shown + (rest > 0 ? 1 : 0));
  let i = 0;
  for (const part of parts) {
    for (const message of part.kept) {
      if (i >= shown) break;
      out[i++] = message;
    }
  }
  file.left -= shown;
  if (rest > 0) out[i] = `…and ${grouped(rest)} more problems`;
  return out;
}
