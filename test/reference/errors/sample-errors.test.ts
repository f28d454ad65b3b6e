import { describe, expect, it } from 'vitest';
import type { ErrorSummary } from '../../../src/reference/errors/error-views.ts';
import { SAMPLE_PUBLIC_KEY, seedSampleErrors } from '../../../src/reference/errors/sample-errors.ts';
import { createHarness } from './harness.ts';

describe('sample errors', () => {
  it('fill demo-app with errors from every SDK shape and leave docs-site empty', async () => {
    const harness = createHarness('2025-03-10T12:30:00Z');
    expect(await seedSampleErrors(harness.reference.errors, harness.clock.now())).toBe(252);
    const errors = await harness.getJson<ErrorSummary[]>('/api/v4/projects/1/error_tracking/errors?limit=100');
    expect(new Set(errors.map((error) => error.platform))).toEqual(
      new Set(['go', 'java', 'node', 'php', 'python', 'ruby', 'native']),
    );
    expect(errors.every((error) => error.last_seen < '2025-03-10T12:00:00.000Z')).toBe(true);
    expect(await harness.getJson('/api/v4/projects/2/error_tracking/errors')).toEqual([]);
  });

  it('come with a client key whose DSN works', async () => {
    const harness = createHarness();
    await seedSampleErrors(harness.reference.errors, harness.clock.now());
    const keys = await (
      await harness.call('GET', '/api/v4/projects/1/error_tracking/client_keys', { token: 'demo-admin-token' })
    ).json();
    expect(keys.map((key: { public_key: string }) => key.public_key)).toEqual([SAMPLE_PUBLIC_KEY]);
    expect((await harness.sendEvent(SAMPLE_PUBLIC_KEY, { message: 'hello' })).status).toBe(200);
  });
});
