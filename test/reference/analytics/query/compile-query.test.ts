import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../src/reference/analytics/query/compile-query.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';

const NOW = Date.parse('2024-03-13T15:00:00Z');
const funnel = {
  slug: 'completed_purchase',
  file: '.gitlab/analytics/funnels/completed_purchase.yaml',
  definition: { seconds_to_convert: 60, steps: [{ name: 'home', action: 'pageview' as const, target: '/' }] },
};
const catalog = createMemberCatalog(
  [funnel],
  [{ slug: 'broken', message: 'broken.yaml:2:1 steps[0].action: only the action "pageview" is supported' }],
);
const compile = (query: unknown) => compileQuery(query, catalog, NOW);
const rejects = (query: unknown, message: RegExp) => expect(() => compile(query)).toThrow(message);

describe('query validation', () => {
  it('needs a measure, a dimension or a time dimension with a granularity', () => {
    rejects({}, /^query: a query needs at least one measure, one dimension, or a time dimension with a granularity/);
    rejects({ timeDimensions: [{ dimension: 'TrackedEvents.utcTime', dateRange: 'today' }] }, /needs at least one measure/);
    expect(compile({ timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day' }] }).kind).toBe('events');
  });

  it('names unknown members, unknown cubes and broken funnels', () => {
    rejects(
      { measures: ['TrackedEvents.views'] },
      /^query\.measures\[0\]: TrackedEvents\.views is not a member of TrackedEvents; it has TrackedEvents\.count/,
    );
    rejects(
      { dimensions: ['Orders.status'] },
      /^query\.dimensions\[0\]: Orders\.status names no known cube; this project has TrackedEvents, completed_purchase/,
    );
    rejects(
      { measures: ['broken.count'] },
      /^query\.measures\[0\]: the funnel broken has an invalid definition: broken\.yaml:2:1 steps\[0\]\.action/,
    );
  });

  it('keeps measures and dimensions in their places', () => {
    rejects(
      { measures: ['TrackedEvents.docPath'] },
      /query\.measures\[0\]: TrackedEvents\.docPath is a dimension; put it in dimensions/,
    );
    rejects(
      { dimensions: ['TrackedEvents.count'] },
      /query\.dimensions\[0\]: TrackedEvents\.count is a measure; put it in measures/,
    );
    rejects({ dimensions: ['TrackedEvents.docPath.day'] }, /only a time dimension takes a granularity/);
  });

  it('checks the shape with the field path', () => {
    rejects({ measures: 'TrackedEvents.count' }, /^query\.measures: expected array/);
    rejects(
      { measures: ['TrackedEvents.count'], timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'fortnight' }] },
      /^query\.timeDimensions\[0\]\.granularity: must be one of/,
    );
    rejects({ measures: ['TrackedEvents.count'], limit: 'ten' }, /^query\.limit: expected number/);
    rejects({ measures: ['TrackedEvents.count'], offset: -1 }, /^query\.offset:/);
    rejects({ measures: ['TrackedEvents.count'], segments: [] }, /^query: unknown field segments/);
    rejects(null, /^query: the request needs a "query" object/);
    rejects(
      { measures: ['TrackedEvents.count'], filters: [{ member: 'TrackedEvents.docPath', operator: 'like', values: ['/'] }] },
      /^query\.filters\[0\]\.operator: must be one of/,
    );
  });

  it('applies the limit rules: default 10,000, at most 50,000, beyond that paginate', () => {
    expect(compile({ measures: ['TrackedEvents.count'] }).limit).toBe(10_000);
    expect(compile({ measures: ['TrackedEvents.count'], limit: 50_000 }).limit).toBe(50_000);
    rejects(
      { measures: ['TrackedEvents.count'], limit: 50_001 },
      /^query\.limit: 50001 is above the maximum of 50,000 rows per request; paginate with limit and offset/,
    );
  });

  it('refuses afterDate, naming beforeDate and inDateRange', () => {
    rejects(
      {
        measures: ['completed_purchase.count'],
        filters: [{ member: 'completed_purchase.date', operator: 'afterDate', values: ['2024-01-01'] }],
      },
      /^query\.filters\[0\]\.operator: afterDate is not supported; use beforeDate, or inDateRange/,
    );
  });

  it('checks filter operators against the member type and values', () => {
    rejects(
      { measures: ['TrackedEvents.count'], filters: [{ member: 'TrackedEvents.docPath', operator: 'gt', values: ['1'] }] },
      /gt does not apply to the string dimension TrackedEvents\.docPath/,
    );
    rejects(
      { measures: ['TrackedEvents.count'], filters: [{ member: 'TrackedEvents.utcTime', operator: 'contains', values: ['1'] }] },
      /contains does not apply to the time dimension/,
    );
    rejects(
      { measures: ['TrackedEvents.count'], filters: [{ member: 'TrackedEvents.docPath', operator: 'equals' }] },
      /query\.filters\[0\]\.values: operator equals needs at least one value/,
    );
    rejects(
      {
        measures: ['TrackedEvents.count'],
        filters: [{ member: 'TrackedEvents.localTzOffset', operator: 'gt', values: ['east'] }],
      },
      /values\[0\]: "east" is not a number/,
    );
    rejects(
      {
        measures: ['TrackedEvents.count'],
        filters: [{ member: 'TrackedEvents.utcTime', operator: 'beforeDate', values: ['soon'] }],
      },
      /"soon" is not a date/,
    );
    rejects(
      {
        measures: ['TrackedEvents.count'],
        filters: [
          {
            or: [
              { member: 'TrackedEvents.count', operator: 'gt', values: ['1'] },
              { member: 'TrackedEvents.docPath', operator: 'set' },
            ],
          },
        ],
      },
      /query\.filters\[0\]: an "or" group mixes measures and dimensions/,
    );
    expect(
      compile({ measures: ['TrackedEvents.count'], filters: [{ member: 'TrackedEvents.docPath', operator: 'set' }] }).kind,
    ).toBe('events');
  });

  it('checks the time zone and the order', () => {
    rejects(
      { measures: ['TrackedEvents.count'], timezone: 'Moon/Base' },
      /query\.timezone: "Moon\/Base" is not an IANA time zone name/,
    );
    rejects(
      { measures: ['TrackedEvents.count'], order: { 'TrackedEvents.uniqueUsersCount': 'asc' } },
      /query\.order\.TrackedEvents\.uniqueUsersCount: TrackedEvents\.uniqueUsersCount is not in the query/,
    );
    rejects(
      { dimensions: ['TrackedEvents.docPath'], order: { 'TrackedEvents.utcTime': 'asc' } },
      /query\.order\.TrackedEvents\.utcTime: TrackedEvents\.utcTime is not in the query.*only TrackedEvents string dimensions/,
    );
    rejects(
      { measures: ['TrackedEvents.count'], order: [['TrackedEvents.nope', 'asc']] },
      /query\.order\[0\]\[0\]: TrackedEvents\.nope is not a member/,
    );
  });

  it('reads one cube per query', () => {
    rejects(
      { measures: ['TrackedEvents.count', 'completed_purchase.count'] },
      /a query reads one cube, but this one names TrackedEvents and completed_purchase/,
    );
  });

  it('limits funnel members to their roles', () => {
    rejects(
      { measures: ['completed_purchase.count'], dimensions: ['completed_purchase.date'] },
      /completed_purchase\.date is usable in filters only/,
    );
    rejects(
      {
        measures: ['completed_purchase.count'],
        filters: [{ member: 'completed_purchase.step', operator: 'equals', values: ['home'] }],
      },
      /a funnel is filtered by completed_purchase\.date only/,
    );
    rejects(
      { measures: ['completed_purchase.count'], timeDimensions: [{ dimension: 'completed_purchase.date', granularity: 'day' }] },
      /has no granularity; remove it/,
    );
  });

  it('normalises the query: absolute date ranges, explicit order, limit and time zone', () => {
    const compiled = compile({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day', dateRange: 'last 7 days' }],
    });
    expect(compiled.normalised).toEqual({
      measures: ['TrackedEvents.count'],
      dimensions: [],
      timeDimensions: [
        {
          dimension: 'TrackedEvents.utcTime',
          granularity: 'day',
          dateRange: ['2024-03-06T00:00:00.000', '2024-03-12T23:59:59.999'],
        },
      ],
      filters: [],
      order: [{ id: 'TrackedEvents.utcTime.day', desc: false }],
      limit: 10_000,
      timezone: 'UTC',
      rowLimit: 10_000,
      queryType: 'regularQuery',
    });
    expect(compiled.annotation.timeDimensions['TrackedEvents.utcTime.day']).toEqual({
      title: 'Tracked Events Utc Time',
      shortTitle: 'Utc Time',
      type: 'time',
    });
    expect(compiled.annotation.measures['TrackedEvents.count']).toMatchObject({
      title: 'Tracked Events Count',
      shortTitle: 'Count',
      type: 'number',
    });
  });
});
