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
});
