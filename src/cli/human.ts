/**
 * `whist play`: a person plays one seat against three computer players, a whole rubber, in the terminal.
 *
 * The program holds the table and renders only what the person's seat may see (`tableView`); the computer
 * players act from their own seats' views. Cards are printed as the page prints them (`Q♥`, `10♦`, suits in
 * the order ♠ ♥ ♣ ♦). A card is entered as `QH`, `qh`, `10h`, `♥Q`, or its number, which it keeps for the
 * whole hand; anything else is refused with the reason, and the person is asked again. `score`, `last`,
 * `hint`, `help` and `quit` are commands.
 *
 * Under rules that rule on irregularities (`whist play --laws`), a card that does not follow suit is played
 * once the person confirms it (a revoke), and once the hand is over its penalty is claimed (`revokes.ts`); the
 * person may drop a card face up (`expose QH`), which the computer players call at once (`exposed.ts`).
 *
 * What the computer players do is the library's computer seat (`computerTurn`, `computerCard`, and the calls,
 * penalties, honours and claims of `claims.ts`, `exposed.ts`, `laws.ts` and `revokes.ts`), at the level given:
 * `heuristic`, the rules of thumb, or the sampling player at `fast`, `standard` or `strong`. The hint is the expected tricks of each legal card from the
 * person's own view (`hintValues`): it never looks at a hidden card.
 *
 * @module
 */

import {
  apply,
  applyOrThrow,
  type BySide,
  type Card,
  type ComputerLevel,
  cardAction,
  computerTurn,
  currentHand,
  currentRubber,
  currentSeat,
  gamesWon,
  type HandState,
  handSummaries,
  isRubberComplete,
  newTableOrThrow,
  type PlayerView,
  parseCard,
  parseStateOrThrow,
  partnerOf,
  playerViewOrThrow,
  type Rules,
  rubberPoints,
  rubberWinner,
  type Seat,
  type TableState,
  tableViewOrThrow,
  type WhistErrorInfo,
} from '../index.js';
import { type CardValues, computerCard, hintValues as libraryHint, scoreMoves } from '../solver/index.js';
import { explainHand, exposeSentence, gameValueName, hintBasis, tricksSaid } from '../words/index.js';
import { claimText, computerClaims, computersAnswer, handText, readAnswer, readClaimCommand, shownLines } from './claims.js';
import { callBinds, calledNow, computersCall, EXPOSE_HELP, exposedLines, playableNow, readExposeCommand } from './exposed.js';
import {
  CALLING_HELP,
  callingRules,
  computersCallHonours,
  mayAnswerCall,
  mayCallHonours,
  partnerCalled,
  personAnswers,
  personCalls,
  readLawsCommand,
  revokeToTakeBack,
  TAKE_BACK_HELP,
  takeBack,
} from './laws.js';
import { computersClaimRevokes, electRevokes, REVOKE_QUESTION, readYesNo, revokeLines } from './revokes.js';
import { cardText, DISPLAY_SUITS, displayOrder, pair, SUIT_NAMES, trickText, whoPlayedText } from './text.js';

/** How a game in the terminal is set up. */
export interface HumanGame {
  readonly rules: Rules;
  readonly seed: string | number;
  /** The person's seat. */
  readonly seat: Seat;
  /** The first dealer. */
  readonly dealer: Seat;
  /** The computer players' level: `heuristic` plays the rules of thumb (`heuristicPlayer`), else the sampling player at that level (default `heuristic`). */
  readonly level?: ComputerLevel;
  /** After each hand, the review of the person's cards (`reviewLines`). */
  readonly review?: boolean;
  /** The computer players claim every trick left at their turn when they are sure of them all (`computerClaims`). */
  readonly claims?: boolean;
  /**
   * Given the table after every deal and every card, and at the end, e.g. to write its record: so that a game
   * stopped at any moment (Ctrl-C, the end of input, `quit`) leaves the hands played so far.
   */
  readonly keep?: (table: TableState) => void;
}

/** The computer players' levels of `whist play --level`: the library's `ComputerLevel` (`quick` is read as `heuristic`). */
export type { ComputerLevel } from '../index.js';
export { COMPUTER_LEVELS } from '../index.js';

/** A number seed for the sampling player, from the table's seed. */
function numberSeed(seed: string | number): number {
  if (typeof seed === 'number') return seed;
  let h = 0;
  for (const ch of seed) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/**
 * The expected tricks of each legal card from the view: the library's hint (`hintValues`) over the standard
 * level's layouts (the strong level's when that is the level played).
 */
export function hintValues(view: PlayerView, level: ComputerLevel, seed: number): CardValues {
  const r = libraryHint(view, { level: level === 'strong' ? 'strong' : 'standard', seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * The hint as lines: each legal card, best first, as on its face with its number, and its expected tricks
 * for the person's side from here to the end of the hand (the trick in progress included).
 */
export function hintLines(view: PlayerView, level: ComputerLevel, seed: number, dealt: readonly Card[]): string[] {
  const hint = hintValues(view, level, seed);
  const values = hint.cards;
  const side = view.viewer === 'N' || view.viewer === 'S' ? 'NS' : 'EW';
  const sorted = [...values].sort((a, b) => b.tricks - a.tricks);
  const best = sorted[0]?.tricks ?? 0;
  return [
    `Expected tricks for ${side} from here, from what you can see (${hintBasis(hint)}):`,
    ...sorted.map(
      (v) =>
        `  ${`${dealt.indexOf(v.card) + 1}:${cardText(v.card)}`.padEnd(6)} ${v.tricks.toFixed(2)}${v.tricks >= best - 1e-9 ? '  best' : `  (${(best - v.tricks).toFixed(2)} less)`}`,
    ),
  ];
}

/**
 * The review of a finished hand: each card the person at `seat` played, what it cost in expected tricks from
 * what they could see at that turn (`hintValues` on their own view), beside what it cost double dummy (every
 * hand seen, as all are once the hand is over); the costliest first.
 */
export function reviewLines(hand: HandState, seat: Seat, level: ComputerLevel, seed: number): string[] {
  const plays = hand.plays === '' ? [] : (hand.plays.split(' ') as Card[]);
  const rows: { trick: number; card: Card; cost: number; best: Card; bestTricks: number; mine: number; dd: number; ddBest: Card }[] = [];
  for (let k = 0; k < plays.length; k++) {
    const state = parseStateOrThrow({ ...hand, plays: plays.slice(0, k).join(' ') });
    if (currentSeat(state) !== seat) continue;
    const card = plays[k] as Card;
    const view = playerViewOrThrow(state, seat);
    const values = hintValues(view, level, seed).cards;
    const best = values.reduce((a, b) => (b.tricks > a.tricks ? b : a));
    const mine = values.find((v) => v.card === card)?.tricks ?? 0;
    const dd = scoreMoves(state);
    if (!dd.ok) throw new Error(dd.error.message);
    const ddBest = dd.value.reduce((a, b) => (b.tricks > a.tricks ? b : a));
    const ddMine = dd.value.find((s) => s.card === card)?.tricks ?? 0;
    rows.push({
      trick: view.tricks.length + 1,
      card,
      cost: Math.max(0, best.tricks - mine),
      best: best.card,
      bestTricks: best.tricks,
      mine,
      dd: ddBest.tricks - ddMine,
      ddBest: ddBest.card,
    });
  }
  rows.sort((a, b) => b.cost - a.cost || b.dd - a.dd || a.trick - b.trick);
  const costly = rows.filter((r) => r.cost >= 0.05).length;
  return [
    `Your play reviewed, the costliest first (expected tricks from what you could see; double dummy, every hand seen): ${
      costly === 0 ? 'no card cost expected tricks' : costly === 1 ? 'one card cost expected tricks' : `${costly} cards cost expected tricks`
    }.`,
    ...rows.map((r) => {
      const seen =
        r.cost >= 0.05
          ? `cost ${r.cost.toFixed(1)} (${cardText(r.best)} ${r.bestTricks.toFixed(1)} against ${r.mine.toFixed(1)})`
          : 'the best from what you could see';
      const dd = r.dd > 0 ? `double dummy: cost ${r.dd} (${cardText(r.ddBest)})` : 'double dummy: no cost';
      return `  trick ${String(r.trick).padStart(2)}: ${cardText(r.card).padEnd(3)} ${seen}; ${dd}`;
    }),
  ];
}

/** What the person may type besides a card. */
export const COMMANDS_HELP = [
  'Type a card as on its face or in short: Q♥, QH, qh, 10h, h10; or its number in your cards.',
  'Numbers stay with the cards for the whole hand; a card without a number cannot be played now.',
  'Commands: score (the score, games and tricks), last (the last trick), help (this),',
  'quit (stop the game; with --out, its record keeps the hands played so far).',
  'hint (the expected tricks of each card you may play, from what you can see, never from the hidden cards).',
  'claim (your side takes every trick left) or claim N (N of them): your cards are shown, and the other side',
  'accepts or plays on; concede or concede N gives the other side the tricks left, or N of them.',
  'When another player claims, type accept, or play on to have the hand played out.',
];

/** What `help` adds under `--laws`. */
export const LAWS_HELP = 'Under --laws a card that does not follow suit is played once you confirm it: a revoke, penalised after the hand.';

/**
 * The person's cards in the page's order (♠ ♥ ♣ ♦), numbered by their place in the hand as dealt, so a card
 * keeps its number until it is played; a card that may not be played now has no number:
 * `1:A♠  3:7♠ | Q♥  10♥ | …`.
 */
function numbered(held: readonly Card[], dealt: readonly Card[], legal: readonly Card[]): string {
  const groups: string[] = [];
  for (const suit of DISPLAY_SUITS) {
    const cards = displayOrder(held).filter((c) => c[1] === suit);
    if (cards.length === 0) continue;
    groups.push(cards.map((c) => (legal.includes(c) ? `${dealt.indexOf(c) + 1}:${cardText(c)}` : cardText(c))).join('  '));
  }
  return groups.join(' | ');
}

/** Why a card was refused, for the person. */
function refusal(error: WhistErrorInfo, card: Card, led: Card | undefined): string {
  switch (error.code) {
    case 'CARD_NOT_IN_HAND':
      return `You do not hold ${cardText(card)}.`;
    case 'CARD_CALLED':
      return `${error.message}.`;
    case 'MUST_FOLLOW_SUIT':
      return `You must follow suit: ${led ? SUIT_NAMES[led[1] as keyof typeof SUIT_NAMES] : 'the suit led'} ${led ? 'were' : 'was'} led, and you hold one.`;
    default:
      return error.message;
  }
}

/** What the person types, as a card: its text or its number in the hand as dealt; a sentence when it names none. */
function readCard(text: string, dealt: readonly Card[], held: readonly Card[]): { card: Card } | { problem: string } {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const card = dealt[Number(t) - 1];
    if (card === undefined) return { problem: `No card has the number ${t}: your cards are numbered 1 to ${dealt.length}.` };
    if (!held.includes(card)) return { problem: `You have played ${cardText(card)} (number ${t}) already.` };
    return { card };
  }
  const card = parseCard(t);
  return card.ok ? { card: card.value } : { problem: `"${t}" is not a card: type one such as QH or 10h, its number, or help.` };
}

/**
 * Plays a rubber with a person at one seat.
 *
 * @param game - the rules, seed, the person's seat and the first dealer
 * @param next - the person's next line of input, or `null` at the end of input
 * @param out - writes a line for the person
 * @returns the exit code: 0 at the end of the rubber or when the person types `quit`, 2 when the input ends first
 */
export async function playHuman(game: HumanGame, next: () => Promise<string | null>, out: (line: string) => void): Promise<number> {
  const { rules, seat: me } = game;
  const level = game.level ?? 'heuristic';
  const seed = numberSeed(game.seed);
  let table: TableState = newTableOrThrow(rules, { seed: game.seed, dealer: game.dealer });
  /**
   * The person's next line at a question: `{ line }`, or `{ exit }` once the input ended (2) or they quit (0),
   * the table kept. Help is answered here, with `help`'s sentences, and the question asked again.
   */
  const ask = async (question: string, help: readonly string[]): Promise<{ readonly line: string } | { readonly exit: number }> => {
    for (;;) {
      out(question);
      const line = await next();
      if (line === null) {
        out('The input ended before the rubber did.');
        game.keep?.(table);
        return { exit: 2 };
      }
      const command = line.trim().toLowerCase();
      if (command === 'quit') {
        out('You stopped the game.');
        game.keep?.(table);
        return { exit: 0 };
      }
      if (help.length > 0 && (command === 'help' || command === '?')) {
        for (const sentence of help) out(sentence);
        continue;
      }
      return { line };
    }
  };
  out(`Whist (${rules.name}), seed ${game.seed}. You sit ${me}, your partner ${partnerOf(me)}; the computer plays the other seats.`);
  out('Type help for the commands.');
  let before: BySide = { NS: 0, EW: 0 };
  let handNumber = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    game.keep?.(table);
    handNumber++;
    const dealt = currentHand(table) as HandState;
    const myDeal = displayOrder(tableViewOrThrow(table, me).hand?.cards ?? []);
    const trump = dealt.trump === null ? 'no trumps' : `${SUIT_NAMES[dealt.trump]} are trumps`;
    const turnUp = dealt.trumpCard ? `the turn-up is ${cardText(dealt.trumpCard)}, ` : '';
    out('');
    out(`Hand ${handNumber}: ${dealt.dealer} deals; ${turnUp}${trump}. Score ${pair(before)}.`);
    // In Long Whist by the laws the computer players call their honours at eight as the hand is dealt.
    const calls = computersCallHonours(table, me);
    table = calls.table;
    for (const l of calls.lines) out(l);
    if (calls.lines.length > 0) game.keep?.(table);
    let tricksDone = 0;
    /** The person's revoke let stand ("play on"): the computer players lead on. */
    let stood: Card | null = null;
    for (;;) {
      const view = tableViewOrThrow(table, me);
      const mine = view.hand;
      if (mine === null) break;
      if (view.next.action === 'answerClaim') {
        // A claim waits: the computer players answer it, then the person if they are to.
        const answered = computersAnswer(table, me);
        table = answered.table;
        for (const l of answered.lines) out(l);
        if (answered.personToAnswer) {
          const claim = tableViewOrThrow(table, me).claim;
          const shown = claim === null ? undefined : tableViewOrThrow(table, me).shown[claim.seat];
          out('');
          if (claim !== null) out(`${claimText(claim, me)}.${shown === undefined ? '' : ` ${claim.seat}'s cards, face up: ${handText(shown)}.`}`);
          for (;;) {
            const asked = await ask('Accept the claim, or play on? (accept, play on; help for the commands):', COMMANDS_HELP);
            if ('exit' in asked) return asked.exit;
            const line = asked.line;
            const accept = readAnswer(line);
            if (accept === null) {
              out(`"${line.trim()}" is not an answer: type accept, or play on.`);
              continue;
            }
            table = applyOrThrow(table, { type: accept ? 'acceptClaim' : 'refuseClaim', seat: me });
            out(accept ? 'You accept.' : 'You play on: the claim is refused, and the hand is played on.');
            break;
          }
        }
        game.keep?.(table);
        continue;
      }
      if (view.next.action !== 'play') break;
      const seat = view.next.seat;
      if (seat !== me && (mine.trick?.cards.length ?? 0) === 0 && mine.tricks.length > 0 && rules.irregularities === 'ruled') {
        // Before a computer player leads to the next trick, the person may still take back a revoke (law 73).
        const revoke = revokeToTakeBack(table, me);
        if (revoke !== null && revoke !== stood) {
          out('');
          out(`Your revoke of ${cardText(revoke)} can be taken back until a card of the next trick is played (laws 73, 76).`);
          let decided = false;
          while (!decided) {
            const asked = await ask('Take it back, or let it stand? (take back, play on):', [TAKE_BACK_HELP]);
            if ('exit' in asked) return asked.exit;
            const line = asked.line;
            const command = line.trim().toLowerCase();
            if (readLawsCommand(line) === 'take back') {
              const r = takeBack(table, me);
              if ('problem' in r) out(r.problem);
              else {
                table = r.table;
                for (const l of r.lines) out(l);
              }
              decided = true;
            } else if (readAnswer(line) === false || command === 'no' || command === 'let it stand') {
              stood = revoke;
              out(`Your revoke of ${cardText(revoke)} stands.`);
              decided = true;
            } else out(`"${line.trim()}" is not an answer: type take back, or play on.`);
          }
          game.keep?.(table);
          continue;
        }
      }
      if (seat !== me) {
        const claimed = game.claims === true ? computerClaims(table, seat) : null;
        if (claimed !== null) {
          table = claimed;
          const claim = tableViewOrThrow(table, me).claim;
          out('');
          if (claim !== null) out(`${claimText(claim, me)}, showing: ${handText(tableViewOrThrow(table, me).shown[seat] ?? [])}.`);
          game.keep?.(table);
          continue;
        }
        // The library's computer seat, from its own view: its card at the level (a called card that must be
        // played now goes first), or what it has to say first.
        const own = tableViewOrThrow(table, seat);
        const turn = computerTurn(own, { claims: false });
        const action = turn?.kind === 'card' ? cardAction(own, computerCard(turn.view, { level, seed })) : turn?.kind === 'action' ? turn.action : null;
        if (action === null) break;
        table = applyOrThrow(table, action);
      } else {
        const trick = mine.trick;
        const so = trick === null || trick.cards.length === 0 ? 'You lead.' : `Trick so far: ${whoPlayedText(trick.leader, trick.cards)}.`;
        out('');
        const playable = playableNow(view);
        out(`Your cards: ${numbered(mine.cards, myDeal, playable)}`);
        const turned = mine.trumpCard ? ` Turn-up ${cardText(mine.trumpCard)} (with ${mine.dealer}).` : '';
        out(`${so}${turned} Tricks ${pair(mine.tricksWon)}.`);
        for (const l of shownLines(table, me)) out(l);
        for (const l of exposedLines(table, me)) out(l);
        if (mayCallHonours(view)) out('Your side is at eight and you hold two honours: call honours before you play, if you will (Hoyle, laws 16-21).');
        else if (partnerCalled(view))
          out(
            mayAnswerCall(view)
              ? `${partnerOf(me)} calls honours: "Can you one?" Type answer, or play a card and do not answer.`
              : `${partnerOf(me)} calls honours: "Can you one?" You hold no honour: play on.`,
          );
        const taking = rules.irregularities === 'ruled' ? revokeToTakeBack(table, me) : null;
        if (taking !== null && taking !== stood) out(`Your revoke of ${cardText(taking)} can still be taken back: take back (laws 73, 76).`);
        const bound = calledNow(view);
        const binds = callBinds(view);
        for (;;) {
          out('Your card (e.g. QH, 10h, or its number; help for the commands):');
          const line = await next();
          if (line === null) {
            out('The input ended before the rubber did.');
            game.keep?.(table);
            return 2;
          }
          const command = line.trim().toLowerCase();
          if (command === 'quit') {
            out('You stopped the game.');
            game.keep?.(table);
            return 0;
          }
          if (command === 'help' || command === '?') {
            for (const sentence of COMMANDS_HELP) out(sentence);
            if (rules.irregularities === 'ruled') {
              out(LAWS_HELP);
              out(EXPOSE_HELP);
              out(TAKE_BACK_HELP);
            }
            if (callingRules(rules)) out(CALLING_HELP);
            continue;
          }
          const lawsCommand = rules.irregularities === 'ruled' ? readLawsCommand(line) : null;
          if (lawsCommand !== null) {
            const r = lawsCommand === 'take back' ? takeBack(table, me) : lawsCommand === 'answer' ? personAnswers(table, me) : personCalls(table, me);
            if ('problem' in r) {
              out(r.problem);
              continue;
            }
            table = r.table;
            for (const l of r.lines) out(l);
            break;
          }
          if (command === 'score') {
            const won = gamesWon(currentRubber(table));
            const trumps = mine.trump === null ? 'no trumps' : `${SUIT_NAMES[mine.trump]} are trumps`;
            out(`Score ${pair(before)} (the game to ${rules.target}); games ${pair(won)}. Hand ${handNumber}: ${trumps}, tricks ${pair(mine.tricksWon)}.`);
            continue;
          }
          if (command === 'hint') {
            for (const l of hintLines(mine, level, seed, myDeal)) out(l);
            continue;
          }
          if (command === 'last') {
            const last = mine.tricks.at(-1);
            out(last === undefined ? 'No trick has been played yet in this hand.' : `Trick ${mine.tricks.length}: ${trickText(last)}.`);
            continue;
          }
          const said = readClaimCommand(line);
          if (said !== null) {
            if ('problem' in said) {
              out(said.problem);
              continue;
            }
            const left = 13 - mine.tricks.length;
            const tricks = said.tricks ?? left;
            const r = apply(table, { type: said.type, seat: me, tricks });
            if (!r.ok) {
              out(
                r.error.code === 'INVALID_ACTION' && r.error.path === 'tricks'
                  ? `You may ${said.type} from 1 to ${left} ${left === 1 ? 'trick' : 'tricks'}: ${tricksSaid(left, left)}.`
                  : r.error.message,
              );
              continue;
            }
            table = r.value;
            const claim = tableViewOrThrow(table, me).claim;
            if (claim !== null) out(`${claimText(claim, me)}.`);
            break;
          }
          const exposing = rules.irregularities === 'ruled' ? readExposeCommand(line) : null;
          if (exposing !== null) {
            if ('problem' in exposing) {
              out(exposing.problem);
              continue;
            }
            const which = readCard(exposing.text, myDeal, mine.cards);
            if ('problem' in which) {
              out(which.problem);
              continue;
            }
            const r = apply(table, { type: 'expose', seat: me, card: which.card });
            if (!r.ok) {
              out(r.error.code === 'CARD_NOT_IN_HAND' ? `You do not hold ${cardText(which.card)}.` : `${r.error.message}.`);
              continue;
            }
            out(exposeSentence({ seat: me, card: which.card, called: false }, { viewer: me, style: 'short' }));
            // The other side calls it at once; the person's turn goes on, shown again with the call.
            const called = computersCall(r.value, me);
            table = called.table;
            for (const l of called.lines) out(l);
            break;
          }
          const read = readCard(line, myDeal, mine.cards);
          if ('problem' in read) {
            out(read.problem);
            continue;
          }
          const card = read.card;
          if (bound.length > 0 && !bound.includes(card) && mine.cards.includes(card)) {
            out(`${bound.map(cardText).join(' or ')} is called: you must play it now, not ${cardText(card)} (laws 56, 65).`);
            continue;
          }
          if (rules.irregularities === 'ruled' && !binds && mine.cards.includes(card) && !mine.legalMoves.includes(card)) {
            // A revoke, under the laws: played only once the person says so, so that none is made by a slip.
            let answer: boolean | null = null;
            while (answer === null) {
              const asked = await ask(`${cardText(card)}: ${REVOKE_QUESTION}`, []);
              if ('exit' in asked) return asked.exit;
              answer = readYesNo(asked.line);
            }
            if (!answer) {
              out(`${cardText(card)} is not played.`);
              continue;
            }
          }
          const r = apply(table, { type: 'play', seat: me, card });
          if (!r.ok) {
            out(refusal(r.error, card, trick?.cards[0]));
            continue;
          }
          table = r.value;
          break;
        }
      }
      game.keep?.(table);
      const after = tableViewOrThrow(table, me);
      if (after.hand !== null && after.hand.tricks.length > tricksDone) {
        tricksDone = after.hand.tricks.length;
        const last = after.hand.tricks[tricksDone - 1];
        if (last) out(`Trick ${tricksDone}: ${trickText(last)}.`);
      }
    }
    if (tableViewOrThrow(table, me).revokes.length > 0) {
      // Under the laws: the hand's revokes, and their penalties claimed before the next deal (law 72).
      out('');
      for (const l of revokeLines(table, me)) out(l);
      const claimed = computersClaimRevokes(table, me);
      table = claimed.table;
      for (const l of claimed.lines) out(l);
      const elected = await electRevokes(table, me, next, out);
      table = elected.table;
      game.keep?.(table);
      if (elected.code !== null) {
        out(elected.code === 0 ? 'You stopped the game.' : 'The input ended before the rubber did.');
        return elected.code;
      }
    }
    const summary = handSummaries(currentRubber(table)).at(-1);
    if (summary === undefined) break;
    out('');
    const ended = tableViewOrThrow(table, me).claim;
    const early = ended !== null && (ended.status === 'accepted' || ended.status === 'held');
    out(`Hand ${handNumber}: tricks ${pair(summary.tricks)}${early ? `, the last ${ended.left} as ${ended.type === 'claim' ? 'claimed' : 'conceded'}` : ''}.`);
    for (const sentence of explainHand(rules, summary, before)) out(`  ${sentence}`);
    if (game.review) {
      const finished = currentHand(table);
      if (finished !== null) for (const l of reviewLines(finished, me, level, seed)) out(l);
    }
    before = summary.game === null ? summary.score : { NS: 0, EW: 0 };
  }
  const rubber = currentRubber(table);
  const winner = rubberWinner(rubber);
  const points = rubberPoints(rubber);
  const games = handSummaries(rubber)
    .flatMap((h) => (h.game === null ? [] : [`${h.game.winner} ${gameValueName(rules, h.game.value)}`]))
    .join(', ');
  out('');
  out(`Rubber to ${winner}${winner === null ? '' : ` (${games})`}${points === null || winner === null ? '' : `: ${points[winner]} rubber points`}.`);
  game.keep?.(table);
  return 0;
}
