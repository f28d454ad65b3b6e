/**
 * The page views this browser has made on the site, waiting for the Snowplow tracker to send them.
 *
 * Content pages must stay light, so they do not load the tracker nor the in-browser reference that
 * receives its events. Once the reader has opted in (on /try/analytics/), every page notes its view here
 * (a few hundred bytes of script); the next /try/ page, where the reference runs, loads the tracker and
 * sends each noted view with the time it happened. Nothing is noted without the opt-in.
 */

/** `localStorage` key of the opt-in flag; the value is {@link OPTED_IN}. */
export const OPT_IN_KEY = 'sunset-analytics';
/** The flag's value when the reader has opted in. */
export const OPTED_IN = 'on';
/** `localStorage` key of the noted page views. */
export const QUEUE_KEY = 'sunset-page-views';
/** At most this many views wait; older ones are dropped first, so a long stay away from /try/ stays bounded. */
export const QUEUE_CAP = 200;

/** One noted page view. */
export interface NotedPageView {
  /** The page's full URL. */
  url: string;
  /** `document.title`. */
  title: string;
  /** `document.referrer`; empty when none. */
  referrer: string;
  /** When the page was viewed, ms since the epoch. */
  at: number;
}

/** The subset of `Storage` the queue uses. */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isNotedPageView(value: unknown): value is NotedPageView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  return (
    typeof view.url === 'string' &&
    typeof view.title === 'string' &&
    typeof view.referrer === 'string' &&
    typeof view.at === 'number' &&
    Number.isFinite(view.at)
  );
}

/** Reads the stored queue; anything unreadable counts as empty, and malformed items are skipped. */
export function readQueue(stored: string | null): NotedPageView[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter(isNotedPageView) : [];
  } catch {
    return [];
  }
}

/** The queue with `view` added at the end, keeping the newest {@link QUEUE_CAP}. */
export function appendView(queue: readonly NotedPageView[], view: NotedPageView): NotedPageView[] {
  return [...queue, view].slice(-QUEUE_CAP);
}

/** Whether the reader has opted in to tracking their page views in this browser. */
export function isOptedIn(storage: QueueStorage): boolean {
  try {
    return storage.getItem(OPT_IN_KEY) === OPTED_IN;
  } catch {
    return false;
  }
}

/** Notes a page view when the reader has opted in; returns whether it did. Storage failures note nothing. */
export function noteView(storage: QueueStorage, view: NotedPageView): boolean {
  if (!isOptedIn(storage)) return false;
  try {
    storage.setItem(QUEUE_KEY, JSON.stringify(appendView(readQueue(storage.getItem(QUEUE_KEY)), view)));
    return true;
  } catch {
    return false;
  }
}

/** Takes every noted view out of the queue, oldest first, leaving it empty. */
export function takeViews(storage: QueueStorage): NotedPageView[] {
  try {
    const views = readQueue(storage.getItem(QUEUE_KEY));
    storage.removeItem(QUEUE_KEY);
    return views;
  } catch {
    return [];
  }
}

/** Opts in or out. Opting out also forgets the views not yet sent. */
export function setOptIn(storage: QueueStorage, on: boolean): void {
  if (on) storage.setItem(OPT_IN_KEY, OPTED_IN);
  else {
    storage.removeItem(OPT_IN_KEY);
    storage.removeItem(QUEUE_KEY);
  }
}
