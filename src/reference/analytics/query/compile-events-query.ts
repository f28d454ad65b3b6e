import { ApiError } from '../../platform/api-error.ts';
import { DAY_MS } from '../time/civil-date.ts';
import { zoneOffsetMs } from '../time/zone.ts';
import type { StringDimension } from '../tracked-events.ts';
import { allOf, compileFilters } from './compile-filters.ts';
import type { DimensionSpec, EventsQuery, FillSpec, Granularity, MeasureSpec, RowFilter } from './compiled-query.ts';
import { type DateRange, resolveDateRange } from './date-range.ts';
import { annotate } from './member-catalog.ts';
import { resolveOrder } from './order-spec.ts';
import { echoQuery, type QueryFrame } from './query-frame.ts';

/** The most days a missing-day fill may add, so one request cannot ask for millions of rows. */
const MAX_FILL_DAYS = 50_000;

/** Compiles a query over `TrackedEvents`. */
export function compileEventsQuery(frame: QueryFrame): EventsQuery {
  const { query } = frame;
  const annotation: EventsQuery['annotation'] = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };

  const measures: MeasureSpec[] = (query.measures ?? []).map((name, index) => {
    const member = frame.resolve(name, `query.measures[${index}]`);
    if (member.kind !== 'measure')
      throw new ApiError(400, `query.measures[${index}]: ${name} is a dimension; put it in dimensions`);
    annotation.measures[name] = annotate(member, name);
    return { key: name, measure: member.name };
  });

  const dimensions: DimensionSpec[] = (query.dimensions ?? []).map((written, index) => {
    const field = `query.dimensions[${index}]`;
    const [cube, name, granularity] = written.split('.');
    const member = frame.resolve(`${cube}.${name}`, field);
    if (member.kind === 'measure') throw new ApiError(400, `${field}: ${written} is a measure; put it in measures`);
    if (member.kind !== 'dimension') throw new ApiError(400, `${field}: ${written} is not a dimension`);
    if (granularity !== undefined && member.type !== 'time')
      throw new ApiError(400, `${field}: only a time dimension takes a granularity; ${cube}.${name} is a ${member.type}`);
    if (member.type === 'time') {
      annotation.dimensions[written] = annotate(member, `${cube}.${name}`);
      return { kind: 'time', key: written, granularity: granularity as Granularity | undefined, aliasKey: undefined };
    }
    annotation.dimensions[written] = annotate(member, written);
    if (member.type === 'number') return { kind: 'number', key: written };
    return { kind: 'string', key: written, dimension: member.name as Extract<DimensionSpec, { kind: 'string' }>['dimension'] };
  });

  const rowFilters: RowFilter[] = [];
  const ranges: { dimension: string; granularity: Granularity | undefined; range: DateRange }[] = [];
  const normalisedTimeDimensions = (query.timeDimensions ?? []).map((entry, index) => {
    const field = `query.timeDimensions[${index}]`;
    const member = frame.resolve(entry.dimension, `${field}.dimension`);
    if (member.type !== 'time' || member.kind !== 'dimension')
      throw new ApiError(400, `${field}.dimension: ${entry.dimension} is not a time dimension; use TrackedEvents.utcTime`);
    const normalised: Record<string, unknown> = { dimension: entry.dimension };
    if (entry.granularity) {
      const key = `${entry.dimension}.${entry.granularity}`;
      dimensions.push({ kind: 'time', key, granularity: entry.granularity, aliasKey: entry.dimension });
      annotation.timeDimensions[key] = annotate(member, entry.dimension);
      annotation.timeDimensions[entry.dimension] = annotate(member, entry.dimension);
      normalised.granularity = entry.granularity;
    }
    if (entry.dateRange !== undefined) {
      const range = resolveDateRange(entry.dateRange, frame.timezone, frame.now, `${field}.dateRange`);
      rowFilters.push({ kind: 'time', test: { ranges: [[range.from, range.to]], negate: false } });
      ranges.push({ dimension: entry.dimension, granularity: entry.granularity, range });
      normalised.dateRange = [range.fromLocal, range.toLocal];
    }
    return normalised;
  });

  if (measures.length === 0 && dimensions.length === 0)
    throw new ApiError(
      400,
      'query: a query needs at least one measure, one dimension, or a time dimension with a granularity; for example "measures": ["TrackedEvents.count"]',
    );

  const filters = compileFilters(query.filters ?? [], { resolve: frame.resolve, timezone: frame.timezone, now: frame.now });
  rowFilters.push(...filters.rows);

  const columns = dimensions.map((spec) => ({
    key: spec.key,
    aliasKey: spec.kind === 'time' ? spec.aliasKey : undefined,
    bucketed: spec.kind === 'time' && spec.granularity !== undefined,
  }));
  const measureKeys = measures.map((spec) => spec.key);
  const order = resolveOrder(query.order, columns, measureKeys, (name, field) => {
    const member = frame.resolve(name, field);
    if (member.kind !== 'dimension' || member.type !== 'string') return undefined;
    return { dimension: member.name as StringDimension, member: name };
  });

  return {
    kind: 'events',
    timezone: frame.timezone,
    limit: frame.limit,
    offset: frame.offset,
    order,
    measures,
    dimensions,
    filter: allOf(rowFilters),
    having: allOf(filters.measures),
    fill: fillSpec(frame, measures, dimensions, ranges, filters.inDateRanges),
    annotation,
    normalised: echoQuery(frame, { measureKeys, columns, order, timeDimensions: normalisedTimeDimensions }),
  };
}

/**
 * The spec's missing-day fill applies only when the query has measures, groups by `day`, and its range comes
 * from `inDateRange` (a time dimension's `dateRange` is the query layer's shorthand for one).
 */
function fillSpec(
  frame: QueryFrame,
  measures: MeasureSpec[],
  dimensions: DimensionSpec[],
  ranges: { dimension: string; granularity: Granularity | undefined; range: DateRange }[],
  inDateRanges: { member: string; range: DateRange }[],
): FillSpec | undefined {
  if (measures.length === 0) return undefined;
  const dimensionIndex = dimensions.findIndex((spec) => spec.kind === 'time' && spec.granularity === 'day');
  if (dimensionIndex < 0) return undefined;
  const range = ranges.find((entry) => entry.granularity === 'day')?.range ?? ranges[0]?.range ?? inDateRanges[0]?.range;
  if (!range) return undefined;
  const localDay = (utc: number) => Math.floor((utc + zoneOffsetMs(frame.timezone, utc)) / DAY_MS);
  const firstDay = localDay(range.from);
  const lastDay = localDay(range.to);
  if (lastDay - firstDay + 1 > MAX_FILL_DAYS)
    throw new ApiError(
      400,
      `query: the date range spans ${lastDay - firstDay + 1} days; missing-day fill covers at most ${MAX_FILL_DAYS}; narrow the range`,
    );
  return { firstDay, lastDay, dimensionIndex };
}
