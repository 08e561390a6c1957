import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playHuman } from '../src/cli/human.js';
import { CALLING_HELP, readLawsCommand, TAKE_BACK_HELP } from '../src/cli/laws.js';
import { lawsRules } from '../src/cli/revokes.js';
import { cardText } from '../src/cli/text.js';
import {
  apply,
  type Card,
  cardSuit,
  currentRubber,
  handSummaries,
  heuristicPlayer,
  LONG_WHIST,
  SHORT_WHIST,
  type TableState,
  tableViewOrThrow,
} from '../src/index.js';

// whist play --laws: a revoke taken back before it is established (Laws of Short Whist, 1864, laws 73, 76), and
// honours called at eight in Long Whist (Hoyle's laws of Long Whist, 16-21). The person is played by a script
// that reads the table after every card (`keep`), so that what it types is what the library accepts there.

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

const SHORT = lawsRules(SHORT_WHIST);
const LONG = lawsRules(LONG_WHIST);

/** What the scripted person sees and does: the lines written, the table after every change, its choice at each prompt. */
interface Run {
  readonly written: string[];
  table: TableState | null;
}

/**
 * Plays `whist play` in-process with South typed by `choose` at each prompt (the last line written), reading the
 * table as it was kept last; returns the exit code and the run.
 */
async function play(rules: typeof SHORT, seed: number, choose: (last: string, run: Run) => string | null): Promise<{ code: number; run: Run }> {
  const run: Run = { written: [], table: null };
  const code = await playHuman(
    {
      rules,
      seed,
      seat: 'S',
      dealer: 'N',
      keep: (t) => {
        run.table = t;
      },
    },
    async () => choose(run.written.at(-1) ?? '', run),
    (line) => run.written.push(line),
  );
  return { code, run };
}

/** South's card by the rules of thumb, among those the library accepts now. */
function southCard(run: Run): Card {
  const view = tableViewOrThrow(run.table as TableState, 'S');
  const card = heuristicPlayer(view.hand!);
  return view.playable.includes(card) ? card : (view.playable[0] as Card);
}

/** The lines written since the last "Your cards" line: what the prompt said at this turn. */
function thisTurn(run: Run): string[] {
  let at = run.written.length - 1;
  while (at > 0 && !(run.written[at] as string).startsWith('Your cards: ')) at--;
  return run.written.slice(at);
}

describe('whist play --laws: what the person types about the laws', () => {
  it('reads take back, call honours and answer, in any case and spacing; nothing else', () => {
    expect(readLawsCommand('take back')).toBe('take back');
    expect(readLawsCommand('  Take   Back ')).toBe('take back');
    expect(readLawsCommand('CALL HONOURS')).toBe('call honours');
    expect(readLawsCommand('answer')).toBe('answer');
    expect(readLawsCommand('take')).toBeNull();
    expect(readLawsCommand('call')).toBeNull();
  });

  it('help names take back under --laws, and calling honours in Long Whist only; without --laws they are no commands', async () => {
    const helped = await play(SHORT, 7, (_last, run) => (run.written.includes(TAKE_BACK_HELP) ? 'quit' : 'help'));
    expect(helped.run.written).toContain(TAKE_BACK_HELP);
    expect(helped.run.written).not.toContain(CALLING_HELP);
    const long = await play(LONG, 7, (_last, run) => (run.written.includes(CALLING_HELP) ? 'quit' : 'help'));
    expect(long.run.written).toContain(CALLING_HELP);
    expect(long.run.written).toContain(TAKE_BACK_HELP);
    const plain = await play(SHORT_WHIST as typeof SHORT, 7, (_last, run) => (run.written.some((l) => l.startsWith('"take back"')) ? 'quit' : 'take back'));
    expect(plain.run.written).toContain('"take back" is not a card: type one such as QH or 10h, its number, or help.');
  });

  it('take back without a revoke, call honours in Short Whist, and answer with no call are refused with the reason', async () => {
    const said = ['take back', 'call honours', 'answer', 'quit'];
    const r = await play(SHORT, 7, () => said.shift() ?? 'quit');
    expect(r.run.written).toContain('You have no revoke to take back: a revoke is taken back only until a card of the next trick is played (law 73).');
    expect(r.run.written).toContain('You may call honours only in Long Whist, at eight, holding two honours, before you play, once a hand.');
    expect(r.run.written).toContain('Your partner has not called honours: there is nothing to answer.');
  });
});

/**
 * The first hand of `seed`: South plays by the rules of thumb, revokes at its first chance after the first trick,
 * and takes the revoke back when offered (at its own turn, or before a computer player leads to the next trick);
 * then tries another card than the one required (refused), plays the required one, and stops.
 */
async function takeBackHand(seed: number): Promise<{ run: Run; revoke: Card; required: Card; wrong: Card | null; prompted: boolean }> {
  let revoke: Card | null = null;
  let took = false;
  let prompted = false;
  let wrong: Card | null | undefined;
  let required: Card | null = null;
  let done = false;
  const { run } = await play(SHORT, seed, (last, run) => {
    if (done) return 'quit';
    if (last.startsWith('Take it back, or let it stand?')) {
      prompted = true;
      took = true;
      return 'take back';
    }
    if (last.includes('a revoke. Play it anyway?')) return 'yes';
    if (!last.startsWith('Your card (')) return 'quit';
    const view = tableViewOrThrow(run.table as TableState, 'S');
    if (took) {
      required = view.playable[0] as Card;
      if (wrong === undefined) {
        wrong = view.hand!.legalMoves.find((c) => c !== required) ?? null;
        if (wrong !== null) return wrong;
      }
      done = true;
      return required;
    }
    if (revoke !== null && thisTurn(run).some((l) => l.includes('can still be taken back'))) {
      took = true;
      return 'take back';
    }
    const off = view.hand!.cards.filter((c) => !view.hand!.legalMoves.includes(c));
    if (revoke === null && view.hand!.tricks.length >= 1 && off.length > 0) {
      revoke = off[0] as Card;
      return revoke;
    }
    return southCard(run);
  });
  if (revoke === null || required === null) throw new Error(`seed ${seed}: no revoke was taken back`);
  return { run, revoke, required, wrong: wrong ?? null, prompted };
}

describe('whist play --laws: a revoke taken back (laws 73, 76)', () => {
  it('at the person’s own turn: take back; West requires the lowest card of the suit led; another card is refused, the lowest played', async () => {
    const { run, revoke, required, wrong, prompted } = await takeBackHand(7);
    expect(prompted).toBe(false);
    const lines = run.written;
    expect(lines).toContain(`Your revoke of ${cardText(revoke)} can still be taken back: take back (laws 73, 76).`);
    const took = lines.find((l) => l.startsWith(`You take back the revoke of the ${cardText(revoke)}`));
    expect(took).toMatch(/\(Laws of Short Whist \(1864\), laws 73, 76\)\.$/);
    expect(lines).toContain(
      'W requires the revoker’s lowest card of the suit led, instead of calling the card: it is taken back (Laws of Short Whist (1864), laws 73, 76).',
    );
    expect(lines).toContain(`You must play ${cardText(required)} now (law 76).`);
    // The card required is the lowest South holds of the suit led, and the only one numbered.
    const table = run.table as TableState;
    const view = tableViewOrThrow(table, 'S');
    const events = view.events;
    expect(events.map((e) => e.type)).toEqual(['correctRevoke', 'callLedSuit']);
    expect(events[1]).toMatchObject({ seat: 'W', which: 'lowest', law: 'Laws of Short Whist (1864), laws 73, 76' });
    const led = cardSuit(required);
    expect(cardSuit(revoke)).not.toBe(led);
    expect(wrong).not.toBeNull();
    expect(lines).toContain(`the lowest card of the suit led is called: south must play ${required} (law 76).`);
    const must = lines.indexOf(`You must play ${cardText(required)} now (law 76).`);
    const bound = lines.slice(must).find((l) => l.startsWith('Your cards: ')) as string;
    expect(bound.match(/\d+:/g)).toHaveLength(1);
    expect(bound).toContain(`:${cardText(required)}`);
    // The required card was played: the trick goes on with it.
    expect(view.hand!.cards).not.toContain(required);
    expect(view.hand!.cards).toContain(revoke);
  });

  it('before a computer player leads to the next trick the person is asked: take back, or play on to let the revoke stand', async () => {
    let found: Awaited<ReturnType<typeof takeBackHand>> | null = null;
    for (let seed = 1; seed <= 40 && found === null; seed++) {
      const r = await takeBackHand(seed).catch(() => null);
      if (r?.prompted) found = r;
    }
    expect(found).not.toBeNull();
    const { run, revoke, required } = found!;
    expect(run.written).toContain(`Your revoke of ${cardText(revoke)} can be taken back until a card of the next trick is played (laws 73, 76).`);
    expect(run.written).toContain(`You must play ${cardText(required)} now (law 76).`);
    // Played on instead: the revoke stands, the hand goes on, and its penalty is claimed after it (law 72).
    let revoked: Card | null = null;
    const stood = await play(SHORT, Number(/seed (\d+)/.exec(run.written[0] as string)?.[1]), (last, run) => {
      if (last.startsWith('Take it back, or let it stand?')) return 'play on';
      if (last.includes('a revoke. Play it anyway?')) return 'yes';
      if (last.startsWith('Your card (')) {
        const view = tableViewOrThrow(run.table as TableState, 'S');
        const off = view.hand!.cards.filter((c) => !view.hand!.legalMoves.includes(c));
        if (revoked === null && view.hand!.tricks.length >= 1 && off.length > 0) {
          revoked = off[0] as Card;
          return revoked;
        }
        return southCard(run);
      }
      return 'quit';
    });
    expect(stood.run.written).toContain(`Your revoke of ${cardText(revoke)} stands.`);
    const summary = handSummaries(currentRubber(stood.run.table as TableState))[0];
    expect(summary?.revokes?.length).toBe(1);
  });
});

/**
 * A rubber of Long Whist by the laws from `seed`, South playing by the rules of thumb and calling or answering
 * honours whenever the prompt offers it; stops after the first hand won by calling.
 */
async function calling(seed: number): Promise<Run> {
  const { run } = await play(LONG, seed, (last, run) => {
    if (run.written.some((l) => l.includes('called their honours'))) return 'quit';
    if (last.startsWith('Take it back')) return 'play on';
    if (!last.startsWith('Your card (')) return last.endsWith('?') || last.includes('(yes, no)') ? 'no' : 'deal';
    const turn = thisTurn(run);
    if (turn.some((l) => l.includes('call honours before you play')) && !turn.some((l) => l.startsWith('You call honours'))) return 'call honours';
    if (turn.some((l) => l.includes('Type answer')) && !turn.some((l) => l.startsWith('You answer'))) return 'answer';
    return southCard(run);
  });
  return run;
}

const CALL_LAW = "(Hoyle's laws of Long Whist, laws 16-21).";

describe('whist play --laws --rules long: honours called at eight (Hoyle, 16-21)', () => {
  it('seed 11: NS at eight, South holds two honours and calls; North answers; the game is won, the hand unplayed', async () => {
    const run = await calling(11);
    const lines = run.written;
    expect(lines).toContain('Your side is at eight and you hold two honours: call honours before you play, if you will (Hoyle, laws 16-21).');
    expect(lines).toContain(`You call honours at eight: “Can you one?” ${CALL_LAW}`);
    expect(lines).toContain(`N answers: “I can”, holding an honour ${CALL_LAW}`);
    const hands = handSummaries(currentRubber(run.table as TableState));
    const won = hands.at(-1)!;
    expect(won).toMatchObject({ honoursCalled: true, tricks: { NS: 0, EW: 0 } });
    expect(won.game?.winner).toBe('NS');
    expect(lines.some((l) => l.trim().startsWith(`NS called their honours at 8 and held ${won.honours.NS} honours between the partners`))).toBe(true);
    expect(lines.some((l) => l.trim().startsWith('NS win the game.'))).toBe(true);
  });

  it('seed 10: North calls as the hand is dealt; South holds an honour and answers; the game is won', async () => {
    const run = await calling(10);
    expect(run.written).toContain(`N calls honours at eight: “Can you one?” ${CALL_LAW}`);
    expect(run.written).toContain('N calls honours: "Can you one?" Type answer, or play a card and do not answer.');
    expect(run.written).toContain(`You answer: “I can”, holding an honour ${CALL_LAW}`);
    expect(handSummaries(currentRubber(run.table as TableState)).at(-1)).toMatchObject({ honoursCalled: true, game: { winner: 'NS' } });
  });

  it('seed 14: East calls and West answers as the hand is dealt: East–West win the game, the hand unplayed', async () => {
    const run = await calling(14);
    expect(run.written).toContain(`E calls honours at eight: “Can you one?” ${CALL_LAW}`);
    expect(run.written).toContain(`W answers: “I can”, holding an honour ${CALL_LAW}`);
    expect(handSummaries(currentRubber(run.table as TableState)).at(-1)).toMatchObject({ honoursCalled: true, game: { winner: 'EW' } });
  });

  it('South calls, North holds no honour and does not answer: the hand is played (the first such seed)', async () => {
    let run: Run | null = null;
    for (let seed = 1; seed <= 80 && run === null; seed++) {
      const r = await callUnanswered(seed);
      if (r.written.includes('N does not answer: the hand is played.')) run = r;
    }
    expect(run).not.toBeNull();
    expect(run!.written).toContain(`You call honours at eight: “Can you one?” ${CALL_LAW}`);
    const view = tableViewOrThrow(run!.table as TableState, 'S');
    expect(view.next.action).toBe('play');
    expect(view.events.map((e) => e.type)).toEqual(['callHonours']);
    // A second call by the same side is refused.
    expect(apply(run!.table as TableState, { type: 'callHonours', seat: 'N' }).ok).toBe(false);
  });
});

/** A Long Whist rubber from `seed`, South calling whenever offered, stopped once a call of South's goes unanswered. */
async function callUnanswered(seed: number): Promise<Run> {
  const { run } = await play(LONG, seed, (last, run) => {
    if (run.written.some((l) => l.startsWith('N does not answer') || l.includes('called their honours'))) return 'quit';
    if (last.startsWith('Take it back')) return 'play on';
    if (!last.startsWith('Your card (')) return 'deal';
    if (thisTurn(run).some((l) => l.includes('call honours before you play'))) return 'call honours';
    return southCard(run);
  });
  return run;
}

describe.skipIf(!existsSync(cli))('whist play --laws: the laws (built dist/cli.js)', () => {
  it('--help names take back and calling honours; the record keeps the correction and its election with their laws', async () => {
    const help = runWith('', 'play', '--help').stdout;
    expect(help).toContain('take back takes back your revoke');
    expect(help).toContain('call honours before you play');
    const { run } = await takeBackHand(7);
    const typed: string[] = [];
    // The lines South typed, read back from the prompts in order: replay them through the built CLI.
    const replay = await replayTyped(7);
    typed.push(...replay);
    const dir = mkdtempSync(join(tmpdir(), 'whist-laws-'));
    const record = join(dir, 'laws.pbn');
    const r = runWith(`${[...typed, 'quit'].join('\n')}\n`, 'play', '--laws', '--seed', '7', '--out', record);
    const text = readFileSync(record, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(run.written.find((l) => l.startsWith('You take back the revoke')));
    expect(text).toContain(`\\"type\\":\\"correctRevoke\\"`);
    expect(text).toContain(`\\"type\\":\\"callLedSuit\\"`);
    expect(text).toContain('Laws of Short Whist (1864), laws 73, 76');
  });
});

/** What South types in `takeBackHand(seed)`, line by line. */
async function replayTyped(seed: number): Promise<string[]> {
  const typed: string[] = [];
  let revoke: Card | null = null;
  let took = false;
  let done = false;
  await play(SHORT, seed, (last, run) => {
    let line: string;
    if (done) line = 'quit';
    else if (last.startsWith('Take it back, or let it stand?')) {
      took = true;
      line = 'take back';
    } else if (last.includes('a revoke. Play it anyway?')) line = 'yes';
    else if (!last.startsWith('Your card (')) line = 'quit';
    else {
      const view = tableViewOrThrow(run.table as TableState, 'S');
      if (took) {
        done = true;
        line = view.playable[0] as Card;
      } else if (revoke !== null && thisTurn(run).some((l) => l.includes('can still be taken back'))) {
        took = true;
        line = 'take back';
      } else {
        const off = view.hand!.cards.filter((c) => !view.hand!.legalMoves.includes(c));
        if (revoke === null && view.hand!.tricks.length >= 1 && off.length > 0) {
          revoke = off[0] as Card;
          line = revoke;
        } else line = southCard(run);
      }
    }
    if (line !== 'quit') typed.push(line);
    return line;
  });
  return typed;
}
