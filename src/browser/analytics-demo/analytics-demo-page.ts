/**
 * The analytics demo (/try/analytics/): the reader opts in, and from then on the site's own page views in
 * this browser are tracked by the Snowplow browser tracker into the in-browser collector; the panel shows
 * them through the query endpoint.
 */

import { debounced, markedElement, startDemoReference } from '../demo-page.ts';
import { isOptedIn, QUEUE_KEY, readQueue, setOptIn } from '../try/page-view-queue.ts';
import { forgetTracker, SENT_EVENT, sendNotedPageViews } from './page-view-tracker.ts';
import { type PanelElements, refreshPanel } from './page-views-panel.ts';

/** Wires the demo under `root`. */
export async function startAnalyticsDemo(root: HTMLElement): Promise<void> {
  const part = <T extends Element>(name: string) => markedElement<T>(root, name, 'the analytics demo');
  const optIn = part<HTMLInputElement>('opt-in');
  const status = part<HTMLElement>('demo-status');
  const tracking = part<HTMLElement>('tracking-status');
  const refresh = part<HTMLButtonElement>('refresh-views');
  const panel: PanelElements = {
    byPath: part('views-by-path'),
    byDay: part('views-by-day'),
    byPathExchange: part('by-path-exchange'),
    byDayExchange: part('by-day-exchange'),
    byPathConsole: part('by-path-console'),
    byDayConsole: part('by-day-console'),
  };

  const refreshSoon = debounced(() => refreshPanel(panel), 100);
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

  await startDemoReference(
    root,
    status,
    'The in-browser reference is running: the collector and the query endpoint answer on this page.',
    async (runtime) => {
      runtime.onChange(refreshSoon);
      optIn.disabled = false;
      refresh.disabled = false;
      if (optIn.checked) await send();
      await refreshPanel(panel);
    },
  );
}
