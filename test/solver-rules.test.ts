// The solver's cut-off rules, each checked on random endings against exhaustive search, with a fixed, printed
// seed. A rule gives a bound and records the cards it relied on; the transposition table reuses the result for
// every position where those cards (and all above them in their suit) have the same owners and the suit
// lengths are the same. So each bound is checked on the position itself and on random variants that keep only
// what the rule recorded: a rule that relies on a card it did not record fails here.

import { describe, expect, it } from 'vitest';
import { COUNT, Core, loadPosition, WIN_RANKS } from '../src/solver/core.js';
import { laterTricks } from '../src/solver/later-tricks.js';
import { crossBack, crossToPartner, ownRuns, quickTricks, secondHandTricks, secondHandWins } from '../src/solver/quick-tricks.js';

const SEED = 20261124;

/** A small seeded generator (mulberry32). */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Exhaustive search written for this test: tricks taken by the side of `lead` from a trick start, with best
 * play. `hands[seat * 4 + suit]` are rank masks; `trump` is 0-3 or -1. Every card is tried; within a trick,
 * a card is skipped only once the cards tried already decide the trick's value (alpha-beta), and the value
 * from each trick start on is kept for the same hands and leader.
 */
function exhaustive(hands: Int32Array, trump: number, lead: number): number {
  const memo = new Map<string, number>();
  let cards = 0;
  for (let k = 0; k < 16; k++) for (let m = hands[k] as number; m; m &= m - 1) cards++;
  const trickFrom = (leader: number, tricks: number): number => {
    if (tricks === 0) return 0;
    const key = String.fromCharCode(...hands, leader);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const v = step(leader, 0, tricks, [], [], -1, tricks + 1);
    memo.set(key, v);
    return v;
  };
  // Tricks for the side of `leader` from the trick in progress on: exact when it lies strictly between
  // `alpha` and `beta`, and otherwise on the same side of the window as the exact value.
  const step = (leader: number, pos: number, tricks: number, suits: number[], ranks: number[], alpha: number, beta: number): number => {
    const seat = (leader + pos) & 3;
    const maximise = (seat & 1) === (leader & 1);
    const led = pos === 0 ? -1 : (suits[0] as number);
    const follow = led >= 0 && (hands[seat * 4 + led] as number) !== 0;
    let best = maximise ? -1 : 99;
    for (let s = 0; s < 4; s++) {
      if (follow && s !== led) continue;
      for (let m = hands[seat * 4 + s] as number; m; m &= m - 1) {
        const r = 31 - Math.clz32(m & -m);
        hands[seat * 4 + s] = (hands[seat * 4 + s] as number) ^ (1 << r);
        suits[pos] = s;
        ranks[pos] = r;
        let v: number;
        if (pos === 3) {
          let w = 0;
          for (let i = 1; i < 4; i++) {
            const better = suits[i] === suits[w] ? (ranks[i] as number) > (ranks[w] as number) : suits[i] === trump;
            if (better) w = i;
          }
          const winner = (leader + w) & 3;
          const rest = trickFrom(winner, tricks - 1);
          v = (winner & 1) === (leader & 1) ? 1 + rest : tricks - 1 - rest;
        } else v = step(leader, pos + 1, tricks, suits, ranks, alpha, beta);
        hands[seat * 4 + s] = (hands[seat * 4 + s] as number) | (1 << r);
        if (maximise) {
          if (v > best) best = v;
          if (best > alpha) alpha = best;
        } else {
          if (v < best) best = v;
          if (best < beta) beta = best;
        }
        if (alpha >= beta) return best;
      }
    }
    return best;
  };
  return trickFrom(lead, cards / 4);
}

function randomEnding(rand: () => number, tricks: number, suits: number): Int32Array {
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) if (Math.floor(c / 13) < suits) deck.push(c);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  const hands = new Int32Array(16);
  for (let seat = 0; seat < 4; seat++) {
    for (let k = 0; k < tricks; k++) {
      const c = deck[seat * tricks + k] as number;
      const i = seat * 4 + Math.floor(c / 13);
      hands[i] = (hands[i] as number) | (1 << (c % 13));
    }
  }
  return hands;
}

/**
 * A position that keeps what `marks` recorded: per suit the owners of the cards from the top down to the lowest
 * recorded card, and every hand's suit lengths; the other cards of the suit go to their holders in a random
 * order, and the suit's ranks are renumbered at random keeping their order.
 */
function variant(rand: () => number, hands: Int32Array, marks: ArrayLike<number>): Int32Array {
  const out = new Int32Array(16);
  for (let s = 0; s < 4; s++) {
    const owners: number[] = [];
    const low = (marks[s] as number) === 0 ? 99 : 31 - Math.clz32((marks[s] as number) & -(marks[s] as number));
    const fixed: number[] = [];
    const free: number[] = [];
    for (let r = 12; r >= 0; r--) {
      for (let seat = 0; seat < 4; seat++) {
        if ((((hands[seat * 4 + s] as number) >> r) & 1) === 0) continue;
        (r >= low ? fixed : free).push(seat);
      }
    }
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [free[i], free[j]] = [free[j] as number, free[i] as number];
    }
    owners.push(...fixed, ...free);
    const ranks = [...Array(13).keys()];
    for (let i = 12; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [ranks[i], ranks[j]] = [ranks[j] as number, ranks[i] as number];
    }
    const chosen = ranks.slice(0, owners.length).sort((a, b) => b - a);
    owners.forEach((seat, i) => {
      out[seat * 4 + s] = (out[seat * 4 + s] as number) | (1 << (chosen[i] as number));
    });
  }
  return out;
}

/**
 * Checks a count of `q` tricks for the side of `lead` against exhaustive search: on the position, and on two
 * positions that keep what the count recorded in `WIN_RANKS` at depth `d`.
 */
function countHolds(rand: () => number, hands: Int32Array, trump: number, lead: number, d: number, q: number, what: string): void {
  const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
  expect(q, `${what} ${q} on ${hands.join(',')} trump ${trump} lead ${lead}`).toBeLessThanOrEqual(exhaustive(new Int32Array(hands), trump, lead));
  for (let k = 0; k < 2; k++) {
    const other = variant(rand, hands, marks);
    expect(q, `${what} ${q} from ${hands.join(',')} on the variant ${other.join(',')}`).toBeLessThanOrEqual(exhaustive(other, trump, lead));
  }
}

/** Hands from cards written like `AS KD`, by seat (N E S W = 0-3). */
function handsOf(...seats: string[]): Int32Array {
  const hands = new Int32Array(16);
  seats.forEach((cards, seat) => {
    for (const card of cards.split(' ')) {
      const s = 'SHDC'.indexOf(card[1] as string);
      hands[seat * 4 + s] = (hands[seat * 4 + s] as number) | (1 << '23456789TJQKA'.indexOf(card[0] as string));
    }
  });
  return hands;
}

describe(`cut-off rules hold, and hold wherever their recorded cards do (seed ${SEED})`, () => {
  it('quick tricks never exceed the tricks the side on lead can take', () => {
    console.info(`solver rules: seed ${SEED}`);
    const rand = generator(SEED);
    const c = new Core();
    let fired = 0;
    let partial = 0;
    for (let it = 0; it < 700; it++) {
      const tricks = 2 + Math.floor(rand() * 3);
      const hands = randomEnding(rand, tricks, 2 + Math.floor(rand() * 3));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, trump, lead, []);
      // The most tricks the count proves: the highest cutoff it reaches (below a cutoff it may stop counting).
      let q = 0;
      for (let k = tricks; k >= 1 && q === 0; k--) {
        WIN_RANKS.fill(0);
        if (quickTricks(c, d, k) >= k) q = k;
      }
      if (q === 0) continue;
      fired++;
      // Cards are recorded for the cutoff asked for, when the bound reaches it.
      WIN_RANKS.fill(0);
      expect(quickTricks(c, d, q)).toBeGreaterThanOrEqual(q);
      const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
      expect(q, `quick tricks ${q} on ${hands.join(',')} trump ${trump} lead ${lead}`).toBeLessThanOrEqual(exhaustive(new Int32Array(hands), trump, lead));
      for (let k = 0; k < 2; k++) {
        const other = variant(rand, hands, marks);
        expect(q, `quick tricks ${q} from ${hands.join(',')} on the variant ${other.join(',')}`).toBeLessThanOrEqual(exhaustive(other, trump, lead));
      }
      // A smaller cutoff records fewer cards; they must still carry that many tricks.
      if (q > 1) {
        const k = 1 + Math.floor(rand() * (q - 1));
        WIN_RANKS.fill(0);
        expect(quickTricks(c, d, k)).toBeGreaterThanOrEqual(k);
        const fewer = WIN_RANKS.slice(d * 4, d * 4 + 4);
        const other = variant(rand, hands, fewer);
        expect(k, `quick tricks cut at ${k} from ${hands.join(',')} on the variant ${other.join(',')}`).toBeLessThanOrEqual(exhaustive(other, trump, lead));
        partial++;
      }
    }
    expect(fired).toBeGreaterThan(250);
    expect(partial).toBeGreaterThan(50);
  });

  it('cashing, then crossing to partner, never exceeds what the side on lead takes, on the cards it records', () => {
    const rand = generator(SEED + 4);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 3000 && fired < 25; it++) {
      const tricks = 5;
      const hands = randomEnding(rand, tricks, 3 + Math.floor(rand() * 2));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, trump, lead, []);
      const q = crossToPartner(c, d, lead, 99, true);
      if (q < 3) continue;
      fired++;
      WIN_RANKS.fill(0);
      expect(crossToPartner(c, d, lead, q, true)).toBe(q);
      const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
      expect(q, `cash then cross ${q} on ${hands.join(',')} trump ${trump} lead ${lead}`).toBeLessThanOrEqual(exhaustive(new Int32Array(hands), trump, lead));
      const other = variant(rand, hands, marks);
      expect(q, `cash then cross ${q} from ${hands.join(',')} on the variant ${other.join(',')}`).toBeLessThanOrEqual(exhaustive(other, trump, lead));
    }
    expect(fired).toBe(25);
  });

  it('crossing to partner’s top card and back to the leader’s cards then highest never exceeds what the side on lead takes, on the cards it records', () => {
    const rand = generator(SEED + 6);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 6000 && fired < 30; it++) {
      const hands = randomEnding(rand, 5, 3 + Math.floor(rand() * 2));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, trump, lead, []);
      const q = crossBack(c, d, lead, 99, ownRuns(c, d, lead));
      if (q < 2) continue;
      fired++;
      WIN_RANKS.fill(0);
      expect(crossBack(c, d, lead, q, ownRuns(c, d, lead))).toBe(q);
      countHolds(rand, hands, trump, lead, d, q, 'cross and back');
    }
    expect(fired).toBe(30);
  });

  it('after the leader cashes a suit, partner’s card then highest in it is an entry: the count never exceeds what the side takes', () => {
    const rand = generator(SEED + 7);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 20000 && fired < 25; it++) {
      const hands = randomEnding(rand, 5, 3 + Math.floor(rand() * 2));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const partner = lead ^ 2;
      // A suit whose top cards are the leader's, then partner's, every opponent's card below; both hold more.
      let shape = false;
      for (let s = 0; s < 4; s++) {
        const own = hands[lead * 4 + s] as number;
        const hp = hands[partner * 4 + s] as number;
        const opp = (hands[((lead + 1) & 3) * 4 + s] as number) | (hands[((lead + 3) & 3) * 4 + s] as number);
        if (own === 0 || hp === 0 || own < hp || opp > hp) continue;
        const tp = 1 << (31 - Math.clz32(hp));
        const above = own & ~(tp - 1);
        let n = 0;
        for (let m = above; m !== 0; m &= m - 1) n++;
        let no = 0;
        for (let m = own; m !== 0; m &= m - 1) no++;
        let np = 0;
        for (let m = hp; m !== 0; m &= m - 1) np++;
        if (no > n && np > n) shape = true;
      }
      if (!shape) continue;
      const d = loadPosition(c, hands, trump, lead, []);
      const q = crossToPartner(c, d, lead, 99, true);
      if (q < 3) continue;
      fired++;
      WIN_RANKS.fill(0);
      expect(crossToPartner(c, d, lead, q, true)).toBe(q);
      countHolds(rand, hands, trump, lead, d, q, 'cash, then cross in that suit');
    }
    expect(fired).toBe(25);
  });

  it('a finesse after crossing (partner’s top and third-best cards over the second-best) never exceeds what the side takes', () => {
    const rand = generator(SEED + 8);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 40000 && fired < 40; it++) {
      const hands = randomEnding(rand, 5, 2 + Math.floor(rand() * 3));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const partner = lead ^ 2;
      const lho = (lead + 1) & 3;
      // A suit the leader holds whose top card and another are partner's, and whose second-best is the leader's
      // left-hand opponent's, who plays before partner: partner's other card is the third-best, or is not.
      let shape = false;
      for (let s = 0; s < 4; s++) {
        const all = (hands[s] as number) | (hands[4 + s] as number) | (hands[8 + s] as number) | (hands[12 + s] as number);
        if ((hands[lead * 4 + s] as number) === 0) continue;
        const t1 = 1 << (31 - Math.clz32(all));
        const r2 = all & ~t1;
        if (r2 === 0) continue;
        const t2 = 1 << (31 - Math.clz32(r2));
        const hp = hands[partner * 4 + s] as number;
        if ((hp & t1) !== 0 && (hp & ~t1) !== 0 && ((hands[lho * 4 + s] as number) & t2) !== 0) shape = true;
      }
      if (!shape) continue;
      const d = loadPosition(c, hands, trump, lead, []);
      for (const cashFirst of [false, true]) {
        const q = crossToPartner(c, d, lead, 99, cashFirst);
        if (q < 2) continue;
        fired++;
        WIN_RANKS.fill(0);
        expect(crossToPartner(c, d, lead, q, cashFirst)).toBe(q);
        countHolds(rand, hands, trump, lead, d, q, `finesse (cash first: ${cashFirst})`);
      }
    }
    expect(fired).toBe(40);
  });

  it('no finesse when the card led to partner is the one below the second-best: partner must then spend its top card', () => {
    // No trump, north on lead. North leads its one heart, the queen, to south's king; east, holding the ten, plays
    // low, and south must take the queen with the king: the eight is not then the highest heart. One trick, not
    // two (without the queen, south's eight would be the third-best heart, and a finesse).
    const hands = handsOf('4S 3S QH', 'JS TH 5H', 'KH 8H 7H', 'QS 6S 2S');
    const c = new Core();
    const d = loadPosition(c, hands, -1, 0, []);
    expect(exhaustive(new Int32Array(hands), -1, 0)).toBe(1);
    expect(quickTricks(c, d, 2)).toBeLessThan(2);
  });

  it('crossing to partner after cashing trumps partner also holds, or to partner’s top card, never exceeds what the side on lead takes', () => {
    const rand = generator(SEED + 5);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 6000 && fired < 30; it++) {
      const hands = randomEnding(rand, 5, 3 + Math.floor(rand() * 2));
      const trump = 0;
      const lead = Math.floor(rand() * 4);
      const partner = lead ^ 2;
      const trumps = (hands[0] as number) | (hands[4] as number) | (hands[8] as number) | (hands[12] as number);
      if (trumps === 0 || (hands[partner * 4] as number) === 0) continue;
      // The leader holds the top trump; partner holds the top card of a suit the leader also holds.
      if (((hands[lead * 4] as number) & (1 << (31 - Math.clz32(trumps)))) === 0) continue;
      let entry = false;
      for (let s = 1; s < 4; s++) {
        const all = (hands[s] as number) | (hands[4 + s] as number) | (hands[8 + s] as number) | (hands[12 + s] as number);
        if (all !== 0 && (hands[lead * 4 + s] as number) !== 0 && ((hands[partner * 4 + s] as number) & (1 << (31 - Math.clz32(all)))) !== 0) entry = true;
      }
      if (!entry) continue;
      const d = loadPosition(c, hands, trump, lead, []);
      for (const cashFirst of [true, false]) {
        const q = crossToPartner(c, d, lead, 99, cashFirst);
        if (q < 2) continue;
        fired++;
        WIN_RANKS.fill(0);
        expect(crossToPartner(c, d, lead, q, cashFirst)).toBe(q);
        const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
        const v = exhaustive(new Int32Array(hands), trump, lead);
        expect(q, `cross (cash first: ${cashFirst}) ${q} on ${hands.join(',')} lead ${lead}`).toBeLessThanOrEqual(v);
        for (let k = 0; k < 2; k++) {
          const other = variant(rand, hands, marks);
          expect(q, `cross ${q} from ${hands.join(',')} on the variant ${other.join(',')}`).toBeLessThanOrEqual(exhaustive(other, trump, lead));
        }
      }
    }
    expect(fired).toBe(30);
  });

  it('with no trump outside the leader’s hand, partner discards its own winners while the leader cashes: the count never exceeds what the side takes', () => {
    // Each ending is built so that partner is void in the leader's run and holds only cards of suits whose top
    // card it holds: every card it discards while the leader cashes is one it could cash. Spades are the
    // leader's run, hearts the entry (the leader's one heart is below partner's), clubs partner's other run;
    // the rest of the cards are dealt at random. A third of the endings are played at no trump, a third with
    // diamonds trumps and no diamond left, a third with diamonds trumps held by the leader alone.
    const rand = generator(SEED + 7);
    const c = new Core();
    // Counts that reach 3 tricks, by kind of ending.
    const fired = [0, 0, 0];
    for (let it = 0; it < 20000 && Math.min(...fired) < 10; it++) {
      const tricks = 4 + Math.floor(rand() * 2);
      const lead = Math.floor(rand() * 4);
      const partner = lead ^ 2;
      const mode = Math.floor(rand() * 3);
      if ((fired[mode] as number) >= 10) continue;
      const trump = mode === 0 ? -1 : 2;
      const hands = new Int32Array(16);
      const left = new Set<number>();
      for (let card = 0; card < 52; card++) left.add(card);
      const give = (seat: number, card: number): void => {
        hands[seat * 4 + Math.floor(card / 13)] = (hands[seat * 4 + Math.floor(card / 13)] as number) | (1 << (card % 13));
        left.delete(card);
      };
      // Partner: the top hearts (the ace down) and the top clubs, `tricks` cards in all, at least two hearts.
      const hearts = 2 + Math.floor(rand() * (tricks - 1));
      for (let k = 0; k < hearts; k++) give(partner, 13 + 12 - k);
      for (let k = 0; k < tricks - hearts; k++) give(partner, 39 + 12 - k);
      // The leader: the top spades (one to three), one low heart, the rest at random from spades and diamonds.
      const spades = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < spades; k++) give(lead, 12 - k);
      give(lead, 13 + Math.floor(rand() * 5));
      const pool = (seat: number, from: number[]): void => {
        let n = 0;
        for (let s = 0; s < 4; s++) n += COUNT[hands[seat * 4 + s] as number] as number;
        const cards = [...left].filter((card) => from.includes(Math.floor(card / 13)));
        for (let i = cards.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [cards[i], cards[j]] = [cards[j] as number, cards[i] as number];
        }
        for (let k = 0; n + k < tricks; k++) give(seat, cards[k] as number);
      };
      const suits = mode === 0 ? [0, 1, 2, 3] : [0, 1, 3];
      pool(lead, mode === 1 ? [0] : [0, 2]);
      pool((lead + 1) & 3, suits);
      pool((lead + 3) & 3, suits);
      const d = loadPosition(c, hands, trump, lead, []);
      const q = crossToPartner(c, d, lead, 99, true);
      if (q < 3) continue;
      fired[mode] = (fired[mode] as number) + 1;
      WIN_RANKS.fill(0);
      expect(crossToPartner(c, d, lead, q, true)).toBe(q);
      countHolds(rand, hands, trump, lead, d, q, `cash, partner discarding winners, then cross (trump ${trump})`);
    }
    expect(fired).toEqual([10, 10, 10]);
  });

  it('without trumps, partner keeps its entry and the winners the tricks left need: a position found by the search', () => {
    // No trump, south on lead, six tricks left. South cashes the ace and king of spades and the queen of
    // diamonds while north, void in both, discards its three clubs; then south's seven of hearts reaches north's
    // queen, and north's jack and eight of hearts are the highest once west's ten and three have fallen: all six.
    const hands = handsOf('QH JH 8H KC TC 9C', 'JS 9S 8S 7S 8D 7D', 'AS KS TS 5S 7H QD', 'TH 3H JD 5D JC 8C');
    const c = new Core();
    const d = loadPosition(c, hands, -1, 2, []);
    expect(exhaustive(new Int32Array(hands), -1, 2)).toBe(6);
    WIN_RANKS.fill(0);
    expect(crossToPartner(c, d, 2, 6, true)).toBe(6);
    expect(quickTricks(c, d, 6)).toBe(6);
  });

  it('counts trumps cashed before crossing, and the entry card led, in a position found by the search', () => {
    // West on lead, spades trumps; east-west hold every trump. West cashes four trumps and the ace of diamonds
    // (east follows twice in trumps, then discards clubs), leads the queen of hearts to east's king, and east
    // cashes the jack: 7 of the 9 tricks.
    const hands = handsOf('QD JD 9D 7D 5D AC QC TC 6C', '4S 3S KH JH TD 6D 9C 5C 3C', 'TH 6H KD 8D 4D 3D KC 7C 4C', 'JS TS 6S 5S QH AD 2D JC 8C');
    const c = new Core();
    const d = loadPosition(c, hands, 0, 3, []);
    WIN_RANKS.fill(0);
    expect(quickTricks(c, d, 7)).toBe(7);
    // Hearts are recorded down to east's jack; trumps and the diamond ace too.
    const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
    expect((marks[1] as number) & (1 << 9)).not.toBe(0);
    expect(marks[0]).not.toBe(0);
    expect(marks[2]).not.toBe(0);
  });

  it('later tricks decide only what exhaustive search decides the same way', () => {
    const rand = generator(SEED + 1);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 500; it++) {
      const tricks = 2 + Math.floor(rand() * 3);
      const hands = randomEnding(rand, tricks, 2 + Math.floor(rand() * 3));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, trump, lead, []);
      for (const maxSide of [0, 1]) {
        for (let target = 1; target <= tricks; target++) {
          c.maxSide = maxSide;
          c.target = target;
          c.tricksMax = 0;
          WIN_RANKS.fill(0);
          const decided = laterTricks(c, d);
          if (decided < 0) continue;
          fired++;
          const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
          for (const h of [hands, variant(rand, hands, marks)]) {
            const v = exhaustive(new Int32Array(h), trump, lead);
            const maxTricks = (lead & 1) === maxSide ? v : tricks - v;
            expect(maxTricks >= target ? 1 : 0, `later tricks on ${h.join(',')} trump ${trump} lead ${lead} side ${maxSide} target ${target}`).toBe(decided);
          }
        }
      }
    }
    expect(fired).toBeGreaterThan(400);
  });

  it('top trumps split between partners decide only what exhaustive search decides: at least as many tricks as they are, up to the longer trump holding', () => {
    const rand = generator(SEED + 9);
    const c = new Core();
    let split = 0;
    let fired = 0;
    for (let it = 0; split < 150 && it < 20_000; it++) {
      const tricks = 3 + Math.floor(rand() * 2);
      const hands = randomEnding(rand, tricks, 2 + Math.floor(rand() * 2));
      // Spades are trump; keep the endings where the top trump's side holds three or more trumps above all the
      // other side's, some in each partner's hand: one hand's run of top trumps, or the two top trumps split,
      // would count fewer for that side.
      const all = (hands[0] as number) | (hands[4] as number) | (hands[8] as number) | (hands[12] as number);
      if (all === 0) continue;
      const topBit = 1 << (31 - Math.clz32(all));
      let holder = 0;
      while (((hands[holder * 4] as number) & topBit) === 0) holder++;
      const side = (hands[holder * 4] as number) | (hands[((holder + 2) & 3) * 4] as number);
      const others = all & ~side;
      const run = others === 0 ? side : side & ~((2 << (31 - Math.clz32(others))) - 1);
      if ((COUNT[run] as number) < 3 || (run & (hands[holder * 4] as number)) === run) continue;
      split++;
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, 0, lead, []);
      for (const maxSide of [0, 1]) {
        for (let target = 1; target <= tricks; target++) {
          c.maxSide = maxSide;
          c.target = target;
          c.tricksMax = 0;
          WIN_RANKS.fill(0);
          const decided = laterTricks(c, d);
          if (decided < 0) continue;
          fired++;
          const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
          for (const h of [hands, variant(rand, hands, marks)]) {
            const v = exhaustive(new Int32Array(h), 0, lead);
            const maxTricks = (lead & 1) === maxSide ? v : tricks - v;
            expect(maxTricks >= target ? 1 : 0, `later tricks on ${h.join(',')} lead ${lead} side ${maxSide} target ${target}`).toBe(decided);
          }
        }
      }
    }
    expect(split).toBe(150);
    expect(fired).toBeGreaterThan(150);
  });

  it('A Q 2 of trumps facing a singleton king take three tricks against the other side’s jack', () => {
    // North A♠ Q♠ 2♠, South K♠ and two hearts, East J♠ and two hearts, West three hearts; spades are trump, West
    // leads. North-South take three tricks: the king is played when South plays a trump, and North keeps the
    // two under it.
    const c = new Core();
    const hands = handsOf('AS QS 2S', 'JS 9H 8H', 'KS 3H 4H', 'AH KH QH');
    const d = loadPosition(c, hands, 0, 3, []);
    c.maxSide = 0;
    c.target = 3;
    c.tricksMax = 0;
    WIN_RANKS.fill(0);
    expect(laterTricks(c, d)).toBe(1);
    expect(exhaustive(new Int32Array(hands), 0, 3)).toBe(0);
  });

  it('on endings of trumps and one other suit, later tricks decide only what exhaustive search decides', () => {
    const rand = generator(SEED + 10);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 400; it++) {
      const tricks = 2 + Math.floor(rand() * 3);
      const hands = randomEnding(rand, tricks, 2);
      const lead = Math.floor(rand() * 4);
      const d = loadPosition(c, hands, 0, lead, []);
      for (const maxSide of [0, 1]) {
        for (let target = 1; target <= tricks; target++) {
          c.maxSide = maxSide;
          c.target = target;
          c.tricksMax = 0;
          WIN_RANKS.fill(0);
          const decided = laterTricks(c, d);
          if (decided < 0) continue;
          fired++;
          const marks = WIN_RANKS.slice(d * 4, d * 4 + 4);
          for (const h of [hands, variant(rand, hands, marks)]) {
            const v = exhaustive(new Int32Array(h), 0, lead);
            const maxTricks = (lead & 1) === maxSide ? v : tricks - v;
            expect(maxTricks >= target ? 1 : 0, `later tricks on ${h.join(',')} lead ${lead} side ${maxSide} target ${target}`).toBe(decided);
          }
        }
      }
    }
    expect(fired).toBeGreaterThan(400);
  });

  it('a guarded king, or a queen with two spares, of trumps on lead with the ace and king behind may make no trick', () => {
    // Spades are trump, North leads. North K♠ 2♠, East 5♠ 9♥, South 7♥ 8♥, West A♠ 3♠: North leads the two, East
    // wins it with the five and leads a heart; North must ruff with the king, and West overruffs.
    // North Q♠ 3♠ 2♠, East J♠ 9♥ 8♥, South 7♥ 6♥ 5♥, West A♠ K♠ 4♠: North leads a trump, East wins it with the
    // jack and leads a heart, which West ruffs; the ace then draws the queen.
    const c = new Core();
    for (const hands of [handsOf('KS 2S', '5S 9H', '7H 8H', 'AS 3S'), handsOf('QS 3S 2S', 'JS 9H 8H', '7H 6H 5H', 'AS KS 4S')]) {
      const d = loadPosition(c, hands, 0, 0, []);
      c.maxSide = 0;
      c.target = 1;
      c.tricksMax = 0;
      WIN_RANKS.fill(0);
      expect(exhaustive(new Int32Array(hands), 0, 0)).toBe(0);
      expect(laterTricks(c, d)).not.toBe(1);
    }
  });

  it('a queen with two spares of trumps, right after the ace and king, makes a trick when not on lead', () => {
    // The second position of the test above with East on lead: North plays after West in every trick until it
    // wins one, a spare on each of the ace and the king, and the queen on any other trick it plays a trump to.
    const c = new Core();
    const hands = handsOf('QS 3S 2S', 'JS 9H 8H', '7H 6H 5H', 'AS KS 4S');
    const d = loadPosition(c, hands, 0, 1, []);
    c.maxSide = 0;
    c.target = 1;
    c.tricksMax = 0;
    WIN_RANKS.fill(0);
    expect(laterTricks(c, d)).toBe(1);
    expect(WIN_RANKS[d * 4]).toBe(1 << 10);
    expect(3 - exhaustive(new Int32Array(hands), 0, 1)).toBeGreaterThanOrEqual(1);
  });

  it('a singleton king and a guarded queen of trumps make a trick against the ace on lead', () => {
    // North A♠ 2♠ 4♥ leads, East K♠ and two hearts, West Q♠ 3♠ and a heart; spades are trump. East-West make a
    // trick: when the ace takes the king, West plays the three and the queen is then the highest.
    const c = new Core();
    const hands = handsOf('AS 2S 4H', 'KS 5H 6H', '7H 8H 9H', 'QS 3S TH');
    const d = loadPosition(c, hands, 0, 0, []);
    c.maxSide = 1;
    c.target = 1;
    c.tricksMax = 0;
    WIN_RANKS.fill(0);
    expect(laterTricks(c, d)).toBe(1);
    expect(WIN_RANKS[d * 4]).toBe(1 << 10);
    expect(3 - exhaustive(new Int32Array(hands), 0, 0)).toBeGreaterThanOrEqual(1);
  });

  it('the second-hand quick trick is only claimed when the second hand’s side wins the trick', () => {
    const rand = generator(SEED + 2);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 800; it++) {
      const tricks = 2 + Math.floor(rand() * 2);
      const hands = randomEnding(rand, tricks, 2 + Math.floor(rand() * 3));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const { card, held } = randomLead(rand, hands, lead);
      const d = loadPosition(c, held, trump, lead, [card]);
      WIN_RANKS.fill(0);
      if (!secondHandWins(c, d)) continue;
      fired++;
      // The second hand's side takes this trick: with it led, the leader's side takes at most tricks - 1 - ... so
      // compare the best the leader's side can do after this lead with what it would need to win this trick.
      const second = (lead + 1) & 3;
      const leaderSide = exhaustiveAfterLead(held, trump, lead, card);
      const secondSideTricks = tricks - leaderSide;
      expect(secondSideTricks, `second hand ${second} on ${hands.join(',')} trump ${trump} lead card ${card}`).toBeGreaterThanOrEqual(1);
      // And it wins this very trick: the leader's side cannot take all the tricks.
      expect(leaderSide).toBeLessThan(tricks);
    }
    expect(fired).toBeGreaterThan(150);
  });

  it('the second hand’s quick tricks never exceed what its side takes', () => {
    const rand = generator(SEED + 3);
    const c = new Core();
    let fired = 0;
    for (let it = 0; it < 1500; it++) {
      const tricks = 2 + Math.floor(rand() * 3);
      const hands = randomEnding(rand, tricks, 2 + Math.floor(rand() * 3));
      const trump = Math.floor(rand() * 5) - 1;
      const lead = Math.floor(rand() * 4);
      const { card, held } = randomLead(rand, hands, lead);
      const d = loadPosition(c, held, trump, lead, [card]);
      for (let need = 2; need <= tricks; need++) {
        WIN_RANKS.fill(0);
        if (!secondHandTricks(c, d, need)) continue;
        fired++;
        const secondSide = tricks - exhaustiveAfterLead(held, trump, lead, card);
        expect(secondSide, `second hand needs ${need} on ${held.join(',')} trump ${trump} lead card ${card}`).toBeGreaterThanOrEqual(need);
      }
    }
    expect(fired).toBeGreaterThan(100);
  });
});

/** The leader leads a random card of its hand: the card, and the hands without it. */
function randomLead(rand: () => number, hands: Int32Array, lead: number): { card: number; held: Int32Array } {
  const mine: number[] = [];
  for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (((hands[lead * 4 + s] as number) >> r) & 1) mine.push(s * 13 + r);
  const card = mine[Math.floor(rand() * mine.length)] as number;
  const held = new Int32Array(hands);
  held[lead * 4 + Math.floor(card / 13)] = (held[lead * 4 + Math.floor(card / 13)] as number) ^ (1 << (card % 13));
  return { card, held };
}

/** Tricks for the leader's side after it has led `card` (not in `held`), the trick in progress included. */
function exhaustiveAfterLead(held: Int32Array, trump: number, lead: number, card: number): number {
  // Put the card back and force it: search every lead but keep only those of this card.
  const hands = new Int32Array(held);
  const s = Math.floor(card / 13);
  hands[lead * 4 + s] = (hands[lead * 4 + s] as number) | (1 << (card % 13));
  // A position where the leader holds only this card of its hand is not the same; instead search from the
  // second hand directly: the leader's side value is the minimum over the second hand's replies, etc.
  let best = Number.POSITIVE_INFINITY;
  const seat = (lead + 1) & 3;
  const own = held[seat * 4 + s] as number;
  const replies: [number, number][] = [];
  if (own !== 0) for (let r = 0; r < 13; r++) if ((own >> r) & 1) replies.push([s, r]);
  if (own === 0) for (let t = 0; t < 4; t++) for (let r = 0; r < 13; r++) if (((held[seat * 4 + t] as number) >> r) & 1) replies.push([t, r]);
  for (const [t, r] of replies) {
    const h2 = new Int32Array(held);
    h2[seat * 4 + t] = (h2[seat * 4 + t] as number) ^ (1 << r);
    const v = thirdAndFourth(h2, trump, lead, [s, t], [card % 13, r]);
    if (v < best) best = v;
  }
  return best;
}

/** Leader's side tricks after the first two cards of a trick, by exhaustive search of the last two and the rest. */
function thirdAndFourth(held: Int32Array, trump: number, lead: number, suits: number[], ranks: number[]): number {
  const pos = suits.length;
  if (pos === 4) {
    let w = 0;
    for (let i = 1; i < 4; i++) if (suits[i] === suits[w] ? (ranks[i] as number) > (ranks[w] as number) : suits[i] === trump) w = i;
    const winner = (lead + w) & 3;
    let left = 0;
    for (let k = 0; k < 16; k++) for (let m = held[k] as number; m; m &= m - 1) left++;
    const rest = left === 0 ? 0 : exhaustive(new Int32Array(held), trump, winner);
    return (winner & 1) === (lead & 1) ? 1 + rest : left / 4 - rest;
  }
  const seat = (lead + pos) & 3;
  const led = suits[0] as number;
  const opts: [number, number][] = [];
  if ((held[seat * 4 + led] as number) !== 0) for (let r = 0; r < 13; r++) if (((held[seat * 4 + led] as number) >> r) & 1) opts.push([led, r]);
  if (opts.length === 0) for (let t = 0; t < 4; t++) for (let r = 0; r < 13; r++) if (((held[seat * 4 + t] as number) >> r) & 1) opts.push([t, r]);
  let best = -1;
  let worst = 99;
  for (const [t, r] of opts) {
    const h2 = new Int32Array(held);
    h2[seat * 4 + t] = (h2[seat * 4 + t] as number) ^ (1 << r);
    const v = thirdAndFourth(h2, trump, lead, [...suits, t], [...ranks, r]);
    if (v > best) best = v;
    if (v < worst) worst = v;
  }
  return (seat & 1) === (lead & 1) ? best : worst;
}
