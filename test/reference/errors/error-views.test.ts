import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { createErrorStore } from '../../../src/reference/errors/error-store.ts';
import { details, hourlyCounts, lastSeenAt, summarize } from '../../../src/reference/errors/error-views.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';

const at = (text: string) => Date.parse(text);
const event = (time: string, overrides: Partial<ErrorEvent> = {}): ErrorEvent => ({
  eventId: 'e'.repeat(32),
  timestamp: at(time),
  receivedAt: at(time),
  platform: 'node',
  level: 'error',
  exceptions: [{ type: 'TypeError', value: 'boom', frames: [{ function: 'f', module: 'm', lineno: 3 }] }],
  ...overrides,
});

describe('last seen', () => {
  it('does not move until the current hour is complete', () => {
    const clock = manualClock('2025-03-10T10:05:00Z');
    const store = createErrorStore();
    const record = store.record(1, event('2025-03-10T09:40:00Z'));
    expect(new Date(lastSeenAt(record, clock.now())).toISOString()).toBe('2025-03-10T09:40:00.000Z');

    store.record(1, event('2025-03-10T10:10:00Z'));
    clock.set('2025-03-10T10:15:00Z');
    expect(new Date(lastSeenAt(record, clock.now())).toISOString()).toBe('2025-03-10T09:40:00.000Z');

    store.record(1, event('2025-03-10T10:50:00Z'));
    clock.set('2025-03-10T10:59:59.999Z');
    expect(new Date(lastSeenAt(record, clock.now())).toISOString()).toBe('2025-03-10T09:40:00.000Z');

    clock.set('2025-03-10T11:00:00Z');
    expect(new Date(lastSeenAt(record, clock.now())).toISOString()).toBe('2025-03-10T10:50:00.000Z');
  });

  it('shows the first occurrence of an error first seen in the current hour', () => {
    const store = createErrorStore();
    const record = store.record(1, event('2025-03-10T10:05:00Z'));
    store.record(1, event('2025-03-10T10:20:00Z'));
    expect(summarize(record, at('2025-03-10T10:30:00Z')).last_seen).toBe('2025-03-10T10:05:00.000Z');
    expect(summarize(record, at('2025-03-10T11:00:00Z')).last_seen).toBe('2025-03-10T10:20:00.000Z');
  });
});

describe('hourly counts', () => {
  it('gives 24 clock hours ending with the current one, oldest first', () => {
    const store = createErrorStore();
    const record = store.record(1, event('2025-03-09T10:59:59Z'));
    for (const time of ['2025-03-09T11:00:00Z', '2025-03-10T09:10:00Z', '2025-03-10T09:50:00Z', '2025-03-10T10:01:00Z']) {
      store.record(1, event(time));
    }
    const counts = hourlyCounts(record, at('2025-03-10T10:30:00Z'));
    expect(counts).toHaveLength(24);
    expect(counts[0]).toEqual({ hour: '2025-03-09T11:00:00.000Z', count: 1 });
    expect(counts[22]).toEqual({ hour: '2025-03-10T09:00:00.000Z', count: 2 });
    expect(counts[23]).toEqual({ hour: '2025-03-10T10:00:00.000Z', count: 1 });
    expect(counts.reduce((sum, bar) => sum + bar.count, 0)).toBe(4);
  });
});

describe('details', () => {
  it('shows occurrences, users, first seen with its commit, and the latest stack trace', () => {
    const store = createErrorStore();
    const record = store.record(1, event('2025-03-10T08:00:00Z', { release: 'abc123', user: { id: 'a' } }));
    store.record(
      1,
      event('2025-03-10T09:00:00Z', {
        release: 'def456',
        user: { email: 'b@example.com' },
        exceptions: [{ type: 'TypeError', value: 'newer', frames: [{ function: 'f', module: 'm', lineno: 99 }] }],
      }),
    );
    const view = details(record, at('2025-03-10T10:00:00Z'));
    expect(view).toMatchObject({
      occurrences: 2,
      users_affected: 2,
      first_seen: { at: '2025-03-10T08:00:00.000Z', release: 'abc123' },
      last_seen: '2025-03-10T09:00:00.000Z',
      status: 'open',
      title: 'TypeError: newer',
      latest_event: { release: 'def456', user: { email: 'b@example.com' } },
    });
    expect(view.stack_trace[0]?.frames).toEqual([{ function: 'f', module: 'm', lineno: 99 }]);
  });
});
