/**
 * What the library made: one mark, shared by every entry point, that tells a value the library made
 * (a hand state, a rubber, a table, rules, a view) from a look-alike built elsewhere.
 *
 * The library marks each object it returns, before freezing it, with what it derived while making it
 * (a hand's progress, a table's replayed log). The mark is a private class field: it costs one field
 * per object, is read at the same cost whatever the object's age, cannot be forged by code outside this
 * module, and is not copied by `{ ...spread }`, `structuredClone` or JSON. A marked object is trusted by
 * its type; anything else must enter through a reader (`parseState`, `parseRubber`, `parseTable`,
 * `validateRules`), which checks it once and returns a marked copy.
 *
 * Every entry (`whist`, `whist/records`, `whist/solver`, ESM and CommonJS alike) imports this module
 * from one shared chunk, so a value made through one entry is recognised by all of them.
 *
 * @module
 * @internal
 */

/** A base class whose constructor returns the object it is given, so that a subclass's private field is
 * added to that object (the "return override" of class constructors). */
class Carrier {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the return override is what marks the object
    return target;
  }
}

class Mark extends Carrier {
  readonly #derived: unknown;
  constructor(target: object, derived: unknown) {
    super(target);
    this.#derived = derived;
  }
  static read(value: object): unknown {
    return #derived in value ? value.#derived : undefined;
  }
}

/** @internal Marks a new, not yet frozen object as made by the library, with what was derived while making it. */
export function markMade<T extends object>(value: T, derived: unknown): T {
  new Mark(value, derived);
  return value;
}

/** @internal What the library derived when it made `value`, or `undefined` for any value it did not make. Never throws. */
export function madeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? Mark.read(value) : undefined;
}
