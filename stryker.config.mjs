// @ts-check
import os from 'node:os';
import path from 'node:path';
import { mutationGroup } from './scripts/mutation/modules.ts';

/**
 * StrykerJS for one group of scripts/mutation/modules.ts, named by `MUTATION_GROUP`; `npm run mutation` runs
 * every group this way and sums up. Incremental: each group's results are kept in .cache/mutation/ (not in
 * git: they belong to one checkout), so a rerun tests only mutants whose code or covering tests changed.
 */
const group = mutationGroup(process.env.MUTATION_GROUP ?? '');
const out = path.join('.cache', 'mutation', group.id);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // A static mutant (one that only acts while a module loads, such as a top-level pattern or constant) needs
  // the module loaded again with the mutant on. The Vitest runner of this Stryker cannot do that (see
  // stryker-js#6144 and #6209), so such mutants survive whatever the tests do: they are reported as
  // ignored and counted apart in the summary instead of as false survivors.
  ignoreStatic: true,
  mutate: group.mutate,
  incremental: true,
  incrementalFile: path.join(out, 'incremental.json'),
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: path.join(out, 'mutation.json') },
  htmlReporter: { fileName: path.join(out, 'mutation.html') },
  clearTextReporter: { reportScoreTable: true, reportMutants: false, reportTests: false },
  // Outside the repository: inside it, the checker under test would read the repository's .gitignore (which
  // ignores the sandbox) and scan nothing.
  tempDirName: path.join(os.tmpdir(), `sunset-stryker-${group.id}`),
  // Stryker rewrites the tsconfig's `extends` and `references` for the sandbox through TypeScript's JS API,
  // which TypeScript 7 no longer has. Ours has neither, so it names a file that does not exist and is skipped.
  tsconfigFile: 'tsconfig.none.json',
  // Root-anchored, so a fixture's own lib/ or dist/ is copied.
  ignorePatterns: ['/dist', '/.astro', '/.cache', '/lib', '/test-results', '/sunset.mjs', '/*.tgz'],
  // Two cores, shared: one test runner per core; a busy machine gets time before a mutant counts as a timeout.
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 95, low: 90, break: null },
};
