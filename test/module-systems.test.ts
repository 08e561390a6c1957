/**
 * One package across module systems: the built package (dist/, built by `npm run build`, which `npm test`
 * runs first) loaded twice in one realm, as `import` and `require` in one process, and as two copies in
 * one esbuild bundle (an app that imports whist while a CommonJS dependency requires it). A value made by
 * either copy is accepted by the other, and a `WhistError` thrown by either is an `instanceof` the other's
 * class; a copy that is not a made value (JSON) is still refused.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dealHand, SHORT_WHIST, WhistError } from '../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(import.meta.url);

// The two copies are loaded untyped, as an adopter's script would.
type Whist = any;

/** What one copy makes and the other takes, both ways: a table, a hand, a rubber, rules, a solved hand, a thrown error. */
function crossings(made: Whist, other: Whist, madeSolver: Whist, otherSolver: Whist): Record<string, unknown> {
  const table = made.applyOrThrow(made.newTableOrThrow(made.SHORT_WHIST, { seed: 7, dealer: 'N' }), { type: 'deal' });
  const hand = other.currentHand(table);
  const card = other.legalMoves(hand)[0];
  const played = other.apply(table, { type: 'play', seat: 'E', card });
  const view = other.tableView(table, 'E');
  const back = played.ok ? made.tableView(played.value, 'S') : played;
  const state = made.dealHandOrThrow(made.SHORT_WHIST, { dealer: 'N', deck: made.FULL_DECK });
  const rubber = made.startRubberOrThrow(made.SHORT_WHIST, { dealer: 'N' });
  const added = other.addHand(rubber, { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } });
  let thrown: unknown = null;
  try {
    other.playOrThrow(state, 'N', 'AS');
  } catch (e) {
    thrown = e;
  }
  const copy = JSON.parse(JSON.stringify(table));
  let copyRefused: unknown = null;
  try {
    other.currentHand(copy);
  } catch (e) {
    copyRefused = (e as { code?: string }).code;
  }
  return {
    currentHand: hand?.dealer,
    apply: played.ok || played.error.code,
    tableView: view.ok ? view.value.viewer : view.error.code,
    backAgain: back.ok || back.error.code,
    parseTableSame: other.parseTable(table).ok && other.parseTable(table).value === table,
    play: other.play(state, 'E', 'AS').ok,
    addHand: added.ok || added.error.code,
    rulesChecked: other.validateRules(made.SHORT_WHIST).value === made.SHORT_WHIST,
    solve: otherSolver.solve(state).ok,
    solveBack: madeSolver === null ? true : madeSolver.solve(other.playOrThrow(state, 'E', 'AS')).ok,
    thrownCode: (thrown as { code?: string } | null)?.code,
    thrownIsOthers: thrown instanceof other.WhistError,
    thrownIsMadeSides: thrown instanceof made.WhistError,
    plainErrorIsNot: new Error('x') instanceof made.WhistError || new Error('x') instanceof other.WhistError,
    jsonCopyRefused: copyRefused,
  };
}

const CROSSED = {
  currentHand: 'N',
  apply: true,
  tableView: 'E',
  backAgain: true,
  parseTableSame: true,
  play: true,
  addHand: true,
  rulesChecked: true,
  solve: true,
  solveBack: true,
  thrownCode: 'NOT_YOUR_TURN',
  thrownIsOthers: true,
  thrownIsMadeSides: true,
  plainErrorIsNot: false,
  jsonCopyRefused: 'INVALID_STATE',
};

describe('WhistError across copies (src)', () => {
  it('is recognised by its Symbol.for mark, a subclass as classes are, and never throws', () => {
    const other = Object.create(Error.prototype, { [Symbol.for('whist.WhistError')]: { value: true }, code: { value: 'INVALID_CARD' } });
    expect(other instanceof WhistError).toBe(true);
    expect(new Error('x') instanceof WhistError).toBe(false);
    class Mine extends WhistError {}
    expect(new Mine({ code: 'INVALID_CARD', message: 'x' }) instanceof Mine).toBe(true);
    expect(new WhistError({ code: 'INVALID_CARD', message: 'x' }) instanceof Mine).toBe(false);
    expect(other instanceof Mine).toBe(false);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(hostile instanceof WhistError).toBe(false);
  });

  it('a Proxy thrown while a reader reads is still a typed refusal, its traps not asked whether it is a WhistError', () => {
    const thrown = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    const deck = new Proxy([], {
      get() {
        throw thrown;
      },
    });
    expect(dealHand(SHORT_WHIST, { dealer: 'N', deck })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});

describe.skipIf(!existsSync(join(dist, 'index.cjs')))('one package across module systems (dist/)', () => {
  it('import and require in one process: values cross both ways, and WhistError is recognised by both', async () => {
    const cjs = require(join(dist, 'index.cjs'));
    const cjsSolver = require(join(dist, 'solver.cjs'));
    const esm = await import(pathToFileURL(join(dist, 'index.js')).href);
    const esmSolver = await import(pathToFileURL(join(dist, 'solver.js')).href);
    expect(cjs.WhistError).not.toBe(esm.WhistError); // two copies, as an adopter's process loads them
    expect({ esmToCjs: crossings(esm, cjs, esmSolver, cjsSolver), cjsToEsm: crossings(cjs, esm, cjsSolver, esmSolver) }).toEqual({
      esmToCjs: CROSSED,
      cjsToEsm: CROSSED,
    });
    expect(new cjs.WhistError({ code: 'INVALID_CARD', message: 'x' }) instanceof esm.WhistError).toBe(true);
    expect(new esm.WhistError({ code: 'INVALID_CARD', message: 'x' }) instanceof cjs.WhistError).toBe(true);
  });

  describe('an esbuild bundle in which the app imports whist and a CommonJS dependency requires it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-bundle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('holds two copies, and values cross between them both ways', async () => {
      mkdirSync(join(dir, 'node_modules', 'dep'), { recursive: true });
      symlinkSync(root, join(dir, 'node_modules', 'whist'), 'dir');
      writeFileSync(join(dir, 'node_modules', 'dep', 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0', main: 'index.js' }));
      writeFileSync(
        join(dir, 'node_modules', 'dep', 'index.js'),
        [
          "const whist = require('whist');",
          "exports.openTable = () => whist.applyOrThrow(whist.newTableOrThrow(whist.SHORT_WHIST, { seed: 7, dealer: 'N' }), { type: 'deal' });",
          'exports.view = (table, seat) => whist.tableView(table, seat);',
          'exports.apply = (table, action) => whist.apply(table, action);',
          "exports.fail = (state) => { try { whist.playOrThrow(state, 'N', 'AS'); } catch (e) { return e; } };",
          'exports.WhistError = whist.WhistError;',
          "exports.rubber = () => whist.startRubberOrThrow(whist.SHORT_WHIST, { dealer: 'N' });",
          "exports.hand = () => whist.dealHandOrThrow(whist.SHORT_WHIST, { dealer: 'N', deck: whist.FULL_DECK });",
        ].join('\n'),
      );
      // The app reads the states it stored (parseTable, parseState, parseRubber) and plays on those the dependency makes:
      // a copy reads another copy's value with its own reader of that kind, as it would the value's JSON.
      writeFileSync(
        join(dir, 'app.mjs'),
        [
          "import { addHand, apply, currentHand, dealHandOrThrow, FULL_DECK, legalMoves, parseRubber, parseState, parseTable, play, SHORT_WHIST, tableView, WhistError } from 'whist';",
          "import dep from 'dep';",
          'const stored = parseTable(JSON.stringify(dep.openTable()));',
          "const storedHand = parseState(JSON.stringify(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })));",
          'const storedRubber = parseRubber(JSON.stringify(dep.rubber()));',
          'const table = dep.openTable();',
          'const card = legalMoves(currentHand(table))[0];',
          "const played = apply(table, { type: 'play', seat: 'E', card });",
          "const back = played.ok ? dep.view(played.value, 'S') : played;",
          "const mine = played.ok ? dep.apply(played.value, { type: 'play', seat: 'S', card: legalMoves(currentHand(played.value))[0] }) : played;",
          "const thrown = dep.fail(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }));",
          'console.log(JSON.stringify({',
          '  twoCopies: dep.WhistError !== WhistError,',
          "  stored: stored.ok && dep.view(stored.value, 'N').ok,",
          '  rubber: storedRubber.ok && addHand(dep.rubber(), { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } }).ok,',
          "  hand: storedHand.ok && play(dep.hand(), 'E', 'AS').ok,",
          "  view: tableView(table, 'E').ok,",
          '  apply: played.ok || played.error.code,',
          '  viewBack: back.ok || back.error.code,',
          '  applyBack: mine.ok || mine.error.code,',
          '  thrownCode: thrown && thrown.code,',
          '  instanceOf: thrown instanceof WhistError,',
          '}));',
        ].join('\n'),
      );
      const esbuild = await import('esbuild');
      const out = join(dir, 'out.mjs');
      await esbuild.build({ entryPoints: [join(dir, 'app.mjs')], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'silent' });
      // Two engines in the bundle: the class of a hand's progress, once from dist/index.js and once from the .cjs.
      const engines = readFileSync(out, 'utf8').match(/(?:\bclass Progress\d*\b|\bProgress\d* = class\b)/g) ?? [];
      expect(engines.length).toBe(2);
      const result = JSON.parse(execFileSync(process.execPath, [out], { encoding: 'utf8' }));
      expect(result).toEqual({
        twoCopies: true,
        stored: true,
        rubber: true,
        hand: true,
        view: true,
        apply: true,
        viewBack: true,
        applyBack: true,
        thrownCode: 'NOT_YOUR_TURN',
        instanceOf: true,
      });
    });
  });
});
