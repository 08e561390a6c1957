/**
 * The one handler of the page: every click and every key becomes an intent (`intentOf`), and every intent
 * at most one action on the table (`handle`). The page sends only what the view offers: a card is played
 * only if the view lists it in `legalMoves`.
 *
 * @module
 */

import type { Card } from 'whist';
import { explainHand } from '../explain.js';
import { playableNow } from '../exposed.js';
import { t } from '../i18n/index.js';
import { mayAnswerCall, mayCallHonours, partnerCall, revokeToTakeBack } from '../laws.js';
import { cardName } from '../names.js';
import { canClaim, mustAnswer, tricksLeft } from '../render/claims.js';
import { canExpose, exposable, exposeSentence, mayCall, viewerCallSentence } from '../render/exposed.js';
import { lastHandKey } from '../render/hand.js';
import { takeBackOffered } from '../render/laws.js';
import { mayRevoke, revokeClaimSentence } from '../render/revokes.js';
import type { Move } from '../replay.js';
import { type Penalty, settingsQuery } from '../solo.js';
import { askMoves, setDdToggle } from './dd-toggle.js';
import { say, setUi } from './draw.js';
import { askHint } from './hint.js';
import { confirmLeaving } from './leave.js';
import { closeReplay, downloadRecord, stepReplay } from './records.js';
import { askReview } from './review.js';
import type { Page } from './state.js';

/** What a click or a key asks for. */
export type Intent =
  | { readonly type: 'play'; readonly card: Card }
  | { readonly type: 'deal' }
  | { readonly type: 'new-rubber' }
  | { readonly type: 'last-trick' }
  | { readonly type: 'close' }
  | { readonly type: 'dismiss' }
  | { readonly type: 'move'; readonly to: 'next' | 'previous' | 'first' | 'last' }
  | { readonly type: 'download' }
  | { readonly type: 'replay'; readonly move: Move }
  | { readonly type: 'replay-close' }
  | { readonly type: 'dd'; readonly on: boolean }
  | { readonly type: 'dd-ask' }
  | { readonly type: 'hint'; readonly expert?: true }
  | { readonly type: 'review'; readonly expert?: true }
  | { readonly type: 'undo' }
  | { readonly type: 'new-game' }
  | { readonly type: 'auto'; readonly on: boolean }
  | { readonly type: 'claim-open'; readonly claim: 'claim' | 'concede' }
  | { readonly type: 'claim-send' }
  | { readonly type: 'claim-cancel' }
  | { readonly type: 'answer'; readonly accept: boolean }
  | { readonly type: 'counter-close' }
  | { readonly type: 'revoke-confirm' }
  | { readonly type: 'revoke-cancel' }
  | { readonly type: 'revoke-penalty'; readonly card: Card; readonly penalty: Penalty }
  | { readonly type: 'expose-open' }
  | { readonly type: 'expose-pick'; readonly card: Card }
  | { readonly type: 'expose-confirm' }
  | { readonly type: 'expose-cancel' }
  | { readonly type: 'call-card'; readonly card: Card }
  | { readonly type: 'revoke-take-back' }
  | { readonly type: 'revoke-stand' }
  | { readonly type: 'call-honours' }
  | { readonly type: 'answer-call' };

/** The keys of a replay: a card at a time, a hand at a time, the start and the end of the hand. */
const REPLAY_KEYS: Readonly<Record<string, 'next-card' | 'previous-card' | 'next-hand' | 'previous-hand' | 'start' | 'end'>> = {
  ArrowRight: 'next-card',
  ArrowLeft: 'previous-card',
  PageDown: 'next-hand',
  PageUp: 'previous-hand',
  Home: 'start',
  End: 'end',
};

export function intentOf(page: Page, event: Event): Intent | null {
  const root = page.root;
  if (event.type === 'click') {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    if (!el || !root.contains(el) || (el as HTMLButtonElement).disabled) return null;
    const action = el.dataset.action;
    // While the viewer picks a card to drop face up, choosing a card picks it.
    if (action === 'play' && el.dataset.card && page.ui.expose !== null && page.ui.expose.card === null)
      return { type: 'expose-pick', card: el.dataset.card as Card };
    if (action === 'play' && el.dataset.card) return { type: 'play', card: el.dataset.card as Card };
    if (action === 'expose-open' || action === 'expose-confirm' || action === 'expose-cancel') return { type: action };
    if (action === 'call-card' && el.dataset.callCard) return { type: 'call-card', card: el.dataset.callCard as Card };
    if (action === 'deal' || action === 'new-rubber' || action === 'last-trick' || action === 'dismiss') return { type: action };
    if (action === 'download-record') return { type: 'download' };
    if (action === 'undo' || action === 'new-game') return { type: action };
    if (action === 'dd-ask') return { type: 'dd-ask' };
    if (action === 'hint') return { type: 'hint' };
    if (action === 'review') return { type: 'review' };
    if (action === 'hint-expert') return { type: 'hint', expert: true };
    if (action === 'review-expert') return { type: 'review', expert: true };
    if (action === 'replay-close') return { type: 'replay-close' };
    if (action === 'claim-open' || action === 'concede-open') return { type: 'claim-open', claim: action === 'claim-open' ? 'claim' : 'concede' };
    if (action === 'claim-send' || action === 'claim-cancel' || action === 'counter-close') return { type: action };
    if (action === 'accept-claim' || action === 'refuse-claim') return { type: 'answer', accept: action === 'accept-claim' };
    if (action === 'revoke-confirm' || action === 'revoke-cancel') return { type: action };
    if (action === 'revoke-take-back' || action === 'revoke-stand' || action === 'call-honours' || action === 'answer-call') return { type: action };
    if (action === 'revoke-penalty' && el.dataset.revokeCard && el.dataset.penalty)
      return { type: 'revoke-penalty', card: el.dataset.revokeCard as Card, penalty: el.dataset.penalty as Penalty };
    if (action === 'replay-hand') return { type: 'replay', move: { type: 'hand', hand: Number(el.dataset.hand) } };
    const step = action?.startsWith('replay-') ? action.slice('replay-'.length) : '';
    if (step === 'next-card' || step === 'previous-card' || step === 'next-hand' || step === 'previous-hand') return { type: 'replay', move: { type: step } };
    return null;
  }
  if (event.type === 'keydown') {
    const e = event as KeyboardEvent;
    const target = e.target as HTMLElement | null;
    // Escape in the claim form's number closes the form, as it does anywhere in the page.
    if (e.key === 'Escape' && target?.closest('.claim-panel') && page.ui.claimForm !== null) return { type: 'claim-cancel' };
    if (e.key === 'Escape' && page.ui.revokeConfirm !== null) return { type: 'revoke-cancel' };
    if (e.key === 'Escape' && page.ui.expose !== null) return { type: 'expose-cancel' };
    if (target?.closest('input, select, textarea, summary, dialog')) return null;
    // Ctrl+Z (⌘Z) takes back the person's last card in solo play.
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'z' || e.key === 'Z') && page.watching === null) return { type: 'undo' };
    if (e.altKey || e.ctrlKey || e.metaKey) return null;
    if (page.watching !== null) {
      // Watching a record: the keys step through it while the focus is in the page's table.
      if (target !== null && target !== document.body && !root.contains(target)) return null;
      const step = REPLAY_KEYS[e.key];
      return step === undefined ? null : { type: 'replay', move: { type: step } };
    }
    if (e.key === 'l' || e.key === 'L') return { type: 'last-trick' };
    if (e.key === 'h' || e.key === 'H') return { type: 'hint' };
    if (e.key === 'Escape') return { type: 'close' };
    // Claims: C claims, X concedes, and while a claim waits for the viewer, A accepts it and P plays on.
    if (e.key === 'c' || e.key === 'C') return { type: 'claim-open', claim: 'claim' };
    if (e.key === 'x' || e.key === 'X') return { type: 'claim-open', claim: 'concede' };
    // Under the laws, D drops one of the viewer's cards face up: it asks which, then to confirm.
    if ((e.key === 'd' || e.key === 'D') && canExpose(page.view)) return { type: 'expose-open' };
    if ((e.key === 'a' || e.key === 'A') && mustAnswer(page.view)) return { type: 'answer', accept: true };
    // Under the laws: T takes back the person's revoke while it may be; O calls honours at eight in Long Whist; A answers the partner's call.
    if ((e.key === 't' || e.key === 'T') && takeBackOffered(page.view, page.ui)) return { type: 'revoke-take-back' };
    if ((e.key === 'o' || e.key === 'O') && mayCallHonours(page.view)) return { type: 'call-honours' };
    if ((e.key === 'a' || e.key === 'A') && partnerCall(page.view) !== null && mayAnswerCall(page.view)) return { type: 'answer-call' };
    if ((e.key === 'p' || e.key === 'P') && mustAnswer(page.view)) return { type: 'answer', accept: false };
    const inCards = target === document.body || target === root || target?.closest('.cards') !== null;
    if (!inCards) return null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') return { type: 'move', to: 'next' };
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') return { type: 'move', to: 'previous' };
    if (e.key === 'Home') return { type: 'move', to: 'first' };
    if (e.key === 'End') return { type: 'move', to: 'last' };
  }
  return null;
}

/** Moves the keyboard focus among the viewer's legal cards (a roving focus: one card in the tab order). */
function moveFocus(page: Page, to: 'next' | 'previous' | 'first' | 'last'): void {
  const cards = [...page.root.querySelectorAll<HTMLButtonElement>('button[data-card]:not([disabled])')];
  if (cards.length === 0) return;
  const at = cards.indexOf(document.activeElement as HTMLButtonElement);
  const n = cards.length;
  const i = to === 'first' ? 0 : to === 'last' ? n - 1 : at < 0 ? 0 : (at + (to === 'next' ? 1 : n - 1)) % n;
  for (const c of cards) c.tabIndex = -1;
  const card = cards[i] as HTMLButtonElement;
  card.tabIndex = 0;
  card.focus();
  page.ui = { ...page.ui, focusCard: card.dataset.card as Card };
}

/**
 * A new solo game in one click: the same rules, computer players and pace, a fresh seed. The game left is
 * kept in this browser under its address (the page keeps it as it opens the new one); while a hand of it is
 * being played, the page asks first.
 */
function newGame(page: Page): void {
  const now = page.soloSettings;
  if (now === null) return;
  confirmLeaving(page, () => {
    page.table?.close?.();
    location.search = settingsQuery({ ...now, seed: crypto.getRandomValues(new Uint32Array(1))[0] as number });
  });
}

/** Carries out an intent: at most one action on the table, or a change of the page's own state. */
export async function handle(page: Page, intent: Intent): Promise<void> {
  const { view, ui, table } = page;
  switch (intent.type) {
    case 'download':
      return downloadRecord(page);
    case 'replay':
      return stepReplay(page, intent.move);
    case 'replay-close':
      return closeReplay(page);
    case 'dd':
      return setDdToggle(page, intent.on);
    case 'dd-ask':
      return askMoves(page);
    case 'hint':
      return askHint(page, intent.expert === true);
    case 'review':
      return askReview(page, intent.expert === true);
    case 'play':
      // Only the view's legal cards are offered; anything else is not sent at all. Under rules that rule on
      // irregularities a card that does not follow suit is a revoke: played only once confirmed.
      if (view?.next.action === 'play' && view.hand !== null && playableNow(view).includes(intent.card) && !ui.busy) {
        page.ui = { ...ui, focusCard: null, claimForm: null, counter: null, revokeConfirm: null, notice: null };
        await table?.act({ type: 'play', card: intent.card });
      } else if (mayRevoke(view, intent.card) && !ui.busy) {
        // A revoke: the page asks first, the focus on its answer.
        setUi(page, { revokeConfirm: intent.card, claimForm: null });
        page.root.querySelector<HTMLElement>('[data-action="revoke-confirm"]')?.focus();
      }
      return;
    case 'revoke-confirm': {
      const card = ui.revokeConfirm;
      if (card === null || !mayRevoke(view, card) || ui.busy) return setUi(page, { revokeConfirm: null });
      page.ui = { ...ui, focusCard: null, claimForm: null, counter: null, revokeConfirm: null };
      await table?.act({ type: 'play', card });
      return;
    }
    case 'revoke-cancel': {
      const card = ui.revokeConfirm;
      setUi(page, { revokeConfirm: null });
      if (card !== null) page.root.querySelector<HTMLElement>(`button[data-card="${card}"]`)?.focus();
      return;
    }
    case 'expose-open':
      if (page.watching !== null || !canExpose(view)) return;
      if (ui.expose !== null) return handle(page, { type: 'expose-cancel' });
      setUi(page, { expose: { card: null }, claimForm: null, revokeConfirm: null, counter: null });
      page.root.querySelector<HTMLElement>('.hand button[data-card][tabindex="0"]:not([disabled])')?.focus();
      return;
    case 'expose-pick':
      if (!exposable(view).includes(intent.card)) return;
      setUi(page, { expose: { card: intent.card } });
      page.root.querySelector<HTMLElement>('[data-action="expose-confirm"]')?.focus();
      return;
    case 'expose-confirm': {
      const card = ui.expose?.card ?? null;
      if (card === null || !exposable(view).includes(card)) return setUi(page, { expose: null });
      page.ui = { ...ui, expose: null, focusCard: null };
      await table?.act({ type: 'expose', card });
      const now = page.view;
      if (now !== null && now.viewer !== null && (now.exposed[now.viewer] ?? []).includes(card)) say(page, [exposeSentence(now, card)]);
      return;
    }
    case 'expose-cancel': {
      const card = ui.expose?.card ?? null;
      setUi(page, { expose: null });
      (
        (card === null ? null : page.root.querySelector<HTMLElement>(`button[data-card="${card}"]:not([disabled])`)) ??
        page.root.querySelector<HTMLElement>('[data-action="expose-open"]')
      )?.focus();
      return;
    }
    case 'call-card': {
      if (!mayCall(view, intent.card) || view === null) return;
      const sentence = viewerCallSentence(view, intent.card);
      await table?.act({ type: 'callCard', card: intent.card });
      if (page.view?.called.some((c) => c.card === intent.card)) say(page, [sentence]);
      return;
    }
    case 'revoke-take-back': {
      if (!takeBackOffered(view, ui) || ui.busy) return;
      page.ui = { ...ui, revokeConfirm: null, focusCard: null };
      await table?.act({ type: 'correctRevoke' });
      return;
    }
    case 'revoke-stand': {
      const card = revokeToTakeBack(view);
      if (view === null || card === null) return;
      setUi(page, { revokeStood: `${view.dealNumber}:${card}` });
      say(page, [t().laws.revokeStands(cardName(card))]);
      await table?.act({ type: 'letRevokeStand' });
      page.root.querySelector<HTMLElement>('.hand button[data-card][tabindex="0"]')?.focus();
      return;
    }
    case 'call-honours':
      if (mayCallHonours(view)) await table?.act({ type: 'callHonours' });
      return;
    case 'answer-call':
      if (partnerCall(view) !== null && mayAnswerCall(view)) await table?.act({ type: 'answerCall' });
      return;
    case 'revoke-penalty': {
      const revoke = view?.revokes.find((r) => r.card === intent.card && r.penalty === null);
      if (view === null || revoke === undefined || view.viewer === null) return;
      await table?.act({ type: 'claimRevoke', card: intent.card, penalty: intent.penalty });
      const now = page.view;
      if (now?.revokes.some((r) => r.card === intent.card && r.penalty === intent.penalty))
        say(page, [
          revokeClaimSentence({ seat: view.viewer, card: intent.card, penalty: intent.penalty }, view.viewer),
          ...explainHand(now.rules, now.hands, now.hands.length - 1),
        ]);
      return;
    }
    case 'deal':
      if (view?.next.action === 'deal') await table?.act({ type: 'deal' });
      return;
    case 'new-rubber':
      if (view?.next.action === 'newRubber') await table?.act({ type: 'newRubber' });
      return;
    case 'undo':
      if (ui.mode === 'solo' && page.watching === null && table?.canUndo?.()) await table.undo?.();
      return;
    case 'new-game':
      if (ui.mode === 'solo') newGame(page);
      return;
    case 'auto':
      table?.setAuto?.(intent.on);
      return;
    case 'last-trick':
      return setUi(page, { lastTrickOpen: !ui.lastTrickOpen });
    case 'close':
      if (ui.expose !== null) setUi(page, { expose: null });
      else if (ui.revokeConfirm !== null) setUi(page, { revokeConfirm: null });
      else if (ui.claimForm !== null) setUi(page, { claimForm: null });
      else if (ui.counter !== null) setUi(page, { counter: null });
      else if (ui.lastTrickOpen) setUi(page, { lastTrickOpen: false });
      return;
    case 'claim-open':
      if (page.watching === null && canClaim(view)) {
        setUi(page, { claimForm: { type: intent.claim, tricks: null }, counter: null });
        page.root.querySelector<HTMLElement>('select[name="claim-tricks"]')?.focus();
      }
      return;
    case 'claim-cancel':
      setUi(page, { claimForm: null });
      page.root.querySelector<HTMLElement>(`[data-action="${ui.claimForm?.type === 'concede' ? 'concede' : 'claim'}-open"]`)?.focus();
      return;
    case 'claim-send': {
      const form = ui.claimForm;
      const chosen = Number(page.root.querySelector<HTMLSelectElement>('select[name="claim-tricks"]')?.value);
      // A claim may be made while the computer players or the server are still to play: it goes first.
      if (form === null || !canClaim(view) || view === null) return;
      const left = tricksLeft(view);
      const tricks = Number.isInteger(chosen) && chosen >= 1 && chosen <= left ? chosen : left;
      page.ui = { ...ui, claimForm: null };
      await table?.act({ type: form.type, tricks });
      return;
    }
    case 'answer':
      if (mustAnswer(view)) await table?.act({ type: intent.accept ? 'acceptClaim' : 'refuseClaim' });
      return;
    case 'counter-close':
      return setUi(page, { counter: null });
    case 'dismiss':
      if (view) setUi(page, { dismissed: lastHandKey(view) });
      return;
    case 'move':
      return moveFocus(page, intent.to);
  }
}
