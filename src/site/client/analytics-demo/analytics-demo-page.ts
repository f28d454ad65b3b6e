/**
 * The analytics demo (/try/analytics/): the reader opts in, and from then on the site's own page views in
 * this browser are tracked by the Snowplow browser tracker into the in-browser collector; the panel shows
 * them through the query endpoint.
 */
import { isOptedIn, QUEUE_KEY, readQueue, setOptIn } from '../../try/page-view-queue.ts';
import { forgetTracker, SENT_EVENT, sendNotedPageViews } from './page-view-tracker.ts';
import { type PanelElements, refreshPanel } from './page-views-panel.ts';

function part<T extends Element>(root: ParentNode, name: string): T {
  const element = root.querySelector<T>(`[data-${name}]`);
  if (!element) throw new Error(`the analytics demo has no [data-${name}] element`);
  return element;
}

/** Wires the demo under `root`. */
export async function startAnalyticsDemo(root: HTMLElement): Promise<void> {
  const optIn = part<HTMLInputElement>(root, 'opt-in');
  const status = part<HTMLElement>(root, 'demo-status');
  const tracking = part<HTMLElement>(root, 'tracking-status');
  const refresh = part<HTMLButtonElement>(root, 'refresh-views');
  const panel: PanelElements = {
    byPath: part(root, 'views-by-path'),
    byDay: part(root, 'views-by-day'),
    byPathExchange: part(root, 'by-path-exchange'),
    byDayExchange: part(root, 'by-day-exchange'),
    byPathConsole: part(root, 'by-path-console'),
    byDayConsole: part(root, 'by-day-console'),
  };

  let pending: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = () => {
    clearTimeout(pending);
    pending = setTimeout(() => void refreshPanel(panel), 100);
  };
  const send = async () => {
    try {
      const count = await sendNotedPageViews();
      tracking.textContent = `Tracking is on. ${count} page view${count === 1 ? '' : 's'} handed to the tracker just now.`;
    } catch (failure) {
      tracking.textContent = `The tracker could not send: ${String(failure)}`;
    }
  };
  const describe = () => {
    const waiting = readQueue(localStorage.getItem(QUEUE_KEY)).length;
    tracking.textContent = isOptedIn(localStorage)
      ? `Tracking is on. ${waiting} noted page view${waiting === 1 ? '' : 's'} waiting to be sent.`
      : 'Tracking is off: no page view is noted or sent.';
  };

  optIn.checked = isOptedIn(localStorage);
  describe();
  window.addEventListener(SENT_EVENT, refreshSoon);
  optIn.addEventListener('change', () => {
    setOptIn(localStorage, optIn.checked);
    if (optIn.checked) void send();
    else {
      describe();
      void forgetTracker();
    }
  });
  refresh.addEventListener('click', () => void refreshPanel(panel));

  status.textContent = 'Starting the in-browser reference…';
  try {
    const { startBrowserReference } = await import('../../../reference/browser/start-browser-reference.ts');
    const runtime = await startBrowserReference();
    runtime.onChange(refreshSoon);
    status.textContent = 'The in-browser reference is running: the collector and the query endpoint answer on this page.';
    optIn.disabled = false;
    refresh.disabled = false;
    if (optIn.checked) await send();
    await refreshPanel(panel);
    root.dataset.ready = '';
  } catch (failure) {
    status.textContent = `The in-browser reference could not start: ${String(failure)}`;
    status.classList.add('problem');
  }
}
