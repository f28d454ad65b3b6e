import * as Sentry from '@sentry/node';
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

describe('@sentry/node 10 against the local HTTP server', () => {
  it('sends an exception and a message that appear with their counts, users and frames', async () => {
    const dsn = await host.createDsn();
    expect(dsn).toMatch(new RegExp(`^${host.baseUrl.replace('://', '://[0-9a-f]{32}@')}/api/v4/error_tracking/collector/1$`));
    Sentry.init({ dsn, defaultIntegrations: false, skipOpenTelemetrySetup: true, release: 'shop@1.0.0' });
    captureScenario(Sentry, 'node10');
    expect(await Sentry.flush(5000)).toBe(true);
    await expectScenarioErrors((path) => host.getJson(path), 'node10');
  });
});
