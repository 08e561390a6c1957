/**
 * @internal The transposition table: results of searches at the start of tricks, reused for every position
 * that shares what decided them (Ginsberg, "Partition search", AAAI-96; Bo Haglund, DDS algorithm notes,
 * "transposition table").
 *
 * A stored result says: "with this seat on lead and these suit lengths in each hand, whenever the top `k[s]`
 * cards of each suit `s` belong to these seats, the side on lead takes between `lower` and `upper` of the
 * remaining tricks". Ranks are relative: the top card of a suit is the highest card still held, whichever it
 * is. The search records, for each result, the lowest card of each suit whose rank mattered (search.ts); every
 * card above it is in the pattern. Below it only the suit lengths matter, and those are in the key.
 *
 * Layout, all in typed arrays, nothing allocated while searching:
 * - classes: open addressing on (the 16 suit lengths, leader, trump). Each class owns a chain of blocks.
 * - blocks: {@link BLOCK_ENTRIES} entries each, filled from the front; a class's newest block comes first, so a
 *   lookup reads the newest results first, from contiguous memory. A class holds at most
 *   {@link maxBlocks} blocks: past that its oldest block is emptied and reused.
 * - an entry: the pattern by rows across the four suits, as in DDS: row 0 holds the top four cards of every
 *   suit (2 bits a card, the seat owning it; 8 bits a suit, spades in the top byte), rows 1 and 2 the next four,
 *   row 3 the thirteenth; each row with its mask (the cards the result relied on), so most entries that do not
 *   apply fail on row 0 alone. Row 0 and its mask sit in an array of their own (a scan reads 8 bytes an entry);
 *   the rest, with one packed word: `k` of each suit (4 bits each), lower and upper bound (4 bits each), a
 *   suggested move (6 bits; 63 = none), in another. The position's rows come from the core's owner words
 *   (`OWNER_WORDS`, core.ts), kept up to date as tricks end.
 *
 * The table grows by doubling up to its byte budget; when it is full at the budget it is cleared. Results do
 * not depend on the deal, only on what the key and pattern say, so the table may be kept between positions
 * and deals (the key includes the trump suit).
 *
 * @module
 */

import { AGGR, COUNT, type Core, kthHighestBit, OWNER_WORDS, TT_MOVE, WIN_RANKS, WORDS } from './core.js';

/**
 * Entries per block. An entry's first row (pattern and mask), which most lookups reject an entry on, is kept apart
 * from the rest, so a scan reads 8 bytes an entry: {@link TOP_INTS} slots in one array, {@link REST_INTS} (rows 1
 * and 2 as pattern and mask, the fourth row, the packed word) in another.
 */
const BLOCK_ENTRIES = 16;
const TOP_INTS = 2;
const REST_INTS = 6;
/**
 * Blocks a class may hold, by tricks left (a class's suit lengths fix them). Near the end of the hand a result is
 * cheap to find again, and a long class costs every lookup that misses; higher up, results are worth keeping.
 */
function maxBlocks(tricksLeft: number): number {
  return tricksLeft <= 4 ? 16 : 64;
}
/**
 * Int32 slots per class: key0, key1, key2 (0 = empty slot), head block, tail block, block count, the entries
 * filled in the head block (every older block is full), one unused: 32 bytes, so a class never straddles two
 * cache lines and a lookup reads its head block's fill with its key.
 */
const CLASS_INTS = 8;
const INITIAL_BLOCKS = 1 << 11;

/**
 * Row masks by `k`, the number of cards that matter from the top of a suit: `ROW_MASK[k * 4 + row]` is the 8-bit
 * part of the top-aligned word's mask in row 0 (the top four cards), 1 (the next four), 2 (the next four) or 3
 * (the thirteenth card, 2 bits).
 */
const ROW_MASK: Int32Array = /* @__PURE__ */ Int32Array.from({ length: 14 * 4 }, (_, i) => {
  const k = i >> 2;
  const row = i & 3;
  const m = k === 0 ? 0 : ((1 << (k << 1)) - 1) << (26 - (k << 1));
  return row === 3 ? m & 3 : (m >>> (18 - (row << 3))) & 255;
});

/**
 * The four row words of the position, into `WORDS[w ..]`: rows 0-2 hold 8 bits per suit (spades in the
 * top byte), row 3 holds 2 bits per suit. Row 3 is never -1.
 */
function computeWords(w: number): void {
  const aggr = AGGR;
  const ow = OWNER_WORDS;
  // Aligned to the top: each suit's highest card in bits 24-25.
  const t0 = (ow[0] as number) << ((13 - (COUNT[aggr[0] as number] as number)) << 1);
  const t1 = (ow[1] as number) << ((13 - (COUNT[aggr[1] as number] as number)) << 1);
  const t2 = (ow[2] as number) << ((13 - (COUNT[aggr[2] as number] as number)) << 1);
  const t3 = (ow[3] as number) << ((13 - (COUNT[aggr[3] as number] as number)) << 1);
  const words = WORDS;
  words[w] = ((t0 >>> 18) << 24) | ((t1 >>> 18) << 16) | ((t2 >>> 18) << 8) | (t3 >>> 18);
  words[w + 1] = (((t0 >>> 10) & 255) << 24) | (((t1 >>> 10) & 255) << 16) | (((t2 >>> 10) & 255) << 8) | ((t3 >>> 10) & 255);
  words[w + 2] = (((t0 >>> 2) & 255) << 24) | (((t1 >>> 2) & 255) << 16) | (((t2 >>> 2) & 255) << 8) | ((t3 >>> 2) & 255);
  words[w + 3] = ((t0 & 3) << 6) | ((t1 & 3) << 4) | ((t2 & 3) << 2) | (t3 & 3);
}

/** The mask of row `row` (0-3) for the `k` of each suit packed 4 bits a suit in `ks`. */
function rowMask(ks: number, row: number): number {
  const m0 = ROW_MASK[((ks & 15) << 2) | row] as number;
  const m1 = ROW_MASK[(((ks >> 4) & 15) << 2) | row] as number;
  const m2 = ROW_MASK[(((ks >> 8) & 15) << 2) | row] as number;
  const m3 = ROW_MASK[(((ks >> 12) & 15) << 2) | row] as number;
  return row === 3 ? (m0 << 6) | (m1 << 4) | (m2 << 2) | m3 : (m0 << 24) | (m1 << 16) | (m2 << 8) | m3;
}

/** A copy of `a` in a longer array of `length` slots. */
function widened(a: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length);
  out.set(a);
  return out;
}

/** @internal A growable transposition table within a byte budget. */
export class TransTable {
  /** The most bytes the table may use. */
  readonly maxBytes: number;
  private classCap = 0;
  private classes: Int32Array = new Int32Array(0);
  private classCount = 0;
  private blockCap = 0;
  private blockCount = 0;
  /** Entries' first rows, {@link TOP_INTS} slots an entry, {@link BLOCK_ENTRIES} entries a block. */
  private tops: Int32Array = new Int32Array(0);
  /** The rest of the entries, {@link REST_INTS} slots an entry. */
  private blocks: Int32Array = new Int32Array(0);
  /** Per block: the next (older) block of its class, or -1. */
  private blockNext: Int32Array = new Int32Array(0);
  /** Times the table was cleared because it was full. */
  resets = 0;
  /** Per depth: the class slot the last lookup found, and the layout it was found in (see {@link TransTable.layout}). */
  private readonly slotAt: Int32Array = new Int32Array(53);
  private readonly layoutAt: Int32Array = new Int32Array(53);
  /** Changes whenever class slots move or empty (growth, clearing). */
  private layout = 1;
  private entries = 0;

  /**
   * @param maxBytes - the budget in bytes
   */
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    let blocks = INITIAL_BLOCKS;
    while (blocks > 64 && this.costOf(blocks) > maxBytes) blocks >>= 1;
    this.allocate(blocks);
  }

  /** The bytes the table's arrays take now. */
  get bytes(): number {
    return this.classes.byteLength + this.tops.byteLength + this.blocks.byteLength + this.blockNext.byteLength;
  }

  /** Number of stored results (an upper bound once blocks have been recycled). */
  get size(): number {
    return this.entries;
  }

  /** Bytes for `blocks` blocks and the class slots that go with them (two slots a block). */
  private costOf(blocks: number): number {
    return blocks * (BLOCK_ENTRIES * (TOP_INTS + REST_INTS) + 1) * 4 + blocks * 2 * CLASS_INTS * 4;
  }

  /** Drops everything, keeping the current arrays. */
  clear(): void {
    this.layout++;
    const cl = this.classes;
    for (let i = 2; i < cl.length; i += CLASS_INTS) cl[i] = 0;
    this.classCount = 0;
    this.blockCount = 0;
    this.entries = 0;
  }

  private allocate(blocks: number): void {
    this.layout++;
    this.blockCap = blocks;
    this.tops = new Int32Array(blocks * BLOCK_ENTRIES * TOP_INTS);
    this.blocks = new Int32Array(blocks * BLOCK_ENTRIES * REST_INTS);
    this.blockNext = new Int32Array(blocks);
    this.classCap = blocks * 2;
    this.classes = new Int32Array(this.classCap * CLASS_INTS);
    this.classCount = 0;
    this.blockCount = 0;
    this.entries = 0;
  }

  /** Doubles the capacity, keeping the contents; returns false at the budget. */
  private grow(): boolean {
    const blocks = this.blockCap * 2;
    if (this.costOf(blocks) > this.maxBytes) return false;
    const oldClasses = this.classes;
    this.tops = widened(this.tops, blocks * BLOCK_ENTRIES * TOP_INTS);
    this.blocks = widened(this.blocks, blocks * BLOCK_ENTRIES * REST_INTS);
    this.blockNext = widened(this.blockNext, blocks);
    this.blockCap = blocks;
    this.classCap = blocks * 2;
    this.classes = new Int32Array(this.classCap * CLASS_INTS);
    this.layout++;
    for (let i = 0; i < oldClasses.length; i += CLASS_INTS) {
      const key2 = oldClasses[i + 2] as number;
      if (key2 === 0) continue;
      const slot = this.findSlot(oldClasses[i] as number, oldClasses[i + 1] as number, key2);
      this.classes.set(oldClasses.subarray(i, i + CLASS_INTS), slot);
    }
    return true;
  }

  /** The offset of the class slot holding this key, or of the empty slot where it would go. */
  private findSlot(key0: number, key1: number, key2: number): number {
    const mask = this.classCap - 1;
    let h = Math.imul(key0 ^ Math.imul(key1, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(key2, 0xc2b2ae35);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    let slot = h & mask;
    const cl = this.classes;
    for (;;) {
      const o = slot * CLASS_INTS;
      const x = cl[o + 2] as number;
      if (x === 0 || (x === key2 && cl[o] === key0 && cl[o + 1] === key1)) return o;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Looks the trick-start node at depth `d` up. Computes the node's row words into `WORDS`.
   *
   * @param c - the core
   * @param d - the depth (a multiple of 4)
   * @param need - tricks the side on lead needs from here for the search's question to be answered yes for it
   * @returns 1 if the side on lead surely gets `need` tricks, 0 if it surely does not, -1 if unknown; when
   *   known, `WIN_RANKS[d * 4 + suit]` holds the lowest card of each suit the stored result relied on. A
   *   matching entry's suggested move goes to `TT_MOVE[d]`.
   */
  lookup(c: Core, d: number, need: number): number {
    TT_MOVE[d] = -1;
    const o = this.findSlot(c.dist0, c.dist1, 1 | (c.leader << 1) | ((c.trump + 1) << 3));
    this.slotAt[d] = o;
    this.layoutAt[d] = this.layout;
    const cl = this.classes;
    if (cl[o + 2] === 0) {
      WORDS[(d << 2) + 3] = -1; // not computed: store computes them
      return -1;
    }
    const w = d << 2;
    computeWords(w);
    const words = WORDS;
    const r0 = words[w] as number;
    const r1 = words[w + 1] as number;
    const r2 = words[w + 2] as number;
    const r3 = words[w + 3] as number;
    const tp = this.tops;
    const bl = this.blocks;
    const next = this.blockNext;
    let move = -1;
    // The head block's fill is kept with the class; every older block is full.
    let filled = cl[o + 6] as number;
    for (let b = cl[o + 3] as number; b >= 0; b = next[b] as number, filled = BLOCK_ENTRIES) {
      const first = b * BLOCK_ENTRIES * 2;
      for (let t = first + (filled << 1) - 2; t >= first; t -= 2) {
        // Two entries an iteration while both fail on their first row (most do), then the one that did not.
        if ((r0 & (tp[t + 1] as number)) !== tp[t]) {
          t -= 2;
          if (t < first || (r0 & (tp[t + 1] as number)) !== tp[t]) continue;
        }
        const i = t >> 1;
        const e = i * REST_INTS;
        if ((r1 & (bl[e + 1] as number)) !== bl[e]) continue;
        if ((r2 & (bl[e + 3] as number)) !== bl[e + 2]) continue;
        const x3 = bl[e + 4] as number;
        if ((r3 & (x3 >> 8)) !== (x3 & 255)) continue;
        const meta = bl[e + 5] as number;
        const lower = (meta >> 16) & 15;
        const upper = (meta >> 20) & 15;
        if (lower >= need || upper < need) {
          const wr = WIN_RANKS;
          const aggr = AGGR;
          for (let s = 0; s < 4; s++) {
            const k = (meta >> (s << 2)) & 15;
            wr[w + s] = k === 0 ? 0 : kthHighestBit(aggr[s] as number, k);
          }
          return lower >= need ? 1 : 0;
        }
        if (move < 0) {
          const m = (meta >>> 24) & 63;
          if (m !== 63) move = m;
        }
      }
    }
    TT_MOVE[d] = move;
    return -1;
  }

  /**
   * Stores the result of a searched trick-start node, its pattern cut at the lowest relevant card of each
   * suit (`WIN_RANKS`), using the words `lookup` computed.
   *
   * @param c - the core
   * @param d - the depth
   * @param need - as in {@link TransTable.lookup}
   * @param success - whether the side on lead got `need` tricks
   * @param move - the move that decided it (card index), or -1
   */
  store(c: Core, d: number, need: number, success: boolean, move: number): void {
    const w = d << 2;
    const wr = WIN_RANKS;
    const aggr = AGGR;
    const words = WORDS;
    if ((words[w + 3] as number) === -1) computeWords(w);
    let ks = 0;
    for (let s = 0; s < 4; s++) {
      const m = wr[w + s] as number;
      const k = m === 0 ? 0 : (COUNT[(aggr[s] as number) & ~((m & -m) - 1)] as number);
      ks |= k << (s << 2);
    }
    const k0 = rowMask(ks, 0);
    const k1 = rowMask(ks, 1);
    const k2 = rowMask(ks, 2);
    const k3 = rowMask(ks, 3);
    const m0 = (words[w] as number) & k0;
    const m1 = (words[w + 1] as number) & k1;
    const m2 = (words[w + 2] as number) & k2;
    const x3 = ((words[w + 3] as number) & k3) | (k3 << 8);
    const key2 = 1 | (c.leader << 1) | ((c.trump + 1) << 3);
    let cl = this.classes;
    // The slot the lookup found, unless the layout changed or another class took that empty slot since.
    let o = this.slotAt[d] as number;
    const x = cl[o + 2] as number;
    if (this.layoutAt[d] !== this.layout || (x !== 0 && (x !== key2 || cl[o] !== c.dist0 || cl[o + 1] !== c.dist1))) {
      o = this.findSlot(c.dist0, c.dist1, key2);
    }
    let bl = this.blocks;
    // A result is appended even when an entry with the same pattern holds the other bound: looking for it took
    // more time than the duplicate costs (lookups read both; 200 random tables: 0.1% fewer nodes, and faster in
    // each of seven alternating runs).
    if (cl[o + 2] === 0 && ((this.classCount + 1) * 4 > this.classCap * 3 || this.blockCount >= this.blockCap)) {
      this.makeRoom();
      o = this.findSlot(c.dist0, c.dist1, key2);
      cl = this.classes;
      bl = this.blocks;
    }
    if (cl[o + 2] === 0) {
      cl[o] = c.dist0;
      cl[o + 1] = c.dist1;
      cl[o + 2] = key2;
      cl[o + 3] = -1;
      cl[o + 4] = -1;
      cl[o + 5] = 0;
      cl[o + 6] = 0;
      this.classCount++;
    }
    const next = this.blockNext;
    let head = cl[o + 3] as number;
    if (head < 0 || (cl[o + 6] as number) === BLOCK_ENTRIES) {
      // A new head block: a fresh one, or this class's oldest recycled.
      let b: number;
      if ((cl[o + 5] as number) >= maxBlocks(d >> 2)) {
        b = cl[o + 4] as number;
        // Unlink the tail: find the block before it.
        let prev = head;
        while ((next[prev] as number) !== b) prev = next[prev] as number;
        next[prev] = -1;
        cl[o + 4] = prev;
        this.entries -= BLOCK_ENTRIES;
      } else {
        if (this.blockCount >= this.blockCap) {
          this.makeRoom();
          this.store(c, d, need, success, move);
          return;
        }
        b = this.blockCount++;
        cl[o + 5] = (cl[o + 5] as number) + 1;
        if (head < 0) cl[o + 4] = b;
      }
      next[b] = head;
      cl[o + 6] = 0;
      cl[o + 3] = b;
      head = b;
    }
    const n = cl[o + 6] as number;
    const i = head * BLOCK_ENTRIES + n;
    cl[o + 6] = n + 1;
    const tp = this.tops;
    tp[i << 1] = m0;
    tp[(i << 1) + 1] = k0;
    const e = i * REST_INTS;
    bl[e] = m1;
    bl[e + 1] = k1;
    bl[e + 2] = m2;
    bl[e + 3] = k2;
    bl[e + 4] = x3;
    const lower = success ? need : 0;
    const upper = success ? d >> 2 : need - 1;
    bl[e + 5] = ks | (lower << 16) | (upper << 20) | ((move >= 0 ? move : 63) << 24);
    this.entries++;
  }

  /** Grows the table, or clears it at the budget. */
  private makeRoom(): void {
    if (!this.grow()) {
      this.clear();
      this.resets++;
    }
  }
}
