import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';

const register = await loadRegister();

// Why an entry has no detection rule, one line each. The reasons are shared because the entries fall
// into a few kinds; the notes of the entries say more where the spec is the reason.
const UI = 'a change in the product UI or its workflow; no repository file names it';
const RUNTIME =
  'a version the instance runs on (database, operating system, protocol, server); a version in an image tag or pin stands for many things';
const ADMIN_UI =
  'set in the administration area of the web interface, not in a file; no gitlab.rb setting or variable is named for it';
const ADMIN_UNNAMED =
  'neither the spec nor the Omnibus settings list names the task, setting or provider; `sunset import --settings` adds what the list names';
const REPEATED = 'a value given twice across storage settings; a rule matches one setting at a time and cannot compare them';
const UNNAMED = 'the register, following the spec, does not name the variable, path, key or template to look for';
const ABSENCE =
  'it affects uses that leave out a GraphQL argument or a registry setting; absence rules read only CI/CD variables and job keys';
const GENERIC = 'its names are common words shared with fields and values that stay; matching them would cry wolf';
const VALUE = 'the named values are versions or numbers that stand for many other things in code';
const PERM = 'a permission or role change; no repository file names it';
const LIMIT = 'a limit on data at run time (counts, lengths); a key match cannot tell';
const SET_OUTSIDE =
  'whether a variable is protected or of the file type is set in the CI/CD settings; a trigger job forwarding it looks like any other';
const SUFFIX =
  'names the variables by a suffix only; a project value changes meaning only where a policy sets the same one, which the project does not hold';
const LABEL_ONLY =
  'a project setting the spec names only by its label in the web interface; it names no API field or file key for it';
const AT_RUN_TIME =
  'whether the secrets manager returns a secret is known only when the job runs; every job reading secrets would be reported';
const LEGACY_URL =
  'a legacy address is any project web path without `/-/`; a path match cannot tell it from other paths or API routes';

/**
 * Every register entry without a detection rule, with the reason. Giving an entry a rule, or adding an
 * entry without one, makes this test fail until the list is changed: coverage is a visible decision.
 */
const WITHOUT_RULES: Record<string, string> = {
  'access-tokens-default-one-year-expiry': UI,
  'admins-need-explicit-protected-ref-permission': PERM,
  'chat-and-third-party-integrations-removed': UNNAMED,
  'ci-parameters-255-character-limit': LIMIT,
  'cloud-issue-tracker-connector-removed': UI,
  'database-12-unsupported': RUNTIME,
  'database-13-unsupported': RUNTIME,
  'dependency-proxy-token-scopes-enforced': PERM,
  'developer-role-vulnerability-status-change-removed': PERM,
  'downstream-file-variables-expand-to-path': SET_OUTSIDE,
  'duplicate-storage-paths-error': REPEATED,
  'environment-search-three-characters': LIMIT,
  'external-error-server-21-5-required': RUNTIME,
  'geo-housekeeping-tasks-removed': ADMIN_UNNAMED,
  'geo-project-redownload-button-removed': UI,
  'graphql-2017-top-ten-vulnerability-grouping-removed': UNNAMED,
  'graphql-api-limited-to-documented-token-types': UNNAMED,
  'graphql-ci-job-token-scope-remove-project-outbound-invalid':
    'its uses pass `direction`, which the 18.0 entry of that argument already finds',
  'graphql-ci-runner-fields-moved-to-runner-manager': GENERIC,
  'graphql-ci-runner-projects-default-sort-id-desc': ABSENCE,
  'graphql-note-confidential-renamed-internal': GENERIC,
  'graphql-package-settings-need-owner': PERM,
  'graphql-project-services-deprecated': GENERIC,
  'group-settings-projects-page-redirects': UI,
  'group-settings-projects-page-removed': UI,
  'hosted-deletion-retention-seven-days': UI,
  'hosted-instance-importer-removed': UI,
  'hosted-social-sign-in-removed': UI,
  'immediate-deletion-option-removed': UI,
  'java-package-group-endpoint-permission-check': PERM,
  'job-token-allowlist-enabled-for-all-projects': LABEL_ONLY,
  'job-token-allowlist-public-internal-projects': LABEL_ONLY,
  'job-token-limit-setting-removed': LABEL_ONLY,
  'job-token-settings-renamed': LABEL_ONLY,
  'key-value-store-single-port-6379': VALUE,
  'legacy-configuration-items-replaced': ADMIN_UNNAMED,
  'legacy-urls-without-delimiter-removed': LEGACY_URL,
  'license-list-removed': UI,
  'license-metadata-format-v1-removed': UNNAMED,
  'markdown-anchors-keep-consecutive-dashes': UI,
  'member-roles-instance-level': PERM,
  'notes-confidentiality-toggle-unsupported': UI,
  'npm-yarn-uploads-asynchronous': UI,
  'older-distribution-release-packages-dropped': RUNTIME,
  'package-format-search-project-only': UI,
  'product-analytics-onboarding-minimum-role-changed': PERM,
  'project-import-needs-maintainer': PERM,
  'protected-variables-forwarding-restricted': SET_OUTSIDE,
  'rate-limits-on-by-default': ADMIN_UI,
  'registry-storage-trim-legacy-root-prefix-default': ABSENCE,
  'release-links-api-external-removed': GENERIC,
  'requirements-legacy-iid-removed': UNNAMED,
  'rsa-keys-over-8192-bits-rejected': VALUE,
  'runner-status-paused-active-removed': GENERIC,
  'sast-jvm-languages-move-to-rules-based-analyzer': UNNAMED,
  'sast-legacy-analyzers-replaced': UNNAMED,
  'scan-execution-policy-action-limit': LIMIT,
  'scan-execution-policy-excluded-variables-override': SUFFIX,
  'scanners-python-3-9-dropped': VALUE,
  'secrets-manager-job-fails-without-secret': AT_RUN_TIME,
  'self-monitoring-project-removed': ADMIN_UI,
  'tls-minimum-requirements-raised': RUNTIME,
  'unified-approval-rules-removed': UI,
};

/**
 * Entries read through the platform's API clients, and which clients: those whose endpoint or field a
 * client exposes (see `api-client` rules).
 */
const THROUGH_CLIENTS: Record<string, string[]> = {
  'approvals-endpoint-replaced-by-approval-rules': ['python-gitlab', 'go-gitlab', 'gitbeaker'],
  'deployments-updated-at-filter-needs-sort': ['python-gitlab', 'go-gitlab', 'gitbeaker'],
  'feature-flags-api-version-removed': ['python-gitlab', 'go-gitlab', 'gitbeaker'],
  'operations-access-level-replaced': ['go-gitlab', 'gitbeaker'],
  'projects-api-ci-job-token-scope-enabled-removed': ['go-gitlab'],
  'registry-repository-tags-offset-pagination-removed': ['go-gitlab', 'gitbeaker'],
  'require-password-to-approve-renamed': ['go-gitlab', 'gitbeaker'],
  'runner-register-arguments-removed': ['python-gitlab', 'go-gitlab', 'gitbeaker', 'terraform'],
  'runner-registration-token-removed': ['python-gitlab', 'go-gitlab', 'gitbeaker', 'terraform'],
  'runner-reset-registration-token-endpoints-gone': ['go-gitlab', 'gitbeaker'],
  'settings-api-sign-in-text-help-text-removed': ['python-gitlab', 'go-gitlab', 'gitbeaker', 'terraform'],
  'users-api-offset-pagination-removed': ['go-gitlab', 'gitbeaker'],
};

/** Entries that name an API path, parameter or field and have no client rule, with the reason. */
const NOT_THROUGH_CLIENTS: Record<string, string> = {
  'ci-lint-ref-and-sha-blocked':
    'no client sends `sha` to the lint endpoint: its options hold `ref` with `content_ref` and `dry_run_ref`',
  'ci-job-jwt-removed':
    'the CI/CD variables and the `aud` claim of ID tokens, set in CI configuration; no client call names them',
  'ci-parameters-255-character-limit':
    'a limit on the length of values at run time; a call does not show the length of what it sends',
  'dependency-scanning-report-dependency-files-removed': 'a field of a report file, read from artifacts; no client call names it',
  'geo-legacy-replication-routes-removed': 'administration pages of the web interface; no client calls them',
  'jwks-endpoint-removed': 'an instance route outside the REST API; no client calls it',
  'legacy-urls-without-delimiter-removed':
    'web interface addresses; the clients call the REST API, which the change leaves alone',
  'member-roles-instance-level':
    'a permission change for self-managed instances; the same client calls stay valid on the hosted offering',
  'packages-api-pipelines-attribute-removed':
    'an attribute of each listed package, read from the result; the listing call does not show the read',
  'policy-match-on-inclusion-renamed': 'a key of policy files, read by a YAML rule; no client call sets it',
  'policy-newly-detected-split': 'a value of policy files, read by a text rule; no client call sets it',
  'registry-custom-tag-delete-endpoint-removed':
    'an endpoint of the container registry API, which the platform clients do not wrap',
  'release-asset-link-external-field-removed': 'a field of the GraphQL type, read by the GraphQL rule; the clients read REST',
  'release-links-api-external-removed':
    'a field of answers only; the clients expose it as a read of a result, which the call does not show',
  'runner-status-paused-active-removed': 'a value runners report, compared in code after a call; no call shows the comparison',
  'security-scanner-images-old-registry-path-removed': 'an image path in CI configuration; no client call names it',
};

describe('rule coverage', () => {
  it('lists exactly the entries that have no detection rule, each with a one-line reason', () => {
    const without = register.entries.filter((entry) => entry.detect.length === 0).map((entry) => entry.id);
    expect(without.sort()).toEqual(Object.keys(WITHOUT_RULES).sort());
    for (const [id, reason] of Object.entries(WITHOUT_RULES)) {
      expect(reason, id).toMatch(/^[a-z][^\n]{20,160}$/);
    }
  });

  it('gives a rule to every entry whose names are CI variables, keywords, flags or metrics, unless its reason says why not', () => {
    const repositoryNames = ['variables', 'keywords', 'flags', 'metrics', 'templates'] as const;
    const named = register.entries.filter((entry) => {
      const names = (entry as { names?: Record<string, unknown> }).names ?? {};
      return repositoryNames.some((kind) => kind in names);
    });
    for (const entry of named) {
      if (entry.detect.length > 0) continue;
      expect(
        [ABSENCE, GENERIC, ADMIN_UNNAMED, UNNAMED, VALUE, SUFFIX],
        `${entry.id} names repository things but has no rule`,
      ).toContain(WITHOUT_RULES[entry.id]);
    }
    expect(named.length).toBeGreaterThan(10);
  });

  it('reads calls through the API clients for every entry whose endpoint or field a client exposes', () => {
    const clientsOf = (id: string) =>
      new Set(register.entry(id)?.detect.flatMap((rule) => (rule.kind === 'api-client' ? [rule.client] : [])) ?? []);
    for (const [id, clients] of Object.entries(THROUGH_CLIENTS))
      expect([...clientsOf(id)].sort(), id).toEqual([...clients].sort());
    const covered = register.entries
      .filter((entry) => entry.detect.some((rule) => rule.kind === 'api-client'))
      .map((entry) => entry.id);
    expect(covered.sort()).toEqual(Object.keys(THROUGH_CLIENTS).sort());
    // Entries that name REST paths, parameters or fields but no client call: each has its reason.
    const named = register.entries.filter((entry) => {
      const names = (entry as { names?: Record<string, unknown> }).names ?? {};
      return ('paths' in names || 'parameters' in names || 'fields' in names) && !entry.id.startsWith('graphql-');
    });
    for (const entry of named) {
      if (entry.id in THROUGH_CLIENTS) continue;
      expect(NOT_THROUGH_CLIENTS[entry.id], `${entry.id} names an API but neither has a client rule nor says why not`).toMatch(
        /^[a-z][^\n]{20,200}$/,
      );
    }
  });
});
