import { ApiError } from '../../platform/api-error.ts';
import { allOf, compileFilters } from '../query/compile-filters.ts';
import type { FunnelQuery, RowFilter } from '../query/compiled-query.ts';
import { resolveDateRange } from '../query/date-range.ts';
import { annotate, type NamedFunnel } from '../query/member-catalog.ts';
import { resolveOrder } from '../query/order-spec.ts';
import { echoQuery, type QueryFrame } from '../query/query-frame.ts';

/**
 * Compiles a query over a funnel's members: `<funnel>.count` (measure), `<funnel>.step` (dimension) and
 * `<funnel>.date` (filters and date ranges only).
 */
export function compileFunnelQuery(frame: QueryFrame, funnel: NamedFunnel): FunnelQuery {
  const { query } = frame;
  const cube = funnel.slug;
  const annotation: FunnelQuery['annotation'] = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  let countKey: string | undefined;
  let stepKey: string | undefined;

  (query.measures ?? []).forEach((name, index) => {
    const member = frame.resolve(name, `query.measures[${index}]`);
    if (member.kind !== 'funnel-count')
      throw new ApiError(400, `query.measures[${index}]: ${name} is not a measure; a funnel's measure is ${cube}.count`);
    countKey = name;
    annotation.measures[name] = annotate(member, name);
  });
  (query.dimensions ?? []).forEach((name, index) => {
    const field = `query.dimensions[${index}]`;
    const member = frame.resolve(name.split('.').slice(0, 2).join('.'), field);
    if (member.kind === 'funnel-date')
      throw new ApiError(400, `${field}: ${cube}.date is usable in filters only; group by ${cube}.step`);
    if (member.kind !== 'funnel-step' || name !== `${cube}.step`)
      throw new ApiError(400, `${field}: ${name} is not a dimension; a funnel's dimension is ${cube}.step`);
    stepKey = name;
    annotation.dimensions[name] = annotate(member, name);
  });

  const rowFilters: RowFilter[] = [];
  const timeDimensions = (query.timeDimensions ?? []).map((entry, index) => {
    const field = `query.timeDimensions[${index}]`;
    const member = frame.resolve(entry.dimension, `${field}.dimension`);
    if (member.kind !== 'funnel-date') throw new ApiError(400, `${field}.dimension: a funnel's time member is ${cube}.date`);
    if (entry.granularity)
      throw new ApiError(
        400,
        `${field}.granularity: ${cube}.date restricts the events counted and has no granularity; remove it`,
      );
    if (entry.dateRange === undefined) return { dimension: entry.dimension };
    const range = resolveDateRange(entry.dateRange, frame.timezone, frame.now, `${field}.dateRange`);
    rowFilters.push({ kind: 'time', test: { ranges: [[range.from, range.to]], negate: false } });
    return { dimension: entry.dimension, dateRange: [range.fromLocal, range.toLocal] };
  });

  if (!countKey && !stepKey)
    throw new ApiError(400, `query: a funnel query needs ${cube}.count in measures or ${cube}.step in dimensions`);

  const filters = compileFilters(query.filters ?? [], { resolve: frame.resolve, timezone: frame.timezone, now: frame.now });
  rowFilters.push(...filters.rows);

  const columns = stepKey ? [{ key: stepKey, bucketed: false }] : [];
  const measureKeys = countKey ? [countKey] : [];
  const order = resolveOrder(query.order, columns, measureKeys, (name, field) => {
    frame.resolve(name, field);
    return undefined;
  });

  return {
    kind: 'funnel',
    funnel,
    countKey,
    stepKey,
    filter: allOf(rowFilters),
    timezone: frame.timezone,
    limit: frame.limit,
    offset: frame.offset,
    order,
    annotation,
    normalised: echoQuery(frame, { measureKeys, columns, order, timeDimensions }),
  };
}
