/**
 * The hosts decide nothing of what a computer seat does: the server's computer players (server/src) and the
 * command line's (src/cli) call the library's computer seat (`computerTurn`, `computerMove`, `computerCard`,
 * `checkSeatClaim`) and choose no card, penalty, call or claim of their own. Read from their code, comments
 * left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A module's code without its comments. */
function code(path: string): string {
  return readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** What a host would write to decide for a computer player itself. */
const DECISIONS = [
  /\bheuristicPlayer\(/,
  /\bsamplingPlayer\(/,
  /\bclaimableTricks\(/,
  /penalty: '(add|tricks|deduct)'/,
  /which: '(lowest|highest)'/,
  // An action of these kinds made for another seat than the person's own (`me`).
  /type: '(callCard|callLedSuit|callHonours|answerCall|acceptClaim|refuseClaim|claim|claimRevoke)', seat: (?!me\b)/,
];

describe('hosts that seat computer players decide nothing of their own', () => {
  it('the server: its computer players are computerMove, its ruling on claims the claim check', () => {
    const files = readdirSync(new URL('../server/src', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('computers.ts');
    for (const file of files) {
      const text = code(`server/src/${file}`);
      for (const decision of DECISIONS) expect(text, `server/src/${file}`).not.toMatch(decision);
    }
    // The server's solver pool runs the library's functions, off the event loop: computerMove for a
    // computer player's action, checkClaim for a claim's ruling.
    expect(code('server/src/solver/tasks.ts')).toMatch(/\bcomputerMove\(/);
    expect(code('server/src/solver/tasks.ts')).toMatch(/\bcheckClaim\(/);
  });

  it("the command line: the computer players' cards, claims, answers, penalties, calls and honours are the library's", () => {
    for (const file of ['claims.ts', 'exposed.ts', 'laws.ts', 'revokes.ts', 'human.ts']) {
      const text = code(`src/cli/${file}`);
      for (const decision of DECISIONS) expect(text, `src/cli/${file}`).not.toMatch(decision);
      expect(text, `src/cli/${file}`).not.toMatch(/\bcheckClaim\(/);
    }
    expect(code('src/cli/human.ts')).toMatch(/\bcomputerTurn\(/);
  });
});
