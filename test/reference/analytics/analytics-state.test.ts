import { describe, expect, it } from 'vitest';
import { COMPLETED_PURCHASE_YAML, event, load, referenceAt } from './analytics-fixtures.ts';

const FUNNEL = '.gitlab/analytics/funnels/completed_purchase.yaml';

function shopper(reference: ReturnType<typeof referenceAt>, user: string, paths: string[]) {
  const project = reference.platform.fixtures.projects.find((candidate) => candidate.id === 1);
  if (!project) throw new Error('project 1 is missing from the world');
  const events = paths.map((docPath, index) =>
    event({ userAnonymousId: user, docPath, utcTime: Date.parse('2024-05-30T10:00:00Z') + index * 60_000 }),
  );
  reference.analytics.state.ingest(project, events, Date.parse('2024-05-30T11:00:00Z'));
}

const steps = {
  measures: ['completed_purchase.count'],
  dimensions: ['completed_purchase.step'],
  order: { 'completed_purchase.step': 'asc' },
};

describe('repository files of a project', () => {
  it('are the files the reference was given', () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    expect([...reference.analytics.state.repository(1).keys()]).toEqual([FUNNEL]);
    expect(reference.analytics.state.repository(1).get(FUNNEL)).toBe(COMPLETED_PURCHASE_YAML);
    expect(reference.analytics.state.repository(2).size).toBe(0);
  });

  it('answer the next query with a funnel definition written after the first query', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    shopper(reference, 'ana', ['/products', '/cart', '/checkout', '/checkout/confirmation']);
    const before = await load(reference, steps);
    expect(before.body.results[0].data.map((row: Record<string, string>) => row['completed_purchase.step'])).toEqual([
      'view_products',
      'open_cart',
      'start_checkout',
      'purchase',
    ]);
    const twoSteps =
      'seconds_to_convert: 600\nsteps:\n  - { name: browse, action: pageview, target: /products }\n  - { name: pay, action: pageview, target: /checkout }\n';
    reference.analytics.state.writeRepositoryFile(1, FUNNEL, twoSteps);
    const after = await load(reference, steps);
    expect(after.status).toBe(200);
    expect(after.body.results[0].data).toEqual([
      { 'completed_purchase.step': 'browse', 'completed_purchase.count': '0' },
      { 'completed_purchase.step': 'pay', 'completed_purchase.count': '1' },
    ]);
  });

  it('report a broken written definition at its line, and forget a removed one', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    reference.analytics.state.writeRepositoryFile(1, FUNNEL, 'seconds_to_convert: 1.5\nsteps: []\n');
    const broken = await load(reference, steps);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain(
      `${FUNNEL}:1:1 seconds_to_convert: seconds_to_convert must be a whole number of seconds`,
    );
    reference.analytics.state.writeRepositoryFile(1, FUNNEL, undefined);
    expect(reference.analytics.state.repository(1).size).toBe(0);
    const gone = await load(reference, steps);
    expect(gone.status).toBe(400);
    expect(gone.body.message).toContain('completed_purchase.count');
  });
});
