import { defineConfig } from 'vitest/config';
import { mutationGroup } from './scripts/mutation/modules.ts';

/**
 * The tests StrykerJS runs for one mutation group (`MUTATION_GROUP`, set by `npm run mutation`): only the
 * tests that guard the group's modules, in one project, so a mutant never waits on unrelated tests.
 */
export default defineConfig({
  test: {
    include: mutationGroup(process.env.MUTATION_GROUP ?? '').tests,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
