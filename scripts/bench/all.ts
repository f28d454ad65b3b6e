/**
 * `npm run bench`: every benchmark in turn, each printing its ratios against the peer it measures in the
 * same run (the site build per 1,000 pages, ripgrep for the checker, DuckDB for queries, the JSON-parse
 * floor for ingestion, a bare `node -e 0` for the installed CLI's start-up, parsing the YAML alone for
 * `sunset import`, and the build goal for the site with 1,000 imported entries). Pass names to run some: `npm run bench -- check query`.
 */
import { spawnSync } from 'node:child_process';

const BENCHES = ['build', 'check', 'query', 'ingest', 'readiness', 'startup', 'import'] as const;
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const name of chosen.length > 0 ? chosen : BENCHES) {
  console.log(`\n== bench:${name} ==`);
  const run = spawnSync('npm', ['run', '--silent', `bench:${name}`], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
