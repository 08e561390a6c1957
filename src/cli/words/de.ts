/**
 * The command line's own sentences in German, in the game's German words (Stich, Trumpf, Farbe bedienen,
 * Geber, Honneurs, Partie, Rubber; a hand is a *Spiel*, as on the page); the person is addressed as "Sie".
 * The commands are typed as in English (`hint`, `claim`, `quit`); the help names them so. Sources of the
 * words: [docs/languages.md](https://github.com/whist-js/whist/blob/main/docs/languages.md).
 *
 * @module
 */

import { DE, rulesTitle } from '../../words/index.js';
import type { CliCatalogue } from './catalogue.js';

const REVOKE_USAGE = 'geben Sie revoke, die Karte und die Strafe ein: tricks, deduct oder add (zum Beispiel revoke 5S tricks).';

/** The library's refusals a person meets at the table, by code. */
const REFUSALS: Readonly<Record<string, string>> = {
  MUST_FOLLOW_SUIT: 'Sie müssen Farbe bedienen.',
  NOT_YOUR_TURN: 'Sie sind nicht am Zug.',
  CARD_NOT_IN_HAND: 'Diese Karte haben Sie nicht.',
  CARD_CALLED: 'Eine gerufene Karte muss zuerst gespielt werden.',
  CLAIM_PENDING: 'Ein Anspruch wartet auf Antwort.',
  HAND_COMPLETE: 'Das Spiel ist zu Ende.',
};

function stiche(n: number): string {
  return `${n} ${n === 1 ? 'Stich' : 'Stiche'}`;
}

/** The command line in German. */
export const DE_CLI: CliCatalogue = {
  language: 'de',
  seats: DE.names.seats,
  decimal: (n, digits) => n.toFixed(digits).replace('.', ','),
  either: (items) => items.join(' oder '),

  welcome: (rules, seed, seat, partner) =>
    `Whist (${rulesTitle(rules, { catalogue: DE })}), Startwert ${seed}. Sie sitzen ${seat}, Ihr Partner ${partner}; der Computer spielt die anderen Plätze.`,
  typeHelp: 'Geben Sie help ein, um die Befehle zu sehen.',
  inputEnded: 'Die Eingabe endete vor dem Rubber.',
  stopped: 'Sie haben den Rubber abgebrochen.',
  interrupted: 'Abgebrochen.',
  keptIn: (path) => `Die bisher gespielten Spiele stehen in ${path}.`,
  trumps: (suit) => (suit === null ? 'ohne Trumpf' : `${DE.names.suits[suit]} ist Trumpf`),
  handStart: (hand, dealer, turnUp, trumps, score) =>
    `Spiel ${hand}: ${dealer} gibt; ${turnUp === null ? '' : `die Trumpfkarte ist ${turnUp}, `}${trumps}. Stand ${score}.`,
  handEnd: (hand, tricks, early) =>
    `Spiel ${hand}: Stiche ${tricks}${early === null ? '' : `, die letzten ${early.left} ${early.type === 'claim' ? 'beansprucht' : 'abgegeben'}`}.`,
  rubberEnd: (winner, games, points) =>
    winner === null ? 'Der Rubber ist ohne Sieger.' : `Rubber an ${winner} (${games})${points === null ? '' : `: ${points} Rubberpunkte`}.`,

  youLead: 'Sie spielen aus.',
  trickSoFar: (cards) => `Stich bisher: ${cards}.`,
  yourCards: (cards) => `Ihre Karten: ${cards}`,
  turnLine: (so, turnUp, tricks) => `${so}${turnUp === null ? '' : ` Trumpfkarte ${turnUp.card} (bei ${turnUp.dealer}).`} Stiche ${tricks}.`,
  cardPrompt: 'Ihre Karte (z. B. DH, 10h oder ihre Nummer; help für die Befehle):',
  trick: (leader, cards, winner) => `${leader} spielt aus: ${cards}; Stich an ${winner}`,
  trickLine: (trick, text) => `Stich ${trick}: ${text}.`,
  noTrickYet: 'In diesem Spiel ist noch kein Stich gespielt.',
  scoreLine: (score, target, games, hand, trumps, tricks) =>
    `Stand ${score} (die Partie bei ${target}); Partien ${games}. Spiel ${hand}: ${trumps}, Stiche ${tricks}.`,

  noNumber: (typed, count) => `Keine Karte hat die Nummer ${typed}: Ihre Karten sind von 1 bis ${count} nummeriert.`,
  playedAlready: (card, typed) => `Sie haben ${card} (Nummer ${typed}) schon gespielt.`,
  notACard: (typed) => `„${typed}“ ist keine Karte: geben Sie eine ein wie DH oder 10h, ihre Nummer oder help.`,
  notHeld: (card) => `Sie haben ${card} nicht.`,
  mustFollow: (suit) => `Sie müssen Farbe bedienen: ${suit ?? 'eine Farbe'} ist ausgespielt, und Sie haben ${suit ?? 'sie'}.`,
  refused: (error) => REFUSALS[error.code] ?? `Dieser Zug ist nicht erlaubt (${error.code}).`,

  hintHeading: (side, basis) => `Erwartete Stiche für ${side} von hier an, nach dem, was Sie sehen (${basis}):`,
  hintBest: '  die beste',
  hintLess: (less) => `  (${less} weniger)`,
  reviewHeading: (costly) =>
    `Ihr Spiel durchgesehen, die teuersten Karten zuerst (erwartete Stiche nach dem, was Sie sehen konnten; Double Dummy, alle Blätter offen): ${
      costly === 0
        ? 'keine Karte hat erwartete Stiche gekostet'
        : costly === 1
          ? 'eine Karte hat erwartete Stiche gekostet'
          : `${costly} Karten haben erwartete Stiche gekostet`
    }.`,
  reviewCost: (cost, best, bestTricks, mine) => `kostete ${cost} (${best} ${bestTricks} gegen ${mine})`,
  reviewBestSeen: 'die beste nach dem, was Sie sehen konnten',
  reviewDoubleDummy: (cost, best) => `Double Dummy: kostete ${cost} (${best})`,
  reviewDoubleDummyNone: 'Double Dummy: kostete nichts',
  reviewRow: (trick, card, seen, doubleDummy) => `  Stich ${String(trick).padStart(2)}: ${card.padEnd(3)} ${seen}; ${doubleDummy}`,

  help: [
    'Geben Sie eine Karte ein wie auf ihrem Bild oder kurz: D♥, DH, dh, QH, 10h, h10; oder ihre Nummer in Ihren Karten.',
    'Die Nummern bleiben das ganze Spiel bei den Karten; eine Karte ohne Nummer kann jetzt nicht gespielt werden.',
    'Befehle (wie im Englischen eingegeben): score (Stand, Partien und Stiche), last (der letzte Stich), help (diese Hilfe),',
    'quit (den Rubber abbrechen; mit --out behält sein Protokoll die bisher gespielten Spiele).',
    'hint (die erwarteten Stiche jeder Karte, die Sie spielen dürfen, nach dem, was Sie sehen, nie nach den verdeckten Karten).',
    'claim (Ihre Partei macht jeden übrigen Stich) oder claim N (N davon): Ihre Karten werden gezeigt, und die andere Partei',
    'nimmt an oder spielt weiter; concede oder concede N gibt der anderen Partei die übrigen Stiche oder N davon.',
    'Wenn ein anderer Spieler beansprucht, geben Sie accept ein, oder play on, um das Spiel ausspielen zu lassen.',
  ],
  lawsHelp: 'Mit --laws wird eine Karte, die nicht Farbe bedient, erst gespielt, wenn Sie es bestätigen: ein Revoke, bestraft nach dem Spiel.',
  exposeHelp:
    'Mit --laws legt expose KARTE (expose DH oder ihre Nummer) eine Karte offen hin: die andere Partei ruft sie, und Sie müssen sie spielen, sobald das kein Revoke ist.',
  takeBackHelp:
    'Mit --laws nimmt take back Ihren Revoke zurück, bis eine Karte des nächsten Stichs gespielt ist (Regeln 73, 76): die andere Partei verlangt dann Ihre niedrigste Karte der ausgespielten Farbe.',
  callingHelp:
    'Im Long Whist mit --laws sagt call honours bei acht mit zwei Honneurs die Honneurs an, bevor Sie spielen («Können Sie einen?»); answer antwortet, wenn Ihr Partner ansagt und Sie ein Honneur halten (Hoyle, Regeln 16-21).',
  electHelp: [
    'Ein Revoke der anderen Partei: beanspruchen Sie seine Strafe (Regel 72) mit revoke, der Karte und der Strafe:',
    '  tricks (drei Stiche, ihnen genommen und Ihnen gegeben), deduct (drei Punkte von ihrem Stand abgezogen),',
    '  add (drei Punkte zu Ihrem Stand hinzugezählt); zum Beispiel revoke 5S tricks. deal lässt ihn durchgehen und gibt weiter.',
  ],

  faceUp: (seat, cards) => `Die Karten von ${seat}, offen: ${cards}.`,
  noCards: '(keine)',
  claimShowing: (claim, cards) => `${claim}; offen: ${cards}.`,
  answerPrompt: 'Den Anspruch annehmen oder weiterspielen? (accept, play on; help für die Befehle):',
  notAnAnswer: (typed) => `„${typed}“ ist keine Antwort: geben Sie accept oder play on ein.`,
  youAccept: 'Sie nehmen an.',
  youPlayOn: 'Sie spielen weiter: der Anspruch ist abgelehnt, und das Spiel wird weitergespielt.',
  accept: (seats) => `${seats.join(' und ')} ${seats.length === 1 ? 'nimmt' : 'nehmen'} an.`,
  playsOn: (seat) => `${seat} spielt weiter: der Anspruch ist abgelehnt, und das Spiel wird weitergespielt.`,
  claimRange: (type, left, said) => `Sie können 1 bis ${stiche(left)} ${type === 'claim' ? 'beanspruchen' : 'abgeben'}: ${said}.`,
  notTricks: (typed, type) => `„${typed}“ ist keine Zahl von Stichen: geben Sie ${type} ein, oder ${type} und eine Zahl, etwa ${type} 3.`,
  you: 'Sie',
  mightHold: (seat, cards) => `    ${seat} könnte halten  ${cards}`,
  beatsTheClaim: (line) => `  und bei dieser Verteilung schlägt dieser Spielverlauf den Anspruch (${line}):`,
  counterTrick: (trick, plays, winner) => `    Stich ${String(trick).padStart(2)}: ${plays}; Stich an ${winner}`,

  revokeTakeBack: (card) => `Ihr Revoke mit ${card} kann zurückgenommen werden, bis eine Karte des nächsten Stichs gespielt ist (Regeln 73, 76).`,
  takeBackPrompt: 'Zurücknehmen oder stehen lassen? (take back, play on):',
  revokeStands: (card) => `Ihr Revoke mit ${card} bleibt stehen.`,
  notATakeBackAnswer: (typed) => `„${typed}“ ist keine Antwort: geben Sie take back oder play on ein.`,
  revokeStillTakeBack: (card) => `Ihr Revoke mit ${card} kann noch zurückgenommen werden: take back (Regeln 73, 76).`,
  mayCallHonours:
    'Ihre Partei steht bei acht, und Sie halten zwei Honneurs: sagen Sie die Honneurs an, bevor Sie spielen, wenn Sie wollen (call honours; Hoyle, Regeln 16-21).',
  partnerCalls: (partner, canAnswer) =>
    canAnswer
      ? `${partner} sagt Honneurs an: «Können Sie einen?» Geben Sie answer ein, oder spielen Sie eine Karte und antworten Sie nicht.`
      : `${partner} sagt Honneurs an: «Können Sie einen?» Sie halten kein Honneur: spielen Sie weiter.`,
  mayNotCall: 'Honneurs ansagen dürfen Sie nur im Long Whist, bei acht, mit zwei Honneurs, bevor Sie spielen, einmal im Spiel.',
  noHonour: 'Sie halten kein Honneur: Sie haben nichts, womit Sie antworten könnten.',
  partnerNotCalled: 'Ihr Partner hat keine Honneurs angesagt: es gibt nichts zu beantworten.',
  noAnswer: (partner) => `${partner} antwortet nicht: das Spiel wird gespielt.`,
  noRevokeToTakeBack: 'Sie haben keinen Revoke zurückzunehmen: ein Revoke wird nur zurückgenommen, bis eine Karte des nächsten Stichs gespielt ist (Regel 73).',
  mustPlayNow: (card) => `Sie müssen jetzt ${card} spielen (Regel 76).`,

  exposeWhich: 'Nennen Sie die Karte, die Sie aufdecken: expose und die Karte, zum Beispiel expose DH, oder ihre Nummer.',
  calledMark: ' (gerufen)',
  exposedCards: (seat, count, cards) =>
    `${seat === null ? `Ihre aufgedeckte${count === 1 ? ' Karte' : 'n Karten'}` : `Aufgedeckte ${count === 1 ? 'Karte' : 'Karten'} von ${seat}`}, offen: ${cards}.`,
  calledNow: (cards, count) => `${cards} ist gerufen: Sie müssen ${count > 1 ? 'eine davon' : 'sie'} jetzt spielen (Regeln 56, 65).`,
  calledLater: (cards) => `${cards} ist gerufen: spielen Sie sie, sobald das kein Revoke ist (Regel 64).`,
  mustPlayCalled: (cards, card) => `${cards} ist gerufen: Sie müssen sie jetzt spielen, nicht ${card} (Regeln 56, 65).`,

  revokeQuestion: 'Diese Karte bedient nicht Farbe: ein Revoke. Trotzdem spielen? (yes/ja, no/nein):',
  notPlayed: (card) => `${card} wird nicht gespielt.`,
  revokesInHand: (heading) => `${heading} in diesem Spiel:`,
  electPrompt: (cards) => `Beanspruchen Sie die Strafe für ${cards} (revoke KARTE tricks|deduct|add), oder deal, um sie durchgehen zu lassen:`,
  letPass: (count) => (count === 1 ? 'Sie lassen den Revoke durchgehen.' : 'Sie lassen die Revokes durchgehen.'),
  notARevokeClaim: (typed) => `„${typed}“ ist kein Anspruch auf einen Revoke: geben Sie revoke, die Karte und die Strafe ein, oder deal.`,
  nameTheRevoke: `Nennen Sie den Revoke und seine Strafe: ${REVOKE_USAGE}`,
  notACardToClaim: (typed) => `„${typed}“ ist keine Karte: ${REVOKE_USAGE}`,
  notAPenalty: (typed) => `„${typed}“ ist keine Strafe: ${REVOKE_USAGE}`,
  notLeft: (card, left) => `${card} ist kein Revoke der anderen Partei, der noch zu beanspruchen ist: ${left}.`,
};
