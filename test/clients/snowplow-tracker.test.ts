import type { Server } from 'node:http';
import { buildPageView, buildSelfDescribingEvent, newEmitter, trackerCore } from '@snowplow/tracker-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReference, type Reference } from '../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../src/reference/server.ts';

let server: Server;
let base: string;
let reference: Reference;

beforeAll(async () => {
  reference = createReference();
  server = createReferenceServer(reference.handlers);
  base = await listen(server, 0);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A tracker built on the Snowplow core, as the platform's SDK is, sending to the collector on the same origin. */
function tracker(
  appId: string,
  options: { anonymous?: boolean; eventMethod?: 'post' | 'get'; onFailure?: (status: number) => void } = {},
) {
  const emitter = newEmitter({
    endpoint: base,
    eventMethod: options.eventMethod ?? 'post',
    bufferSize: 3,
    retryFailedRequests: false,
    serverAnonymization: options.anonymous,
    customHeaders: { 'X-App-Id': appId },
    onRequestFailure: (failure) => options.onFailure?.(failure.status ?? 0),
  });
  const core = trackerCore({
    base64: true,
    callback: (payload) => {
      void emitter.input(payload.build());
    },
  });
  core.setAppId(appId);
  core.setPlatform('web');
  core.setTrackerVersion('js-4.10.1');
  core.setTimezone('Europe/Berlin');
  core.setViewport('1440', '789');
  core.addPayloadPair('cs', 'UTF-8');
  if (!options.anonymous) core.addPayloadPair('duid', 'visitor-1');
  return { core, emitter };
}

async function countEvents(
  query: Record<string, unknown>,
  token = 'demo-read-token',
): Promise<Record<string, string | number | null>[]> {
  const response = await fetch(`${base}/api/v4/projects/1/product_analytics/request/load?queryType=multi`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { results: { data: Record<string, string | number | null>[] }[] };
  return body.results[0]?.data ?? [];
}

describe('@snowplow/tracker-core against the collector over real HTTP', () => {
  it('sends a batch of page views and a custom event that then appear in queries', async () => {
    const { core, emitter } = tracker('demo-app');
    core.track(buildPageView({ pageUrl: 'https://shop.example.com/products?sort=price', pageTitle: 'All products' }));
    core.track(buildPageView({ pageUrl: 'https://shop.example.com/cart', pageTitle: 'Your cart' }));
    core.track(
      buildSelfDescribingEvent({
        event: {
          schema: 'iglu:com.example/custom_event/jsonschema/1-0-0',
          data: { name: 'add_to_cart', props: { sku: 'day-pack' } },
        },
      }),
    );
    await emitter.flush();

    const rows = await countEvents({
      measures: ['TrackedEvents.count'],
      dimensions: [
        'TrackedEvents.eventType',
        'TrackedEvents.docPath',
        'TrackedEvents.docSearch',
        'TrackedEvents.userAnonymousId',
        'TrackedEvents.src',
      ],
      order: { 'TrackedEvents.docPath': 'asc' },
    });
    expect(rows).toEqual([
      expect.objectContaining({
        'TrackedEvents.eventType': 'pageview',
        'TrackedEvents.docPath': '/cart',
        'TrackedEvents.userAnonymousId': 'visitor-1',
      }),
      expect.objectContaining({
        'TrackedEvents.eventType': 'pageview',
        'TrackedEvents.docPath': '/products',
        'TrackedEvents.docSearch': '?sort=price',
        'TrackedEvents.src': 'js-4.10.1',
      }),
      expect.objectContaining({ 'TrackedEvents.eventType': 'add_to_cart' }),
    ]);
    const [offset] = await countEvents({
      dimensions: ['TrackedEvents.localTzOffset', 'TrackedEvents.vpSize', 'TrackedEvents.docEncoding'],
    });
    expect(offset).toMatchObject({ 'TrackedEvents.vpSize': '1440x789', 'TrackedEvents.docEncoding': 'UTF-8' });
    expect([60, 120]).toContain(offset?.['TrackedEvents.localTzOffset']);
  });

  it('sends pixel GET requests and anonymous events', async () => {
    const before = Number((await countEvents({ measures: ['TrackedEvents.count'] }))[0]?.['TrackedEvents.count']);
    const pixel = tracker('demo-app', { eventMethod: 'get' });
    pixel.core.track(buildPageView({ pageUrl: 'https://shop.example.com/about' }));
    await pixel.emitter.flush();
    const anonymous = tracker('demo-app', { anonymous: true });
    anonymous.core.track(buildPageView({ pageUrl: 'https://shop.example.com/about' }));
    await anonymous.emitter.flush();
    const rows = await countEvents({
      measures: ['TrackedEvents.count'],
      dimensions: ['TrackedEvents.userAnonymousId'],
      filters: [{ member: 'TrackedEvents.docPath', operator: 'equals', values: ['/about'] }],
    });
    expect(rows.map((row) => row['TrackedEvents.userAnonymousId']).sort()).toEqual(['visitor-1', null].sort());
    expect(Number((await countEvents({ measures: ['TrackedEvents.count'] }))[0]?.['TrackedEvents.count'])).toBe(before + 2);
  });

  it('has events of a project that is not onboarded refused', async () => {
    // The emitter reports a failure after its flush has resolved, so wait for the report itself.
    let reportFailure: (status: number) => void = () => {};
    const failure = new Promise<number>((resolve) => {
      reportFailure = resolve;
    });
    const { core, emitter } = tracker('docs-site', { onFailure: (status) => reportFailure(status) });
    core.track(buildPageView({ pageUrl: 'https://docs.example.com/' }));
    await emitter.flush();
    expect(await failure).toBe(403);
    expect(reference.analytics.state.store(2).size).toBe(0);
  });
});
