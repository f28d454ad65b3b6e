import { describe, expect, it } from 'vitest';
import { createAnalyticsModule } from '../../../../src/reference/analytics/module.ts';
import { manualClock } from '../../../../src/reference/platform/clock.ts';
import { demoFixtures } from '../../../../src/reference/platform/world.ts';
import { call, event, load, referenceAt } from '../analytics-fixtures.ts';

const LOAD = '/api/v4/projects/1/product_analytics/request/load';
const QUERY = { measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'] };

function seeded() {
  const reference = referenceAt('2024-06-01T00:00:00Z');
  const project = reference.platform.fixtures.projects[0];
  if (!project) throw new Error('no project 1');
  reference.analytics.state.ingest(
    project,
    [event({ utcTime: '2024-05-31T10:00:00Z' }), event({ utcTime: '2024-05-31T11:00:00Z', docPath: '/cart' })],
    0,
  );
  return reference;
}

describe('analytics query endpoint', () => {
  it('answers {query} with ?queryType=multi in the multi envelope', async () => {
    const response = await load(seeded(), QUERY);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      queryType: 'regularQuery',
      results: [
        {
          data: [
            { 'TrackedEvents.docPath': '/', 'TrackedEvents.count': '1' },
            { 'TrackedEvents.docPath': '/cart', 'TrackedEvents.count': '1' },
          ],
          annotation: {
            measures: { 'TrackedEvents.count': { type: 'number' } },
            dimensions: { 'TrackedEvents.docPath': { type: 'string' } },
            segments: {},
            timeDimensions: {},
          },
          lastRefreshTime: '2024-06-01T00:00:00.000Z',
        },
      ],
    });
  });

  it("answers the query-layer client's {query, queryType} body and a list of queries", async () => {
    const reference = seeded();
    const single = await call(reference, 'POST', LOAD, {
      token: 'demo-developer-token',
      body: { query: QUERY, queryType: 'multi' },
    });
    expect(single.body.results).toHaveLength(1);
    const list = await call(reference, 'POST', LOAD, {
      token: 'demo-developer-token',
      body: { query: [QUERY, { measures: ['TrackedEvents.uniqueUsersCount'] }], queryType: 'multi' },
    });
    expect(list.body.results.map((result: { data: unknown[] }) => result.data.length)).toEqual([2, 1]);
  });

  it('answers a plain result without queryType, and reads GET queries too', async () => {
    const reference = seeded();
    const plain = await call(reference, 'POST', LOAD, { token: 'demo-admin-token', body: { query: QUERY } });
    expect(Object.keys(plain.body).sort()).toEqual(['annotation', 'data', 'lastRefreshTime', 'query']);
    const get = await call(reference, 'GET', `${LOAD}?queryType=multi&query=${encodeURIComponent(JSON.stringify(QUERY))}`, {
      token: 'demo-read-token',
    });
    expect(get.body.results[0].data).toHaveLength(2);
  });

  it('accepts any demo token with read access, as PRIVATE-TOKEN or raw in Authorization', async () => {
    const reference = seeded();
    for (const token of ['demo-admin-token', 'demo-maintainer-token', 'demo-developer-token', 'demo-read-token'])
      expect((await load(reference, QUERY, token)).status).toBe(200);
    const raw = await call(reference, 'POST', `${LOAD}?queryType=multi`, {
      headers: { authorization: 'demo-read-token' },
      body: { query: QUERY },
    });
    expect(raw.status).toBe(200);
  });

  it('needs at least the Reporter role', async () => {
    const fixtures = demoFixtures();
    fixtures.users.push({ id: 5, username: 'guest', name: 'Guest', admin: false, groupRoles: { 10: 'guest' }, projectRoles: {} });
    fixtures.tokens.push({ token: 'guest-token', userId: 5, scopes: ['read_api'] });
    const module = createAnalyticsModule({ fixtures, clock: manualClock('2024-06-01T00:00:00Z') });
    const response = await load(module, QUERY, 'guest-token');
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/needs at least the reporter role in the project or its group; you have guest/);
  });

  it('answers auth problems with 401 and 404', async () => {
    const reference = seeded();
    expect((await call(reference, 'POST', LOAD, { body: { query: QUERY } })).status).toBe(401);
    expect((await call(reference, 'POST', LOAD, { token: 'wrong', body: { query: QUERY } })).status).toBe(401);
    expect(
      (
        await call(reference, 'POST', '/api/v4/projects/99/product_analytics/request/load', {
          token: 'demo-admin-token',
          body: { query: QUERY },
        })
      ).status,
    ).toBe(404);
  });

  it('answers bad input with 400 and a message in both message and error', async () => {
    const reference = seeded();
    const cases: [unknown, RegExp][] = [
      ['{"query":', /not valid JSON/],
      [{ measures: ['TrackedEvents.count'] }, /must be an object with the key "query"/],
      [{ query: { measures: ['TrackedEvents.count'] }, queryType: 'sql' }, /queryType: "sql" is not known/],
      [{ query: [QUERY] }, /a list of queries needs queryType=multi/],
      [{ query: [QUERY, { measures: ['X.y'] }], queryType: 'multi' }, /^query\[1\]\.measures\[0\]: X\.y names no known cube/],
      [{ query: { ...QUERY, limit: 100_000 } }, /paginate with limit and offset/],
    ];
    for (const [body, message] of cases) {
      const response = await call(reference, 'POST', LOAD, { token: 'demo-read-token', body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(response.body.error).toBe(response.body.message);
    }
  });
});
