import { describe, expect, it } from 'vitest';
import { applyEdits, type FixableRule, fixText, isFixable, planEdits, ruleSubject } from '../../src/check/fix-plan.ts';
import { loadRegister } from '../../src/register/index.ts';
import { detectRuleSchema } from '../../src/schemas/detect-rule.ts';

const register = await loadRegister();
const layout = { configDir: '.gitlab' };
const fixable: FixableRule[] = register.entries.flatMap((entry) =>
  entry.detect.flatMap((rule) => (isFixable(rule) ? [{ entryId: entry.id, rule }] : [])),
);
const sample = { file: 'x', text: 'x' };
const rule = (fields: Record<string, unknown>): FixableRule => {
  const parsed = detectRuleSchema.parse({ example: sample, near_miss: sample, ...fields });
  if (!isFixable(parsed)) throw new Error('rule has no fix');
  return { entryId: 'e', rule: parsed };
};

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
      // Only the subject changed: same line count, and every other line is untouched.
      const before = example.text.split('\n');
      const after = first.text.split('\n');
      expect(after).toHaveLength(before.length);
      const edited = new Set(first.edits.map((edit) => edit.line - 1));
      before.forEach((line, index) => {
        if (!edited.has(index)) expect(after[index]).toBe(line);
      });
      // A second run finds nothing to fix.
      expect(planEdits(example.file, first.text, [item], layout)).toEqual([]);
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

  it('keeps formatting and comments, replaces values later on the line, and leaves suppressed uses alone', () => {
    const variable = rule({ kind: 'ci-variable', name: 'OLD_NAME', fix: { replace_with: 'NEW_NAME' } });
    const ci =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell variable syntax inside a CI file
      'job:\n  variables:\n    OLD_NAME:   "spec.json"   # keep this comment\n  script:\n    - echo ${OLD_NAME} $OLD_NAME_LONGER\n    - echo $OLD_NAME # sunset-ignore e\n';
    expect(fixText('.gitlab-ci.yml', ci, [variable], layout).text).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell variable syntax inside a CI file
      'job:\n  variables:\n    NEW_NAME:   "spec.json"   # keep this comment\n  script:\n    - echo ${NEW_NAME} $OLD_NAME_LONGER\n    - echo $OLD_NAME # sunset-ignore e\n',
    );
    const tag = rule({ kind: 'ci-keyword', path: '*.tags', value: 'gce', fix: { replace_with: 'saas-linux-small-amd64' } });
    expect(fixText('.gitlab-ci.yml', 'build:\n  tags: [docker, gce]\n', [tag], layout).text).toBe(
      'build:\n  tags: [docker, saas-linux-small-amd64]\n',
    );
  });

  it('applies edits by offset, keeping every other character', () => {
    expect(applyEdits('a OLD b OLD', [{ entryId: 'e', offset: 2, from: 'OLD', to: 'NEWER', line: 1 }])).toBe('a NEWER b OLD');
  });
});
