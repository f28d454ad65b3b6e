import { z } from './zod-mini.ts';

/** Operators of text dimensions. */
export const STRING_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'set',
  'notSet',
] as const;

/** Operators of numbers: number dimensions and measures. */
export const NUMBER_OPERATORS = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet'] as const;

/** Operators of time dimensions: the number operators (on instants) and the date operators. */
export const TIME_OPERATORS = [
  ...NUMBER_OPERATORS,
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterOrOnDate',
] as const;

/** Every filter operator of the query layer. `afterDate` is named so it can be refused with guidance. */
export const FILTER_OPERATORS = [
  ...new Set([...STRING_OPERATORS, ...TIME_OPERATORS]),
  'afterDate', // sunset-ignore funnel-after-date-unsupported: named so it can be refused with guidance
] as const;

/** A filter operator. */
export const filterOperatorSchema = z.enum(FILTER_OPERATORS);

/** Time granularities of a time dimension, finest first. */
export const GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

/** A time granularity. */
export const granularitySchema = z.enum(GRANULARITIES);

/** A member name: `Cube.member`. */
export const memberSchema = z.string().check(
  z.regex(/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/, {
    error: 'a member is written Cube.member, such as TrackedEvents.count',
  }),
);

/** A dimension name, optionally with a granularity suffix (`TrackedEvents.utcTime.day`). */
export const dimensionSchema = z.string().check(
  z.regex(new RegExp(`^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*(\\.(${GRANULARITIES.join('|')}))?$`), {
    error: 'a dimension is written Cube.member, optionally with a granularity suffix such as .day',
  }),
);

/** One member filter: `member`, `operator`, `values`. */
export const memberFilterSchema = z.strictObject({
  /** The member filtered on. */
  member: memberSchema,
  /** The operator. */
  operator: filterOperatorSchema,
  /** The values, as strings; not needed for `set` and `notSet`. */
  values: z.optional(z.array(z.string())),
});

/** A filter: a member filter, or a nested `and` / `or` of filters. */
export type QueryFilter = z.infer<typeof memberFilterSchema> | { and: QueryFilter[] } | { or: QueryFilter[] };

/** A filter, recursively. */
export const filterSchema: z.ZodMiniType<QueryFilter> = z.lazy(() =>
  z.union([
    memberFilterSchema,
    z.strictObject({ and: z.array(filterSchema).check(z.minLength(1)) }),
    z.strictObject({ or: z.array(filterSchema).check(z.minLength(1)) }),
  ]),
);

/** A time dimension entry. */
export const timeDimensionSchema = z.strictObject({
  /** The time member, such as `TrackedEvents.utcTime`. */
  dimension: memberSchema,
  /** Bucket size; without it the time dimension only filters. */
  granularity: z.optional(granularitySchema),
  /** A relative range (`last 7 days`) or one or two ISO dates. */
  dateRange: z.optional(
    z.union([z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(2))]),
  ),
});

/** Sort direction. */
export const orderDirectionSchema = z.enum(['asc', 'desc']);

/** Order: `{member: dir}` or `[[member, dir], …]`. */
export const orderSchema = z.union([
  z.record(z.string(), orderDirectionSchema),
  z.array(z.tuple([z.string(), orderDirectionSchema])),
]);

/** The query object the analytics endpoint takes. */
export const queryObjectSchema = z.strictObject({
  /** Measures to compute. */
  measures: z.optional(z.array(memberSchema)),
  /** Dimensions to group by. */
  dimensions: z.optional(z.array(dimensionSchema)),
  /** Sort order. */
  order: z.optional(orderSchema),
  /** Filters, combined with AND. */
  filters: z.optional(z.array(filterSchema)),
  /** Row limit: default 10,000, at most 50,000. */
  limit: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** Rows to skip, for paging. */
  offset: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** Time dimensions. */
  timeDimensions: z.optional(z.array(timeDimensionSchema)),
  /** IANA time zone name; `UTC` by default. */
  timezone: z.optional(z.string().check(z.minLength(1))),
});

/** A query object. */
export type QueryObject = z.infer<typeof queryObjectSchema>;
/** A member filter. */
export type MemberFilter = z.infer<typeof memberFilterSchema>;
