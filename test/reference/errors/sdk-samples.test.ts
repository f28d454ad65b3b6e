import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ErrorDetails, ErrorSummary } from '../../../src/reference/errors/error-views.ts';
import { SDK_SAMPLES } from '../../../src/reference/errors/sdk-samples.ts';
import { createHarness } from './harness.ts';

/** What each SDK's first two samples become: platform, error type (null for messages) and culprit. */
const EXPECTED: Record<string, { platform: string; type: string | null; culprit: string }> = {
  go: { platform: 'go', type: '*fs.PathError', culprit: 'loadConfig in example.com/app/config' },
  java: { platform: 'java', type: 'NullPointerException', culprit: 'pay in com.example.shop.Checkout' },
  node: { platform: 'node', type: 'TypeError', culprit: 'addItem in routes:cart' },
  php: { platform: 'php', type: null, culprit: '/orders' },
  python: { platform: 'python', type: 'ZeroDivisionError', culprit: 'ratio in app.stats' },
  ruby: { platform: 'ruby', type: 'ActiveRecord::RecordInvalid', culprit: 'OrdersController#create' },
  rust: { platform: 'native', type: 'panic', culprit: 'cli::parse::args in cli::parse' },
};

describe.each(SDK_SAMPLES)('$sdk $version request shape', (sample) => {
  it('is accepted and grouped as the spec says', async () => {
    const harness = createHarness('2025-03-10T12:30:00Z');
    const key = await harness.createKey();
    const at = harness.clock.now() - 60_000;
    for (const variant of [0, 3, 6]) {
      const request = sample.build({ publicKey: key.public_key, dsn: key.sentry_dsn, at, variant });
      const path = `/api/v4/error_tracking/collector/api/1/${request.kind}/${request.query ? `?${request.query}` : ''}`;
      const response = await harness.call('POST', path, {
        headers: request.headers,
        body: request.gzip ? gzipSync(request.body) : request.body,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    }
    const errors = await harness.getJson<ErrorSummary[]>('/api/v4/projects/1/error_tracking/errors?sort=frequency');
    const expected = EXPECTED[sample.sdk];
    expect(errors[0]).toMatchObject({ ...expected, occurrences: expect.any(Number) });
    expect(errors.reduce((sum, error) => sum + error.occurrences, 0)).toBe(3);
    const details = await harness.getJson<ErrorDetails>(`/api/v4/projects/1/error_tracking/errors/${errors[0]?.id}`);
    expect(details.latest_event.timestamp).toBe(new Date(at).toISOString());
  });
});

describe('SDKs that send sessions', () => {
  it('have their sessions recorded', async () => {
    const harness = createHarness('2025-03-10T12:30:00Z');
    const key = await harness.createKey();
    for (const sample of SDK_SAMPLES.filter((each) => ['python', 'rust', 'node'].includes(each.sdk))) {
      const request = sample.build({ publicKey: key.public_key, dsn: key.sentry_dsn, at: harness.clock.now(), variant: 0 });
      await harness.reference.errors.ingest({
        kind: request.kind,
        projectId: '1',
        headers: new Headers(request.headers),
        query: new URLSearchParams(request.query),
        body: request.gzip ? gzipSync(request.body) : new TextEncoder().encode(request.body),
        clientAddress: '127.0.0.1',
      });
    }
    expect(harness.reference.errors.state.sessions.summary(1)).toEqual({
      total: 6,
      ok: 0,
      exited: 4,
      errored: 1,
      crashed: 1,
      abnormal: 0,
    });
  });
});

describe('sample messages', () => {
  it('read as English whatever the variant ("retried 2 times", never "retried 1 times")', () => {
    const java = SDK_SAMPLES.find((sample) => sample.sdk === 'java');
    const messages = [0, 1, 2, 3, 4, 5, 6, 7].map(
      (variant) => java?.build({ publicKey: 'k', dsn: 'http://k@h/1', at: 0, variant }).body ?? '',
    );
    const retried = messages.flatMap((body) =>
      [...body.matchAll(/Payment retried (\d+) times/g)].map((match) => Number(match[1])),
    );
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((count) => count >= 2)).toBe(true);
  });
});
