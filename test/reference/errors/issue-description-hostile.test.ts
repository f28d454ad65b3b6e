import { describe, expect, it } from 'vitest';
import type { ErrorDetails } from '../../../src/reference/errors/error-views.ts';
import { escapeMarkdown, issueDescription } from '../../../src/reference/errors/issue-description.ts';

/**
 * An issue description for each character an event can carry that Markdown or HTML would act on, one row
 * a case, in the title and the culprit: the text is shown as written, on its own line, and the description
 * keeps its shape (the same lines, one fenced stack trace).
 */
const details = (title: string, culprit: string, value = 'boom'): ErrorDetails => ({
  id: 3,
  project_id: 1,
  title,
  type: 'TypeError',
  culprit,
  platform: 'node',
  status: 'open',
  occurrences: 2,
  users_affected: 1,
  first_seen: { at: '2025-03-10T08:00:00.000Z', release: null },
  last_seen: '2025-03-10T09:00:00.000Z',
  issue_iid: null,
  frequency: [],
  stack_trace: [{ type: 'TypeError', value, frames: [{ function: 'handler', filename: 'app.js', lineno: 10 }] }],
  latest_event: { event_id: 'e', timestamp: '', level: 'error', message: null, environment: null, release: null, user: null },
});

describe('hostile text in an issue description', () => {
  it.each([
    ['a line feed', 'one\ntwo', 'one two'],
    ['a carriage return and line feed', 'one\r\ntwo', 'one two'],
    ['a pipe', 'a | b', 'a \\| b'],
    ['angle brackets', '<script>x</script>', '&lt;script&gt;x&lt;/script&gt;'],
    ['an ampersand and an entity', 'a & &amp;', 'a &amp; &amp;amp;'],
    ['double and single quotes', '"q" \'s\'', '"q" \'s\''],
    ['a leading =', '=SUM(A1)', '=SUM\\(A1\\)'],
    ['a leading +', '+ item', '\\+ item'],
    ['a leading -', '- item', '\\- item'],
    ['a leading @', '@user', '@user'],
    ['a leading #', '# heading', '\\# heading'],
    ['non-ASCII letters', 'naïve 日本 ✓', 'naïve 日本 ✓'],
    ['a backslash', 'a\\b', 'a\\\\b'],
  ])('%s is shown as written', (_case, text, shown) => {
    expect(escapeMarkdown(text)).toBe(shown);
    const description = issueDescription(details(text, text), 'http://localhost/errors/3');
    const lines = description.split('\n');
    expect(lines[0]).toBe(`**Error:** [${shown}](http://localhost/errors/3)`);
    expect(lines).toContain(`- Culprit: ${shown}`);
    // The same shape whatever the text: a heading line, six facts, the trace heading and one fenced block.
    expect(lines.slice(1, 8).map((line) => line.split(':')[0])).toEqual([
      '',
      '- Occurrences',
      '- Users affected',
      '- First seen',
      '- Last seen',
      '- Culprit',
      '',
    ]);
    expect(lines.filter((line) => line.startsWith('#'))).toEqual(['### Stack trace']);
    expect(lines.filter((line) => line === '```')).toHaveLength(2);
  });

  it.each([
    ['a fence', '```'],
    ['a longer fence', '````'],
    ['a fence after a carriage return', 'x\r```'],
    ['a tilde fence', '~~~'],
  ])('keeps the trace in its block when an exception holds %s', (_case, value) => {
    const description = issueDescription(details('t', 'c', `boom\n${value}\n# not a heading`), 'http://localhost/errors/3');
    const fenced = description.slice(description.indexOf('### Stack trace'));
    expect(fenced.split(/\r?\n|\r/).filter((line) => /^ {0,3}`{3,}\s*$/.test(line))).toHaveLength(2);
    expect(fenced.endsWith('\n```')).toBe(true);
  });
});
