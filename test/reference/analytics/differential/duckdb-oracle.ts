import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { EVENT_DIMENSIONS, type TrackedEvent } from '../../../../src/reference/analytics/tracked-events.ts';
import type { FunnelDefinition } from '../../../../src/schemas/funnel-definition.ts';
import { type EventsQuery, eventsQuerySql } from './events-query-sql.ts';
import { funnelQuerySql } from './funnel-query-sql.ts';
import { text } from './sql-time.ts';

/** A row as the query layer returns it: members to strings, numbers or null. */
export type OracleRow = Record<string, string | number | null>;

/** DuckDB's answer to a query: rows, or a refusal (the engine's 400), with the statement that gave it. */
export type OracleAnswer = { status: 200; data: OracleRow[]; sql: string } | { status: 400; reason: string };

/** One DuckDB database holding one event set at a time, answering queries with independent SQL. */
export interface DuckDbOracle {
  /** Replaces the events table with these events (`seq` keeps their arrival order). */
  load(events: readonly TrackedEvent[]): Promise<void>;
  /** Answers a TrackedEvents query, or a query of the funnel `cube` defined by `funnel`. */
  answer(query: Record<string, unknown>, cube: string, funnel: FunnelDefinition): Promise<OracleAnswer>;
  /** Closes the database. */
  close(): void;
}

function value(item: string | number | null): string {
  if (item === null) return 'NULL';
  return typeof item === 'number' ? String(item) : text(item);
}

function plain(row: Record<string, unknown>): OracleRow {
  const out: OracleRow = {};
  for (const [key, item] of Object.entries(row)) {
    if (key === 'step_index' || key === 'users') continue;
    out[key] = typeof item === 'bigint' ? Number(item) : (item as string | number | null);
  }
  return out;
}

/** Opens an in-memory DuckDB whose session zone is UTC, so `at` and `ms` name the same instants. */
export async function openDuckDbOracle(): Promise<DuckDbOracle> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection: DuckDBConnection = await instance.connect();
  await connection.run(`SET TimeZone = 'UTC'`);
  return {
    async load(events) {
      const columns = EVENT_DIMENSIONS.filter((name) => name !== 'utcTime' && name !== 'localTzOffset');
      await connection.run(
        `CREATE OR REPLACE TABLE events (seq INTEGER, ms BIGINT, happened TIMESTAMPTZ, "localTzOffset" INTEGER, ${columns
          .map((name) => `"${name}" VARCHAR`)
          .join(', ')})`,
      );
      if (events.length === 0) return;
      const rows = events.map(
        (event, seq) =>
          `(${seq}, ${event.utcTime}, make_timestamp(${event.utcTime * 1000}), ${value(event.localTzOffset)}, ${columns
            .map((name) => value(event[name]))
            .join(', ')})`,
      );
      await connection.run(`INSERT INTO events VALUES ${rows.join(', ')}`);
    },
    async answer(query, cube, funnel) {
      const isFunnel = JSON.stringify(query).includes(`"${cube}.`);
      const statement = isFunnel ? funnelQuerySql(cube, funnel, query as EventsQuery) : eventsQuerySql(query as EventsQuery);
      if ('refused' in statement) return { status: 400, reason: statement.refused };
      const reader = await connection.runAndReadAll(statement.sql);
      return { status: 200, data: reader.getRowObjects().map((row) => plain(row)), sql: statement.sql };
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
