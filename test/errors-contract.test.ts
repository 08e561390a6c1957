/**
 * The contract of docs/errors.md at two places where a value's own code could run or escape: a calculator
 * (`scoreHand`) given facts that throw when read throws a `WhistError`, not the value's own exception; and
 * `apply` reads an action's `type` without converting it (no `Symbol.toPrimitive`, `toString` or
 * inherited property of the table of actions is ever reached).
 */

import { describe, expect, it } from 'vitest';
import { apply, applyOrThrow, newTableOrThrow, SHORT_WHIST, scoreHand, WhistError } from '../src/index.js';

/** What `body` throws, or `null`. */
function thrownBy(body: () => unknown): unknown {
  try {
    body();
  } catch (e) {
    return e;
  }
  return null;
}

const FACTS = { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 } };
const SCORE = { NS: 0, EW: 0 };

describe('scoreHand: a value that throws when read is refused with a WhistError', () => {
  const own = new Error('the value’s own exception');
  const throwing = new Proxy(
    {},
    {
      get() {
        throw own;
      },
      ownKeys() {
        throw own;
      },
      getOwnPropertyDescriptor() {
        throw own;
      },
      has() {
        throw own;
      },
    },
  );
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();

  it.each([
    ['facts: a Proxy whose traps throw', () => scoreHand(SHORT_WHIST, throwing as never, SCORE)],
    ['facts: a revoked Proxy', () => scoreHand(SHORT_WHIST, revoked.proxy as never, SCORE)],
    ['facts.tricks: a Proxy whose traps throw', () => scoreHand(SHORT_WHIST, { ...FACTS, tricks: throwing } as never, SCORE)],
    ['score: a Proxy whose traps throw', () => scoreHand(SHORT_WHIST, FACTS, throwing as never)],
    [
      'facts: a getter that throws',
      () =>
        scoreHand(
          SHORT_WHIST,
          Object.defineProperty({ ...FACTS }, 'honours', {
            enumerable: true,
            get() {
              throw own;
            },
          }) as never,
          SCORE,
        ),
    ],
  ])('%s', (_what, call) => {
    const e = thrownBy(call);
    expect(e).toBeInstanceOf(WhistError);
    expect(e).not.toBe(own);
    expect((e as WhistError).code).toBe('INVALID_ARGUMENT');
  });

  it('plain values keep their answers and their codes', () => {
    expect(scoreHand(SHORT_WHIST, FACTS, SCORE).points).toEqual({ NS: 1, EW: 0 });
    expect((thrownBy(() => scoreHand(SHORT_WHIST, { ...FACTS, tricks: { NS: 7, EW: 7 } }, SCORE)) as WhistError).code).toBe('INVALID_SCORE');
  });
});

describe('apply: an action’s type is read as a string, never converted', () => {
  const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 7, dealer: 'N' }), { type: 'deal' });

  it('a type with its own Symbol.toPrimitive is refused without calling it', () => {
    let calls = 0;
    const type = {
      [Symbol.toPrimitive]() {
        calls++;
        return 'play';
      },
      toString() {
        calls++;
        return 'play';
      },
    };
    const r = apply(table, { type, seat: 'E', card: 'AS' } as never);
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION' } });
    expect(calls).toBe(0);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'a type named like an inherited property (%s) is an unknown action',
    (type) => {
      expect(apply(table, { type } as never)).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION', path: 'type' } });
      expect(apply(table, { type, seat: 'E' } as never)).toMatchObject({ ok: false, error: { code: 'INVALID_ACTION', path: 'seat' } });
    },
  );
});
