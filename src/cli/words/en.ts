/**
 * The command line's own sentences in English: what `whist play` says besides the library's sentences
 * (`whist/words`).
 *
 * @module
 */

import { EN } from '../../words/index.js';
import type { CliCatalogue } from './catalogue.js';

/** The usage of a claim of a revoke's penalty, in the sentences that refuse one. */
const REVOKE_USAGE = 'type revoke, the card and the penalty: tricks, deduct or add (for example revoke 5S tricks).';

/** The command line in English. */
export const EN_CLI: CliCatalogue = {
  language: 'en',
  seats: { N: 'N', E: 'E', S: 'S', W: 'W' },
  decimal: (n, digits) => n.toFixed(digits),
  either: (items) => items.join(' or '),

  welcome: (rules, seed, seat, partner) => `Whist (${rules.name}), seed ${seed}. You sit ${seat}, your partner ${partner}; the computer plays the other seats.`,
  typeHelp: 'Type help for the commands.',
  inputEnded: 'The input ended before the rubber did.',
  stopped: 'You stopped the game.',
  interrupted: 'Stopped.',
  keptIn: (path) => `The hands played so far are in ${path}.`,
  trumps: (suit) => (suit === null ? 'no trumps' : `${EN.names.suits[suit]} are trumps`),
  handStart: (hand, dealer, turnUp, trumps, score) =>
    `Hand ${hand}: ${dealer} deals; ${turnUp === null ? '' : `the turn-up is ${turnUp}, `}${trumps}. Score ${score}.`,
  handEnd: (hand, tricks, early) =>
    `Hand ${hand}: tricks ${tricks}${early === null ? '' : `, the last ${early.left} as ${early.type === 'claim' ? 'claimed' : 'conceded'}`}.`,
  rubberEnd: (winner, games, points) => `Rubber to ${winner}${winner === null ? '' : ` (${games})`}${points === null ? '' : `: ${points} rubber points`}.`,

  youLead: 'You lead.',
  trickSoFar: (cards) => `Trick so far: ${cards}.`,
  yourCards: (cards) => `Your cards: ${cards}`,
  turnLine: (so, turnUp, tricks) => `${so}${turnUp === null ? '' : ` Turn-up ${turnUp.card} (with ${turnUp.dealer}).`} Tricks ${tricks}.`,
  cardPrompt: 'Your card (e.g. QH, 10h, or its number; help for the commands):',
  trick: (leader, cards, winner) => `${leader} leads: ${cards}; won by ${winner}`,
  trickLine: (trick, text) => `Trick ${trick}: ${text}.`,
  noTrickYet: 'No trick has been played yet in this hand.',
  scoreLine: (score, target, games, hand, trumps, tricks) =>
    `Score ${score} (the game to ${target}); games ${games}. Hand ${hand}: ${trumps}, tricks ${tricks}.`,

  noNumber: (typed, count) => `No card has the number ${typed}: your cards are numbered 1 to ${count}.`,
  playedAlready: (card, typed) => `You have played ${card} (number ${typed}) already.`,
  notACard: (typed) => `"${typed}" is not a card: type one such as QH or 10h, its number, or help.`,
  notHeld: (card) => `You do not hold ${card}.`,
  mustFollow: (suit) => `You must follow suit: ${suit ?? 'the suit led'} ${suit === null ? 'was' : 'were'} led, and you hold one.`,
  refused: (error, dot) => (dot ? `${error.message}.` : error.message),

  hintHeading: (side, basis) => `Expected tricks for ${side} from here, from what you can see (${basis}):`,
  hintBest: '  best',
  hintLess: (less) => `  (${less} less)`,
  reviewHeading: (costly) =>
    `Your play reviewed, the costliest first (expected tricks from what you could see; double dummy, every hand seen): ${
      costly === 0 ? 'no card cost expected tricks' : costly === 1 ? 'one card cost expected tricks' : `${costly} cards cost expected tricks`
    }.`,
  reviewCost: (cost, best, bestTricks, mine) => `cost ${cost} (${best} ${bestTricks} against ${mine})`,
  reviewBestSeen: 'the best from what you could see',
  reviewDoubleDummy: (cost, best) => `double dummy: cost ${cost} (${best})`,
  reviewDoubleDummyNone: 'double dummy: no cost',
  reviewRow: (trick, card, seen, doubleDummy) => `  trick ${String(trick).padStart(2)}: ${card.padEnd(3)} ${seen}; ${doubleDummy}`,

  help: [
    'Type a card as on its face or in short: Q♥, QH, qh, 10h, h10; or its number in your cards.',
    'Numbers stay with the cards for the whole hand; a card without a number cannot be played now.',
    'Commands: score (the score, games and tricks), last (the last trick), help (this),',
    'quit (stop the game; with --out, its record keeps the hands played so far).',
    'hint (the expected tricks of each card you may play, from what you can see, never from the hidden cards).',
    'claim (your side takes every trick left) or claim N (N of them): your cards are shown, and the other side',
    'accepts or plays on; concede or concede N gives the other side the tricks left, or N of them.',
    'When another player claims, type accept, or play on to have the hand played out.',
  ],
  lawsHelp: 'Under --laws a card that does not follow suit is played once you confirm it: a revoke, penalised after the hand.',
  exposeHelp:
    'Under --laws, expose CARD (expose QH, or its number) drops a card face up: the other side calls it, and you must play it as soon as that is no revoke.',
  takeBackHelp:
    'Under --laws, take back takes back your revoke until a card of the next trick is played (laws 73, 76): the other side then requires your lowest card of the suit led.',
  callingHelp:
    'In Long Whist under --laws, at eight with two honours, call honours before you play ("Can you one?"); answer when your partner calls and you hold an honour (Hoyle, laws 16-21).',
  electHelp: [
    'A revoke of the other side: claim its penalty (law 72) with revoke, the card and the penalty:',
    '  tricks (three tricks taken from them and added to yours), deduct (three points off their score),',
    '  add (three points added to yours); for example revoke 5S tricks. deal lets it pass and deals on.',
  ],

  faceUp: (seat, cards) => `${seat}'s cards, face up: ${cards}.`,
  noCards: '(none)',
  claimShowing: (claim, cards) => `${claim}, showing: ${cards}.`,
  answerPrompt: 'Accept the claim, or play on? (accept, play on; help for the commands):',
  notAnAnswer: (typed) => `"${typed}" is not an answer: type accept, or play on.`,
  youAccept: 'You accept.',
  youPlayOn: 'You play on: the claim is refused, and the hand is played on.',
  accept: (seats) => `${seats.join(' and ')} accept${seats.length === 1 ? 's' : ''}.`,
  playsOn: (seat) => `${seat} plays on: the claim is refused, and the hand is played on.`,
  claimRange: (type, left, said) => `You may ${type} from 1 to ${left} ${left === 1 ? 'trick' : 'tricks'}: ${said}.`,
  notTricks: (typed, type) => `"${typed}" is not a number of tricks: type ${type}, or ${type} and a number such as ${type} 3.`,
  you: 'you',
  mightHold: (seat, cards) => `    ${seat} might hold  ${cards}`,
  beatsTheClaim: (line) => `  and on that layout this line of play beats the claim (${line}):`,
  counterTrick: (trick, plays, winner) => `    trick ${String(trick).padStart(2)}: ${plays}; won by ${winner}`,

  revokeTakeBack: (card) => `Your revoke of ${card} can be taken back until a card of the next trick is played (laws 73, 76).`,
  takeBackPrompt: 'Take it back, or let it stand? (take back, play on):',
  revokeStands: (card) => `Your revoke of ${card} stands.`,
  notATakeBackAnswer: (typed) => `"${typed}" is not an answer: type take back, or play on.`,
  revokeStillTakeBack: (card) => `Your revoke of ${card} can still be taken back: take back (laws 73, 76).`,
  mayCallHonours: 'Your side is at eight and you hold two honours: call honours before you play, if you will (Hoyle, laws 16-21).',
  partnerCalls: (partner, canAnswer) =>
    canAnswer
      ? `${partner} calls honours: "Can you one?" Type answer, or play a card and do not answer.`
      : `${partner} calls honours: "Can you one?" You hold no honour: play on.`,
  mayNotCall: 'You may call honours only in Long Whist, at eight, holding two honours, before you play, once a hand.',
  noHonour: 'You hold no honour: there is nothing to answer with.',
  partnerNotCalled: 'Your partner has not called honours: there is nothing to answer.',
  noAnswer: (partner) => `${partner} does not answer: the hand is played.`,
  noRevokeToTakeBack: 'You have no revoke to take back: a revoke is taken back only until a card of the next trick is played (law 73).',
  mustPlayNow: (card) => `You must play ${card} now (law 76).`,

  exposeWhich: 'Name the card to drop face up: expose and the card, for example expose QH, or its number.',
  calledMark: ' (called)',
  exposedCards: (seat, count, cards) => `${seat === null ? 'Your' : `${seat}'s`} exposed ${count === 1 ? 'card' : 'cards'}, face up: ${cards}.`,
  calledNow: (cards, count) => `${cards} is called: you must play ${count > 1 ? 'one of them' : 'it'} now (laws 56, 65).`,
  calledLater: (cards) => `${cards} is called: play it as soon as that is no revoke (law 64).`,
  mustPlayCalled: (cards, card) => `${cards} is called: you must play it now, not ${card} (laws 56, 65).`,

  revokeQuestion: 'This card does not follow suit: a revoke. Play it anyway? (yes, no):',
  notPlayed: (card) => `${card} is not played.`,
  revokesInHand: (heading) => `${heading} in this hand:`,
  electPrompt: (cards) => `Claim the penalty of ${cards} (revoke CARD tricks|deduct|add), or deal to let it pass:`,
  letPass: (count) => (count === 1 ? 'You let the revoke pass.' : 'You let the revokes pass.'),
  notARevokeClaim: (typed) => `"${typed}" is not a claim of a revoke: type revoke, the card and the penalty, or deal.`,
  nameTheRevoke: `Name the revoke and its penalty: ${REVOKE_USAGE}`,
  notACardToClaim: (typed) => `"${typed}" is not a card: ${REVOKE_USAGE}`,
  notAPenalty: (typed) => `"${typed}" is not a penalty: ${REVOKE_USAGE}`,
  notLeft: (card, left) => `${card} is not a revoke of the other side's left to claim: ${left}.`,
};
