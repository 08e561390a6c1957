/**
 * A naive, independent model of Whist card play, written from the rules text (docs/rules.md, "The
 * table" and "Play") only, to serve as the oracle of the property and perft tests.
 *
 * Deliberately simple and slow: cards are strings, hands are arrays, every step copies. It imports
 * nothing from `src/`, so a bug in the engine's bitmasks, lookup tables or turn arithmetic cannot
 * hide itself by being shared with the oracle.
 *
 * Rules modelled (Laws of Short Whist (1864); Hoyle; the German text «Whist» (2012)):
 * - Seats N E S W clockwise; partners opposite.
 * - The deal: one card at a time clockwise from the dealer's left (eldest hand); the 52nd card is the
 *   dealer's and, with trump by turn-up, its suit is trump.
 * - Eldest hand leads to the first trick; the winner of each trick leads the next.
 * - A player must follow suit when able; when void, any card may be played («Whist» "Farbzwang").
 * - The highest trump wins; with no trump in the trick, the highest card of the suit led; a discard
 *   never wins. Ranks A K Q J T 9 … 2.
 * - Honours (law 3): the honour ranks of trumps, counted for the side that was dealt them, or (a house
 *   rule) for the side that won them in tricks.
 * - Deals and plays as text: the deal in PBN deal notation, north first, each suit from the ace down
 *   (PBN 2.1, section 3.4); the plays as cards separated by single spaces.
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

/** The deal as PBN deal text, north first, each suit's ranks from the ace down (PBN 2.1, section 3.4). */
export function nDealText(hands: Record<NSeat, readonly string[]>): string {
  const hand = (cards: readonly string[]) => N_SUITS.map((suit) => N_RANKS.filter((rank) => cards.includes(rank + suit)).join('')).join('.');
  return `N:${N_SEATS.map((seat) => hand(hands[seat])).join(' ')}`;
}

/** Reads deal text written north first, as {@link nDealText} writes it; null when it is not such a deal of 52 distinct cards. */
export function nReadDealText(text: string): Record<NSeat, string[]> | null {
  if (!text.startsWith('N:')) return null;
  const parts = text.slice(2).split(' ');
  if (parts.length !== 4) return null;
  const hands: Record<NSeat, string[]> = { N: [], E: [], S: [], W: [] };
  for (const [i, seat] of N_SEATS.entries()) {
    const suits = (parts[i] as string).split('.');
    if (suits.length !== 4) return null;
    for (const [k, suit] of N_SUITS.entries()) for (const rank of suits[k] as string) hands[seat].push(rank + suit);
    if (hands[seat].length !== 13) return null;
  }
  const all = N_SEATS.flatMap((seat) => hands[seat]);
  if (!all.every(nIsCard) || new Set(all).size !== 52) return null;
  return hands;
}

/** The cards played so far, in order, separated by single spaces; "" before the lead. */
export function nPlaysText(state: NState): string {
  return [...state.tricks.flatMap((t) => t.cards), ...state.trick].join(' ');
}

/** The cards each seat was dealt, from a hand's first state and its plays: what it holds plus what it played. */
export function nDealt(state: NState): Record<NSeat, string[]> {
  const dealt: Record<NSeat, string[]> = { N: [...state.hands.N], E: [...state.hands.E], S: [...state.hands.S], W: [...state.hands.W] };
  for (const t of state.tricks) for (const [i, card] of t.cards.entries()) dealt[nLeft(t.leader, i)].push(card);
  for (const [i, card] of state.trick.entries()) dealt[nLeft(state.leader, i)].push(card);
  return dealt;
}

/**
 * The honours each side has (law 3): of the given honour ranks of trumps, those dealt to the side
 * (`held`, the turn-up included) or those in the tricks the side has won so far (`captured`).
 */
export function nHonours(state: NState, ranks: readonly string[], basis: 'held' | 'captured'): { NS: number; EW: number } {
  const count = { NS: 0, EW: 0 };
  if (state.trump === null) return count;
  const dealt = nDealt(state);
  for (const rank of ranks) {
    const card = rank + state.trump;
    if (basis === 'held') {
      const holder = N_SEATS.find((seat) => dealt[seat].includes(card));
      if (holder !== undefined) count[nSide(holder)]++;
    } else {
      const trick = state.tricks.find((t) => t.cards.includes(card));
      if (trick !== undefined) count[nSide(trick.winner)]++;
    }
  }
  return count;
}
