import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { ApiError } from '../../../../src/reference/platform/api-error.ts';
import { storeOf } from '../analytics-fixtures.ts';
import { type DuckDbOracle, type OracleAnswer, openDuckDbOracle } from './duckdb-oracle.ts';
import { FUNNEL, type RandomCase, randomCase } from './random-cases.ts';

/**
 * The reference engine against DuckDB: random event sets, each loaded once into DuckDB and asked a batch of
 * random queries, every answer compared exactly (rows, their order, their values, or a 400 on both sides).
 * A failure names the seed (rerun with SUNSET_DIFF_SEED=<seed>) and the shrunk event set and query.
 */

const SEED = Number(process.env.SUNSET_DIFF_SEED ?? 20_241_128);
const EVENT_SETS = 60;
const NOW = Date.parse('2024-12-01T00:00:00Z');
/** How long the run (and its shrinking) may take before it reports the smallest failing case found so far. */
const SHRINK_BUDGET_MS = 90_000;

let oracle: DuckDbOracle;
beforeAll(async () => {
  oracle = await openDuckDbOracle();
});
afterAll(() => oracle?.close());

type EngineAnswer = { status: 200; data: Record<string, unknown>[] } | { status: number; message: string };

function engineAnswer(
  store: ReturnType<typeof storeOf>,
  catalog: ReturnType<typeof createMemberCatalog>,
  query: unknown,
): EngineAnswer {
  try {
    return { status: 200, data: runQuery(store, catalog, query, NOW).data };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
}

/** The query, then the first differing rows of each side (or both statuses), short enough to read. */
function disagreement(query: unknown, engine: EngineAnswer, expected: OracleAnswer): string {
  const lines = [`query  ${JSON.stringify(query)}`];
  if (!('data' in engine) || !('data' in expected)) {
    lines.push(`engine ${JSON.stringify(engine)}`, `duckdb ${JSON.stringify(expected)}`);
    return lines.join('\n');
  }
  const at = engine.data.findIndex((row, index) => JSON.stringify(row) !== JSON.stringify(expected.data[index]));
  const index = at < 0 ? engine.data.length : at;
  lines.push(
    `rows   engine ${engine.data.length}, duckdb ${expected.data.length}; first difference at row ${index}`,
    `engine ${JSON.stringify(engine.data.slice(index, index + 3))}`,
    `duckdb ${JSON.stringify(expected.data.slice(index, index + 3))}`,
    `sql    ${expected.sql.replace(/\s+/g, ' ')}`,
  );
  return lines.join('\n');
}

let compared = 0;

/** Loads one event set into both engines and compares the answer to every query. */
async function compare({ events, funnel, queries }: RandomCase): Promise<void> {
  const store = storeOf(events);
  const catalog = createMemberCatalog([{ slug: FUNNEL, file: `${FUNNEL}.yaml`, definition: funnel }]);
  await oracle.load(events);
  for (const query of queries) {
    const engine = engineAnswer(store, catalog, query);
    const expected = await oracle.answer(query, FUNNEL, funnel);
    const same =
      engine.status === expected.status &&
      (!('data' in expected) || ('data' in engine && JSON.stringify(engine.data) === JSON.stringify(expected.data)));
    if (!same) throw new Error(disagreement(query, engine, expected));
    compared++;
  }
}

describe('the analytics engine against DuckDB', () => {
  it('answers every random query exactly as the SQL formulation does', async () => {
    compared = 0;
    // The time limit abandons a slow run rather than stopping it, so runs take turns on DuckDB's one table.
    let turn: Promise<unknown> = Promise.resolve();
    await fc.assert(
      fc.asyncProperty(randomCase, (random) => {
        const run = turn.then(() => compare(random));
        turn = run.catch(() => undefined);
        return run;
      }),
      { seed: SEED, numRuns: EVENT_SETS, interruptAfterTimeLimit: SHRINK_BUDGET_MS, markInterruptAsFailure: true },
    );
    // Each set asks at least 8 queries, so the seeded run compares at least 480; the count is checked, not assumed.
    expect(compared).toBeGreaterThanOrEqual(500);
  }, 120_000);
});
