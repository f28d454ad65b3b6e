// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts under test are CI files and scripts that use ${…}
import { describe, expect, it } from 'vitest';
import { applyEdits, type FixableRule, fixText, isFixable, planEdits, ruleSubject } from '../../src/check/fix-plan.ts';
import { loadRegister } from '../../src/register/index.ts';
import { detectRuleSchema } from '../../src/schemas/detect-rule.ts';
import { fixableRule } from './active-rule.ts';

const register = await loadRegister();
const layout = { configDir: '.gitlab' };
const fixable: FixableRule[] = register.entries.flatMap((entry) =>
  entry.detect.flatMap((rule) => (isFixable(rule) ? [{ entryId: entry.id, rule }] : [])),
);
const sample = { file: 'x', text: 'x' };
const rule = (fields: Record<string, unknown>): FixableRule => fixableRule('e', fields);

describe('mechanical fixes', () => {
  it('are carried by exactly these entries (one-to-one renames)', () => {
    expect([...new Set(fixable.map((item) => item.entryId))].sort()).toEqual([
      'container-scanning-cs-variables',
      'dast-api-specification-renamed',
      'geo-repository-metrics-renamed',
      'graphql-dependency-proxy-total-size-renamed',
      'graphql-disabled-with-override-renamed',
      'graphql-registry-size-estimated-renamed',
      'graphql-runner-membership-filter-renamed',
      'graphql-take-ownership-pipeline-schedule-renamed',
      'graphql-total-weight-renamed',
      'graphql-vulnerability-has-solutions-renamed',
      'policy-match-on-inclusion-renamed',
      'require-password-to-approve-renamed',
      'sbom-input-file-property-renamed',
      'sbom-package-manager-property-renamed',
      'secret-detection-skip-all-push-option-renamed',
      'skip-secret-detection-commit-option-renamed',
    ]);
  });

  for (const item of fixable) {
    const { example } = item.rule;
    it(`${item.entryId}: ${ruleSubject(item.rule)} becomes ${item.rule.fix.replace_with} in the rule's example, once`, () => {
      const first = fixText(example.file, example.text, [item], layout);
      expect(first.edits.length).toBeGreaterThan(0);
      expect(first.text).not.toBe(example.text);
      expect(first.text).toContain(item.rule.fix.replace_with);
      expect(first.held).toEqual([]);
      // Only the subject changed: same line count, and every other line is untouched.
      const before = example.text.split('\n');
      const after = first.text.split('\n');
      expect(after).toHaveLength(before.length);
      const edited = new Set(first.edits.map((edit) => edit.line - 1));
      before.forEach((line, index) => {
        if (!edited.has(index)) expect(after[index]).toBe(line);
      });
      // A second run finds nothing to fix.
      expect(planEdits(example.file, first.text, [item], layout)).toEqual({ edits: [], held: [] });
    });
  }

  it('names each rule kind a subject, except REST rules', () => {
    expect(ruleSubject(rule({ kind: 'ci-variable', name: 'OLD', fix: { replace_with: 'NEW' } }).rule)).toBe('OLD');
    expect(ruleSubject(rule({ kind: 'yaml-key', files: ['a.yml'], path: 'a.b_c', fix: { replace_with: 'x' } }).rule)).toBe('b_c');
    expect(ruleSubject(rule({ kind: 'ci-keyword', path: '*.tags', value: 'gce', fix: { replace_with: 'x' } }).rule)).toBe('gce');
    expect(ruleSubject(rule({ kind: 'cli-flag', command: 'c', flag: '--old', fix: { replace_with: '--new' } }).rule)).toBe(
      '--old',
    );
    expect(ruleSubject(detectRuleSchema.parse({ kind: 'rest', path: '/a', example: sample, near_miss: sample }))).toBeUndefined();
    expect(() =>
      detectRuleSchema.parse({ kind: 'rest', path: '/a', fix: { replace_with: 'b' }, example: sample, near_miss: sample }),
    ).toThrow();
    expect(() => rule({ kind: 'text', literal: 'a', fix: { replace_with: 'b\nc' } })).toThrow(/line break/);
  });

  it('keeps formatting and comments, and replaces values later on the line', () => {
    const variable = rule({ kind: 'ci-variable', name: 'OLD_NAME', fix: { replace_with: 'NEW_NAME' } });
    const ci =
      'job:\n  variables:\n    OLD_NAME:   "spec.json"   # keep this comment, OLD_NAME\n  script:\n    - echo ${OLD_NAME} $OLD_NAME_LONGER\n';
    expect(fixText('.gitlab-ci.yml', ci, [variable], layout).text).toBe(
      'job:\n  variables:\n    NEW_NAME:   "spec.json"   # keep this comment, OLD_NAME\n  script:\n    - echo ${NEW_NAME} $OLD_NAME_LONGER\n',
    );
    const tag = rule({ kind: 'ci-keyword', path: '*.tags', value: 'gce', fix: { replace_with: 'saas-linux-small-amd64' } });
    expect(fixText('.gitlab-ci.yml', 'build:\n  tags: [docker, gce]\n', [tag], layout).text).toBe(
      'build:\n  tags: [docker, saas-linux-small-amd64]\n',
    );
  });

  it('renames every use of a variable in a file, `-e NAME` included, or none with a note', () => {
    const spec = rule({ kind: 'ci-variable', name: 'DAST_API_SPECIFICATION', fix: { replace_with: 'DAST_API_OPENAPI' } });
    const script = [
      '#!/bin/sh',
      'export DAST_API_SPECIFICATION="$CI_PROJECT_DIR/openapi.json"',
      'test -f "$DAST_API_SPECIFICATION"',
      'docker run --rm -e DAST_API_SPECIFICATION -v "$PWD:/work" scanner:3',
      '',
    ].join('\n');
    const fixed = fixText('scripts/dast.sh', script, [spec], layout);
    expect(fixed.text).toBe(script.replaceAll('DAST_API_SPECIFICATION', 'DAST_API_OPENAPI'));
    expect(fixed.edits.map((edit) => edit.line)).toEqual([2, 3, 4]);
    // A use no rule reads (a list of names) or one a comment keeps: no use is renamed, and the note says where.
    const listed = `${script}scanner-config --pass DAST_API_SPECIFICATION\n`;
    const none = fixText('scripts/dast.sh', listed, [spec], layout);
    expect(none.text).toBe(listed);
    expect(none.held).toEqual([
      { entryId: 'e', lines: [2, 3, 4, 5], reason: expect.stringMatching(/used on line 5 .* or none$/) },
    ]);
    const ignored = script.replace('scanner:3', 'scanner:3 # sunset-ignore e');
    expect(fixText('scripts/dast.sh', ignored, [spec], layout)).toMatchObject({ text: ignored, edits: [] });
  });

  it('holds a rename whose new name is already set beside the old one, naming both lines', () => {
    const image = rule({
      kind: 'ci-keyword',
      path: 'container_scanning.variables.DOCKER_IMAGE',
      fix: { replace_with: 'CS_IMAGE' },
    });
    const ci = 'container_scanning:\n  variables:\n    DOCKER_IMAGE: app:1\n    CS_IMAGE: app:2\n';
    expect(fixText('.gitlab-ci.yml', ci, [image], layout)).toEqual({
      edits: [],
      text: ci,
      held: [
        {
          entryId: 'e',
          lines: [3, 4],
          reason: expect.stringMatching(/`CS_IMAGE` is already set on line 4 beside `DOCKER_IMAGE` on line 3/),
        },
      ],
    });
    const approval = rule({
      kind: 'text',
      literal: 'require_password_to_approve',
      fix: { replace_with: 'require_reauthentication_to_approve' },
    });
    const terraform =
      'resource "gitlab_project_level_mr_approvals" "a" {\n  require_password_to_approve = true\n  require_reauthentication_to_approve = true\n}\n';
    expect(fixText('approvals.tf', terraform, [approval], layout).held.map((fix) => fix.lines)).toEqual([[2, 3]]);
    const single = terraform.replace('  require_reauthentication_to_approve = true\n', '');
    expect(fixText('approvals.tf', single, [approval], layout).text).toBe(single.replace('password', 'reauthentication'));
  });

  it('keeps the response key of a renamed GraphQL field with an alias, and an alias that is already there', () => {
    const weight = rule({ kind: 'graphql', element: 'field', name: 'totalWeight', fix: { replace_with: 'totalIssueWeight' } });
    const query = 'query { project(fullPath: "a/b") { issues { totalWeight w: totalWeight } } }\n';
    const fixed = fixText('q.graphql', query, [weight], layout);
    expect(fixed.text).toBe(
      'query { project(fullPath: "a/b") { issues { totalWeight: totalIssueWeight w: totalIssueWeight } } }\n',
    );
    expect(planEdits('q.graphql', fixed.text, [weight], layout)).toEqual({ edits: [], held: [] });
    const filter = rule({
      kind: 'graphql',
      element: 'type',
      name: 'RunnerMembershipFilter',
      fix: { replace_with: 'CiRunnerMembershipFilter' },
    });
    expect(fixText('q.graphql', 'query($m: RunnerMembershipFilter) { x }\n', [filter], layout).text).toBe(
      'query($m: CiRunnerMembershipFilter) { x }\n',
    );
  });

  it('keeps a byte order mark and CRLF line ends', () => {
    const weight = rule({
      kind: 'text',
      literal: 'geo_repositories_synced',
      fix: { replace_with: 'geo_project_repositories_synced' },
    });
    const text = '\uFEFFexpr: geo_repositories_synced > 0\r\nfor: 5m\r\n';
    expect(fixText('rules.yml', text, [weight], layout).text).toBe(
      '\uFEFFexpr: geo_project_repositories_synced > 0\r\nfor: 5m\r\n',
    );
  });

  it('applies edits by offset, keeping every other character', () => {
    expect(applyEdits('a OLD b OLD', [{ entryId: 'e', offset: 2, from: 'OLD', to: 'NEWER', line: 1 }])).toBe('a NEWER b OLD');
  });
});
