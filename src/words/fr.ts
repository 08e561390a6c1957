/**
 * The French catalogue: every sentence the table says, keyed by message id, in the game's French words
 * (pli, levée, atout, fournir, donneur, honneurs, manche, robre, renonce; pique, cœur, carreau, trèfle; as,
 * roi, dame, valet). The person is addressed as "vous". Sources of the words:
 * [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 *
 * @module
 */

import type { BySide, Card, HandSummary, Rules, Seat, Side } from '../index.js';
import type { Catalogue, RubberFacts, RuleRowWords, Speaker } from './catalogue.js';
import { gameValueGroups, honoursScoring, namedGameValues, other, partner, SCORE_SPEAKER, SIDES, signed, tricksAfterPenalties } from './shared.js';

/** "1 pli", "2 plis": French takes the singular for 0 and 1. */
function plural(n: number, one: string, many: string): string {
  return `${n} ${Math.abs(n) < 2 ? one : many}`;
}

function plis(n: number): string {
  return plural(n, 'pli', 'plis');
}

/** The verb for the viewer ("réclamez", said to "vous") or another seat ("réclame"). */
function verb(s: Speaker, seat: Seat, plain: string, third: string): string {
  return s.you(seat) ? plain : third;
}

/** A card with its article in the long style ("la dame de cœur", "l’as de pique"); its face in the short one. */
function the(card: Card, s: Speaker): string {
  const name = s.card(card);
  if (s.style === 'short') return name;
  const rank = card[0];
  return rank === 'A' ? `l’${name}` : rank === 'Q' ? `la ${name}` : `le ${name}`;
}

function gameValueName(rules: Rules, value: number): string {
  const name = namedGameValues(rules) ? (['', 'simple', 'double', 'triple'][value] ?? '') : '';
  return name === '' ? `une manche qui vaut ${value}` : `manche ${name}`;
}

function gameValue(rules: Rules, value: number): string {
  const name = gameValueName(rules, value);
  return name.startsWith('une manche') ? name : `une ${name}, qui vaut ${value}`;
}

/** The claimer's side, as the viewer reads it: "votre camp", or "le camp d’Ouest". */
function claimersSide(claimer: Seat, s: Speaker): string {
  return s.you(claimer) || s.viewer === partner(claimer) ? 'votre camp' : `le camp ${elide('de', s.seat(claimer))}`;
}

/** "de Nord", "d’Ouest": a preposition or conjunction elided before a vowel. */
function elide(word: 'de' | 'que', name: string): string {
  return /^[AEIOUÉaeiouéh]/.test(name) ? `${word.slice(0, -1)}’${name}` : `${word} ${name}`;
}

/** "de votre camp", "d’Est et Ouest". */
function ofSide(side: Side, s: Speaker): string {
  return elide('de', s.side(side));
}

/** "à votre camp", "à Nord et Sud". */
function toSide(side: Side, s: Speaker): string {
  return `à ${s.side(side)}`;
}

function penalty(p: 'tricks' | 'deduct' | 'add', revokers: Side, s: Speaker): string {
  if (p === 'tricks') return `trois plis pris ${ofSide(revokers, s)} et donnés ${toSide(other(revokers), s)}`;
  if (p === 'deduct') return `trois points retirés de la marque ${ofSide(revokers, s)}`;
  return `trois points ajoutés à la marque ${ofSide(other(revokers), s)}`;
}

function honoursLines(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const honours = rules.honours;
  if (honours === null) return ['Les honneurs ne comptent pas dans ce jeu.'];
  if (hand.honours.NS === 0 && hand.honours.EW === 0) return ['Pas d’atout dans cette donne, donc pas d’honneurs.'];
  const target = rules.target;
  const lines: string[] = [];
  for (const side of SIDES) {
    const count = hand.honours[side];
    const raw = honours.points[count] ?? 0;
    if (raw === 0) continue;
    const scored = hand.honourPoints[side];
    const held = `${side} ${honours.basis === 'held' ? 'avaient' : 'ont gagné dans leurs plis'} ${plural(count, 'honneur', 'honneurs')}`;
    const withheld = hand.honoursWithheld[side];
    if (withheld === null) lines.push(`${held} = ${raw}.`);
    else if (withheld === 'tricksFirst') {
      const byTricks = hand.game?.winner ?? side;
      lines.push(
        byTricks === side
          ? `${held}, mais leurs levées avaient déjà gagné la manche ; les levées comptent d’abord, donc les honneurs ne comptent pas.`
          : `${held}, mais les levées ${elide('de', byTricks)} ont gagné la manche d’abord (les levées comptent avant les honneurs), donc les honneurs ${elide('de', side)} ne comptent pas.`,
      );
    } else if (withheld === 'barred')
      lines.push(
        `${held}, mais ${side} ont commencé la donne à ${before[side]}, donc les honneurs ne peuvent pas compter (règle des clubs : un camp à ${target - 1} ne compte pas d’honneurs).`,
      );
    else if (withheld === 'capped')
      lines.push(
        `${held} = ${raw}, mais les honneurs ne marquent jamais le point gagnant : ils comptent seulement jusqu’à ${target - 1}, donc ${scored === 0 ? 'ils ne marquent rien' : `ils marquent ${scored}`}.`,
      );
    else lines.push(`${held} = ${raw}, mais cela mènerait ${side} à la manche, et les honneurs ne peuvent gagner une manche, donc ils ne comptent pas.`);
  }
  if (lines.length === 0) lines.push(`Les honneurs étaient partagés (NS ${hand.honours.NS}, EW ${hand.honours.EW}) : aucun camp ne les compte.`);
  return lines;
}

function gameLine(rules: Rules, hand: HandSummary): string {
  const game = hand.game;
  if (game === null) return `Marque : NS ${hand.score.NS}, EW ${hand.score.EW} (la manche est à ${rules.target}).`;
  return `${game.winner} gagnent la manche. ${other(game.winner)} ont ${game.losersScore}, c’est donc ${gameValue(rules, game.value)}.`;
}

function oddTricks(taker: Side, odd: number, each: number, points: number): string {
  return `${taker} font ${plural(odd, 'levée', 'levées')}${each === 1 ? '' : ` × ${each}`} = ${points}.`;
}

function explainCalledHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const side: Side = hand.honourPoints.NS > 0 || (hand.game?.winner ?? 'NS') === 'NS' ? 'NS' : 'EW';
  return [
    `${side} ont annoncé leurs honneurs à ${before[side]} et en avaient ${hand.honours[side]} entre partenaires (Hoyle's laws of Long Whist, 16-21) : la donne n’est pas jouée, et les honneurs marquent ${hand.honourPoints[side]}.`,
    gameLine(rules, hand),
  ];
}

function explainRevokeHand(rules: Rules, hand: HandSummary, before: BySide, revokes: NonNullable<HandSummary['revokes']>): string[] {
  const target = rules.target;
  const lines: string[] = [];
  for (const r of revokes) lines.push(`${r.side} ont fait une renonce : la pénalité est de ${penalty(r.penalty, r.side, SCORE_SPEAKER)} (loi 72).`);
  const moved = tricksAfterPenalties(hand, revokes);
  const rp = hand.revokePoints ?? { NS: 0, EW: 0 };
  const changed = SIDES.filter((s) => rp[s] !== 0);
  if (changed.length > 0)
    lines.push(`La pénalité compte d’abord : ${changed.map((s) => `${s} ${signed(rp[s])} (de ${before[s]} à ${before[s] + rp[s]})`).join(', ')}.`);
  const byPenalty = hand.game !== null && SIDES.every((s) => hand.trickPoints[s] === 0 && hand.honourPoints[s] === 0) && changed.length > 0;
  if (byPenalty && hand.game !== null) lines.push(`Cela mène ${hand.game.winner} à la manche : rien d’autre ne compte dans cette donne (loi 72).`);
  else {
    const taker: Side = moved.NS > 6 ? 'NS' : 'EW';
    const counted =
      moved.NS !== hand.tricks.NS ? ` (ils en ont fait ${hand.tricks.NS} et ${hand.tricks.EW} ; la pénalité les compte comme ${moved.NS} et ${moved.EW})` : '';
    lines.push(
      `NS comptent ${plis(moved.NS)}, EW ${moved.EW}${counted} : ${oddTricks(taker, moved[taker] - 6, rules.pointsPerOddTrick, hand.trickPoints[taker])}`,
    );
    lines.push(...honoursLines(rules, hand, before));
  }
  for (const s of SIDES.filter((side) => revokes.some((r) => r.side === side)))
    if (hand.score[s] === target - 1 && before[s] + rp[s] + hand.trickPoints[s] + hand.honourPoints[s] >= target)
      lines.push(`${s} ont fait une renonce, ils ne peuvent donc pas gagner la manche dans cette donne : leur marque s’arrête à ${target - 1} (loi 82).`);
  const moving = SIDES.filter((s) => hand.points[s] !== 0);
  lines.push(moving.length === 0 ? 'Cette donne ne marque rien.' : `Cette donne marque ${moving.map((s) => `${s} ${signed(hand.points[s])}`).join(', ')}.`);
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  if (hand.revokes !== undefined && hand.revokes.length > 0) return explainRevokeHand(rules, hand, before, hand.revokes);
  if (hand.honoursCalled === true) return explainCalledHand(rules, hand, before);
  const target = rules.target;
  const taker: Side = hand.tricks.NS > 6 ? 'NS' : 'EW';
  const lines = [
    `${taker} ont fait ${plis(hand.tricks[taker])}, ${other(taker)} ${hand.tricks[other(taker)]} : ${oddTricks(taker, hand.tricks[taker] - 6, rules.pointsPerOddTrick, hand.trickPoints[taker])}`,
    ...honoursLines(rules, hand, before),
  ];
  const scorers = SIDES.filter((s) => hand.points[s] > 0);
  lines.push(`Cette donne marque ${scorers.map((s) => `${s} ${hand.points[s]}`).join(', ')}.`);
  for (const side of SIDES) {
    const over = before[side] + hand.points[side] - target;
    if (over > 0)
      lines.push(
        `${side} avaient besoin de ${target - before[side]} pour la manche ; ${over === 1 ? 'le point de plus au-delà du but est perdu' : `les ${over} autres points au-delà du but sont perdus`}.`,
      );
  }
  lines.push(gameLine(rules, hand));
  return lines;
}

function explainRubber(view: RubberFacts): string[] {
  const winner = view.rubberWinner;
  if (winner === null) return [];
  const loser = other(winner);
  const lines = [`${winner} gagnent le robre, ${view.gamesWon[winner]} manches à ${view.gamesWon[loser]}.`];
  const points = view.rubberPoints;
  const bonus = view.rules.rubber.points;
  if (points === null || bonus === null) {
    lines.push('Il n’y a pas de points de robre dans ce jeu : le robre se gagne aux manches seules.');
    return lines;
  }
  const won = view.games.filter((g) => g.winner === winner).map((g) => g.value);
  const lost = view.games.filter((g) => g.winner === loser).map((g) => g.value);
  let sum = `manches ${elide('de', winner)} ${won.join(' + ')}, + ${bonus.bonus} pour le robre`;
  if (lost.length > 0) sum += `, − ${lost.join(' − ')} pour ${lost.length === 1 ? 'la manche' : 'les manches'} de ${loser}`;
  const net = won.reduce((a, b) => a + b, 0) + bonus.bonus - lost.reduce((a, b) => a + b, 0);
  lines.push(`Points de robre : ${sum} = ${net}.`);
  const slam = view.rules.slamBonus;
  if (slam !== null) {
    for (const [i, h] of view.hands.entries())
      for (const side of SIDES) {
        const b = h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
        if (b > 0) lines.push(`${side} ont fait un ${h.tricks[side] === 13 ? 'grand' : 'petit'} chelem à la donne ${i + 1} : + ${b}.`);
      }
  }
  lines.push(`Le robre marque NS ${points.NS}, EW ${points.EW}.`);
  return lines;
}

function tricksSaid(tricks: number, left: number): string {
  if (tricks === left) return left === 1 ? 'le dernier pli' : left === 2 ? 'les deux plis restants' : `les ${left} plis restants`;
  return `${tricks} des ${left} plis restants`;
}

function gameValues(r: Rules): string {
  const groups = gameValueGroups(r);
  if (groups === null) return `${r.target} − marque des perdants`;
  if (groups.length === 1) return `${groups[0]?.value}`;
  return `${groups.map((g) => g.value).join('/')} (perdants ${groups.map((g) => g.scores).join(' / ')})`;
}

function rubberValue(r: Rules): string {
  const size = `au meilleur de ${2 * r.rubber.gamesToWin - 1}`;
  return r.rubber.points === null ? `${size}, sans points de robre` : `${size}, +${r.rubber.points.bonus}, déduire`;
}

function trumpValue(r: Rules): string {
  const t = r.trump;
  if (t.kind !== 'rotation') return t.kind;
  return `rotation ${t.suits.map((s) => s ?? 'NT').join(' ')}`;
}

const RULE_ROWS: readonly RuleRowWords[] = [
  { id: 'target', label: 'but', value: (r) => `${r.target}`, meaning: 'Les points qu’il faut à un camp pour gagner une manche.' },
  {
    id: 'pointsPerOddTrick',
    label: 'points par levée',
    value: (r) => `${r.pointsPerOddTrick}`,
    meaning: 'Ce que marque chaque pli au-delà de six. Les six premiers plis d’un camp (son devoir) ne marquent rien ; chacun des suivants est une levée.',
  },
  {
    id: 'honours',
    label: 'honneurs',
    value: (r) => honoursScoring(r) ?? 'aucun',
    meaning:
      'Les honneurs d’atout, et ce que marque un camp qui en a autant : « 3→2 » veut dire que trois honneurs marquent 2. Des honneurs partagés deux et deux ne marquent rien ; « aucun » veut dire que les honneurs ne comptent pas.',
  },
  {
    id: 'honoursBasis',
    label: 'honneurs comptés',
    value: (r) => r.honours?.basis ?? '-',
    meaning:
      '« held » : les honneurs comptent comme ils ont été donnés, qui que ce soit qui les gagne. « captured » : ils comptent comme gagnés dans les plis.',
  },
  {
    id: 'honoursRestriction',
    label: 'limite des honneurs',
    value: (r) => (r.honours === null ? '-' : r.honours.restriction === 'barred' ? `barred (à ${r.target - 1})` : r.honours.restriction),
    meaning:
      '« barred (à N) » : un camp à N points au début de la donne ne compte pas d’honneurs. « cap » : les honneurs ne marquent jamais le point gagnant. « ignore » : les honneurs qui atteindraient le but ne comptent pas. « unrestricted » : les honneurs comptent toujours.',
  },
  {
    id: 'gameValue',
    label: 'valeur des manches',
    value: gameValues,
    meaning:
      'Ce que vaut une manche dans le robre, selon la marque des perdants à sa fin : « 3/2/1 (perdants 0 / 1-2 / 3-4) » est une triple (3) contre 0, une double (2) contre 1 ou 2, une simple (1) contre 3 ou 4.',
  },
  {
    id: 'rubber',
    label: 'robre',
    value: rubberValue,
    meaning:
      '« au meilleur de 3 » : le premier camp qui gagne deux manches gagne le robre. « +2, déduire » : les points de robre des gagnants sont les valeurs de leurs manches plus 2, moins la valeur de chaque manche gagnée par les perdants. « sans points de robre » : le robre se gagne aux manches seules.',
  },
  {
    id: 'slamBonus',
    label: 'prime de chelem',
    value: (r) => (r.slamBonus === null ? 'aucune' : `grand ${r.slamBonus.grand}, petit ${r.slamBonus.little}`),
    meaning: 'Des points ajoutés au robre pour faire les treize plis (grand chelem) ou douze (petit chelem) ; « aucune » sans prime.',
  },
  {
    id: 'trump',
    label: 'atout',
    value: trumpValue,
    meaning:
      '« turnUp » : la dernière carte du donneur est retournée, et sa couleur est l’atout jusqu’à la fin de la donne. « secondPack » : la carte du dessus d’un second jeu fixe l’atout. « rotation » : les couleurs sont atout à tour de rôle, NT étant une donne sans atout.',
  },
  {
    id: 'afterRubber',
    label: 'après le robre',
    value: (r) => r.afterRubber,
    meaning:
      'Qui joue avec qui au robre suivant : « keep » les mêmes partenaires, « swap » (deux joueurs changent de place, pour qu’en trois robres chacun soit partenaire de chacun), ou « recut » (tous tirent de nouveau les partenaires).',
  },
  {
    id: 'irregularities',
    label: 'irrégularités',
    value: (r) => r.irregularities ?? 'refused',
    meaning:
      '« refused » : une carte qui ne fournit pas alors qu’elle le pourrait n’est pas acceptée, comme à une table attentive. « ruled » : elle est acceptée (une renonce), et après la donne l’autre camp peut réclamer la pénalité selon les lois : trois plis, trois points retirés aux fautifs, ou trois ajoutés à lui-même.',
  },
];

/**
 * The French catalogue (français). Import it alone to speak French without the other languages:
 * `eventSentence(event, { catalogue: FR })`.
 *
 * @example
 * ```ts
 * import { cardName, FR } from 'whist/words';
 *
 * FR.tricksSaid(2, 5); // '2 des 5 plis restants'
 * FR.names.seats.W; // 'Ouest'
 * cardName('QH', { catalogue: FR }); // 'dame de cœur'
 * cardName('JS', { catalogue: FR, style: 'short' }); // 'V♠'
 * ```
 * @remarks Sources of the words: [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 * @group Words
 */
export const FR: Catalogue = {
  language: 'fr',
  names: {
    seats: { N: 'Nord', E: 'Est', S: 'Sud', W: 'Ouest' },
    suits: { S: 'pique', H: 'cœur', D: 'carreau', C: 'trèfle' },
    ranks: {
      A: 'as',
      K: 'roi',
      Q: 'dame',
      J: 'valet',
      T: 'dix',
      '9': 'neuf',
      '8': 'huit',
      '7': 'sept',
      '6': 'six',
      '5': 'cinq',
      '4': 'quatre',
      '3': 'trois',
      '2': 'deux',
    },
    letters: { A: 'A', K: 'R', Q: 'D', J: 'V', T: '10', '9': '9', '8': '8', '7': '7', '6': '6', '5': '5', '4': '4', '3': '3', '2': '2' },
    sides: { NS: 'Nord et Sud', EW: 'Est et Ouest' },
    yourSide: 'votre camp',
    you: { subject: 'Vous', object: 'vous' },
    card: (rank, suit) => `${rank} de ${suit}`,
  },
  events: {
    ruleClaim: (e) =>
      e.holds ? 'La vérification de la table trouve que la réclamation tient.' : 'La vérification de la table trouve que la réclamation ne tient pas.',
    claim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'réclamez', 'réclame')} ${plis(e.tricks)} parmi ceux qui restent.`,
    concede: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'concédez', 'concède')} ${plis(e.tricks)} parmi ceux qui restent.`,
    acceptClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'acceptez', 'accepte')} la réclamation.`,
    refuseClaim: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'continuez', 'continue')} à jouer : la réclamation est refusée.`,
    claimRevoke: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'réclamez', 'réclame')} la pénalité de la renonce avec ${the(e.card, s)} : ${e.penalty === 'tricks' ? 'trois plis' : e.penalty === 'deduct' ? 'trois points retirés aux fautifs' : 'trois points ajoutés à sa propre marque'}.`,
    expose: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'laissez', 'laisse')} tomber ${the(e.card, s)} face visible : une carte exposée.`,
    callCard: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'appelez', 'appelle')} la carte exposée, ${the(e.card, s)} : elle sera jouée dès que ce ne sera pas une renonce.`,
    newDeal: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'réclamez', 'réclame')} une nouvelle donne : ${FR.grounds[e.ground] ?? e.ground}.`,
    leadOutOfTurn: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'entamez', 'entame')} ${the(e.card, s)} hors de son tour : une carte exposée.`,
    playToFalseLead: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'jouez', 'joue')} ${the(e.card, s)} sur la carte entamée hors de son tour : quand les trois autres auront joué, le pli sera valable.`,
    callSuit: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'demandez', 'demande')} ${FR.names.suits[e.suit]} à la prochaine entame du camp fautif.`,
    nameTrumpCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'nommez', 'nomme')} la carte d’atout après qu’elle a été reprise.`,
    forgetTrumpCard: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'ne vous souvenez pas', 'ne se souvient pas')} de la carte d’atout.`,
    callTrump: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'demandez', 'demande')} le ${e.which === 'highest' ? 'plus fort' : 'plus faible'} atout du fautif.`,
    correctRevoke: (e, s) => {
      const n = e.withdrawn.length;
      const after = n === 0 ? '' : `, et ${n === 1 ? 'la carte jouée après elle est reprise' : `les ${n} cartes jouées après elle sont reprises`} aussi`;
      return `${s.who(e.seat)} ${verb(s, e.seat, 'reprenez', 'reprend')} la renonce avec ${the(e.card, s)} avant qu’elle soit consommée${after} ; la carte est exposée.`;
    },
    askHavingNone: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'demandez', 'demande')} à ${s.you(e.seat) ? 'votre' : 'son'} partenaire, qui n’a pas fourni sur ${the(e.card, s)} : « Plus de cette couleur ? »`,
    callLedSuit: (e, s) =>
      `${s.who(e.seat)} ${verb(s, e.seat, 'exigez', 'exige')} la carte la ${e.which === 'highest' ? 'plus forte' : 'plus faible'} du fautif dans la couleur entamée, au lieu d’appeler la carte : elle est reprise.`,
    callHonours: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'annoncez', 'annonce')} les honneurs à huit : « En avez-vous un ? »`,
    answerCall: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'répondez', 'répond')} : « Oui », avec un honneur.`,
    playOutOfTurn: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'jouez', 'joue')} ${the(e.card, s)} avant son tour : la carte reste.`,
    callWin: (e, s) => `${s.who(e.seat)} ${verb(s, e.seat, 'demandez', 'demande')} au deuxième joueur de ${e.win ? 'gagner' : 'ne pas gagner'} le pli.`,
  },
  grounds: {
    imperfectPack: 'le jeu est incomplet',
    facedCard: 'une carte était retournée dans le jeu',
    exposedInDealing: 'une carte a été exposée pendant la donne',
    trumpCardSeen: 'la carte d’atout a été regardée pendant la donne',
    misdeal: 'une maldonne',
    callNotAtEight: 'les honneurs ont été annoncés à une autre marque que huit',
    wrongCall: 'les honneurs ont été annoncés et répondus sans les honneurs',
    callAfterPlaying: 'les honneurs ont été annoncés après que l’annonceur a joué',
  },
  withLaw: (sentence, law) => `${sentence.replace(/ ?[.:]$/, '')} (${law}).`,
  penalty,
  penaltyLabels: { tricks: 'Trois plis', deduct: 'Trois de moins pour eux', add: 'Trois pour nous' },
  revoke: (r, s) =>
    `${s.who(r.seat)} ${verb(s, r.seat, 'avez', 'a')} fait une renonce au pli ${r.trick} : ${the(r.card, s)}, alors ${s.you(r.seat) ? 'que vous aviez' : `${elide('que', s.seat(r.seat))} avait`} la couleur entamée.`,
  exposeDropped: (d, s) => {
    const said = `${s.who(d.seat)} ${verb(s, d.seat, 'laissez', 'laisse')} tomber ${the(d.card, s)} face visible : une carte exposée (loi 56).`;
    if (!d.called) return said;
    return `${said} L’autre camp l’appelle : ${s.whom(d.seat)} ${verb(s, d.seat, 'devez', 'doit')} la jouer dès que ce n’est pas une renonce (lois 64, 65).`;
  },
  exposedCall: (c, s) => {
    const whose = c.holder === null ? 'la carte exposée' : s.you(c.holder) ? 'votre carte exposée' : `la carte exposée ${elide('de', s.seat(c.holder))}`;
    const must = c.holder === null ? 'elle est jouée' : `${s.whom(c.holder)} ${verb(s, c.holder, 'devez', 'doit')} la jouer`;
    return `${s.who(c.caller)} ${verb(s, c.caller, 'appelez', 'appelle')} ${whose}, ${the(c.card, s)} : ${must} dès que ce n’est pas une renonce (lois 56, 64, 65).`;
  },
  revokesHeading: (count) => (count === 1 ? 'Une renonce' : `${count} renonces`),
  revokeClaim: (c, s) => {
    const revokers: Side = c.seat === 'N' || c.seat === 'S' ? 'EW' : 'NS';
    const ours = s.viewer !== null && (revokers === 'NS') === (s.viewer === 'N' || s.viewer === 'S');
    return `${s.who(c.seat)} ${verb(s, c.seat, 'réclamez', 'réclame')} ${ours ? 'votre' : 'la'} renonce avec ${the(c.card, s)} (loi 72) : ${penalty(c.penalty, revokers, s)}.`;
  },
  tricksSaid,
  claim: (c, s) =>
    `${s.who(c.seat)} ${c.type === 'claim' ? verb(s, c.seat, 'réclamez', 'réclame') : verb(s, c.seat, 'concédez', 'concède')} ${tricksSaid(c.tricks, c.left)}`,
  claimOutcome: (c, s) => {
    const said = FR.claim(c, s);
    switch (c.status) {
      case 'pending':
        return null;
      case 'accepted':
        return c.type === 'concede' && c.tricks === c.left ? `${said} : la donne est finie.` : `${said} : accepté, la donne est finie.`;
      case 'held':
        return `${said} : la vérification de la table a trouvé que cela tient, et la donne est finie.`;
      case 'refused':
        return `${said} : refusé, la donne continue.`;
      case 'failed':
        return `${said} : la vérification de la table a trouvé que cela ne tient pas, et la donne continue.`;
    }
  },
  refusedLayout: (r, s) =>
    `Si les cartes ${s.you(r.claim.seat) ? 'que vous ne pouviez' : `${elide('que', s.seat(r.claim.seat))} ne pouvait`} pas voir sont placées ainsi, ${claimersSide(r.claim.seat, s)} ne fait que ${r.taken ?? 0} des ${r.claim.left}`,
  refusedLine: (r, s) =>
    `toute autre façon de jouer ${s.you(r.claim.seat) ? 'vos cartes' : `les cartes ${elide('de', s.seat(r.claim.seat))}`} perd aussi, ici ou dans une autre distribution`,
  refusedUnproven: (r, checker, s) =>
    `Dans le temps que ${checker === 'computers' ? 'les joueurs de l’ordinateur prennent' : 'le serveur prend'} pour vérifier une réclamation, on n’a pas pu montrer que ${claimersSide(r.claim.seat, s)} fait ${plis(r.tricks)} quelle que soit la place des cartes.`,
  hintBasis: (layouts, playedOut) =>
    layouts > 0
      ? `${plural(layouts, 'distribution', 'distributions')} des cartes cachées, chacune résolue`
      : `${plural(playedOut, 'distribution', 'distributions')} des cartes cachées, dont aucune n’a pu être résolue à temps : chacune jouée selon les premiers choix du solveur, une estimation`,
  explainHand,
  explainRubber,
  gameValue,
  gameValueName,
  ruleRows: RULE_ROWS,
  presetTitles: {
    short: 'Whist court',
    long: 'Whist long',
    'german-long': 'Whist long allemand',
    american: 'Whist américain',
    'ten-point': 'Whist à dix points',
  },
  byTheLaws: (title) => `${title} selon les lois`,
  otherRules: (name) => `Whist, règles « ${name} »`,
};
