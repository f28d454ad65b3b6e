import * as Sentry from 'sentry-node-7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceHost, startHttpHost } from './sentry-reference-host.ts';
import { captureScenario, expectScenarioErrors } from './sentry-sdk-scenario.ts';

let host: ReferenceHost;
beforeAll(async () => {
  host = await startHttpHost();
});
afterAll(async () => {
  await Sentry.close(2000);
  await host.close();
});

describe('@sentry/node 7.38.0 (the spec’s tested version) against the local HTTP server', () => {
  it('sends an exception and a message that appear with their counts, users and frames', async () => {
    const dsn = await host.createDsn();
    Sentry.init({ dsn, defaultIntegrations: false, autoSessionTracking: false, release: 'shop@1.0.0' });
    expect(Sentry.SDK_VERSION).toBe('7.38.0');
    captureScenario(Sentry, 'node7');
    expect(await Sentry.flush(5000)).toBe(true);
    await expectScenarioErrors((path) => host.getJson(path), 'node7');
  });
});
