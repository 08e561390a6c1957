/**
 * @internal The solver's mutable core: one object holding a position as bitmasks, changed in place by
 * {@link playCard} and {@link unplayCard}, plus the per-depth scratch arrays the search uses. Nothing in the
 * search allocates: every array is made once, here.
 *
 * Encoding: inside the core a card is `suit * 16 + rank` (suits S H D C = 0-3, ranks two = 0 … ace = 12), so
 * its suit and rank are a shift and a mask: the search writes `card >> 4` (suit), `card & 15` (rank),
 * `1 << (card & 15)` (rank bit), `31 - Math.clz32(mask)` (highest rank of a mask) and
 * `31 - Math.clz32(mask & -mask)` (lowest) in place, rather than calling a helper: V8 checks a module
 * function's binding at every call, and on full tables those checks were 4% of the instructions. Positions come
 * in, and scores go out, by the index of src/cards.ts (`suit * 13 + rank`, see {@link coreCard}). Seats
 * N E S W = 0-3, so `seat & 1` is the side (0 = north-south, 1 = east-west); `HAND[seat * 4 + suit]` is a
 * 13-bit rank mask (bit 0 the two, bit 12 the ace).
 *
 * Depth `d` is the number of cards still held by the four hands at a node; a card played at a node of depth
 * `d` leads to a node of depth `d - 1`. Per-depth arrays are indexed by `d` (0-52), so they never collide.
 *
 * @module
 */

/** @internal Suit (0-3) of a card in the core's encoding (`suit * 16 + rank`). */
export function suitOf(card: number): number {
  return card >> 4;
}

/** @internal A card index of src/cards.ts (`suit * 13 + rank`, 0-51) in the core's encoding. */
export function coreCard(index: number): number {
  const s = (index / 13) | 0;
  return (s << 4) | (index - s * 13);
}

/** @internal Number of set bits of each 13-bit mask. */
export const COUNT: Uint8Array = /* @__PURE__ */ Uint8Array.from({ length: 8192 }, (_, m) => {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
});

/**
 * The bit of the k-th highest set bit (k = 1-7) of a 6-bit (`KTH_HI[m * 8 + k]`, bits moved up to 7-12) or 7-bit
 * (`KTH_LO[m * 8 + k]`) mask, or 0 when it has fewer.
 */
const KTH_HI: Uint16Array = /* @__PURE__ */ kthTable(6, 7);
const KTH_LO: Uint16Array = /* @__PURE__ */ kthTable(7, 0);

function kthTable(bits: number, shift: number): Uint16Array {
  const t = new Uint16Array((1 << bits) * 8);
  for (let m = 0; m < 1 << bits; m++) {
    let k = 0;
    for (let b = bits - 1; b >= 0 && k < 7; b--) if ((m >> b) & 1) t[m * 8 + ++k] = 1 << (b + shift);
  }
  return t;
}

/** @internal The bit of the k-th highest card (k >= 1) of a suit mask, or 0 when it holds fewer than k cards. */
export function kthHighestBit(mask: number, k: number): number {
  const hi = mask >> 7;
  const n = COUNT[hi] as number;
  if (k <= n) return KTH_HI[(hi << 3) | k] as number;
  const j = k - n;
  return j > 7 ? 0 : (KTH_LO[((mask & 127) << 3) | j] as number);
}

/** @internal Thrown through the search to stop it (abort signal or node budget); never escapes the root. */
export const STOP: { readonly stop: true } = { stop: true };

/** @internal Anything with an `aborted` flag, such as an `AbortSignal`. */
export interface AbortFlag {
  readonly aborted: boolean;
}

/** @internal Bits of a slot of the cut-off cache: a key's slot is the top bits of its product by a constant. */
export const CUT_BITS = 16;

/** @internal Bits of a key of the cut-off cache; the card (6 bits) is stored above them. */
export const CUT_KEY_BITS = 26;

/** @internal Slots of the cut-off cache. */
export const CUT_SLOTS = 1 << CUT_BITS;

/** @internal Moves kept per depth (a hand holds at most 13 cards). */
export const MOVES_PER_DEPTH = 16;

/*
 * The position and the search's scratch space, one set for every core. Nothing in a search waits or yields, and
 * every search loads its position first, so cores can share them; the one way to start a search inside another
 * is from the other's signal getter, and {@link beginRun} covers it. What a core keeps from one search to the
 * next (its counters, its killer moves and its cut-off cache) is its own, in {@link Core}. Module constants
 * rather than a core's fields because V8 folds a constant typed array's address and length into the code that
 * reads it: full tables of the first two random deals of ../shared/tools/dds/compare.mjs run 14% fewer
 * instructions (callgrind) than with a core's own arrays. Only as
 * `const`: esbuild writes a bundle's top-level constants as `var`, which V8 reads from the module at every use
 * (3% more instructions than a core's own arrays), so the build makes them `const` again (scripts/keep-const.ts).
 */

/**
 * An Int32Array of `n` entries with its memory outside V8's heap (an ArrayBuffer of its own). V8 keeps a typed array
 * of 64 bytes or less inside its heap, where the garbage collector moves it, so its address cannot be folded into
 * code; outside, it can: for the small arrays here (HAND, AGGR, OWNER, OWNER_WORDS), 6% fewer instructions on the
 * same two deals.
 */
function int32s(n: number): Int32Array {
  return new Int32Array(new ArrayBuffer(n * 4));
}

/** @internal Cards held: `HAND[seat * 4 + suit]`. */
export const HAND: Int32Array = /* @__PURE__ */ int32s(16);
/** @internal Per suit: cards held by anyone plus the cards of the trick in progress (removed when a trick ends). */
export const AGGR: Int32Array = /* @__PURE__ */ int32s(4);
/** @internal The seat holding each card at the root, by card (cards never change hands). */
export const OWNER: Int8Array = /* @__PURE__ */ new Int8Array(new ArrayBuffer(64));
/**
 * @internal Per suit, the owners of the cards in {@link AGGR}: 2 bits a card (the seat), from the lowest card up.
 * Kept up to date as tricks end and are taken back; the transposition table's patterns are read from it.
 */
export const OWNER_WORDS: Int32Array = /* @__PURE__ */ int32s(4);
/** @internal The owner words before the trick that ended at each depth (`d * 4 + suit`), restored by {@link untakeTrick}. */
export const SAVED_OWNER_WORDS: Int32Array = /* @__PURE__ */ int32s(60 * 4);
/** @internal The card played at each depth (index = depth before the play). */
export const PLAYED: Int32Array = /* @__PURE__ */ int32s(60);
/**
 * @internal Saved trick state per depth: the winning card and its seat before a play (by {@link playCard}, restored
 * by {@link unplayCard}; the search keeps them in locals instead), and the leader before a trick ended (by
 * {@link endTrick}, restored by {@link untakeTrick}).
 */
export const SAVED_WIN_CARD: Int32Array = /* @__PURE__ */ int32s(60);
export const SAVED_WIN_SEAT: Int32Array = /* @__PURE__ */ int32s(60);
export const SAVED_LEADER: Int32Array = /* @__PURE__ */ int32s(60);
/** @internal At a depth where a trick ended: the suit and rank mask that decided it (0 when no rank comparison did). */
export const MARK_SUIT: Int32Array = /* @__PURE__ */ int32s(60);
export const MARK_BITS: Int32Array = /* @__PURE__ */ int32s(60);
/**
 * @internal Move lists per depth: each move packed as `card | group << 6` (the card index and its equivalence
 * group, a rank mask), and its ordering weight.
 */
export const MOVES: Int32Array = /* @__PURE__ */ int32s(53 * MOVES_PER_DEPTH);
export const MOVE_WEIGHT: Int32Array = /* @__PURE__ */ int32s(53 * MOVES_PER_DEPTH);
/**
 * @internal The ranks that decided each node's result, per depth and suit (`d * 4 + suit`). Only the lowest rank
 * of each suit matters: the result holds for every position where the cards from the top of each suit down to
 * that rank have the same owners and the suit lengths are the same (partition search).
 */
export const WIN_RANKS: Int32Array = /* @__PURE__ */ int32s(54 * 4);
/** @internal Per depth: at a lead, the card the cut-off cache suggests, or -1. */
export const CUT_MOVE: Int32Array = /* @__PURE__ */ int32s(53).fill(-1);
/** @internal Per depth: the best move suggested by a transposition-table entry for this node, or -1. */
export const TT_MOVE: Int32Array = /* @__PURE__ */ int32s(53).fill(-1);
/** @internal Per depth: the relative-rank pattern words of a trick-start node (see trans-table.ts). */
export const WORDS: Int32Array = /* @__PURE__ */ int32s(53 * 4);

/** The shared arrays, for {@link beginRun} and {@link endRun}. */
const SHARED: readonly (Int32Array | Int8Array)[] = [
  HAND,
  AGGR,
  OWNER,
  OWNER_WORDS,
  SAVED_OWNER_WORDS,
  PLAYED,
  SAVED_WIN_CARD,
  SAVED_WIN_SEAT,
  SAVED_LEADER,
  MARK_SUIT,
  MARK_BITS,
  MOVES,
  MOVE_WEIGHT,
  WIN_RANKS,
  CUT_MOVE,
  TT_MOVE,
  WORDS,
];

/** Runs in progress: more than one only while a run started inside another (from a signal's getter) runs. */
let running = 0;

/**
 * @internal Marks the start of a run that loads positions into the shared arrays. A run started while another is in
 * progress (from inside its signal's getter, which the search reads every 1,024 nodes) gets a copy of the arrays to
 * put back with {@link endRun}, so the run it interrupted goes on from where it was.
 *
 * @returns the copy to give {@link endRun}, or null when no other run is in progress
 */
export function beginRun(): (Int32Array | Int8Array)[] | null {
  const saved = running > 0 ? SHARED.map((a) => a.slice()) : null;
  running++;
  return saved;
}

/**
 * @internal Marks the end of a run begun by {@link beginRun}, putting the interrupted run's arrays back.
 *
 * @param saved - what {@link beginRun} returned
 */
export function endRun(saved: (Int32Array | Int8Array)[] | null): void {
  running--;
  if (saved !== null) for (let i = 0; i < SHARED.length; i++) (SHARED[i] as Int32Array).set(saved[i] as Int32Array);
}

/**
 * @internal What a solver keeps of its own: the trick in progress and the question asked (fields, cheap to read),
 * its counters and limits, and the move hints it carries from one search to the next (its killer moves and its
 * cut-off cache; the per-depth hints of the table and of the cache are shared, and reset at each run). The
 * position itself is in the shared arrays above. Fields are public for speed; only this folder's modules touch them.
 */
export class Core {
  /** Trump suit 0-3, or -1 for no trump. */
  trump = -1;
  /** The side searched for (0 north-south, 1 east-west): "can it take `target` tricks?". */
  maxSide = 0;
  /** Tricks the max side must take, counted from the root. */
  target = 0;
  /** Tricks the max side has taken since the root. */
  tricksMax = 0;
  /** The seat that led the trick in progress (or leads the next one). */
  leader = 0;
  /** Cards played to the trick in progress (0-3). */
  trickPos = 0;
  /** The card winning the trick in progress. */
  winCard = 0;
  /** The seat of {@link Core.winCard}. */
  winSeat = 0;
  /** Suit lengths of north and east, 4 bits each (`(seat * 4 + suit) * 4`). */
  dist0 = 0;
  /** Suit lengths of south and west, 4 bits each (`((seat - 2) * 4 + suit) * 4`). */
  dist1 = 0;

  /** Per depth: the card that last caused a cut-off (a killer move), or -1. */
  readonly killer: Int32Array = new Int32Array(53).fill(-1);
  /**
   * The cut-off cache (see search.ts): per slot, the key of a situation (inside a trick, or a leader's hand) in
   * the low {@link CUT_KEY_BITS} bits and the card that last cut it off above them, so that a probe reads one
   * word (0: an empty slot).
   */
  readonly cutSlots: Int32Array = new Int32Array(CUT_SLOTS);

  /** The suits the last quick-tricks count (quick-tricks.ts) counted rounds in, one bit a suit. */
  cashSuits = 0;
  /** The rounds the last quick-tricks count counted in each suit, 4 bits a suit (`suit * 4`). */
  cashRounds = 0;
  /** Nodes searched since the counter was last reset. */
  nodes = 0;
  trickNodes = 0;
  /** Stop when {@link Core.nodes} passes this. */
  nodeLimit = Number.POSITIVE_INFINITY;
  /** Stop when this becomes aborted (checked every 1024 nodes). */
  signal: AbortFlag | null = null;
  /** Why the search stopped: 'aborted', 'budget' or null. */
  stopReason: 'aborted' | 'budget' | null = null;
}

/** @internal The shift of a seat/suit length in {@link Core.dist0} / {@link Core.dist1}. */
export function distShift(seat: number, suit: number): number {
  return (((seat & 1) << 2) | suit) << 2;
}

/**
 * @internal The card of rank bit `bit` leaves the holding `hk` (seat * 4 + suit), and the suit lengths follow: the
 * part of {@link playCard} the search does in place (it keeps the trick's state in locals).
 */
export function takeFromHand(c: Core, hk: number, bit: number): void {
  HAND[hk] = (HAND[hk] as number) ^ bit;
  const one = 1 << ((hk & 7) << 2);
  if (hk < 8) c.dist0 = (c.dist0 - one) | 0;
  else c.dist1 = (c.dist1 - one) | 0;
}

/** @internal Undoes {@link takeFromHand}. */
export function returnToHand(c: Core, hk: number, bit: number): void {
  HAND[hk] = (HAND[hk] as number) | bit;
  const one = 1 << ((hk & 7) << 2);
  if (hk < 8) c.dist0 = (c.dist0 + one) | 0;
  else c.dist1 = (c.dist1 + one) | 0;
}

/**
 * @internal Plays `card` for the seat to play at a node of depth `d`. The card must be held by that seat and
 * legal; nothing is checked.
 *
 * @param c - the core
 * @param d - the node's depth (cards held before the play)
 * @param card - card index
 */
export function playCard(c: Core, d: number, card: number): void {
  const p = c.trickPos;
  const seat = (c.leader + p) & 3;
  const s = card >> 4;
  takeFromHand(c, (seat << 2) | s, 1 << (card & 15));
  PLAYED[d] = card;
  if (p === 0) {
    c.winCard = card;
    c.winSeat = seat;
    c.trickPos = 1;
    return;
  }
  SAVED_WIN_CARD[d] = c.winCard;
  SAVED_WIN_SEAT[d] = c.winSeat;
  const ws = c.winCard >> 4;
  if (s === ws ? card > c.winCard : s === c.trump) {
    c.winCard = card;
    c.winSeat = seat;
  }
  if (p < 3) {
    c.trickPos = p + 1;
    return;
  }
  endTrick(c, d);
}

/**
 * One card of a finished trick leaves the aggregate and the owner words; returns 1 when it is of suit `wsuit`.
 */
function takeOut(x: number, wsuit: number): number {
  const xs = x >> 4;
  const bit = 1 << (x & 15);
  const a = AGGR[xs] as number;
  // Its 2 bits sit above those of the cards below it; the words of the higher cards move down 2 bits.
  const j = (COUNT[a & (bit - 1)] as number) << 1;
  const word = OWNER_WORDS[xs] as number;
  OWNER_WORDS[xs] = (word & ((1 << j) - 1)) | ((word >>> (j + 2)) << j);
  AGGR[xs] = a ^ bit;
  return xs === wsuit ? 1 : 0;
}

/**
 * @internal The trick ending with the card played at depth `d` (its four cards in `PLAYED[d .. d + 3]`, its
 * winner in `c.winSeat`): its cards leave the aggregate and the owner words, the winner leads. Taken back by
 * {@link untakeTrick}.
 */
export function endTrick(c: Core, d: number): void {
  const played = PLAYED;
  const ow = OWNER_WORDS;
  const saved = SAVED_OWNER_WORDS;
  const o = d << 2;
  saved[o] = ow[0] as number;
  saved[o + 1] = ow[1] as number;
  saved[o + 2] = ow[2] as number;
  saved[o + 3] = ow[3] as number;
  const wsuit = c.winCard >> 4;
  // Four calls rather than a loop: inlined, straight-line code checks each array once.
  const same =
    takeOut(played[d] as number, wsuit) +
    takeOut(played[d + 1] as number, wsuit) +
    takeOut(played[d + 2] as number, wsuit) +
    takeOut(played[d + 3] as number, wsuit);
  MARK_SUIT[d] = wsuit;
  // A rank decided the trick only if another card of the winning suit was in it.
  MARK_BITS[d] = same >= 2 ? 1 << (c.winCard & 15) : 0;
  c.trickNodes++;
  SAVED_LEADER[d] = c.leader;
  c.leader = c.winSeat;
  c.trickPos = 0;
  if ((c.winSeat & 1) === c.maxSide) c.tricksMax++;
}

/**
 * @internal Takes back the card played at depth `d` (the last card played).
 *
 * @param c - the core
 * @param d - the depth the card was played at
 * @param card - card index
 */
export function unplayCard(c: Core, d: number, card: number): void {
  let p = c.trickPos;
  if (p === 0) {
    untakeTrick(c, d);
    p = 3;
  } else p--;
  const seat = (c.leader + p) & 3;
  returnToHand(c, (seat << 2) | (card >> 4), 1 << (card & 15));
  c.trickPos = p;
  if (p === 0) return;
  c.winCard = SAVED_WIN_CARD[d] as number;
  c.winSeat = SAVED_WIN_SEAT[d] as number;
}

/**
 * @internal Takes back {@link endTrick} at depth `d`: the trick's cards return to the aggregate and the owner
 * words, its leader leads again. The trick's cards stay played; `c.trickPos` is left at 0.
 */
export function untakeTrick(c: Core, d: number): void {
  if ((c.leader & 1) === c.maxSide) c.tricksMax--;
  c.leader = SAVED_LEADER[d] as number;
  const played = PLAYED;
  const aggr = AGGR;
  const x0 = played[d] as number;
  const x1 = played[d + 1] as number;
  const x2 = played[d + 2] as number;
  const x3 = played[d + 3] as number;
  aggr[x0 >> 4] = (aggr[x0 >> 4] as number) | (1 << (x0 & 15));
  aggr[x1 >> 4] = (aggr[x1 >> 4] as number) | (1 << (x1 & 15));
  aggr[x2 >> 4] = (aggr[x2 >> 4] as number) | (1 << (x2 & 15));
  aggr[x3 >> 4] = (aggr[x3 >> 4] as number) | (1 << (x3 & 15));
  const ow = OWNER_WORDS;
  const saved = SAVED_OWNER_WORDS;
  const o = d << 2;
  ow[0] = saved[o] as number;
  ow[1] = saved[o + 1] as number;
  ow[2] = saved[o + 2] as number;
  ow[3] = saved[o + 3] as number;
}

/**
 * @internal Loads a position into the core.
 *
 * @param c - the core
 * @param hands - 16 rank masks, `hands[seat * 4 + suit]`, the cards still held
 * @param trump - 0-3 or -1
 * @param leader - the seat that led the trick in progress (or leads next)
 * @param trick - card indices (src/cards.ts, `suit * 13 + rank`) of the trick in progress, in play order (0-3 cards)
 * @returns the depth of the root (cards held)
 */
export function loadPosition(c: Core, hands: ArrayLike<number>, trump: number, leader: number, trick: ArrayLike<number>): number {
  let d = 0;
  c.dist0 = 0;
  c.dist1 = 0;
  AGGR.fill(0);
  for (let seat = 0; seat < 4; seat++) {
    for (let s = 0; s < 4; s++) {
      const m = hands[(seat << 2) | s] as number;
      HAND[(seat << 2) | s] = m;
      AGGR[s] = (AGGR[s] as number) | m;
      const n = COUNT[m] as number;
      d += n;
      if (seat < 2) c.dist0 = (c.dist0 + (n << distShift(seat, s))) | 0;
      else c.dist1 = (c.dist1 + (n << distShift(seat, s))) | 0;
      for (let r = 0; r < 13; r++) if ((m >> r) & 1) OWNER[(s << 4) | r] = seat;
    }
  }
  c.trump = trump;
  c.leader = leader;
  c.trickPos = 0;
  c.tricksMax = 0;
  const n = trick.length;
  for (let i = 0; i < n; i++) {
    const card = coreCard(trick[i] as number);
    const s = card >> 4;
    const seat = (leader + i) & 3;
    OWNER[card] = seat;
    AGGR[s] = (AGGR[s] as number) | (1 << (card & 15));
    const at = d + n - i;
    PLAYED[at] = card;
    if (i === 0) {
      c.winCard = card;
      c.winSeat = seat;
    } else {
      SAVED_WIN_CARD[at] = c.winCard;
      SAVED_WIN_SEAT[at] = c.winSeat;
      const ws = c.winCard >> 4;
      if (s === ws ? card > c.winCard : s === trump) {
        c.winCard = card;
        c.winSeat = seat;
      }
    }
    c.trickPos = i + 1;
  }
  for (let s = 0; s < 4; s++) {
    let word = 0;
    const a = AGGR[s] as number;
    for (let r = 12; r >= 0; r--) if ((a >> r) & 1) word = (word << 2) | (OWNER[(s << 4) | r] as number);
    OWNER_WORDS[s] = word;
  }
  return d;
}
