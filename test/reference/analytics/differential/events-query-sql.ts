import { type Filter, type FilterColumn, filterSql } from './filter-sql.ts';
import { boundMs, formatted, localTime, text, wallClockOf } from './sql-time.ts';

/**
 * A query of the TrackedEvents cube as one DuckDB statement, written from the spec and PROTOCOLS.md (§1):
 * measures count rows, page views and distinct users; dimensions group; a time dimension with a granularity
 * buckets the event's wall clock in the query's zone and appears under two keys; filters AND at the top;
 * the default order is the first granular time dimension ascending, else the first measure descending when
 * there are dimensions, else the first dimension ascending; limit defaults to 10,000; and days missing from
 * an `inDateRange` filter's range are filled with measures "0" when the query has measures and a `day`
 * granularity, whatever the limit.
 */

/** The query fields this formulation reads. */
export interface EventsQuery {
  measures?: string[];
  dimensions?: string[];
  timeDimensions?: { dimension: string; granularity?: string; dateRange?: string | string[] }[];
  filters?: Filter[];
  order?: Record<string, 'asc' | 'desc'> | [string, 'asc' | 'desc'][];
  limit?: number;
  offset?: number;
  timezone?: string;
}

const CUBE = 'TrackedEvents';

const MEASURE_SQL: Record<string, string> = {
  count: 'count(*)',
  pageViewsCount: `count(*) FILTER (WHERE "eventType" = 'pageview')`,
  uniqueUsersCount: 'count(DISTINCT "userAnonymousId")',
};

/** A member's value column, quoted. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function dimensionSql(member: string, zone: string): string {
  const name = member.slice(CUBE.length + 1);
  if (name === 'utcTime') return formatted(localTime(zone));
  // `utcTime.<granularity>` in dimensions buckets like a time dimension, under that one key only.
  if (name.startsWith('utcTime.')) return formatted(`date_trunc(${text(name.slice('utcTime.'.length))}, ${localTime(zone)})`);
  return quoted(name);
}

/** The filter column of a TrackedEvents member. */
function filterColumn(member: string): FilterColumn {
  const name = member.slice(CUBE.length + 1);
  if (name === 'utcTime') return { sql: 'ms', numeric: true, time: true };
  return { sql: quoted(name), numeric: name === 'localTzOffset' };
}

/** `order` as a list of pairs, in the order given. */
export function orderPairs(order: EventsQuery['order']): [string, 'asc' | 'desc'][] {
  if (!order) return [];
  return Array.isArray(order) ? order : (Object.entries(order) as [string, 'asc' | 'desc'][]);
}

/** The statement answering the query, or why the query is refused (a 400). */
export function eventsQuerySql(query: EventsQuery): { sql: string } | { refused: string } {
  const zone = query.timezone ?? 'UTC';
  const measures = query.measures ?? [];
  const dimensions = query.dimensions ?? [];
  const time = query.timeDimensions?.[0];
  const granularity = time?.granularity;
  if (measures.length === 0 && dimensions.length === 0 && !granularity)
    return { refused: 'a query needs a measure, a dimension or a time dimension with a granularity' };

  const explicit = orderPairs(query.order);
  const bucketMembers = granularity ? [`${CUBE}.utcTime.${granularity}`, `${CUBE}.utcTime`] : [];
  const hidden = explicit
    .map(([member]) => member)
    .filter((member) => !measures.includes(member) && !dimensions.includes(member) && !bucketMembers.includes(member));

  // Inner statement: one row per group, measures as numbers so they order as numbers.
  const keys: { key: string; sql: string }[] = dimensions.map((member) => ({ key: member, sql: dimensionSql(member, zone) }));
  let bucketKey: string | undefined;
  if (granularity) {
    bucketKey = `${CUBE}.utcTime.${granularity}`;
    keys.push({ key: bucketKey, sql: formatted(`date_trunc(${text(granularity)}, ${localTime(zone)})`) });
  }
  // Filters on measures keep groups by their totals (HAVING); the others keep events (WHERE).
  const onMeasure = (filter: Filter) => 'member' in filter && MEASURE_SQL[filter.member.slice(CUBE.length + 1)] !== undefined;
  const conditions = (query.filters ?? [])
    .filter((filter) => !onMeasure(filter))
    .map((filter) => filterSql(filter, filterColumn, 'ms', zone));
  const having = (query.filters ?? [])
    .filter(onMeasure)
    .map((filter) =>
      filterSql(filter, (member) => ({ sql: MEASURE_SQL[member.slice(CUBE.length + 1)] as string, numeric: true }), 'ms', zone),
    );
  if (time?.dateRange !== undefined) {
    const range = Array.isArray(time.dateRange) ? time.dateRange : [time.dateRange];
    const from = range[0] as string;
    const to = range[range.length - 1] as string;
    conditions.push(`(ms >= ${boundMs(from, 'start', zone)} AND ms <= ${boundMs(to, 'end', zone)})`);
  }
  const selected = [
    ...keys.map(({ key, sql }) => `${sql} AS ${quoted(key)}`),
    ...measures.map((member) => `${MEASURE_SQL[member.slice(CUBE.length + 1)]} AS ${quoted(member)}`),
    'min(seq) AS first_seen',
    // An order by a text dimension the query does not select (the spec is silent; the reference's reading): a
    // group sorts by its least value ascending and its greatest descending, and a null among its values
    // counts as the greatest, as nulls do in a selected column.
    ...hidden.flatMap((member) => {
      const column = quoted(member.slice(CUBE.length + 1));
      return [
        `min(${column}) AS ${quoted(`least ${member}`)}`,
        `CASE WHEN count(*) FILTER (WHERE ${column} IS NULL) > 0 THEN NULL ELSE max(${column}) END AS ${quoted(`greatest ${member}`)}`,
      ];
    }),
  ];
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const groupBy = keys.length > 0 ? `GROUP BY ${keys.map((_, index) => index + 1).join(', ')}` : '';
  const kept = having.length > 0 ? `HAVING ${having.join(' AND ')}` : '';
  let groups = `SELECT ${selected.join(', ')} FROM events ${where} ${groupBy} ${kept}`;

  // Missing-day fill. The spec fills "only ranges set by inDateRange"; the reference reads a time dimension's
  // `dateRange` as the query layer's shorthand for one (Cube compiles it to that filter), so that range counts
  // first, then the first top-level `inDateRange` filter on utcTime. Days are the zone's calendar days.
  const filterRange = (query.filters ?? []).find(
    (filter): filter is { member: string; operator: string; values: string[] } =>
      'member' in filter && filter.member === `${CUBE}.utcTime` && filter.operator === 'inDateRange',
  );
  const shorthand = time?.dateRange === undefined ? undefined : [time.dateRange].flat();
  const fillRange = shorthand ? [shorthand[0], shorthand[shorthand.length - 1]] : filterRange?.values;
  // The day column: the time dimension's bucket, or a `utcTime.day` asked for in dimensions.
  const dayKey = granularity === 'day' ? bucketKey : dimensions.find((member) => member === `${CUBE}.utcTime.day`);
  const fills = measures.length > 0 && dayKey !== undefined && fillRange !== undefined;
  if (fills && dayKey) {
    const [from, to] = fillRange as [string, string];
    const start = `date_trunc('day', CAST(${text(wallClockOf(from, 'start').replace('T', ' '))} AS TIMESTAMP))`;
    const end = `CAST(${text(wallClockOf(to, 'end').replace('T', ' '))} AS TIMESTAMP)`;
    const blanks = [
      ...dimensions.map((member) => `${member === dayKey ? formatted('day') : 'NULL'} AS ${quoted(member)}`),
      ...(bucketKey ? [`${bucketKey === dayKey ? formatted('day') : 'NULL'} AS ${quoted(bucketKey)}`] : []),
      ...measures.map((member) => `0 AS ${quoted(member)}`),
      'NULL AS first_seen',
      ...hidden.flatMap((member) => [`NULL AS ${quoted(`least ${member}`)}`, `NULL AS ${quoted(`greatest ${member}`)}`]),
    ];
    groups = `WITH found AS (${groups}) SELECT * FROM found UNION ALL SELECT ${blanks.join(', ')}
      FROM generate_series(${start}, ${end}, INTERVAL 1 DAY) AS days(day)
      WHERE ${formatted('day')} NOT IN (SELECT ${quoted(dayKey)} FROM found)`;
  }

  // Outer statement: order, page, and the row's shape (measures as strings, the bucket under two keys).
  // Nulls sort last ascending and first descending, and ties keep the order in which groups first appear among
  // the events as they arrived, days added by the fill after them in calendar order. The spec is silent on both;
  // these are the reference's readings (the first is the common SQL one), so the statement spells them out.
  // Qualified, so measures order by their numbers rather than by the strings the outer SELECT makes of them.
  const by = (member: string, direction: 'asc' | 'desc') =>
    `grouped.${quoted(member)} ${direction === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'}`;
  const orderBy: string[] = explicit.map(([member, direction]) =>
    hidden.includes(member) ? by(`${direction === 'asc' ? 'least' : 'greatest'} ${member}`, direction) : by(member, direction),
  );
  // The first time dimension with a granularity: the `timeDimensions` entry, else a suffixed dimension (the
  // query layer appends those to the time dimensions).
  const firstBucket = bucketKey ?? dimensions.find((member) => member.startsWith(`${CUBE}.utcTime.`));
  if (explicit.length === 0) {
    if (firstBucket) orderBy.push(by(firstBucket, 'asc'));
    else if (measures.length > 0 && dimensions.length > 0) orderBy.push(by(measures[0] as string, 'desc'));
    else if (dimensions.length > 0) orderBy.push(by(dimensions[0] as string, 'asc'));
  }
  orderBy.push('first_seen ASC NULLS LAST');
  if (dayKey) orderBy.push(`grouped.${quoted(dayKey)} ASC`);
  const shaped = [
    ...dimensions.map((member) => quoted(member)),
    ...(bucketKey ? [quoted(bucketKey), `${quoted(bucketKey)} AS ${quoted(`${CUBE}.utcTime`)}`] : []),
    ...measures.map((member) => `CAST(${quoted(member)} AS VARCHAR) AS ${quoted(member)}`),
  ];
  // The spec's fill ignores the limit; the reference ignores the offset with it (its reading: a filled answer is
  // every day of the range, paged by narrowing the range), so a filled statement has neither.
  const page = fills ? '' : `LIMIT ${query.limit ?? 10_000} OFFSET ${query.offset ?? 0}`;
  const sql = `SELECT ${shaped.join(', ')} FROM (${groups}) AS grouped
    ${orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : ''} ${page}`;
  return { sql };
}
