/**
 * Calls, auctions and contracts: how a bridge record's bidding comes to the contract that makes a deal a
 * Whist hand (declarer deals, the strain is trump). The bidding has no other Whist meaning; the readers
 * use it only to find the contract when a record leaves the Contract or Declarer tag empty.
 *
 * An auction is read call by call, keeping no list of calls: a file of a million calls costs no memory.
 *
 * @module
 */

import type { Suit } from '../../cards.js';
import { describe, onlyWhistErrors, WhistError } from '../../errors.js';
import { isSeat, nextSeat, type Seat } from '../../seats.js';
import { BANG, table, ZERO } from '../text/chars.js';
import { note, type Problems, quote } from '../text/problems.js';
import type { Contract } from './record.js';

/**
 * A call of a bridge auction: a bid, a pass, a double or a redouble.
 *
 * @group Records
 */
export type Call = { readonly kind: 'bid'; readonly level: number; readonly strain: Suit | null } | { readonly kind: 'pass' | 'double' | 'redouble' };

/**
 * What an auction comes to.
 *
 * @group Records
 */
export type AuctionOutcome =
  | { readonly kind: 'contract'; readonly contract: Contract; readonly complete: boolean }
  | { readonly kind: 'passedOut' }
  | { readonly kind: 'unknown'; readonly reason: string };

const STRAIN_INDEX = table({ S: 0, H: 1, D: 2, C: 3, N: 4, NT: 4 });
const STRAINS: readonly (Suit | null)[] = ['S', 'H', 'D', 'C', null];
/** @internal The pass, shared. */
export const PASS: Call = Object.freeze({ kind: 'pass' });
const DOUBLE: Call = Object.freeze({ kind: 'double' });
const REDOUBLE: Call = Object.freeze({ kind: 'redouble' });
/** `BID[level - 1][strain index]`, shared: a long auction keeps no call objects of its own. */
const BID: readonly (readonly Call[])[] = [1, 2, 3, 4, 5, 6, 7].map((level) => STRAINS.map((strain) => Object.freeze({ kind: 'bid', level, strain }) as Call));

/**
 * Reads one call as PBN (3.5) or BBO's LIN writes it.
 *
 * @param token - `"Pass"`, `"P"`, `"X"`, `"D"`, `"XX"`, `"R"`, `"1C"` … `"7NT"` (or `"7N"`), any case;
 *   trailing alerts `!` are ignored
 * @returns the call (a shared, frozen object), or `null` for anything else (`AP`, `-`, notes, a value that
 *   is not a string); never throws
 * @example
 * ```ts
 * import { parseCall } from 'whist/records';
 *
 * parseCall('3NT'); // { kind: 'bid', level: 3, strain: null }
 * parseCall('xx'); // { kind: 'redouble' }
 * parseCall('2s!'); // { kind: 'bid', level: 2, strain: 'S' }
 * parseCall('AP'); // null
 * ```
 * @remarks Source: PBN 2.1, 3.5 (calls); BBO LIN `mb|` values (`p`, `d`, `r`, `1N`).
 * @group Records
 */
export function parseCall(token: string): Call | null {
  if (typeof token !== 'string') return null;
  let end = token.length;
  while (end > 0 && token.charCodeAt(end - 1) === BANG) end--;
  // The longest call is four characters, and upper-casing never shortens a string.
  if (end === 0 || end > 4) return null;
  const t = token.slice(0, end).toUpperCase();
  if (t === 'PASS' || t === 'P') return PASS;
  if (t === 'X' || t === 'D' || t === 'DBL') return DOUBLE;
  if (t === 'XX' || t === 'R' || t === 'RDBL') return REDOUBLE;
  const level = t.charCodeAt(0) - ZERO;
  const strain = STRAIN_INDEX[t.slice(1)];
  if (level < 1 || level > 7 || strain === undefined || t.length > 3) return null;
  return BID[level - 1]?.[strain] ?? null;
}

/** @internal An auction read call by call, keeping no list of calls. */
export interface Auction {
  calls: number;
  /** The last bid's level (0: no bid yet), strain index and call index. */
  lastLevel: number;
  lastStrain: number;
  lastIndex: number;
  risk: Contract['risk'];
  passesSince: number;
  /** The index of the first call naming each strain, by side parity: `[parity * 5 + strain]`, -1 if none. */
  readonly firstToName: number[];
}

/** @internal An auction with no calls yet. */
export function newAuction(): Auction {
  return { calls: 0, lastLevel: 0, lastStrain: 0, lastIndex: 0, risk: '', passesSince: 0, firstToName: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1] };
}

/** @internal Takes in the next call. */
export function addCall(a: Auction, call: Call): void {
  const i = a.calls++;
  if (call.kind === 'bid') {
    const strain = call.strain === null ? 4 : (STRAIN_INDEX[call.strain] as number);
    a.lastLevel = call.level;
    a.lastStrain = strain;
    a.lastIndex = i;
    a.risk = '';
    a.passesSince = 0;
    const key = (i % 2) * 5 + strain;
    if (a.firstToName[key] === -1) a.firstToName[key] = i;
  } else if (call.kind === 'pass') {
    a.passesSince++;
  } else {
    a.risk = call.kind === 'double' ? 'X' : 'XX';
    a.passesSince = 0;
  }
}

/** @internal What the auction comes to, given who called first. */
export function auctionOutcome(a: Auction, first: Seat): AuctionOutcome {
  if (a.lastLevel === 0) {
    return a.calls >= 4 ? { kind: 'passedOut' } : { kind: 'unknown', reason: a.calls === 0 ? 'no auction' : 'the auction stops before any bid' };
  }
  const named = a.firstToName[(a.lastIndex % 2) * 5 + a.lastStrain] ?? -1;
  const declarer = nextSeat(first, named === -1 ? a.lastIndex % 4 : named % 4);
  const contract: Contract = { level: a.lastLevel, strain: STRAINS[a.lastStrain] ?? null, declarer, risk: a.risk };
  return { kind: 'contract', contract, complete: a.passesSince >= 3 };
}

/**
 * The contract an auction comes to: the last bid, doubled or redoubled if so, played by the first player of
 * the declaring side who named its strain.
 *
 * @param first - the seat that made the first call (the bridge dealer; PBN's Auction tag value)
 * @param calls - the calls in order, as {@link parseCall} reads them
 * @returns `{ kind: 'contract', contract, complete }` (`complete` when three passes follow the last bid),
 *   `{ kind: 'passedOut' }` after four passes and no bid, or `{ kind: 'unknown', reason }`
 * @throws `WhistError` (from `whist`) `INVALID_SEAT` when `first` is not a seat, `INVALID_ARGUMENT` when `calls` is not a list of calls
 * @example
 * ```ts
 * import { type Call, contractFromAuction, parseCall } from 'whist/records';
 *
 * const calls = ['1H', 'Pass', '1S', 'Pass', '2S', 'Pass', 'Pass', 'Pass'].map((c) => parseCall(c) as Call);
 * const outcome = contractFromAuction('N', calls);
 * outcome.kind === 'contract' && outcome.contract; // { level: 2, strain: 'S', declarer: 'S', risk: '' }
 * ```
 * @remarks Source: Laws of Duplicate Bridge 2017, law 22 (end of the auction) and definitions ("declarer");
 *   PBN 2.1, 3.5.
 * @group Records
 */
export function contractFromAuction(first: Seat, calls: readonly Call[]): AuctionOutcome {
  return onlyWhistErrors(() => {
    if (!isSeat(first)) throw new WhistError({ code: 'INVALID_SEAT', message: `first must be one of N E S W, got ${describe(first)}` });
    if (!Array.isArray(calls) || calls.length > 10_000)
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: `calls must be a list of calls, got ${describe(calls)}` });
    const auction = newAuction();
    for (const call of Array.from(calls as Call[])) {
      if (typeof call !== 'object' || call === null || !['bid', 'pass', 'double', 'redouble'].includes(call.kind))
        throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a call must be one that parseCall returns, got ${describe(call)}` });
      addCall(auction, call);
    }
    return auctionOutcome(auction, first);
  }, 'the calls');
}

/** @internal A record's contract, or why it has none. */
export interface RecordContract {
  readonly contract: Contract | null;
  readonly passedOut: boolean;
}

const NONE: RecordContract = { contract: null, passedOut: false };
const PASSED_OUT: RecordContract = { contract: null, passedOut: true };

/** @internal The contract an auction gives a record, its problems noted; `why` opens the problem of an auction that gives none. */
export function contractOfAuction(outcome: AuctionOutcome, why: string, list: Problems): RecordContract {
  if (outcome.kind === 'unknown') {
    note(list, `no contract: ${why}${outcome.reason}`);
    return NONE;
  }
  if (outcome.kind === 'passedOut') return PASSED_OUT;
  if (!outcome.complete) note(list, 'the contract is taken from an auction that does not end with three passes');
  return { contract: outcome.contract, passedOut: false };
}

/** @internal A PBN Contract tag's value: a bid, a passed-out deal, or nothing (empty or unreadable). */
export type ContractTag = { level: number; strain: Suit | null; risk: Contract['risk'] } | 'passedOut' | null;

/** @internal Reads a PBN Contract tag (3.4): `"4SX"`, `"3NT"`, `"Pass"`; an unreadable one is noted. */
export function readContractTag(value: string, list: Problems): ContractTag {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // The longest contract is five characters ("7NTXX"); upper-casing never shortens a string.
  const v = trimmed.length <= 5 ? trimmed.toUpperCase() : '';
  if (v === 'PASS' || v === 'AP') return 'passedOut';
  const level = v.charCodeAt(0) - ZERO;
  const strainText = v.startsWith('NT', 1) ? 'NT' : v.charAt(1);
  const strain = STRAIN_INDEX[strainText];
  const risk = v.slice(1 + strainText.length);
  if (level < 1 || level > 7 || strain === undefined || strainText === '' || (risk !== '' && risk !== 'X' && risk !== 'XX')) {
    note(list, () => `Contract tag unreadable: ${quote(value)}`);
    return null;
  }
  return { level, strain: STRAINS[strain] ?? null, risk };
}

/**
 * @internal A PBN record's contract from its Contract and Declarer tags and its auction (`null`: no Auction
 * section): the tags when they give one, the auction where they are empty; a disagreement is noted.
 */
export function resolveContract(tag: ContractTag, declarerTag: Seat | null, auction: AuctionOutcome | null, list: Problems): RecordContract {
  if (tag === 'passedOut') {
    if (auction?.kind === 'contract') note(list, 'Contract is "Pass" but the auction has a bid');
    return PASSED_OUT;
  }
  if (tag === null) {
    if (auction !== null) return contractOfAuction(auction, 'no Contract tag, and ', list);
    note(list, 'no contract: neither a Contract tag nor an auction');
    return NONE;
  }
  const fromAuction = auction?.kind === 'contract' ? auction.contract : null;
  const sameBid = fromAuction !== null && fromAuction.level === tag.level && fromAuction.strain === tag.strain;
  if (fromAuction !== null && (!sameBid || fromAuction.risk !== tag.risk || (declarerTag !== null && declarerTag !== fromAuction.declarer))) {
    note(
      list,
      `the Contract/Declarer tags (${contractText(tag, declarerTag)}) differ from the auction (${contractText(fromAuction, fromAuction.declarer)}); the tags are used`,
    );
  }
  const declarer = declarerTag ?? (sameBid ? fromAuction.declarer : null);
  if (declarer === null) {
    note(list, 'no declarer: the Declarer tag is empty and the auction does not give one');
    return NONE;
  }
  return { contract: { level: tag.level, strain: tag.strain, declarer, risk: tag.risk }, passedOut: false };
}

/** `3NTX by N`. */
function contractText(c: { level: number; strain: Suit | null; risk: string }, declarer: Seat | null): string {
  return `${c.level}${c.strain ?? 'NT'}${c.risk} by ${declarer ?? '?'}`;
}
