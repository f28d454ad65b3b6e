// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell expansions written as plain strings are what these rows test
import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

/**
 * Where a read of a CI variable starts and ends, one row a case: the shell's expansions of the variable
 * (`${N:-default}` and the others, `${#N}`, `${!N}`), a longer name that starts with it, and a variable
 * defined at the top level of a CI file that also holds the job reading it. Each row is checked in CI
 * configuration and in a shell script, where the same text means the same read.
 */
const rule = { kind: 'ci-variable', name: 'OLD_TOKEN' };
const inCi = (expression: string) =>
  matchRule(rule, '.gitlab-ci.yml', `job:\n  script:\n    - echo "${expression}"\n`).map((found) => found.split(' ')[1]);
const inScript = (expression: string) => matchRule(rule, 'deploy.sh', `echo ${expression}\n`).map((found) => found.split(' ')[1]);

describe('a read of a CI variable', () => {
  it.each([
    ['a plain read', '$OLD_TOKEN', true],
    ['a braced read', '${OLD_TOKEN}', true],
    ['a default when unset or empty', '${OLD_TOKEN:-fallback}', true],
    ['a default when unset', '${OLD_TOKEN-fallback}', true],
    ['an assigned default', '${OLD_TOKEN:=fallback}', true],
    ['an error when unset', '${OLD_TOKEN:?set it}', true],
    ['an alternative when set', '${OLD_TOKEN:+yes}', true],
    ['a suffix removed', '${OLD_TOKEN%.*}', true],
    ['a prefix removed', '${OLD_TOKEN##*/}', true],
    ['a substitution', '${OLD_TOKEN/a/b}', true],
    ['a case change', '${OLD_TOKEN^^}', true],
    ['a lower-case change', '${OLD_TOKEN,,}', true],
    ['a substring', '${OLD_TOKEN:0:8}', true],
    ['a quoted transformation', '${OLD_TOKEN@Q}', true],
    ['an array element', '${OLD_TOKEN[0]}', true],
    ['its length', '${#OLD_TOKEN}', true],
    ['an indirection through it', '${!OLD_TOKEN}', true],
    ['the default of another variable', '${OTHER:-$OLD_TOKEN}', true],
    ['a braced default of another variable', '${OTHER:-${OLD_TOKEN}}', true],
    ['a longer name, plain', '$OLD_TOKEN_V2', false],
    ['a longer name, braced with a default', '${OLD_TOKEN_V2:-fallback}', false],
    ['a longer name, braced', '${OLD_TOKENS}', false],
    ['its length, of a longer name', '${#OLD_TOKEN_V2}', false],
    ['a shorter name', '${OLD_TOKE}', false],
    ['a space before the brace closes (not an expansion)', '${OLD_TOKEN }', false],
  ])('%s: %s', (_case, expression, reads) => {
    const expected = reads ? ['OLD_TOKEN'] : [];
    expect(inCi(expression)).toEqual(expected);
    expect(inScript(expression)).toEqual(expected);
  });
});

describe('a definition at the top level of a CI file that also holds the job', () => {
  const valued = { kind: 'ci-variable', name: 'OLD_TOKEN', value: 'legacy' };

  it.each([
    [
      'set at the top level, read by the job',
      'variables:\n  OLD_TOKEN: legacy\njob:\n  script: make\n',
      ['2:3 OLD_TOKEN=legacy'],
    ],
    ['set in the job', 'job:\n  variables:\n    OLD_TOKEN: legacy\n  script: make\n', ['3:5 OLD_TOKEN=legacy']],
    [
      'set at the top level and in the job',
      'variables:\n  OLD_TOKEN: legacy\njob:\n  variables:\n    OLD_TOKEN: legacy\n',
      ['2:3 OLD_TOKEN=legacy', '5:5 OLD_TOKEN=legacy'],
    ],
    ['set at the top level to another value', 'variables:\n  OLD_TOKEN: current\njob:\n  script: make\n', []],
    [
      'set at the top level in its expanded form',
      'variables:\n  OLD_TOKEN:\n    value: legacy\n    description: d\njob:\n  script: make\n',
      ['2:3 OLD_TOKEN=legacy'],
    ],
    ['a job named like the variable', 'OLD_TOKEN:\n  script: legacy\n', []],
  ])('%s', (_case, text, expected) => {
    expect(matchRule(valued, '.gitlab-ci.yml', text)).toEqual(expected);
  });
});

describe('settings to a value other than the fine ones (unless_values)', () => {
  const rule = { kind: 'ci-variable', name: 'OLD_TOKEN', unless_values: ['4'] };
  const inCiVariables = (entries: string) => matchRule(rule, '.gitlab-ci.yml', `variables:\n${entries}job:\n  script: make\n`);

  it.each([
    ['a plain value', '  OLD_TOKEN: 3\n', ['2:3 OLD_TOKEN=3']],
    ['the expanded form', '  OLD_TOKEN: { value: "3" }\n', ['2:3 OLD_TOKEN=3']],
    ['the expanded form, described first', '  OLD_TOKEN:\n    description: d\n    value: "3"\n', ['2:3 OLD_TOKEN=3']],
    ['the expanded form with the fine value', '  OLD_TOKEN: { value: "4" }\n', []],
    ['the expanded form without a value', '  OLD_TOKEN: { description: d }\n', []],
    ['no value', '  OLD_TOKEN:\n', []],
    ['a list, which sets no value', '  OLD_TOKEN: [3]\n', []],
    ['another variable', '  OTHER_TOKEN: 3\n', []],
  ])('in CI variables, %s', (_case, entries, expected) => {
    expect(inCiVariables(entries)).toEqual(expected);
  });

  it('reports an assignment with no value nowhere', () => {
    expect(matchRule(rule, 'env.sh', 'export OLD_TOKEN=\nOLD_TOKEN=""\nOLD_TOKEN=3\n')).toEqual(['3:1 OLD_TOKEN=3']);
  });

  it('reports in the order of the file, a script line before the variables: that set it', () => {
    const text = 'a:\n  script:\n    - export OLD_TOKEN=5\nvariables:\n  OLD_TOKEN: 3\n';
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['3:14 OLD_TOKEN=5', '5:3 OLD_TOKEN=3']);
  });

  it('reads variables: as CI configuration only in CI files: elsewhere only the text counts', () => {
    // The text reads `N: "a b"` as no setting (a value stops at the space); only CI structure reads it whole.
    const entries = 'variables:\n  OLD_TOKEN: "a b"\n';
    expect(matchRule(rule, '.gitlab-ci.yml', entries)).toEqual(['2:3 OLD_TOKEN=a b']);
    expect(matchRule(rule, 'config/settings.yml', entries)).toEqual([]);
  });
});

describe('reads and definitions outside CI configuration', () => {
  it('does not take a variables: map of other YAML for a definition', () => {
    expect(matchRule(rule, 'config/settings.yml', 'variables:\n  OLD_TOKEN: x\n')).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', 'variables:\n  OLD_TOKEN: x\n')).toEqual(['2:3 OLD_TOKEN']);
  });

  it('with a value, finds the expanded form with its description first', () => {
    const valued = { kind: 'ci-variable', name: 'OLD_TOKEN', value: 'legacy' };
    const text = 'variables:\n  OLD_TOKEN:\n    description: d\n    value: legacy\njob:\n  script: make\n';
    expect(matchRule(valued, '.gitlab-ci.yml', text)).toEqual(['2:3 OLD_TOKEN=legacy']);
  });

  it('does not read GraphQL, even outside its comments', () => {
    expect(matchRule(rule, 'q.graphql', 'query { job(token: "$OLD_TOKEN") { id } }\n')).toEqual([]);
    expect(matchRule(rule, 'q.js', 'query { job(token: "$OLD_TOKEN") { id } }\n')).toEqual(['1:22 OLD_TOKEN']);
  });
});
