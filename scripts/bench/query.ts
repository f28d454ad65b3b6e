/**
 * `npm run bench:query`: generates 1,000,000 sample events in memory (nothing is written to the repository),
 * loads them into the reference's columnar store and into DuckDB, then times four queries side by side in the
 * same process: a group-by by day, a distinct-users count, the 4-step `completed_purchase` funnel, and a
 * 50,000-row raw export page. Each query runs twice to warm up, then five times after a garbage collection;
 * the median counts. Both sides
 * produce their rows as JavaScript objects, and the results are compared. `--events N` changes the size.
 */
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { runQuery } from '../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../src/reference/analytics/query/member-catalog.ts';
import { generateSampleEvents } from '../../src/reference/analytics/sample/sample-events.ts';
import { createEventStore } from '../../src/reference/analytics/store/event-store.ts';
import { EVENT_DIMENSIONS } from '../../src/reference/analytics/tracked-events.ts';
import type { FunnelDefinition } from '../../src/schemas/funnel-definition.ts';
import { DISTINCT_USERS_SQL, EXPORT_PAGE_SQL, funnelSql, GROUP_BY_DAY_SQL, openDuckDb } from './query-duckdb.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' } } });
const wanted = Number(values.events);
const END = Date.parse('2024-06-01T00:00:00Z');

const funnel: FunnelDefinition = {
  seconds_to_convert: 3600,
  steps: [
    { name: 'view_products', action: 'pageview', target: '/products' },
    { name: 'open_cart', action: 'pageview', target: '/cart' },
    { name: 'start_checkout', action: 'pageview', target: '/checkout' },
    { name: 'purchase', action: 'pageview', target: '/checkout/confirmation' },
  ],
};

let started = performance.now();
const store = createEventStore();
const duck = await openDuckDb();
let count = 0;
// About 14 events per visitor: enough visitors to pass the target, then stop exactly at it.
generateSampleEvents({ seed: 20240601, end: END, days: 60, users: Math.ceil(wanted / 12), appId: 'demo-app' }, (event) => {
  if (count >= wanted) return;
  store.append(event);
  duck.append(event);
  count++;
});
await duck.finish();
console.log(
  `generated and loaded ${count.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
started = performance.now();
store.timeOrder();
console.log(`reference time-order index (built once, cached): ${(performance.now() - started).toFixed(0)} ms\n`);

const catalog = createMemberCatalog([{ slug: 'completed_purchase', file: 'bench', definition: funnel }]);
const reference = (query: unknown) => () => runQuery(store, catalog, query, END).data;
const duckdb = (sql: string) => async () => (await duck.connection.runAndReadAll(sql)).getRowObjectsJS();

const cases = [
  {
    name: 'group by day',
    reference: reference({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day' }],
    }),
    duckdb: duckdb(GROUP_BY_DAY_SQL),
    same: (ours: Record<string, unknown>[], theirs: Record<string, unknown>[]) =>
      JSON.stringify(ours.map((row) => [row['TrackedEvents.utcTime.day'], row['TrackedEvents.count']])) ===
      JSON.stringify(theirs.map((row) => [row['TrackedEvents.utcTime.day'], row['TrackedEvents.count']])),
  },
  {
    name: 'distinct users',
    reference: reference({ measures: ['TrackedEvents.uniqueUsersCount'] }),
    duckdb: duckdb(DISTINCT_USERS_SQL),
    same: (ours: Record<string, unknown>[], theirs: Record<string, unknown>[]) =>
      ours[0]?.['TrackedEvents.uniqueUsersCount'] === theirs[0]?.['TrackedEvents.uniqueUsersCount'],
  },
  {
    name: 'funnel, 4 steps',
    reference: reference({
      measures: ['completed_purchase.count'],
      dimensions: ['completed_purchase.step'],
      order: { 'completed_purchase.step': 'asc' },
    }),
    duckdb: duckdb(funnelSql(funnel)),
    same: (ours: Record<string, unknown>[], theirs: Record<string, unknown>[]) =>
      JSON.stringify(ours.map((row) => [row['completed_purchase.step'], row['completed_purchase.count']])) ===
      JSON.stringify(theirs.map((row) => [row.step, row.count])),
  },
  {
    name: 'raw export, 50,000 rows',
    reference: reference({
      dimensions: EVENT_DIMENSIONS.map((member) => `TrackedEvents.${member}`),
      order: { 'TrackedEvents.apiKey': 'asc' },
      limit: 50_000,
    }),
    duckdb: duckdb(EXPORT_PAGE_SQL),
    same: (ours: Record<string, unknown>[], theirs: Record<string, unknown>[]) =>
      ours.length === 50_000 && theirs.length === 50_000,
  },
];

// Collect garbage before each timed run, so one side does not pay for the other's (or the generator's) garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

async function time(run: () => unknown): Promise<{ median: number; result: Record<string, unknown>[] }> {
  let result: unknown;
  for (let warm = 0; warm < 2; warm++) result = await run();
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    collectGarbage();
    const start = performance.now();
    result = await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[2] as number, result: result as Record<string, unknown>[] };
}

const pad = (text: string, width: number) => text.padEnd(width);
console.log(`${pad('query', 26)}${pad('reference', 13)}${pad('DuckDB', 13)}${pad('ratio', 9)}same result`);
let worst = 0;
for (const item of cases) {
  const ours = await time(item.reference);
  const theirs = await time(item.duckdb);
  const ratio = ours.median / theirs.median;
  worst = Math.max(worst, ratio);
  console.log(
    `${pad(item.name, 26)}${pad(`${ours.median.toFixed(1)} ms`, 13)}${pad(`${theirs.median.toFixed(1)} ms`, 13)}${pad(`${ratio.toFixed(2)}×`, 9)}${item.same(ours.result, theirs.result) ? 'yes' : 'NO'}`,
  );
}
console.log(`\nslowest ratio ${worst.toFixed(2)}× (goal: at most 2× DuckDB)`);
duck.connection.closeSync();
