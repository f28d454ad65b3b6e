/**
 * Runs on every page: when the reader has opted in to the analytics demo, notes this page view for the
 * Snowplow tracker to send from the next /try/ page. It loads nothing else, so content pages stay light.
 */
import { noteView } from './try/page-view-queue.ts';

/** Notes the current page view once per page load; does nothing without the opt-in. */
export function noteThisPageView(): void {
  const root = document.documentElement;
  if (root.dataset.pageViewNoted !== undefined) return;
  try {
    if (noteView(localStorage, { url: location.href, title: document.title, referrer: document.referrer, at: Date.now() })) {
      root.dataset.pageViewNoted = '';
    }
  } catch {
    // Storage that cannot be reached at all (sandboxed frames) means no tracking, which is fine.
  }
}
