import {
  type MemberFilter,
  NUMBER_OPERATORS,
  type QueryFilter,
  STRING_OPERATORS,
  TIME_OPERATORS,
} from '../../../schemas/query.ts';
import { ApiError } from '../../platform/api-error.ts';
import type { MeasureFilter, RowFilter, TimeTest } from './compiled-query.ts';
import { type DateRange, parseInstant, resolveDateRange } from './date-range.ts';
import type { Member } from './member-catalog.ts';

/** Whether an operator is one of a member type's operators. */
function oneOf<T extends string>(allowed: readonly T[], operator: string): operator is T {
  return (allowed as readonly string[]).includes(operator);
}

/** What filters compile to: row filters, measure filters, and the top-level `inDateRange` ranges (for the fill). */
export interface CompiledFilters {
  rows: RowFilter[];
  measures: MeasureFilter[];
  inDateRanges: { member: string; range: DateRange }[];
}

/** Context a filter compiles in. */
export interface FilterContext {
  resolve(name: string, field: string): Member;
  timezone: string;
  now: number;
}

/** Filters that must all hold, as one filter: undefined for none, the filter itself for one. */
export function allOf(filters: RowFilter[]): RowFilter | undefined;
export function allOf(filters: MeasureFilter[]): MeasureFilter | undefined;
export function allOf(filters: (RowFilter | MeasureFilter)[]): RowFilter | MeasureFilter | undefined {
  if (filters.length <= 1) return filters[0];
  return { kind: 'and', children: filters } as RowFilter | MeasureFilter;
}

/** Compiles the query's `filters` (an AND of filters). */
export function compileFilters(filters: readonly QueryFilter[], context: FilterContext): CompiledFilters {
  const out: CompiledFilters = { rows: [], measures: [], inDateRanges: [] };
  filters.forEach((filter, index) => {
    const field = `query.filters[${index}]`;
    const compiled = compileNode(filter, context, field);
    if (compiled.target === 'measure') out.measures.push(compiled.filter);
    else out.rows.push(compiled.filter);
    if ('member' in filter && filter.operator === 'inDateRange') {
      const member = context.resolve(filter.member, `${field}.member`);
      if (member.kind === 'dimension' && member.name === 'utcTime')
        out.inDateRanges.push({ member: filter.member, range: dateRangeOf(filter, context, field) });
    }
  });
  return out;
}

type Compiled = { target: 'row'; filter: RowFilter } | { target: 'measure'; filter: MeasureFilter };

function compileNode(filter: QueryFilter, context: FilterContext, field: string): Compiled {
  if ('and' in filter || 'or' in filter) {
    const kind = 'and' in filter ? 'and' : 'or';
    const items = 'and' in filter ? filter.and : filter.or;
    const children = items.map((child, index) => compileNode(child, context, `${field}.${kind}[${index}]`));
    const targets = new Set(children.map((child) => child.target));
    if (targets.size > 1)
      throw new ApiError(
        400,
        `${field}: an "${kind}" group mixes measures and dimensions; put measure filters and dimension filters in separate groups`,
      );
    if (children[0]?.target === 'measure')
      return { target: 'measure', filter: { kind, children: children.map((child) => child.filter as MeasureFilter) } };
    return { target: 'row', filter: { kind, children: children.map((child) => child.filter as RowFilter) } };
  }
  return compileLeaf(filter, context, field);
}

function requireValues(filter: MemberFilter, field: string): string[] {
  if (filter.operator === 'set' || filter.operator === 'notSet') return [];
  if (!filter.values || filter.values.length === 0)
    throw new ApiError(400, `${field}.values: operator ${filter.operator} needs at least one value in "values"`);
  return filter.values;
}

function numbers(values: string[], field: string): number[] {
  return values.map((value, index) => {
    const number = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number)) throw new ApiError(400, `${field}.values[${index}]: "${value}" is not a number`);
    return number;
  });
}

function wrongOperator(filter: MemberFilter, kind: string, allowed: readonly string[], field: string): ApiError {
  return new ApiError(
    400,
    `${field}.operator: ${filter.operator} does not apply to the ${kind} ${filter.member}; use one of ${allowed.join(', ')}`,
  );
}

function compileLeaf(filter: MemberFilter, context: FilterContext, field: string): Compiled {
  const { operator } = filter;
  if (operator === 'afterDate')
    throw new ApiError(
      400,
      `${field}.operator: afterDate is not supported; use beforeDate, or inDateRange with the start date (for example ["2024-01-01", "2099-12-31"])`,
    );
  const member = context.resolve(filter.member, `${field}.member`);
  const values = requireValues(filter, field);
  if (member.kind === 'measure') {
    if (!oneOf(NUMBER_OPERATORS, operator)) throw wrongOperator(filter, 'measure', NUMBER_OPERATORS, field);
    return { target: 'measure', filter: { kind: 'measure', measure: member.name, operator, values: numbers(values, field) } };
  }
  if (member.kind === 'funnel-count' || member.kind === 'funnel-step')
    throw new ApiError(400, `${field}.member: a funnel is filtered by ${member.cube}.date only; ${filter.member} cannot filter`);
  if (member.type === 'time') {
    if (!oneOf(TIME_OPERATORS, operator)) throw wrongOperator(filter, 'time dimension', TIME_OPERATORS, field);
    return { target: 'row', filter: { kind: 'time', test: timeTest(filter, values, context, field) } };
  }
  if (member.type === 'number') {
    if (!oneOf(NUMBER_OPERATORS, operator)) throw wrongOperator(filter, 'number dimension', NUMBER_OPERATORS, field);
    return { target: 'row', filter: { kind: 'number', operator, values: numbers(values, field) } };
  }
  if (member.kind !== 'dimension' || member.name === 'utcTime' || member.name === 'localTzOffset')
    throw new ApiError(400, `${field}.member: ${filter.member} cannot be filtered`);
  if (!oneOf(STRING_OPERATORS, operator)) throw wrongOperator(filter, 'string dimension', STRING_OPERATORS, field);
  return { target: 'row', filter: { kind: 'string', dimension: member.name, operator, values } };
}

function dateRangeOf(filter: MemberFilter, context: FilterContext, field: string): DateRange {
  const values = filter.values ?? [];
  if (values.length < 1 || values.length > 2)
    throw new ApiError(400, `${field}.values: ${filter.operator} takes one relative range or two dates [from, to]`);
  return resolveDateRange(values.length === 1 ? (values[0] as string) : values, context.timezone, context.now, `${field}.values`);
}

function instant(value: string, bound: 'start' | 'end', context: FilterContext, field: string): number {
  const parsed = parseInstant(value, context.timezone, bound);
  if (parsed === undefined)
    throw new ApiError(400, `${field}.values: "${value}" is not a date; write YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss.SSS`);
  return parsed;
}

/** A date alone is the start of its day as a lower bound and the end of its day as an upper bound. */
function timeTest(filter: MemberFilter, values: string[], context: FilterContext, field: string): TimeTest {
  const first = values[0] as string;
  const inside = (from: number, to: number): TimeTest => ({ ranges: [[from, to]], negate: false });
  const all = Number.POSITIVE_INFINITY;
  switch (filter.operator) {
    case 'set':
      return { ranges: [[-all, all]], negate: false };
    case 'notSet':
      return { ranges: [], negate: false };
    case 'inDateRange':
    case 'notInDateRange': {
      const range = dateRangeOf(filter, context, field);
      return { ranges: [[range.from, range.to]], negate: filter.operator === 'notInDateRange' };
    }
    case 'beforeDate':
    case 'lt':
      return inside(-all, instant(first, 'start', context, field) - 1);
    case 'beforeOrOnDate':
    case 'lte':
      return inside(-all, instant(first, 'end', context, field));
    case 'afterOrOnDate':
    case 'gte':
      return inside(instant(first, 'start', context, field), all);
    case 'gt':
      return inside(instant(first, 'end', context, field) + 1, all);
    default: {
      const ranges = values.map((value): [number, number] => [
        instant(value, 'start', context, field),
        instant(value, 'end', context, field),
      ]);
      return { ranges, negate: filter.operator === 'notEquals' };
    }
  }
}
