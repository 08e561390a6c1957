/**
 * The hint: at the viewer's turn, the expected tricks of each legal card from the viewer's own view, worked
 * out in the computer players' Worker (`hintValues`, over the layouts the sampling player draws). Only the
 * viewer's view goes to the Worker, so the hint is the same at a server table as in solo play, and it never
 * looks at a hidden card. An answer for a position that is gone is dropped.
 *
 * @module
 */

import type { SamplingLevel } from 'whist/solver';
import { positionKey } from '../dd.js';
import { t } from '../i18n/index.js';
import { samplingLevel } from '../solo.js';
import { say, setUi } from './draw.js';
import type { Page } from './state.js';
import { stopThinking, think } from './thinker.js';

/** The level the hint is worked out at: the solo game's sampling level when it is strong, else standard. */
function hintLevel(page: Page): SamplingLevel {
  const bots = page.soloSettings === null ? null : samplingLevel(page.soloSettings.bots);
  return bots === 'strong' ? 'strong' : 'standard';
}

/**
 * Asks for the hint at the viewer's turn, at the game's level or, when the person asks for it, the expert's;
 * again for the same position and level, it is already there or on its way.
 */
export async function askHint(page: Page, expert = false): Promise<void> {
  const view = page.view;
  const hand = view?.hand;
  if (view === null || hand === null || hand === undefined || page.watching !== null) return;
  if (view.next.action !== 'play' || view.next.seat !== view.viewer || hand.legalMoves.length === 0) return;
  const key = positionKey(view);
  const asked = page.ui.expected;
  if (asked?.key === key && asked.error === null && asked.expert === expert) return;
  // A hint still at work at the other level is stopped: its answer would be dropped.
  if (asked !== null && asked.values === null && asked.error === null) stopThinking(page);
  setUi(page, { expected: { key, expert, values: null, layouts: 0, playedOut: 0, error: null } });
  const still = () => page.ui.expected?.key === key && page.ui.expected.expert === expert;
  let reply: Awaited<ReturnType<typeof think>>;
  try {
    reply = await think(page, { kind: 'values', view: hand, level: expert ? 'expert' : hintLevel(page), seed: page.soloSettings?.seed ?? 0 });
  } catch (e) {
    if (still())
      setUi(page, {
        expected: {
          key,
          expert,
          values: null,
          layouts: 0,
          playedOut: 0,
          error: t().review.hintFailed(e instanceof Error ? e.message : String(e)),
        },
      });
    return;
  }
  // Stopped, or for a position that is gone.
  if (reply?.kind !== 'values' || !still() || page.view === null || positionKey(page.view) !== key) return;
  setUi(page, { expected: { key, expert, values: reply.values, layouts: reply.layouts, playedOut: reply.playedOut, error: null } });
  say(page, [expert ? t().review.expertHintShown : t().review.hintShown]);
}

/** After a new view: a hint for another position is dropped, and the Worker stopped if it is still at work on it. */
export function hintSync(page: Page): void {
  const expected = page.ui.expected;
  if (expected === null || (page.view !== null && positionKey(page.view) === expected.key)) return;
  page.ui = { ...page.ui, expected: null };
  if (expected.values === null && expected.error === null) stopThinking(page);
}
