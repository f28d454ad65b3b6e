/**
 * Sends the noted page views with the real Snowplow browser tracker into the in-browser collector. Runs on
 * /try/ pages only, where the in-browser reference answers the collector path; the tracker and the reference
 * load on demand, and only for a reader who opted in.
 *
 * Each noted view is tracked as the page view it was: its URL (`setCustomUrl`), referrer and title, and the
 * moment it happened as the event's true timestamp (`ttm`), which the collector takes as the event time.
 */

import { DEMO_APP_ID } from '../../site/demo-world.ts';
import { noteThisPageView } from '../note-page-view.ts';
import { isOptedIn, takeViews } from '../try/page-view-queue.ts';

/** The tracker's namespace; its cookies and its own localStorage queue carry this name. */
export const TRACKER_NAMESPACE = 'sunset';
/** Dispatched on `window` after the collector accepted a batch of events. */
export const SENT_EVENT = 'sunset:page-views-sent';

type Tracker = typeof import('./snowplow-tracker-parts.ts');
let tracker: Promise<Tracker> | undefined;

async function startTracker(): Promise<Tracker> {
  const snowplow = await import('./snowplow-tracker-parts.ts');
  snowplow.newTracker(TRACKER_NAMESPACE, location.origin, {
    appId: DEMO_APP_ID,
    platform: 'web',
    eventMethod: 'post',
    // One request per event: the demo wants each view to arrive at once rather than in batches.
    bufferSize: 1,
    contexts: { webPage: false },
    onRequestSuccess: (batch) => window.dispatchEvent(new CustomEvent(SENT_EVENT, { detail: batch.length })),
  });
  return snowplow;
}

/** Holds a Web Lock while taking the queue, so two /try/ tabs never send the same views twice. */
function exclusively<T>(operation: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request('sunset-page-views', operation) : operation();
}

/**
 * Sends every noted page view (this one included) when the reader has opted in; resolves with how many
 * were handed to the tracker. The tracker keeps them in its own localStorage queue until the collector
 * accepts them.
 */
export async function sendNotedPageViews(): Promise<number> {
  if (!isOptedIn(localStorage)) return 0;
  noteThisPageView();
  const { startBrowserReference } = await import('../../reference/browser/start-browser-reference.ts');
  await startBrowserReference();
  tracker ??= startTracker();
  const snowplow = await tracker;
  return exclusively(async () => {
    const views = takeViews(localStorage);
    for (const view of views) {
      snowplow.setCustomUrl(view.url);
      snowplow.setReferrerUrl(view.referrer);
      snowplow.trackPageView({ title: view.title, timestamp: { type: 'ttm', value: view.at } });
    }
    snowplow.setCustomUrl(location.href);
    return views.length;
  });
}

/**
 * Forgets what the tracker keeps in this browser after an opt-out: its first-party cookies (`_sp_id.…`,
 * `_sp_ses.…`; through the Cookie Store API where the browser has it) and its own queue of unsent events.
 */
export async function forgetTracker(): Promise<void> {
  for (let index = localStorage.length - 1; index >= 0; index--) {
    const key = localStorage.key(index);
    if (key?.startsWith(`snowplowOutQueue_${TRACKER_NAMESPACE}_`)) localStorage.removeItem(key);
  }
  if (typeof cookieStore === 'undefined') return;
  for (const cookie of await cookieStore.getAll()) {
    if (cookie.name?.startsWith('_sp_')) await cookieStore.delete(cookie.name);
  }
}
