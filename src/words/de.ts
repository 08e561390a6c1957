/**
 * The German catalogue: every sentence the table says, keyed by message id, in the game's German words
 * (Stich, Trumpf, Farbe bedienen, Vorhand, Geber, Honneurs, Partie, Rubber; Pik, Herz, Karo, Kreuz; Ass,
 * König, Dame, Bube). The person is addressed as "Sie". Cards are named without an article, as at the
 * table: "Ost spielt Herz-Dame". Sources of the words:
 * [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 *
 * @module
 */

import type { BySide, HandSummary, Rules, Seat, Side } from '../index.js';
import type { Catalogue, RubberFacts, RuleRowWords, Speaker } from './catalogue.js';
import { gameValueGroups, honoursScoring, namedGameValues, other, partner, SCORE_SPEAKER, SIDES, signed, tricksAfterPenalties } from './shared.js';

/** "1 Stich", "2 Stiche". */
function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const STICHE = ['Stich', 'Stiche'] as const;

function stiche(n: number): string {
  return plural(n, ...STICHE);
}

/** The verb for the viewer ("beanspruchen", said to "Sie") or another seat ("beansprucht"). */
function verb(s: Speaker, seat: Seat, plain: string, third: string): string {
  return s.you(seat) ? plain : third;
}

function gameValueName(rules: Rules, value: number): string {
  const name = namedGameValues(rules) ? (['', 'einfache', 'doppelte', 'dreifache'][value] ?? '') : '';
  return name === '' ? `eine Partie mit Wert ${value}` : `${name} Partie`;
}

function gameValue(rules: Rules, value: number): string {
  const name = gameValueName(rules, value);
  return name.startsWith('eine Partie') ? name : `eine ${name}, ${value} wert`;
}

/** The claimer's side, as the viewer reads it: "Ihre Partei", or "die Partei von West". */
function claimersSide(claimer: Seat, s: Speaker): string {
  return s.you(claimer) || s.viewer === partner(claimer) ? 'Ihre Partei' : `die Partei von ${s.seat(claimer)}`;
}

/** A side in the dative ("von Ihrer Partei", "von Nord und Süd"). */
function sideDative(side: Side, s: Speaker): string {
  const name = s.side(side);
  return name === 'Ihre Partei' ? 'Ihrer Partei' : name;
}

function penalty(p: 'tricks' | 'deduct' | 'add', revokers: Side, s: Speaker): string {
  if (p === 'tricks') return `drei Stiche, ${sideDative(revokers, s)} genommen und ${sideDative(other(revokers), s)} gegeben`;
  if (p === 'deduct') return `drei Punkte vom Stand ${s.side(revokers) === 'Ihre Partei' ? 'Ihrer Partei' : `von ${s.side(revokers)}`} abgezogen`;
  return `drei Punkte zum Stand ${s.side(other(revokers)) === 'Ihre Partei' ? 'Ihrer Partei' : `von ${s.side(other(revokers))}`} hinzugezählt`;
}

function honoursLines(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const honours = rules.honours;
  if (honours === null) return ['Honneurs werden in diesem Spiel nicht gezählt.'];
  if (hand.honours.NS === 0 && hand.honours.EW === 0) return ['In diesem Spiel gibt es keinen Trumpf, also keine Honneurs.'];
  const target = rules.target;
  const lines: string[] = [];
  for (const side of SIDES) {
    const count = hand.honours[side];
    const raw = honours.points[count] ?? 0;
    if (raw === 0) continue;
    const scored = hand.honourPoints[side];
    const held = `${side} ${honours.basis === 'held' ? 'hielten' : 'gewannen in Stichen'} ${plural(count, 'Honneur', 'Honneurs')}`;
    const withheld = hand.honoursWithheld[side];
    if (withheld === null) lines.push(`${held} = ${raw}.`);
    else if (withheld === 'tricksFirst') {
      const byTricks = hand.game?.winner ?? side;
      lines.push(
        byTricks === side
          ? `${held}, aber ihre Stiche über Buch hatten die Partie schon gewonnen; Stiche zählen zuerst, also werden die Honneurs nicht gezählt.`
          : `${held}, aber die Stiche über Buch von ${byTricks} gewannen die Partie zuerst (Stiche zählen vor Honneurs), also zählen die Honneurs von ${side} nicht.`,
      );
    } else if (withheld === 'barred')
      lines.push(
        `${held}, aber ${side} begann das Spiel mit ${before[side]}, also können Honneurs nicht zählen (Klubregel: eine Partei mit ${target - 1} zählt keine Honneurs).`,
      );
    else if (withheld === 'capped')
      lines.push(
        `${held} = ${raw}, aber Honneurs zählen nie den Gewinnpunkt: sie zählen nur bis ${target - 1}, also ${scored === 0 ? 'zählen sie nichts' : `zählen sie ${scored}`}.`,
      );
    else lines.push(`${held} = ${raw}, aber das brächte ${side} zur Partie, und Honneurs dürfen keine Partie gewinnen, also werden sie nicht gezählt.`);
  }
  if (lines.length === 0) lines.push(`Die Honneurs waren geteilt (NS ${hand.honours.NS}, EW ${hand.honours.EW}): keine Partei zählt sie.`);
  return lines;
}

function gameLine(rules: Rules, hand: HandSummary): string {
  const game = hand.game;
  if (game === null) return `Stand: NS ${hand.score.NS}, EW ${hand.score.EW} (Partie bei ${rules.target}).`;
  return `${game.winner} gewinnen die Partie. ${other(game.winner)} haben ${game.losersScore}, also ist es ${gameValue(rules, game.value)}.`;
}

function oddTricks(taker: Side, odd: number, each: number, points: number): string {
  return `${taker} machen ${plural(odd, 'Stich über Buch', 'Stiche über Buch')}${each === 1 ? '' : ` × ${each}`} = ${points}.`;
}

function explainCalledHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const side: Side = hand.honourPoints.NS > 0 || (hand.game?.winner ?? 'NS') === 'NS' ? 'NS' : 'EW';
  return [
    `${side} riefen ihre Honneurs bei ${before[side]} und hielten zusammen ${plural(hand.honours[side], 'Honneur', 'Honneurs')} (Hoyle's laws of Long Whist, 16-21): das Spiel wird nicht gespielt, und die Honneurs zählen ${hand.honourPoints[side]}.`,
    gameLine(rules, hand),
  ];
}

function explainRevokeHand(rules: Rules, hand: HandSummary, before: BySide, revokes: NonNullable<HandSummary['revokes']>): string[] {
  const target = rules.target;
  const lines: string[] = [];
  for (const r of revokes) lines.push(`${r.side} haben revokiert: die Strafe sind ${penalty(r.penalty, r.side, SCORE_SPEAKER)} (Regel 72).`);
  const moved = tricksAfterPenalties(hand, revokes);
  const rp = hand.revokePoints ?? { NS: 0, EW: 0 };
  const changed = SIDES.filter((s) => rp[s] !== 0);
  if (changed.length > 0)
    lines.push(`Die Strafe zählt zuerst: ${changed.map((s) => `${s} ${signed(rp[s])} (von ${before[s]} auf ${before[s] + rp[s]})`).join(', ')}.`);
  const byPenalty = hand.game !== null && SIDES.every((s) => hand.trickPoints[s] === 0 && hand.honourPoints[s] === 0) && changed.length > 0;
  if (byPenalty && hand.game !== null) lines.push(`Das bringt ${hand.game.winner} zur Partie: sonst zählt in diesem Spiel nichts (Regel 72).`);
  else {
    const taker: Side = moved.NS > 6 ? 'NS' : 'EW';
    const counted =
      moved.NS !== hand.tricks.NS ? ` (sie machten ${hand.tricks.NS} und ${hand.tricks.EW}; die Strafe zählt sie als ${moved.NS} und ${moved.EW})` : '';
    lines.push(
      `NS zählen ${stiche(moved.NS)}, EW ${moved.EW}${counted}: ${oddTricks(taker, moved[taker] - 6, rules.pointsPerOddTrick, hand.trickPoints[taker])}`,
    );
    lines.push(...honoursLines(rules, hand, before));
  }
  for (const s of SIDES.filter((side) => revokes.some((r) => r.side === side)))
    if (hand.score[s] === target - 1 && before[s] + rp[s] + hand.trickPoints[s] + hand.honourPoints[s] >= target)
      lines.push(`${s} haben revokiert, also können sie die Partie in diesem Spiel nicht gewinnen: ihr Stand bleibt bei ${target - 1} (Regel 82).`);
  const moving = SIDES.filter((s) => hand.points[s] !== 0);
  lines.push(moving.length === 0 ? 'Dieses Spiel zählt nichts.' : `Dieses Spiel zählt ${moving.map((s) => `${s} ${signed(hand.points[s])}`).join(', ')}.`);
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  if (hand.revokes !== undefined && hand.revokes.length > 0) return explainRevokeHand(rules, hand, before, hand.revokes);
  if (hand.honoursCalled === true) return explainCalledHand(rules, hand, before);
  const target = rules.target;
  const taker: Side = hand.tricks.NS > 6 ? 'NS' : 'EW';
  const lines = [
    `${taker} machten ${stiche(hand.tricks[taker])}, ${other(taker)} ${hand.tricks[other(taker)]}: ${oddTricks(taker, hand.tricks[taker] - 6, rules.pointsPerOddTrick, hand.trickPoints[taker])}`,
    ...honoursLines(rules, hand, before),
  ];
  const scorers = SIDES.filter((s) => hand.points[s] > 0);
  lines.push(`Dieses Spiel zählt ${scorers.map((s) => `${s} ${hand.points[s]}`).join(', ')}.`);
  for (const side of SIDES) {
    const over = before[side] + hand.points[side] - target;
    if (over > 0)
      lines.push(
        `${side} brauchten ${target - before[side]} zur Partie; ${over === 1 ? 'der weitere Punkt über dem Ziel verfällt' : `die weiteren ${over} Punkte über dem Ziel verfallen`}.`,
      );
  }
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainRubber(view: RubberFacts): string[] {
  const winner = view.rubberWinner;
  if (winner === null) return [];
  const loser = other(winner);
  const lines = [`${winner} gewinnen den Rubber, ${view.gamesWon[winner]} Partien zu ${view.gamesWon[loser]}.`];
  const points = view.rubberPoints;
  const bonus = view.rules.rubber.points;
  if (points === null || bonus === null) {
    lines.push('In diesem Spiel gibt es keine Rubberpunkte: der Rubber wird allein mit Partien gewonnen.');
    return lines;
  }
  const won = view.games.filter((g) => g.winner === winner).map((g) => g.value);
  const lost = view.games.filter((g) => g.winner === loser).map((g) => g.value);
  let sum = `Partien von ${winner} ${won.join(' + ')}, + ${bonus.bonus} für den Rubber`;
  if (lost.length > 0) sum += `, − ${lost.join(' − ')} für ${lost.length === 1 ? 'die Partie' : 'die Partien'} von ${loser}`;
  const net = won.reduce((a, b) => a + b, 0) + bonus.bonus - lost.reduce((a, b) => a + b, 0);
  lines.push(`Rubberpunkte: ${sum} = ${net}.`);
  const slam = view.rules.slamBonus;
  if (slam !== null) {
    for (const [i, h] of view.hands.entries())
      for (const side of SIDES) {
        const b = h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
        if (b > 0) lines.push(`${side} machten im ${i + 1}. Spiel einen ${h.tricks[side] === 13 ? 'Großschlemm' : 'Kleinschlemm'}: + ${b}.`);
      }
  }
  lines.push(`Der Rubber zählt NS ${points.NS}, EW ${points.EW}.`);
  return lines;
}

function tricksSaid(tricks: number, left: number): string {
  if (tricks === left) return left === 1 ? 'den letzten Stich' : left === 2 ? 'beide übrigen Stiche' : `alle ${left} übrigen Stiche`;
  return `${tricks} der ${left} übrigen Stiche`;
}

function gameValues(r: Rules): string {
  const groups = gameValueGroups(r);
  if (groups === null) return `${r.target} − Stand der Verlierer`;
  if (groups.length === 1) return `${groups[0]?.value}`;
  return `${groups.map((g) => g.value).join('/')} (Verlierer ${groups.map((g) => g.scores).join(' / ')})`;
}

function rubberValue(r: Rules): string {
  const size = `bester aus ${2 * r.rubber.gamesToWin - 1}`;
  return r.rubber.points === null ? `${size}, keine Rubberpunkte` : `${size}, +${r.rubber.points.bonus}, abziehen`;
}

function trumpValue(r: Rules): string {
  const t = r.trump;
  if (t.kind !== 'rotation') return t.kind;
  return `rotation ${t.suits.map((s) => s ?? 'NT').join(' ')}`;
}

const RULE_ROWS: readonly RuleRowWords[] = [
  { id: 'target', label: 'Ziel', value: (r) => `${r.target}`, meaning: 'Die Punkte, die eine Partei zum Gewinn einer Partie braucht.' },
  {
    id: 'pointsPerOddTrick',
    label: 'Punkte je Stich über Buch',
    value: (r) => `${r.pointsPerOddTrick}`,
    meaning: 'Was jeder Stich über sechs zählt. Die ersten sechs Stiche einer Partei (ihr Buch) zählen nichts; jeder weitere ist ein Stich über Buch.',
  },
  {
    id: 'honours',
    label: 'Honneurs',
    value: (r) => honoursScoring(r) ?? 'keine',
    meaning:
      'Die Trumpf-Honneurs, und was eine Partei mit so vielen davon zählt: „3→2“ heißt, drei Honneurs zählen 2. Zwei und zwei geteilte Honneurs zählen nichts; „keine“ heißt, Honneurs werden nicht gezählt.',
  },
  {
    id: 'honoursBasis',
    label: 'Honneurs nach',
    value: (r) => r.honours?.basis ?? '-',
    meaning: '„held“: Honneurs zählen, wie sie gegeben wurden, wer sie auch gewinnt. „captured“: sie zählen, wie sie in Stichen gewonnen wurden.',
  },
  {
    id: 'honoursRestriction',
    label: 'Grenze der Honneurs',
    value: (r) => (r.honours === null ? '-' : r.honours.restriction === 'barred' ? `barred (bei ${r.target - 1})` : r.honours.restriction),
    meaning:
      '„barred (bei N)“: eine Partei, die ein Spiel mit N Punkten beginnt, zählt keine Honneurs. „cap“: Honneurs zählen nie den Gewinnpunkt. „ignore“: Honneurs, die das Ziel erreichen würden, zählen nicht. „unrestricted“: Honneurs zählen immer.',
  },
  {
    id: 'gameValue',
    label: 'Wert der Partien',
    value: gameValues,
    meaning:
      'Was eine Partie im Rubber wert ist, nach dem Stand der Verlierer an ihrem Ende: „3/2/1 (Verlierer 0 / 1-2 / 3-4)“ ist eine dreifache (3) gegen 0, eine doppelte (2) gegen 1 oder 2, eine einfache (1) gegen 3 oder 4.',
  },
  {
    id: 'rubber',
    label: 'Rubber',
    value: rubberValue,
    meaning:
      '„bester aus 3“: die Partei, die zuerst zwei Partien gewinnt, gewinnt den Rubber. „+2, abziehen“: die Rubberpunkte der Gewinner sind die Werte ihrer Partien und 2 dazu, weniger dem Wert jeder Partie der Verlierer. „keine Rubberpunkte“: der Rubber wird allein mit Partien gewonnen.',
  },
  {
    id: 'slamBonus',
    label: 'Schlemmprämie',
    value: (r) => (r.slamBonus === null ? 'keine' : `groß ${r.slamBonus.grand}, klein ${r.slamBonus.little}`),
    meaning: 'Punkte für den Rubber, wenn eine Partei alle dreizehn Stiche macht (Großschlemm) oder zwölf (Kleinschlemm); „keine“ ohne Prämie.',
  },
  {
    id: 'trump',
    label: 'Trumpf',
    value: trumpValue,
    meaning:
      '„turnUp“: der Geber schlägt seine letzte Karte auf, und ihre Farbe ist Trumpf bis zum Ende des Spiels. „secondPack“: die oberste Karte eines zweiten Kartenspiels bestimmt Trumpf. „rotation“: die Farben sind der Reihe nach Trumpf, NT ist ein Spiel ohne Trumpf.',
  },
  {
    id: 'afterRubber',
    label: 'nach dem Rubber',
    value: (r) => r.afterRubber,
    meaning:
      'Wer im nächsten Rubber mit wem spielt: „keep“ dieselben Partner, „swap“ (zwei Spieler tauschen die Plätze, so dass in drei Rubbern jeder mit jedem spielt) oder „recut“ (alle ziehen neu um die Partner).',
  },
  {
    id: 'irregularities',
    label: 'Regelwidrigkeiten',
    value: (r) => r.irregularities ?? 'refused',
    meaning:
      '„refused“: eine Karte, die nicht Farbe bedient, obwohl sie es könnte, wird nicht angenommen, wie an einem sorgfältigen Tisch. „ruled“: sie wird angenommen (ein Revoke), und nach dem Spiel kann die andere Partei die Strafe nach den Regeln verlangen: drei Stiche, drei Punkte vom Stand der Revokierenden oder drei zum eigenen.',
  },
];

/**
 * The German catalogue (Deutsch). Import it alone to speak German without the other languages:
 * `eventSentence(event, { catalogue: DE })`.
 *
 * @example
 * ```ts
 * import { cardName, DE } from 'whist/words';
 *
 * DE.tricksSaid(2, 5); // '2 der 5 übrigen Stiche'
 * DE.names.seats.W; // 'West'
 * cardName('QH', { catalogue: DE }); // 'Herz-Dame'
 * cardName('QH', { catalogue: DE, style: 'short' }); // 'D♥'
 * ```
 * @remarks Sources of the words: [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 * @group Words
 */
export const DE: Catalogue = {
  language: 'de',
  names: {
    seats: { N: 'Nord', E: 'Ost', S: 'Süd', W: 'West' },
    suits: { S: 'Pik', H: 'Herz', D: 'Karo', C: 'Kreuz' },
    ranks: {
      A: 'Ass',
      K: 'König',
      Q: 'Dame',
      J: 'Bube',
      T: 'Zehn',
      '9': 'Neun',
      '8': 'Acht',
      '7': 'Sieben',
      '6': 'Sechs',
      '5': 'Fünf',
      '4': 'Vier',
      '3': 'Drei',
      '2': 'Zwei',
    },
    letters: { A: 'A', K: 'K', Q: 'D', J: 'B', T: '10', '9': '9', '8': '8', '7': '7', '6': '6', '5': '5', '4': '4', '3': '3', '2': '2' },
    sides: { NS: 'Nord und Süd', EW: 'Ost und West' },
    yourSide: 'Ihre Partei',
    you: { subject: 'Sie', object: 'Sie' },
    card: (rank, suit) => `${suit}-${rank}`,
  },
  events: {
    ruleClaim: (e) => (e.holds ? 'Die Prüfung des Tisches ergibt: der Anspruch hält.' : 'Die Prüfung des Tisches ergibt: der Anspruch hält nicht.'),
    claim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'beanspruchen', 'beansprucht')} ${stiche(e.tricks)} der übrigen.`,
    concede: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'geben', 'gibt')} ${stiche(e.tricks)} der übrigen ab.`,
    acceptClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'nehmen', 'nimmt')} den Anspruch an.`,
    refuseClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'spielen', 'spielt')} weiter: der Anspruch ist abgelehnt.`,
    claimRevoke: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')} die Strafe für den Revoke mit ${s.card(e.card)}: ${e.penalty === 'tricks' ? 'drei Stiche' : e.penalty === 'deduct' ? 'drei Punkte vom Stand der Revokierenden' : 'drei Punkte zum eigenen Stand'}.`,
    expose: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'lassen', 'lässt')} ${s.card(e.card)} offen fallen: eine aufgedeckte Karte.`,
    callCard: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'rufen', 'ruft')} die aufgedeckte ${s.card(e.card)}: sie wird gespielt, sobald das kein Revoke ist.`,
    newDeal: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')} ein neues Geben: ${DE.grounds[e.ground] ?? e.ground}.`,
    leadOutOfTurn: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'spielen', 'spielt')} ${s.card(e.card)} außer der Reihe aus: eine aufgedeckte Karte.`,
    playToFalseLead: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'spielen', 'spielt')} ${s.card(e.card)} zur außer der Reihe ausgespielten Karte: wenn die anderen drei gespielt haben, gilt der Stich.`,
    callSuit: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')} ${DE.names.suits[e.suit]} beim nächsten Ausspiel der fehlbaren Partei.`,
    nameTrumpCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'nennen', 'nennt')} die Trumpfkarte, nachdem sie aufgenommen wurde.`,
    forgetTrumpCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'können', 'kann')} sich an die Trumpfkarte nicht erinnern.`,
    callTrump: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')} den ${e.which === 'highest' ? 'höchsten' : 'niedrigsten'} Trumpf des Fehlbaren.`,
    correctRevoke: (e, s) => {
      const n = e.withdrawn.length;
      const after = n === 0 ? '' : `, und ${n === 1 ? 'die danach gespielte Karte wird' : `die ${n} danach gespielten Karten werden`} auch zurückgenommen`;
      return `${s.who(e.seat)} ${verb(s, e.seat, 'nehmen', 'nimmt')} den Revoke mit ${s.card(e.card)} zurück, bevor er feststeht${after}; die Karte ist aufgedeckt.`;
    },
    askHavingNone: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'fragen', 'fragt')} ${s.you(e.seat) ? 'Ihren' : 'den'} Partner, der zu ${s.card(e.card)} nicht Farbe bedient hat: „Keine mehr?“`,
    callLedSuit: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')} statt der Karte die ${e.which === 'highest' ? 'höchste' : 'niedrigste'} Karte der ausgespielten Farbe des Revokierenden: sie wird zurückgenommen.`,
    callHonours: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'rufen', 'ruft')} die Honneurs bei acht: „Haben Sie eins?“`,
    answerCall: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'antworten', 'antwortet')}: „Ja“, mit einem Honneur.`,
    playOutOfTurn: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'spielen', 'spielt')} ${s.card(e.card)} vor der Reihe: die Karte gilt.`,
    callWin: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'verlangen', 'verlangt')}, dass die zweite Hand den Stich ${e.win ? 'gewinnt' : 'nicht gewinnt'}.`,
  },
  grounds: {
    imperfectPack: 'das Kartenspiel ist unvollständig',
    facedCard: 'eine Karte lag offen im Spiel',
    exposedInDealing: 'beim Geben wurde eine Karte aufgedeckt',
    trumpCardSeen: 'die Trumpfkarte wurde beim Geben angesehen',
    misdeal: 'ein Fehlgeben',
    callNotAtEight: 'Honneurs wurden bei einem anderen Stand als acht gerufen',
    wrongCall: 'Honneurs wurden ohne die Honneurs gerufen und beantwortet',
    callAfterPlaying: 'Honneurs wurden gerufen, nachdem der Rufende gespielt hatte',
  },
  withLaw: (sentence, law) => `${sentence.replace(/[.:]$/, '')} (${law}).`,
  penalty,
  penaltyLabels: { tricks: 'Drei Stiche', deduct: 'Drei von ihrem Stand', add: 'Drei zu unserem' },
  revoke: (r, s) =>
    `${s.who(r.seat)} ${verb(s, r.seat, 'haben', 'hat')} im ${r.trick}. Stich revokiert: ${s.card(r.card)}, obwohl ${s.you(r.seat) ? 'Sie' : s.seat(r.seat)} die ausgespielte Farbe ${s.you(r.seat) ? 'hatten' : 'hatte'}.`,
  exposeDropped: (d, s) => {
    const said = `${s.who(d.seat)} ${verb(s, d.seat, 'lassen', 'lässt')} ${s.card(d.card)} offen fallen: eine aufgedeckte Karte (Regel 56).`;
    if (!d.called) return said;
    return `${said} Die andere Partei ruft sie: ${s.whom(d.seat)} ${verb(s, d.seat, 'müssen', 'muss')} sie spielen, sobald das kein Revoke ist (Regeln 64, 65).`;
  },
  exposedCall: (c, s) => {
    const whose = c.holder === null ? 'die' : s.you(c.holder) ? 'Ihre' : `die von ${s.seat(c.holder)}`;
    const must = c.holder === null ? 'sie wird gespielt' : `${s.who(c.holder)} ${verb(s, c.holder, 'müssen', 'muss')} sie spielen`;
    return `${s.who(c.caller)} ${verb(s, c.caller, 'rufen', 'ruft')} ${whose} aufgedeckte ${s.card(c.card)}: ${must}, sobald das kein Revoke ist (Regeln 56, 64, 65).`;
  },
  revokesHeading: (count) => (count === 1 ? 'Ein Revoke' : `${count} Revokes`),
  revokeClaim: (c, s) => {
    const revokers: Side = c.seat === 'N' || c.seat === 'S' ? 'EW' : 'NS';
    const ours = s.viewer !== null && (revokers === 'NS') === (s.viewer === 'N' || s.viewer === 'S');
    return `${s.who(c.seat)} ${verb(s, c.seat, 'verlangen', 'verlangt')} für ${ours ? 'Ihren' : 'den'} Revoke mit ${s.card(c.card)} (Regel 72): ${penalty(c.penalty, revokers, s)}.`;
  },
  tricksSaid,
  claim: (c, s) =>
    c.type === 'claim'
      ? `${s.who(c.seat)} ${verb(s, c.seat, 'beanspruchen', 'beansprucht')} ${tricksSaid(c.tricks, c.left)}`
      : `${s.who(c.seat)} ${verb(s, c.seat, 'geben', 'gibt')} ${tricksSaid(c.tricks, c.left)} ab`,
  claimOutcome: (c, s) => {
    const said = DE.claim(c, s);
    switch (c.status) {
      case 'pending':
        return null;
      case 'accepted':
        return c.type === 'concede' && c.tricks === c.left ? `${said}: das Spiel ist zu Ende.` : `${said}: angenommen, das Spiel ist zu Ende.`;
      case 'held':
        return `${said}: die Prüfung des Tisches ergab, dass er hält, und das Spiel ist zu Ende.`;
      case 'refused':
        return `${said}: abgelehnt, es wird weitergespielt.`;
      case 'failed':
        return `${said}: die Prüfung des Tisches ergab, dass er nicht hält, und es wird weitergespielt.`;
    }
  },
  refusedLayout: (r, s) =>
    `Liegen die Karten, die ${s.who(r.claim.seat)} nicht sehen ${s.you(r.claim.seat) ? 'konnten' : 'konnte'}, so, dann macht ${claimersSide(r.claim.seat, s)} nur ${r.taken ?? 0} der ${r.claim.left}`,
  refusedLine: (r, s) =>
    `jede andere Art, ${s.you(r.claim.seat) ? 'Ihre Karten' : `die Karten von ${s.seat(r.claim.seat)}`} zu spielen, verliert auch, hier oder bei einer anderen Verteilung`,
  refusedUnproven: (r, checker, s) =>
    `In der Zeit, die ${checker === 'computers' ? 'die Computerspieler' : 'der Server'} für die Prüfung eines Anspruchs ${checker === 'computers' ? 'brauchen' : 'braucht'}, ließ sich nicht zeigen, dass ${claimersSide(r.claim.seat, s)} ${stiche(r.tricks)} macht, wie die Karten auch liegen.`,
  hintBasis: (layouts, playedOut) =>
    layouts > 0
      ? `${plural(layouts, 'Verteilung', 'Verteilungen')} der verdeckten Karten, jede gelöst`
      : `${plural(playedOut, 'Verteilung', 'Verteilungen')} der verdeckten Karten, von denen keine rechtzeitig gelöst werden konnte: jede mit den ersten Wahlen des Lösers ausgespielt, eine Schätzung`,
  explainHand,
  explainRubber,
  gameValue,
  gameValueName,
  ruleRows: RULE_ROWS,
  presetTitles: {
    short: 'Short Whist',
    long: 'Long Whist',
    'german-long': 'Deutsches Long Whist',
    american: 'American Whist',
    'ten-point': 'Zehn-Punkte-Whist',
  },
  byTheLaws: (title) => `${title} nach den Regeln`,
  otherRules: (name) => `Whist, Regeln „${name}“`,
};
