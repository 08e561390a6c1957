/**
 * The one function that turns a view into the DOM: `render(root, view, ui)`. It reads only the
 * `TableView` the library made for the viewer's seat (and the page's own UI state): the viewer's cards,
 * the others as counts, the trick, the scores. It offers exactly `view.hand.legalMoves` as enabled
 * buttons; every other card is a disabled button.
 *
 * Hooks kept in the library's own names: each of the viewer's cards is `button[data-card="QH"]`, each
 * seat `[data-seat="N"]`, each score `[data-score="game"][data-side="NS"]`; actions are `[data-action]`.
 *
 * @module
 */

import { type BySide, type Card, cardSuit, type HandSummary, nextSeat, type PlayerView, type Seat, type Side, sideOf, type TableView, type Trick } from 'whist';
import type { CardScore } from 'whist/solver';
import { trumpSentence, who } from './changes.js';
import { type DdPlay, positionKey } from './dd.js';
import { type Child, h } from './dom.js';
import { explainHand, explainRubber, gameValueText } from './explain.js';
import { cardName, cardText, DISPLAY_SUITS, isRed, plural, rankName, rankText, SEAT_NAMES, SIDE_NAMES, SUIT_NAMES, SUIT_SYMBOLS } from './names.js';
import type { Connection } from './remote.js';
import type { ReplayPosition } from './replay.js';

/** The page's own state: what is open, what just moved, what it waits for. Never a card the view does not hold. */
export interface Ui {
  readonly mode: 'solo' | 'server';
  /** Players who are computer players (solo), by name. */
  readonly computers: readonly string[];
  /** The last trick is shown on request. */
  readonly lastTrickOpen: boolean;
  /** At a server table: the hand whose explanation was closed, as `rubber:hand`. */
  readonly dismissed: string | null;
  /** Cards played since the view before, which move onto the table. */
  readonly fresh: ReadonlySet<Card>;
  /** Waiting for the computer players or for the server. */
  readonly busy: boolean;
  /** The last refusal or failure, in words. */
  readonly error: string | null;
  /** At a server table: the events stream. */
  readonly connection: Connection | null;
  /** The card that holds the keyboard focus in the viewer's cards. */
  readonly focusCard: Card | null;
  /** The double-dummy toggle's state, or `null` while it is off. */
  readonly dd: DdUi | null;
}

/** What the double-dummy toggle shows: scores only ever for cards the view holds or that were played. */
export interface DdUi {
  /** "Solving…" while the Worker works, or `null`. */
  readonly solving: string | null;
  /** The Worker's failure, in words. */
  readonly error: string | null;
  /** The scores of the viewer's legal cards, for the position `key` (`positionKey`), asked for in solo play. */
  readonly moves: { readonly key: string; readonly scores: readonly CardScore[] } | null;
  /** Every card of the finished hand `key` (its number at the table), scored. */
  readonly hand: { readonly key: string; readonly plays: readonly DdPlay[] } | null;
}

/** Where each seat sits on screen: the viewer at the bottom, then clockwise: left, top, right. */
export function positions(viewer: Seat | null): Record<Seat, 'bottom' | 'left' | 'top' | 'right'> {
  const bottom = viewer ?? 'S';
  return {
    [bottom]: 'bottom',
    [nextSeat(bottom, 1)]: 'left',
    [nextSeat(bottom, 2)]: 'top',
    [nextSeat(bottom, 3)]: 'right',
  } as Record<Seat, 'bottom' | 'left' | 'top' | 'right'>;
}

/** The key of the last scored hand, `rubber:hand`, or `null` before any. */
export function lastHandKey(view: TableView): string | null {
  return view.hands.length === 0 ? null : `${view.rubbers.length}:${view.hands.length}`;
}

/** A card face (not a control): rank and suit symbol, named for screen readers. */
function face(card: Card, fresh: ReadonlySet<Card>, from?: string): HTMLElement {
  const suit = cardSuit(card);
  return h(
    'span',
    {
      class: `face${isRed(suit) ? ' red' : ''}${fresh.has(card) ? ' arrive' : ''}`,
      'data-card': card,
      'data-from': from,
      role: 'img',
      'aria-label': cardName(card),
    },
    h('span', { class: 'rank', 'aria-hidden': 'true' }, cardText(card).slice(0, -1)),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, SUIT_SYMBOLS[suit]),
  );
}

function seatBox(view: TableView, seat: Seat, where: string, ui: Ui): HTMLElement {
  const hand = view.hand;
  const viewer = view.viewer;
  const name = view.players[seat];
  const toPlay = view.next.action === 'play' && view.next.seat === seat;
  const isDealer = hand !== null && hand.dealer === seat;
  const computer = ui.computers.includes(name);
  const label = seat === viewer ? `${SEAT_NAMES[seat]} (you)` : SEAT_NAMES[seat];
  const showName = name !== seat && name !== '' && !(seat === viewer && ui.mode === 'solo');
  return h(
    'section',
    { class: `seat pos-${where}${toPlay ? ' to-play' : ''}`, 'data-seat': seat, 'aria-label': label },
    h('h2', {}, label, ' ', h('span', { class: 'side', title: SIDE_NAMES[sideOf(seat)] }, sideOf(seat))),
    showName ? h('p', { class: 'player' }, name, computer ? h('span', { class: 'muted' }, ' · computer') : null) : null,
    hand === null ? null : h('p', { class: 'count' }, plural(hand.cardCounts[seat], 'card')),
    h(
      'p',
      { class: 'badges' },
      isDealer ? h('span', { class: 'badge' }, 'Dealer') : null,
      toPlay ? h('span', { class: 'badge turn' }, seat === viewer ? 'Your turn' : 'To play') : null,
    ),
    isDealer && hand?.trumpCard ? h('div', { class: 'turnup' }, h('span', { class: 'muted' }, 'Turn-up '), face(hand.trumpCard, new Set())) : null,
  );
}

/**
 * The trick in the middle of the felt: the trick in progress; before its lead (or once the hand is over),
 * the trick just won, dimmed.
 */
function trickArea(hand: PlayerView | null, lastTrick: Trick | null, viewer: Seat | null, fresh: ReadonlySet<Card>, pos: Record<Seat, string>): HTMLElement {
  const current = hand?.trick ?? null;
  const showing: { leader: Seat; cards: readonly Card[]; winner: Seat | null } | null =
    current !== null && current.cards.length > 0
      ? { leader: current.leader, cards: current.cards, winner: null }
      : lastTrick !== null
        ? { leader: lastTrick.leader, cards: lastTrick.cards, winner: lastTrick.winner }
        : null;
  const number = hand === null ? 0 : hand.tricks.length + (current !== null && current.cards.length > 0 ? 1 : 0);
  const caption =
    showing === null
      ? hand === null
        ? 'No hand dealt'
        : hand.currentSeat === viewer
          ? 'Trick 1: your lead'
          : `Trick 1: ${SEAT_NAMES[hand.currentSeat ?? hand.dealer]} to lead`
      : showing.winner === null
        ? `Trick ${number}, led by ${showing.leader === viewer ? 'you' : SEAT_NAMES[showing.leader]}`
        : `Trick ${hand?.tricks.length ?? 0} won by ${showing.winner === viewer ? 'you' : SEAT_NAMES[showing.winner]}`;
  return h(
    'section',
    { class: `trick${showing?.winner ? ' done' : ''}`, 'aria-label': caption },
    h('p', { class: 'trick-caption' }, caption),
    h(
      'ul',
      {},
      (showing?.cards ?? []).map((card, i) => {
        const seat = nextSeat(showing?.leader ?? 'N', i);
        return h(
          'li',
          { class: `played pos-${pos[seat]}${showing?.winner === seat ? ' winner' : ''}`, 'data-seat': seat },
          h('span', { class: 'who' }, who(seat, viewer)),
          face(card, fresh, pos[seat]),
        );
      }),
    ),
  );
}

function handHint(hand: PlayerView, view: TableView): string {
  if (view.next.action !== 'play') return view.next.action === 'newRubber' ? 'The rubber is over.' : 'The hand is over.';
  if (hand.currentSeat !== view.viewer) return `Waiting for ${SEAT_NAMES[view.next.seat]}.`;
  const led = hand.trick !== null && hand.trick.cards.length > 0 ? cardSuit(hand.trick.cards[0] as Card) : null;
  if (led !== null && hand.legalMoves.length < hand.cards.length) return `Your turn. You must follow suit: ${SUIT_NAMES[led]}.`;
  return led === null ? 'Your turn: lead any card.' : 'Your turn: play any card.';
}

function viewerCards(view: TableView, ui: Ui): HTMLElement | null {
  const hand = view.hand;
  if (hand === null || view.viewer === null || hand.cards.length === 0) return null;
  const legal = new Set(hand.legalMoves);
  const myTurn = legal.size > 0;
  const roving = ui.focusCard !== null && legal.has(ui.focusCard) ? ui.focusCard : (hand.legalMoves[0] ?? null);
  const groups = DISPLAY_SUITS.map((suit) => ({ suit, cards: hand.cards.filter((c) => cardSuit(c) === suit) })).filter((g) => g.cards.length > 0);
  const moves = ui.dd?.moves;
  const dd = new Map(moves !== null && moves !== undefined && moves.key === positionKey(view) ? moves.scores.map((m) => [m.card, m.tricks]) : []);
  return h(
    'section',
    { class: 'hand', 'aria-labelledby': 'hand-title', 'data-turn': myTurn ? 'yes' : 'no' },
    h('h2', { id: 'hand-title', class: 'sr-only' }, 'Your cards'),
    h('p', { id: 'hand-hint', class: 'hint' }, handHint(hand, view)),
    h(
      'div',
      { role: 'toolbar', 'aria-label': 'Your cards', 'aria-describedby': 'hand-hint', class: 'cards', tabindex: '-1' },
      groups.map((g) =>
        h(
          'div',
          { role: 'group', 'aria-label': SUIT_NAMES[g.suit], class: 'suit-group' },
          g.cards.map((card) =>
            h(
              'button',
              {
                type: 'button',
                class: `card${isRed(g.suit) ? ' red' : ''}`,
                'data-card': card,
                'data-action': 'play',
                'data-dd': dd.get(card),
                'aria-label': dd.has(card) ? `${cardName(card)}, ${plural(dd.get(card) ?? 0, 'trick')}` : cardName(card),
                disabled: !legal.has(card),
                tabindex: card === roving ? '0' : '-1',
              },
              h('span', { class: 'rank', 'aria-hidden': 'true' }, cardText(card).slice(0, -1)),
              h('span', { class: 'suit', 'aria-hidden': 'true' }, SUIT_SYMBOLS[g.suit]),
              dd.has(card) ? h('span', { class: 'dd-tricks', 'aria-hidden': 'true' }, String(dd.get(card))) : null,
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * The double-dummy panel, while the toggle is on: in solo play the button that asks for the scores of the
 * viewer's legal cards (a hint drawn from every seat's cards); once a hand is over, every card played, scored.
 */
function ddPanel(view: TableView, ui: Ui): HTMLElement | null {
  const dd = ui.dd;
  if (dd === null) return null;
  const live = view.next.action === 'play' && view.hand !== null;
  const myTurn = live && view.next.action === 'play' && view.next.seat === view.viewer;
  const shown = dd.moves !== null && dd.moves.key === positionKey(view);
  let ask: Child = null;
  if (live && ui.mode === 'server')
    ask = h('p', { class: 'muted' }, 'At a server table the page holds only your cards: a hand is solved once it is over and all its cards are known.');
  else if (live && myTurn && !shown)
    ask = [
      h('button', { type: 'button', class: 'secondary', 'data-action': 'dd-ask', 'aria-describedby': 'dd-note' }, 'Show the tricks of each card'),
      h(
        'p',
        { id: 'dd-note', class: 'muted' },
        'A hint that uses every seat’s cards, which you cannot see: each legal card is marked with the tricks your side takes from here if all four seats then play perfectly.',
      ),
    ];
  else if (live && shown)
    ask = h(
      'p',
      { 'data-dd-note': 'moves' },
      'Each legal card is marked with the tricks your side takes from here, from every seat’s cards, with perfect play by all.',
    );
  else if (live) ask = h('p', { class: 'muted' }, 'On your turn, ask for the tricks each of your cards takes.');
  return h(
    'section',
    { class: 'panel dd-panel', 'aria-labelledby': 'dd-title' },
    h('h2', { id: 'dd-title' }, 'Double-dummy'),
    ask,
    h('p', { class: 'dd-status', role: 'status' }, dd.solving ?? ''),
    dd.error === null ? null : h('p', { class: 'error', role: 'alert' }, dd.error),
    dd.hand === null ? null : ddHand(dd.hand.key, dd.hand.plays, view.viewer),
  );
}

/** A finished hand, every card played with its score: the tricks its side took from there on with perfect play after it, and the best card's when it took fewer. */
function ddHand(key: string, plays: readonly DdPlay[], viewer: Seat | null): HTMLElement {
  const tricks: DdPlay[][] = [];
  plays.forEach((p, i) => {
    if (i % 4 === 0) tricks.push([]);
    tricks[tricks.length - 1]?.push(p);
  });
  const lost = plays.filter((p) => p.tricks < p.best && (viewer === null || sideOf(p.seat) === sideOf(viewer))).length;
  return h(
    'section',
    { class: 'dd-hand', 'data-dd-hand': key, 'aria-labelledby': 'dd-hand-title' },
    h('h3', { id: 'dd-hand-title' }, `Hand ${key}, card by card`),
    h(
      'p',
      { class: 'muted' },
      'After each card: the tricks its side takes from there to the end of the hand with perfect play by all; in brackets, what the best card would have taken, when that was more.',
    ),
    viewer === null
      ? null
      : h(
          'p',
          {},
          lost === 0
            ? 'No card your side chose cost it a trick.'
            : lost === 1
              ? 'One card your side chose cost it tricks.'
              : `${lost} cards your side chose cost it tricks.`,
        ),
    h(
      'ol',
      {},
      tricks.map((t, i) =>
        h(
          'li',
          {},
          h('span', { class: 'dd-trick' }, `Trick ${i + 1}: `),
          h(
            'ul',
            {},
            t.map((p) =>
              h(
                'li',
                {
                  'data-dd-card': p.card,
                  'data-dd-tricks': p.tricks,
                  'data-dd-best': p.best,
                  'data-seat': p.seat,
                  class: p.tricks < p.best ? 'dd-lost' : null,
                },
                h(
                  'span',
                  { 'aria-hidden': 'true' },
                  `${p.seat} `,
                  h('span', { class: isRed(cardSuit(p.card)) ? 'red' : null }, cardText(p.card)),
                  ` ${p.tricks}${p.tricks < p.best ? ` (${p.best})` : ''}`,
                ),
                h(
                  'span',
                  { class: 'sr-only' },
                  `${who(p.seat, viewer)}, ${cardName(p.card)}, ${plural(p.tricks, 'trick')}${p.tricks < p.best ? `; the best card took ${p.best}` : ''}`,
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function statusBar(view: TableView, ui: Ui): HTMLElement {
  const hand = view.hand;
  let turn: string;
  if (view.next.action === 'play') turn = view.next.seat === view.viewer ? 'Your turn' : `${SEAT_NAMES[view.next.seat]} to play`;
  else if (view.next.action === 'newRubber') turn = 'The rubber is over';
  else turn = 'The hand is over';
  return h(
    'section',
    { class: 'status', 'aria-label': 'Hand' },
    h('p', {}, hand === null ? 'No hand dealt yet.' : [h('strong', {}, `Hand ${view.dealNumber}`), ` · ${SEAT_NAMES[hand.dealer]} deals · `, trumpBadge(hand)]),
    h('p', { class: 'turn', 'data-next': view.next.action, 'data-next-seat': view.next.action === 'play' ? view.next.seat : null }, turn, ui.busy ? '…' : ''),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'data-action': 'last-trick',
        'aria-expanded': ui.lastTrickOpen ? 'true' : 'false',
        'aria-controls': 'last-trick',
        'aria-keyshortcuts': 'L',
      },
      ui.lastTrickOpen ? 'Hide last trick' : 'Last trick',
      h('kbd', { 'aria-hidden': 'true' }, 'L'),
    ),
  );
}

function trumpBadge(hand: PlayerView): HTMLElement {
  if (hand.trump === null) return h('span', { class: 'trump' }, 'No trumps');
  return h(
    'span',
    { class: `trump${isRed(hand.trump) ? ' red' : ''}`, title: trumpSentence(hand) },
    'Trumps: ',
    h('span', { 'aria-hidden': 'true' }, `${SUIT_SYMBOLS[hand.trump]} `),
    SUIT_NAMES[hand.trump],
  );
}

function lastTrickPanel(view: TableView): HTMLElement {
  const t: Trick | null = view.lastTrick;
  return h(
    'section',
    { id: 'last-trick', class: 'panel last-trick', 'aria-labelledby': 'last-trick-title' },
    h('h2', { id: 'last-trick-title' }, 'Last trick'),
    t === null
      ? h('p', {}, 'No trick has been won yet in this hand.')
      : [
          h(
            'ol',
            { class: 'plays' },
            t.cards.map((card, i) => {
              const seat = nextSeat(t.leader, i);
              return h('li', { 'data-seat': seat }, `${who(seat, view.viewer)}${i === 0 ? ' led' : ''}: `, face(card, new Set()));
            }),
          ),
          h('p', {}, `${who(t.winner, view.viewer)} ${t.winner === view.viewer ? 'win' : 'wins'} it.`),
        ],
    h('button', { type: 'button', class: 'secondary', 'data-action': 'last-trick' }, 'Close'),
  );
}

function resultPanel(view: TableView, ui: Ui): HTMLElement | null {
  const over = view.next.action !== 'play';
  const key = lastHandKey(view);
  if (key === null) return null;
  if (!over && !(ui.mode === 'server' && key !== ui.dismissed)) return null;
  const index = view.hands.length - 1;
  const rubber = explainRubber(view);
  let button: HTMLElement;
  if (view.next.action === 'newRubber') button = h('button', { type: 'button', class: 'primary', 'data-action': 'new-rubber' }, 'New rubber');
  else if (view.next.action === 'deal') button = h('button', { type: 'button', class: 'primary', 'data-action': 'deal' }, 'Deal the next hand');
  else button = h('button', { type: 'button', class: 'secondary', 'data-action': 'dismiss' }, 'Close');
  return h(
    'section',
    { class: 'panel result', 'aria-labelledby': 'result-title', 'data-hand': index + 1 },
    h('h2', { id: 'result-title' }, rubber.length > 0 ? 'The rubber is over' : `Hand ${index + 1} is over`),
    h(
      'ul',
      { class: 'explain', 'data-explain': 'hand' },
      explainHand(view.rules, view.hands, index).map((line) => h('li', {}, line)),
    ),
    rubber.length > 0
      ? h(
          'ul',
          { class: 'explain', 'data-explain': 'rubber' },
          rubber.map((line) => h('li', {}, line)),
        )
      : null,
    button,
  );
}

function handRow(view: TableView, hand: HandSummary, i: number): HTMLElement {
  const gained = (['NS', 'EW'] as const).filter((s) => hand.points[s] > 0).map((s) => `${s} +${hand.points[s]}`);
  return h(
    'li',
    {},
    h(
      'details',
      {},
      h('summary', {}, `Hand ${i + 1}: ${gained.join(', ')}${hand.game ? ` · ${hand.game.winner} win the game` : ''}`),
      h(
        'ul',
        { class: 'explain' },
        explainHand(view.rules, view.hands, i).map((line) => h('li', {}, line)),
      ),
    ),
  );
}

function scores(view: TableView, ui: Ui): HTMLElement {
  const hand = view.hand;
  const mine = view.viewer === null ? null : sideOf(view.viewer);
  const head = (s: Side) => h('th', { scope: 'col', title: SIDE_NAMES[s] }, s, mine === s ? h('span', { class: 'muted' }, ' (you)') : null);
  const row = (label: string, kind: string, value: (s: Side) => Child) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, label),
      (['NS', 'EW'] as const).map((s) => h('td', { 'data-score': kind, 'data-side': s }, value(s))),
    );
  const gameNumber = view.games.length + (view.rubberWinner === null ? 1 : 0);
  return h(
    'aside',
    { class: 'scores', 'aria-labelledby': 'scores-title' },
    h('h2', { id: 'scores-title' }, 'Score'),
    h(
      'table',
      {},
      h(
        'caption',
        {},
        `Rubber ${view.rubbers.length + 1}${view.rubberWinner === null ? `, game ${gameNumber}` : ''} · ${view.rules.name} whist, game is ${view.rules.target}`,
      ),
      h('thead', {}, h('tr', {}, h('td', {}), head('NS'), head('EW'))),
      h(
        'tbody',
        {},
        row('Tricks this hand', 'tricks', (s) => hand?.tricksWon[s] ?? 0),
        row('Game score', 'game', (s) => view.score[s]),
        row('Games won', 'games', (s) => view.gamesWon[s]),
        view.rubberPoints === null ? null : row('Rubber points', 'rubber', (s) => view.rubberPoints?.[s] ?? 0),
      ),
    ),
    view.games.length === 0
      ? null
      : h(
          'ol',
          { class: 'games', 'aria-label': 'Games' },
          view.games.map((g, i) =>
            h('li', {}, `Game ${i + 1}: ${g.winner} won, ${g.winner === 'NS' ? 'EW' : 'NS'} at ${g.losersScore}: ${gameValueText(view.rules, g.value)}`),
          ),
        ),
    view.hands.length === 0
      ? null
      : h(
          'section',
          { class: 'history', 'aria-labelledby': 'hands-title' },
          h('h3', { id: 'hands-title' }, 'Hands of this rubber'),
          h(
            'ol',
            {},
            view.hands.map((x, i) => handRow(view, x, i)),
          ),
        ),
    view.rubbers.length === 0
      ? null
      : h(
          'section',
          { class: 'history', 'aria-labelledby': 'rubbers-title' },
          h('h3', { id: 'rubbers-title' }, 'Rubbers played'),
          h(
            'ol',
            {},
            view.rubbers.map((r) =>
              h(
                'li',
                {},
                `${r.winner} won ${r.games[r.winner]}–${r.games[r.winner === 'NS' ? 'EW' : 'NS']}`,
                r.rubberPoints === null ? '' : `, rubber points NS ${r.rubberPoints.NS}, EW ${r.rubberPoints.EW}`,
              ),
            ),
          ),
        ),
    ui.mode === 'solo' ? recordSection(view) : null,
  );
}

/** Solo play: the table's record, to download once a hand is over. At a server table the page holds no table to write. */
function recordSection(view: TableView): HTMLElement {
  const any = view.hands.length > 0 || view.rubbers.length > 0;
  return h(
    'section',
    { class: 'history record', 'aria-labelledby': 'record-title' },
    h('h3', { id: 'record-title' }, 'Record'),
    any
      ? [
          h('button', { type: 'button', class: 'secondary', 'data-action': 'download-record', 'aria-describedby': 'record-note' }, 'Download the record'),
          h(
            'p',
            { id: 'record-note', class: 'muted' },
            'Every finished hand of this table, with its deal, its play and its score, as a PBN file. The hand being played is left out.',
          ),
        ]
      : h('p', { class: 'muted' }, 'The record can be downloaded once a hand is over.'),
  );
}

/**
 * Renders a table view into `root`, replacing what was there.
 *
 * @param root - the element that holds the table
 * @param view - the viewer's `TableView`, or `null` while there is none yet
 * @param ui - the page's own state
 */
export function render(root: HTMLElement, view: TableView | null, ui: Ui): void {
  const notices: Child[] = [
    ui.error === null ? null : h('p', { class: 'error', role: 'alert' }, ui.error),
    ui.connection === 'reconnecting' ? h('p', { class: 'notice' }, 'The connection to the server dropped: reconnecting…') : null,
  ];
  if (view === null) {
    root.replaceChildren(h('div', { class: 'play' }, notices, h('p', { class: 'notice' }, ui.mode === 'server' ? 'Joining the table…' : 'Dealing…')));
    return;
  }
  const pos = positions(view.viewer);
  const seats = (['top', 'left', 'right', 'bottom'] as const).map((where) => {
    const seat = (Object.keys(pos) as Seat[]).find((s) => pos[s] === where) as Seat;
    return seatBox(view, seat, where, ui);
  });
  root.replaceChildren(
    h(
      'div',
      { class: 'play' },
      notices,
      statusBar(view, ui),
      h('div', { class: 'felt' }, seats, trickArea(view.hand, view.lastTrick, view.viewer, ui.fresh, pos)),
      resultPanel(view, ui),
      ui.lastTrickOpen ? lastTrickPanel(view) : null,
      viewerCards(view, ui),
      ddPanel(view, ui),
    ),
    scores(view, ui),
  );
}

// ---------------------------------------------------------------------------------------------------
// A record, watched hand by hand and card by card.

/** What the page draws in a replay besides the position: the last failure, and the card that just moved. */
export interface ReplayUi {
  readonly error: string | null;
  readonly fresh: ReadonlySet<Card>;
  /** Where "back" goes: the solo game or the server table. */
  readonly mode: 'solo' | 'server';
}

/** A seat's cards, suit by suit as in a bridge diagram: each rank marked with its card (`[data-card="QH"]`), and named for screen readers. */
function cardList(cards: readonly Card[], caption: string, kind: 'held' | 'dealt'): HTMLElement {
  return h(
    'div',
    { class: `held ${kind}`, 'data-cards': kind },
    h('p', { class: 'held-caption' }, caption),
    h(
      'ul',
      {},
      DISPLAY_SUITS.map((suit) => {
        const ranks = cards.filter((c) => cardSuit(c) === suit);
        return h(
          'li',
          { class: isRed(suit) ? 'red' : null, 'data-suit': suit },
          h('span', { class: 'sym', 'aria-hidden': 'true' }, SUIT_SYMBOLS[suit]),
          h('span', { class: 'sr-only' }, `${SUIT_NAMES[suit]}: ${ranks.length === 0 ? 'none' : ranks.map(rankName).join(', ')}`),
          ranks.length === 0
            ? h('span', { class: 'rank', 'aria-hidden': 'true' }, '—')
            : ranks.map((c) => h('span', { class: 'rank', 'data-card': c, 'aria-hidden': 'true' }, rankText(c))),
        );
      }),
    ),
  );
}

function replaySeat(p: ReplayPosition, seat: Seat, where: string): HTMLElement {
  const view = p.view;
  const name = p.hand.players[seat];
  const toPlay = view.currentSeat === seat;
  const isDealer = view.dealer === seat;
  return h(
    'section',
    { class: `seat pos-${where}${toPlay ? ' to-play' : ''}`, 'data-seat': seat, 'aria-label': `${SEAT_NAMES[seat]}, ${name}` },
    h('h2', {}, SEAT_NAMES[seat], ' ', h('span', { class: 'side', title: SIDE_NAMES[sideOf(seat)] }, sideOf(seat))),
    name !== seat && name !== '' ? h('p', { class: 'player' }, name) : null,
    h('p', { class: 'badges' }, isDealer ? h('span', { class: 'badge' }, 'Dealer') : null, toPlay ? h('span', { class: 'badge turn' }, 'To play') : null),
    isDealer && view.trumpCard ? h('div', { class: 'turnup' }, h('span', { class: 'muted' }, 'Turn-up '), face(view.trumpCard, new Set())) : null,
    p.dealt !== null ? cardList(p.dealt[seat], 'As dealt', 'dealt') : cardList(p.held[seat], plural(p.held[seat].length, 'card'), 'held'),
  );
}

function stepButton(action: string, label: string, key: string, keyLabel: string, disabled: boolean): HTMLElement {
  return h(
    'button',
    { type: 'button', class: 'secondary', 'data-action': action, 'aria-keyshortcuts': key, disabled },
    label,
    h('kbd', { 'aria-hidden': 'true' }, keyLabel),
  );
}

function replayScores(p: ReplayPosition): HTMLElement {
  const row = (label: string, kind: string, value: BySide) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, label),
      (['NS', 'EW'] as const).map((s) => h('td', { 'data-score': kind, 'data-side': s }, value[s])),
    );
  const over = p.dealt !== null;
  return h(
    'aside',
    { class: 'scores', 'aria-labelledby': 'scores-title' },
    h('h2', { id: 'scores-title' }, 'Score'),
    h(
      'table',
      {},
      h('caption', {}, `Rubber ${p.hand.rubber}, game ${p.game} · ${p.rules.name} whist, game is ${p.rules.target}`),
      h('thead', {}, h('tr', {}, h('td', {}), h('th', { scope: 'col', title: SIDE_NAMES.NS }, 'NS'), h('th', { scope: 'col', title: SIDE_NAMES.EW }, 'EW'))),
      h(
        'tbody',
        {},
        row('Tricks this hand', 'tricks', p.view.tricksWon),
        row(over ? 'Game score after the hand' : 'Game score before the hand', 'game', p.score),
        row(over ? 'Games won after the hand' : 'Games won before the hand', 'games', p.gamesWon),
      ),
    ),
    over
      ? h(
          'section',
          { class: 'history', 'aria-labelledby': 'replay-result-title' },
          h('h3', { id: 'replay-result-title' }, `Hand ${p.hand.board} is over`),
          h(
            'ul',
            { class: 'explain', 'data-explain': 'hand' },
            explainHand(p.rules, p.rubberHands, p.indexInRubber).map((line) => h('li', {}, line)),
          ),
          p.rubberOver === null
            ? null
            : h(
                'ul',
                { class: 'explain', 'data-explain': 'rubber' },
                explainRubber(p.rubberOver).map((line) => h('li', {}, line)),
              ),
        )
      : null,
    h(
      'section',
      { class: 'history', 'aria-labelledby': 'replay-hands-title' },
      h('h3', { id: 'replay-hands-title' }, 'Hands in this record'),
      h(
        'ol',
        { class: 'replay-hands' },
        p.hands.map((x, i) => {
          const gained =
            x.summary === null
              ? ['in progress']
              : (['NS', 'EW'] as const).filter((s) => (x.summary?.points[s] ?? 0) > 0).map((s) => `${s} +${x.summary?.points[s]}`);
          return h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: 'link', 'data-action': 'replay-hand', 'data-hand': i, 'aria-current': i === p.index ? 'true' : null },
              `Hand ${x.board}, rubber ${x.rubber}: ${gained.join(', ')}`,
            ),
          );
        }),
      ),
    ),
  );
}

/**
 * Renders a position of a record being watched into `root`: every seat's cards (a replay hides nothing),
 * the trick, the score, the controls to step through it.
 *
 * @param root - the element that holds the table
 * @param p - the position, from `position(replay)`
 * @param ui - the page's own state
 */
export function renderReplay(root: HTMLElement, p: ReplayPosition, ui: ReplayUi): void {
  const pos = positions(null);
  const seats = (['top', 'left', 'right', 'bottom'] as const).map((where) => {
    const seat = (Object.keys(pos) as Seat[]).find((s) => pos[s] === where) as Seat;
    return replaySeat(p, seat, where);
  });
  const first = p.index === 0 && p.step === 0;
  const last = p.index === p.count - 1 && p.step === p.total;
  const lastTrick = p.view.tricks[p.view.tricks.length - 1] ?? null;
  root.replaceChildren(
    h(
      'div',
      { class: 'play replay', 'data-hand': p.index + 1, 'data-step': p.step },
      ui.error === null ? null : h('p', { class: 'error', role: 'alert' }, ui.error),
      h(
        'section',
        { class: 'panel replay-head', 'aria-labelledby': 'replay-title' },
        h('h2', { id: 'replay-title' }, `Replay of ${p.name}`),
        h(
          'p',
          {},
          'A record of a game already played. Every seat’s cards are shown, as nothing is hidden from someone watching a record: this is not a game in progress.',
        ),
        h('button', { type: 'button', class: 'secondary', 'data-action': 'replay-close' }, ui.mode === 'solo' ? 'Back to your game' : 'Back to the table'),
      ),
      h(
        'section',
        { class: 'status', 'aria-label': 'Position in the record' },
        h(
          'p',
          {},
          h('strong', {}, `Hand ${p.hand.board} of ${p.count}`),
          ` · rubber ${p.hand.rubber}, game ${p.game} · ${SEAT_NAMES[p.view.dealer]} deals · `,
          trumpBadge(p.view),
        ),
        h('p', { class: 'turn' }, p.step === 0 ? `As dealt, ${p.total} cards to play` : `Card ${p.step} of ${p.total}`),
      ),
      h(
        'div',
        { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the record' },
        stepButton('replay-previous-hand', 'Previous hand', 'PageUp', 'PgUp', first),
        stepButton('replay-previous-card', 'Previous card', 'ArrowLeft', '←', first),
        stepButton('replay-next-card', 'Next card', 'ArrowRight', '→', last),
        stepButton('replay-next-hand', 'Next hand', 'PageDown', 'PgDn', last),
      ),
      h('div', { class: 'felt' }, seats, trickArea(p.view, lastTrick, null, ui.fresh, pos)),
    ),
    replayScores(p),
  );
}
