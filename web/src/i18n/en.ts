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
    rulesOption: (_name: string, title: string, target: number): string => `${title} (game of ${target})`,
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
    /** A seat in the last trick's list when it led the trick: "West led". */
    led: (who: string): string => `${who} led`,
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
  // The laws' panels: a revoke confirmed or taken back, exposed cards, honours called, the hand's rulings.
  laws: {
    /** A law as the library cites it ("Laws of Short Whist (1864), law 76"), with the word "law" in the language. */
    law: (law: string): string => law,
    callingLaw: "Hoyle's laws of Long Whist, laws 16-21",
    correctionLaw: 'Laws of Short Whist (1864), laws 73, 76',
    ledSuitCall: (card: string, which: string, suit: string): string => `Called: play the ${card}, your ${which} ${suit.replace(/s$/, '')} (law 76).`,
    calledPlay: (cards: readonly string[]): string => `Called: play the ${cards.join(' or the ')} (law 65).`,
    dropFaceUp: 'Drop face up',
    exposeHelp:
      'Drop one of your cards face up: an exposed card, which the other side may call; you must then play it as soon as you can without revoking (laws 56, 64-65).',
    exposedCards: (seat: string | null): string => `${seat === null ? 'Your' : `${seat}’s`} exposed cards`,
    calledTag: 'Called',
    exposedTag: 'Exposed',
    callIt: 'Call it',
    callItLabel: (seat: string | null, card: string): string => `Call it: ${seat === null ? 'your' : `${seat}’s`} exposed ${card}`,
    dropTitle: (card: string): string => `Drop the ${card} face up?`,
    theCard: (card: string): string => `The ${card}. `,
    dropText: 'Dropped face up, it is an exposed card: the other side may call it, and you must then play it as soon as you can without revoking.',
    dropIt: 'Drop it face up',
    cancel: 'Cancel',
    claimed: (penalty: string): string => `Claimed: ${penalty}.`,
    notClaimed: 'Not claimed: the other side may claim it until the next deal.',
    elect: 'Your side elects the penalty (law 72), or deals on to let it pass:',
    playTitle: (card: string): string => `Play the ${card}?`,
    revokeText: 'This card does not follow suit: a revoke. Play it anyway?',
    playAnyway: 'Play it anyway',
    revokeStands: (card: string): string => `Your revoke of the ${card} stands.`,
    takeBackTitle: (card: string): string => `Take back your revoke of the ${card}?`,
    yourRevoke: (card: string): string => `Your revoke, the ${card}. `,
    takeBackText: (law: string): string =>
      `You may take it back until a card of the next trick is played (${law}); the other side then requires your lowest card of the suit led.`,
    takeBack: 'Take back',
    letStand: 'Let it stand',
    callTitle: 'Call your honours?',
    callHeld: (n: number): string => `Your side is at eight and you hold ${plural(n, 'honour')}. `,
    callText: (law: string): string =>
      `Call them before you play: “Can you one?” With three between you and your partner the game is won, the hand unplayed (${law}).`,
    callHonours: 'Call honours',
    partnerCalls: (seat: string): string => `${seat} calls honours`,
    partnerCallsText: (seat: string): string => `${seat} calls honours: “Can you one?” `,
    canAnswer: (law: string): string => `You hold an honour: answer, and your side wins the game (${law}); or play a card and do not answer.`,
    cannotAnswer: (law: string): string => `You hold no honour: play on without answering (${law}).`,
    answer: 'Answer',
    rulingsNone: 'Rulings and calls this hand: none',
    rulings: (n: number): string => `Rulings and calls this hand (${n})`,
    nothingIrregular: 'Nothing irregular has happened in this hand.',
  },
  // The review of the person's play, and the hint.
  review: {
    title: (key: string): string => `Your play in hand ${key}, reviewed`,
    intro:
      'For each card you played: the tricks your side could expect from there, from what you could see, against the best card there; and double dummy, with every hand seen, which you could not. The costliest first.',
    costly: (n: number): string =>
      n === 0
        ? 'No card you played cost expected tricks.'
        : n === 1
          ? 'One card you played cost expected tricks.'
          : `${n} cards you played cost expected tricks.`,
    /** A number of tricks with one decimal. */
    tricks: (n: number): string => n.toFixed(1),
    cost: (cost: string): string => `cost ${cost} expected tricks (`,
    against: (best: string, played: string): string => ` ${best} against ${played})`,
    best: (expected: string): string => `the best from what you could see (${expected})`,
    ddCost: (cost: number): string => `double dummy: cost ${cost} (`,
    ddNoCost: 'double dummy: no cost',
    spoken: (trick: number, card: string, cost: string | null, best: string, ddCost: number, ddBest: string): string =>
      `Trick ${trick}, ${card}: ${cost !== null ? `cost ${cost} expected tricks; ${best} was best` : 'the best from what you could see'}; double dummy, ${
        ddCost > 0 ? `cost ${ddCost}, ${ddBest} was best` : 'no cost'
      }.`,
    working: 'Reviewing your cards…',
    progress: (done: number, total: number): string => `Reviewing your cards… ${done} of ${total}`,
    failed: (why: string): string => `The review could not be worked out: ${why}.`,
    done: (key: string): string => `Your play in hand ${key} is reviewed, the costliest cards first.`,
    hintFailed: (why: string): string => `The hint could not be worked out: ${why}.`,
    hintShown: 'Each card you may play is marked with the tricks your side can expect, from what you can see.',
    /** Why a Worker stopped, when the browser does not say. */
    noScript: 'its script could not run',
  },
  // The double-dummy panel.
  dd: {
    title: 'Double-dummy',
    atServer: 'At a server table the page holds only your cards: a hand is solved once it is over and all its cards are known.',
    ask: 'Show the tricks of each card',
    askNote:
      'A hint that uses every seat’s cards, which you cannot see: each legal card is marked with the tricks your side takes from here if all four seats then play perfectly.',
    shown: 'Each legal card is marked with the tricks your side takes from here, from every seat’s cards, with perfect play by all.',
    onYourTurn: 'On your turn, ask for the tricks each of your cards takes.',
    hand: (key: string): string => `Hand ${key}, card by card`,
    handNote:
      'After each card: the tricks its side takes from there to the end of the hand with perfect play by all; in brackets, what the best card would have taken, when that was more.',
    lost: (n: number): string =>
      n === 0
        ? 'No card your side chose cost it a trick.'
        : n === 1
          ? 'One card your side chose cost it tricks.'
          : `${n} cards your side chose cost it tricks.`,
    trick: (n: number): string => `Trick ${n}: `,
    card: (who: string, card: string, tricks: number, best: number | null): string =>
      `${who}, ${card}, ${plural(tricks, 'trick')}${best === null ? '' : `; the best card took ${best}`}`,
    stopped: (why: string | null): string => `The solver stopped: ${why ?? 'its script could not run'}.`,
    solving: 'Solving…',
    solvingCards: (done: number, total: number): string => `Solving… ${done} of ${total} cards`,
    movesShown: 'Each of your legal cards is marked with its tricks.',
    handSolved: (key: string): string => `Hand ${key} is solved, card by card.`,
    failed: (why: string): string => `The solver failed: ${why}`,
  },
  // A record: saved, opened, watched.
  replay: {
    asDealt: 'As dealt',
    caption: (rubber: number, game: number, rules: string, target: number): string => `Rubber ${rubber}, game ${game} · ${rules}, game is ${target}`,
    tricks: 'Tricks this hand',
    gameAfter: 'Game score after the hand',
    gameBefore: 'Game score before the hand',
    gamesAfter: 'Games won after the hand',
    gamesBefore: 'Games won before the hand',
    over: (board: number): string => `Hand ${board} is over`,
    hands: 'Hands in this record',
    handItem: (board: number, rubber: number, gained: string): string => `Hand ${board}, rubber ${rubber}: ${gained}`,
    inProgress: 'in progress',
    title: (name: string): string => `Replay of ${name}`,
    intro:
      'A record of a game already played. Every seat’s cards are shown, as nothing is hidden from someone watching a record: this is not a game in progress.',
    backToGame: 'Back to your game',
    backToTable: 'Back to the table',
    position: 'Position in the record',
    handOf: (board: number, count: number): string => `Hand ${board} of ${count}`,
    where: (rubber: number, game: number, dealer: string): string => ` · rubber ${rubber}, game ${game} · ${dealer} deals · `,
    start: (total: number): string => `As dealt, ${total} cards to play`,
    card: (step: number, total: number): string => `Card ${step} of ${total}`,
    steps: 'Step through the record',
    previousHand: 'Previous hand',
    previousCard: 'Previous card',
    nextCard: 'Next card',
    nextHand: 'Next hand',
    dealt: (board: number, count: number, rubber: number, game: number, dealer: string, trumps: string, leader: string): string =>
      `Hand ${board} of ${count}, rubber ${rubber}, game ${game}: ${dealer} deals. ${trumps} ${leader} leads.`,
    played: (step: number, total: number, seat: string, card: string): string => `Card ${step} of ${total}: ${seat} plays the ${card}.`,
    wins: (who: string, you: boolean): string => `${who} ${you ? 'win' : 'wins'} the trick.`,
    handOver: (board: number): string => `Hand ${board} is over.`,
    notWhist: (name: string): string =>
      `${name} is not a Whist record: its first game has no [Game "Whist"] tag. The page watches Whist records only; a bridge PBN file can be replayed as Whist hands with npx whist replay.`,
    cannotOpen: (name: string, why: string): string => `${name} cannot be opened: ${why}`,
    empty: (name: string): string => `${name} is a Whist record with no hand in it yet: there is nothing to watch.`,
    writeFailed: (why: string): string => `The record could not be written: ${why}`,
    saved: (name: string): string => `The record is saved as ${name}.`,
    watching: (name: string): string => `Watching a record: ${name}`,
    backSaid: (solo: boolean): string => (solo ? 'Back to your game.' : 'Back to the table.'),
    tooLarge: (name: string, mb: string, max: number): string => `${name} is ${mb} MB: a record is at most ${max} MB.`,
    reading: (name: string): string => `Reading ${name}…`,
    opened: (name: string, n: number): string => `${name} is open: ${n} ${n === 1 ? 'hand' : 'hands'}, shown in place of the table.`,
    unreadable: (name: string, why: string): string => `${name} could not be read: ${why}`,
  },
  // A table on a server: the form that opens one, who sits there, what went wrong.
  server: {
    rulesOption: (title: string, target: number): string => `${title} (game of ${target})`,
    players: 'Players: with names, they cut for partners; without, player 1 sits North, then East, South, West',
    player: (i: number): string => `Player ${i}`,
    computer: 'Computer',
    computerName: (i: number): string => `Computer ${i}`,
    rules: 'Rules ',
    standIn: 'A computer player stands in for someone away for ',
    seconds: ' seconds',
    laws: 'Irregularities ruled by the laws (revokes, exposed cards, leads out of turn)',
    clock: 'Turn clock ',
    clockOff: 'none',
    clockOption: (card: number): string => `${card} s a card, ${2 * card} s a decision`,
    back: 'Back to the game',
    tryAgain: 'Try again',
    badServer: 'Give the server as a URL, for example http://127.0.0.1:8080.',
    badSeed: 'The seed must be a whole number from 0 to 4294967295, or nothing.',
    badStandIn: 'The stand-in delay must be a whole number of seconds, up to 86400.',
    sameNames: 'The four players need four different names.',
    noPerson: 'At least one of the four players must be a person.',
    opening: 'Opening a table…',
    opened: (id: string): string => `Table ${id} is open. Each link is one seat: send each player theirs.`,
    byComputer: (seat: string, player: string): string => `${seat}: ${player}, played by the computer`,
    sit: (seat: string, player: string): string => `Sit ${seat} (${player})`,
    watch: 'Watch the table (cannot play)',
    status: { connected: 'here', away: 'away', computer: 'computer', empty: 'not here yet' } as Readonly<Record<string, string>>,
    standingIn: 'away: a computer player stands in',
    timedOut: 'computer (time ran out)',
    /** The same two in the seat's small box, which the whole sentence names in its title: short enough for a phone. */
    standingInShort: 'away · computer',
    timedOutShort: 'timed out',
    takeBack: 'I’m back',
    seat: (seat: string, you: boolean, player: string, status: string): string => `${seat}${you ? ' (you)' : ''}: ${player}, ${status}`,
    give: (seat: string): string => `Give ${seat} to a computer player`,
    computerPlays: 'Computer plays',
    seatTaken: 'Someone has taken that seat already.',
    seatAway: 'That player left a moment ago: a computer player stands in for them shortly.',
    changed: 'The table changed meanwhile: look again, then play.',
    watching: 'Watching a server table',
    seated: (seat: string): string => `At a server table, seat ${seat}`,
    noAnswerLink: (server: string): string =>
      `The whist server at ${server} does not answer: it may have stopped, or the link may name the wrong address. Ask whoever sent the link.`,
    badLink: 'This seat link does not open a seat at that table: it may have been cut short when it was copied. Ask for your link again.',
    noTable: 'There is no such table on that server any more: it may have been restarted. Ask for a new link.',
    busyLink: 'The server is busy: wait a moment, then open the link again.',
    cannotShow: (server: string): string => `The server at ${server} could not show this table just now: try the link again later.`,
    noAnswerOpen: (server: string): string => `The whist server at ${server} does not answer: check its address, or try again once it is running.`,
    busyOpen: 'The server is busy: wait a moment, then open the table again.',
    noSeed: 'This server deals its own cards: leave the seed empty, then open the table again.',
    notWhist: (server: string): string => `${server} does not answer as a whist server does: check the address of the server.`,
    badSettings: 'The server would not open a table with these settings: check the names and the rules, then try again.',
    cannotOpen: (server: string): string => `The server at ${server} could not open a table just now: try again later.`,
    noServerInLink: 'This seat link does not name a whist server: it may have been cut short when it was copied. Ask for your link again.',
  },
  // The lobby.
  lobby: {
    title: 'Lobby',
    intro: 'Play with people: join a table that is gathering, or let "Play now" seat you at one.',
    toLobby: 'Play with people: the lobby',
    nameLabel: 'Your name',
    nameHelp: 'Shown to the others at the table. Kept in this browser.',
    playNowTitle: 'Play now',
    waitLegend: 'Wait for people, then computer players take the empty seats',
    waitChoice: (seconds: number): string => (seconds === 0 ? 'No wait' : `${seconds} s`),
    rulesLabel: 'Rules',
    playNow: 'Play now',
    openPublic: 'Open a public table',
    privateTitle: 'Private table',
    privateText: 'Open a table by link, and send each player the link to their seat.',
    privateButton: 'Private table',
    tablesTitle: 'Open tables',
    noTables: 'No table is gathering now. "Play now" opens one.',
    free: 'free seat',
    join: 'Join',
    joinLabel: (who: string, rules: string): string => `Join the table of ${who} (${rules})`,
    nobody: 'no one yet',
    opensIn: (seconds: number): string => (seconds <= 0 ? 'opens now' : `opens in ${seconds} s`),
    waitingTitle: 'Your table is gathering',
    waitingText: (seconds: number): string =>
      seconds <= 0 ? 'The table opens now.' : `It opens when four people sit, or in ${seconds} s with computer players in the empty seats.`,
    you: 'you',
    leave: 'Leave the table',
    seatLink: 'Your seat link (it is the key to your seat):',
    nameNeeded: 'Choose your name first.',
    badName: "A name has 1 to 24 letters, digits, spaces and ' . - _, and starts with a letter or digit.",
    noSeat: 'That table has no free seat any more.',
    busy: 'Too many requests: wait a moment and try again.',
    noServer: (base: string): string => `No answer from the server at ${base}.`,
    failed: 'The server refused: try again.',
    left: 'You left the table.',
  },
  daily: {
    title: "Today's boards",
    intro: (boards: number): string =>
      `Every day the same ${boards === 1 ? 'board' : `${boards} boards`} for everyone: you play South, three computer players the other seats. Each board is scored against everyone who played it today.`,
    toDaily: "Today's boards: the daily challenge",
    day: (day: string, level: string): string => `${day} (UTC) · computer players: ${level}`,
    play: "Play today's boards",
    playBoard: (board: number, boards: number): string => `Play board ${board} of ${boards}`,
    done: "You have played all of today's boards.",
    resultsTitle: 'Your boards',
    resultsCaption: 'The tricks north–south took on each board: you, the computer players in your seat, the others; and your matchpoints.',
    board: 'Board',
    you: 'You',
    computers: 'Computers',
    field: 'Others',
    score: 'Score',
    nobodyElse: 'no one yet',
    percent: (percent: number | null): string => (percent === null ? '–' : `${percent.toFixed(1)}%`),
    total: (percent: number | null, rank: number | null, of: number): string =>
      percent === null || rank === null ? 'No one else has played your boards yet.' : `${percent.toFixed(1)}% · place ${rank} of ${of}`,
    rankingTitle: "Today's ranking",
    noRanking: 'No one is ranked yet: a board counts once two people have played it.',
    rank: 'Place',
    name: 'Name',
    boards: 'Boards',
    nameTaken: 'Someone plays today under that name already: choose another.',
    atTable: (board: number, boards: number): string => `Daily challenge · board ${board} of ${boards}`,
    backToResults: 'Your results and the next board',
    differsTitle: 'Where the computer players would have played another card',
    differs: (board: number, trick: number, played: string, computers: string): string =>
      `Board ${board}, trick ${trick}: you played ${played}; the computer players, from your cards, ${computers}.`,
    noDiffers: 'Every card you played is the one the computer players would have played.',
  },
  // The settings in the address that the page does not know, and the computer players' Worker.
  address: {
    unknown: (name: string, value: string, allowed: string): string => `${name}=${value} is not known: use one of ${allowed}.`,
    badSeed: (text: string, max: number): string => `seed=${text} is not a whole number from 0 to ${max}.`,
    badFlag: (name: string, text: string): string => `${name}=${text} is not known: use 1 (on) or 0 (off).`,
    workerRules: (why: string): string => `The computer players' Worker stopped (${why}): they play by the rules of thumb for now.`,
    workerClaims: (why: string): string => `The computer players' Worker stopped (${why}): no claim can be checked for now.`,
  },
  // Asking before a new game, the partners cut again, the settings kept in this browser, the first hand's tips, the statistics.
  polish: {
    leaveTitle: 'Leave this hand for a new game?',
    leaveText: 'This game is kept in this browser: its link takes you back to it, where it is now.',
    leaveNew: 'Start a new game',
    leaveStay: 'Go on with this hand',
    recut: (partner: string, opponents: string): string => `New rubber: partners cut again — your partner is ${partner}, against ${opponents}.`,
    autoPlay: 'Play my only legal card by itself',
    autoPlayHelp: 'When only one of your cards may be played, it is played for you after a moment. Kept in this browser.',
    learn: 'Learn: a first hand with a tip at each turn',
    learnIntro:
      'You sit South; North is your partner. Each trick, everyone plays one card; the highest card of the suit led wins, unless a trump is played. Your side scores a point for each trick over six.',
    tipLead: 'Tip: you lead, so any card will do. The top of a strong suit (an ace, or king-queen) often wins the trick.',
    tipFollow: (suit: string): string =>
      `Tip: you must play ${suit}. Play high to win the trick, or your lowest when your partner already wins it or you cannot beat the card on top.`,
    tipTrump: (suit: string, trumps: string): string =>
      `Tip: you have no ${suit}, so you may play any card. A trump (${trumps}) wins the trick unless a higher trump comes; or throw away a low card.`,
    tipDiscard: (suit: string): string => `Tip: you have no ${suit} and no trump: throw away your least useful card.`,
    tipOnly: 'Tip: only one of your cards may be played.',
    statsOpen: 'My statistics',
    statsTitle: 'Your games in this browser',
    statsHands: 'Hands played',
    statsHandsWon: 'Hands won by your side',
    statsRubbers: 'Rubbers played',
    statsRubbersWon: 'Rubbers won by your side',
    statsSince: (date: string): string => `Since ${date}.`,
    statsNone: 'No hand finished yet: they are counted here once one is.',
    statsClose: 'Close',
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
