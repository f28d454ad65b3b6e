import type { QueryObject } from '../../../schemas/query.ts';
import { ApiError } from '../../platform/api-error.ts';
import { LIMITS_WITHOUT_REGISTER, type ReferenceLimits } from '../../platform/reference-limits.ts';
import { isTimeZone } from '../time/zone.ts';
import type { OrderKey } from './compiled-query.ts';
import type { Member, MemberCatalog } from './member-catalog.ts';
import { normalisedOrder, type OrderColumn } from './order-spec.ts';

/** What the cube-specific compilers share: the parsed query, its zone, paging, and member lookup. */
export interface QueryFrame {
  query: QueryObject;
  timezone: string;
  limit: number;
  offset: number;
  now: number;
  catalog: MemberCatalog;
  /** Resolves a member name or throws a 400 naming the field and what exists. */
  resolve(name: string, field: string): Member;
}

/** Checks the parts every query shares and builds the frame. */
export function createFrame(
  query: QueryObject,
  catalog: MemberCatalog,
  now: number,
  limits: Pick<ReferenceLimits, 'rawExportRowsDefault' | 'rawExportRowsMaximum'> = LIMITS_WITHOUT_REGISTER,
): QueryFrame {
  const { rawExportRowsDefault: DEFAULT_LIMIT, rawExportRowsMaximum: MAX_LIMIT } = limits;
  const timezone = query.timezone ?? 'UTC';
  if (!isTimeZone(timezone))
    throw new ApiError(400, `query.timezone: "${timezone}" is not an IANA time zone name; use one such as UTC or Europe/Berlin`);
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT)
    throw new ApiError(
      400,
      `query.limit: ${limit} is above the maximum of ${MAX_LIMIT.toLocaleString('en-US')} rows per request; ` +
        `paginate with limit and offset (limit ${MAX_LIMIT}, then offset ${MAX_LIMIT}, ${2 * MAX_LIMIT} …)`,
    );
  if (limit < 1)
    throw new ApiError(
      400,
      `query.limit: a limit must be at least 1; leave it out for the default of ${DEFAULT_LIMIT.toLocaleString('en-US')}`,
    );
  return {
    query,
    timezone,
    limit,
    offset: query.offset ?? 0,
    now,
    catalog,
    resolve: (name, field) => resolveMember(catalog, name, field),
  };
}

/** What a compiler resolved that the echoed query shows: measure keys, order columns, order and time dimensions. */
export interface EchoParts {
  measureKeys: readonly string[];
  columns: readonly OrderColumn[];
  order: readonly OrderKey[];
  timeDimensions: readonly Record<string, unknown>[];
}

/**
 * The query as the response echoes it, in the query layer's normalised form: absolute date ranges, the order
 * that applied, the limit and the time zone.
 */
export function echoQuery(frame: QueryFrame, parts: EchoParts): Record<string, unknown> {
  return {
    measures: parts.measureKeys,
    dimensions: frame.query.dimensions ?? [],
    timeDimensions: parts.timeDimensions,
    filters: frame.query.filters ?? [],
    order: normalisedOrder(parts.order, parts.columns, parts.measureKeys),
    limit: frame.limit,
    ...(frame.query.offset !== undefined ? { offset: frame.query.offset } : {}),
    timezone: frame.timezone,
    rowLimit: frame.limit,
    queryType: 'regularQuery',
  };
}

function resolveMember(catalog: MemberCatalog, name: string, field: string): Member {
  const member = catalog.find(name);
  if (member) return member;
  const cube = name.slice(0, Math.max(0, name.indexOf('.')));
  const broken = catalog.brokenFunnels.find((funnel) => funnel.slug === cube);
  if (broken) throw new ApiError(400, `${field}: the funnel ${cube} has an invalid definition: ${broken.message}`);
  const members = catalog.membersOf(cube);
  if (members.length > 0) throw new ApiError(400, `${field}: ${name} is not a member of ${cube}; it has ${members.join(', ')}`);
  throw new ApiError(400, `${field}: ${name} names no known cube; this project has ${catalog.cubes().join(', ')}`);
}

/** Every member name a query mentions, with its field, to find the one cube it reads. */
export function mentionedMembers(query: QueryObject): { name: string; field: string }[] {
  const out: { name: string; field: string }[] = [];
  query.measures?.forEach((name, index) => {
    out.push({ name, field: `query.measures[${index}]` });
  });
  query.dimensions?.forEach((name, index) => {
    out.push({ name: name.split('.').slice(0, 2).join('.'), field: `query.dimensions[${index}]` });
  });
  query.timeDimensions?.forEach((entry, index) => {
    out.push({ name: entry.dimension, field: `query.timeDimensions[${index}].dimension` });
  });
  const walk = (filters: readonly unknown[], field: string) => {
    filters.forEach((filter, index) => {
      const node = filter as { member?: string; and?: unknown[]; or?: unknown[] };
      if (node.member) out.push({ name: node.member, field: `${field}[${index}].member` });
      if (node.and) walk(node.and, `${field}[${index}].and`);
      if (node.or) walk(node.or, `${field}[${index}].or`);
    });
  };
  walk(query.filters ?? [], 'query.filters');
  return out;
}
