import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConsoleRequest, withHeader } from '../../src/browser/console/console-request.ts';
import { readFunnelDefinitions } from '../../src/reference/analytics/funnels/funnel-definitions.ts';
import { readFixtureRepositories } from '../../src/reference/analytics/repository/read-fixture-repositories.ts';
import { buildBrowserWorld } from '../../src/reference/browser/browser-world.ts';
import { buildReferenceData } from '../../src/reference/browser/reference-data.ts';
import { SAMPLE_PUBLIC_KEY } from '../../src/reference/errors/sample-errors.ts';
import { zlibDecompressor } from '../../src/reference/errors/zlib-decompressor.ts';
import { demoFixtures } from '../../src/reference/platform/world.ts';
import { loadRegister } from '../../src/register/index.ts';
import { type ConsoleData, consoleData } from '../../src/site/console-data.ts';
import { contentDir } from '../../src/site/content-dir.ts';

const register = await loadRegister();
const releases = register.releases.map((release) => release.release);
const repositories = await readFixtureRepositories(contentDir(), demoFixtures().projects);
const ORIGIN = 'http://localhost:4321';

/** The world a reader's browser starts from: the document the site publishes, seeded on first start. */
async function freshWorld() {
  const data = buildReferenceData({
    entries: register.entries,
    releases: register.releases,
    endpoints: register.endpoints,
    limits: register.limits,
    siteUrl: register.settings.site_url,
    configDir: register.settings.config_dir,
    funnels: Object.fromEntries(
      Object.entries(repositories).map(([id, files]) => [id, readFunnelDefinitions(files, register.settings.config_dir)]),
    ),
    repositories,
  });
  return buildBrowserWorld({
    data,
    snapshot: {},
    journal: [],
    sink: { commit: () => undefined },
    origin: ORIGIN,
    decompress: zlibDecompressor,
  });
}

/** The request a console sends untouched but for the preset picked: its fields as written, its token, its release. */
function presetRequest(data: ConsoleData, body: string | undefined) {
  let headers = data.headers.map((field): [string, string] => [field.name, field.value]);
  if (data.body && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', data.body.contentType]);
  }
  if (data.tokenAuth) headers = withHeader(headers, 'PRIVATE-TOKEN', data.token);
  headers = withHeader(headers, 'X-Platform-Release', data.release);
  return buildConsoleRequest({
    method: data.method,
    path: data.path,
    baseUrl: ORIGIN,
    pathParams: Object.fromEntries(data.pathParams.map((field) => [field.name, field.value])),
    query: data.query.map((field): [string, string] => [field.name, field.value]),
    headers,
    ...(body !== undefined ? { body } : {}),
  });
}

const served = register.endpoints.filter((endpoint) => endpoint.reference);

describe('every console the site shows, as it first appears', () => {
  it('has endpoints to try', () => {
    expect(served.length).toBeGreaterThan(20);
  });

  for (const endpoint of served) {
    const data = consoleData(endpoint, releases, register.entries);
    const presets = data.body?.examples.length ? data.body.examples : [{ summary: 'the default', text: undefined }];
    it(`answers ${endpoint.id} with 2xx for every preset (${presets.length})`, async () => {
      for (const preset of presets) {
        const world = await freshWorld();
        const request = presetRequest(data, preset.text);
        const response = await getResponse(
          world.reference.handlers,
          new Request(request.url, { method: request.method, headers: request.headers, body: request.body ?? null }),
        );
        const answer = `${response?.status} ${await response?.clone().text()}`;
        expect(response?.status, `${preset.summary}: ${answer.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(response?.status, `${preset.summary}: ${answer.slice(0, 300)}`).toBeLessThan(300);
      }
    });
  }

  it("fills the error SDK consoles with demo-app's sample key, which the world always has", () => {
    for (const id of ['error-tracking-store', 'error-tracking-envelope']) {
      const endpoint = served.find((candidate) => candidate.id === id);
      expect(endpoint, id).toBeDefined();
      const data = endpoint && consoleData(endpoint, releases, register.entries);
      expect(data?.query.find((field) => field.name === 'sentry_key')?.value, id).toBe(SAMPLE_PUBLIC_KEY);
    }
  });

  it('answers as the last release before a change refuses the first request, and says which change', () => {
    const endpoint = served.find((candidate) => candidate.id === 'runners-reset-registration-token');
    const data = endpoint && consoleData(endpoint, releases, register.entries);
    expect(data?.release).toBe('17.9');
    expect(data?.refusedBy?.id).toBe('runner-reset-registration-token-endpoints-gone');
    const load = served.find((candidate) => candidate.id === 'product-analytics-load');
    expect(load && consoleData(load, releases, register.entries).release).toBe('');
  });

  it('connects your own provider in the two requests the onboarding page describes, its body as written', async () => {
    const onboarding = served.find((candidate) => candidate.id === 'product-analytics-onboarding-create');
    const body = /`(\{"provider": "self_managed"\})`/.exec(onboarding?.summary ?? '')?.[1];
    expect(body).toBeDefined();
    const world = await freshWorld();
    const send = (method: string, path: string, json: string) =>
      getResponse(
        world.reference.handlers,
        new Request(`${ORIGIN}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': 'demo-maintainer-token' },
          body: json,
        }),
      );
    expect((await send('POST', '/api/v4/projects/2/product_analytics/onboarding', body ?? ''))?.status).toBe(400);
    const settings = {
      collector_host: 'https://collector.example.com',
      query_api_url: 'https://query.example.com',
      query_api_key: 'key-1234',
      configurator_connection_string: 'https://user:pass@configurator.example.com',
    };
    expect((await send('PUT', '/api/v4/projects/2/product_analytics/settings', JSON.stringify(settings)))?.status).toBe(200);
    expect((await send('POST', '/api/v4/projects/2/product_analytics/onboarding', body ?? ''))?.status).toBe(201);
  });
});
