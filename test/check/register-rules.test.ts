import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/check/engine/engine.ts';
import { entryInfo, errorInfo } from '../../src/findings/active-rules.ts';
import type { ActiveRule, RuleInfo } from '../../src/findings/finding.ts';
import { loadRegister } from '../../src/register/index.ts';
import type { DetectRule } from '../../src/schemas/detect-rule.ts';

const register = await loadRegister();

/**
 * Every entry and error condition that carries detection rules. Written out, so deleting (or adding) a
 * rule is a visible change to this list.
 */
const EXPECTED_WITH_RULES = [
  'after-script-runs-on-cancel',
  'approvals-endpoint-replaced-by-approval-rules',
  'audit-repository-download-operation-private-internal-only',
  'auto-devops-database-not-provisioned',
  'background-jobs-queue-selector-removed',
  'background-jobs-single-concurrency-setting',
  'bundled-dashboard-tool-removed',
  'certificate-based-cluster-integration-removed',
  'ci-active-pipelines-limit-removed',
  'ci-job-jwt-removed',
  'ci-lint-ref-and-sha-blocked',
  'ci-pre-clone-script-replaced',
  'cluster-agent-pull-based-deployment-deprecated',
  'code-quality-engine-scanning-removed',
  'compliance-pipelines-removed',
  'container-scanning-cs-variables',
  'cs-disable-dependency-list-removed',
  'dast-api-host-override-renamed',
  'dast-api-scans-via-dast-template-stop',
  'dast-api-specification-renamed',
  'dast-proxy-based-analyzer-removed',
  'dast-report-variables-removed',
  'dast-zap-cli-options-removed',
  'dast-zap-log-configuration-removed',
  'dependency-scanning-dev-dependencies-reported',
  'dependency-scanning-report-dependency-files-removed',
  'deployments-updated-at-filter-needs-sort',
  'email-ingestion-sidekiq-delivery-removed',
  'external-authorization-blocks-registry-tokens',
  'feature-flags-api-version-removed',
  'funnel-after-date-unsupported',
  'geo-legacy-replication-routes-removed',
  'geo-repository-metrics-renamed',
  'geo-repository-metrics-without-replacement-removed',
  'graphql-add-on-purchase-renamed',
  'graphql-can-destroy-can-delete-removed',
  'graphql-ci-job-token-scope-add-project-deprecated',
  'graphql-ci-job-token-scope-remove-project-direction-removed',
  'graphql-ci-used-minutes-renamed-ci-duration',
  'graphql-confidence-field-removed',
  'graphql-dependency-proxy-total-size-renamed',
  'graphql-disabled-with-override-renamed',
  'graphql-dora-metric-argument-and-value-field-removed',
  'graphql-merge-train-index-renamed',
  'graphql-merge-trains-count-renamed',
  'graphql-network-policies-removed',
  'graphql-previous-stage-jobs-or-needs-removed',
  'graphql-project-fingerprint-removed',
  'graphql-registry-size-estimated-renamed',
  'graphql-runner-active-renamed-paused',
  'graphql-runner-membership-filter-renamed',
  'graphql-runner-platforms-query-removed',
  'graphql-runner-setup-query-removed',
  'graphql-take-ownership-pipeline-schedule-renamed',
  'graphql-temporary-storage-increase-fields-removed',
  'graphql-total-weight-renamed',
  'graphql-vulnerability-create-message-removed',
  'graphql-vulnerability-has-solutions-renamed',
  'grype-based-scanning-stops',
  'grype-container-scanning-unmaintained',
  'hosted-runner-small-linux-tags-reduced',
  'iac-ci-templates-removed',
  'importer-task-removed',
  'jwks-endpoint-removed',
  'lfs-integrity-check-always-on',
  'license-compliance-template-removed',
  'license-scanning-ci-templates-removed',
  'license-scanning-report-type-removed',
  'locked-directory-groups-unsynced-members-removed',
  'machine-provisioning-executor-removed',
  'managed-license-api-and-license-check-removed',
  'operations-access-level-replaced',
  'packages-api-pipelines-attribute-removed',
  'policy-match-on-inclusion-renamed',
  'policy-newly-detected-split',
  'product-analytics-admin-settings-flag-removed',
  'product-analytics-dashboards-flag-removed',
  'product-analytics-snowplow-support-flag-removed',
  'projects-api-ci-job-token-scope-enabled-removed',
  'registry-custom-tag-delete-endpoint-removed',
  'registry-notifications-threshold-replaced-by-maxretries',
  'registry-repository-tags-offset-pagination-removed',
  'release-asset-link-external-field-removed',
  'repository-listing-task-removed',
  'require-password-to-approve-renamed',
  'runner-exec-command-removed',
  'runner-images-eol-minimal-linux-stopped',
  'runner-legacy-shell-escaping-removed',
  'runner-provenance-slsa-v1',
  'runner-register-arguments-removed',
  'runner-registration-token-removed',
  'runner-reset-registration-token-endpoints-gone',
  'runner-termination-grace-period-seconds-replaced',
  'runner-windows-cmd-shell-removed',
  'sbom-input-file-property-renamed',
  'sbom-package-manager-property-renamed',
  'secret-detection-skip-all-push-option-renamed',
  'secrets-manager-needs-id-tokens',
  'security-analyzers-major-versions-bumped',
  'security-scanner-images-old-registry-path-removed',
  'separate-ci-database-required',
  'settings-api-sign-in-text-help-text-removed',
  'shared-runners-registration-token-variable-deprecated',
  'skip-secret-detection-commit-option-renamed',
  'third-party-sign-in-providers-removed',
  'ubuntu-18-04-packages-dropped',
  'user-email-lookup-limit-removed',
  'users-api-offset-pagination-removed',
  'visual-reviews-removed',
  'workflow-rules-templates-removed',
];

interface Case {
  owner: string;
  index: number;
  rule: DetectRule;
  info: RuleInfo;
}

const siteUrl = register.settings.site_url;
const cases: Case[] = [
  ...register.entries.flatMap((entry) =>
    entry.detect.map((rule, index) => ({ owner: entry.id, index, rule, info: entryInfo(entry, siteUrl) })),
  ),
  ...register.errors.flatMap((condition) =>
    condition.detect.map((rule, index) => ({ owner: condition.id, index, rule, info: errorInfo(condition, siteUrl) })),
  ),
];

/** Runs one rule alone, through the prefilter and the engine, on one sample file. */
function run(item: Case, sample: { file: string; text: string }) {
  const active: ActiveRule = { index: item.index, rule: item.rule, severity: 'error', info: item.info, message: item.info.title };
  const engine = createEngine([active], { configDir: register.settings.config_dir });
  const anchors = engine.prefilter.anchorsIn(Buffer.from(sample.text));
  return engine.checkText({ path: sample.file, rootPath: sample.file }, sample.text, anchors).findings;
}

describe('the register’s detection rules', () => {
  it('are carried by exactly the expected entries and error conditions', () => {
    const owners = [...register.entries, ...register.errors].filter((owner) => owner.detect.length > 0).map((owner) => owner.id);
    expect(owners.sort()).toEqual(EXPECTED_WITH_RULES);
  });

  it.each(cases.map((item) => [`${item.owner}#${item.index} (${item.rule.kind})`, item] as const))(
    '%s finds its own example and not its near miss',
    (_name, item) => {
      const found = run(item, item.rule.example);
      expect(
        found.filter((finding) => finding.ruleId === 'parse-error'),
        'the example parses',
      ).toEqual([]);
      expect(
        found.filter((finding) => finding.ruleId === item.owner).length,
        `fires on ${item.rule.example.file}`,
      ).toBeGreaterThan(0);
      const missed = run(item, item.rule.near_miss);
      expect(
        missed.filter((finding) => finding.ruleId === 'parse-error'),
        'the near miss parses',
      ).toEqual([]);
      expect(
        missed
          .filter((finding) => finding.ruleId === item.owner)
          .map((finding) => `${finding.line}:${finding.column} ${finding.match}`),
        `silent on ${item.rule.near_miss.file}`,
      ).toEqual([]);
    },
  );
});
