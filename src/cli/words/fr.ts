/**
 * The command line's own sentences in French, in the game's French words (pli, atout, fournir, donneur,
 * honneurs, manche, robre, renonce; a hand is a *donne*, as on the page); the person is addressed as
 * "vous". The commands are typed as in English (`hint`, `claim`, `quit`); the help names them so. Sources
 * of the words: [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 *
 * @module
 */

import { FR, rulesTitle } from '../../words/index.js';
import type { CliCatalogue } from './catalogue.js';

const REVOKE_USAGE = 'tapez revoke, la carte et la pénalité : tricks, deduct ou add (par exemple revoke 5S tricks).';

/** The library's refusals a person meets at the table, by code. */
const REFUSALS: Readonly<Record<string, string>> = {
  MUST_FOLLOW_SUIT: 'Vous devez fournir.',
  NOT_YOUR_TURN: 'Ce n’est pas à vous de jouer.',
  CARD_NOT_IN_HAND: 'Vous n’avez pas cette carte.',
  CARD_CALLED: 'Une carte appelée doit d’abord être jouée.',
  CLAIM_PENDING: 'Une réclamation attend une réponse.',
  HAND_COMPLETE: 'La donne est finie.',
};

/** French takes the singular for 0 and 1: "1 pli", "2 plis". */
function plis(n: number): string {
  return `${n} ${n <= 1 ? 'pli' : 'plis'}`;
}

/** The command line in French. */
export const FR_CLI: CliCatalogue = {
  language: 'fr',
  seats: FR.names.seats,
  decimal: (n, digits) => n.toFixed(digits).replace('.', ','),
  either: (items) => items.join(' ou '),

  welcome: (rules, seed, seat, partner) =>
    `Whist (${rulesTitle(rules, { catalogue: FR })}), graine ${seed}. Vous êtes ${seat}, votre partenaire ${partner} ; l’ordinateur joue les autres places.`,
  typeHelp: 'Tapez help pour les commandes.',
  inputEnded: 'L’entrée s’est terminée avant le robre.',
  stopped: 'Vous avez arrêté la partie.',
  interrupted: 'Arrêté.',
  keptIn: (path) => `Les donnes jouées jusqu’ici sont dans ${path}.`,
  trumps: (suit) => (suit === null ? 'sans atout' : `atout ${FR.names.suits[suit]}`),
  handStart: (hand, dealer, turnUp, trumps, score) =>
    `Donne ${hand} : ${dealer} donne ; ${turnUp === null ? '' : `la retourne est ${turnUp}, `}${trumps}. Marque ${score}.`,
  handEnd: (hand, tricks, early) =>
    `Donne ${hand} : plis ${tricks}${early === null ? '' : `, les ${early.left} derniers ${early.type === 'claim' ? 'réclamés' : 'concédés'}`}.`,
  rubberEnd: (winner, games, points) =>
    winner === null ? 'Le robre n’a pas de vainqueur.' : `Robre à ${winner} (${games})${points === null ? '' : ` : ${points} points de robre`}.`,

  youLead: 'À vous d’entamer.',
  trickSoFar: (cards) => `Pli en cours : ${cards}.`,
  yourCards: (cards) => `Vos cartes : ${cards}`,
  turnLine: (so, turnUp, tricks) => `${so}${turnUp === null ? '' : ` Retourne ${turnUp.card} (chez ${turnUp.dealer}).`} Plis ${tricks}.`,
  cardPrompt: 'Votre carte (p. ex. DH, 10h, ou son numéro ; help pour les commandes) :',
  trick: (leader, cards, winner) => `${leader} entame : ${cards} ; pli pour ${winner}`,
  trickLine: (trick, text) => `Pli ${trick} : ${text}.`,
  noTrickYet: 'Aucun pli n’a encore été joué dans cette donne.',
  scoreLine: (score, target, games, hand, trumps, tricks) =>
    `Marque ${score} (la manche en ${target}) ; manches ${games}. Donne ${hand} : ${trumps}, plis ${tricks}.`,

  noNumber: (typed, count) => `Aucune carte n’a le numéro ${typed} : vos cartes sont numérotées de 1 à ${count}.`,
  playedAlready: (card, typed) => `Vous avez déjà joué ${card} (numéro ${typed}).`,
  notACard: (typed) => `« ${typed} » n’est pas une carte : tapez-en une comme DH ou 10h, son numéro, ou help.`,
  notHeld: (card) => `Vous n’avez pas ${card}.`,
  mustFollow: (suit) => `Vous devez fournir : ${suit === null ? 'la couleur demandée a été entamée' : `${suit} a été entamé`}, et vous en avez.`,
  refused: (error) => REFUSALS[error.code] ?? `Ce coup n’est pas permis (${error.code}).`,

  hintHeading: (side, basis) => `Plis espérés pour ${side} d’ici, d’après ce que vous voyez (${basis}) :`,
  hintBest: '  la meilleure',
  hintLess: (less) => `  (${less} de moins)`,
  reviewHeading: (costly) =>
    `Votre jeu revu, les cartes les plus coûteuses d’abord (plis espérés d’après ce que vous pouviez voir ; double mort, toutes les mains visibles) : ${
      costly === 0
        ? 'aucune carte n’a coûté de plis espérés'
        : costly === 1
          ? 'une carte a coûté des plis espérés'
          : `${costly} cartes ont coûté des plis espérés`
    }.`,
  reviewCost: (cost, best, bestTricks, mine) => `coût ${cost} (${best} ${bestTricks} contre ${mine})`,
  reviewBestSeen: 'la meilleure d’après ce que vous pouviez voir',
  reviewDoubleDummy: (cost, best) => `double mort : coût ${cost} (${best})`,
  reviewDoubleDummyNone: 'double mort : aucun coût',
  reviewRow: (trick, card, seen, doubleDummy) => `  pli ${String(trick).padStart(2)} : ${card.padEnd(3)} ${seen} ; ${doubleDummy}`,

  help: [
    'Tapez une carte comme sur sa face ou en abrégé : D♥, DH, dh, QH, 10h, h10 ; ou son numéro dans vos cartes.',
    'Les numéros restent aux cartes toute la donne ; une carte sans numéro ne peut pas être jouée maintenant.',
    'Commandes (tapées comme en anglais) : score (la marque, les manches et les plis), last (le dernier pli), help (cette aide),',
    'quit (arrêter la partie ; avec --out, son enregistrement garde les donnes jouées jusqu’ici).',
    'hint (les plis espérés de chaque carte que vous pouvez jouer, d’après ce que vous voyez, jamais d’après les cartes cachées).',
    'claim (votre camp fait tous les plis restants) ou claim N (N d’entre eux) : vos cartes sont montrées, et l’autre camp',
    'accepte ou continue ; concede ou concede N donne à l’autre camp les plis restants, ou N d’entre eux.',
    'Quand un autre joueur réclame, tapez accept, ou play on pour faire jouer la donne jusqu’au bout.',
  ],
  lawsHelp: 'Avec --laws, une carte qui ne fournit pas est jouée une fois que vous le confirmez : une renonce, pénalisée après la donne.',
  exposeHelp:
    'Avec --laws, expose CARTE (expose DH, ou son numéro) pose une carte face visible : l’autre camp l’appelle, et vous devez la jouer dès que vous le pouvez sans renonce.',
  takeBackHelp:
    'Avec --laws, take back reprend votre renonce tant qu’aucune carte du pli suivant n’est jouée (lois 73, 76) : l’autre camp exige alors votre plus petite carte de la couleur entamée.',
  callingHelp:
    'Au whist long avec --laws, à huit avec deux honneurs, call honours annonce les honneurs avant de jouer (« En avez-vous un ? ») ; answer répond quand votre partenaire annonce et que vous avez un honneur (Hoyle, lois 16-21).',
  electHelp: [
    'Une renonce de l’autre camp : réclamez sa pénalité (loi 72) avec revoke, la carte et la pénalité :',
    '  tricks (trois plis pris aux fautifs et donnés à vous), deduct (trois points retirés de leur marque),',
    '  add (trois points ajoutés à la vôtre) ; par exemple revoke 5S tricks. deal la laisse passer et donne la suite.',
  ],

  faceUp: (seat, cards) => `Cartes de ${seat}, face visible : ${cards}.`,
  noCards: '(aucune)',
  claimShowing: (claim, cards) => `${claim} ; visibles : ${cards}.`,
  answerPrompt: 'Accepter la réclamation, ou continuer ? (accept, play on ; help pour les commandes) :',
  notAnAnswer: (typed) => `« ${typed} » n’est pas une réponse : tapez accept, ou play on.`,
  youAccept: 'Vous acceptez.',
  youPlayOn: 'Vous continuez : la réclamation est refusée, et la donne se poursuit.',
  accept: (seats) => `${seats.join(' et ')} ${seats.length === 1 ? 'accepte' : 'acceptent'}.`,
  playsOn: (seat) => `${seat} continue : la réclamation est refusée, et la donne se poursuit.`,
  claimRange: (type, left, said) => `Vous pouvez ${type === 'claim' ? 'réclamer' : 'concéder'} de 1 à ${plis(left)} : ${said}.`,
  notTricks: (typed, type) => `« ${typed} » n’est pas un nombre de plis : tapez ${type}, ou ${type} et un nombre, comme ${type} 3.`,
  you: 'vous',
  mightHold: (seat, cards) => `    ${seat} pourrait avoir  ${cards}`,
  beatsTheClaim: (line) => `  et sur cette distribution ce jeu bat la réclamation (${line}) :`,
  counterTrick: (trick, plays, winner) => `    pli ${String(trick).padStart(2)} : ${plays} ; pli pour ${winner}`,

  revokeTakeBack: (card) => `Votre renonce de ${card} peut être reprise tant qu’aucune carte du pli suivant n’est jouée (lois 73, 76).`,
  takeBackPrompt: 'La reprendre, ou la laisser ? (take back, play on) :',
  revokeStands: (card) => `Votre renonce de ${card} est maintenue.`,
  notATakeBackAnswer: (typed) => `« ${typed} » n’est pas une réponse : tapez take back, ou play on.`,
  revokeStillTakeBack: (card) => `Votre renonce de ${card} peut encore être reprise : take back (lois 73, 76).`,
  mayCallHonours:
    'Votre camp est à huit et vous avez deux honneurs : annoncez les honneurs avant de jouer, si vous le voulez (call honours ; Hoyle, lois 16-21).',
  partnerCalls: (partner, canAnswer) =>
    canAnswer
      ? `${partner} annonce les honneurs : « En avez-vous un ? » Tapez answer, ou jouez une carte sans répondre.`
      : `${partner} annonce les honneurs : « En avez-vous un ? » Vous n’avez aucun honneur : jouez.`,
  mayNotCall: 'Vous ne pouvez annoncer les honneurs qu’au whist long, à huit, avec deux honneurs, avant de jouer, une fois par donne.',
  noHonour: 'Vous n’avez aucun honneur : vous n’avez rien pour répondre.',
  partnerNotCalled: 'Votre partenaire n’a pas annoncé les honneurs : il n’y a rien à répondre.',
  noAnswer: (partner) => `${partner} ne répond pas : la donne se joue.`,
  noRevokeToTakeBack: 'Vous n’avez pas de renonce à reprendre : une renonce ne se reprend que tant qu’aucune carte du pli suivant n’est jouée (loi 73).',
  mustPlayNow: (card) => `Vous devez jouer ${card} maintenant (loi 76).`,

  exposeWhich: 'Nommez la carte à poser face visible : expose et la carte, par exemple expose DH, ou son numéro.',
  calledMark: ' (appelée)',
  exposedCards: (seat, count, cards) =>
    `${seat === null ? (count === 1 ? 'Votre carte exposée' : 'Vos cartes exposées') : `${count === 1 ? 'Carte exposée' : 'Cartes exposées'} de ${seat}`}, face visible : ${cards}.`,
  calledNow: (cards, count) => `${cards} est appelée : vous devez ${count > 1 ? 'jouer l’une d’elles' : 'la jouer'} maintenant (lois 56, 65).`,
  calledLater: (cards) => `${cards} est appelée : jouez-la dès que vous le pouvez sans renonce (loi 64).`,
  mustPlayCalled: (cards, card) => `${cards} est appelée : vous devez la jouer maintenant, pas ${card} (lois 56, 65).`,

  revokeQuestion: 'Cette carte ne fournit pas : une renonce. La jouer quand même ? (yes/oui, no/non) :',
  notPlayed: (card) => `${card} n’est pas jouée.`,
  revokesInHand: (heading) => `${heading} dans cette donne :`,
  electPrompt: (cards) => `Réclamez la pénalité de ${cards} (revoke CARTE tricks|deduct|add), ou deal pour la laisser passer :`,
  letPass: (count) => (count === 1 ? 'Vous laissez passer la renonce.' : 'Vous laissez passer les renonces.'),
  notARevokeClaim: (typed) => `« ${typed} » n’est pas une réclamation de renonce : tapez revoke, la carte et la pénalité, ou deal.`,
  nameTheRevoke: `Nommez la renonce et sa pénalité : ${REVOKE_USAGE}`,
  notACardToClaim: (typed) => `« ${typed} » n’est pas une carte : ${REVOKE_USAGE}`,
  notAPenalty: (typed) => `« ${typed} » n’est pas une pénalité : ${REVOKE_USAGE}`,
  notLeft: (card, left) => `${card} n’est pas une renonce de l’autre camp restant à réclamer : ${left}.`,
};
