/**
 * The modules `npm run mutation` mutates, grouped by the rule they hold, each with the test files that
 * guard it. StrykerJS runs once per group with only that group's tests (`vitest.mutation.config.ts`), and
 * per-test coverage keeps each mutant to the tests that reach it. A mutant of a module's top level (a
 * constant, a pattern) is reached by every test that loads the module, so it reruns the whole group:
 * small groups keep those cheap, and the full run within the hour on two cores. Tests that drive a browser
 * or build the site are left out: they are slow per mutant, and every rule here has a faster test that
 * reaches it through the same public interface. So is the query engine's comparison with DuckDB: a few
 * seconds a run, it costs that for every mutant it reaches (nearly all of the query group), and the group's
 * own boundary tests pin the same edges.
 */

/** One group of modules and the tests that guard them. */
export interface MutationGroup {
  /** Short name, for `npm run mutation -- <id>` and the group's files under `.cache/mutation/`. */
  id: string;
  /** What the modules decide, as the score summary names it. */
  name: string;
  /** Source files to mutate. */
  mutate: string[];
  /** Test files that guard them. */
  tests: string[];
}

export const MUTATION_GROUPS: MutationGroup[] = [
  {
    id: 'access',
    name: 'access and rate limits',
    mutate: [
      'src/reference/platform/auth.ts',
      'src/reference/platform/group-access.ts',
      'src/reference/analytics/handlers/access.ts',
      'src/reference/versioned/rate-limiter.ts',
      'src/reference/versioned/rate-limit-handlers.ts',
    ],
    tests: [
      'test/reference/versioned/rate-limiter.test.ts',
      'test/reference/versioned/rate-limits.test.ts',
      'test/reference/versioned/rate-limit-per-user.test.ts',
      'test/reference/versioned/rate-limit-edges.test.ts',
      'test/reference/platform/access-rules.test.ts',
      'test/reference/errors/client-key-handlers.test.ts',
      'test/reference/errors/settings-handlers.test.ts',
      'test/reference/analytics/handlers/settings-handlers.test.ts',
      'test/reference/analytics/handlers/onboarding-handlers.test.ts',
      'test/reference/analytics/handlers/query-handlers.test.ts',
      'test/reference/analytics/quota/usage-quota.test.ts',
    ],
  },
  {
    id: 'versioned',
    name: 'versioned behaviour',
    mutate: [
      'src/reference/versioned/versioned-behaviour.ts',
      'src/reference/versioned/versioned-decision.ts',
      'src/reference/versioned/release-choice.ts',
      'src/reference/versioned/request-match.ts',
      'src/reference/versioned/request-fields.ts',
      'src/reference/versioned/deprecation-headers.ts',
      'src/reference/versioned/release-calendar.ts',
    ],
    tests: [
      'test/reference/versioned/versioned-decision.test.ts',
      'test/reference/versioned/request-fields.test.ts',
      'test/reference/versioned/versioned-defaults.test.ts',
      'test/reference/versioned/rate-limit-per-user.test.ts',
      'test/reference/versioned/release-choice.test.ts',
      'test/reference/versioned/request-match.test.ts',
      'test/reference/versioned/deprecation-headers.test.ts',
      'test/reference/versioned/release-calendar.test.ts',
      'test/reference/versioned/release-header.test.ts',
      'test/reference/versioned/register-driven.test.ts',
      'test/reference/versioned/enforcement-rule.test.ts',
      'test/reference/versioned/ci-lint-endpoint.test.ts',
      'test/reference/versioned/runners-create-endpoint.test.ts',
      'test/reference/versioned/reset-registration-token-endpoints.test.ts',
      'test/reference/versioned/rest-routes.test.ts',
    ],
  },
  {
    id: 'persistence',
    name: 'persistence',
    mutate: [
      'src/reference/host/data-dir.ts',
      'src/reference/host/data-file.ts',
      'src/reference/host/stored-rows.ts',
      'src/reference/host/journal-codec.ts',
      'src/reference/host/data-dir-lock.ts',
    ],
    // data-dir.test.ts and the crash-consistency property kill separate server processes, where no coverage
    // can be seen: these run the server in this process.
    tests: [
      'test/reference/host/data-dir-restart.test.ts',
      'test/reference/host/data-dir-refusals.test.ts',
      'test/reference/host/data-dir-edges.test.ts',
      'test/reference/host/refused-writes.test.ts',
      'test/reference/host/journal-codec.test.ts',
      'test/reference/host/journal-codec-input.test.ts',
      'test/reference/host/stored-bytes.property.test.ts',
    ],
  },
  {
    id: 'body-limits',
    name: 'body limits',
    mutate: [
      'src/reference/host/body-limits.ts',
      'src/reference/host/body-reading.ts',
      'src/reference/errors/body-decoding.ts',
      'src/reference/errors/ingestion-limits.ts',
    ],
    tests: [
      'test/reference/errors/body-decoding.test.ts',
      'test/reference/errors/byte-limits.test.ts',
      'test/reference/host/body-read-limit.test.ts',
      'test/reference/host/body-reading.test.ts',
      'test/reference/errors/ingestion-handlers.test.ts',
      'test/reference/host/hostile-input.test.ts',
    ],
  },
  {
    id: 'suppression',
    name: 'checker suppression',
    mutate: ['src/check/file/suppression.ts'],
    tests: ['test/check/file/suppression.test.ts', 'test/check/file/suppression-edges.test.ts', 'test/check/check.test.ts'],
  },
  {
    id: 'baseline',
    name: 'checker baseline',
    mutate: ['src/check/baseline.ts'],
    tests: ['test/check/baseline.test.ts', 'test/check/baseline-file.test.ts'],
  },
  {
    id: 'fix',
    name: 'checker fix',
    mutate: ['src/check/fix-plan.ts'],
    tests: [
      'test/check/fix-plan.test.ts',
      'test/check/fix-plan-edges.test.ts',
      'test/check/fix-plan-held.test.ts',
      'test/check/fix-property.test.ts',
      'test/cli/fix-command.test.ts',
      'test/cli/fix-line-bound.test.ts',
    ],
  },
  {
    id: 'reports',
    name: 'checker reports',
    mutate: [
      'src/check/report/sarif-report.ts',
      'src/check/report/junit-report.ts',
      'src/check/report/json-report.ts',
      'src/check/report/codequality-report.ts',
      'src/check/report/text-report.ts',
      'src/check/report/report-input.ts',
    ],
    tests: [
      'test/check/report/sarif-report.test.ts',
      'test/check/report/sarif-rule-index.test.ts',
      'test/check/report/report-formats-exact.test.ts',
      'test/check/report/junit-report.test.ts',
      'test/check/report/json-report.test.ts',
      'test/check/report/codequality-report.test.ts',
      'test/check/report/text-report.test.ts',
      'test/check/report/unread-and-overrides.test.ts',
      'test/check/report/report-hostile-text.test.ts',
    ],
  },
  {
    id: 'plan',
    name: 'plan and release parsing',
    mutate: [
      'src/register/releases.ts',
      'src/register/plan/release-input.ts',
      'src/register/plan/build-plan.ts',
      'src/register/plan/upgrade-legs.ts',
    ],
    tests: [
      'test/register/releases.test.ts',
      'test/register/plan/build-plan.test.ts',
      'test/register/plan/patch-release-input.test.ts',
      'test/register/plan/release-input.test.ts',
      'test/register/plan/plan-ahead-offering.test.ts',
      'test/register/plan/plan-order.test.ts',
      'test/register/plan/plan-through-stops.test.ts',
      'test/cli/plan-command.test.ts',
    ],
  },
  {
    id: 'readiness',
    name: 'readiness totals, ranges and trends',
    mutate: [
      'src/readiness/readiness-model.ts',
      'src/readiness/report-summary.ts',
      'src/readiness/report-coverage.ts',
      'src/readiness/trend.ts',
    ],
    tests: [
      'test/readiness/readiness-totals.test.ts',
      'test/readiness/repeated-report.test.ts',
      'test/readiness/report-coverage.test.ts',
      'test/readiness/report-summary.test.ts',
      'test/readiness/report-summary-edges.test.ts',
      'test/readiness/readiness-boundaries.test.ts',
      'test/readiness/trend.test.ts',
    ],
  },
  {
    id: 'checklist',
    name: 'checklist report matching',
    mutate: ['src/browser/scan-report/scan-status.ts', 'src/browser/scan-report/parse-scan-report.ts'],
    tests: ['test/browser/scan-report/scan-report-fields.test.ts', 'test/browser/scan-report/range-mismatch.test.ts'],
  },
  {
    id: 'severity',
    name: 'finding severity for a release range',
    mutate: ['src/findings/active-rules.ts'],
    tests: ['test/findings/active-rules.test.ts', 'test/findings/severity-boundaries.test.ts'],
  },
  {
    id: 'matchers',
    name: 'checker matchers: text, CI variables and keys, flags',
    mutate: [
      'src/check/rules/text.ts',
      'src/check/rules/ci-variable.ts',
      'src/check/rules/ci-variable-unset.ts',
      'src/check/rules/ci-job-key-unset.ts',
      'src/check/rules/yaml-key.ts',
      'src/check/rules/cli-flag.ts',
    ],
    tests: [
      'test/check/rules/text.test.ts',
      'test/check/rules/text-boundaries.test.ts',
      'test/check/rules/ci-variable.test.ts',
      'test/check/rules/ci-variable-boundaries.test.ts',
      'test/check/rules/ci-variable-unset.test.ts',
      'test/check/rules/ci-variable-unset-boundaries.test.ts',
      'test/check/rules/ci-job-key-unset.test.ts',
      'test/check/rules/yaml-key.test.ts',
      'test/check/rules/yaml-key-boundaries.test.ts',
      'test/check/rules/cli-flag.test.ts',
      // Every register rule's example and near miss.
      'test/check/register-rules.test.ts',
    ],
  },
  {
    id: 'settings',
    name: 'checker matchers: gitlab.rb settings and configuration modules',
    mutate: ['src/check/rules/omnibus-setting.ts', 'src/check/rules/config-module.ts', 'src/check/file/block-range.ts'],
    tests: [
      'test/check/file/block-range.test.ts',
      'test/check/rules/omnibus-setting.test.ts',
      'test/check/rules/config-module.test.ts',
      'test/check/register-rules.test.ts',
    ],
  },
  {
    id: 'deploy',
    name: 'checker matchers: chart values and environment variables',
    mutate: ['src/check/rules/chart-value.ts', 'src/check/rules/env-var.ts'],
    tests: [
      'test/check/rules/chart-value.test.ts',
      'test/check/rules/chart-value-boundaries.test.ts',
      'test/check/rules/env-var.test.ts',
      'test/check/rules/env-var-boundaries.test.ts',
      'test/check/register-rules.test.ts',
    ],
  },

  {
    id: 'file-kinds',
    name: 'checker file kinds',
    mutate: ['src/check/file/file-kind.ts', 'src/check/file/config-file.ts', 'src/check/file/glob.ts'],
    tests: [
      'test/check/file/file-kind.test.ts',
      'test/check/file/file-kind-boundaries.test.ts',
      'test/check/file/config-file.test.ts',
      'test/check/file/glob.test.ts',
    ],
  },
  {
    id: 'import',
    name: 'import and merge',
    mutate: [
      'src/import/platform-item.ts',
      'src/import/offerings-reading.ts',
      'src/import/kind-reading.ts',
      'src/import/omnibus-deprecations.ts',
      'src/register/merge/merge-registers.ts',
      'src/register/merge/merge-evidence.ts',
      'src/register/merge/entry-identity.ts',
      'src/register/merge/entry-disagreements.ts',
    ],
    tests: [
      'test/import/platform-item.test.ts',
      'test/import/platform-item-edges.test.ts',
      'test/import/offerings-reading.test.ts',
      'test/import/kind-reading.test.ts',
      'test/import/omnibus-deprecations.test.ts',
      'test/import/omnibus-deprecations-edges.test.ts',
      'test/import/import-boundaries.test.ts',
      'test/import/merge-real-shapes.test.ts',
      'test/register/merge/merge-evidence.test.ts',
      'test/register/merge/merge-registers.test.ts',
      'test/register/merge/merge-registers-edges.test.ts',
    ],
  },
  {
    id: 'query',
    name: 'analytics query engine',
    mutate: [
      'src/reference/analytics/query/filter-rows.ts',
      'src/reference/analytics/query/date-range.ts',
      'src/reference/analytics/query/time-buckets.ts',
      'src/reference/analytics/query/missing-day-fill.ts',
      'src/reference/analytics/query/order-spec.ts',
      'src/reference/analytics/query/sort-groups.ts',
    ],
    tests: [
      'test/reference/analytics/query/filter-rows.test.ts',
      'test/reference/analytics/query/filter-rows-edges.test.ts',
      'test/reference/analytics/query/date-range.test.ts',
      'test/reference/analytics/query/date-range-edges.test.ts',
      'test/reference/analytics/query/execute-events-query.test.ts',
      'test/reference/analytics/query/missing-day-fill.test.ts',
      'test/reference/analytics/query/missing-day-fill-edges.test.ts',
      'test/reference/analytics/query/order-spec.test.ts',
      'test/reference/analytics/query/order-spec-edges.test.ts',
      'test/reference/analytics/query/sort-groups.test.ts',
      'test/reference/analytics/query/sort-groups.property.test.ts',
      'test/reference/analytics/query/group-rows.test.ts',
      'test/reference/analytics/query/time-buckets.test.ts',
    ],
  },
  {
    id: 'funnels',
    name: 'funnels',
    mutate: ['src/reference/analytics/funnels/run-funnel.ts', 'src/reference/analytics/funnels/execute-funnel-query.ts'],
    tests: [
      'test/reference/analytics/funnels/run-funnel.test.ts',
      'test/reference/analytics/funnels/run-funnel-edges.test.ts',
      'test/reference/analytics/funnels/read-ahead-funnels.test.ts',
    ],
  },
];

/** The group with this id; throws, listing the ids, for any other. */
export function mutationGroup(id: string): MutationGroup {
  const group = MUTATION_GROUPS.find((candidate) => candidate.id === id);
  if (!group) throw new Error(`no mutation group "${id}"; the groups are ${MUTATION_GROUPS.map((each) => each.id).join(', ')}`);
  return group;
}
