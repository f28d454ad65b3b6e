import * as Sentry from '@sentry/node';
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

describe('@sentry/node 10 against the MSW Node handlers', () => {
  it('sends an exception and a message that appear with their counts, users and frames', async () => {
    const dsn = await host.createDsn();
    expect(dsn).toMatch(/^http:\/\/[0-9a-f]{32}@errors\.reference\.test:9000\/api\/v4\/error_tracking\/collector\/1$/);
    Sentry.init({ dsn, defaultIntegrations: false, skipOpenTelemetrySetup: true });
    captureScenario(Sentry, 'node10-msw');
    expect(await Sentry.flush(5000)).toBe(true);
    await expectScenarioErrors((path) => host.getJson(path), 'node10-msw');
  });
});
