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
import { whyOf } from '../why.js';
import { say, setUi } from './draw.js';
import type { Page } from './state.js';
import { stopThinking, think } from './thinker.js';

/** The level the hint is worked out at: the solo game's sampling level when it is strong, else standard. */
function hintLevel(page: Page): SamplingLevel {
  const bots = page.soloSettings === null ? null : samplingLevel(page.soloSettings.bots);
  return bots === 'strong' ? 'strong' : 'standard';
}

/**
 * Asks for the hint at the viewer's turn; again for the same position, it is already there or on its way.
 * With `expert`, once the game level's hint is there: the same hint at the expert level (seconds a card early
 * in a hand), the game level's values shown until the expert's come, and again if the expert fails.
 */
export async function askHint(page: Page, expert = false): Promise<void> {
  const view = page.view;
  const hand = view?.hand;
  if (view === null || hand === null || hand === undefined || page.watching !== null) return;
  if (view.next.action !== 'play' || view.next.seat !== view.viewer || hand.legalMoves.length === 0) return;
  const key = positionKey(view);
  const asked = page.ui.expected?.key === key ? page.ui.expected : null;
  // The hint asked again: nothing to do while it is there or on its way (also after the expert failed, its values kept).
  if (expert ? asked === null || asked.values === null || asked.expert || asked.asking : asked !== null && (asked.error === null || asked.values !== null))
    return;
  const before = expert ? asked : null;
  if (before !== null) {
    setUi(page, { expected: { ...before, asking: true, error: null } });
    say(page, [t().cards.expertThinking]);
  } else setUi(page, { expected: { key, expert: false, asking: false, values: null, layouts: 0, playedOut: 0, error: null } });
  const still = () => {
    const e = page.ui.expected;
    return e?.key === key && (expert ? e.asking : !e.asking && !e.expert && e.values === null);
  };
  let reply: Awaited<ReturnType<typeof think>>;
  try {
    reply = await think(page, { kind: 'values', view: hand, level: expert ? 'expert' : hintLevel(page), seed: page.soloSettings?.seed ?? 0 });
  } catch (e) {
    const now = page.ui.expected;
    if (still() && now !== null) {
      const why = whyOf(e);
      setUi(page, { expected: { ...now, asking: false, error: expert ? t().review.expertHintFailed(why) : t().review.hintFailed(why) } });
    }
    return;
  }
  // Stopped while the expert's hint was still wanted: the game level's values stay, and the button is back.
  const now = page.ui.expected;
  if (reply === null && expert && still() && now !== null) return setUi(page, { expected: { ...now, asking: false } });
  // Stopped, or for a position that is gone.
  if (reply?.kind !== 'values' || !still() || page.view === null || positionKey(page.view) !== key) return;
  setUi(page, { expected: { key, expert, asking: false, values: reply.values, layouts: reply.layouts, playedOut: reply.playedOut, error: null } });
  say(page, [expert ? t().review.expertHintShown : t().review.hintShown]);
}

/** After a new view: a hint for another position is dropped, and the Worker stopped if it is still at work on it. */
export function hintSync(page: Page): void {
  const expected = page.ui.expected;
  if (expected === null || (page.view !== null && positionKey(page.view) === expected.key)) return;
  page.ui = { ...page.ui, expected: null };
  if ((expected.values === null && expected.error === null) || expected.asking) stopThinking(page);
}
