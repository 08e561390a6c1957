/**
 * `whist play`: a person plays one seat against three computer players, a whole rubber, in the terminal.
 *
 * The program holds the table and renders only what the person's seat may see (`tableView`); the computer
 * players act from their own seats' views. Cards are printed as the page prints them (`Q♥`, `10♦`, suits in
 * the order ♠ ♥ ♣ ♦). A card is entered as `QH`, `qh`, `10h`, `♥Q`, or its number, which it keeps for the
 * whole hand; anything else is refused with the reason, and the person is asked again. `score`, `last`,
 * `hint`, `help` and `quit` are commands.
 *
 * The game is said in English, German or French (`HumanGame.language`): the game's sentences from the
 * library's catalogues (`whist/words`), the command line's own from `./words/`; seats named and cards printed
 * in the language (`D♥` for the German Dame), and a card may be typed with the language's letters (`DH`).
 * The commands are typed as in English in every language.
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
import type { Language } from '../words/index.js';
import { claimText, computerClaims, computersAnswer, handText, readAnswer, readClaimCommand, shownLines } from './claims.js';
import { callBinds, calledNow, computersCall, exposedLines, playableNow, readExposeCommand } from './exposed.js';
import {
  callingRules,
  computersCallHonours,
  mayAnswerCall,
  mayCallHonours,
  partnerCalled,
  personAnswers,
  personCalls,
  readLawsCommand,
  revokeToTakeBack,
  takeBack,
} from './laws.js';
import { computersClaimRevokes, electRevokes, readYesNo, revokeLines } from './revokes.js';
import { cardText, DISPLAY_SUITS, displayOrder, pair, trickText, whoPlayedText } from './text.js';
import { EN_CLI, ENGLISH, readCardIn, seatIn, speakerIn, type Tongue, tongue } from './words/index.js';

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
  /** The language the game is played in: `en` (the default), `de` or `fr` (`whist play --language`). */
  readonly language?: Language;
}

/** The computer players' levels of `whist play --level`: the library's `ComputerLevel` (`quick` is read as `heuristic`). */
export type { ComputerLevel } from '../index.js';
export { COMPUTER_LEVELS } from '../index.js';

/** A number seed for the sampling player, from the table's seed. */
export function numberSeed(seed: string | number): number {
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
export function hintLines(view: PlayerView, level: ComputerLevel, seed: number, dealt: readonly Card[], t: Tongue = ENGLISH): string[] {
  const hint = hintValues(view, level, seed);
  const values = hint.cards;
  const side = view.viewer === 'N' || view.viewer === 'S' ? 'NS' : 'EW';
  const sorted = [...values].sort((a, b) => b.tricks - a.tricks);
  const best = sorted[0]?.tricks ?? 0;
  const d = (n: number) => t.cli.decimal(n, 2);
  return [
    t.cli.hintHeading(side, t.game.hintBasis(hint.layouts, hint.playedOut)),
    ...sorted.map(
      (v) =>
        `  ${`${dealt.indexOf(v.card) + 1}:${cardText(v.card, t)}`.padEnd(6)} ${d(v.tricks)}${v.tricks >= best - 1e-9 ? t.cli.hintBest : t.cli.hintLess(d(best - v.tricks))}`,
    ),
  ];
}

/**
 * The review of a finished hand: each card the person at `seat` played, what it cost in expected tricks from
 * what they could see at that turn (`hintValues` on their own view), beside what it cost double dummy (every
 * hand seen, as all are once the hand is over); the costliest first.
 */
export function reviewLines(hand: HandState, seat: Seat, level: ComputerLevel, seed: number, t: Tongue = ENGLISH): string[] {
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
  const d = (n: number) => t.cli.decimal(n, 1);
  return [
    t.cli.reviewHeading(costly),
    ...rows.map((r) => {
      const seen = r.cost >= 0.05 ? t.cli.reviewCost(d(r.cost), cardText(r.best, t), d(r.bestTricks), d(r.mine)) : t.cli.reviewBestSeen;
      const dd = r.dd > 0 ? t.cli.reviewDoubleDummy(r.dd, cardText(r.ddBest, t)) : t.cli.reviewDoubleDummyNone;
      return t.cli.reviewRow(r.trick, cardText(r.card, t), seen, dd);
    }),
  ];
}

/** What the person may type besides a card (in English; the catalogues' `help`). */
export const COMMANDS_HELP = EN_CLI.help;

/** What `help` adds under `--laws` (in English; the catalogues' `lawsHelp`). */
export const LAWS_HELP = EN_CLI.lawsHelp;

/**
 * The person's cards in the page's order (♠ ♥ ♣ ♦), numbered by their place in the hand as dealt, so a card
 * keeps its number until it is played; a card that may not be played now has no number:
 * `1:A♠  3:7♠ | Q♥  10♥ | …`.
 */
export function numbered(held: readonly Card[], dealt: readonly Card[], legal: readonly Card[], t: Tongue): string {
  const groups: string[] = [];
  for (const suit of DISPLAY_SUITS) {
    const cards = displayOrder(held).filter((c) => c[1] === suit);
    if (cards.length === 0) continue;
    groups.push(cards.map((c) => (legal.includes(c) ? `${dealt.indexOf(c) + 1}:${cardText(c, t)}` : cardText(c, t))).join('  '));
  }
  return groups.join(' | ');
}

/** Why a card was refused, for the person. */
function refusal(error: WhistErrorInfo, card: Card, led: Card | undefined, t: Tongue): string {
  switch (error.code) {
    case 'CARD_NOT_IN_HAND':
      return t.cli.notHeld(cardText(card, t));
    case 'CARD_CALLED':
      return t.cli.refused(error, true);
    case 'MUST_FOLLOW_SUIT':
      return t.cli.mustFollow(led ? t.game.names.suits[led[1] as keyof typeof t.game.names.suits] : null);
    default:
      return t.cli.refused(error, false);
  }
}

/** What the person types, as a card: its text or its number in the hand as dealt; a sentence when it names none. */
export function readCard(text: string, dealt: readonly Card[], held: readonly Card[], w: Tongue): { card: Card } | { problem: string } {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const card = dealt[Number(t) - 1];
    if (card === undefined) return { problem: w.cli.noNumber(t, dealt.length) };
    if (!held.includes(card)) return { problem: w.cli.playedAlready(cardText(card, w), t) };
    return { card };
  }
  const card = readCardIn(w, t);
  return card !== null ? { card } : { problem: w.cli.notACard(t) };
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
  const t = tongue(game.language ?? 'en');
  const w = t.cli;
  const cardSaid = (c: Card) => cardText(c, t);
  const seatSaid = (s: Seat) => seatIn(t, s);
  const speaking = speakerIn(t, me);
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
        out(w.inputEnded);
        game.keep?.(table);
        return { exit: 2 };
      }
      const command = line.trim().toLowerCase();
      if (command === 'quit') {
        out(w.stopped);
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
  out(w.welcome(rules, game.seed, seatSaid(me), seatSaid(partnerOf(me))));
  out(w.typeHelp);
  let before: BySide = { NS: 0, EW: 0 };
  let handNumber = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    game.keep?.(table);
    handNumber++;
    const dealt = currentHand(table) as HandState;
    const myDeal = displayOrder(tableViewOrThrow(table, me).hand?.cards ?? []);
    out('');
    out(w.handStart(handNumber, seatSaid(dealt.dealer), dealt.trumpCard ? cardSaid(dealt.trumpCard) : null, w.trumps(dealt.trump), pair(before)));
    // In Long Whist by the laws the computer players call their honours at eight as the hand is dealt.
    const calls = computersCallHonours(table, me, t);
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
        const answered = computersAnswer(table, me, t);
        table = answered.table;
        for (const l of answered.lines) out(l);
        if (answered.personToAnswer) {
          const claim = tableViewOrThrow(table, me).claim;
          const shown = claim === null ? undefined : tableViewOrThrow(table, me).shown[claim.seat];
          out('');
          if (claim !== null) out(`${claimText(claim, me, t)}.${shown === undefined ? '' : ` ${w.faceUp(seatSaid(claim.seat), handText(shown, t))}`}`);
          for (;;) {
            const asked = await ask(w.answerPrompt, w.help);
            if ('exit' in asked) return asked.exit;
            const line = asked.line;
            const accept = readAnswer(line);
            if (accept === null) {
              out(w.notAnAnswer(line.trim()));
              continue;
            }
            table = applyOrThrow(table, { type: accept ? 'acceptClaim' : 'refuseClaim', seat: me });
            out(accept ? w.youAccept : w.youPlayOn);
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
          out(w.revokeTakeBack(cardSaid(revoke)));
          let decided = false;
          while (!decided) {
            const asked = await ask(w.takeBackPrompt, [w.takeBackHelp]);
            if ('exit' in asked) return asked.exit;
            const line = asked.line;
            const command = line.trim().toLowerCase();
            if (readLawsCommand(line) === 'take back') {
              const r = takeBack(table, me, t);
              if ('problem' in r) out(r.problem);
              else {
                table = r.table;
                for (const l of r.lines) out(l);
              }
              decided = true;
            } else if (readAnswer(line) === false || command === 'no' || command === 'let it stand') {
              stood = revoke;
              out(w.revokeStands(cardSaid(revoke)));
              decided = true;
            } else out(w.notATakeBackAnswer(line.trim()));
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
          if (claim !== null) out(w.claimShowing(claimText(claim, me, t), handText(tableViewOrThrow(table, me).shown[seat] ?? [], t)));
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
        const so = trick === null || trick.cards.length === 0 ? w.youLead : w.trickSoFar(whoPlayedText(trick.leader, trick.cards, t));
        out('');
        const playable = playableNow(view);
        out(w.yourCards(numbered(mine.cards, myDeal, playable, t)));
        out(w.turnLine(so, mine.trumpCard ? { card: cardSaid(mine.trumpCard), dealer: seatSaid(mine.dealer) } : null, pair(mine.tricksWon)));
        for (const l of shownLines(table, me, t)) out(l);
        for (const l of exposedLines(table, me, t)) out(l);
        if (mayCallHonours(view)) out(w.mayCallHonours);
        else if (partnerCalled(view)) out(w.partnerCalls(seatSaid(partnerOf(me)), mayAnswerCall(view)));
        const taking = rules.irregularities === 'ruled' ? revokeToTakeBack(table, me) : null;
        if (taking !== null && taking !== stood) out(w.revokeStillTakeBack(cardSaid(taking)));
        const bound = calledNow(view);
        const binds = callBinds(view);
        for (;;) {
          out(w.cardPrompt);
          const line = await next();
          if (line === null) {
            out(w.inputEnded);
            game.keep?.(table);
            return 2;
          }
          const command = line.trim().toLowerCase();
          if (command === 'quit') {
            out(w.stopped);
            game.keep?.(table);
            return 0;
          }
          if (command === 'help' || command === '?') {
            for (const sentence of w.help) out(sentence);
            if (rules.irregularities === 'ruled') {
              out(w.lawsHelp);
              out(w.exposeHelp);
              out(w.takeBackHelp);
            }
            if (callingRules(rules)) out(w.callingHelp);
            continue;
          }
          const lawsCommand = rules.irregularities === 'ruled' ? readLawsCommand(line) : null;
          if (lawsCommand !== null) {
            const r = lawsCommand === 'take back' ? takeBack(table, me, t) : lawsCommand === 'answer' ? personAnswers(table, me, t) : personCalls(table, me, t);
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
            out(w.scoreLine(pair(before), rules.target, pair(won), handNumber, w.trumps(mine.trump), pair(mine.tricksWon)));
            continue;
          }
          if (command === 'hint') {
            for (const l of hintLines(mine, level, seed, myDeal, t)) out(l);
            continue;
          }
          if (command === 'last') {
            const last = mine.tricks.at(-1);
            out(last === undefined ? w.noTrickYet : w.trickLine(mine.tricks.length, trickText(last, t)));
            continue;
          }
          const typed = readClaimCommand(line, t);
          if (typed !== null) {
            if ('problem' in typed) {
              out(typed.problem);
              continue;
            }
            const left = 13 - mine.tricks.length;
            const tricks = typed.tricks ?? left;
            const r = apply(table, { type: typed.type, seat: me, tricks });
            if (!r.ok) {
              out(
                r.error.code === 'INVALID_ACTION' && r.error.path === 'tricks'
                  ? w.claimRange(typed.type, left, t.game.tricksSaid(left, left))
                  : w.refused(r.error, false),
              );
              continue;
            }
            table = r.value;
            const claim = tableViewOrThrow(table, me).claim;
            if (claim !== null) out(`${claimText(claim, me, t)}.`);
            break;
          }
          const exposing = rules.irregularities === 'ruled' ? readExposeCommand(line, t) : null;
          if (exposing !== null) {
            if ('problem' in exposing) {
              out(exposing.problem);
              continue;
            }
            const which = readCard(exposing.text, myDeal, mine.cards, t);
            if ('problem' in which) {
              out(which.problem);
              continue;
            }
            const r = apply(table, { type: 'expose', seat: me, card: which.card });
            if (!r.ok) {
              out(r.error.code === 'CARD_NOT_IN_HAND' ? w.notHeld(cardSaid(which.card)) : w.refused(r.error, true));
              continue;
            }
            out(t.game.exposeDropped({ seat: me, card: which.card, called: false }, speaking));
            // The other side calls it at once; the person's turn goes on, shown again with the call.
            const called = computersCall(r.value, me, t);
            table = called.table;
            for (const l of called.lines) out(l);
            break;
          }
          const read = readCard(line, myDeal, mine.cards, t);
          if ('problem' in read) {
            out(read.problem);
            continue;
          }
          const card = read.card;
          if (bound.length > 0 && !bound.includes(card) && mine.cards.includes(card)) {
            out(w.mustPlayCalled(w.either(bound.map(cardSaid)), cardSaid(card)));
            continue;
          }
          if (rules.irregularities === 'ruled' && !binds && mine.cards.includes(card) && !mine.legalMoves.includes(card)) {
            // A revoke, under the laws: played only once the person says so, so that none is made by a slip.
            let answer: boolean | null = null;
            while (answer === null) {
              const asked = await ask(`${cardSaid(card)}: ${w.revokeQuestion}`, []);
              if ('exit' in asked) return asked.exit;
              answer = readYesNo(asked.line);
            }
            if (!answer) {
              out(w.notPlayed(cardSaid(card)));
              continue;
            }
          }
          const r = apply(table, { type: 'play', seat: me, card });
          if (!r.ok) {
            out(refusal(r.error, card, trick?.cards[0], t));
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
        if (last) out(w.trickLine(tricksDone, trickText(last, t)));
      }
    }
    if (tableViewOrThrow(table, me).revokes.length > 0) {
      // Under the laws: the hand's revokes, and their penalties claimed before the next deal (law 72).
      out('');
      for (const l of revokeLines(table, me, t)) out(l);
      const claimed = computersClaimRevokes(table, me, t);
      table = claimed.table;
      for (const l of claimed.lines) out(l);
      const elected = await electRevokes(table, me, next, out, t);
      table = elected.table;
      game.keep?.(table);
      if (elected.code !== null) {
        out(elected.code === 0 ? w.stopped : w.inputEnded);
        return elected.code;
      }
    }
    const summary = handSummaries(currentRubber(table)).at(-1);
    if (summary === undefined) break;
    out('');
    const ended = tableViewOrThrow(table, me).claim;
    const early = ended !== null && (ended.status === 'accepted' || ended.status === 'held');
    out(w.handEnd(handNumber, pair(summary.tricks), early ? { left: ended.left, type: ended.type } : null));
    for (const sentence of t.game.explainHand(rules, summary, before)) out(`  ${sentence}`);
    if (game.review) {
      const finished = currentHand(table);
      if (finished !== null) for (const l of reviewLines(finished, me, level, seed, t)) out(l);
    }
    before = summary.game === null ? summary.score : { NS: 0, EW: 0 };
  }
  const rubber = currentRubber(table);
  const winner = rubberWinner(rubber);
  const points = rubberPoints(rubber);
  const games = handSummaries(rubber)
    .flatMap((h) => (h.game === null ? [] : [`${h.game.winner} ${t.game.gameValueName(rules, h.game.value)}`]))
    .join(', ');
  out('');
  out(w.rubberEnd(winner, games, points === null || winner === null ? null : points[winner]));
  game.keep?.(table);
  return 0;
}
