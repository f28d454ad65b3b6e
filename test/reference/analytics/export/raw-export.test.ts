import { describe, expect, it } from 'vitest';
import { exportIsComplete } from '../../../../src/reference/analytics/export/raw-export.ts';
import { call, event, load, referenceAt } from '../analytics-fixtures.ts';

const ALL = [
  'docEncoding',
  'docHost',
  'docPath',
  'docSearch',
  'eventType',
  'localTzOffset',
  'pageTitle',
  'src',
  'utcTime',
  'vpSize',
  'apiKey',
  'userAnonymousId',
].map((member) => `TrackedEvents.${member}`);

function withEvents() {
  const reference = referenceAt('2024-05-10T00:00:00Z');
  const project = reference.platform.fixtures.projects[0];
  if (!project) throw new Error('no project 1');
  // Two visitors open the home page; one of them twice, a second apart.
  reference.analytics.state.ingest(
    project,
    [
      event({ utcTime: '2024-05-01T10:00:00Z', userAnonymousId: 'u1' }),
      event({ utcTime: '2024-05-01T10:00:01Z', userAnonymousId: 'u1' }),
      event({ utcTime: '2024-05-01T10:00:00Z', userAnonymousId: 'u2' }),
    ],
    Date.parse('2024-05-01T10:00:02Z'),
  );
  return reference;
}

describe('raw export', () => {
  it('returns one row per event when utcTime and userAnonymousId are both selected', async () => {
    const response = await load(withEvents(), { dimensions: ALL, order: { 'TrackedEvents.apiKey': 'asc' } });
    expect(response.status).toBe(200);
    expect(response.body.queryType).toBe('regularQuery');
    const rows = response.body.results[0].data;
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0])).toEqual(ALL);
    expect(rows[0]).toMatchObject({ 'TrackedEvents.utcTime': '2024-05-01T10:00:00.000', 'TrackedEvents.apiKey': 'demo-app' });
    expect(exportIsComplete(ALL)).toBe(true);
  });

  it('collapses events into one row per distinct combination when either is left out (the spec warns of this)', async () => {
    const reference = withEvents();
    const withoutUser = ALL.filter((member) => member !== 'TrackedEvents.userAnonymousId');
    const withoutTime = ALL.filter((member) => member !== 'TrackedEvents.utcTime');
    expect(
      (await load(reference, { dimensions: withoutUser, order: { 'TrackedEvents.apiKey': 'asc' } })).body.results[0].data,
    ).toHaveLength(2);
    expect(
      (await load(reference, { dimensions: withoutTime, order: { 'TrackedEvents.apiKey': 'asc' } })).body.results[0].data,
    ).toHaveLength(2);
    expect(exportIsComplete(withoutUser)).toBe(false);
  });

  it('pages with limit and offset in apiKey order', async () => {
    const reference = withEvents();
    const page = async (offset: number) =>
      (await load(reference, { dimensions: ALL, order: { 'TrackedEvents.apiKey': 'desc' }, limit: 2, offset })).body.results[0]
        .data.length;
    expect([await page(0), await page(2), await page(4)]).toEqual([2, 1, 0]);
  });

  it('orders by a string dimension it does not select: each row by the least (or greatest) value among its events', async () => {
    const reference = referenceAt('2024-05-10T00:00:00Z');
    const project = reference.platform.fixtures.projects[0];
    if (!project) throw new Error('no project 1');
    reference.analytics.state.ingest(
      project,
      [
        event({ utcTime: '2024-05-01T10:00:00Z', docPath: '/b', apiKey: 'key-c' }),
        event({ utcTime: '2024-05-01T10:00:01Z', docPath: '/a', apiKey: 'key-b' }),
        event({ utcTime: '2024-05-01T10:00:02Z', docPath: '/b', apiKey: 'key-a' }),
        event({ utcTime: '2024-05-01T10:00:03Z', docPath: '/c', apiKey: 'key-d' }),
      ],
      Date.parse('2024-05-01T10:00:04Z'),
    );
    const paths = async (direction: string) =>
      (
        await load(reference, { dimensions: ['TrackedEvents.docPath'], order: { 'TrackedEvents.apiKey': direction } })
      ).body.results[0].data.map((row: Record<string, string>) => row['TrackedEvents.docPath']);
    // /b holds key-a and key-c: first ascending (key-a), second descending (key-c after /c's key-d).
    expect(await paths('asc')).toEqual(['/b', '/a', '/c']);
    expect(await paths('desc')).toEqual(['/c', '/b', '/a']);
  });

  it('answers JSON only', async () => {
    const response = await call(withEvents(), 'POST', '/api/v4/projects/1/product_analytics/request/load?queryType=multi', {
      token: 'demo-read-token',
      body: { query: { dimensions: ALL } },
      headers: { accept: 'text/csv' },
    });
    expect(response.status).toBe(406);
    expect(response.body.message).toMatch(/JSON only/);
  });
});
