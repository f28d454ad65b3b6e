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
/** What the compared cases reached, so a weaker generator fails here rather than passing quietly. */
const reached = { rows: 0, pastFirstStep: 0, atWindow: 0 };

/** Whether a user has a step-1 view and a view of step 2's target exactly `seconds_to_convert` later. */
function convertsAtWindow({ events, funnel }: RandomCase): boolean {
  const [first, second] = funnel.steps;
  if (!first || !second) return false;
  const window = funnel.seconds_to_convert * 1000;
  const views = events.filter((event) => event.eventType === 'pageview' && event.userAnonymousId !== null);
  return views.some(
    (entry) =>
      entry.docPath === first.target &&
      views.some(
        (step) =>
          step.userAnonymousId === entry.userAnonymousId &&
          step.docPath === second.target &&
          step.utcTime - entry.utcTime === window,
      ),
  );
}

/** Loads one event set into both engines and compares the answer to every query. */
async function compare({ events, funnel, queries }: RandomCase): Promise<void> {
  const store = storeOf(events);
  const catalog = createMemberCatalog([{ slug: FUNNEL, file: `${FUNNEL}.yaml`, definition: funnel }]);
  await oracle.load(events);
  if (convertsAtWindow({ events, funnel, queries })) reached.atWindow++;
  for (const query of queries) {
    const engine = engineAnswer(store, catalog, query);
    const expected = await oracle.answer(query, FUNNEL, funnel);
    const same =
      engine.status === expected.status &&
      (!('data' in expected) || ('data' in engine && JSON.stringify(engine.data) === JSON.stringify(expected.data)));
    if (!same) throw new Error(disagreement(query, engine, expected));
    compared++;
    if ('data' in engine && engine.data.length > 0) reached.rows++;
    const step = `${FUNNEL}.step`;
    if ('data' in engine && engine.data.some((row) => row[step] && row[step] !== 'step_1' && row[`${FUNNEL}.count`] !== '0'))
      reached.pastFirstStep++;
  }
}

describe('the analytics engine against DuckDB', () => {
  it('answers every random query exactly as the SQL formulation does', async () => {
    compared = 0;
    reached.rows = 0;
    reached.pastFirstStep = 0;
    reached.atWindow = 0;
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
    console.info(`compared ${compared} answers: ${JSON.stringify(reached)}`);
    // The cases reach what they are for: answers with rows, users past step 1, steps exactly at the window.
    expect(reached.rows).toBeGreaterThanOrEqual(250);
    expect(reached.pastFirstStep).toBeGreaterThanOrEqual(10);
    expect(reached.atWindow).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
