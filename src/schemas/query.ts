import { z } from 'zod';

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
export const memberSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/, {
  error: 'a member is written Cube.member, such as TrackedEvents.count',
});

/** A dimension name, optionally with a granularity suffix (`TrackedEvents.utcTime.day`). */
export const dimensionSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*(\\.(${GRANULARITIES.join('|')}))?$`), {
    error: 'a dimension is written Cube.member, optionally with a granularity suffix such as .day',
  });

/** One member filter: `member`, `operator`, `values`. */
export const memberFilterSchema = z.strictObject({
  /** The member filtered on. */
  member: memberSchema,
  /** The operator. */
  operator: filterOperatorSchema,
  /** The values, as strings; not needed for `set` and `notSet`. */
  values: z.array(z.string()).optional(),
});

/** A filter: a member filter, or a nested `and` / `or` of filters. */
export type QueryFilter = z.infer<typeof memberFilterSchema> | { and: QueryFilter[] } | { or: QueryFilter[] };

/** A filter, recursively. */
export const filterSchema: z.ZodType<QueryFilter> = z.lazy(() =>
  z.union([
    memberFilterSchema,
    z.strictObject({ and: z.array(filterSchema).min(1) }),
    z.strictObject({ or: z.array(filterSchema).min(1) }),
  ]),
);

/** A time dimension entry. */
export const timeDimensionSchema = z.strictObject({
  /** The time member, such as `TrackedEvents.utcTime`. */
  dimension: memberSchema,
  /** Bucket size; without it the time dimension only filters. */
  granularity: granularitySchema.optional(),
  /** A relative range (`last 7 days`) or one or two ISO dates. */
  dateRange: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(2)]).optional(),
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
  measures: z.array(memberSchema).optional(),
  /** Dimensions to group by. */
  dimensions: z.array(dimensionSchema).optional(),
  /** Sort order. */
  order: orderSchema.optional(),
  /** Filters, combined with AND. */
  filters: z.array(filterSchema).optional(),
  /** Row limit: default 10,000, at most 50,000. */
  limit: z.number().int().min(0).optional(),
  /** Rows to skip, for paging. */
  offset: z.number().int().min(0).optional(),
  /** Time dimensions. */
  timeDimensions: z.array(timeDimensionSchema).optional(),
  /** IANA time zone name; `UTC` by default. */
  timezone: z.string().min(1).optional(),
});

/** A query object. */
export type QueryObject = z.infer<typeof queryObjectSchema>;
/** A member filter. */
export type MemberFilter = z.infer<typeof memberFilterSchema>;
