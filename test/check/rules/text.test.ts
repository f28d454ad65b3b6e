import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

describe('text rule', () => {
  it('matches a whole word unless told otherwise', () => {
    const rule = { kind: 'text', literal: 'ci_active_pipelines' };
    expect(matchRule(rule, 'limits.yml', 'a: ci_active_pipelines\nb: ci_active_pipelines_max\n')).toEqual([
      '1:4 ci_active_pipelines',
    ]);
  });

  it('keeps word boundaries only on the sides where the literal has word characters', () => {
    const rule = { kind: 'text', literal: '[skip secret detection]', word: false };
    expect(matchRule(rule, 'commit.sh', 'git commit -m "fix[skip secret detection]"\n')).toHaveLength(1);
  });

  it('reads prose too, and only the files its globs name', () => {
    const rule = { kind: 'text', literal: 'terminationGracePeriodSeconds', files: ['**/config.toml'] };
    expect(matchRule(rule, 'runner/config.toml', 'terminationGracePeriodSeconds = 30\n')).toHaveLength(1);
    expect(matchRule(rule, 'runner/values.yaml', 'terminationGracePeriodSeconds: 30\n')).toEqual([]);
    expect(
      matchRule({ kind: 'text', literal: 'user_email_lookup_limit' }, 'notes.txt', 'user_email_lookup_limit\n'),
    ).toHaveLength(1);
  });

  it('reads Markdown only inside fenced code blocks, so an upgrade guide naming a removal is not a use', () => {
    const rule = { kind: 'text', literal: 'user_email_lookup_limit' };
    const guide = 'We removed user_email_lookup_limit in 16.7.\n\n```yaml\nuser_email_lookup_limit: 5\n```\n';
    expect(matchRule(rule, 'UPGRADE.md', guide)).toEqual(['4:1 user_email_lookup_limit']);
  });

  it('with a context, reads only files that also name one of its literals', () => {
    const rule = { kind: 'text', literal: 'dependency_path', context: ['gl-dependency-scanning-report'] };
    expect(matchRule(rule, 'build.py', 'def dependency_path(root):\n    return root\n')).toEqual([]);
    expect(matchRule(rule, 'read.py', 'r = load("gl-dependency-scanning-report.json")\nr["dependency_path"]\n')).toEqual([
      '2:4 dependency_path',
    ]);
  });
});
