/**
 * The review of a finished hand, in solo play: for each card the person played, what it cost in expected
 * tricks from what they could see (their own view at that turn), beside what it cost double dummy (every
 * hand seen, as all are once the hand is over). Worked out in the computer players' Worker; dropped when
 * the hand leaves the table.
 *
 * @module
 */

import type { SamplingLevel } from 'whist/solver';
import { t } from '../i18n/index.js';
import { samplingLevel } from '../solo.js';
import { draw, say, setUi } from './draw.js';
import type { Page } from './state.js';
import { stopThinking, think } from './thinker.js';

/** The level the review is worked out at: the solo game's sampling level when it is strong, else standard. */
function reviewLevel(page: Page): SamplingLevel {
  const bots = page.soloSettings === null ? null : samplingLevel(page.soloSettings.bots);
  return bots === 'strong' ? 'strong' : 'standard';
}

/**
 * Asks for the review of the finished hand on the table, at the game's level or, when the person asks for it,
 * the expert's; again for the same hand and level, it is there or on its way.
 */
export async function askReview(page: Page, expert = false): Promise<void> {
  const finished = page.finished;
  const turns = page.table?.personTurns?.() ?? null;
  if (finished === null || turns === null || turns.length === 0 || page.watching !== null) return;
  const key = finished.key;
  const asked = page.ui.review;
  if (asked?.key === key && asked.error === null && asked.expert === expert) return;
  // A review still at work at the other level is stopped: its answer would be dropped.
  if (asked !== null && asked.cards === null && asked.error === null) stopThinking(page);
  const working = expert ? t().review.expertWorking : t().review.working;
  setUi(page, { review: { key, expert, progress: working, cards: null, error: null } });
  const still = () => page.ui.review?.key === key && page.ui.review.expert === expert && page.finished?.key === key;
  let reply: Awaited<ReturnType<typeof think>>;
  try {
    reply = await think(
      page,
      {
        kind: 'review',
        turns,
        trump: finished.trump,
        tricks: finished.tricks,
        level: expert ? 'expert' : reviewLevel(page),
        seed: page.soloSettings?.seed ?? 0,
      },
      (done, total) => {
        if (!still()) return;
        page.ui = { ...page.ui, review: { key, expert, progress: t().review.progress(done, total), cards: null, error: null } };
        draw(page);
      },
    );
  } catch (e) {
    if (still())
      setUi(page, {
        review: { key, expert, progress: null, cards: null, error: t().review.failed(e instanceof Error ? e.message : String(e)) },
      });
    return;
  }
  if (reply?.kind !== 'review' || !still()) return;
  setUi(page, { review: { key, expert, progress: null, cards: reply.cards, error: null } });
  say(page, [expert ? t().review.expertDone(key) : t().review.done(key)]);
}

/** After a new view: a review of a hand no longer on the table is dropped, and the Worker stopped if it is still at work on it. */
export function reviewSync(page: Page): void {
  const review = page.ui.review;
  if (review === null || page.finished?.key === review.key) return;
  page.ui = { ...page.ui, review: null };
  if (review.cards === null && review.error === null) stopThinking(page);
}
