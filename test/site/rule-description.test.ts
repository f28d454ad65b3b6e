import { describe, expect, it } from 'vitest';
import { describeRule } from '../../src/site/rule-description.ts';

describe('describeRule', () => {
  it('says what a rule looks for', () => {
    const sample = { file: 'x', text: 'y' };
    expect(describeRule({ kind: 'ci-variable', name: 'CI_JOB_JWT', example: sample, near_miss: sample })).toBe(
      'CI/CD variable `CI_JOB_JWT`',
    );
    expect(
      describeRule({
        kind: 'rest',
        method: 'GET',
        path: '/projects/:id/ci/lint',
        params: ['ref', 'sha'],
        example: sample,
        near_miss: sample,
      }),
    ).toBe('REST request GET `/projects/:id/ci/lint` with `ref` and `sha`');
  });

  it("names each of a client call's alternatives as code of its own, so each can break apart", () => {
    const sample = { file: 'x', text: 'y' };
    const rule = {
      kind: 'api-client',
      client: 'go-gitlab',
      call: 'ResetInstanceRunnerRegistrationToken|ResetGroupRunnerRegistrationToken',
      example: sample,
      near_miss: sample,
    } as unknown as Parameters<typeof describeRule>[0];
    expect(describeRule(rule)).toBe(
      'the call `ResetInstanceRunnerRegistrationToken` or `ResetGroupRunnerRegistrationToken` through go-gitlab',
    );
  });

  it('says what the rules of configuration admins own look for', () => {
    const sample = { file: 'x', text: 'y' };
    const rules = [
      { kind: 'omnibus-setting', setting: 'sidekiq.queue_selector' },
      { kind: 'chart-value', chart: 'gitlab-runner', path: 'runnerRegistrationToken' },
      { kind: 'env-var', name: 'RUNNER_SHELL', command: 'gitlab-runner', value: 'cmd' },
      {
        kind: 'config-module',
        tool: 'ansible',
        module: 'community.general.gitlab_runner|gitlab_runner',
        arguments: ['registration_token'],
      },
    ].map((rule) =>
      describeRule({ ...rule, example: sample, near_miss: sample } as unknown as Parameters<typeof describeRule>[0]),
    );
    expect(rules).toEqual([
      'Omnibus setting `sidekiq.queue_selector` in `gitlab.rb`',
      'value `runnerRegistrationToken` of the `gitlab-runner` Helm chart',
      'environment variable `RUNNER_SHELL` set to `cmd` for `gitlab-runner`',
      '`registration_token` of the Ansible module `community.general.gitlab_runner`',
    ]);
  });
});
