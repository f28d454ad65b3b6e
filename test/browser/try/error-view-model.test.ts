import { describe, expect, it } from 'vitest';
import { detailFacts, errorRow } from '../../../src/browser/try/error-view-model.ts';
import type { ErrorDetails } from '../../../src/reference/errors/error-views.ts';

const now = Date.parse('2026-11-20T22:14:05Z');
const error: ErrorDetails = {
  id: 7,
  project_id: 1,
  title: 'TypeError: <img src=x onerror=alert(1)>',
  type: 'TypeError',
  culprit: 'Object.checkout in /_astro/error-demo.js',
  platform: 'javascript',
  status: 'open',
  occurrences: 2,
  users_affected: 1,
  first_seen: { at: '2026-11-20T21:50:00.000Z', release: '3f2a9c1' },
  last_seen: '2026-11-20T21:59:00.000Z',
  issue_iid: null,
  frequency: [],
  stack_trace: [],
  latest_event: {
    event_id: 'e'.repeat(32),
    timestamp: '2026-11-20T22:10:00.000Z',
    level: 'error',
    message: null,
    environment: null,
    release: '3f2a9c1',
    user: { id: 'ada' },
  },
};

describe('error view model', () => {
  it('shows last seen relative to now with the exact time on hover, and first seen with its commit', () => {
    expect(errorRow(error, now)).toEqual({
      id: 7,
      title: 'TypeError: <img src=x onerror=alert(1)>',
      culprit: 'Object.checkout in /_astro/error-demo.js',
      occurrences: 2,
      users: 1,
      firstSeen: { text: '2026-11-20 21:50:00 UTC, in 3f2a9c1', title: '24 minutes ago' },
      lastSeen: { text: '15 minutes ago', title: '2026-11-20 21:59:00 UTC' },
      status: 'open',
    });
  });

  it('lists the details facts in reading order', () => {
    const facts = detailFacts({ ...error, first_seen: { ...error.first_seen, release: null } }, now);
    expect(facts.map((fact) => [fact.label, fact.text])).toEqual([
      ['Occurrences', '2 events'],
      ['Users affected', '1 user'],
      ['First seen', '2026-11-20 21:50:00 UTC, no release given'],
      ['Last seen', '15 minutes ago'],
      ['Status', 'open'],
      ['Latest event', 'error, user ada'],
    ]);
  });
});
