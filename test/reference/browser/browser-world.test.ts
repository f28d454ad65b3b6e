import path from 'node:path';
import { getResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { readConfigDir, readFixtureRepositories } from '../../../src/reference/analytics/repository/read-fixture-repositories.ts';
import { type BrowserWorld, buildBrowserWorld } from '../../../src/reference/browser/browser-world.ts';
import type { StateSink } from '../../../src/reference/browser/persistent-state-store.ts';
import { buildReferenceData, type ReferenceData } from '../../../src/reference/browser/reference-data.ts';
import { applyJournalEntry, type JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { WORLD_KEYS } from '../../../src/reference/browser/world-keys.ts';
import { SAMPLE_PUBLIC_KEY } from '../../../src/reference/errors/sample-errors.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { demoFixtures } from '../../../src/reference/platform/world.ts';
import { loadRegister } from '../../../src/register/index.ts';

const ORIGIN = 'http://127.0.0.1:4321';
const CONTENT = path.resolve(import.meta.dirname, '../../../content');

/** What a host persists: the state keys and the journal, as IndexedDB would hold them (structured clones). */
function persisted() {
  const state: Record<string, unknown> = {};
  const journal: JournalEntry[] = [];
  const sink: StateSink = {
    commit: (change) => {
      for (const [key, value] of Object.entries(change.set ?? {})) state[key] = structuredClone(value);
      for (const key of change.delete ?? []) delete state[key];
      for (const entry of change.journal ?? []) journal.push(structuredClone(entry) as JournalEntry);
    },
  };
  return { state, journal, sink };
}

let data: ReferenceData;
beforeAll(async () => {
  const register = await loadRegister(CONTENT);
  data = buildReferenceData({
    entries: register.entries,
    releases: register.releases,
    endpoints: register.endpoints,
    limits: register.limits,
    siteUrl: register.settings.site_url,
    configDir: await readConfigDir(CONTENT),
    repositories: await readFixtureRepositories(CONTENT, demoFixtures().projects),
  });
  // The site publishes it as JSON: what the browser gets has been through JSON.
  data = JSON.parse(JSON.stringify(data)) as ReferenceData;
});

async function start(store: ReturnType<typeof persisted>, now = '2025-06-02T10:00:00Z'): Promise<BrowserWorld> {
  return buildBrowserWorld({
    data,
    snapshot: structuredClone(store.state),
    journal: [...store.journal],
    sink: store.sink,
    origin: ORIGIN,
    clock: manualClock(now),
  });
}

async function call(
  world: BrowserWorld,
  method: string,
  pathname: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('PRIVATE-TOKEN', init.token);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`${ORIGIN}${pathname}`, {
    method,
    headers,
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  const response = await getResponse(world.reference.handlers, request);
  if (!response) throw new Error(`no handler for ${method} ${pathname}`);
  return response;
}

const ERRORS = '/api/v4/projects/1/error_tracking/errors';

describe('the in-browser world', () => {
  it('seeds the sample on a first start and journals the sample errors it ingests', async () => {
    const store = persisted();
    const world = await start(store);
    expect(world.reference.analytics.state.store(1).size).toBeGreaterThan(1000);
    expect(store.state[WORLD_KEYS.sampleEnd]).toBe(Date.parse('2025-06-02T10:00:00Z'));
    expect(world.reference.errors.state.keys.findByPublicKey(SAMPLE_PUBLIC_KEY)).toBeDefined();
    expect(store.journal.length).toBeGreaterThan(0);
    expect(store.journal.every((entry) => entry.kind === 'ingested')).toBe(true);
    expect(world.release).toBe('20.0');
  });

  it('comes back after a restart with its events, errors, keys, statuses and issue links', async () => {
    const store = persisted();
    const first = await start(store);
    const created = await (
      await call(first, 'POST', '/api/v4/projects/1/error_tracking/client_keys', { token: 'demo-maintainer-token' })
    ).json();
    const tracked = await call(first, 'POST', '/com.snowplowanalytics.snowplow/tp2', {
      body: {
        schema: PAYLOAD_DATA_SCHEMA,
        data: [
          {
            e: 'pv',
            aid: 'demo-app',
            url: 'https://shop.example.com/persisted',
            dtm: String(Date.parse('2025-06-02T09:59:00Z')),
            tv: 'js-4.10.1',
          },
        ],
      },
    });
    expect(tracked.status).toBe(200);
    const errors = (await (await call(first, 'GET', ERRORS, { token: 'demo-read-token' })).json()) as { id: number }[];
    const errorId = errors[0]?.id as number;
    expect(
      (await call(first, 'PUT', `${ERRORS}/${errorId}`, { token: 'demo-developer-token', body: { status: 'ignored' } })).status,
    ).toBe(200);
    expect((await call(first, 'POST', `${ERRORS}/${errorId}/issue`, { token: 'demo-developer-token' })).status).toBe(201);
    const eventsBefore = first.reference.analytics.state.store(1).size;
    const usageBefore = first.reference.analytics.state.ledger.eventsIn(1, '2025-06');

    const second = await start(store, '2025-06-02T11:00:00Z');
    expect(second.reference.analytics.state.store(1).size).toBe(eventsBefore);
    expect(second.reference.analytics.state.ledger.eventsIn(1, '2025-06')).toBe(usageBefore);
    const keys = (await (
      await call(second, 'GET', '/api/v4/projects/1/error_tracking/client_keys', { token: 'demo-maintainer-token' })
    ).json()) as {
      public_key: string;
    }[];
    expect(keys.map((key) => key.public_key)).toContain(created.public_key);
    const details = await (await call(second, 'GET', `${ERRORS}/${errorId}`, { token: 'demo-read-token' })).json();
    expect(details.status).toBe('ignored');
    // The issue is found again rather than created twice.
    expect((await call(second, 'POST', `${ERRORS}/${errorId}/issue`, { token: 'demo-developer-token' })).status).toBe(200);
    expect(second.reference.errors.state.errors.size()).toBe(first.reference.errors.state.errors.size());
  });

  it('keeps the release it was told to answer as, and drops one the register no longer knows', async () => {
    const store = persisted();
    const first = await start(store);
    first.state.set(WORLD_KEYS.release, '17.0');
    const second = await start(store);
    expect(second.release).toBe('17.0');
    const registration = { token: 'demo-registration-token' };
    expect((await call(second, 'POST', '/api/v4/runners', { body: registration })).status).toBe(201);
    second.state.set(WORLD_KEYS.release, '99.0');
    const third = await start(store);
    expect(third.release).toBe('20.0');
    expect((await call(third, 'POST', '/api/v4/runners', { body: registration })).status).toBe(410);
  });

  it('catches up with what another tab journaled, without a rebuild', async () => {
    const store = persisted();
    const here = await start(store);
    const there = await start(store);
    const seen = store.journal.length;
    const error = {
      message: 'from the other tab',
      level: 'error',
      platform: 'javascript',
      timestamp: Date.parse('2025-06-02T09:30:00Z') / 1000,
    };
    const sent = await call(there, 'POST', '/api/v4/error_tracking/collector/api/1/store/', {
      body: error,
      headers: { 'X-Sentry-Auth': `Sentry sentry_key=${SAMPLE_PUBLIC_KEY}, sentry_version=7` },
    });
    expect(sent.status).toBe(200);
    await call(there, 'POST', '/com.snowplowanalytics.snowplow/tp2', {
      body: {
        schema: PAYLOAD_DATA_SCHEMA,
        data: [
          {
            e: 'pv',
            aid: 'demo-app',
            url: 'https://shop.example.com/x',
            dtm: String(Date.parse('2025-06-02T09:59:00Z')),
            tv: 'js-4.10.1',
          },
        ],
      },
    });
    expect(here.reference.errors.state.errors.size()).toBe(there.reference.errors.state.errors.size() - 1);
    for (const entry of store.journal.slice(seen)) applyJournalEntry(here.reference, entry);
    expect(here.reference.errors.state.errors.size()).toBe(there.reference.errors.state.errors.size());
    expect(here.reference.analytics.state.store(1).size).toBe(there.reference.analytics.state.store(1).size);
    const titles = (await (await call(here, 'GET', ERRORS, { token: 'demo-read-token' })).json()) as { title: string }[];
    expect(titles.map((item) => item.title)).toContain('from the other tab');
  });
});
