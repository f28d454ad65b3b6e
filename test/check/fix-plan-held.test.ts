import { describe, expect, it } from 'vitest';
import { fixText } from '../../src/check/fix-plan.ts';
import { fixableRule } from './active-rule.ts';

/**
 * What a fix holds back for a person, and how it renames GraphQL: a variable whose new name is already set,
 * or whose other uses no rule can reach, is renamed nowhere and named with every line; a renamed field keeps
 * its old name as an alias unless it has one; a YAML file that is CI configuration by its shape is read as
 * one; a byte order mark is kept out of the offsets and in the result.
 */
const layout = { configDir: '.gitlab' };
const rule = fixableRule;
const variable = rule('var', { kind: 'ci-variable', name: 'OLD_NAME', fix: { replace_with: 'NEW_NAME' } });
const other = rule('other', { kind: 'ci-variable', name: 'OLD_TWO', fix: { replace_with: 'NEW_TWO' } });
const field = (element: string) =>
  rule(`gql-${element}`, { kind: 'graphql', element, name: 'totalWeight', fix: { replace_with: 'totalIssueWeight' } });

describe('a variable rename held back', () => {
  it('renames nothing and names every line when another use cannot be renamed', () => {
    const script = '#!/bin/sh\ntest -n "$OLD_NAME"\nscanner-config --pass OLD_NAME\necho "$OLD_NAME"\n';
    const result = fixText('scripts/scan.sh', script, [variable], layout);
    expect(result.text).toBe(script);
    expect(result.edits).toEqual([]);
    expect(result.held).toEqual([
      {
        entryId: 'var',
        lines: [2, 3, 4],
        reason:
          '`OLD_NAME` is also used on line 3 where it cannot be renamed mechanically (or the rename is held there): rename every use to `NEW_NAME` by hand, or none',
      },
    ]);
  });

  it('says so for each rule, in line order, and holds nothing for a rule that found nothing', () => {
    const script = [
      '#!/bin/sh',
      'echo "$OLD_TWO"',
      'scanner-config --pass OLD_TWO',
      'echo "$OLD_NAME"',
      'scanner-config --pass OLD_NAME',
      'scanner-config --pass OLD_UNUSED',
      '',
    ].join('\n');
    const unused = rule('unused', { kind: 'ci-variable', name: 'OLD_UNUSED', fix: { replace_with: 'NEW_UNUSED' } });
    const result = fixText('scripts/scan.sh', script, [variable, unused, other], layout);
    expect(result.held.map((item) => [item.entryId, item.lines])).toEqual([
      ['other', [2, 3]],
      ['var', [4, 5]],
    ]);
  });

  it('holds a rename whose new name is already set beside the old one, with both lines, and no other note', () => {
    const ci = 'job:\n  variables:\n    OLD_NAME: a\n    NEW_NAME: b\n';
    const result = fixText('.gitlab-ci.yml', ci, [variable], layout);
    expect(result.text).toBe(ci);
    expect(result.held).toEqual([
      {
        entryId: 'var',
        lines: [3, 4],
        reason: '`NEW_NAME` is already set on line 4 beside `OLD_NAME` on line 3: keep one of them by hand',
      },
    ]);
  });
});

describe('a GraphQL rename', () => {
  const query = (selection: string) => `query Weights {\n  project(fullPath: "a/b") {\n    issues { ${selection} }\n  }\n}\n`;

  it('keeps the old name as an alias for fields, queries and mutations, and not for other elements', () => {
    expect(fixText('q.graphql', query('totalWeight'), [field('field')], layout).text).toBe(
      query('totalWeight: totalIssueWeight'),
    );
    expect(fixText('q.graphql', '{ totalWeight { id } }\n', [field('query')], layout).text).toBe(
      '{ totalWeight: totalIssueWeight { id } }\n',
    );
    const mutation = 'mutation M {\n  totalWeight(input: {}) {\n    errors\n  }\n}\n';
    expect(fixText('q.graphql', mutation, [field('mutation')], layout).text).toBe(
      mutation.replace('totalWeight', 'totalWeight: totalIssueWeight'),
    );
    expect(fixText('q.graphql', 'query Q($a: Int) {\n  x(totalWeight: 1)\n}\n', [field('argument')], layout).text).toBe(
      'query Q($a: Int) {\n  x(totalIssueWeight: 1)\n}\n',
    );
  });

  it('keeps an alias the field already has, however it is spaced, ending in a digit, early in a long file', () => {
    for (const alias of ['w:', 'w2:', 'w  :  ', 'w:\n      ']) {
      const text = `${query(`${alias}totalWeight`)}${'# padding\n'.repeat(40)}`;
      expect(fixText('q.graphql', text, [field('field')], layout).text, alias).toBe(
        text.replace('totalWeight', 'totalIssueWeight'),
      );
    }
  });
});

describe('how the file is read', () => {
  it('reads a YAML file that is CI configuration by its shape as CI configuration', () => {
    const ci = 'build:\n  stage: build\n  script:\n    - echo "$OLD_NAME"\n';
    expect(fixText('templates/build.yml', ci, [variable], layout).text).toBe(ci.replace('OLD_NAME', 'NEW_NAME'));
  });

  it('sets a byte order mark aside: offsets count from after it, and the result keeps it', () => {
    const text = '\uFEFFcall OLD_API now\n';
    const api = rule('api', { kind: 'text', literal: 'OLD_API', fix: { replace_with: 'NEW_API' } });
    const result = fixText('notes.txt', text, [api], layout);
    expect(result.text).toBe('\uFEFFcall NEW_API now\n');
    expect(result.edits.map((edit) => edit.offset)).toEqual([5]);
  });
});
