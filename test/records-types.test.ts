// A record read by whist/records flows into whist/solver and whist as it is, with no cast: its cards are
// Cards, its seats Seats, its deal a Deal. Checked twice: a program compiled by the TypeScript compiler (with
// the project's tsconfig.json), which must compile without error and must refuse what a record is not; and the
// same flow run, the double-dummy table of a parsed record set against the table of the same deal given by hand.
// And docs/records.md lists every field of every record type whist/records exports.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type Card, type Deal, dealHand, dealtCards, parseDeal, playRecord, type Seat, SHORT_WHIST } from '../src/index.js';
import { type DealRecord, parseLin, parsePbn, type RecordPlays, type TrickRow } from '../src/records/index.js';
import { ddTable, solve } from '../src/solver/index.js';
import { docProgram, ROOT } from './doc-tools.js';

const REAL = 'N:K84.QJ9.AJ73.K62 AJ92.T76.K954.Q8 T73.AK53.Q6.J954 Q65.842.T82.AT73';

const dir = mkdtempSync(join(tmpdir(), 'whist-record-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The diagnostics of a program of one file, compiled with the project's options; `src/` imported by path. */
function compile(code: string): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const file = join(dir, `flow-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, code.replaceAll('@src/', `${join(ROOT, 'src')}/`));
  const program = ts.createProgram([file], { ...parsed.options, noEmit: true });
  const sf = program.getSourceFile(file);
  if (sf === undefined) throw new Error('not compiled');
  return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => {
    const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1;
    return `line ${line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

const FLOW = `
import { type Card, type Deal, dealHand, type HandState, playRecord, type Seat, SHORT_WHIST } from '@src/index.js';
import { parseLin, parsePbn } from '@src/records/index.js';
import { ddTable, type SolverPosition, solve } from '@src/solver/index.js';

export function tables(text: string): unknown[] {
  const parsed = parsePbn(text);
  if (!parsed.ok) return [];
  const out: unknown[] = [];
  for (const record of parsed.value) {
    if (record.deal === null) continue;
    out.push(ddTable(record.deal));
    const deal: Deal = record.deal;
    const north: readonly Card[] = deal.N;
    const dealer: Seat | null = record.dealer;
    const declarer: Seat | undefined = record.contract?.declarer;
    const hand = dealHand(SHORT_WHIST, { dealer: declarer ?? dealer ?? 'N', cards: record.deal, trump: record.contract?.strain ?? null });
    if (hand.ok) out.push(solve(hand.value));
    // A solver position's cards by seat, whatever the solver calls the field: a record's deal is one.
    type SeatCards = SolverPosition extends { cards: infer C } ? C : SolverPosition extends { hands: infer H } ? H : never;
    const position: SeatCards = record.deal;
    out.push(position, north);
    const played = playRecord(record, SHORT_WHIST);
    const state: HandState | null = played.ok ? played.value : null;
    const plays = record.plays;
    const lead: Card | null | undefined = plays.order === 'bySeat' ? plays.tricks[0]?.[plays.leader ?? 'N'] : plays.cards[0];
    out.push(state, lead);
  }
  const lin = parseLin(text);
  if (lin.ok) for (const record of lin.value) if (record.deal !== null) out.push(ddTable(record.deal, { maxNodes: 1000 }));
  return out;
}
`;

describe('types: a record from whist/records goes to whist/solver and whist without a cast', () => {
  it('parsePbn → record → ddTable, solve, SolverPosition, dealHand and playRecord compiles with the project tsconfig', () => {
    expect(compile(FLOW)).toEqual([]);
  });

  it('and the compiler refuses what a record is not: its cards are Cards, its seats Seats, its deal read-only', () => {
    const wrong = `
import type { Card, Seat } from '@src/index.js';
import type { DealRecord } from '@src/records/index.js';

export function wrong(r: DealRecord): void {
  const a: string = r.deal?.N[0] ?? '';
  // @ts-expect-error a seat's cards are Cards: a string is not one
  const b: Card = a;
  // @ts-expect-error the deal is read-only
  r.deal?.N.push('AS');
  // @ts-expect-error a record's seat cards are its deal; "hands" are hands played
  void r.hands;
  // @ts-expect-error a dealer is a Seat, not any string
  const c: Seat = 'X';
  void [b, c];
}
`;
    expect(compile(wrong)).toEqual([]);
    // The same program without its @ts-expect-error lines: each of them is an error.
    const errors = compile(wrong.replaceAll('// @ts-expect-error', '//'));
    expect(errors.map((e) => e.replace(/:.*/, ''))).toEqual(['line 8', 'line 10', 'line 12', 'line 14']);
  });

  it('the fields of a record have the library types', () => {
    expectTypeOf<DealRecord['deal']>().toEqualTypeOf<Deal | null>();
    expectTypeOf<DealRecord['dealer']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<TrickRow>().toEqualTypeOf<Partial<Record<Seat, Card>>>();
    expectTypeOf<Extract<RecordPlays, { order: 'sequence' }>['cards']>().toEqualTypeOf<readonly (Card | null)[]>();
    expectTypeOf<DealRecord['deal'] & {}>().toMatchTypeOf<Parameters<typeof ddTable>[0]>();
  });
});

describe('the flow, run: a parsed record is the deal it writes', () => {
  it("ddTable of a PBN record's deal is ddTable of the deal given by hand", () => {
    const parsed = parsePbn(`[Board "1"]\n[Deal "${REAL}"]\n[Contract "3NT"]\n[Declarer "S"]\n`);
    const record = parsed.ok ? parsed.value[0] : undefined;
    if (record?.deal == null) throw new Error('no deal read');
    const byHand = parseDeal(REAL);
    if (!byHand.ok) throw new Error(byHand.error.message);
    const fromRecord = ddTable(record.deal);
    expect(fromRecord.ok).toBe(true);
    expect(fromRecord).toEqual(ddTable(byHand.value));
  });

  it('a LIN record deals, plays and solves the same: the hand playRecord gives is solved from the position it reached', () => {
    const parsed = parseLin('md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|7S|mb|p|mb|p|mb|p|pc|CA|pc|S2|pc|H2|pc|D2|');
    const record = parsed.ok ? parsed.value[0] : undefined;
    if (record?.deal == null) throw new Error('no deal read');
    const hand = playRecord(record, SHORT_WHIST);
    if (!hand.ok) throw new Error(hand.error.message);
    expect(hand.value.plays).toBe('AC 2S 2H 2D');
    const dealt = dealHand(SHORT_WHIST, { dealer: 'N', cards: record.deal, trump: 'S' });
    expect(dealt.ok && dealt.value.deal).toBe(hand.value.deal);
    expect(dealt.ok && dealtCards(dealt.value)).toEqual(record.deal);
    // South ruffed the club lead and leads from twelve trumps: north-south, to play, take the other twelve tricks.
    expect(solve(hand.value)).toEqual({ ok: true, value: 12 });
  });
});

describe('docs/records.md: every field of every exported record type', () => {
  it('each exported type with fields has its section, "### `Name`", naming each of its fields', () => {
    const entry = join(ROOT, 'src/records/index.ts');
    const program = docProgram([entry]);
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(entry);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error('no module symbol for the records entry');
    const docs = readFileSync(join(ROOT, 'docs/records.md'), 'utf8');
    const sections = new Map(docs.split(/^### /m).map((part) => [/^`(\w+)`/.exec(part)?.[1] ?? '', part] as const));
    const missing: string[] = [];
    let types = 0;
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      const type = checker.getDeclaredTypeOfSymbol(target);
      const members = type.isUnion() ? type.types : [type];
      const fields = new Set(members.flatMap((t) => (t.flags & ts.TypeFlags.Object ? checker.getPropertiesOfType(t).map((p) => p.name) : [])));
      if (fields.size === 0) continue;
      types++;
      const section = sections.get(symbol.name);
      if (section === undefined) missing.push(`${symbol.name}: no section`);
      else for (const field of fields) if (!new RegExp(`\\b${field}\\b`).test(section)) missing.push(`${symbol.name}.${field}`);
    }
    expect(types).toBeGreaterThan(12);
    expect(missing).toEqual([]);
  });
});
