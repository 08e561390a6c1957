import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  currentHand,
  currentRubber,
  currentSeat,
  dealtCards,
  FULL_DECK,
  formatCard,
  type HandState,
  heuristicPlayer,
  isRubberComplete,
  legalMoves,
  newTableOrThrow,
  PRESETS,
  parseDeal,
  playerViewOrThrow,
  SHORT_WHIST,
} from '../src/index.js';
import { rulesTable } from '../src/words/index.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const runWith = (input: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

/** The cards as `whist play` numbers them: the hand as dealt, in the page's order (suits ♠ ♥ ♣ ♦, each from the ace down). */
function dealtInOrder(cards: readonly string[]): string[] {
  const rank = 'AKQJT98765432';
  return ['S', 'H', 'C', 'D'].flatMap((suit) => cards.filter((c) => c[1] === suit).sort((a, b) => rank.indexOf(a[0] as string) - rank.indexOf(b[0] as string)));
}

/**
 * What a person at south types through a whole rubber, computed with the library on the same seeded table:
 * the last legal card each time, written in turn as `QH`, `qh` / `10h`, and its number (its place in the
 * hand as dealt, which it keeps).
 */
function personAtSouth(seed: number): { inputs: string[]; hands: number } {
  let table = newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' });
  const inputs: string[] = [];
  let hands = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    hands++;
    const dealt = dealtInOrder(dealtCards(currentHand(table) as HandState).S);
    for (
      let hand = currentHand(table) as HandState, seat = currentSeat(hand);
      seat !== null;
      hand = currentHand(table) as HandState, seat = currentSeat(hand)
    ) {
      const view = playerViewOrThrow(hand, seat);
      const card = seat === 'S' ? (legalMoves(hand).at(-1) as string) : heuristicPlayer(view);
      if (seat === 'S') {
        const k = inputs.length % 3;
        inputs.push(k === 0 ? card : k === 1 ? card.toLowerCase().replace(/^t/, '10') : String(dealt.indexOf(card) + 1));
      }
      table = applyOrThrow(table, { type: 'play', seat, card: card as never });
    }
  }
  return { inputs, hands };
}

describe.skipIf(!existsSync(cli))('whist CLI (built dist/cli.js)', () => {
  it('play-rubber prints every hand trick by trick and ends with the rubber result', () => {
    const r = run('play-rubber', '--seed', '1');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const hands = lines.filter((l) => /^Hand \d+ /.test(l));
    expect(hands.length).toBeGreaterThanOrEqual(2);
    expect(
      lines.filter((l) => /^ {2}trick +\d+: ([NESW]) leads: \1 (10|[2-9JQKA])[♠♥♦♣](, [NESW] (10|[2-9JQKA])[♠♥♦♣]){3}; won by [NESW]$/.test(l)),
    ).toHaveLength(13 * hands.length);
    expect(lines.filter((l) => l.startsWith('  tricks NS '))).toHaveLength(hands.length);
    expect(lines[lines.length - 1]).toMatch(/^Rubber to (NS|EW), games NS \d, EW \d: \d rubber points$/);
  });

  it('the same seed prints the same rubber; another seed another one', () => {
    const first = run('play-rubber', '--seed', '42').stdout;
    expect(run('play-rubber', '--seed', '42').stdout).toBe(first);
    expect(run('play-rubber', '--seed', '43').stdout).not.toBe(first);
  });

  it.each(Object.keys(PRESETS))('play-rubber --rules %s --json prints one JSON object of the documented shape', (name) => {
    const r = run('play-rubber', '--seed', '3', '--rules', name, '--json');
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    const rules = PRESETS[name as keyof typeof PRESETS];
    expect(json.rules).toBe(name);
    expect(json.seed).toBe(3);
    for (const h of json.hands) {
      expect(h.deal).toMatch(/^N:/);
      expect(h.trickPoints.NS + h.honourPoints.NS).toBe(h.points.NS);
    }
    expect(json.hands.length).toBeGreaterThan(0);
    for (const h of json.hands) {
      expect(Object.keys(h)).toEqual(expect.arrayContaining(['dealer', 'trump', 'tricks', 'honours', 'points', 'score']));
      expect(h.tricks.NS + h.tricks.EW).toBe(13);
      expect(Math.max(h.score.NS, h.score.EW)).toBeLessThanOrEqual(rules.target);
    }
    const winners = json.games.filter((g: { winner: string }) => g.winner === json.winner);
    expect(winners).toHaveLength(2);
    for (const g of json.games) expect([1, 2, 3]).toContain(g.value);
    if (rules.rubber.points === null) expect(json.rubberPoints).toBeNull();
    else expect(json.rubberPoints[json.winner]).toBeGreaterThanOrEqual(1);
    const gameEnds = json.hands.filter((h: { score: { NS: number; EW: number } }) => Math.max(h.score.NS, h.score.EW) === rules.target);
    expect(gameEnds).toHaveLength(json.games.length);
  });

  it('play: a person at south plays a whole rubber from piped input; wrong input is refused with the reason', () => {
    const { inputs, hands } = personAtSouth(3);
    const first = dealtCards(applyDeal(3));
    const notHeld = FULL_DECK.find((c) => !first.S.includes(c)) as string;
    const r = runWith(['zz', notHeld, ...inputs].join('\n'), 'play', '--seed', '3');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('"zz" is not a card');
    expect(r.stdout).toContain(`You do not hold ${formatCard(notHeld as never, { symbols: true, ten: '10' })}.`);
    expect(r.stdout.match(/^Your cards: /gm)).toHaveLength(inputs.length);
    expect(r.stdout.match(/^Hand \d+: N|^Hand \d+: [NESW] deals/gm)?.length).toBe(hands);
    expect(r.stdout).toMatch(/\nRubber to (NS|EW) \(.*\): \d rubber points\.\n$/);
  });

  it('play: input that ends before the rubber is an error (exit 2); a revoke is refused as such', () => {
    const r = runWith('1\n', 'play', '--seed', '3');
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('The input ended before the rubber did.');
    const follow = runWith('1\n', 'play', '--seed', '3');
    expect(follow.stdout).toContain('You must follow suit: hearts were led, and you hold one.');
  });

  it('seeds follow the rule of the page: a whole number from 0 to 2^32 − 1 in digits; 7 and 007 are one seed; anything else is refused', () => {
    const seven = run('play-rubber', '--seed', '7').stdout;
    expect(run('play-rubber', '--seed', '007').stdout.split('\n').slice(1)).toEqual(seven.split('\n').slice(1));
    expect(run('play-rubber', '--seed', '4294967295').status).toBe(0);
    for (const bad of ['', ' ', 'abc', '-5', '+1', '1.0', '1e3', '4294967296', '0x10']) {
      const r = run('play-rubber', `--seed=${bad}`);
      expect(r.status, bad).toBe(2);
      expect(r.stdout, bad).toBe('');
      expect(r.stderr.split('\n')[0], bad).toBe(`whist: --seed must be a whole number from 0 to 4294967295, not "${bad}"`);
    }
  });

  it('a seed deals the same hands as the page with that seed in its address (its table: players by seat, N deals first)', () => {
    const json = JSON.parse(run('play-rubber', '--seed', '4000000000', '--json').stdout);
    let page = newTableOrThrow(SHORT_WHIST, { seed: 4000000000, players: { N: 'Ada', E: 'Basil', S: 'You', W: 'Cleo' } });
    page = applyOrThrow(page, { type: 'deal' });
    expect(json.hands[0].deal).toBe((currentHand(page) as HandState).deal);
    expect(json.hands[0].dealer).toBe('N');
  });

  it('an unknown --rules lists the valid names', () => {
    const r = run('play-rubber', '--rules', 'bridge');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('the rules are short, long, german-long, american, ten-point');
  });

  it('play-rubber shows the hands as dealt and who played each card as the page prints cards, why honours did not score, points lost past the target', () => {
    const text = run('play-rubber', '--seed', '23').stdout;
    const lines = text.split('\n');
    const json = JSON.parse(run('play-rubber', '--seed', '23', '--json').stdout);
    const face = (card: string) => formatCard(card as never, { symbols: true, ten: '10' });
    const dealLines = lines.filter((l) => /^ {2}[NESW] {2}♠ /.test(l));
    expect(dealLines).toHaveLength(4 * json.hands.length);
    json.hands.forEach((h: { deal: string; play: { leader: string; cards: string[]; winner: string }[] }, i: number) => {
      const deal = parseDeal(h.deal);
      if (!deal.ok) throw new Error(deal.error.message);
      for (const [k, seat] of (['N', 'E', 'S', 'W'] as const).entries()) {
        const line = dealLines[4 * i + k] as string;
        expect(line.slice(2, 3)).toBe(seat);
        // Suits in the page's order, each symbol followed by its ranks from the ace down, — for a void.
        const suits = [...line.matchAll(/([♠♥♣♦]) ((?:(?:10|[2-9JQKA]) ?)+|—)/g)];
        expect(suits.map((m) => m[1])).toEqual(['♠', '♥', '♣', '♦']);
        const printed = suits.flatMap((m) =>
          m[2] === '—'
            ? []
            : (m[2] as string)
                .trim()
                .split(' ')
                .map((rank) => `${rank}${m[1]}`),
        );
        expect(printed).toEqual(dealtInOrder(deal.value[seat]).map(face));
      }
      const tricks = lines.filter((l) => /^ {2}trick +\d+: /.test(l)).slice(13 * i, 13 * i + 13);
      expect(tricks).toEqual(
        h.play.map((t, n) => {
          const seats = ['N', 'E', 'S', 'W'];
          const who = t.cards.map((c, j) => `${seats[(seats.indexOf(t.leader) + j) % 4]} ${face(c)}`).join(', ');
          return `  trick ${String(n + 1).padStart(2)}: ${t.leader} leads: ${who}; won by ${t.winner}`;
        }),
      );
    });
    // No card in the standard notation (AS, TD) is printed for people; --json keeps it.
    expect(text).not.toMatch(/\b[2-9TJQKA][SHDC]\b|T[♠♥♦♣]/);
    expect(JSON.stringify(json.hands[0].play)).toMatch(/"[2-9TJQKA][SHDC]"/);
    expect(lines).toContain('  EW needed 2 for game; the other 3 points past the target are lost.');
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => run('play-rubber', '--seed', String(seed)).stdout).join('\n');
    expect(all).toMatch(/so honours do not count|honours cannot score|are not counted/);
  });

  it('replay: paths as given; exit 0 when all is legal and matches, 1 for a revoke (reported as marked ^R), 2 for a file without deals', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-replay-'));
    const deal = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
    const clean = join(dir, 'clean.pbn');
    writeFileSync(clean, `[Deal "${deal}"]\n[Declarer "N"]\n[Contract "7S"]\n[Result "13"]\n[Play "E"]\nHA D2 C2 S2\n*\n`);
    const ok = run('replay', clean);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`${clean} #1: 4 plays`);
    const revoke = join(dir, 'revoke.pbn');
    const mixed = 'N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432';
    writeFileSync(revoke, `[Deal "${mixed}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 ^RSA\n*\n`);
    const bad = run('replay', revoke);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('revoke, marked ^R in the record, at play 4 (trick 1): N A♠');
    const empty = join(dir, 'empty.pbn');
    writeFileSync(empty, '% nothing here\n');
    const none = run('replay', empty);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(`${empty} holds no deal`);
    const lin = join(dir, 'noresult.lin');
    const hands = 'SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,';
    writeFileSync(lin, `md|3${hands}|mb|7S|mb|p|mb|p|mb|p|`);
    expect(run('replay', lin).status).toBe(0);
    expect(run('replay').status).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it('play-rubber --out writes the rubber as a Whist record; replay checks it and prints the scores of the original run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-out-'));
    for (const rules of ['short', 'german-long', 'american']) {
      const file = join(dir, `${rules}.pbn`);
      const played = run('play-rubber', '--seed', '9', '--rules', rules, '--out', file);
      expect(played.status).toBe(0);
      expect(played.stdout).toBe(run('play-rubber', '--seed', '9', '--rules', rules).stdout);
      const record = readFileSync(file, 'utf8');
      expect(record.startsWith('% PBN 2.1\n[Game "Whist"]\n')).toBe(true);
      const json = JSON.parse(run('play-rubber', '--seed', '9', '--rules', rules, '--json').stdout);
      const replayed = run('replay', file);
      expect(replayed.status, replayed.stdout).toBe(0);
      const lines = replayed.stdout.split('\n');
      expect(lines[0]).toBe(`${file}: Whist record, ${rules} rules, seed 9: ${json.hands.length} hands, 1 rubber`);
      const scores = lines.filter((l) => / hand \d+ /.test(l)).map((l) => /score NS (\d+), EW (\d+)$/.exec(l)?.slice(1).map(Number));
      expect(scores).toEqual(json.hands.map((h: { score: { NS: number; EW: number } }) => [h.score.NS, h.score.EW]));
      const end = lines.find((l) => l.startsWith(`${file} rubber 1 to `));
      expect(end).toBe(
        `${file} rubber 1 to ${json.winner}, games NS ${json.gamesWon.NS}, EW ${json.gamesWon.EW}: ${json.rubberPoints === null ? 'no rubber points in these rules' : `rubber points NS ${json.rubberPoints.NS}, EW ${json.rubberPoints.EW}`}`,
      );
      expect(lines).toContain('Whist records 1: checked 1 (hands ' + json.hands.length + '), refused 0');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('replay refuses a Whist record whose scores its play contradicts (exit 1, the line, the tag and the problem); bridge files beside it are replayed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-out-'));
    const file = join(dir, 'rubber.pbn');
    expect(run('play-rubber', '--seed', '4', '--out', file).status).toBe(0);
    const record = readFileSync(file, 'utf8');
    const lines = record.split('\n');
    const at = lines.findIndex((l) => l.startsWith('[WhistTricks '));
    lines[at] = '[WhistTricks "NS 13 EW 0"]';
    const forged = join(dir, 'forged.pbn');
    writeFileSync(forged, lines.join('\n'));
    const bridge = join(dir, 'bridge.pbn');
    writeFileSync(
      bridge,
      '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n',
    );
    const r = run('replay', forged, file, bridge);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${forged}: Whist record refused: line ${at + 1}, [WhistTricks]: states NS 13 EW 0, but the play gives`);
    expect(r.stdout).toContain('Whist records 2: checked 1');
    expect(r.stdout).toContain(`${bridge} #1: 4 plays`);
    expect(r.stdout).toContain('files 3, deals 1, plays checked 4');
    expect(run('replay', file, bridge).status).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('play --out writes the rubber a person played; a file that cannot be written is an error (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-out-'));
    const file = join(dir, 'mine.pbn');
    const { inputs, hands } = personAtSouth(3);
    const r = runWith(inputs.join('\n'), 'play', '--seed', '3', '--out', file);
    expect(r.status).toBe(0);
    const replayed = run('replay', file);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout.split('\n')[0]).toBe(`${file}: Whist record, short rules, seed 3: ${hands} hands, 1 rubber`);
    const early = runWith(inputs.slice(0, 20).join('\n'), 'play', '--seed', '3', '--out', file);
    expect(early.status).toBe(2);
    expect(run('replay', file).status).toBe(0);
    const bad = run('play-rubber', '--seed', '3', '--out', join(dir, 'no', 'such', 'dir.pbn'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^whist: /);
    rmSync(dir, { recursive: true, force: true });
  });

  it('rules prints every preset side by side as aligned columns; --markdown as the Markdown table of docs/rules.md', () => {
    const r = run('rules');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ +short +long +german-long +american +ten-point$/);
    expect(r.stdout).not.toContain('|');
    const columns = ['short', 'long', 'german-long', 'american', 'ten-point'].map((name) => (lines[0] as string).indexOf(name));
    const target = lines.find((l) => l.startsWith('target')) as string;
    for (const [i, value] of ['5', '10', '10', '7', '10'].entries()) expect(target.slice(columns[i])).toMatch(new RegExp(`^${value}( |$)`));
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(100);
    const markdown = run('rules', '--markdown');
    expect(markdown.stdout).toBe(`${rulesTable()}\n`);
    expect(markdown.stdout).toContain('| field | short | long | german-long | american | ten-point |');
  });

  it('unknown commands, rules and options exit 2 with the usage', () => {
    expect(run('deal').status).toBe(2);
    expect(run('play-rubber', '--rules', 'bridge').status).toBe(2);
    const bad = run('play-rubber', '--colour');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage');
  });
});

function applyDeal(seed: number) {
  return currentHand(applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed, dealer: 'N' }), { type: 'deal' })) as HandState;
}
