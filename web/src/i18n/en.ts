/**
 * The page's own sentences in English: buttons, settings, dialogs, labels for screen readers, what the live
 * region says, the help. The game's sentences (events, penalties, the score explained, the rules table) are
 * the library's (`whist/words`). The German and French catalogues have the same keys: `PageWords`, the type
 * of this object, is what they must fill.
 *
 * @module
 */

/** "1 trick", "2 tricks". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export const EN = {
  /** The language's own name, as the switch lists it. */
  languageName: 'English',
  languageLabel: 'Language',
  // index.html: the page around the table.
  html: {
    skip: 'Skip to the table',
    rules: 'Rules',
    table: 'The table',
    noscript: 'The table needs JavaScript.',
    summary: 'Game settings, sound, records and playing with others',
    soloTitle: 'Play alone against the computer',
    rulesLabel: 'Rules',
    seed: 'Seed',
    seedHelp: 'A whole number: the same seed deals the same cards. Leave it empty for a new one.',
    bots: 'Computer players',
    botsHeuristic: 'Quick: rules of thumb',
    botsFast: 'Fast: sampling, 8 layouts',
    botsStandard: 'Standard: sampling, 32 layouts',
    botsStrong: 'Strong: sampling, 96 layouts',
    botsRandom: 'Random: any legal card',
    botsHelp:
      'Sampling players see only their own cards: they deal the cards they cannot see many ways, solve each layout, and play the card that takes the most tricks on average. They think in the background; the table never waits on them. Kept in this browser.',
    speed: 'Their speed',
    speedNormal: 'Normal',
    speedFast: 'Fast',
    speedInstant: 'Instant',
    claims: 'They claim when sure of every trick left',
    claimsHelp:
      'A computer player then claims the rest of the tricks at its turn, showing its cards, when it is sure of every one of them from what it can see; you accept or play on. You may claim or concede at any time (<kbd>C</kbd>, <kbd>X</kbd>).',
    laws: 'Irregularities',
    lawsRefused: 'Refused',
    lawsRuled: 'Ruled by the laws',
    lawsHelp:
      "Ruled by the laws (of Short Whist, 1864): you may play a card that does not follow suit, a revoke, after a confirmation. Once the hand is over the other side claims its penalty: three tricks, three points off the revokers' score, or three added to its own. You may also drop a card face up (<kbd>D</kbd>), an exposed card: the other side calls it, and you must play it as soon as you can without revoking. The computer players never revoke or expose a card; you may call one of theirs exposed in a saved game.",
    newGame: 'New game',
    share: 'Link to this game:',
    shareLink: 'this page',
    othersTitle: 'Play with three others',
    othersHelp: 'Open a table on a whist server, then send each player the link for their seat: the link holds that seat’s key.',
    server: 'Server',
    tableSeed: 'Seed (optional)',
    tableSeedHelp: 'Leave it empty: anyone who knows a table’s seed can work out its deals. A seed is for replaying a table.',
    openTable: 'Open a table',
    soundTitle: 'Sound',
    sound: 'Play sounds',
    soundHelp: 'A short tone when a card is played and another when a trick is won. Kept in this browser.',
    analysisTitle: 'Analysis',
    dd: 'Show double-dummy',
    ddHelp:
      'The tricks each card takes with perfect play by all four seats, worked out in the background: every card of a hand once it is over, and against the computer, your legal cards when you ask (a hint from every seat’s cards). At a server table, only once a hand is over.',
    recordsTitle: 'Records',
    recordsHelp:
      'A record is a PBN file holding a table’s hands: each deal, every card played, every score. Against the computer, “Download the record” under the score saves this table’s. At a server table the page holds only your seat’s view, not the table, so it has no record to offer.',
    openRecord: 'Open a record to watch it',
    recordHelp:
      'A Whist record is replayed hand by hand and card by card, with every seat’s cards shown: it is a game already played. The file is read in the page and sent nowhere.',
    keys: 'Keys: <kbd>←</kbd> <kbd>→</kbd> choose a card, <kbd>Enter</kbd> plays it, <kbd>L</kbd> shows the last trick, <kbd>Esc</kbd> closes it, <kbd>H</kbd> a hint at your turn, <kbd>C</kbd> claim tricks, <kbd>X</kbd> concede tricks; a claim to answer: <kbd>A</kbd> accept, <kbd>P</kbd> play on; by the laws, <kbd>D</kbd> drops a card face up, <kbd>T</kbd> takes back your revoke while you may, and in Long Whist <kbd>O</kbd> calls honours at eight, <kbd>A</kbd> answers your partner’s call.',
    keysReplay:
      'Watching a record: <kbd>←</kbd> <kbd>→</kbd> a card back or on, <kbd>Page Up</kbd> <kbd>Page Down</kbd> a hand back or on, <kbd>Home</kbd> <kbd>End</kbd> the start or the end of the hand.',
  },
  // The solo game's tools and the mode line.
  solo: {
    undo: 'Take back my last card',
    newGame: 'Play another game',
    autoDeal: 'Deal the next hand by itself',
    rulesOption: (name: string, _title: string, target: number): string => `${name} (game of ${target})`,
    /** The person's name at the table. */
    person: 'You',
    bots: { heuristic: 'quick', fast: 'fast', standard: 'standard', strong: 'strong', random: 'random' } as Readonly<Record<string, string>>,
    modeLine: (bots: string, rules: string, seed: number): string => `You and three computer players (${bots}) · ${rules} · seed ${seed}`,
    badSeed: 'The seed must be a whole number from 0 to 4294967295.',
    unreadable: 'The game saved in this browser could not be read, so a new game has started.',
    undone: 'Your last card is taken back: your turn.',
    atServer: 'At a server table',
    noTable: 'No table joined',
    playSolo: 'Play against the computer instead',
  },
  title: { yourTurn: 'Your turn · Whist', plain: 'Whist' },
  // The line above the felt.
  status: {
    region: 'Hand',
    gameScore: 'Game score: ',
    won: (winner: string, a: number, b: number): string => `${winner} won ${a}–${b}`,
    yourTurn: 'Your turn',
    toPlay: (seat: string): string => `${seat} to play`,
    yourAnswer: 'Your answer',
    claimWaits: 'A claim waits',
    rubberOver: 'The rubber is over',
    handOver: 'The hand is over',
    noHand: 'No hand dealt yet.',
    hand: (n: number): string => `Hand ${n}`,
    deals: (seat: string): string => ` · ${seat} deals · `,
    hint: 'Hint',
    hintHelp: 'The tricks each card you may play can expect, from what you can see.',
    lastTrick: 'Last trick',
    hideLastTrick: 'Hide last trick',
    trumpsPrefix: 'Trumps: ',
    noTrumps: 'No trumps',
  },
  // The end of a hand.
  result: {
    newRubber: 'New rubber',
    deal: 'Deal the next hand',
    close: 'Close',
    review: 'Review my play',
    rubberOver: 'The rubber is over',
    handOver: (n: number): string => `Hand ${n} is over`,
  },
  // The felt, the seats and the trick.
  table: {
    yourTurn: 'Your turn',
    toPlay: 'To play',
    yourAnswer: 'Your answer',
    toAnswer: 'To answer',
    reconnecting: 'The connection to the server dropped: reconnecting…',
    joining: 'Joining the table…',
    dealing: 'Dealing…',
    dealer: 'Dealer',
    turnUp: 'Turn-up ',
    trumpCard: 'Trump card ',
    seatYou: (seat: string): string => `${seat} (you)`,
    computer: ' · computer',
    cardsHeld: (n: number): string => plural(n, 'card'),
    noHandDealt: 'No hand dealt',
    yourLead: (n: number): string => `Trick ${n}: your lead`,
    toLead: (n: number, seat: string): string => `Trick ${n}: ${seat} to lead`,
    ledBy: (n: number, who: string): string => `Trick ${n}, led by ${who}`,
    wonBy: (n: number, who: string): string => `Trick ${n} won by ${who}`,
    you: 'you',
    lastTrick: 'Last trick',
    noTrickYet: 'No trick has been won yet in this hand.',
    close: 'Close',
  },
  // The viewer's cards.
  cards: {
    yourCards: 'Your cards',
    thinking: 'Working out what each card is worth…',
    hintShown: (basis: string): string =>
      `Hint: each card you may play is marked with the tricks your side can expect from here, from what you can see (${basis}). The best is ringed.`,
    pickExposed: 'Choose the card to drop face up (Escape cancels).',
    claimWaitsYou: 'A claim waits for your answer.',
    claimWaits: 'A claim waits for an answer.',
    rubberOver: 'The rubber is over.',
    handOver: 'The hand is over.',
    waitingFor: (seat: string): string => `Waiting for ${seat}.`,
    mustFollow: (suit: string): string => `Your turn. You must follow suit: ${suit}.`,
    lead: 'Your turn: lead any card.',
    playAny: 'Your turn: play any card.',
    calledLabel: 'exposed and called: play it as soon as you can without revoking',
    exposedLabel: 'exposed',
    ddTricks: (n: number): string => plural(n, 'trick'),
    expected: (tricks: string, best: boolean): string => `about ${tricks} tricks expected${best ? ', the best' : ''}`,
    dropIt: (label: string): string => `${label}: drop it face up`,
    revokeLabel: (label: string): string => `${label}, does not follow suit: a revoke`,
  },
  // The score beside the felt.
  score: {
    title: 'Score',
    you: ' (you)',
    caption: (rubber: number, game: number | null, rules: string, target: number): string =>
      `Rubber ${rubber}${game === null ? '' : `, game ${game}`} · ${rules}, game is ${target}`,
    tricks: 'Tricks this hand',
    gameWonBy: (n: number, side: string): string => `Game ${n} won by ${side}`,
    gameNScore: (n: number): string => `Game ${n} score`,
    game: 'Game score',
    games: 'Games won',
    gamesLabel: 'Games',
    rubberPoints: 'Rubber points',
    hands: 'Hands of this rubber',
    rubbers: 'Rubbers played',
    record: 'Record',
    download: 'Download the record',
    recordNote: 'Every finished hand of this table, with its deal, its play and its score, as a PBN file. The hand being played is left out.',
    recordLater: 'The record can be downloaded once a hand is over.',
    handLine: (n: number, gained: string, winner: string | null): string => `Hand ${n}: ${gained}${winner === null ? '' : ` · ${winner} win the game`}`,
    gameLine: (n: number, winner: string, loser: string, losers: number, value: string): string => `Game ${n}: ${winner} won, ${loser} at ${losers}: ${value}`,
    rubberWon: (winner: string, a: number, b: number): string => `${winner} won ${a}–${b}`,
    rubberPointsLine: (ns: number, ew: number): string => `, rubber points NS ${ns}, EW ${ew}`,
    // What each line of the score table means, for the Rules dialog.
    oddPoints: (n: number): string => plural(n, 'point'),
    honoursNote: ', then honours (the trump honours a side was dealt or won, as the rules above say; honours may not count near the target)',
    tricksMeaning: (odd: string): string =>
      `The tricks each side has won in the hand being played. The first six score nothing; each trick over six scores ${odd}.`,
    gameMeaning: (honours: string, target: number): string =>
      `The points of the game being played. At the end of each hand the odd tricks are scored first${honours}. The first side to ${target} wins the game; points past ${target} are lost, and the next game starts at 0–0.`,
    wonLine: 'Game N won by …',
    wonMeaning: 'Shown once a hand has won a game: that game’s final score, the winners at the target and the losers where they stood.',
    gamesMeaning: (games: number): string =>
      `The games each side has won in this rubber. The first side to win ${games} ${games === 1 ? 'game' : 'games'} wins the rubber.`,
    rubberMeaning: (bonus: number, slam: boolean): string =>
      `What the rubber is worth once it is won: the value of each game the winners won, and ${bonus} for the rubber, less the value of any game the losers won.${slam ? ' A slam adds its bonus.' : ''}`,
    handsMeaning: 'Every hand scored so far: open one to see why it scored what it did.',
  },
  // Claims and concessions.
  claims: {
    claim: 'Claim',
    concede: 'Concede',
    claimTitle: 'Claim tricks',
    concedeTitle: 'Concede tricks',
    all: (n: number): string => `${n}: all the tricks left`,
    claimHelp: (left: number): string =>
      `Your side takes this many of the ${plural(left, 'trick')} left, however the others play. Your cards are then shown to everyone, and the other side accepts or plays on.`,
    concedeHelp: (left: number): string =>
      `The other side takes this many of the ${plural(left, 'trick')} left. Conceding them all ends the hand; conceding fewer claims the rest for your side.`,
    claimCount: 'Tricks your side takes ',
    concedeCount: 'Tricks you give ',
    cancel: 'Cancel',
    faceUp: (seat: string, all: boolean, more: number): string =>
      `${seat}'s cards are face up. Accept if your side cannot take ${all ? 'any of them' : `more than ${plural(more, 'trick')} of them`}; play on to have the hand played out.`,
    gives: (seat: string, tricks: number): string =>
      `${seat} gives your side ${plural(tricks, 'trick')} and claims the rest. Accept, or play on to have the hand played out.`,
    accepted: (seat: string): string => ` ${seat} has accepted.`,
    cardsOf: (seat: string): string => `${seat}'s cards`,
    accept: 'Accept',
    playOn: 'Play on',
    waiting: (seats: string): string => `Waiting for ${seats} to accept or play on`,
    checking: ': they are checking it against every way the cards you cannot see could lie…',
    checkPlaysOn: 'The table’s check: play on',
    playsOn: (who: string, you: boolean): string => `${who} ${you ? 'play' : 'plays'} on`,
    refused: (claim: string, layout: string, line: string): string => `${claim}: refused. ${layout} on the line below; ${line}.`,
    whereCards: 'Where the cards might lie',
    beatingLine: 'The line that beats the claim',
    faceUpTag: 'Face up',
    trickNumber: (n: number): string => `Trick ${n}: `,
    trickWinner: (who: string, you: boolean): string => `; ${who} ${you ? 'win' : 'wins'}.`,
  },
  // The live region.
  said: {
    noTrumps: 'No trumps this hand.',
    trumps: (suit: string): string => `${suit[0]?.toUpperCase()}${suit.slice(1)} are trumps`,
    trumpIs: (turnUp: boolean, card: string): string => `; the ${turnUp ? 'turn-up' : 'trump card'} is the ${card}.`,
    handOverClaim: (claim: string): string => `${claim}: the hand is over.`,
    showsCards: (you: boolean): string => `, and shows ${you ? 'your' : 'their'} cards`,
    handOver: 'The hand is over.',
    claimAccepted: 'The claim is accepted: the hand is over.',
    claimHolds: "The table's check finds that the claim holds: the hand is over.",
    claimRefused: 'The claim is refused: the hand is played on.',
    claimFails: "The table's check finds that the claim does not hold: the hand is played on.",
    rubberBegins: (n: number): string => `Rubber ${n} begins.`,
    handNumberOver: (n: number): string => `Hand ${n} is over.`,
    handDealt: (n: number, dealer: string, trumps: string): string => `Hand ${n}: ${dealer} deals. ${trumps}`,
    plays: (who: string, you: boolean, card: string): string => `${who} ${you ? 'play' : 'plays'} the ${card}.`,
    wins: (who: string, you: boolean): string => `${who} ${you ? 'win' : 'wins'} the trick.`,
    yourTurn: 'Your turn.',
    answer: 'Accept the claim, or play on.',
  },
  // The Rules dialog.
  rules: {
    close: 'Close',
    play: 'How a hand is played',
    settings: (title: string): string => `This table’s settings (${title})`,
    score: 'The score, line by line',
    heading: (title: string): string => `The rules: ${title}`,
    turnUp: 'The cards are dealt one at a time; the dealer’s last card is turned up, and its suit is trumps. It stays on view until the dealer plays it.',
    secondPack: 'The cards are dealt one at a time; the top card of a second pack is turned up, and its suit is trumps.',
    rotation: 'The cards are dealt one at a time; the suits take turns as trumps from one hand to the next, as the table below says.',
    sides: 'Four players, two sides: North and South play against East and West, partners sitting opposite.',
    lead: 'The player on the dealer’s left leads to the first trick; whoever wins a trick leads to the next.',
    follow:
      'Follow suit if you can. If you cannot, play a trump or any other card: the page offers only the cards you may play, and says why the others are not allowed.',
    wins: 'The highest trump wins the trick; without a trump, the highest card of the suit led. Aces are high.',
    scored: 'After thirteen tricks the hand is scored, and the deal passes to the left.',
  },
  // A refusal, by the library's code: the library's own message is English, for developers.
  refusal: (code: string, message: string): string => `${message} (${code})`,
};

/** The page's sentences: every language has each of English's keys, a string where English has one, a function where it has one. */
export type PageWords = Widen<typeof EN>;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;
