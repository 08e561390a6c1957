/**
 * The English catalogue: every sentence the table says, keyed by message id.
 *
 * @module
 */

import type { BySide, HandSummary, Rules, Seat, Side } from '../index.js';
import type { Catalogue, RubberFacts, RuleRowWords, Speaker } from './catalogue.js';

const SIDES: readonly Side[] = ['NS', 'EW'];

function other(side: Side): Side {
  return side === 'NS' ? 'EW' : 'NS';
}

/** "1 trick", "2 tricks". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "+3", "−3", "0": a change of score. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** The verb for the viewer ("claim") or another seat ("claims"). */
function verb(s: Speaker, seat: Parameters<Speaker['you']>[0], plain: string, third: string): string {
  return s.you(seat) ? plain : third;
}

/** A game's value by name: "treble", or "a game worth 5" where the rules' values have no names. */
function gameValueName(rules: Rules, value: number): string {
  const named = rules.gameValue.kind === 'table' && rules.gameValue.byLosersScore.every((v) => v <= 3);
  const name = named ? (['', 'single', 'double', 'treble'][value] ?? '') : '';
  return name === '' ? `a game worth ${value}` : name;
}

/** A game's value: "a treble, worth 3", or "a game worth 5" where the rules' values have no names. */
function gameValue(rules: Rules, value: number): string {
  const name = gameValueName(rules, value);
  return name.startsWith('a game') ? name : `a ${name}, worth ${value}`;
}

/** Sides named by their codes, as the score names them: a speaker for the explanations. */
const SCORE_SPEAKER: Speaker = {
  viewer: null,
  style: 'short',
  seat: (seat) => seat,
  who: (seat) => seat,
  whom: (seat) => seat,
  you: () => false,
  card: (card) => card,
  side: (side) => side,
};

/** The claimer's side, as the viewer reads it: "your side", or "West's side". */
function claimersSide(claimer: Seat, s: Speaker): string {
  const partner = ({ N: 'S', S: 'N', E: 'W', W: 'E' } as const)[claimer];
  return s.you(claimer) || s.viewer === partner ? 'your side' : `${s.seat(claimer)}'s side`;
}

function penalty(p: 'tricks' | 'deduct' | 'add', revokers: Side, s: Speaker): string {
  const from = s.side(revokers);
  const to = s.side(other(revokers));
  const whose = (name: string) => (name === 'your side' ? "your side's" : `${name}'s`);
  if (p === 'tricks') return `three tricks taken from ${from} and given to ${to}`;
  if (p === 'deduct') return `three points taken off ${whose(from)} score`;
  return `three points added to ${whose(to)} score`;
}

function honoursLines(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const honours = rules.honours;
  if (honours === null) return ['Honours are not scored in this game.'];
  if (hand.honours.NS === 0 && hand.honours.EW === 0) return ['No trumps this hand, so no honours.'];
  const target = rules.target;
  const verbText = honours.basis === 'held' ? 'held' : 'won in tricks';
  const lines: string[] = [];
  for (const side of SIDES) {
    const count = hand.honours[side];
    const raw = honours.points[count] ?? 0;
    if (raw === 0) continue;
    const scored = hand.honourPoints[side];
    const held = `${side} ${verbText} ${plural(count, 'honour')}`;
    // Why they scored less than their count is worth, as the library scored the hand.
    const withheld = hand.honoursWithheld[side];
    if (withheld === null) lines.push(`${held} = ${raw}.`);
    else if (withheld === 'tricksFirst') {
      // Tricks took a side to game on this hand: the game's winner.
      const byTricks = hand.game?.winner ?? side;
      lines.push(
        byTricks === side
          ? `${held}, but their odd tricks had already won the game; tricks score first, so honours are not counted.`
          : `${held}, but ${byTricks}'s odd tricks won the game first (tricks score before honours), so ${side}'s honours do not count.`,
      );
    } else if (withheld === 'barred')
      lines.push(`${held}, but ${side} began the hand at ${before[side]}, so honours cannot score (club law: a side at ${target - 1} cannot score honours).`);
    else if (withheld === 'capped')
      lines.push(
        `${held} = ${raw}, but honours never score the winning point: they count only up to ${target - 1}, so ${scored === 0 ? 'they score nothing' : `they score ${scored}`}.`,
      );
    else lines.push(`${held} = ${raw}, but that would take ${side} to game, and honours may not win a game, so they are not counted.`);
  }
  if (lines.length === 0) lines.push(`Honours were divided (NS ${hand.honours.NS}, EW ${hand.honours.EW}): neither side scores them.`);
  return lines;
}

/** The last line of an explanation: the score, or the game won and its value. */
function gameLine(rules: Rules, hand: HandSummary): string {
  const game = hand.game;
  if (game === null) return `Score: NS ${hand.score.NS}, EW ${hand.score.EW} (game is ${rules.target}).`;
  return `${game.winner} win the game. ${other(game.winner)} have ${game.losersScore}, so it is ${gameValue(rules, game.value)}.`;
}

/** A hand won by calling honours at eight (Hoyle's laws of Long Whist, 16-21): it was not played. */
function explainCalledHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const side: Side = hand.honourPoints.NS > 0 || (hand.game?.winner ?? 'NS') === 'NS' ? 'NS' : 'EW';
  return [
    `${side} called their honours at ${before[side]} and held ${plural(hand.honours[side], 'honour')} between the partners (Hoyle's laws of Long Whist, 16-21): the hand is not played, and the honours score ${hand.honourPoints[side]}.`,
    gameLine(rules, hand),
  ];
}

/**
 * A hand with revoke penalties: each penalty, scored before everything else (laws 5, 72 V); the tricks as
 * the penalty left them; honours; and that the revokers cannot win the game on the hand (law 82).
 */
function explainRevokeHand(rules: Rules, hand: HandSummary, before: BySide, revokes: NonNullable<HandSummary['revokes']>): string[] {
  const target = rules.target;
  const lines: string[] = [];
  for (const r of revokes) lines.push(`${r.side} revoked: the penalty is ${penalty(r.penalty, r.side, SCORE_SPEAKER)} (law 72).`);
  const moved = { NS: hand.tricks.NS, EW: hand.tricks.EW };
  for (const r of revokes)
    if (r.penalty === 'tricks') {
      const n = Math.min(3, moved[r.side]);
      moved[r.side] -= n;
      moved[other(r.side)] += n;
    }
  const rp = hand.revokePoints ?? { NS: 0, EW: 0 };
  const changed = SIDES.filter((s) => rp[s] !== 0);
  if (changed.length > 0)
    lines.push(`The penalty is scored first: ${changed.map((s) => `${s} ${signed(rp[s])} (from ${before[s]} to ${before[s] + rp[s]})`).join(', ')}.`);
  const byPenalty = hand.game !== null && SIDES.every((s) => hand.trickPoints[s] === 0 && hand.honourPoints[s] === 0) && changed.length > 0;
  if (byPenalty && hand.game !== null) lines.push(`That takes ${hand.game.winner} to game: nothing else is scored on the hand (law 72).`);
  else {
    const taker: Side = moved.NS > 6 ? 'NS' : 'EW';
    const odd = moved[taker] - 6;
    const each = rules.pointsPerOddTrick;
    const counted =
      moved.NS !== hand.tricks.NS ? ` (they took ${hand.tricks.NS} and ${hand.tricks.EW}; the penalty counts them as ${moved.NS} and ${moved.EW})` : '';
    lines.push(
      `NS count ${moved.NS} tricks, EW ${moved.EW}${counted}: ${taker} make ${plural(odd, 'odd trick')}${each === 1 ? '' : ` × ${each}`} = ${hand.trickPoints[taker]}.`,
    );
    lines.push(...honoursLines(rules, hand, before));
  }
  const revoked = SIDES.filter((s) => revokes.some((r) => r.side === s));
  for (const s of revoked)
    if (hand.score[s] === target - 1 && before[s] + rp[s] + hand.trickPoints[s] + hand.honourPoints[s] >= target)
      lines.push(`${s} revoked, so they cannot win the game on this hand: their score stops at ${target - 1} (law 82).`);
  const moving = SIDES.filter((s) => hand.points[s] !== 0);
  lines.push(moving.length === 0 ? 'This hand scores nothing.' : `This hand scores ${moving.map((s) => `${s} ${signed(hand.points[s])}`).join(', ')}.`);
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  if (hand.revokes !== undefined && hand.revokes.length > 0) return explainRevokeHand(rules, hand, before, hand.revokes);
  if (hand.honoursCalled === true) return explainCalledHand(rules, hand, before);
  const target = rules.target;
  const lines: string[] = [];
  const taker: Side = hand.tricks.NS > 6 ? 'NS' : 'EW';
  const odd = hand.tricks[taker] - 6;
  const each = rules.pointsPerOddTrick;
  lines.push(
    `${taker} took ${hand.tricks[taker]} tricks, ${other(taker)} ${hand.tricks[other(taker)]}: ${taker} make ${plural(odd, 'odd trick')}${each === 1 ? '' : ` × ${each}`} = ${hand.trickPoints[taker]}.`,
  );
  lines.push(...honoursLines(rules, hand, before));
  const scorers = SIDES.filter((s) => hand.points[s] > 0);
  lines.push(`This hand scores ${scorers.map((s) => `${s} ${hand.points[s]}`).join(', ')}.`);
  for (const side of SIDES) {
    const over = before[side] + hand.points[side] - target;
    if (over > 0)
      lines.push(`${side} needed ${target - before[side]} for game; the other ${plural(over, 'point')} past the target ${over === 1 ? 'is' : 'are'} lost.`);
  }
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainRubber(view: RubberFacts): string[] {
  const winner = view.rubberWinner;
  if (winner === null) return [];
  const loser = other(winner);
  const lines = [`${winner} win the rubber, ${view.gamesWon[winner]} games to ${view.gamesWon[loser]}.`];
  const points = view.rubberPoints;
  const bonus = view.rules.rubber.points;
  if (points === null || bonus === null) {
    lines.push('There are no rubber points in this game: the rubber is won by games alone.');
    return lines;
  }
  const won = view.games.filter((g) => g.winner === winner).map((g) => g.value);
  const lost = view.games.filter((g) => g.winner === loser).map((g) => g.value);
  let sum = `${winner}'s games ${won.join(' + ')}, + ${bonus.bonus} for the rubber`;
  if (lost.length > 0) sum += `, − ${lost.join(' − ')} for ${loser}'s game${lost.length === 1 ? '' : 's'}`;
  const net = won.reduce((a, b) => a + b, 0) + bonus.bonus - lost.reduce((a, b) => a + b, 0);
  lines.push(`Rubber points: ${sum} = ${net}.`);
  const slam = view.rules.slamBonus;
  if (slam !== null) {
    for (const [i, h] of view.hands.entries())
      for (const side of SIDES) {
        const b = h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
        if (b > 0) lines.push(`${side} made a ${h.tricks[side] === 13 ? 'grand' : 'little'} slam in hand ${i + 1}: + ${b}.`);
      }
  }
  lines.push(`The rubber scores NS ${points.NS}, EW ${points.EW}.`);
  return lines;
}

function tricksSaid(tricks: number, left: number): string {
  if (tricks === left) return left === 1 ? 'the last trick' : left === 2 ? 'both tricks left' : `all ${left} tricks left`;
  return `${tricks} of the ${left} ${left === 1 ? 'trick' : 'tricks'} left`;
}

// The rules table: how each setting of a rules object reads.

function honoursValue(r: Rules): string {
  if (r.honours === null) return 'none';
  const scoring = r.honours.points
    .map((p, n) => (p > 0 ? `${n}→${p}` : ''))
    .filter(Boolean)
    .join(', ');
  return `${r.honours.cards.join('')}: ${scoring}`;
}

function ranges(scores: number[]): string {
  const first = scores[0] as number;
  const last = scores[scores.length - 1] as number;
  return first === last ? `${first}` : `${first}-${last}`;
}

function gameValues(r: Rules): string {
  const gv = r.gameValue;
  if (gv.kind === 'targetMinusLosers') return `${r.target} − losers' score`;
  const groups: { value: number; scores: number[] }[] = [];
  for (let s = 0; s < r.target; s++) {
    const value = gv.byLosersScore[s] as number;
    const last = groups[groups.length - 1];
    if (last && last.value === value) last.scores.push(s);
    else groups.push({ value, scores: [s] });
  }
  if (groups.length === 1) return `${groups[0]?.value}`;
  return `${groups.map((g) => g.value).join('/')} (losers ${groups.map((g) => ranges(g.scores)).join(' / ')})`;
}

function rubberValue(r: Rules): string {
  const size = `best of ${2 * r.rubber.gamesToWin - 1}`;
  return r.rubber.points === null ? `${size}, no rubber points` : `${size}, +${r.rubber.points.bonus}, deduct`;
}

function trumpValue(r: Rules): string {
  const t = r.trump;
  if (t.kind !== 'rotation') return t.kind;
  return `rotation ${t.suits.map((s) => s ?? 'NT').join(' ')}`;
}

const RULE_ROWS: readonly RuleRowWords[] = [
  { id: 'target', label: 'target', value: (r) => `${r.target}`, meaning: 'The points a side needs to win a game.' },
  {
    id: 'pointsPerOddTrick',
    label: 'points per odd trick',
    value: (r) => `${r.pointsPerOddTrick}`,
    meaning: 'What each trick over six scores. A side’s first six tricks (its book) score nothing; each one after them is an odd trick.',
  },
  {
    id: 'honours',
    label: 'honours',
    value: honoursValue,
    meaning:
      'The trump honours, and what a side holding that many of them scores: “3→2” means three honours score 2. Honours divided two and two score nothing; “none” means honours are not scored.',
  },
  {
    id: 'honoursBasis',
    label: 'honours basis',
    value: (r) => r.honours?.basis ?? '-',
    meaning: '“held”: honours count as they were dealt, whoever wins them. “captured”: they count as won in tricks.',
  },
  {
    id: 'honoursRestriction',
    label: 'honours restriction',
    value: (r) => (r.honours === null ? '-' : r.honours.restriction === 'barred' ? `barred (at ${r.target - 1})` : r.honours.restriction),
    meaning:
      '“barred (at N)”: a side at N points when the hand begins cannot score honours. “cap”: honours never score the winning point. “ignore”: honours that would reach the target are not counted. “unrestricted”: honours always count.',
  },
  {
    id: 'gameValue',
    label: 'game values',
    value: gameValues,
    meaning:
      'What a game is worth in the rubber, by the losers’ score when it ends: “3/2/1 (losers 0 / 1-2 / 3-4)” is a treble (3) against 0, a double (2) against 1 or 2, a single (1) against 3 or 4.',
  },
  {
    id: 'rubber',
    label: 'rubber',
    value: rubberValue,
    meaning:
      '“best of 3”: the first side to win two games wins the rubber. “+2, deduct”: the winners’ rubber points are their games’ values and 2 more, less the value of any game the losers won. “no rubber points”: the rubber is won by games alone.',
  },
  {
    id: 'slamBonus',
    label: 'slam bonus',
    value: (r) => (r.slamBonus === null ? 'none' : `grand ${r.slamBonus.grand}, little ${r.slamBonus.little}`),
    meaning: 'Points added to the rubber for taking all thirteen tricks (grand) or twelve (little); “none” when there is no bonus.',
  },
  {
    id: 'trump',
    label: 'trump',
    value: trumpValue,
    meaning:
      '“turnUp”: the dealer’s last card is turned face up, and its suit is trumps until the hand ends. “secondPack”: the top card of a second pack sets trumps. “rotation”: the suits take turns, NT being a hand without trumps.',
  },
  {
    id: 'afterRubber',
    label: 'after the rubber',
    value: (r) => r.afterRubber,
    meaning:
      'Who partners whom in the next rubber: “keep” the same partners, “swap” (two players change seats, so that over three rubbers everyone partners everyone), or “recut” (everyone cuts for partners again).',
  },
  {
    id: 'irregularities',
    label: 'irregularities',
    value: (r) => r.irregularities ?? 'refused',
    meaning:
      '“refused”: a card that does not follow suit when it could is not taken, as at a careful table. “ruled”: it is taken (a revoke), and after the hand the other side may claim its penalty by the laws: three tricks, three points off the revokers, or three to themselves.',
  },
];

/**
 * The English catalogue.
 *
 * @example
 * ```ts
 * import { EN } from 'whist/words';
 *
 * EN.tricksSaid(2, 5); // '2 of the 5 tricks left'
 * EN.names.seats.W; // 'West'
 * ```
 * @group Words
 */
export const EN: Catalogue = {
  language: 'en',
  names: {
    seats: { N: 'North', E: 'East', S: 'South', W: 'West' },
    suits: { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' },
    ranks: {
      A: 'ace',
      K: 'king',
      Q: 'queen',
      J: 'jack',
      T: 'ten',
      '9': 'nine',
      '8': 'eight',
      '7': 'seven',
      '6': 'six',
      '5': 'five',
      '4': 'four',
      '3': 'three',
      '2': 'two',
    },
    letters: { A: 'A', K: 'K', Q: 'Q', J: 'J', T: '10', '9': '9', '8': '8', '7': '7', '6': '6', '5': '5', '4': '4', '3': '3', '2': '2' },
    sides: { NS: 'North and South', EW: 'East and West' },
    yourSide: 'your side',
    you: { subject: 'You', object: 'you' },
    card: (rank, suit) => `${rank} of ${suit}`,
  },
  events: {
    ruleClaim: (e) => (e.holds ? "The table's check finds that the claim holds." : "The table's check finds that the claim does not hold."),
    claim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'claim', 'claims')} ${plural(e.tricks, 'trick')} of those left.`,
    concede: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'concede', 'concedes')} ${plural(e.tricks, 'trick')} of those left.`,
    acceptClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'accept', 'accepts')} the claim.`,
    refuseClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'play', 'plays')} on: the claim is refused.`,
    claimRevoke: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'claim', 'claims')} the penalty of the revoke of the ${s.card(e.card)}: ${e.penalty === 'tricks' ? 'three tricks' : e.penalty === 'deduct' ? 'three points off the revokers’ score' : 'three points added to their own score'}.`,
    expose: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'drop', 'drops')} the ${s.card(e.card)} face up: an exposed card.`,
    callCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'call', 'calls')} the exposed ${s.card(e.card)}: it is played as soon as that is no revoke.`,
    newDeal: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'claim', 'claims')} a new deal: ${EN.grounds[e.ground] ?? e.ground}.`,
    leadOutOfTurn: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'lead', 'leads')} the ${s.card(e.card)} out of turn: an exposed card.`,
    playToFalseLead: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'play', 'plays')} the ${s.card(e.card)} to the card led out of turn: when the other three have, the trick stands.`,
    callSuit: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'call', 'calls')} ${EN.names.suits[e.suit]} from the offending side’s next lead.`,
    nameTrumpCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'name', 'names')} the trump card after it was taken up.`,
    forgetTrumpCard: (e, s) => `${s.who(e.seat)} cannot recollect the trump card.`,
    callTrump: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'call', 'calls')} the offender’s ${e.which} trump.`,
    correctRevoke: (e, s) => {
      const n = e.withdrawn.length;
      const after = n === 0 ? '' : `, and the ${n === 1 ? 'card' : `${n} cards`} played after it ${n === 1 ? 'is' : 'are'} taken back too`;
      return `${s.who(e.seat)} ${verb(s, e.seat, 'take', 'takes')} back the revoke of the ${s.card(e.card)} before it is established${after}; the card is exposed.`;
    },
    askHavingNone: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'ask', 'asks')} ${s.you(e.seat) ? 'your' : 'their'} partner, who did not follow suit with the ${s.card(e.card)}: “Having none?”`,
    callLedSuit: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'require', 'requires')} the revoker’s ${e.which} card of the suit led, instead of calling the card: it is taken back.`,
    callHonours: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'call', 'calls')} honours at eight: “Can you one?”`,
    answerCall: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'answer', 'answers')}: “I can”, holding an honour.`,
    playOutOfTurn: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'play', 'plays')} the ${s.card(e.card)} before ${s.you(e.seat) ? 'your' : 'their'} turn: it stands.`,
    callWin: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'call', 'calls')} the second hand ${e.win ? 'to win' : 'not to win'} the trick.`,
  },
  grounds: {
    imperfectPack: 'the pack is imperfect',
    facedCard: 'a card was faced in the pack',
    exposedInDealing: 'a card was exposed in dealing',
    trumpCardSeen: 'the trump card was looked at in dealing',
    misdeal: 'a misdeal',
    callNotAtEight: 'honours were called at another score than eight',
    wrongCall: 'honours were called and answered without the honours',
    callAfterPlaying: 'honours were called after the caller played',
  },
  withLaw: (sentence, law) => `${sentence.replace(/[.:]$/, '')} (${law}).`,
  penalty,
  penaltyLabels: { tricks: 'Three tricks', deduct: 'Three off their score', add: 'Three to ours' },
  revoke: (r, s) => `${s.who(r.seat)} revoked in trick ${r.trick}: the ${s.card(r.card)}, though ${s.you(r.seat) ? 'you' : s.seat(r.seat)} held the suit led.`,
  exposeDropped: (d, s) => {
    const said = `${s.who(d.seat)} ${verb(s, d.seat, 'drop', 'drops')} the ${s.card(d.card)} face up: an exposed card (law 56).`;
    if (!d.called) return said;
    return `${said} The other side calls it: ${s.whom(d.seat)} must play it as soon as that is no revoke (laws 64, 65).`;
  },
  exposedCall: (c, s) => {
    const whose = c.holder === null ? 'the' : s.you(c.holder) ? 'your' : `${s.seat(c.holder)}’s`;
    const must = c.holder === null ? 'it is played' : `${s.whom(c.holder)} must play it`;
    return `${s.who(c.caller)} ${verb(s, c.caller, 'call', 'calls')} ${whose} exposed ${s.card(c.card)}: ${must} as soon as that is no revoke (laws 56, 64, 65).`;
  },
  revokesHeading: (count) => (count === 1 ? 'A revoke' : `${count} revokes`),
  revokeClaim: (c, s) => {
    const revokers: Side = c.seat === 'N' || c.seat === 'S' ? 'EW' : 'NS';
    const ours = s.viewer !== null && (revokers === 'NS') === (s.viewer === 'N' || s.viewer === 'S');
    return `${s.who(c.seat)} ${verb(s, c.seat, 'claim', 'claims')} ${ours ? 'your' : 'the'} revoke of the ${s.card(c.card)} (law 72): ${penalty(c.penalty, revokers, s)}.`;
  },
  tricksSaid,
  claim: (c, s) =>
    `${s.who(c.seat)} ${c.type === 'claim' ? verb(s, c.seat, 'claim', 'claims') : verb(s, c.seat, 'concede', 'concedes')} ${tricksSaid(c.tricks, c.left)}`,
  claimOutcome: (c, s) => {
    const said = EN.claim(c, s);
    switch (c.status) {
      case 'pending':
        return null;
      case 'accepted':
        return c.type === 'concede' && c.tricks === c.left ? `${said}: the hand is over.` : `${said}: accepted, the hand is over.`;
      case 'held':
        return `${said}: the table's check found that it holds, and the hand is over.`;
      case 'refused':
        return `${said}: refused, the hand is played on.`;
      case 'failed':
        return `${said}: the table's check found that it does not hold, and the hand is played on.`;
    }
  },
  refusedLayout: (r, s) =>
    `If the cards ${s.whom(r.claim.seat)} could not see lie like this, ${claimersSide(r.claim.seat, s)} takes only ${r.taken ?? 0} of the ${r.claim.left}`,
  refusedLine: (r, s) => `any other way of playing ${s.you(r.claim.seat) ? 'your' : `${s.seat(r.claim.seat)}'s`} cards loses too, here or on another layout`,
  refusedUnproven: (r, checker, s) =>
    `Within the time ${checker === 'computers' ? 'the computer players take' : 'the server takes'} to check a claim, it could not be shown that ${claimersSide(r.claim.seat, s)} takes ${plural(r.tricks, 'trick')} however the cards lie.`,
  hintBasis: (layouts, playedOut) =>
    layouts > 0
      ? `${plural(layouts, 'layout')} of the hidden cards, each solved`
      : `${plural(playedOut, 'layout')} of the hidden cards, none of which could be solved in time: each played out by the solver's first choices, an estimate`,
  explainHand,
  explainRubber,
  gameValue,
  gameValueName,
  ruleRows: RULE_ROWS,
  presetTitles: { short: 'Short Whist', long: 'Long Whist', 'german-long': 'German Long Whist', american: 'American Whist', 'ten-point': 'Ten-Point Whist' },
  byTheLaws: (title) => `${title} by the laws`,
  otherRules: (name) => `Whist, “${name}” rules`,
};
