import { describe, expect, it } from 'vitest';
import { FULL_DECK } from '../src/cards.js';
import {
  type Call,
  checkRecord,
  contractFromAuction,
  type DealRecord,
  type ParseOptions,
  parseCall,
  parseLin,
  parsePbn,
  type RecordCheck,
  totalChecks,
} from '../src/records/index.js';

/** The records of a PBN text: `parsePbn` returns a result, ok for any string. */
function fromPbn(text: string, options?: ParseOptions): DealRecord[] {
  const parsed = parsePbn(text, options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The records of a LIN text: `parseLin` returns a result, ok for any string. */
function fromLin(text: string, options?: ParseOptions): DealRecord[] {
  const parsed = parseLin(text, options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A record checked: `checkRecord` returns a result, ok for any record the parsers give. */
function check(record: DealRecord): RecordCheck {
  const out = checkRecord(record);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

// Small records written for these tests. The deal "one suit each" gives N every spade, E every heart,
// S every diamond and W every club, so who wins each trick is easy to follow by hand.
const ONE_SUIT_EACH = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
const RANKS_LOW_TO_HIGH = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

/** A PBN game from tag pairs; a tag whose value is an array gets those lines as its section. */
function game(tags: Record<string, string | [string, string[]]>, eol = '\n'): string {
  return Object.entries(tags)
    .map(([name, v]) => (typeof v === 'string' ? `[${name} "${v}"]` : [`[${name} "${v[0]}"]`, ...v[1]].join(eol)))
    .join(eol);
}

/**
 * Play rows (seat order N E S W, N leading first) for the one-suit-each deal with hearts trump:
 * N leads the spade ace, E ruffs with the two and wins, then E leads hearts and wins every trick.
 */
function ruffThenRunHearts(): string[] {
  return RANKS_LOW_TO_HIGH.map((_, i) => {
    const heart = i === 0 ? '2' : (RANKS_LOW_TO_HIGH[13 - i] as string);
    const spade = i === 0 ? 'A' : (RANKS_LOW_TO_HIGH[i - 1] as string);
    return `S${spade} H${heart} D${RANKS_LOW_TO_HIGH[i]} C${RANKS_LOW_TO_HIGH[i]}`;
  });
}

function only(records: DealRecord[]): DealRecord {
  expect(records).toHaveLength(1);
  return records[0] as DealRecord;
}

function calls(text: string): Call[] {
  return text.split(' ').map((t) => {
    const c = parseCall(t);
    if (c === null) throw new Error(`not a call: ${t}`);
    return c;
  });
}

/** A whole hand of LIN plays for the md| deal below: N's spades, E's hearts, S's diamonds, W's clubs. */
const LIN_PLAY = [
  'dA',
  'c2',
  's2',
  'h2',
  ...RANKS_LOW_TO_HIGH.slice(1)
    .reverse()
    .flatMap((r, i) => [`h${r}`, `d${RANKS_LOW_TO_HIGH[i]}`, `c${RANKS_LOW_TO_HIGH[i + 1]}`, `s${RANKS_LOW_TO_HIGH[i + 1]}`]),
];

describe('parsePbn: tags and layout (PBN 2.1, 3.4)', () => {
  it("Deal names the first seat, then each seat's cards clockwise, suits S.H.D.C separated by dots; cards come out rank then suit", () => {
    const r = only(fromPbn(game({ Board: '7', Deal: 'E:KJ63.Q953.AK2.T7 A.87642.65.KQ932 Q7.KJT.J873.J864 T98542.A.QT94.A5' }), { source: 'x.pbn' }));
    expect(r.deal?.E).toEqual(['KS', 'JS', '6S', '3S', 'QH', '9H', '5H', '3H', 'AD', 'KD', '2D', 'TC', '7C']);
    expect(r.deal?.S).toEqual(['AS', '8H', '7H', '6H', '4H', '2H', '6D', '5D', 'KC', 'QC', '9C', '3C', '2C']);
    expect(r.deal?.W?.slice(0, 2)).toEqual(['QS', '7S']);
    expect(r.deal?.N?.[0]).toBe('TS');
    expect(r.label).toBe('x.pbn #1 board 7');
    expect(r.board).toBe('7');
  });

  it('every card read is a Card: a rank that is none leaves the record without a full deal, with a problem', () => {
    const r = only(fromPbn(game({ Deal: 'N:AKQJT9876543X... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', Contract: '1H', Declarer: 'W' })));
    expect(r.deal).toBeNull();
    expect(r.problems).toEqual(['Deal: N\'s cards "AKQJT9876543X..." hold "X", which is not a rank']);
    expect(check(r)).toMatchObject({ status: 'badDeal', refusal: { code: 'INVALID_HAND', message: 'the record gives no full deal' } });
  });

  it('cards are kept as written otherwise: a deal of 12 cards or a card twice is for the engine to judge', () => {
    const r = only(fromPbn(game({ Deal: 'N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', Contract: '1H', Declarer: 'W' })));
    expect(r.deal?.N).toHaveLength(12);
    expect(r.problems).toEqual([]);
    expect(check(r).refusal).toMatchObject({ code: 'INVALID_HAND', seat: 'N' });
  });

  it('CRLF line endings; an empty line ends a game (PBN 2.1, 3.1)', () => {
    const one = game({ Board: '1', Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W' }, '\r\n');
    const two = game({ Board: '2', Deal: ONE_SUIT_EACH, Contract: '2H', Declarer: 'W' }, '\r\n');
    const records = fromPbn(`${one}\r\n\r\n${two}\r\n`, { source: 'R.PBN' });
    expect(records.map((r) => r.label)).toEqual(['R.PBN #1 board 1', 'R.PBN #2 board 2']);
    expect(records.map((r) => r.contract?.level)).toEqual([1, 2]);
    expect(records.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('a tag value "#" is the previous game\'s value of that tag (PBN 2.1, 4.8)', () => {
    const first = game({ Event: 'Club night', Board: '1', Deal: ONE_SUIT_EACH, Contract: '3NT', Declarer: 'S' });
    const second = game({ Event: '#', Board: '2', Deal: '#', Contract: '#', Declarer: 'N' });
    const [a, b] = fromPbn(`${first}\n\n${second}\n`);
    expect(b?.deal).toEqual(a?.deal);
    expect(b?.contract).toEqual({ level: 3, strain: null, declarer: 'N', risk: '' });
    expect(b?.problems).toEqual([]);
  });

  it('"#" with no earlier value is empty, with a problem', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '#' })));
    expect(r.contract).toBeNull();
    expect(r.problems).toContain('tag Contract is "#" but no earlier game has a value for it');
  });

  it('a game without a Deal yields no record, yet its values are inherited', () => {
    const header = game({ Event: 'Header only' });
    const deal = game({ Event: '#', Deal: ONE_SUIT_EACH });
    expect(fromPbn(`${header}\n\n${deal}\n`)).toHaveLength(1);
  });

  it('{ } comments span lines (empty ones too) and hold "{" as text; ";" comments end at the line end; "%" lines are escaped (PBN 2.1, 2.4, 3.8)', () => {
    const text = [
      '% PBN 2.1',
      '%[Deal "S:this line is escaped"]',
      '[Board "3"] ; [Board "99"] is a comment',
      '{ A commentary by Bj\u00f6rn, over',
      '',
      'several lines, with [Contract "7NT"] and a nested { brace }',
      '[Deal "' + ONE_SUIT_EACH + '"]',
      '[Contract "2H"]',
      '[Declarer "W"]',
    ].join('\r\n');
    const r = only(fromPbn(text));
    expect(r.board).toBe('3');
    expect(r.contract).toEqual({ level: 2, strain: 'H', declarer: 'W', risk: '' });
    expect(r.problems).toEqual([]);
  });

  it('an unclosed comment is a problem, not a crash', () => {
    const r = only(fromPbn(`${game({ Deal: ONE_SUIT_EACH })}\n{ never closed`));
    expect(r.problems).toContain('a { comment is never closed');
  });

  it('a tag repeated without an empty line starts a new game, with a problem', () => {
    const text = `${game({ Board: '1', Deal: ONE_SUIT_EACH })}\n${game({ Board: '2', Deal: ONE_SUIT_EACH })}`;
    const records = fromPbn(text);
    expect(records.map((r) => r.board)).toEqual(['1', '2']);
    expect(records[1]?.problems).toContain('no empty line before this game (tag Board repeats)');
  });

  it('a seat\'s cards "-" are unknown: one seat is dealt the cards the others lack, two leave no full deal (PBN 2.1, 3.4)', () => {
    const one = only(fromPbn(game({ Deal: 'N:AKQJT98765432... - ..AKQJT98765432. ...AKQJT98765432', Contract: 'Pass' })));
    expect(one.deal?.E).toEqual(FULL_DECK.filter((c) => c[1] === 'H'));
    expect(one.problems).toEqual(['Deal: E\'s cards are "-", taken as the 13 cards the other seats do not hold']);
    const two = only(fromPbn(game({ Deal: 'N:AKQJT98765432... - - ...AKQJT98765432', Contract: 'Pass' })));
    expect(two.deal).toBeNull();
    expect(two.problems).toEqual(['Deal: the cards of E, S are unknown']);
  });
});

describe('parsePbn: the Play section (PBN 2.1, 3.6)', () => {
  it("rows go by seat from the Play tag's seat clockwise, not in play order", () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W', Play: ['N', ['SA H2 D2 C2', 'S2 HA D3 C3', '*']] })));
    expect(r.plays).toEqual({
      order: 'bySeat',
      leader: 'N',
      tricks: [
        { N: 'AS', E: '2H', S: '2D', W: '2C' },
        { N: '2S', E: 'AH', S: '3D', W: '3C' },
      ],
    });
  });

  it('four cards make a trick whatever the line breaks; "*" ends the section', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Play: ['E', ['HA D2', 'C2 SA HK', 'D3 C3 SK* HQ D4 C4 SQ']] })));
    expect(r.plays.order === 'bySeat' && r.plays.tricks).toEqual([
      { E: 'AH', S: '2D', W: '2C', N: 'AS' },
      { E: 'KH', S: '3D', W: '3C', N: 'KS' },
    ]);
  });

  it('"-" and "--" are unknown cards, left out of the row', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Play: ['N', ['SA -- D2 -', '- - - -']] })));
    expect(r.plays.order === 'bySeat' && r.plays.tricks).toEqual([{ N: 'AS', S: '2D' }, {}]);
  });

  it('note references =1=, glyphs $3 and suffixes ! ? !! ?! are read past, attached or apart (PBN 2.1, 3.5-3.7)', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W', Play: ['N', ['SA! H2 =1= D2 $3 C2?!', 'S2 HA!! D3=2= C3 ?']] })));
    expect(r.plays.order === 'bySeat' && r.plays.tricks).toEqual([
      { N: 'AS', E: '2H', S: '2D', W: '2C' },
      { N: '2S', E: 'AH', S: '3D', W: '3C' },
    ]);
    expect(r.problems).toEqual([]);
  });

  it('^R marks a revoke: kept with its trick and the seat whose card follows it (PBN 2.1, 3.9)', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Play: ['N', ['SA H2 D2 C2', 'S2 ^R HA D3 C3', '^R S3 HK D4^R C4']] })));
    expect(r.marks).toEqual([
      { mark: 'R', trick: 2, seat: 'E' },
      { mark: 'R', trick: 3, seat: 'N' },
      { mark: 'R', trick: 3, seat: 'W' },
    ]);
    expect(r.plays.order === 'bySeat' && r.plays.tricks[2]).toEqual({ N: '3S', E: 'KH', S: '4D', W: '4C' });
  });

  it("a Play tag whose seat is not on declarer's left is a problem", () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W', Play: ['E', ['HA D2 C2 SA']] })));
    expect(r.problems).toEqual(["the Play tag's leader E is not on declarer W's left"]);
  });

  it('a card that cannot be read is a problem and takes no seat', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W', Play: ['N', ['SA X9 H2 D2 C2']] })));
    expect(r.plays.order === 'bySeat' && r.plays.tricks).toEqual([{ N: 'AS', E: '2H', S: '2D', W: '2C' }]);
    expect(r.problems).toEqual(['play: unreadable card "X9" in trick 1']);
  });
});

describe('parsePbn: contract and result (PBN 2.1, 3.4, 3.5)', () => {
  it('Contract "Pass" is a passed-out deal', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Declarer: '', Contract: 'Pass', Result: '' })));
    expect(r).toMatchObject({ contract: null, passedOut: true, result: null, resultSource: null });
    expect(check(r).status).toBe('passedOut');
  });

  it('Contract with X / XX gives the risk; Declarer the seat', () => {
    expect(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '4SX', Declarer: 'E' }))).contract).toEqual({ level: 4, strain: 'S', declarer: 'E', risk: 'X' });
    expect(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '7NTXX', Declarer: 's' }))).contract).toEqual({
      level: 7,
      strain: null,
      declarer: 'S',
      risk: 'XX',
    });
  });

  it('without Contract and Declarer tags, the auction gives them: the last bid, played by the first of its side to name the strain', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Auction: ['E', ['1H Pass 1S Pass', '2S Pass 4S Pass', 'Pass Pass']] })));
    expect(r.contract).toEqual({ level: 4, strain: 'S', declarer: 'W', risk: '' });
    expect(r.problems).toEqual([]);
  });

  it('an empty Declarer is taken from the auction; alerts, notes and lowercase calls are read', () => {
    const text = game({
      Deal: ONE_SUIT_EACH,
      Contract: '3NT',
      Declarer: '',
      Auction: ['N', ['1C! Pass 1NT =1= X', 'pass Pass XX Pass', '3NT Pass Pass Pass']],
    });
    const r = only(fromPbn(`${text}\n[Note "1:12-14"]`));
    expect(r.contract).toEqual({ level: 3, strain: null, declarer: 'S', risk: '' });
  });

  it('Note tags inside the auction do not end it', () => {
    const text = ['[Deal "' + ONE_SUIT_EACH + '"]', '[Auction "S"]', '1D =1= Pass', '[Note "1:natural"]', 'Pass Pass'].join('\n');
    expect(only(fromPbn(text)).contract).toEqual({ level: 1, strain: 'D', declarer: 'S', risk: '' });
  });

  it('"AP" closes the auction; four passes pass the deal out', () => {
    expect(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Auction: ['W', ['2D X AP']] }))).contract).toEqual({ level: 2, strain: 'D', declarer: 'W', risk: 'X' });
    expect(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Auction: ['W', ['AP']] })))).toMatchObject({ contract: null, passedOut: true });
    expect(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Auction: ['W', ['Pass Pass Pass Pass']] })))).toMatchObject({ contract: null, passedOut: true });
  });

  it('tags that differ from the auction win, with a problem', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '3NT', Declarer: 'N', Auction: ['S', ['2C Pass 2D X', 'Pass Pass Pass']] })));
    expect(r.contract).toEqual({ level: 3, strain: null, declarer: 'N', risk: '' });
    expect(r.problems).toEqual(['the Contract/Declarer tags (3NT by N) differ from the auction (2DX by N); the tags are used']);
  });

  it('no Contract and no auction: no contract, with a problem', () => {
    const r = only(fromPbn(game({ Deal: ONE_SUIT_EACH })));
    expect(r).toMatchObject({ contract: null, passedOut: false, problems: ['no contract: neither a Contract tag nor an auction'] });
    expect(check(r).status).toBe('noContract');
  });

  it('Result is declarer\'s tricks; "NS 9" / "EW 4" name a side; empty or missing is unknown', () => {
    const result = (value: string | null, declarer = 'N'): number | null => {
      const tags: Record<string, string> = { Deal: ONE_SUIT_EACH, Contract: '3NT', Declarer: declarer };
      if (value !== null) tags.Result = value;
      return only(fromPbn(game(tags))).result;
    };
    expect(result('9')).toBe(9);
    expect(result('NS 9')).toBe(9);
    expect(result('EW 4')).toBe(9);
    expect(result('EW 4', 'E')).toBe(4);
    expect(result('')).toBeNull();
    expect(result(null)).toBeNull();
    expect(result('lots')).toBeNull();
  });
});

describe('contractFromAuction and parseCall (PBN 2.1, 3.5; Laws of Duplicate Bridge 2017, law 22)', () => {
  it('reads PBN and LIN spellings of calls', () => {
    expect(['Pass', 'p', 'X', 'd', 'XX', 'r', '1N', '7NT', '2s!'].map(parseCall)).toEqual([
      { kind: 'pass' },
      { kind: 'pass' },
      { kind: 'double' },
      { kind: 'double' },
      { kind: 'redouble' },
      { kind: 'redouble' },
      { kind: 'bid', level: 1, strain: null },
      { kind: 'bid', level: 7, strain: null },
      { kind: 'bid', level: 2, strain: 'S' },
    ]);
    expect(parseCall('8C')).toBeNull();
    expect(parseCall('AP')).toBeNull();
  });

  it('declarer is the first of the declaring side to name the final strain, not the last bidder', () => {
    expect(contractFromAuction('N', calls('1H P 2C P 4H P P P'))).toEqual({
      kind: 'contract',
      contract: { level: 4, strain: 'H', declarer: 'N', risk: '' },
      complete: true,
    });
    expect(contractFromAuction('N', calls('1S 2H 2S 3H P P P'))).toEqual({
      kind: 'contract',
      contract: { level: 3, strain: 'H', declarer: 'E', risk: '' },
      complete: true,
    });
  });

  it('a double and a redouble stay with the last bid; a new bid clears them', () => {
    expect(contractFromAuction('E', calls('1D X XX P P P'))).toMatchObject({ contract: { level: 1, strain: 'D', declarer: 'E', risk: 'XX' } });
    expect(contractFromAuction('E', calls('1D X 2D P P P'))).toMatchObject({ contract: { level: 2, strain: 'D', declarer: 'E', risk: '' } });
  });

  it('an auction that does not end in three passes is marked incomplete; one with no bid yet is unknown', () => {
    expect(contractFromAuction('S', calls('1C P'))).toMatchObject({ kind: 'contract', complete: false });
    expect(contractFromAuction('S', calls('P P'))).toEqual({ kind: 'unknown', reason: 'the auction stops before any bid' });
    expect(contractFromAuction('S', [])).toEqual({ kind: 'unknown', reason: 'no auction' });
    expect(contractFromAuction('S', calls('P P P P'))).toEqual({ kind: 'passedOut' });
  });
});

describe('parseLin (BBO lin)', () => {
  // Dealer 3 = N; hands S, W, N, E: S has the diamonds, W the clubs (lower case, any order), N the spades;
  // E's hand is left out: the hearts.
  const MD = 'md|3D23456789TJQKA,c5a2346789tjqk,SKQJT98765432A,|';
  const PLAY = LIN_PLAY;

  it('md: the first digit is the dealer (1 S, 2 W, 3 N, 4 E); hands come S, W, N, E; ranks in any order, any case; an omitted fourth hand is the rest', () => {
    const r = only(fromLin(`${MD}pg||`, { source: 'a.lin' }));
    expect(r.dealer).toBe('N');
    expect(r.deal?.S).toHaveLength(13);
    expect(r.deal?.S?.every((c) => c[1] === 'D')).toBe(true);
    expect(r.deal?.W).toEqual(['5C', 'AC', '2C', '3C', '4C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC']);
    expect(r.deal?.N?.every((c) => c[1] === 'S')).toBe(true);
    expect(r.deal?.E).toEqual(FULL_DECK.filter((c) => c[1] === 'H'));
    expect(r.label).toBe('a.lin #1');
  });

  it('md with all four hands keeps them as written; other dealers', () => {
    const r = only(fromLin('md|2SA,HA,DA,CA|'));
    expect(r).toMatchObject({ dealer: 'W', deal: { S: ['AS'], W: ['AH'], N: ['AD'], E: ['AC'] } });
  });

  it('mb calls give the contract (p, d, r, 1N, alert "!"); the dealer calls first', () => {
    const r = only(fromLin(`${MD}mb|p|mb|1H!|mb|d|mb|r|mb|p|mb|p|mb|p|`));
    expect(r.contract).toEqual({ level: 1, strain: 'H', declarer: 'E', risk: 'XX' });
    const all = only(fromLin(`${MD}mb|p|mb|p|mb|p|mb|p|`));
    expect(all).toMatchObject({ contract: null, passedOut: true });
  });

  it("pc cards are in play order, suit first, any case; mc is declarer's claimed total", () => {
    const r = only(
      fromLin(
        `${MD}mb|p|mb|1H|mb|p|mb|p|mb|p|${PLAY.slice(0, 8)
          .map((c) => `pc|${c}|`)
          .join('')}mc|13|`,
      ),
    );
    expect(r.plays).toEqual({ order: 'sequence', cards: ['AD', '2C', '2S', '2H', 'AH', '2D', '3C', '3S'] });
    expect(r).toMatchObject({ result: 13, resultSource: 'claim' });
  });

  it('a vugraph file holds many deals: each qx| starts one; chat, alerts and page breaks are read past', () => {
    const text = [
      'vg|Final,Segment 1,I,1,2,A,0,B,0|',
      'pn|a,b,c,d,e,f,g,h|pg||',
      `qx|o1|st||${MD}sv|o|mb|p|mb|1H|nt|kibitzer: hello|pg||`,
      'mb|p|an|weak|mb|p|mb|p|pc|dA|pg||',
      'mc|12|pg||',
      `qx|c1|${MD}mb|p|mb|2H|mb|p|mb|p|mb|p|pg||`,
      `qx|o2|${MD}mb|p|mb|p|mb|p|mb|p|pg||`,
    ].join('\n');
    const records = fromLin(text, { source: 'vg.lin' });
    expect(records.map((r) => r.label)).toEqual(['vg.lin #1 board 1', 'vg.lin #2 board 1', 'vg.lin #3 board 2']);
    expect(records.map((r) => r.contract?.level ?? null)).toEqual([1, 2, null]);
    expect(records.map((r) => r.result)).toEqual([12, null, null]);
    expect(records[0]?.plays).toEqual({ order: 'sequence', cards: ['AD'] });
    expect(records.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('a second md| without qx| starts a new deal; ah| names the board', () => {
    const records = fromLin(`${MD}ah|Board 5|mb|p|${MD}ah|Board 6|`);
    expect(records.map((r) => r.board)).toEqual(['5', '6']);
  });

  it('unreadable calls and cards are problems', () => {
    const r = only(fromLin(`${MD}mb|9Z|pc|zz|`));
    expect(r.contract).toBeNull();
    expect(r.problems).toEqual(['mb: unreadable call "9Z"', 'pc: unreadable card "zz"; the play stops there']);
    expect(r.plays).toEqual({ order: 'sequence', cards: [null] });
  });

  it('a card that cannot be read is null in the play: the play stops there, and the cards after it are not played', () => {
    const md = 'md|3D23456789TJQKA,c5a2346789tjqk,SKQJT98765432A,|mb|p|mb|1H|mb|p|mb|p|mb|p|';
    const r = only(fromLin(`${md}pc|dA|pc|c2|pc|x|pc|h2|`));
    expect(r.plays).toEqual({ order: 'sequence', cards: ['AD', '2C', null, '2H'] });
    expect(check(r)).toMatchObject({ status: 'partial', played: 2, unplayed: 1, refusal: null });
  });
});

describe('a text that is not the format is refused; an empty file is not', () => {
  it('parsePbn refuses a text with no tag at all, naming the first thing it holds', () => {
    expect(parsePbn('hello\nworld')).toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'not PBN: the text holds no tag [Name "value"] (line 1: text outside any tag: "hello")', path: 'text' },
    });
    expect(parsePbn('md|3SA,HA,DA,|mb|1S|').ok).toBe(false);
    const unclosed = parsePbn('\n\n[Deal');
    expect(unclosed.ok ? null : unclosed.error.message).toMatch(/line 3: unreadable tag "\[Deal"/);
    expect(parsePbn('{ never closed').ok).toBe(false);
  });

  it('parsePbn reads an empty file, whitespace, comments, % lines and a header without deal as no record (PBN 2.1, 2.4, 3.8)', () => {
    for (const text of ['', ' \n\t\n', '% PBN 2.1\n%EXPORT\n', '{ a comment }\n; another\n', '% PBN 2.1\n[Event "Club night"]\n[Site "Bath"]\n'])
      expect(fromPbn(text), JSON.stringify(text)).toEqual([]);
  });

  it('parseLin refuses a text with no key|value| pair; reads a blank text and a text of chat as no record', () => {
    expect(parseLin('[Deal "N:- - - -"]\n')).toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'not LIN: the text holds no key|value| pair, such as md|…|, at "[Deal \\"N:- - - -\\"]\\n"', path: 'text' },
    });
    expect(parseLin('hello').ok).toBe(false);
    expect(parseLin('1|2|').ok).toBe(false);
    for (const text of ['', '  \n', 'nt|hello|', 'pn|ann,bob,cy,di|']) expect(fromLin(text), JSON.stringify(text)).toEqual([]);
  });
});

describe('checkRecord: a bridge deal replayed as a Whist hand (declarer deals, the opening leader is eldest hand; CL, DOC1)', () => {
  const pbn = (play: string[], extra: Record<string, string> = {}): DealRecord =>
    only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: '1H', Declarer: 'W', ...extra, Play: ['N', play] })));

  it('rebuilds PBN play order trick by trick from whose turn it is: E leads from trick 2 though rows start with N', () => {
    const out = check(pbn(ruffThenRunHearts(), { Result: '13' }));
    expect(out).toMatchObject({
      status: 'complete',
      played: 52,
      unplayed: 0,
      tricks: { NS: 0, EW: 13 },
      declarerTricks: 13,
      result: 13,
      consistent: true,
      refusal: null,
    });
  });

  it('an unknown card ends the replay (a claim): the tricks so far must fit the result', () => {
    const rows = ruffThenRunHearts().slice(0, 3);
    const fits = check(pbn([...rows, '- HQ - -', '- - - -'], { Result: '13' }));
    expect(fits).toMatchObject({ status: 'partial', played: 13, unplayed: 0, declarerTricks: 3, consistent: true });
    const exceeds = check(pbn(rows, { Result: '12', Declarer: 'N' }));
    expect(exceeds).toMatchObject({ status: 'partial', declarerTricks: 0, consistent: false });
  });

  it('a card the record shows after the gap is counted as unplayed', () => {
    const out = check(pbn(['SA H2 D2 C2', 'S2 - D3 C3']));
    expect(out).toMatchObject({ status: 'partial', played: 4, unplayed: 3 });
  });

  /** The check of a record that shows one card, the spade ace, after the 13th trick: refused for `seat`. */
  const refusedAfterLastTrick = (out: RecordCheck, seat: string): void => {
    expect(out).toMatchObject({ status: 'illegal', played: 52, unplayed: 1, refusal: { code: 'HAND_COMPLETE', seat, card: 'AS', playIndex: 52, trick: 14 } });
  };

  it('a PBN row past the 13th trick is refused with HAND_COMPLETE', () => {
    refusedAfterLastTrick(check(pbn([...ruffThenRunHearts(), 'SA - - -'])), 'N');
  });

  it('a complete deal whose tricks differ from its Result is not consistent', () => {
    expect(check(pbn(ruffThenRunHearts(), { Result: '12' }))).toMatchObject({ status: 'complete', declarerTricks: 13, result: 12, consistent: false });
  });

  it('a revoke is refused with MUST_FOLLOW_SUIT at its seat, card, play index and trick (CL laws 71-82: the engine never accepts one)', () => {
    // E holds the spade two, so E must follow the spade lead rather than ruff.
    const record = only(
      fromPbn(
        game({ Deal: 'N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432', Contract: '1H', Declarer: 'W', Play: ['N', ['SA ^R H3 D2 C2']] }),
      ),
    );
    const out = check(record);
    expect(out).toMatchObject({ status: 'illegal', played: 1, unplayed: 3, consistent: false });
    expect(out.refusal).toMatchObject({ code: 'MUST_FOLLOW_SUIT', seat: 'E', card: '3H', playIndex: 1, trick: 1 });
    expect(out.refusal?.message).toMatch(/must follow suit/); // the engine's wording may change
    expect(record.marks).toEqual([{ mark: 'R', trick: 1, seat: 'E' }]);
  });

  it('a card not in the hand is refused with CARD_NOT_IN_HAND', () => {
    expect(check(pbn(['SA SK D2 C2', 'S2 H2 D3 C3'])).refusal).toMatchObject({ code: 'CARD_NOT_IN_HAND', seat: 'E', card: 'KS', playIndex: 1, trick: 1 });
  });

  it("a deal without 52 distinct cards is a bad deal, with the engine's code", () => {
    const out = check(only(fromPbn(game({ Deal: 'N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432', Contract: '1H', Declarer: 'W' }))));
    expect(out).toMatchObject({ status: 'badDeal', played: 0, consistent: false });
    expect(out.refusal).toMatchObject({ code: 'DUPLICATE_CARD', seat: 'E', card: 'AS', playIndex: null, trick: null });
    const short = check(only(fromPbn(game({ Deal: 'N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', Contract: 'Pass' }))));
    expect(short).toMatchObject({ status: 'badDeal', refusal: { code: 'INVALID_HAND', seat: 'N' } });
  });

  it('LIN plays go in order, the engine deciding whose card each is; cards past 13 tricks are refused with HAND_COMPLETE', () => {
    const md = 'md|3D23456789TJQKA,c5a2346789tjqk,SKQJT98765432A,|mb|p|mb|1H|mb|p|mb|p|mb|p|';
    const play = LIN_PLAY;
    const full = check(only(fromLin(`${md}${play.map((c) => `pc|${c}|`).join('')}mc|13|`)));
    expect(full).toMatchObject({ status: 'complete', played: 52, tricks: { NS: 0, EW: 13 }, declarerTricks: 13, result: 13, consistent: true });
    refusedAfterLastTrick(check(only(fromLin(`${md}${[...play, 'sA'].map((c) => `pc|${c}|`).join('')}`))), 'E');
  });

  it('totalChecks counts records, plays, complete and matched deals, illegal plays, bad deals and passed-out deals', () => {
    const checks = [
      check(pbn(ruffThenRunHearts(), { Result: '13' })),
      check(pbn(ruffThenRunHearts(), { Result: '12' })),
      check(pbn(ruffThenRunHearts())),
      check(pbn(['SA H2 D2 C2', '- - - -'], { Result: '9' })),
      check(pbn(['SA SK D2 C2'])),
      check(only(fromPbn(game({ Deal: ONE_SUIT_EACH, Contract: 'Pass' })))),
      check(only(fromPbn(game({ Deal: 'N:- - - -', Contract: 'Pass' })))),
      check(only(fromPbn(game({ Deal: ONE_SUIT_EACH })))),
    ];
    expect(totalChecks(checks)).toEqual({
      records: 8,
      played: 52 * 3 + 4 + 1,
      complete: 3,
      matched: 1,
      mismatched: 1,
      partial: 1,
      claimsExceeded: 0,
      illegal: 1,
      badDeals: 1,
      passedOut: 1,
      noContract: 1,
    });
  });
});
