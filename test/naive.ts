/**
 * A naive, independent model of Whist card play, written from the rules text (RULES.md sections 1-2)
 * only, to serve as the oracle of the property and perft tests.
 *
 * Deliberately simple and slow: cards are strings, hands are arrays, every step copies. It imports
 * nothing from `src/`, so a bug in the engine's bitmasks, lookup tables or turn arithmetic cannot
 * hide itself by being shared with the oracle.
 *
 * Rules modelled:
 * - Seats N E S W clockwise; partners opposite (CL; DOC1).
 * - The deal: one card at a time clockwise from the dealer's left (eldest hand); the 52nd card is the
 *   dealer's and, with trump by turn-up, its suit is trump (CL; HOYLE; DOC1).
 * - Eldest hand leads to the first trick; the winner of each trick leads the next (CL; DOC1).
 * - A player must follow suit when able; when void, any card may be played (CL; DOC1 "Farbzwang").
 * - The highest trump wins; with no trump in the trick, the highest card of the suit led; a discard
 *   never wins. Ranks A K Q J T 9 … 2 (CL; DOC1).
 */

export type NSeat = 'N' | 'E' | 'S' | 'W';

export const N_SEATS: readonly NSeat[] = ['N', 'E', 'S', 'W'];
/** Suits in the canonical order the engine documents for its lists: S H D C. */
export const N_SUITS = ['S', 'H', 'D', 'C'] as const;
/** Ranks from the highest to the lowest. */
export const N_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/** All 52 card strings, written out from the suits and ranks. */
export const N_DECK: readonly string[] = N_SUITS.flatMap((s) => N_RANKS.map((r) => r + s));

export interface NTrick {
  leader: NSeat;
  cards: string[];
  winner: NSeat;
}

export interface NState {
  dealer: NSeat;
  trump: string | null;
  /** The cards each seat still holds, in no particular order. */
  hands: Record<NSeat, string[]>;
  /** The seat that led the trick in progress (or that will lead the next one). */
  leader: NSeat;
  /** The trick in progress. */
  trick: string[];
  tricks: NTrick[];
}

export function nLeft(seat: NSeat, steps = 1): NSeat {
  const i = N_SEATS.indexOf(seat);
  return N_SEATS[(i + steps) % 4] as NSeat;
}

export function nSide(seat: NSeat): 'NS' | 'EW' {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

export function nSuit(card: string): string {
  return card.charAt(1);
}

/** A rank's strength: 0 for the ace … 12 for the two (lower is higher). */
export function nRankOrder(card: string): number {
  return (N_RANKS as readonly string[]).indexOf(card.charAt(0));
}

export function nIsCard(x: unknown): boolean {
  return typeof x === 'string' && N_DECK.includes(x);
}

/** Sorts cards as the engine documents its lists: by suit S H D C, then from the ace down. */
export function nSort(cards: readonly string[]): string[] {
  return [...cards].sort((a, b) => {
    const sa = (N_SUITS as readonly string[]).indexOf(nSuit(a));
    const sb = (N_SUITS as readonly string[]).indexOf(nSuit(b));
    return sa !== sb ? sa - sb : nRankOrder(a) - nRankOrder(b);
  });
}

/** Deals a deck order: card i goes to the seat i places left of the dealer's left; trump is the last card's suit unless given. */
export function nDealDeck(dealer: NSeat, deck: readonly string[], trump?: string | null): NState {
  const hands: Record<NSeat, string[]> = { N: [], E: [], S: [], W: [] };
  let seat = nLeft(dealer);
  for (const card of deck) {
    hands[seat].push(card);
    seat = nLeft(seat);
  }
  const last = deck[deck.length - 1] as string;
  return { dealer, trump: trump === undefined ? nSuit(last) : trump, hands, leader: nLeft(dealer), trick: [], tricks: [] };
}

/** A hand from four given hands and a trump suit (or null). */
export function nDealHands(dealer: NSeat, hands: Record<NSeat, readonly string[]>, trump: string | null): NState {
  return {
    dealer,
    trump,
    hands: { N: [...hands.N], E: [...hands.E], S: [...hands.S], W: [...hands.W] },
    leader: nLeft(dealer),
    trick: [],
    tricks: [],
  };
}

export function nComplete(state: NState): boolean {
  return state.tricks.length === 13;
}

/** The seat to play, or null when the hand is over. */
export function nTurn(state: NState): NSeat | null {
  if (nComplete(state)) return null;
  return nLeft(state.leader, state.trick.length);
}

/** The legal cards for the seat to play, sorted (S H D C, ace down). */
export function nLegal(state: NState): string[] {
  const seat = nTurn(state);
  if (seat === null) return [];
  const hand = state.hands[seat];
  if (state.trick.length > 0) {
    const led = nSuit(state.trick[0] as string);
    const follow = hand.filter((c) => nSuit(c) === led);
    if (follow.length > 0) return nSort(follow);
  }
  return nSort(hand);
}

/** Who wins a trick: the highest trump in it; with none, the highest card of the suit led. */
export function nWinner(leader: NSeat, cards: readonly string[], trump: string | null): NSeat {
  const led = nSuit(cards[0] as string);
  const trumps = trump === null ? [] : cards.filter((c) => nSuit(c) === trump);
  const contenders = trumps.length > 0 ? trumps : cards.filter((c) => nSuit(c) === led);
  let best = contenders[0] as string;
  for (const c of contenders) if (nRankOrder(c) < nRankOrder(best)) best = c;
  return nLeft(leader, cards.indexOf(best));
}

/** Why a play is refused, in the engine's documented precedence; null when it is legal. */
export function nRefusal(state: NState, seat: unknown, card: unknown): string | null {
  if (!(N_SEATS as readonly unknown[]).includes(seat)) return 'INVALID_SEAT';
  if (!nIsCard(card)) return 'INVALID_CARD';
  const turn = nTurn(state);
  if (turn === null) return 'HAND_COMPLETE';
  if (turn !== seat) return 'NOT_YOUR_TURN';
  const hand = state.hands[seat as NSeat];
  if (!hand.includes(card as string)) return 'CARD_NOT_IN_HAND';
  if (!nLegal(state).includes(card as string)) return 'MUST_FOLLOW_SUIT';
  return null;
}

/** Plays the seat-to-play's card; throws on an illegal card. Returns a new state; the old one is untouched. */
export function nPlay(state: NState, card: string): NState {
  const seat = nTurn(state);
  if (seat === null || !nLegal(state).includes(card)) throw new Error(`naive: illegal play ${card} by ${seat}`);
  const hands = { ...state.hands, [seat]: state.hands[seat].filter((c) => c !== card) };
  const trick = [...state.trick, card];
  if (trick.length < 4) return { ...state, hands, trick };
  const winner = nWinner(state.leader, trick, state.trump);
  return { ...state, hands, trick: [], leader: winner, tricks: [...state.tricks, { leader: state.leader, cards: trick, winner }] };
}

/** Tricks won by each side. */
export function nTricksWon(state: NState): { NS: number; EW: number } {
  const ns = state.tricks.filter((t) => nSide(t.winner) === 'NS').length;
  return { NS: ns, EW: state.tricks.length - ns };
}

/** Perft: the number of legal play sequences of `depth` plies, and the NS tricks won summed over those sequences' ends. */
export function nPerft(state: NState, depth: number): { nodes: number; nsTricks: number } {
  if (depth === 0) return { nodes: 1, nsTricks: nTricksWon(state).NS };
  let nodes = 0;
  let nsTricks = 0;
  for (const card of nLegal(state)) {
    const r = nPerft(nPlay(state, card), depth - 1);
    nodes += r.nodes;
    nsTricks += r.nsTricks;
  }
  return { nodes, nsTricks };
}
