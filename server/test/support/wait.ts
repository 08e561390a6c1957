/**
 * Waiting in tests for something to be so, not for a time to pass: the condition is checked every few
 * milliseconds, and only if it is still false after a generous limit does the wait fail, saying what it
 * waited for. A busy machine makes a wait longer, never a test fail.
 */

/** How long a wait for something that should come soon may take before it fails: long, for a busy machine. */
export const WAIT_LIMIT_MS = 60_000;

/** How long a server process may take to start (tsx compiles the server, the store opens) before a test gives up on it. */
export const START_LIMIT_MS = 240_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once `condition()` is true; rejects, naming `what`, if it is still false after `limitMs`.
 *
 * @param what - what is waited for, for the message: "every seat's stream to reach version 262"
 */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, limitMs: number = WAIT_LIMIT_MS): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > until) throw new Error(`still waiting, after ${limitMs / 1000} s, for ${what}`);
    await sleep(20);
  }
}
