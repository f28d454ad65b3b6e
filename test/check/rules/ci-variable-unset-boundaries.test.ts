import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

/**
 * A variable left unset, one row a case: set at the top level of the CI file that also defines the job
 * using the feature, set in that job or another, set in its expanded form, or only read, commented or
 * named under another key. Set anywhere in the file, the file has made its choice.
 */
const rule = { kind: 'ci-variable-unset', name: 'NEW_SETTING', when: ['feature-template'] };
const USE = 'include:\n  - template: feature-template.yml\n';

describe('a variable left unset beside the job it configures', () => {
  it.each([
    [
      'set at the top level of the file that defines the job',
      `${USE}variables:\n  NEW_SETTING: "on"\njob:\n  script: make\n`,
      [],
    ],
    ['set at the top level after the job', `${USE}job:\n  script: make\nvariables:\n  NEW_SETTING: "off"\n`, []],
    ['set in the job itself', `${USE}job:\n  variables:\n    NEW_SETTING: "on"\n`, []],
    ['set in another job of the file', `${USE}job:\n  script: make\nother:\n  variables:\n    NEW_SETTING: "on"\n`, []],
    ['set at the top level in its expanded form', `${USE}variables:\n  NEW_SETTING:\n    value: "on"\n    description: d\n`, []],
    ['set to an empty value', `${USE}variables:\n  NEW_SETTING: ""\n`, []],
    [
      'not set: another variable at the top level',
      `${USE}variables:\n  OTHER: "on"\njob:\n  script: make\n`,
      ['2:15 feature-template without NEW_SETTING'],
    ],
    ['not set: only read by the job', `${USE}job:\n  script: echo $NEW_SETTING\n`, ['2:15 feature-template without NEW_SETTING']],
    [
      'not set: only named in a comment',
      `${USE}# NEW_SETTING: "on"\njob:\n  script: make\n`,
      ['2:15 feature-template without NEW_SETTING'],
    ],
    [
      'not set: a job named like the variable',
      `${USE}NEW_SETTING:\n  script: make\n`,
      ['2:15 feature-template without NEW_SETTING'],
    ],
    ['not used: the feature named only in a comment', '# feature-template.yml\nvariables:\n  OTHER: x\n', []],
  ])('%s', (_case, text, expected) => {
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(expected);
  });
});

describe('a job key left unset beside top-level keys', () => {
  const keyRule = { kind: 'ci-job-key-unset', uses: 'secrets', key: 'id_tokens' };

  it.each([
    ['a top-level variable named like the feature is not a job', 'variables:\n  secrets: vault\njob:\n  script: make\n', []],
    [
      'a job using the feature without the key',
      'variables:\n  A: b\njob:\n  secrets:\n    X: y\n',
      ['4:3 secrets without id_tokens'],
    ],
    ['a job using the feature with the key', 'job:\n  id_tokens:\n    T: { aud: a }\n  secrets:\n    X: y\n', []],
    ['the key given by default: at the top level', 'default:\n  id_tokens:\n    T: { aud: a }\njob:\n  secrets:\n    X: y\n', []],
    [
      'the key given by a template the job extends',
      '.base:\n  id_tokens:\n    T: { aud: a }\njob:\n  extends: .base\n  secrets:\n    X: y\n',
      [],
    ],
  ])('%s', (_case, text, expected) => {
    expect(matchRule(keyRule, '.gitlab-ci.yml', text)).toEqual(expected);
  });
});
