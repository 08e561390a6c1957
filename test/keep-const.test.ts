/**
 * scripts/keep-const.ts, the build step that gives a bundle's top-level constants back their `const`: what it
 * changes, and the many ways a name can be assigned again, which keep it a `var`.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constFunctions, keepConst, keepConstInFiles } from '../scripts/keep-const.js';

describe('keepConst', () => {
  it('makes typed arrays, calls marked pure and integers const', () => {
    const text = [
      'var HAND = /* @__PURE__ */ new Int32Array(16);',
      'var COUNT = /* @__PURE__ */ Uint8Array.from({ length: 8192 }, (_, m) => {',
      '  return m;',
      '});',
      'var KTH = /* @__PURE__ */ kthTable(6, 7);',
      'var BITS = 16;',
      'var MINUS = -1;',
      'var BLOCKS = 1 << 11;',
      'var PLAIN = new Int8Array(4);',
      'function f(i) { return HAND[i] + COUNT[i] + KTH[i] + BITS + MINUS + BLOCKS + PLAIN[i]; }',
    ].join('\n');
    const out = keepConst(text);
    expect(out.names).toEqual(['HAND', 'COUNT', 'KTH', 'BITS', 'MINUS', 'BLOCKS', 'PLAIN']);
    expect(out.text.split('\n').filter((l) => l.startsWith('const ')).length).toBe(7);
    expect(out.text).not.toMatch(/^var /m);
    // Only the keyword changes.
    expect(out.text.replace(/^const /gm, 'var ')).toBe(text);
  });

  it('leaves a name that is assigned or declared again, in any form', () => {
    const again = [
      'N = 2;',
      'N += 2;',
      'N <<= 1;',
      'N ??= 1;',
      'N++;',
      '--N;',
      'for (let N = 0; N < 2; N++) {}',
      'function N() {}',
      'class N {}',
      'const f = (N) => { N = 1; };',
      'for (N of list) {}',
      'for (N in o) {}',
      '[N, x] = pair;',
      '({ N } = o);',
      '({ a: N } = o);',
    ];
    for (const line of again) {
      const out = keepConst(`var N = 16;\n${line}\n`);
      expect(out.names, line).toEqual([]);
      expect(out.text, line).toBe(`var N = 16;\n${line}\n`);
    }
  });

  it('does not take a comparison, a property, an index or an arrow for an assignment', () => {
    for (const line of [
      'if (N == 2 || N === 3 || N != 4 || N !== 5 || N <= 6 || N >= 7) {}',
      'o.N = 2;',
      'o.N++;',
      'const f = (x) => N;',
      'const g = { N: 1 };',
      'moves[d * N] = 1;',
      'a[N][0] = 2;',
      'N[0] = 3;',
    ]) {
      expect(keepConst(`var N = 16;\n${line}\n`).names, line).toEqual(['N']);
    }
  });

  it('leaves other values and declarations not at the start of a line', () => {
    const text = [
      'var A = foo();',
      'var B = [1, 2];',
      'var C = "x";',
      'var D = 1.5;',
      '  var E = 16;',
      'let F = 16;',
      'var G = new Map();',
      'var J = new Int32Array(4), K = 0;',
      'var L = /* @__PURE__ */ f("a,b", [1, 2]), M = g();',
      'var H = 16, I = 17;',
    ].join('\n');
    expect(keepConst(text)).toEqual({ text, names: [] });
  });

  it('fails a build whose required names are left var or missing, counting a name esbuild numbered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keep-const-'));
    const a = join(dir, 'a.js');
    const b = join(dir, 'b.js');
    writeFileSync(a, 'var HAND2 = /* @__PURE__ */ int32s(16);\nvar COUNT = 5;\nCOUNT = 6;\n');
    writeFileSync(b, 'var HAND = /* @__PURE__ */ parse();\n');
    // HAND2 and HAND are both made const; COUNT is assigned again, so it stays var; WORDS is nowhere.
    expect(keepConstInFiles([a, b], ['HAND', 'COUNT', 'WORDS'])).toEqual(['COUNT', 'WORDS']);
    expect(readFileSync(a, 'utf8')).toBe('const HAND2 = /* @__PURE__ */ int32s(16);\nvar COUNT = 5;\nCOUNT = 6;\n');
    expect(readFileSync(b, 'utf8')).toBe('const HAND = /* @__PURE__ */ parse();\n');
    // One HAND made const and another left var: that fails too.
    writeFileSync(a, 'var HAND2 = /* @__PURE__ */ int32s(16);\n');
    writeFileSync(b, 'var HAND = 1;\nHAND = 2;\n');
    expect(keepConstInFiles([a, b], ['HAND'])).toEqual(['HAND']);
  });
});

describe('constFunctions', () => {
  const bundle = [
    '// src/solver/search.ts',
    'function followNode(x, d) {',
    '  if (d === 0) return true;',
    '  return followNode(x, d - 1);',
    '}',
    'function lastTrick2(c) {',
    '  return c;',
    '}',
    'function checkStop(c) { return c; }',
    '// src/rules.ts',
    'function lastTrick(state) {',
    '  return state;',
    '}',
  ].join('\n');
  const wanted = { 'src/solver/search.ts': ['followNode', 'lastTrick', 'checkStop'] };

  it('makes the listed functions of their own module const, by name or with a number esbuild added', () => {
    const out = constFunctions(bundle, wanted);
    expect(out.names).toEqual(['src/solver/search.ts#followNode', 'src/solver/search.ts#lastTrick']);
    expect(out.text.split('\n').slice(1, 8)).toEqual([
      'const followNode = function followNode(x, d) {',
      '  if (d === 0) return true;',
      '  return followNode(x, d - 1);',
      '};',
      'const lastTrick2 = function lastTrick2(c) {',
      '  return c;',
      '};',
    ]);
    // Another module's function of the same name is left alone.
    expect(out.text.split('\n').slice(10)).toEqual(['function lastTrick(state) {', '  return state;', '}']);
    // A body that does not end on a line of its own is left, and reported.
    expect(out.left).toEqual(['src/solver/search.ts#checkStop']);
    expect(out.text).toContain('\nfunction checkStop(c) { return c; }\n');
  });

  it('leaves a function whose name is assigned or declared again', () => {
    for (const line of ['followNode = null;', 'var followNode = 1;', 'class followNode {}']) {
      const out = constFunctions(`// src/solver/search.ts\nfunction followNode(x) {\n  return x;\n}\n${line}\n`, wanted);
      expect(out.names, line).toEqual([]);
      expect(out.left, line).toEqual(['src/solver/search.ts#followNode']);
    }
  });

  it('fails a build whose listed functions are missing or left declarations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keep-const-'));
    const a = join(dir, 'a.js');
    const b = join(dir, 'b.js');
    writeFileSync(a, '// src/solver/search.ts\nfunction followNode(x) {\n  return x;\n}\n');
    writeFileSync(b, '// src/solver/search.ts\nfunction leadNode(x) { return x; }\n');
    const functions = { 'src/solver/search.ts': ['followNode', 'leadNode', 'searchNode'] };
    expect(keepConstInFiles([a, b], [], functions)).toEqual(['src/solver/search.ts#leadNode', 'src/solver/search.ts#searchNode']);
    expect(readFileSync(a, 'utf8')).toBe('// src/solver/search.ts\nconst followNode = function followNode(x) {\n  return x;\n};\n');
    // What the build writes runs: the functions made const are called as before.
    const made = new Function(`${readFileSync(a, 'utf8')}\nreturn followNode(7);`);
    expect(made()).toBe(7);
  });
});
