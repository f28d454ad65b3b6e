import { describe, expect, it } from 'vitest';
import { call, event, referenceAt } from '../analytics-fixtures.ts';

const QUOTA = '/api/v4/groups/10/product_analytics/usage_quota';

describe('usage quota', () => {
  it('gives monthly totals per group with a per-project breakdown, the current month to date', async () => {
    const reference = referenceAt('2024-05-01T00:00:00Z');
    const [demoApp] = reference.platform.fixtures.projects;
    if (!demoApp) throw new Error('no project 1');
    const { state } = reference.analytics;
    state.ingest(demoApp, [event({ utcTime: '2024-05-01T00:00:00Z' })], Date.parse('2024-05-01T00:00:00Z'));
    reference.clock.set('2024-06-03T09:00:00Z');
    state.ingest(demoApp, [event({ utcTime: 0 }), event({ utcTime: 0 })], reference.clock.now());
    reference.clock.set('2024-06-20T12:00:00Z');

    const response = await call(reference, 'GET', `${QUOTA}?months=3`, { token: 'demo-maintainer-token' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      group: { id: 10, path: 'demo-group' },
      counted_to: '2024-06-20T12:00:00.000Z',
      months: [
        {
          month: '2024-06',
          to_date: true,
          total_events: 2,
          projects: [{ id: 1, path: 'demo-group/demo-app', name: 'demo-app', events: 2 }],
        },
        {
          month: '2024-05',
          to_date: false,
          total_events: 1,
          projects: [{ id: 1, path: 'demo-group/demo-app', name: 'demo-app', events: 1 }],
        },
        {
          month: '2024-04',
          to_date: false,
          total_events: 0,
          projects: [{ id: 1, path: 'demo-group/demo-app', name: 'demo-app', events: 0 }],
        },
      ],
    });
  });

  it('leaves out projects that are not onboarded, and counts them once they are', async () => {
    const reference = referenceAt('2024-06-20T12:00:00Z');
    const docsSite = reference.platform.fixtures.projects[1];
    if (!docsSite) throw new Error('no project 2');
    const before = await call(reference, 'GET', `${QUOTA}?months=1`, { token: 'demo-maintainer-token' });
    expect(before.body.months[0].projects.map((project: { id: number }) => project.id)).toEqual([1]);
    await call(reference, 'POST', '/api/v4/projects/2/product_analytics/onboarding', {
      token: 'demo-maintainer-token',
      body: { provider: 'managed', region_consent: true },
    });
    reference.analytics.state.ingest(docsSite, [event({ utcTime: 0, apiKey: 'docs-site' })], reference.clock.now());
    const after = await call(reference, 'GET', `${QUOTA}?months=1`, { token: 'demo-maintainer-token' });
    expect(after.body.months[0]).toMatchObject({
      total_events: 1,
      projects: [
        { id: 2, events: 1 },
        { id: 1, events: 0 },
      ],
    });
  });

  it('needs a group Maintainer and a sensible number of months', async () => {
    const reference = referenceAt('2024-06-20T12:00:00Z');
    expect((await call(reference, 'GET', QUOTA, { token: 'demo-developer-token' })).status).toBe(403);
    expect((await call(reference, 'GET', QUOTA)).status).toBe(401);
    expect(
      (await call(reference, 'GET', '/api/v4/groups/99/product_analytics/usage_quota', { token: 'demo-admin-token' })).status,
    ).toBe(404);
    expect((await call(reference, 'GET', QUOTA, { token: 'demo-read-token' })).body.months).toHaveLength(12);
    const bad = await call(reference, 'GET', `${QUOTA}?months=0`, { token: 'demo-admin-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/months: "0" is not a whole number from 1 to 24/);
  });
});
