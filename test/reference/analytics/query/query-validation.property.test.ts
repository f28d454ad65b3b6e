import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILTER_OPERATORS } from '../../../../src/schemas/query.ts';
import { load, referenceAt } from '../analytics-fixtures.ts';

const reference = referenceAt('2024-06-01T00:00:00Z', { sample: { users: 40, days: 20 } });

const member = fc.oneof(
  fc.constantFrom(
    'TrackedEvents.count',
    'TrackedEvents.pageViewsCount',
    'TrackedEvents.uniqueUsersCount',
    'TrackedEvents.docPath',
    'TrackedEvents.eventType',
    'TrackedEvents.localTzOffset',
    'TrackedEvents.utcTime',
    'TrackedEvents.userAnonymousId',
    'TrackedEvents.utcTime.day',
    'TrackedEvents.utcTime.week',
    'completed_purchase.count',
    'completed_purchase.step',
    'completed_purchase.date',
    'Nope.member',
  ),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom('2024-05-01', '2024-05-31T23:59:59', 'last 7 days', 'today', '/', '/cart', '60', '-1', 'pageview', ''),
  fc.string({ maxLength: 8 }),
);
const filter = fc.letrec<{ filter: unknown }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small' },
    fc.record(
      {
        member,
        operator: fc.oneof(fc.constantFrom(...FILTER_OPERATORS), fc.string({ maxLength: 6 })),
        values: fc.array(value, { maxLength: 3 }),
      },
      { requiredKeys: ['member', 'operator'] },
    ),
    fc.record({ and: fc.array(tie('filter'), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie('filter'), { maxLength: 3 }) }),
    fc.anything(),
  ),
})).filter;
const query = fc.oneof(
  fc.record(
    {
      measures: fc.array(member, { maxLength: 3 }),
      dimensions: fc.array(member, { maxLength: 3 }),
      timeDimensions: fc.array(
        fc.record(
          {
            dimension: member,
            granularity: fc.constantFrom('second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year', 'decade'),
            dateRange: fc.oneof(value, fc.array(value, { maxLength: 3 })),
          },
          { requiredKeys: ['dimension'] },
        ),
        { maxLength: 2 },
      ),
      filters: fc.array(filter, { maxLength: 3 }),
      order: fc.oneof(
        fc.dictionary(member, fc.constantFrom('asc', 'desc', 'up')),
        fc.array(fc.tuple(member, fc.constantFrom('asc', 'desc'))),
      ),
      limit: fc.oneof(fc.integer({ min: -5, max: 60_000 }), fc.double()),
      offset: fc.oneof(fc.nat(100), fc.integer({ min: -3, max: -1 })),
      timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Not/AZone', ''),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('query validation under random input', () => {
  it('answers every query with a result or a 4xx that carries a message, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (random) => {
        const response = await load(reference, random);
        if (response.status === 200) {
          expect(Array.isArray(response.body.results[0].data)).toBe(true);
          return;
        }
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(typeof response.body.message).toBe('string');
        expect(response.body.message.length).toBeGreaterThan(10);
        expect(response.body.error).toBe(response.body.message);
      }),
      { numRuns: 400, seed: 20240601 },
    );
  });
});
