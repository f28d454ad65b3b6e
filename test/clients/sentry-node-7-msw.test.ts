import * as Sentry from 'sentry-node-7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceHost, startMswHost } from './sentry-reference-host.ts';
import { captureScenario, expectScenarioErrors } from './sentry-sdk-scenario.ts';

let host: ReferenceHost;
beforeAll(() => {
  host = startMswHost();
});
afterAll(async () => {
  await Sentry.close(2000);
  await host.close();
});

describe('@sentry/node 7.38.0 (the spec’s tested version) against the MSW Node handlers', () => {
  it('sends an exception and a message that appear with their counts, users and frames', async () => {
    const dsn = await host.createDsn();
    Sentry.init({ dsn, defaultIntegrations: false, autoSessionTracking: false });
    expect(Sentry.SDK_VERSION).toBe('7.38.0');
    captureScenario(Sentry, 'node7-msw');
    expect(await Sentry.flush(5000)).toBe(true);
    await expectScenarioErrors((path) => host.getJson(path), 'node7-msw');
  });
});
