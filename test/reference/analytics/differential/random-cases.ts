import fc from 'fast-check';
import type { TrackedEvent } from '../../../../src/reference/analytics/tracked-events.ts';
import type { FunnelDefinition } from '../../../../src/schemas/funnel-definition.ts';

/**
 * Random event sets and random queries for the differential test. Values are drawn from small pools so
 * that groups collide, filters match, and times land on (and one millisecond either side of) the edges
 * that matter: local midnights, month and year ends, date-range bounds and the funnel's conversion window.
 */

/** The funnel every random set defines; its queries use this cube name. */
export const FUNNEL = 'random_flow';

/** Zones the queries are asked in: UTC, one behind it, one a half hour ahead, one with summer time in range. */
export const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin'] as const;

/**
 * Instants events cluster around: UTC and New York year ends, a 31-day month end, the leap day, a Kolkata
 * midnight, and Berlin's spring-forward hour. Queries in any zone then see buckets split across days,
 * weeks (1 January 2024 is a Monday), months, quarters and years.
 */
const ANCHORS = [
  '2023-12-31T23:59:59.000Z',
  '2024-01-01T05:00:00.000Z',
  '2024-01-31T23:00:00.000Z',
  '2024-02-29T18:30:00.000Z',
  '2024-03-31T00:59:00.000Z',
  '2024-06-30T22:00:00.000Z',
].map((text) => Date.parse(text));

/** Offsets in ms from an anchor: zero, one ms, one second and a minute, an hour, a day, each with neighbours. */
const OFFSETS = [
  0, 1, -1, 999, 1_000, 1_001, 59_999, 60_000, 60_001, 3_599_999, 3_600_000, 3_600_001, 86_399_999, 86_400_000, -60_000,
  -3_600_000, -86_400_000,
];

const PATHS = ['/', '/a', '/b', '/c', '/A', '/a/b'] as const;
const USERS = ['u1', 'u2', 'u3', 'u4', null] as const;
const TITLES = ['Cart', 'cart page', 'Café', 'CAFÉ', 'Home', null] as const;
const SEARCHES = [null, '?q=1', '?Q=a_b', '%x'] as const;
const TZ_OFFSETS = [null, 0, 60, -300, 330] as const;

/** An instant near one of the given anchors. */
function near(anchors: readonly number[]): fc.Arbitrary<number> {
  return fc
    .tuple(
      fc.constantFrom(...anchors),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...OFFSETS) },
        { weight: 1, arbitrary: fc.integer({ min: -7_200_000, max: 7_200_000 }) },
      ),
    )
    .map(([anchor, offset]) => anchor + offset);
}

/** An instant a query bound is taken from: an event's own time, one ms either side of it, or near an anchor. */
function boundFrom(times: readonly number[], anchors: readonly number[]): fc.Arbitrary<number> {
  if (times.length === 0) return near(anchors);
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...times), fc.constantFrom(0, 0, 1, -1)).map(([at, by]) => at + by) },
    { weight: 1, arbitrary: near(anchors) },
  );
}

/** One enriched event drawn from the pools, its time near one of the anchors. */
export const trackedEvent = (time: fc.Arbitrary<number>): fc.Arbitrary<TrackedEvent> =>
  fc.record({
    docEncoding: fc.constant('UTF-8'),
    docHost: fc.constantFrom('shop.example.com', 'docs.example.com'),
    docPath: fc.constantFrom(...PATHS),
    docSearch: fc.constantFrom(...SEARCHES),
    eventType: fc.constantFrom('pageview', 'pageview', 'add_to_cart'),
    localTzOffset: fc.constantFrom(...TZ_OFFSETS),
    pageTitle: fc.constantFrom(...TITLES),
    src: fc.constant('js-4.10.1'),
    utcTime: time,
    vpSize: fc.constant('1440x789'),
    apiKey: fc.constantFrom('app-one', 'app-two'),
    userAnonymousId: fc.constantFrom(...USERS),
  });

/**
 * A funnel of one to four steps whose targets repeat (two steps on the same page), with a window equal to
 * one of the event offsets so that some step lands exactly on it.
 */
export const funnelDefinition: fc.Arbitrary<FunnelDefinition> = fc
  .record({
    seconds: fc.constantFrom(1, 60, 3600, 86_400),
    targets: fc.array(fc.constantFrom('/a', '/b', '/c', '/'), { minLength: 1, maxLength: 4 }),
  })
  .map(({ seconds, targets }) => ({
    seconds_to_convert: seconds,
    steps: targets.map((target, index) => ({ name: `step_${index + 1}`, action: 'pageview' as const, target })),
  }));

/** `YYYY-MM-DDTHH:mm:ss.SSS` of an instant as a wall clock in a zone. */
export function wallClock(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${millis}`;
}

/** A date-range bound in a zone: a date alone, or a wall-clock time to the millisecond or the second. */
function dateValue(time: fc.Arbitrary<number>, zone: string): fc.Arbitrary<string> {
  return fc.tuple(time, fc.constantFrom('date', 'millis', 'seconds')).map(([ms, form]) => {
    const clock = wallClock(ms, zone);
    if (form === 'date') return clock.slice(0, 10);
    return form === 'seconds' ? clock.slice(0, 19) : clock;
  });
}

/** Two bounds, the earlier first (both orders are asked, since a range may come in either way). */
function dateRange(time: fc.Arbitrary<number>, zone: string): fc.Arbitrary<[string, string]> {
  return fc.tuple(dateValue(time, zone), dateValue(time, zone)).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
}

/** A filter on a string member of TrackedEvents. */
const stringFilter = fc.oneof(
  fc.record({
    member: fc.constantFrom('TrackedEvents.docPath', 'TrackedEvents.pageTitle', 'TrackedEvents.docSearch'),
    operator: fc.constantFrom(
      'equals',
      'notEquals',
      'contains',
      'notContains',
      'startsWith',
      'notStartsWith',
      'endsWith',
      'notEndsWith',
    ),
    values: fc.array(fc.constantFrom('/a', '/A', 'a', 'caf', 'É', 'cart', 'Home', '?q', '_', '%', 'b', ''), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.record({
    member: fc.constantFrom('TrackedEvents.userAnonymousId', 'TrackedEvents.eventType', 'TrackedEvents.apiKey'),
    operator: fc.constantFrom('equals', 'notEquals'),
    values: fc.array(fc.constantFrom('u1', 'u2', 'pageview', 'app-one', 'nobody'), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    member: fc.constantFrom('TrackedEvents.docSearch', 'TrackedEvents.userAnonymousId', 'TrackedEvents.localTzOffset'),
    operator: fc.constantFrom('set', 'notSet'),
  }),
  fc.record({
    member: fc.constant('TrackedEvents.localTzOffset'),
    operator: fc.constantFrom('gt', 'gte', 'lt', 'lte', 'equals', 'notEquals'),
    values: fc.array(fc.constantFrom('0', '60', '-300', '330', '59', '61'), { minLength: 1, maxLength: 2 }),
  }),
);

/** A date filter on a time member, in a zone. */
function dateFilter(time: fc.Arbitrary<number>, member: string, zone: string) {
  return fc.oneof(
    fc.record({
      member: fc.constant(member),
      operator: fc.constantFrom('inDateRange', 'notInDateRange'),
      values: dateRange(time, zone),
    }),
    fc.record({
      member: fc.constant(member),
      operator: fc.constantFrom('beforeDate', 'beforeOrOnDate', 'afterOrOnDate', 'lt', 'lte', 'gt', 'gte'),
      values: dateValue(time, zone).map((value) => [value]),
    }),
    fc.record({
      member: fc.constant(member),
      operator: fc.constantFrom('equals', 'notEquals'),
      values: fc.array(dateValue(time, zone), { minLength: 1, maxLength: 2 }),
    }),
  );
}

/** A member filter or an `and`/`or` of two, on TrackedEvents. */
function eventFilter(time: fc.Arbitrary<number>, zone: string): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 3, arbitrary: stringFilter },
    { weight: 2, arbitrary: dateFilter(time, 'TrackedEvents.utcTime', zone) },
  );
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((and) => ({ and })) },
    { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((or) => ({ or })) },
  );
}

/** A filter on a measure: it keeps groups by their totals (the query layer's HAVING). */
const measureFilter = fc.record({
  member: fc.constantFrom('TrackedEvents.count', 'TrackedEvents.pageViewsCount', 'TrackedEvents.uniqueUsersCount'),
  operator: fc.constantFrom('gt', 'gte', 'lt', 'lte', 'equals', 'notEquals'),
  values: fc.array(fc.constantFrom('0', '1', '2', '3'), { minLength: 1, maxLength: 2 }),
});

const MEASURES = ['TrackedEvents.count', 'TrackedEvents.pageViewsCount', 'TrackedEvents.uniqueUsersCount'];
const DIMENSIONS = [
  'TrackedEvents.utcTime.day',
  'TrackedEvents.utcTime.month',
  'TrackedEvents.utcTime.week',
  'TrackedEvents.docPath',
  'TrackedEvents.eventType',
  'TrackedEvents.userAnonymousId',
  'TrackedEvents.localTzOffset',
  'TrackedEvents.docSearch',
  'TrackedEvents.pageTitle',
  'TrackedEvents.apiKey',
  'TrackedEvents.utcTime',
];
const GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

/** Picks an order over some of the query's members, as an object or as pairs. */
function orderOver(members: string[]): fc.Arbitrary<unknown> {
  if (members.length === 0) return fc.constant(undefined);
  return fc.oneof(
    fc.constant(undefined),
    fc
      .uniqueArray(fc.constantFrom(...members), { minLength: 1, maxLength: 2 })
      .chain((chosen) => fc.tuple(...chosen.map((member) => fc.tuple(fc.constant(member), fc.constantFrom('asc', 'desc')))))
      .chain((pairs) => fc.constantFrom(Object.fromEntries(pairs), pairs)),
  );
}

/** Now and then a small limit, an offset, or both: most queries read every row, so answers are not mostly empty. */
const page = fc
  .record({
    limit: fc.option(fc.integer({ min: 1, max: 6 }), { freq: 3 }),
    offset: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 3 }),
  })
  .map(({ limit, offset }) => ({
    ...(limit === null ? {} : { limit }),
    ...(offset === null ? {} : { offset }),
  }));

/** A query of the TrackedEvents cube. */
export const eventsQuery = (time: fc.Arbitrary<number>): fc.Arbitrary<Record<string, unknown>> =>
  fc.constantFrom(...ZONES).chain((zone) =>
    fc
      .record({
        measures: fc.uniqueArray(fc.constantFrom(...MEASURES), { maxLength: 2 }),
        dimensions: fc.uniqueArray(fc.constantFrom(...DIMENSIONS), { maxLength: 2 }),
        timeDimension: fc.option(
          fc.record(
            {
              granularity: fc.constantFrom(...GRANULARITIES),
              dateRange: fc.oneof(
                dateValue(time, zone),
                dateValue(time, zone).map((value) => [value]),
                dateRange(time, zone),
              ),
            },
            { requiredKeys: [] },
          ),
          { freq: 2 },
        ),
        filters: fc.array(eventFilter(time, zone), { maxLength: 2 }),
        measureFilters: fc.array(measureFilter, { maxLength: 1 }),
        page,
        zoneShown: fc.boolean(),
      })
      .chain(({ measures, dimensions: chosen, timeDimension, filters: rowFilters, measureFilters, page: paging, zoneShown }) => {
        // A bucketed utcTime already answers under `TrackedEvents.utcTime` and its own key; asking for the raw
        // one or the same bucket as a dimension too would give one key two meanings, so those are left out.
        const taken = timeDimension?.granularity
          ? ['TrackedEvents.utcTime', `TrackedEvents.utcTime.${timeDimension.granularity}`]
          : [];
        const dimensions = chosen.filter((member) => !taken.includes(member));
        const filters = [...rowFilters, ...measureFilters];
        const members = [...measures, ...dimensions];
        if (timeDimension?.granularity) members.push(`TrackedEvents.utcTime.${timeDimension.granularity}`);
        // Text dimensions the query does not select may order it too (the reference's reading).
        const unselected = ['TrackedEvents.pageTitle', 'TrackedEvents.docSearch', 'TrackedEvents.userAnonymousId'].filter(
          (member) => !dimensions.includes(member),
        );
        const orderable = members.length > 0 ? [...members, ...unselected.slice(0, 1)] : members;
        return orderOver(orderable).map((order) => {
          const query: Record<string, unknown> = { measures, dimensions, filters, ...paging };
          if (timeDimension) query.timeDimensions = [{ dimension: 'TrackedEvents.utcTime', ...timeDimension }];
          if (order !== undefined) query.order = order;
          if (zoneShown || zone !== 'UTC') query.timezone = zone;
          return query;
        });
      }),
  );

/** A query of the funnel: its count by step (or either alone), filtered on its date. */
export const funnelQuery = (time: fc.Arbitrary<number>): fc.Arbitrary<Record<string, unknown>> =>
  fc.constantFrom(...ZONES).chain((zone) =>
    fc
      .record({
        shape: fc.constantFrom('count-by-step', 'count-by-step', 'count', 'step'),
        filters: fc.array(
          fc.oneof(
            { weight: 4, arbitrary: dateFilter(time, `${FUNNEL}.date`, zone) },
            {
              weight: 1,
              arbitrary: fc
                .tuple(
                  fc.constantFrom('and', 'or'),
                  fc.array(dateFilter(time, `${FUNNEL}.date`, zone), { minLength: 1, maxLength: 2 }),
                )
                .map(([kind, items]) => ({ [kind]: items })),
            },
          ),
          { maxLength: 2 },
        ),
        direction: fc.option(fc.constantFrom('asc', 'desc')),
        orderBy: fc.constantFrom('count', 'step'),
        page,
      })
      .map(({ shape, filters, direction, orderBy, page: paging }) => {
        const query: Record<string, unknown> = { filters, timezone: zone, ...paging };
        if (shape !== 'step') query.measures = [`${FUNNEL}.count`];
        if (shape !== 'count') query.dimensions = [`${FUNNEL}.step`];
        const orderMember = shape === 'count' ? 'count' : shape === 'step' ? 'step' : orderBy;
        if (direction) query.order = { [`${FUNNEL}.${orderMember}`]: direction };
        return query;
      }),
  );

/** One event set, the funnel it defines, and the queries asked of it. */
export interface RandomCase {
  events: TrackedEvent[];
  funnel: FunnelDefinition;
  queries: Record<string, unknown>[];
}

/**
 * Page views of one user walking the funnel: an entry near an anchor, then views of the steps' targets (now
 * and then of another page) at times after the entry drawn from the window's edges: the same instant, one ms
 * after, one ms before the window, exactly at it, and one ms past it.
 */
function journey(funnel: FunnelDefinition, anchors: readonly number[]): fc.Arbitrary<TrackedEvent[]> {
  const window = funnel.seconds_to_convert * 1000;
  const since = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(0, 1, window - 1, window, window, window + 1) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * window }) },
  );
  const targets = funnel.steps.map((step) => step.target);
  return fc
    .record({
      user: fc.constantFrom(...USERS),
      entry: near(anchors),
      views: fc.array(
        fc.tuple(
          since,
          fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...PATHS) }),
        ),
        {
          minLength: 1,
          maxLength: targets.length + 1,
        },
      ),
      base: trackedEvent(fc.constant(0)),
    })
    .map(({ user, entry, views, base }) => {
      const offsets = views.map(([offset]) => offset).sort((a, b) => a - b);
      const walk = [
        { at: entry, path: targets[0] as string },
        ...offsets.map((offset, index) => ({
          at: entry + offset,
          path: views[index]?.[1] ?? (targets[Math.min(index + 1, targets.length - 1)] as string),
        })),
      ];
      return walk.map(({ at, path }) => ({ ...base, eventType: 'pageview', userAnonymousId: user, docPath: path, utcTime: at }));
    });
}

/**
 * An event set with its funnel and a batch of queries (most of TrackedEvents, some of the funnel). The events
 * sit near one to three anchors, so that their gaps are often exactly a second, a minute, an hour or a day,
 * and some users walk the funnel with steps on the window's edges; the queries' bounds are taken from the
 * events' own times. Journeys are shuffled into the other events so arrival order is not time order.
 */
export const randomCase: fc.Arbitrary<RandomCase> = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...ANCHORS), { minLength: 1, maxLength: 3 }), funnelDefinition)
  .chain(([anchors, funnel]) =>
    fc
      .record({
        loose: fc.array(trackedEvent(near(anchors)), { maxLength: 30, size: 'max' }),
        walks: fc.array(journey(funnel, anchors), { maxLength: 4, size: 'max' }),
        seed: fc.integer(),
      })
      .map(({ loose, walks, seed }) => {
        const events = [...loose];
        let state = seed;
        for (const view of walks.flat()) {
          state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
          events.splice(Math.abs(state) % (events.length + 1), 0, view);
        }
        return events;
      })
      .chain((events) => {
        const time = boundFrom(
          events.map((event) => event.utcTime),
          anchors,
        );
        return fc
          .array(fc.oneof({ weight: 3, arbitrary: eventsQuery(time) }, { weight: 1, arbitrary: funnelQuery(time) }), {
            minLength: 8,
            maxLength: 12,
          })
          .map((queries) => ({ events, funnel, queries }));
      }),
  );
