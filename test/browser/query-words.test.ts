// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell expansions such as ${NAME} are the input under test.
import { describe, expect, it } from 'vitest';
import { areaNamed, contentWords, isFiller, withoutSigils } from '../../src/browser/query-words.ts';

describe('withoutSigils', () => {
  it('reads $NAME and ${NAME} as the name', () => {
    expect(withoutSigils('$CI_JOB_JWT_V2')).toBe('CI_JOB_JWT_V2');
    expect(withoutSigils('${CI_JOB_JWT}')).toBe('CI_JOB_JWT');
    expect(withoutSigils('echo "$CI_JOB_JWT_V1" and ${A}${B}')).toBe('echo "CI_JOB_JWT_V1" and AB');
  });

  it('keeps a $ that starts no name, and text without one', () => {
    expect(withoutSigils('costs $5')).toBe('costs $5');
    expect(withoutSigils('$')).toBe('$');
    expect(withoutSigils('${not a name}')).toBe('${not a name}');
    expect(withoutSigils('CI_JOB_JWT')).toBe('CI_JOB_JWT');
  });
});

describe('contentWords', () => {
  it('leaves out the words a question is made of, whatever their case', () => {
    expect(contentWords('How do I replace CI_JOB_JWT')).toEqual(['replace', 'CI_JOB_JWT']);
    expect(contentWords('what breaks in 19.0')).toEqual(['breaks', '19.0']);
    expect(isFiller('WHY')).toBe(true);
    expect(isFiller('export')).toBe(false);
  });

  it('keeps a query made only of filler as it is, and splits at white space only', () => {
    expect(contentWords('how to')).toEqual(['how', 'to']);
    expect(contentWords('  gitlab-runner   exec ')).toEqual(['gitlab-runner', 'exec']);
    expect(contentWords('')).toEqual([]);
  });
});

describe('areaNamed', () => {
  const titles = ['Dependency proxy', 'Container registry', 'Package registry', 'Geo', 'Error tracking'];

  it('finds the area whose every word the query holds, case aside', () => {
    expect(areaNamed('dependency proxy', titles)).toBe('Dependency proxy');
    expect(areaNamed('container registry tags', titles)).toBe('Container registry');
    expect(areaNamed('GEO', titles)).toBe('Geo');
  });

  it('finds none when a word of the title is missing or only begins a word of the query', () => {
    expect(areaNamed('registry', titles)).toBeUndefined();
    expect(areaNamed('dependency', titles)).toBeUndefined();
    expect(areaNamed('geography', titles)).toBeUndefined();
  });

  it('takes the longest title when the query names two', () => {
    expect(areaNamed('error tracking geo', titles)).toBe('Error tracking');
  });
});
