/**
 * The DuckDB side of `npm run bench:query`: the same events in a DuckDB table, and SQL equivalent to each
 * reference query, written to return the same rows in the same text form so the results can be compared.
 */
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { TrackedEvent } from '../../src/reference/analytics/tracked-events.ts';
import type { FunnelDefinition } from '../../src/schemas/funnel-definition.ts';

const TEXT_COLUMNS = [
  ['doc_encoding', 'docEncoding'],
  ['doc_host', 'docHost'],
  ['doc_path', 'docPath'],
  ['doc_search', 'docSearch'],
  ['event_type', 'eventType'],
  ['page_title', 'pageTitle'],
  ['src', 'src'],
  ['vp_size', 'vpSize'],
  ['api_key', 'apiKey'],
  ['user_anonymous_id', 'userAnonymousId'],
] as const;

/** A DuckDB database being filled with events. */
export interface DuckDbEvents {
  connection: DuckDBConnection;
  append(event: TrackedEvent): void;
  /** Flushes the appender and builds the `events` table with a real TIMESTAMP column. */
  finish(): Promise<void>;
}

/** Opens an in-memory DuckDB with a staging table and an appender. */
export async function openDuckDb(): Promise<DuckDbEvents> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `CREATE TABLE staging (${TEXT_COLUMNS.map(([name]) => `${name} VARCHAR`).join(', ')}, local_tz_offset INTEGER, utc_ms BIGINT)`,
  );
  const appender: DuckDBAppender = await connection.createAppender('staging');
  return {
    connection,
    append(event) {
      for (const [, member] of TEXT_COLUMNS) {
        const value = event[member];
        if (value === null) appender.appendNull();
        else appender.appendVarchar(value);
      }
      if (event.localTzOffset === null) appender.appendNull();
      else appender.appendInteger(event.localTzOffset);
      appender.appendBigInt(BigInt(event.utcTime));
      appender.endRow();
    },
    async finish() {
      appender.closeSync();
      await connection.run(
        `CREATE TABLE events AS SELECT ${TEXT_COLUMNS.map(([name]) => name).join(', ')}, local_tz_offset, epoch_ms(utc_ms) AS utc_time, utc_ms FROM staging`,
      );
      await connection.run('DROP TABLE staging');
    },
  };
}

const TIME = `'%Y-%m-%dT%H:%M:%S.%g'`;

/** Page views per day (UTC), as the reference's `TrackedEvents.count` by `utcTime.day`. */
export const GROUP_BY_DAY_SQL = `
  SELECT strftime(date_trunc('day', utc_time), ${TIME}) AS "TrackedEvents.utcTime.day", count(*)::VARCHAR AS "TrackedEvents.count"
  FROM events GROUP BY date_trunc('day', utc_time) ORDER BY date_trunc('day', utc_time) LIMIT 10000`;

/** Distinct users. */
export const DISTINCT_USERS_SQL = `SELECT count(DISTINCT user_anonymous_id)::VARCHAR AS "TrackedEvents.uniqueUsersCount" FROM events`;

/** A raw export page: every dimension, grouped, ordered by api key. */
export const EXPORT_PAGE_SQL = `
  SELECT doc_encoding, doc_host, doc_path, doc_search, event_type, local_tz_offset, page_title, src,
         strftime(utc_time, ${TIME}) AS utc_time, vp_size, api_key, user_anonymous_id
  FROM events GROUP BY ALL ORDER BY api_key LIMIT 50000`;

/**
 * The funnel in SQL: for every start (a page view of step 1) the earliest page view of each next step that
 * comes after the previous one and within the window of the start (earliest is best for a fixed start), the
 * furthest step per start, the best start per user, and users counted by that step.
 */
export function funnelSql(funnel: FunnelDefinition): string {
  const window = funnel.seconds_to_convert * 1000;
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const targets = funnel.steps.map((step) => quote(step.target)).join(', ');
  const chain = funnel.steps.slice(1).map((step, index) => {
    const previous = `t${index + 1}`;
    const columns = Array.from({ length: index + 1 }, (_, at) => `c${index}.t${at + 1}`).join(', ');
    const from = index === 0 ? 'starts c0' : `s${index + 1} c${index}`;
    return `s${index + 2} AS (
      SELECT c${index}.u, ${columns}, min(v.t) AS t${index + 2}
      FROM ${from} LEFT JOIN v ON v.u = c${index}.u AND v.p = ${quote(step.target)}
        AND v.t >= c${index}.${previous} AND v.t <= c${index}.t1 + ${window}
      GROUP BY c${index}.u, ${columns})`;
  });
  const last = funnel.steps.length;
  const furthest = `CASE ${funnel.steps
    .map((_, index) => last - index)
    .map((step) => `WHEN t${step} IS NOT NULL THEN ${step}`)
    .join(' ')} END`;
  const names = funnel.steps.map((step, index) => `(${index + 1}, ${quote(step.name)})`).join(', ');
  return `
    WITH v AS (
      SELECT user_anonymous_id AS u, utc_ms AS t, doc_path AS p FROM events
      WHERE event_type = 'pageview' AND user_anonymous_id IS NOT NULL AND doc_path IN (${targets})),
    starts AS (SELECT u, t AS t1 FROM v WHERE p = ${quote(funnel.steps[0]?.target ?? '')}),
    ${chain.join(',\n    ')},
    best AS (SELECT u, max(${furthest}) AS step FROM ${last > 1 ? `s${last}` : 'starts'} GROUP BY u),
    names(step, name) AS (VALUES ${names})
    SELECT names.name AS "step", count(best.u)::VARCHAR AS "count"
    FROM names LEFT JOIN best ON best.step = names.step GROUP BY names.step, names.name ORDER BY names.step`;
}
