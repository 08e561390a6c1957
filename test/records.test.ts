// Replays every real bridge record in ../shared/data/records (PBN and BBO .lin, about 5,500 deals) through
// the engine: every play must be legal and every fully played deal must take the tricks its record states,
// except the records listed below, which contradict themselves. Each was checked by hand.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRecord, type DealRecord, parseLin, parsePbn, type RecordCheck, type RecordRefusal, totalChecks } from '../src/records/index.js';

const ROOT = fileURLToPath(new URL('../../shared/data/records', import.meta.url));
const HAVE_RECORDS = existsSync(ROOT);
if (!HAVE_RECORDS) console.log(`records.test.ts: skipped, the record files are not at ${ROOT}`);

interface Corpus {
  readonly files: string[];
  readonly latin1: string[];
  readonly records: DealRecord[];
  readonly outcomes: RecordCheck[];
}

function recordFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return recordFiles(path);
      return /\.(pbn|lin)$/i.test(name) ? [path] : [];
    });
}

/** UTF-8 when the bytes are valid UTF-8, Latin-1 otherwise (PBN 2.1, 2.2: PBN files are ISO-8859-1). */
function decode(bytes: Uint8Array): { text: string; latin1: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), latin1: false };
  } catch {
    return { text: new TextDecoder('latin1').decode(bytes), latin1: true };
  }
}

function sourceOf(file: string): string {
  return relative(ROOT, file).split(sep).join('/');
}

function load(): Corpus {
  const files = recordFiles(ROOT);
  const latin1: string[] = [];
  const records = files.flatMap((file) => {
    const { text, latin1: isLatin1 } = decode(readFileSync(file));
    const source = sourceOf(file);
    if (isLatin1) latin1.push(source);
    const parsed = /\.lin$/i.test(file) ? parseLin(text, { source }) : parsePbn(text, { source });
    if (!parsed.ok) throw new Error(parsed.error.message); // never for a string
    return parsed.value;
  });
  return { files, latin1, records, outcomes: records.map((record) => replayed(record)) };
}

/** The check of a record the parsers made, which checkRecord always accepts. */
function replayed(record: DealRecord): RecordCheck {
  const r = checkRecord(record);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const corpus: Corpus = HAVE_RECORDS ? load() : { files: [], latin1: [], records: [], outcomes: [] };

type Expected = Pick<RecordRefusal, 'code' | 'seat' | 'card' | 'playIndex' | 'trick'>;

/**
 * Revokes: each record marks the revoke itself with ^R just before the revoking card (PBN 2.1, 3.9), and the
 * engine, which never accepts a revoke, refuses exactly that card. Play after the first revoke is not replayed.
 */
const REVOKES: Record<string, Expected> = {
  // 7SX by W. W ruffs trick 3 and leads the spade ace; E, holding Q98 of spades, plays the club ten.
  'pbn-files/1997-European_Team_Championship/Fnoito25.pbn #33 board 17': { code: 'MUST_FOLLOW_SUIT', seat: 'E', card: 'TC', playIndex: 14, trick: 4 },
  // 4S by N. On the spade lead of trick 6, S (holding spades) plays the heart eight; W's heart two is marked ^R too.
  'pbn-files/1997-European_Team_Championship/Gbodko03.pbn #14 board 7': { code: 'MUST_FOLLOW_SUIT', seat: 'S', card: '8H', playIndex: 22, trick: 6 },
  // 3S by N. On the spade lead of trick 6, declarer N plays the diamond queen while holding spades.
  'pbn-files/1997-European_Team_Championship/Gbodko03.pbn #24 board 12': { code: 'MUST_FOLLOW_SUIT', seat: 'N', card: 'QD', playIndex: 22, trick: 6 },
  // 1S by E. On the heart lead of trick 8, declarer E plays the club queen while holding hearts.
  'pbn-files/1997-European_Team_Championship/O1o10404.pbn #3 board 2': { code: 'MUST_FOLLOW_SUIT', seat: 'E', card: 'QC', playIndex: 31, trick: 8 },
  // 3D by E. On E's heart lead to trick 4, S plays the diamond six while holding hearts.
  'pbn-files/1997-European_Team_Championship/O1o10404.pbn #13 board 7': { code: 'MUST_FOLLOW_SUIT', seat: 'S', card: '6D', playIndex: 15, trick: 4 },
  // 4S by E. On the diamond lead of trick 6, N plays the heart seven while holding diamonds.
  'pbn-files/1997-European_Team_Championship/O1o10404.pbn #29 board 15': { code: 'MUST_FOLLOW_SUIT', seat: 'N', card: '7H', playIndex: 21, trick: 6 },
  // 3NT by W. On the spade lead of trick 4, N plays the club queen while holding spades; E's heart two is marked ^R too.
  'pbn-files/1997-European_Team_Championship/O1o10404.pbn #39 board 20': { code: 'MUST_FOLLOW_SUIT', seat: 'N', card: 'QC', playIndex: 13, trick: 4 },
  // 2H by S. On the heart lead of trick 8, declarer S plays the club two while holding hearts.
  'pbn-files/1997-European_Team_Championship/Swogro20.pbn #10 board 5': { code: 'MUST_FOLLOW_SUIT', seat: 'S', card: '2C', playIndex: 31, trick: 8 },
  // 3D by N. On the club lead of trick 5, declarer N plays the diamond four while holding clubs.
  'pbn-files/1997-European_Team_Championship/Swogro20.pbn #41 board 21': { code: 'MUST_FOLLOW_SUIT', seat: 'N', card: '4D', playIndex: 19, trick: 5 },
  // 2S by W. On the spade lead of trick 11, N plays the club king while holding spades.
  'pbn-files/1999-European_Team_Championships/A1A10505.PBN #10 board 5': { code: 'MUST_FOLLOW_SUIT', seat: 'N', card: 'KC', playIndex: 41, trick: 11 },
  // 3NT by S. On the spade lead of trick 8, declarer S plays the club ten while holding spades.
  'pbn-files/1999-European_Team_Championships/A1A10505.PBN #30 board 15': { code: 'MUST_FOLLOW_SUIT', seat: 'S', card: 'TC', playIndex: 29, trick: 8 },
};

/**
 * Deals that do not hold 52 distinct cards. In ROUND3.PBN board 2 East's hand is written one suit off
 * ("KQJ73.AT82.7543." for KQJ73..AT82.7543: its diamonds as hearts, its clubs as diamonds), so East "holds"
 * the heart ace that North holds, and 17 hearts are dealt; East's own opening lead is the diamond ace.
 * Board 19 of the same file repeats board 2's Deal tag character for character.
 */
const BAD_DEALS: Record<string, Expected> = {
  'pbn-files/1996-Dutch_Teams_Final/ROUND3.PBN #2 board 2': { code: 'DUPLICATE_CARD', seat: 'E', card: 'AH', playIndex: null, trick: null },
  'pbn-files/1996-Dutch_Teams_Final/ROUND3.PBN #19 board 19': { code: 'DUPLICATE_CARD', seat: 'E', card: 'AH', playIndex: null, trick: null },
};

/** Results that their own play contradicts: `declarer` is what the replayed play gives, `result` what the record states. */
const WRONG_RESULTS: Record<string, { status: 'complete' | 'partial'; played: number; tricks: { NS: number; EW: number }; declarer: number; result: number }> =
  {
    // 3NT by W, all 13 tricks recorded and legal: W's side takes 6 (tricks 1, 2, 4, 5, 11, 12), yet Result says 7.
    'pbn-files/2001-6th_NEC_Cup_Bridge_Festival/08AUSSEN.PBN #6 board 19': { status: 'complete', played: 52, tricks: { NS: 7, EW: 6 }, declarer: 6, result: 7 },
    // 4S by S, Result 11 (Score +450), but the defence has already won 3 of the 5 recorded tricks (two clubs, the spade king).
    'pbn-files/1996-Dutch_Teams_Final/ROUND1.PBN #32 board 32': { status: 'partial', played: 20, tricks: { NS: 2, EW: 3 }, declarer: 2, result: 11 },
    // 4H by N, Result 12 (Score NS 480), but the defence has won 3 of the 11 recorded tricks (the other room's
    // record of the same board, with nearly the same play, says 10).
    'pbn-files/singles/1955-Bermuda_Bowl.pbn #123 board 62': { status: 'partial', played: 44, tricks: { NS: 8, EW: 3 }, declarer: 8, result: 12 },
  };

const SELF_CONTRADICTING = new Set([...Object.keys(REVOKES), ...Object.keys(BAD_DEALS), ...Object.keys(WRONG_RESULTS)]);

function pick(refusal: RecordRefusal | null): Expected | null {
  return refusal && { code: refusal.code, seat: refusal.seat, card: refusal.card, playIndex: refusal.playIndex, trick: refusal.trick };
}

function outcomesWhere(test: (o: RecordCheck) => boolean): Record<string, Expected | null> {
  return Object.fromEntries(corpus.outcomes.filter(test).map((o) => [o.label, pick(o.refusal)]));
}

function recordByLabel(label: string): DealRecord {
  const record = corpus.records.find((r) => r.label === label);
  if (!record) throw new Error(`no record ${label}`);
  return record;
}

/** A vugraph `rs|` entry such as "4SWx-4" as contract and declarer's tricks. */
function readRs(entry: string): { level: number; strain: string | null; declarer: string; risk: string; tricks: number } {
  const m = /^([1-7])([CDHSN])([NESW])(x{0,2})(=|[+-]\d+)$/i.exec(entry);
  if (!m) throw new Error(`rs entry ${entry}`);
  const level = Number(m[1]);
  const over = m[5] === '=' ? 0 : Number(m[5]);
  return { level, strain: m[2] === 'N' ? null : (m[2] as string), declarer: m[3] as string, risk: (m[4] as string).toUpperCase(), tricks: 6 + level + over };
}

describe.skipIf(!HAVE_RECORDS)('real records replayed through the engine (PBN 2.1; BBO lin)', () => {
  it('finds every record file: .pbn, .PBN and .lin, in any folder', () => {
    const byExtension: Record<string, number> = {};
    for (const f of corpus.files) byExtension[extname(f)] = (byExtension[extname(f)] ?? 0) + 1;
    expect(byExtension).toEqual({ '.pbn': 35, '.PBN': 26, '.lin': 51 });
  });

  it('decodes UTF-8 where valid and Latin-1 otherwise (PBN 2.1, 2.2)', () => {
    expect(corpus.latin1).toEqual([
      'bbo-online/test_7_bbo_www_acbl_20130810/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn',
      'pbn-files/2001-6th_NEC_Cup_Bridge_Festival/F1SWEE-B.PBN',
      'pbn-files/2001-6th_NEC_Cup_Bridge_Festival/S1ENGSWE.PBN',
    ]);
  });

  it('labels are unique', () => {
    expect(new Set(corpus.records.map((r) => r.label)).size).toBe(corpus.records.length);
  });

  it('totals: deals, plays checked, complete deals, matched results, illegal plays, bad deals, passed out', () => {
    expect(totalChecks(corpus.outcomes)).toEqual({
      records: 5564,
      played: 209920,
      complete: 1905,
      matched: 1872,
      mismatched: 1,
      partial: 3595,
      claimsExceeded: 2,
      illegal: 11,
      badDeals: 2,
      passedOut: 38,
      noContract: 13,
    });
  });

  it('every play is legal except the revokes the records mark with ^R (CL laws 71-82; DOC1 "Farbzwang")', () => {
    expect(outcomesWhere((o) => o.status === 'illegal')).toEqual(REVOKES);
  });

  it('each refused revoke is where its record puts the ^R mark, and every ^R mark is refused (PBN 2.1, 3.9)', () => {
    const marked = corpus.records.filter((r) => r.marks.some((m) => m.mark === 'R')).map((r) => r.label);
    expect(marked.sort()).toEqual(Object.keys(REVOKES).sort());
    for (const [label, expected] of Object.entries(REVOKES)) {
      expect(recordByLabel(label).marks[0], label).toEqual({ mark: 'R', trick: expected.trick, seat: expected.seat });
    }
  });

  it('every deal holds 52 distinct cards, 13 a hand, except the two copies of a mis-typed East hand', () => {
    expect(outcomesWhere((o) => o.status === 'badDeal')).toEqual(BAD_DEALS);
  });

  it('every fully played deal takes the tricks its Result states, and every claim fits the tricks already played, except three records', () => {
    const wrong = corpus.outcomes.filter((o) => (o.status === 'complete' || o.status === 'partial') && !o.consistent);
    expect(
      Object.fromEntries(wrong.map((o) => [o.label, { status: o.status, played: o.played, tricks: o.tricks, declarer: o.declarerTricks, result: o.result }])),
    ).toEqual(WRONG_RESULTS);
  });

  it('every other deal replays cleanly: no refusal, consistent, and no recorded card left unreplayed', () => {
    const others = corpus.outcomes.filter((o) => !SELF_CONTRADICTING.has(o.label));
    const unclean = others.filter(
      (o) => o.refusal !== null || !o.consistent || o.unplayed !== 0 || !['complete', 'partial', 'passedOut', 'noContract'].includes(o.status),
    );
    expect(unclean).toEqual([]);
    expect(others).toHaveLength(5564 - SELF_CONTRADICTING.size);
  });

  it("the records read cleanly but for known gaps: boards never played, a missing tag, a director's adjusted contract", () => {
    const withProblems = corpus.records.filter((r) => r.problems.length > 0);
    const unplayed = withProblems.filter((r) => r.problems.every((p) => p.startsWith('no contract:')));
    expect(unplayed).toHaveLength(13);
    for (const r of unplayed) {
      expect(replayed(r).status, r.label).toBe('noContract');
      expect(r.plays.order === 'bySeat' ? r.plays.tricks.length : r.plays.cards.length, r.label).toBe(0);
    }
    const others = withProblems.filter((r) => !unplayed.includes(r));
    expect(Object.fromEntries(others.map((r) => [r.label, r.problems]))).toEqual({
      'pbn-files/1999-European_Team_Championships/A1A10505.PBN #2 board 1': ['tag Section is "#" but no earlier game has a value for it'],
      'pbn-files/2001-6th_NEC_Cup_Bridge_Festival/F2SWEE-B.PBN #14 board 23': [
        'the Contract/Declarer tags (3NT by N) differ from the auction (2DX by N); the tags are used',
      ],
    });
  });

  it("a vugraph file's contracts and claims agree with its own rs| results line (BBO lin)", () => {
    const source = 'bridgebots/usbf_sf_14502.lin';
    const text = readFileSync(join(ROOT, source), 'latin1');
    const rs = (/rs\|([^|]*)\|/.exec(text)?.[1] ?? '').split(',').map(readRs);
    const records = corpus.records.filter((r) => r.source === source);
    expect(records).toHaveLength(30);
    expect(records.map((r) => ({ ...r.contract, tricks: r.result }))).toEqual(rs);
  });

  it('the same deals read from BBO .lin files and from their PBN conversion replay alike', () => {
    const dir = 'bbo-online/test_bbo_history_with_lins';
    const pbn = corpus.records.filter((r) => r.source === `${dir}/history_expected.pbn`);
    const pairs = [
      [`${dir}/3381671193.lin #1 board 1`, pbn[0]],
      [`${dir}/3381683999.lin #1 board 2`, pbn[1]],
    ] as const;
    const sorted = (d: DealRecord['deal']): Record<string, string[]> =>
      Object.fromEntries(Object.entries(d ?? {}).map(([seat, cards]) => [seat, [...cards].sort()]));
    for (const [label, fromPbn] of pairs) {
      const fromLin = recordByLabel(label);
      expect(fromPbn).toBeDefined();
      const p = fromPbn as DealRecord;
      expect(sorted(fromLin.deal)).toEqual(sorted(p.deal));
      expect(fromLin.contract).toEqual(p.contract);
      const [a, b] = [replayed(fromLin), replayed(p)];
      expect({ ...a, label: '', result: null }).toEqual({ ...b, label: '', result: null });
      expect(a.played).toBeGreaterThan(40);
    }
  });
});
