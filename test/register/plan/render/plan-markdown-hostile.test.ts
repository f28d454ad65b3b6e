import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../../src/register/plan/build-plan.ts';
import { codeSpan, escapeLinkText, planToMarkdown } from '../../../../src/register/plan/render/plan-markdown.ts';
import { createRegister } from '../../../../src/register/register.ts';
import { makeEntry, registerData } from '../../entry-fixture.ts';

/**
 * The plan's Markdown for text an imported register or a scan report can hold: a title with brackets, a
 * backslash, `|`, HTML, quotes, a leading `=` and a line break; places with line breaks and runs of
 * backticks. Each item stays one list item: nothing in its text can end it or start a heading.
 */
const TITLE = '=Old [API] \\ | <b>&amp;</b> "q"\n# not a heading naïve';

describe('a plan item of hostile text', () => {
  const register = createRegister(
    registerData({
      entries: [
        makeEntry({ id: 'hostile', removed_in: '17.0', breaking: true, title: TITLE }),
        makeEntry({ id: 'quiet', removed_in: '17.0', title: '+plus -minus @at 日本' }),
      ],
      releases: ['16.0', '17.0'],
    }),
  );
  const plan = buildPlan(register, { from: '16.0', to: '17.0' });
  const markdown = planToMarkdown(plan, {
    siteUrl: 'https://s',
    done: new Set(['quiet']),
    found: { hostile: { places: ['a\n# b.sh:3', 'c`d.sh:4', 'e``f|g.sh:5'], count: 4 } },
  });

  it('is pinned, a breaking and a done item with their places', () => {
    expect(markdown).toBe(
      [
        '## Upgrade plan: 16.0 → 17.0',
        '',
        'Find uses in a repository with `npx sunset-register check . --from 16.0 --to 17.0`.',
        '',
        '### Must do before upgrading (2)',
        '',
        '#### CI/CD pipelines',
        '',
        '- [ ] [=Old \\[API\\] \\\\ | <b>&amp;</b> "q" # not a heading naïve](https://s/register/hostile/) (**breaking**, removal in 17.0); not detectable by a scan',
        "  - Breaks (Sunset's reading): Uses of hostile stop working.",
        '  - Found in your repository (4 places): `a # b.sh:3`, `` c`d.sh:4 ``, ``` e``f|g.sh:5 ```, and 1 more',
        '- [x] [+plus -minus @at 日本](https://s/register/quiet/) (removal in 17.0); not detectable by a scan',
        '',
        '### Plan ahead (0)',
        '',
        'The register lists no later removals yet.',
        '',
        '### Hosted offering',
        '',
        'On the hosted offering a deprecated feature can be removed at any time in the month before its release, so act on these items before that month starts.',
        '',
      ].join('\n'),
    );
  });

  it('starts no heading but its own', () => {
    expect(markdown.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '## Upgrade plan: 16.0 → 17.0',
      '### Must do before upgrading (2)',
      '#### CI/CD pipelines',
      '### Plan ahead (0)',
      '### Hosted offering',
    ]);
  });
});

describe('text made safe for a plan line', () => {
  it.each([
    ['a plain path', 'a/b.sh:3', '`a/b.sh:3`'],
    ['a path with a backtick', 'c`d:4', '`` c`d:4 ``'],
    ['a path with two backticks together', 'e``f:5', '``` e``f:5 ```'],
    ['a path ending in a backtick', 'g`:6', '`` g`:6 ``'],
    ['a path with a line feed', 'a\nb:1', '`a b:1`'],
    ['a path with CRLF', 'a\r\nb:1', '`a b:1`'],
  ])('%s as a code span', (_case, text, span) => {
    expect(codeSpan(text)).toBe(span);
  });

  it.each([
    ['brackets and a backslash', 'a [b] \\c', 'a \\[b\\] \\\\c'],
    ['a line break and indentation', 'one\n    two', 'one two'],
    ['edge spaces', '  padded  ', 'padded'],
    ['a pipe, HTML and quotes, kept', '| <i>x</i> "y"', '| <i>x</i> "y"'],
  ])('%s in link text', (_case, text, escaped) => {
    expect(escapeLinkText(text)).toBe(escaped);
  });
});
