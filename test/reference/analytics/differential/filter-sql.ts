import { boundMs, text } from './sql-time.ts';

/**
 * Query-layer filters as SQL conditions, written from PROTOCOLS.md ("Filter semantics", Cube's): text matches
 * ignore case and OR over values; their negations AND and keep nulls; `equals` is IN and `notEquals` keeps
 * nulls; `gt`…`lte` read `values[0]`; date bounds follow the start/end rule of {@link boundMs}.
 */

/** A filter as the query object holds it. */
export type Filter = { member: string; operator: string; values?: string[] } | { and: Filter[] } | { or: Filter[] };

/** Columns and value types of a filter's member. */
export interface FilterColumn {
  /** The SQL expression of the member's value. */
  sql: string;
  /** Whether values are numbers (compared as numbers) rather than text. */
  numeric: boolean;
  /** Whether the member is a time: its values are dates or wall-clock times, compared as instants. */
  time?: boolean;
}

/**
 * The number operators on a time member, by the start/end rule: `lt` and `gte` open at a value's start,
 * `lte` and `gt` close at its end, and `equals` holds from a value's start to its end (a whole day for a date).
 */
function timeComparison(operator: string, values: string[], ms: string, zone: string): string | undefined {
  const first = values[0] as string;
  const within = (value: string) => `(${ms} >= ${boundMs(value, 'start', zone)} AND ${ms} <= ${boundMs(value, 'end', zone)})`;
  switch (operator) {
    case 'lt':
      return `(${ms} < ${boundMs(first, 'start', zone)})`;
    case 'gte':
      return `(${ms} >= ${boundMs(first, 'start', zone)})`;
    case 'lte':
      return `(${ms} <= ${boundMs(first, 'end', zone)})`;
    case 'gt':
      return `(${ms} > ${boundMs(first, 'end', zone)})`;
    case 'equals':
      return `(${values.map(within).join(' OR ')})`;
    case 'notEquals':
      return `NOT (${values.map(within).join(' OR ')})`;
  }
  return undefined;
}

const MATCHES: Record<string, (column: string, value: string) => string> = {
  contains: (column, value) => `contains(lower(${column}), lower(${text(value)}))`,
  startsWith: (column, value) => `starts_with(lower(${column}), lower(${text(value)}))`,
  endsWith: (column, value) => `suffix(lower(${column}), lower(${text(value)}))`,
};

function literal(value: string, numeric: boolean): string {
  return numeric ? `CAST(${text(value)} AS DOUBLE)` : text(value);
}

/**
 * One filter as a condition. `column(member)` resolves a member; `timeMs` is the column of instants that date
 * operators compare; `zone` is the query's time zone.
 */
export function filterSql(filter: Filter, column: (member: string) => FilterColumn, timeMs: string, zone: string): string {
  if ('and' in filter)
    return filter.and.length === 0
      ? 'TRUE'
      : `(${filter.and.map((item) => filterSql(item, column, timeMs, zone)).join(' AND ')})`;
  if ('or' in filter)
    return filter.or.length === 0 ? 'FALSE' : `(${filter.or.map((item) => filterSql(item, column, timeMs, zone)).join(' OR ')})`;
  const values = filter.values ?? [];
  const { operator } = filter;
  switch (operator) {
    case 'inDateRange':
      return `(${timeMs} >= ${boundMs(values[0] as string, 'start', zone)} AND ${timeMs} <= ${boundMs(values[1] as string, 'end', zone)})`;
    case 'notInDateRange':
      return `(${timeMs} < ${boundMs(values[0] as string, 'start', zone)} OR ${timeMs} > ${boundMs(values[1] as string, 'end', zone)})`;
    case 'beforeDate':
      return `(${timeMs} < ${boundMs(values[0] as string, 'start', zone)})`;
    case 'beforeOrOnDate':
      return `(${timeMs} <= ${boundMs(values[0] as string, 'end', zone)})`;
    case 'afterOrOnDate':
      return `(${timeMs} >= ${boundMs(values[0] as string, 'start', zone)})`;
  }
  const { sql, numeric, time } = column(filter.member);
  const onTime = time ? timeComparison(operator, values, timeMs, zone) : undefined;
  if (onTime) return onTime;
  switch (operator) {
    case 'set':
      return `(${sql} IS NOT NULL)`;
    case 'notSet':
      return `(${sql} IS NULL)`;
    case 'equals':
      return `(${sql} IN (${values.map((value) => literal(value, numeric)).join(', ')}))`;
    case 'notEquals':
      return `(${sql} IS NULL OR ${sql} NOT IN (${values.map((value) => literal(value, numeric)).join(', ')}))`;
    case 'gt':
      return `(${sql} > ${literal(values[0] as string, true)})`;
    case 'gte':
      return `(${sql} >= ${literal(values[0] as string, true)})`;
    case 'lt':
      return `(${sql} < ${literal(values[0] as string, true)})`;
    case 'lte':
      return `(${sql} <= ${literal(values[0] as string, true)})`;
  }
  const negated = operator.startsWith('not');
  const match = MATCHES[negated ? operator[3]?.toLowerCase() + operator.slice(4) : operator];
  if (!match) throw new Error(`the SQL formulation has no operator ${operator}`);
  const each = values.map((value) => match(sql, value));
  if (!negated) return `(${sql} IS NOT NULL AND (${each.join(' OR ')}))`;
  return `(${sql} IS NULL OR NOT (${each.join(' OR ')}))`;
}
