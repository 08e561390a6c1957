/**
 * The laws a person meets at a table that rules on irregularities, read from the viewer's `TableView` alone:
 * a revoke of theirs that can still be taken back (Laws of Short Whist, 1864, laws 73, 76), the honours they
 * may call or answer in Long Whist (Hoyle's laws of Long Whist, 16-21), and every ruling and call of the hand
 * (`view.events`) as a sentence with its law.
 *
 * @module
 */

import { type Card, cardRank, cardSuit, type HandEvent, partnerOf, type Rules, type Seat, type TableView } from 'whist';
import { cardName, plural, SEAT_NAMES, SUIT_NAMES } from './names.js';

/** The laws of 1864, as the events of rulings that carry none cite them. */
const SHORT_LAWS = 'Laws of Short Whist (1864)';

/** Whether honours are called at these rules: Long Whist (a game of ten, honours held and not counted at nine) played by the laws. */
export function callingRules(rules: Rules): boolean {
  const h = rules.honours;
  return rules.irregularities === 'ruled' && rules.target === 10 && h !== null && h.basis === 'held' && h.restriction === 'barred';
}

/** The honours among `cards`, trumps being `view.hand.trump`. */
export function honoursIn(view: TableView, cards: readonly Card[]): Card[] {
  const trump = view.hand?.trump ?? null;
  const ranks = view.rules.honours?.cards ?? [];
  if (trump === null) return [];
  return cards.filter((c) => cardSuit(c) === trump && (ranks as readonly string[]).includes(cardRank(c)));
}

/**
 * The viewer may call honours now ("Can you one?"): Long Whist by the laws, a hand being played in which they
 * have played no card, their side at eight, two honours or more in their hand, and their side not called yet.
 */
export function mayCallHonours(view: TableView | null): boolean {
  return view?.honoursCall === 'call';
}

/** The viewer's partner has called honours and waits for an answer: the partner's seat, else `null`. */
export function partnerCall(view: TableView | null): Seat | null {
  if (view === null || view.viewer === null || view.hand === null || view.next.action !== 'play' || !callingRules(view.rules)) return null;
  const partner = partnerOf(view.viewer);
  const called = view.events.some((e) => e.type === 'callHonours' && e.seat === partner);
  const answered = view.events.some((e) => e.type === 'answerCall' && e.seat === view.viewer);
  return called && !answered && view.hand.cards.length === 13 ? partner : null;
}

/** The viewer may answer their partner's call now: it waits, and they hold an honour (whether or not they have played). */
export function mayAnswerCall(view: TableView | null): boolean {
  return view?.honoursCall === 'answer';
}

/**
 * The viewer's revoke that can still be taken back (laws 73, 76), or `null`: their card in the trick in
 * progress (or, before the next trick's first card, in the trick just played) does not follow the suit led,
 * and they still hold that suit, so they held it when they played.
 */
export function revokeToTakeBack(view: TableView | null): Card | null {
  const hand = view?.hand;
  if (view === null || view === undefined || hand === null || hand === undefined || view.viewer === null || view.rules.irregularities !== 'ruled') return null;
  if (view.next.action !== 'play') return null;
  const current = hand.trick !== null && hand.trick.cards.length > 0 ? hand.trick : null;
  const trick = current ?? hand.tricks.at(-1) ?? null;
  if (trick === null) return null;
  const at = (((['N', 'E', 'S', 'W'].indexOf(view.viewer) - ['N', 'E', 'S', 'W'].indexOf(trick.leader)) % 4) + 4) % 4;
  const card = trick.cards[at];
  const first = trick.cards[0];
  if (card === undefined || first === undefined || at === 0) return null;
  const led = cardSuit(first);
  if (cardSuit(card) === led || !hand.cards.some((c) => cardSuit(c) === led)) return null;
  return card;
}

/** "West", or "You" for the viewer. */
function who(seat: Seat, viewer: Seat | null): string {
  return seat === viewer ? 'You' : SEAT_NAMES[seat];
}

/** Why a new deal was claimed, in words. */
const GROUNDS: Readonly<Record<string, string>> = {
  imperfectPack: 'the pack is imperfect',
  facedCard: 'a card was faced in the pack',
  exposedInDealing: 'a card was exposed in dealing',
  trumpCardSeen: 'the trump card was looked at in dealing',
  misdeal: 'a misdeal',
  callNotAtEight: 'honours were called at another score than eight',
  wrongCall: 'honours were called and answered without the honours',
  callAfterPlaying: 'honours were called after the caller played',
};

/** A ruling's law: the event's own citation, or the law of 1864 an event without one stands on. */
export function eventLaw(e: HandEvent): string | null {
  if ('law' in e) return e.law;
  switch (e.type) {
    case 'expose':
      return `${SHORT_LAWS}, law 56`;
    case 'leadOutOfTurn':
      return `${SHORT_LAWS}, laws 56, 61`;
    case 'playToFalseLead':
      return `${SHORT_LAWS}, laws 62-63`;
    case 'playOutOfTurn':
      return `${SHORT_LAWS}, law 67`;
    case 'nameTrumpCard':
      return `${SHORT_LAWS}, law 53`;
    case 'forgetTrumpCard':
      return `${SHORT_LAWS}, law 55`;
    default:
      return null;
  }
}

/** One event of the hand as a sentence, as the viewer reads it ("You", "West"). */
export function eventSentence(e: HandEvent, viewer: Seat | null): string {
  if (e.type === 'ruleClaim') return e.holds ? "The table's check finds that the claim holds." : "The table's check finds that the claim does not hold.";
  const by = who(e.seat, viewer);
  const you = e.seat === viewer;
  const verb = (plain: string, third: string) => (you ? plain : third);
  switch (e.type) {
    case 'claim':
      return `${by} ${verb('claim', 'claims')} ${plural(e.tricks, 'trick')} of those left.`;
    case 'concede':
      return `${by} ${verb('concede', 'concedes')} ${plural(e.tricks, 'trick')} of those left.`;
    case 'acceptClaim':
      return `${by} ${verb('accept', 'accepts')} the claim.`;
    case 'refuseClaim':
      return `${by} ${verb('play', 'plays')} on: the claim is refused.`;
    case 'claimRevoke':
      return `${by} ${verb('claim', 'claims')} the penalty of the revoke of the ${cardName(e.card)}: ${e.penalty === 'tricks' ? 'three tricks' : e.penalty === 'deduct' ? 'three points off the revokers’ score' : 'three points added to their own score'}.`;
    case 'expose':
      return `${by} ${verb('drop', 'drops')} the ${cardName(e.card)} face up: an exposed card.`;
    case 'callCard':
      return `${by} ${verb('call', 'calls')} the exposed ${cardName(e.card)}: it is played as soon as that is no revoke.`;
    case 'newDeal':
      return `${by} ${verb('claim', 'claims')} a new deal: ${GROUNDS[e.ground] ?? e.ground}.`;
    case 'leadOutOfTurn':
      return `${by} ${verb('lead', 'leads')} the ${cardName(e.card)} out of turn: an exposed card.`;
    case 'playToFalseLead':
      return `${by} ${verb('play', 'plays')} the ${cardName(e.card)} to the card led out of turn: when the other three have, the trick stands.`;
    case 'callSuit':
      return `${by} ${verb('call', 'calls')} ${SUIT_NAMES[e.suit]} from the offending side’s next lead.`;
    case 'nameTrumpCard':
      return `${by} ${verb('name', 'names')} the trump card after it was taken up.`;
    case 'forgetTrumpCard':
      return `${by} cannot recollect the trump card.`;
    case 'callTrump':
      return `${by} ${verb('call', 'calls')} the offender’s ${e.which} trump.`;
    case 'correctRevoke': {
      const after =
        e.withdrawn.length === 0
          ? ''
          : `, and the ${e.withdrawn.length === 1 ? 'card' : `${e.withdrawn.length} cards`} played after it ${e.withdrawn.length === 1 ? 'is' : 'are'} taken back too`;
      return `${by} ${verb('take', 'takes')} back the revoke of the ${cardName(e.card)} before it is established${after}; the card is exposed.`;
    }
    case 'askHavingNone':
      return `${by} ${verb('ask', 'asks')} ${you ? 'your' : 'their'} partner, who did not follow suit with the ${cardName(e.card)}: “Having none?”`;
    case 'callLedSuit':
      return `${by} ${verb('require', 'requires')} the revoker’s ${e.which} card of the suit led, instead of calling the card: it is taken back.`;
    case 'callHonours':
      return `${by} ${verb('call', 'calls')} honours at eight: “Can you one?”`;
    case 'answerCall':
      return `${by} ${verb('answer', 'answers')}: “I can”, holding an honour.`;
    case 'playOutOfTurn':
      return `${by} ${verb('play', 'plays')} the ${cardName(e.card)} before ${you ? 'your' : 'their'} turn: it stands.`;
    case 'callWin':
      return `${by} ${verb('call', 'calls')} the second hand ${e.win ? 'to win' : 'not to win'} the trick.`;
  }
}

/** An event and its law, as one sentence: "West requires … (Laws of Short Whist (1864), laws 73, 76)." */
export function eventWithLaw(e: HandEvent, viewer: Seat | null): string {
  const law = eventLaw(e);
  const said = eventSentence(e, viewer);
  return law === null ? said : `${said.replace(/[.:]$/, '')} (${law}).`;
}

/** The events that the page announces as they are made: the laws' rulings and calls (claims and exposed cards are said elsewhere). */
const ANNOUNCED: ReadonlySet<HandEvent['type']> = new Set([
  'correctRevoke',
  'callLedSuit',
  'callHonours',
  'answerCall',
  'newDeal',
  'callSuit',
  'callTrump',
  'callWin',
]);

/** The rulings and calls made between two views of the same hand (or of a newly dealt one), each with its law. */
export function rulingMessages(prev: TableView | null, next: TableView, same: boolean): string[] {
  if (prev === null) return [];
  const from = same ? prev.events.length : 0;
  return next.events
    .slice(from)
    .filter((e) => ANNOUNCED.has(e.type))
    .map((e) => eventWithLaw(e, next.viewer));
}

/** The card the viewer must play now because of a ruling other than a called exposed card, with the reason: "your lowest heart (law 76)". */
export function ledSuitCall(view: TableView): string | null {
  const last = view.events.at(-1);
  const card = view.playable[0];
  if (last?.type !== 'callLedSuit' || card === undefined || view.playable.length !== 1) return null;
  const suit = SUIT_NAMES[cardSuit(card)].replace(/s$/, '');
  return `Called: play the ${cardName(card)}, your ${last.which} ${suit} (law 76).`;
}
