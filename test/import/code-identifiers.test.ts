import { describe, expect, it } from 'vitest';
import { codeIdentifiers, spanIdentifiers } from '../../src/import/code-identifiers.ts';

describe('spanIdentifiers', () => {
  it.each([
    ['CI_BUILD_ID', [{ kind: 'ci-variable', name: 'CI_BUILD_ID' }]],
    ['$CI_JOB_JWT_V2', [{ kind: 'ci-variable', name: 'CI_JOB_JWT_V2' }]],
    [`\${CS_IMAGE}`, [{ kind: 'ci-variable', name: 'CS_IMAGE' }]],
    ['POST /projects/:id/approvals', [{ kind: 'rest-path', name: '/projects/:id/approvals', method: 'POST' }]],
    ['/api/v4/projects/{id}/audit_events?page=2', [{ kind: 'rest-path', name: '/projects/:id/audit_events' }]],
    ['https://host.example/api/v4/runners/1', [{ kind: 'rest-path', name: '/runners/1' }]],
    ['/approvals', [{ kind: 'rest-path', name: '/approvals' }]],
    ['gitlab-runner register --locked', [{ kind: 'cli-flag', name: '--locked', command: 'gitlab-runner register' }]],
    ['--queue-selector', [{ kind: 'cli-flag', name: '--queue-selector' }]],
    ["gitlab_rails['allow_local'] = true", [{ kind: 'config-key', name: 'allow_local', setting: "gitlab_rails['allow_local']" }]],
    ['custom_hooks_dir', [{ kind: 'config-key', name: 'custom_hooks_dir' }]],
    ['notifications.endpoints.threshold', [{ kind: 'config-key', name: 'notifications.endpoints.threshold' }]],
  ])('reads `%s`', (span, expected) => {
    expect(spanIdentifiers(span, false)).toEqual(expected);
  });

  it.each([
    'true',
    'Free',
    'CI_BUILD_*',
    'API',
    '/etc/platform/platform.rb',
    'config.yml',
    'docs.example.com',
    'networkPolicies',
    'x = 1',
  ])('finds no identifier in `%s` outside a GraphQL text', (span) => {
    expect(spanIdentifiers(span, false)).toEqual([]);
  });

  it('reads GraphQL names only in a text about GraphQL', () => {
    expect(spanIdentifiers('networkPolicies', true)).toEqual([{ kind: 'graphql-field', name: 'networkPolicies' }]);
    expect(spanIdentifiers('CiRunner.revision', true)).toEqual([{ kind: 'graphql-field', name: 'revision', parent: 'CiRunner' }]);
    expect(spanIdentifiers('CiRunnerManager', true)).toEqual([{ kind: 'graphql-type', name: 'CiRunnerManager' }]);
  });
});

describe('codeIdentifiers', () => {
  it('marks what a table offers in its later columns, and what the text says to use instead, as replacements', () => {
    const body = [
      'Stop using `OLD_ONE`. Use `NEW_ONE` instead.',
      '',
      '| Old | New |',
      '| --- | --- |',
      '| `OLD_TWO` | `NEW_TWO` |',
    ].join('\n');
    expect(codeIdentifiers('Variables', body)).toEqual([
      { kind: 'ci-variable', name: 'OLD_ONE' },
      { kind: 'ci-variable', name: 'NEW_ONE', replacement: true },
      { kind: 'ci-variable', name: 'OLD_TWO' },
      { kind: 'ci-variable', name: 'NEW_TWO', replacement: true },
    ]);
  });

  it('reads settings lines of fenced blocks but not their commands, and names each identifier once', () => {
    const body =
      'Set it:\n\n```ruby\ngitlab_rails[\'old_key\'] = true\n```\n\n```shell\ncurl --header "X: y" https://h/api/v4/x\n```\n\n`old_key` again.';
    expect(codeIdentifiers('t', body)).toEqual([{ kind: 'config-key', name: 'old_key', setting: "gitlab_rails['old_key']" }]);
  });

  it('reads a paragraph as one sentence across its lines', () => {
    expect(codeIdentifiers('t', 'Projects that set\n`SOME_FLAG` keep it. Read\n`OTHER_FLAG` instead.')).toEqual([
      { kind: 'ci-variable', name: 'SOME_FLAG' },
      { kind: 'ci-variable', name: 'OTHER_FLAG', replacement: true },
    ]);
  });
});
