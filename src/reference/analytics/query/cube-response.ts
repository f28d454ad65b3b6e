import type { ReferenceLimits } from '../../platform/reference-limits.ts';
import { executeFunnelQuery } from '../funnels/execute-funnel-query.ts';
import type { EventStore } from '../store/event-store.ts';
import { compileQuery } from './compile-query.ts';
import type { CompiledQuery } from './compiled-query.ts';
import { executeEventsQuery, type ResultRow } from './execute-events-query.ts';
import type { MemberCatalog } from './member-catalog.ts';

/** One result as the query layer returns it. */
export interface CubeResult {
  /** The query, normalised (absolute date ranges, explicit order, limit and time zone). */
  query: Record<string, unknown>;
  /** Rows keyed by full member name; measures as strings, times as `YYYY-MM-DDTHH:mm:ss.SSS`. */
  data: ResultRow[];
  /** Title, short title and type of every member in the rows. */
  annotation: CompiledQuery['annotation'];
  /** When the data was read (ISO). */
  lastRefreshTime: string;
}

/** Validates, compiles and runs one query over a project's events; `limits` are the register's row limits. */
export function runQuery(
  store: EventStore,
  catalog: MemberCatalog,
  raw: unknown,
  now: number,
  limits?: ReferenceLimits,
): CubeResult {
  return executeCompiled(store, compileQuery(raw, catalog, now, limits), now);
}

/** Runs a query already compiled (and its cost already weighed) over a project's events. */
export function executeCompiled(store: EventStore, compiled: CompiledQuery, now: number): CubeResult {
  const data = compiled.kind === 'events' ? executeEventsQuery(store, compiled) : executeFunnelQuery(store, compiled);
  return { query: compiled.normalised, data, annotation: compiled.annotation, lastRefreshTime: new Date(now).toISOString() };
}

/**
 * The `queryType=multi` envelope: results in an array, one per query, and the `pivotQuery` the query-layer
 * client pivots rows by. One query is a `regularQuery`; several are a `blendingQuery` whose pivot query carries
 * every measure, as the query layer does.
 */
export function multiResponse(results: CubeResult[]) {
  const queryType = results.length > 1 ? 'blendingQuery' : 'regularQuery';
  const measures = results.flatMap((result) => (result.query.measures as string[] | undefined) ?? []);
  return { queryType, results, pivotQuery: { ...results[0]?.query, measures, queryType } };
}
