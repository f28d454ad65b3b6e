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
});
