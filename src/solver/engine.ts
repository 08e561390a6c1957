/**
 * @internal The solver object behind the public API: one core, one transposition table, and the drivers that
 * answer a position's questions within a node budget or until an abort signal.
 *
 * @module
 */

import { CARD_BY_INDEX, type Card } from '../cards.js';
import { beginRun, Core, endRun, loadPosition, STOP } from './core.js';
import type { ParsedPosition } from './position.js';
import { resetHints, resetSharedHints, scoreRoot, valueOfRoot } from './root.js';
import type { RunLimits, StopReason } from './shell.js';
import { TransTable } from './trans-table.js';

/** @internal A card's score. */
export interface RawScore {
  readonly card: Card;
  readonly tricks: number;
}

/** @internal One solver: a core and a table kept between runs. */
export class Engine {
  readonly core: Core = new Core();
  readonly tt: TransTable;
  /** Nodes searched by the last run. */
  lastNodes = 0;
  /**
   * The seat holding each card in the deal the table's results were found in (-1: not seen). A position whose
   * cards sit elsewhere is from another deal: the table is emptied first, as DDS does, since results of the old
   * deal would mostly lengthen the lookups. Positions of one deal, in any order, keep the table.
   */
  private readonly dealOwner: Int8Array = new Int8Array(52).fill(-1);
  /** Scratch: the seat holding each card of the position being loaded (-1: not in it). */
  private readonly positionOwner: Int8Array = new Int8Array(52);

  /**
   * @param maxBytes - the table's byte budget
   */
  constructor(maxBytes: number) {
    this.tt = new TransTable(maxBytes);
  }

  /** Empties the table and the move hints. */
  clear(): void {
    this.tt.clear();
    resetHints(this.core);
    this.dealOwner.fill(-1);
  }

  /** Empties the table when `p` is not a position of the deal its results came from, and records `p`'s cards. */
  private followDeal(p: ParsedPosition): void {
    const owner = this.dealOwner;
    const now = this.positionOwner.fill(-1);
    for (let k = 0; k < 16; k++) {
      for (let m = p.hands[k] as number; m !== 0; m &= m - 1) now[(k & 3) * 13 + (31 - Math.clz32(m & -m))] = k >> 2;
    }
    for (let i = 0; i < p.trick.length; i++) now[p.trick[i] as number] = (p.leader + i) & 3;
    let same = true;
    for (let card = 0; card < 52; card++) {
      const seat = now[card] as number;
      const was = owner[card] as number;
      if (seat >= 0 && was >= 0 && seat !== was) same = false;
    }
    if (!same) this.clear();
    for (let card = 0; card < 52; card++) if ((now[card] as number) >= 0) owner[card] = now[card] as number;
  }

  private begin(p: ParsedPosition, limits: RunLimits): number {
    this.followDeal(p);
    const c = this.core;
    c.nodes = 0;
    c.nodeLimit = limits.maxNodes;
    c.signal = limits.signal;
    c.stopReason = null;
    resetSharedHints();
    return loadPosition(c, p.hands, p.trump, p.leader, p.trick);
  }

  /**
   * The tricks the side to play takes from here, the trick in progress included.
   *
   * @returns the number, or why the run stopped
   */
  value(p: ParsedPosition, limits: RunLimits, guess: number): number | StopReason {
    if (limits.signal?.aborted) {
      this.lastNodes = 0;
      return 'aborted';
    }
    const saved = beginRun();
    try {
      return valueOfRoot({ c: this.core, tt: this.tt }, this.begin(p, limits), guess);
    } catch (e) {
      if (e === STOP) return this.core.stopReason ?? 'aborted';
      throw e;
    } finally {
      this.lastNodes = this.core.nodes;
      this.core.signal = null;
      endRun(saved);
    }
  }

  /**
   * Every legal card of the seat to play with its score, in the canonical order (suits S H D C, each from the
   * ace down).
   *
   * @returns the scores, or why the run stopped
   */
  scores(p: ParsedPosition, limits: RunLimits): RawScore[] | StopReason {
    if (limits.signal?.aborted) {
      this.lastNodes = 0;
      return 'aborted';
    }
    const table = new Int32Array(52).fill(-1);
    const saved = beginRun();
    try {
      scoreRoot({ c: this.core, tt: this.tt }, this.begin(p, limits), table);
    } catch (e) {
      if (e === STOP) return this.core.stopReason ?? 'aborted';
      throw e;
    } finally {
      this.lastNodes = this.core.nodes;
      this.core.signal = null;
      endRun(saved);
    }
    const out: RawScore[] = [];
    for (let s = 0; s < 4; s++) {
      for (let r = 12; r >= 0; r--) {
        const tricks = table[s * 13 + r] as number;
        if (tricks >= 0) out.push({ card: CARD_BY_INDEX[s * 13 + r] as Card, tricks });
      }
    }
    return out;
  }
}
