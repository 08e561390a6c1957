/**
 * What the library made: one mark, shared by every entry point, that tells a value the library made
 * (a hand state, a rubber, a table, rules) from a look-alike built elsewhere.
 *
 * The library marks each object it returns, before freezing it, with what it derived while making it
 * (a hand's progress, a table's replayed log). The mark is a private class field: it costs one field
 * per object, is read at the same cost whatever the object's age, cannot be forged by code outside this
 * module, and is not copied by `{ ...spread }`, `structuredClone` or JSON. A marked object is trusted by
 * its type; anything else must enter through a reader (`parseState`, `parseRubber`, `parseTable`,
 * `validateRules`), which checks it once and returns a marked copy.
 *
 * Every entry (`whist`, `whist/records`, `whist/solver`) of one format imports this module from one shared
 * chunk, so a value made through one entry is recognised by all of them at the cost of one field read.
 *
 * Other copies of the library (the CommonJS build beside the ESM one in one process, or two copies in
 * one bundle) each have their own mark. Each copy puts a function that tells its own marked values (a
 * `boolean`, never what it derived) in a list shared through `globalThis` under
 * `Symbol.for('whist.made/1')`. A value marked by another copy is *adopted*: this copy reads it once with
 * its own reader of that kind (`parseState`'s, `parseRubber`'s, `parseTable`'s, `validateRules`'), keeps
 * what it derived beside the value in a `WeakMap`, and recognises it from then on at the cost of that
 * lookup. A value crosses between copies of any version whose reader reads its stored shape (the shapes
 * carry their schema versions, `v`); one it cannot read is refused as before. Each kind's reader registers
 * itself with {@link adoptWith} where it is defined, so that a bundle that leaves a reader out as unused
 * leaves out its adoption with it: a copy takes another copy's value of a kind exactly where it could read
 * that value's JSON.
 *
 * The trade-off: code running in the same realm can add a function to the shared list and so have any
 * frozen object taken for made. That object is still read completely by this copy's reader before it is
 * used, so a forged mark gains nothing a reader would refuse; and data (JSON, a request body, a
 * `structuredClone`) can carry no function, so untrusted data still cannot pass for a made value. With
 * one copy in the realm, nothing is adopted and nothing is looked up.
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
  /** Whether this copy marked `value`, an object: a private field is read without any Proxy trap. */
  static has(value: object): boolean {
    return #derived in value;
  }
}

/** Where every copy of the library in this realm lists how it tells its own values; see the module comment. */
const SHARED = Symbol.for('whist.made/1');

/** The shared list of the copies' tests, this copy's own added; an empty list when `globalThis` does not allow one. */
function sharedCopies(): ((value: object) => boolean)[] {
  let list: unknown = [Mark.has];
  try {
    const g = globalThis as unknown as Record<symbol, unknown>;
    const shared = g[SHARED];
    if (Array.isArray(shared)) {
      shared.push(Mark.has);
      list = shared;
    } else Object.defineProperty(globalThis, SHARED, { value: list });
  } catch {
    // A frozen globalThis: this copy alone.
  }
  return list as ((value: object) => boolean)[];
}

const copies = sharedCopies();

/**
 * @internal How this copy reads a kind of value another copy made: `read` checks it completely (a reader's
 * own check) and returns what this copy derives, which is kept when `derived` says it is of the kind.
 */
export interface Adoption {
  readonly derived: (value: unknown) => boolean;
  readonly read: (value: object) => unknown;
}

/** The kinds registered with {@link adoptWith}, read for a caller of {@link madeOf} that names none. */
const registered: Adoption[] = [];

/** What this copy derived for the values other copies made, read once each. */
const adopted = new WeakMap<object, unknown>();

/** @internal Marks a new, not yet frozen object as made by the library, with what was derived while making it. */
export function markMade<T extends object>(value: T, derived: unknown): T {
  new Mark(value, derived);
  return value;
}

/**
 * @internal What the library derived when it made `value`, or `undefined` for any value it did not make.
 * A value another copy of the library made is read once by `adopt` (or by the kinds registered with
 * {@link adoptWith} when none is given) and recognised from then on (see the module comment). Never throws.
 */
export function madeOf(value: unknown, adopt?: Adoption): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const own = Mark.read(value);
  if (own !== undefined || copies.length < 2) return own;
  return adoptedOf(value, adopt === undefined ? registered : [adopt]);
}

/**
 * @internal Registers a kind that {@link madeOf} reads, for a value another copy made, when its caller names
 * none (the kind's reader lives above the module that asks). Returns `kind`, so that the registration is
 * kept in a bundle exactly where the code using what it returns is.
 */
export function adoptWith<K extends Pick<Adoption, 'derived'>>(kind: K, read: Adoption['read']): K {
  registered.push({ derived: kind.derived, read });
  return kind;
}

/** What this copy derives for a value another copy made, or `undefined` for one no copy made. Never throws. */
function adoptedOf(value: object, kinds: readonly Adoption[]): unknown {
  const known = adopted.get(value);
  if (known !== undefined) return known;
  if (!madeElsewhere(value)) return undefined;
  for (const kind of kinds) {
    try {
      const derived = kind.read(value);
      if (kind.derived(derived)) {
        adopted.set(value, derived);
        return derived;
      }
    } catch {
      // A reader does not throw; a value it cannot read is not adopted.
    }
  }
  return undefined;
}

/** Whether another copy of the library marked `value`: a frozen object one of their tests answers `true` for. */
function madeElsewhere(value: object): boolean {
  try {
    for (let i = 0; i < copies.length; i++) {
      const isMade = copies[i] as (value: object) => boolean;
      // The copies' tests read a private field, which calls nothing the value defines; a made value is frozen.
      if (isMade !== Mark.has && isMade(value) === true) return Object.isFrozen(value);
    }
  } catch {
    // A test that throws, or a Proxy whose trap does: not made by a copy of the library.
  }
  return false;
}
