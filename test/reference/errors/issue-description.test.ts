import { describe, expect, it } from 'vitest';
import { issueDescription, stackTraceText } from '../../../src/reference/errors/issue-description.ts';

describe('issue description', () => {
  it('prints each exception newest first with its frames newest first', () => {
    const text = stackTraceText(
      [
        { type: 'Cause', value: 'root', frames: [{ function: 'inner', filename: 'a.js', lineno: 1 }] },
        {
          type: 'TypeError',
          value: 'boom',
          frames: [
            { function: 'main', filename: 'main.js', lineno: 5, colno: 2 },
            { function: 'handler', filename: 'app.js', lineno: 10, colno: 3 },
          ],
        },
      ],
      null,
    );
    expect(text).toBe('TypeError: boom\n  at handler (app.js:10:3)\n  at main (main.js:5:2)\n\nCause: root\n  at inner (a.js:1)');
  });

  it('holds the counts, the first-seen commit and the stack trace in a code block', () => {
    const description = issueDescription(
      {
        id: 3,
        project_id: 1,
        title: 'TypeError: boom',
        type: 'TypeError',
        culprit: 'handler in app',
        platform: 'node',
        status: 'open',
        occurrences: 4,
        users_affected: 2,
        first_seen: { at: '2025-03-10T08:00:00.000Z', release: 'abc123' },
        last_seen: '2025-03-10T09:00:00.000Z',
        issue_iid: null,
        frequency: [],
        stack_trace: [{ type: 'TypeError', value: 'boom', frames: [{ function: 'handler', filename: 'app.js', lineno: 10 }] }],
        latest_event: {
          event_id: 'e',
          timestamp: '',
          level: 'error',
          message: null,
          environment: null,
          release: null,
          user: null,
        },
      },
      'http://localhost/errors/3',
    );
    expect(description).toContain('**Error:** [TypeError: boom](http://localhost/errors/3)');
    expect(description).toContain(
      '- Occurrences: 4\n- Users affected: 2\n- First seen: 2025-03-10T08:00:00.000Z (commit abc123)',
    );
    expect(description).toContain('### Stack trace\n\n```\nTypeError: boom\n  at handler (app.js:10)\n```');
  });

  it('shows the message of an event without a stack trace', () => {
    expect(stackTraceText([], 'disk full')).toBe('disk full');
  });

  it('escapes Markdown and HTML in every field copied from the event, and keeps the trace inside its fence', () => {
    const hostile = {
      id: 3,
      project_id: 1,
      title: '[x](javascript:alert(1)) <img src=x onerror=alert(1)>',
      type: '[x](javascript:alert(1))',
      culprit: '<img src=x onerror=alert(2)>\n# heading *bold* _em_',
      platform: 'node',
      status: 'open' as const,
      occurrences: 1,
      users_affected: 0,
      first_seen: { at: '2025-03-10T08:00:00.000Z', release: '](javascript:alert(3))' },
      last_seen: '2025-03-10T09:00:00.000Z',
      issue_iid: null,
      frequency: [],
      stack_trace: [{ type: '```\n<img src=x onerror=alert(4)>', value: 'boom', frames: [] }],
      latest_event: { event_id: 'e', timestamp: '', level: 'error', message: null, environment: null, release: null, user: null },
    };
    const description = issueDescription(hostile, 'http://localhost/errors/3');
    const [outside = '', fenced = ''] = description.split('### Stack trace');
    expect(outside).not.toMatch(/<img/);
    expect(outside).not.toMatch(/(?<!\\)\]\((?!http:\/\/localhost)/);
    expect(outside).toContain(
      '**Error:** [\\[x\\]\\(javascript:alert\\(1\\)\\) &lt;img src=x onerror=alert\\(1\\)&gt;](http://localhost/errors/3)',
    );
    expect(outside).toContain('- Culprit: &lt;img src=x onerror=alert\\(2\\)&gt; \\# heading \\*bold\\* \\_em\\_');
    expect(outside).toContain('(commit \\]\\(javascript:alert\\(3\\)\\))');
    // The trace stays in one fenced block: a fence in the event cannot close it early.
    expect(fenced.match(/^```$/gm)).toHaveLength(2);
    expect(fenced.trimEnd().endsWith('```')).toBe(true);
  });
});
