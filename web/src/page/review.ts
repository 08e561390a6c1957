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
import { whyOf } from '../why.js';
import { draw, say, setUi } from './draw.js';
import type { Page } from './state.js';
import { stopThinking, think } from './thinker.js';

/** The level the review is worked out at: the solo game's sampling level when it is strong, else standard. */
function reviewLevel(page: Page): SamplingLevel {
  const bots = page.soloSettings === null ? null : samplingLevel(page.soloSettings.bots);
  return bots === 'strong' ? 'strong' : 'standard';
}

/**
 * Asks for the review of the finished hand on the table; again for the same hand, it is there or on its way.
 * With `expert`, once the game level's review is there: the same review at the expert level (seconds a card),
 * the game level's cards shown until the expert's come, and again if the expert fails.
 */
export async function askReview(page: Page, expert = false): Promise<void> {
  const finished = page.finished;
  const turns = page.table?.personTurns?.() ?? null;
  if (finished === null || turns === null || turns.length === 0 || page.watching !== null) return;
  const key = finished.key;
  const asked = page.ui.review?.key === key ? page.ui.review : null;
  if (expert ? asked === null || asked.cards === null || asked.expert || asked.asking : asked !== null && asked.error === null) return;
  const W = t().review;
  const before = expert ? asked : null;
  if (before !== null) {
    setUi(page, { review: { ...before, asking: true, progress: W.expertWorking, error: null } });
    say(page, [W.expertWorking]);
  } else setUi(page, { review: { key, expert: false, asking: false, progress: W.working, cards: null, error: null } });
  const still = () => {
    const r = page.ui.review;
    return r?.key === key && page.finished?.key === key && (expert ? r.asking : !r.asking && !r.expert && r.cards === null);
  };
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
        const r = page.ui.review;
        if (!still() || r === null) return;
        page.ui = { ...page.ui, review: { ...r, progress: expert ? W.expertProgress(done, total) : W.progress(done, total) } };
        draw(page);
      },
    );
  } catch (e) {
    const r = page.ui.review;
    if (still() && r !== null) {
      const why = whyOf(e);
      setUi(page, { review: { ...r, asking: false, progress: null, error: expert ? W.expertFailed(why) : W.failed(why) } });
    }
    return;
  }
  // Stopped while the expert's review was still wanted: the game level's review stays, and the button is back.
  const now = page.ui.review;
  if (reply === null && expert && still() && now !== null) return setUi(page, { review: { ...now, asking: false, progress: null } });
  if (reply?.kind !== 'review' || !still()) return;
  setUi(page, { review: { key, expert, asking: false, progress: null, cards: reply.cards, error: null } });
  say(page, [expert ? W.expertDone(key) : W.done(key)]);
}

/** After a new view: a review of a hand no longer on the table is dropped, and the Worker stopped if it is still at work on it. */
export function reviewSync(page: Page): void {
  const review = page.ui.review;
  if (review === null || page.finished?.key === review.key) return;
  page.ui = { ...page.ui, review: null };
  if ((review.cards === null && review.error === null) || review.asking) stopThinking(page);
}
