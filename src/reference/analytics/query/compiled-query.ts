import type { GRANULARITIES, NUMBER_OPERATORS, STRING_OPERATORS } from '../../../schemas/query.ts';
import type { EventMeasure, StringDimension } from '../tracked-events.ts';
import type { MemberAnnotation, NamedFunnel } from './member-catalog.ts';

/** Time granularities. */
export type Granularity = (typeof GRANULARITIES)[number];

/** Text operators. */
export type StringOperator = (typeof STRING_OPERATORS)[number];

/** Numeric comparison operators. */
export type NumberOperator = (typeof NUMBER_OPERATORS)[number];

/** Every time filter reduces to "inside (or outside) one of these inclusive ranges of UTC ms". */
export interface TimeTest {
  ranges: [number, number][];
  negate: boolean;
}

/** A filter over event rows. */
export type RowFilter =
  | { kind: 'and' | 'or'; children: RowFilter[] }
  | { kind: 'string'; dimension: StringDimension; operator: StringOperator; values: string[] }
  | { kind: 'number'; operator: NumberOperator; values: number[] }
  | { kind: 'time'; test: TimeTest };

/** A filter over aggregated measures (applied after grouping, like SQL's HAVING). */
export type MeasureFilter =
  | { kind: 'and' | 'or'; children: MeasureFilter[] }
  | { kind: 'measure'; measure: EventMeasure; operator: NumberOperator; values: number[] };

/** One output column that groups rows. `key` is the row key; time buckets also fill `aliasKey`. */
export type DimensionSpec =
  | { kind: 'string'; key: string; dimension: StringDimension }
  | { kind: 'number'; key: string }
  | { kind: 'time'; key: string; granularity: Granularity | undefined; aliasKey: string | undefined };

/** One measure column. */
export interface MeasureSpec {
  key: string;
  measure: EventMeasure;
}

/**
 * A sort key: a dimension or a measure of the query by position, or a `TrackedEvents` string dimension the
 * query does not select (`hidden`, as the spec's raw export orders by `apiKey`). A hidden key sorts each
 * group by the least value of that dimension among its events (the greatest when descending); `index` is -1.
 */
export interface OrderKey {
  source: 'dimension' | 'measure' | 'hidden';
  index: number;
  desc: boolean;
  /** The hidden dimension and its member name; only for `hidden`. */
  hidden?: { dimension: StringDimension; member: string };
}

/** What every compiled query carries besides its body. */
export interface CompiledCommon {
  timezone: string;
  limit: number;
  offset: number;
  order: OrderKey[];
  /** The query as the response echoes it. */
  normalised: Record<string, unknown>;
  /** Titles and types of the members, for the response. */
  annotation: {
    measures: Record<string, MemberAnnotation>;
    dimensions: Record<string, MemberAnnotation>;
    segments: Record<string, never>;
    timeDimensions: Record<string, MemberAnnotation>;
  };
}

/** Missing-day fill: day numbers (in the query's zone) every row set must cover, and the day column. */
export interface FillSpec {
  firstDay: number;
  lastDay: number;
  dimensionIndex: number;
}

/** A query over `TrackedEvents`. */
export interface EventsQuery extends CompiledCommon {
  kind: 'events';
  measures: MeasureSpec[];
  dimensions: DimensionSpec[];
  filter: RowFilter | undefined;
  having: MeasureFilter | undefined;
  fill: FillSpec | undefined;
}

/** A query over a funnel's members. */
export interface FunnelQuery extends CompiledCommon {
  kind: 'funnel';
  funnel: NamedFunnel;
  countKey: string | undefined;
  stepKey: string | undefined;
  /** Restricts which events count (filters on `<funnel>.date`). */
  filter: RowFilter | undefined;
}

/** A validated query. */
export type CompiledQuery = EventsQuery | FunnelQuery;
