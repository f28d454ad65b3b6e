import { getResponse, type HttpHandler } from 'msw';
import type { AnalyticsOptions } from '../../../src/reference/analytics/module.ts';
import type { RepositoryFiles } from '../../../src/reference/analytics/repository/repository-files.ts';
import { createEventStore, type EventStore } from '../../../src/reference/analytics/store/event-store.ts';
import type { TrackedEvent } from '../../../src/reference/analytics/tracked-events.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference, type Reference } from '../../../src/reference/reference.ts';

/** A page view with readable defaults; override any field. */
export function event(overrides: Partial<Omit<TrackedEvent, 'utcTime'>> & { utcTime: number | string }): TrackedEvent {
  const { utcTime, ...rest } = overrides;
  return {
    docEncoding: 'UTF-8',
    docHost: 'shop.example.com',
    docPath: '/',
    docSearch: null,
    eventType: 'pageview',
    localTzOffset: 0,
    pageTitle: 'Home',
    src: 'js-4.10.1',
    vpSize: '1440x789',
    apiKey: 'demo-app',
    userAnonymousId: 'user-a',
    ...rest,
    utcTime: typeof utcTime === 'string' ? Date.parse(utcTime) : utcTime,
  };
}

/** A store holding the given events, in the order given. */
export function storeOf(events: readonly TrackedEvent[]): EventStore {
  const store = createEventStore();
  for (const item of events) store.append(item);
  return store;
}

/** The completed_purchase funnel's definition file, as in content/examples/demo-app. */
export const COMPLETED_PURCHASE_YAML = `seconds_to_convert: 3600
steps:
  - name: view_products
    action: pageview
    target: /products
  - name: open_cart
    action: pageview
    target: /cart
  - name: start_checkout
    action: pageview
    target: /checkout
  - name: purchase
    action: pageview
    target: /checkout/confirmation
`;

/** A repository with the given files under `.gitlab/analytics/funnels/`. */
export function funnelRepository(files: Record<string, string>): RepositoryFiles {
  return new Map(Object.entries(files).map(([name, text]) => [`.gitlab/analytics/funnels/${name}`, text]));
}

/** A reference implementation at a fixed time, project 1 with the completed_purchase funnel. */
export function referenceAt(
  now: string,
  analytics: AnalyticsOptions = {},
): Reference & { clock: ReturnType<typeof manualClock> } {
  const clock = manualClock(now);
  const reference = createReference({
    clock,
    analytics: { repositories: { 1: funnelRepository({ 'completed_purchase.yaml': COMPLETED_PURCHASE_YAML }) }, ...analytics },
  });
  return { ...reference, clock };
}

/** Options of {@link call}. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends a request through the handlers (no network) and returns the status and parsed body. */
export async function call(
  reference: { handlers: HttpHandler[] },
  method: string,
  path: string,
  options: CallOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies of many shapes
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('PRIVATE-TOKEN', options.token);
  if (options.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const body =
    options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await getResponse(reference.handlers, new Request(`http://localhost${path}`, { method, headers, body }));
  if (!response) throw new Error(`no handler for ${method} ${path}`);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (the collector's "ok", the pixel): keep the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Posts a query to endpoint 1 of project 1 with `?queryType=multi` and returns the first result. */
export async function load(reference: { handlers: HttpHandler[] }, query: unknown, token = 'demo-read-token') {
  return call(reference, 'POST', '/api/v4/projects/1/product_analytics/request/load?queryType=multi', { token, body: { query } });
}
