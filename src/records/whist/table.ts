/**
 * The table of a Whist record: rebuilt from the log of its hands and checked by `parseTable`, so every rule
 * of the table is checked again (the dealers, the rubbers, with the seed every deal and cut), and the players
 * of each hand, as the table seats them or, where a cut cannot be made again, as the record says.
 *
 * @module
 */

import { type RandomState, seedRandom } from '../../random.js';
import type { BySeat, Seat } from '../../seats.js';
import { archiveRubbers, finishedRubbers, parseTable, seating, TABLE_SCHEMA, type TableState } from '../../table/index.js';
import { tableView } from '../../view.js';
import { quote } from '../text/problems.js';
import type { ReadHand, Reading } from './hand.js';
import { isProblem, type Problem, problem, stripPath } from './problem.js';
import { firstTagName, type ScannedGame, tagOf } from './scan.js';
import { SEAT_TAGS } from './tags.js';

/** The players the first hand's seat tags give: all four, none (`null`), or a problem. */
function seatTags(game: ScannedGame): BySeat<string> | null | Problem {
  const found: Partial<Record<Seat, string>> = {};
  let n = 0;
  for (const [name, seat] of SEAT_TAGS) {
    const tag = tagOf(game, name);
    if (tag !== undefined) {
      found[seat] = tag.value;
      n++;
    }
  }
  if (n === 0) return null;
  if (n < 4) {
    const missing = SEAT_TAGS.filter(([, seat]) => found[seat] === undefined).map(([name]) => name);
    return problem('INVALID_STATE', game, missing[0] as string, `is missing: a hand that names its players names all four (${missing.join(', ')} missing)`);
  }
  return found as BySeat<string>;
}

/** @internal The table rebuilt from the log of the hands read so far, checked by parseTable; or its first problem. */
export function rebuild(r: Reading, random: RandomState): TableState | Problem {
  const { header } = r;
  const first = r.hands[0];
  let players = header.players;
  if (players === null && first !== undefined) {
    const tags = seatTags(first.game);
    if (isProblem(tags)) return tags;
    players = tags;
  }
  players ??= { N: 'N', E: 'E', S: 'S', W: 'W' };
  const firstDealer = header.dealer ?? first?.state.dealer ?? 'N';
  const table = parseTable({
    v: TABLE_SCHEMA,
    rules: header.rules,
    players,
    firstDealer,
    random: header.seed === null ? random : seedRandom(header.seed),
    log: r.log,
  });
  if (table.ok) return table.value;
  return tableProblem(r, table.error.path ?? '', table.error.message);
}

/** A problem parseTable found, at the record's line and tag. */
function tableProblem(r: Reading, path: string, message: string): Problem {
  const text = stripPath(message).replace("the table's PRNG", 'the seed');
  const m = /^log\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?/.exec(path);
  const game = r.header.game;
  if (m === null) {
    if (path === 'firstDealer') return problem('INVALID_STATE', tagOf(game, 'WhistDealer') ?? game, 'WhistDealer', text);
    const tag = tagOf(game, 'WhistPlayers');
    return problem('INVALID_STATE', tag ?? r.hands[0]?.game ?? game, tag ? 'WhistPlayers' : 'West', text);
  }
  const hand = r.hands[r.logHand[Number(m[1])] ?? 0] as ReadHand;
  const field = m[2];
  const h = hand.game;
  switch (field) {
    case 'dealer':
      // Who deals is the table's to say: the record's dealer is checked here, against the table rebuilt.
      return problem('INVALID_STATE', tagOf(h, 'Dealer') ?? h, 'Dealer', `is ${quote(hand.state.dealer)}, but ${dealerText(text)}`);
    case 'deal':
      return problem('INVALID_STATE', tagOf(h, 'Deal') ?? h, 'Deal', text);
    case 'trump':
      return problem('INVALID_TRUMP', tagOf(h, 'WhistTrump') ?? tagOf(h, 'Deal') ?? h, tagOf(h, 'WhistTrump') ? 'WhistTrump' : 'Deal', text);
    case 'trumpCard':
      return problem('INVALID_TRUMP', tagOf(h, 'WhistTrumpCard') ?? h, 'WhistTrumpCard', text);
    case 'plays':
      return problem('INVALID_STATE', { line: hand.playLines[Number(m[3] ?? 0)] ?? h.line }, 'Play', text);
    default:
      return problem('INVALID_STATE', h, firstTagName(h), text);
  }
}

/**
 * @internal The dealer of a hand the record goes on to refuse, set against the one the table names for it:
 * the table rebuilt from the hands before it does not hold it, so its Dealer tag, which comes before what is
 * wrong in it, is checked here.
 */
export function dealerAfter(table: TableState, game: ScannedGame): Problem | null {
  const tag = tagOf(game, 'Dealer');
  if (tag === undefined || table.log.length === 0) return null;
  let t = table;
  let view = tableView(t, null);
  if (view.ok && view.value.next.action === 'newRubber') {
    // The next rubber, as the table starts it.
    const archived = archiveRubbers(t);
    if (!archived.ok) return null;
    t = archived.value;
    view = tableView(t, null);
  }
  if (!view.ok || view.value.next.action !== 'deal' || view.value.next.dealer === tag.value) return null;
  return problem('INVALID_STATE', tag, 'Dealer', `is ${quote(tag.value)}, but ${dealerText(`must be ${view.value.next.dealer}, the next dealer`)}`);
}

/** What the table says of a hand's dealer (`"must be N, the next dealer"`), with the rules it follows. */
function dealerText(said: string): string {
  return `${said} (the deal passes to the left, a misdeal loses it, and a new rubber starts as the rules change the partners)`;
}

/** @internal Who sat where for each hand; the table's seating where it can say, the record's where it cannot. */
export function seatHands(r: Reading, table: TableState): Problem | null {
  const { rules, seed } = r.header;
  const finished = finishedRubbers(table);
  const now = seating(table);
  let recorded: BySeat<string> | null = null;
  for (let i = 0; i < r.hands.length; i++) {
    const hand = r.hands[i] as ReadHand;
    const derived = finished[hand.rubber - 1]?.players ?? now;
    const free = seed === null && rules.afterRubber === 'recut' && hand.rubber > 1;
    if (!free) {
      for (const [name, seat] of SEAT_TAGS) {
        const tag = tagOf(hand.game, name);
        if (tag !== undefined && tag.value !== derived[seat])
          return problem('INVALID_STATE', tag, name, `is ${quote(tag.value)}, but ${quote(derived[seat])} sits ${name.toLowerCase()} in rubber ${hand.rubber}`);
      }
      hand.players = { N: derived.N, E: derived.E, S: derived.S, W: derived.W };
      continue;
    }
    // Without the seed, a cut after a rubber cannot be made again: the record says who sat where.
    if (hand.first) {
      const tags = seatTags(hand.game);
      if (isProblem(tags)) return tags;
      if (tags === null)
        return problem('INVALID_STATE', hand.game, 'West', 'is missing: without the seed, the first hand of a rubber after a cut names its players');
      const before = Object.values(r.hands[i - 1]?.players ?? now).sort();
      const after = Object.values(tags).sort();
      if (before.join('\u0000') !== after.join('\u0000') || new Set(after).size !== 4)
        return problem(
          'INVALID_STATE',
          tagOf(hand.game, 'West') ?? hand.game,
          'West',
          'the players after the cut must be the four who played the rubber before',
        );
      recorded = tags;
    } else if (recorded !== null) {
      for (const [name, seat] of SEAT_TAGS) {
        const tag = tagOf(hand.game, name);
        if (tag !== undefined && tag.value !== recorded[seat])
          return problem(
            'INVALID_STATE',
            tag,
            name,
            `is ${quote(tag.value)}, but ${quote(recorded[seat])} sits ${name.toLowerCase()} in rubber ${hand.rubber}`,
          );
      }
    }
    hand.players = recorded ?? derived;
  }
  return null;
}
