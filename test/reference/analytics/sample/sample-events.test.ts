import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { DEFAULT_SAMPLE, sampleEvents } from '../../../../src/reference/analytics/sample/sample-events.ts';
import { COMPLETED_PURCHASE_YAML, funnelRepository, storeOf } from '../analytics-fixtures.ts';

const END = Date.parse('2024-06-01T00:00:00Z');
const events = sampleEvents({ ...DEFAULT_SAMPLE, end: END, appId: 'demo-app' });

describe('sample data', () => {
  it('is the same for the same seed and different for another', () => {
    const again = sampleEvents({ ...DEFAULT_SAMPLE, end: END, appId: 'demo-app' });
    expect(again).toEqual(events);
    const other = sampleEvents({ ...DEFAULT_SAMPLE, seed: 7, end: END, appId: 'demo-app' });
    expect(other.length).not.toBe(events.length);
  });

  it('covers 60 days of visits from a few hundred visitors, in time order', () => {
    const users = new Set(events.map((item) => item.userAnonymousId));
    expect(users.size).toBeGreaterThan(300);
    expect(users.size).toBeLessThanOrEqual(400);
    const times = events.map((item) => item.utcTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(END - 60 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(END);
    expect(new Set(events.map((item) => Math.floor(item.utcTime / 86_400_000))).size).toBe(60);
  });

  it('makes the completed_purchase funnel lose visitors step by step but reach its end', () => {
    const { funnels } = readFunnelDefinitions(
      funnelRepository({ 'completed_purchase.yaml': COMPLETED_PURCHASE_YAML }),
      '.gitlab',
    );
    const { data } = runQuery(
      storeOf(events),
      createMemberCatalog(funnels),
      {
        measures: ['completed_purchase.count'],
        dimensions: ['completed_purchase.step'],
        order: { 'completed_purchase.step': 'asc' },
      },
      END,
    );
    const counts = data.map((row) => Number(row['completed_purchase.count']));
    expect(counts).toHaveLength(4);
    for (const count of counts) expect(count).toBeGreaterThan(20);
  });

  it('has page views and custom events on shop paths', () => {
    const types = new Set(events.map((item) => item.eventType));
    expect([...types].sort()).toEqual(['add_to_cart', 'pageview', 'purchase', 'search']);
    expect(new Set(events.map((item) => item.docPath))).toContain('/checkout/confirmation');
    expect(events.every((item) => item.apiKey === 'demo-app' && item.docHost === 'shop.example.com')).toBe(true);
  });
});
