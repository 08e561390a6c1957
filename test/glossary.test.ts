// One word for one thing (docs/glossary.md): every exported name and field the glossary names exists,
// and each word the glossary gives one meaning keeps it in every exported type and name.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { docProgram, repoPath } from './doc-tools.js';

const ENTRIES = ['src/index.ts', 'src/records/index.ts', 'src/solver/index.ts', 'src/words/index.ts', 'src/duplicate/index.ts'].map(repoPath);
const glossary = readFileSync(repoPath('docs/glossary.md'), 'utf8');
const program = docProgram(ENTRIES);
const checker = program.getTypeChecker();

/** Every exported name of the four entries, and every property of every exported interface or object type, with its type as text. */
function api(): { names: Map<string, ts.Symbol>; fields: { owner: string; name: string; type: string }[] } {
  const names = new Map<string, ts.Symbol>();
  const fields: { owner: string; name: string; type: string }[] = [];
  for (const file of ENTRIES) {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no module symbol for ${file}`);
    for (const symbol of checker.getExportsOfModule(module)) {
      names.set(symbol.name, symbol);
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      const type = checker.getDeclaredTypeOfSymbol(target);
      for (const property of checker.getPropertiesOfType(type)) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        if (declaration === undefined) continue;
        fields.push({ owner: symbol.name, name: property.name, type: checker.typeToString(checker.getTypeOfSymbolAtLocation(property, declaration)) });
      }
    }
  }
  return { names, fields };
}

const { names, fields } = api();

/**
 * The words the glossary gives one meaning, as the type every field of that name must have. A second
 * meaning (a seat's cards called `hands`, a function called like a state's field) fails here.
 */
const ONE_MEANING: Record<string, { meaning: string; type: RegExp }> = {
  hands: { meaning: 'hands played: the facts or summaries of each hand, in order', type: /HandFacts|HandSummary|WhistRecordHand|HandEntry/ },
  cards: { meaning: "cards: a seat's cards, a trick's cards, the cards of each seat, or the ranks of the honour cards", type: /Card|"AS"|Deal|Rank/ },
  deal: { meaning: 'the deal: the cards each seat is dealt (PBN text, or by seat)', type: /^string$|Deal|BySeat<.*Card/ },
  plays: { meaning: 'the cards played, in order', type: /string|Play|RecordPlay/ },
  score: { meaning: 'the points of the game in progress, by side', type: /BySide|NS: number/ },
  trumpCard: { meaning: 'the card turned to fix trump', type: /Card|"AS"/ },
};

describe('docs/glossary.md and the exported names agree', () => {
  it('every name the glossary gives in backticks as part of the API is exported, or is a field of an exported type', () => {
    const fieldNames = new Set(fields.map((f) => `${f.owner}.${f.name}`));
    const named = [...glossary.matchAll(/`([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?)`/g)].map((m) => m[1] as string);
    // Values of the API's string unions that the glossary quotes (sides, trump sources, actions) are not names.
    const values = new Set([
      'NS',
      'EW',
      'turnUp',
      'secondPack',
      'newRubber',
      'answerClaim',
      // the actions of the laws (`TableAction['type']`)
      'callCard',
      'callSuit',
      'callTrump',
      'callLedSuit',
      'callWin',
      'nameTrumpCard',
      'forgetTrumpCard',
      'callHonours',
      'answerCall',
    ]);
    const apiLike = named.filter((n) => /^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z][A-Z_]+$|\./.test(n) && !values.has(n));
    expect(apiLike.length).toBeGreaterThan(40);
    const bare = new Set(fields.map((f) => f.name));
    const missing = apiLike.filter((n) => (n.includes('.') ? !fieldNames.has(n) && !names.has(n.split('.')[0] as string) : !names.has(n) && !bare.has(n)));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(ONE_MEANING))('every exported field named `%s` has its one meaning', (word, { type }) => {
    const seen = fields.filter((f) => f.name === word);
    expect(seen.length).toBeGreaterThan(0);
    const other = seen.filter((f) => !type.test(f.type)).map((f) => `${f.owner}.${f.name}: ${f.type}`);
    expect(other).toEqual([]);
  });

  it('no exported function or value has the name of a state field (a field is a fact, a function derives one)', () => {
    const stateFields = new Set(fields.filter((f) => /^(HandState|RubberState|TableState)$/.test(f.owner)).map((f) => f.name));
    const clashes = [...names.keys()].filter((n) => stateFields.has(n));
    expect(clashes).toEqual([]);
  });

  it('each word with one meaning is in the glossary', () => {
    for (const word of Object.keys(ONE_MEANING)) expect(glossary, word).toContain(`\`${word}\``);
  });
});
