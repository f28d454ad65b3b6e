import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { createErrorStore } from '../../../src/reference/errors/error-store.ts';
import { RETENTION_MS } from '../../../src/reference/errors/ingestion-limits.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';

const event = (timestamp: number, overrides: Partial<ErrorEvent> = {}): ErrorEvent => ({
  eventId: timestamp.toString(16).padStart(32, '0'),
  timestamp,
  receivedAt: timestamp,
  platform: 'node',
  level: 'error',
  exceptions: [{ type: 'TypeError', value: 'boom', frames: [{ function: 'f', module: 'm' }] }],
  ...overrides,
});

describe('error store', () => {
  it('counts occurrences and distinct users by id, username, e-mail or address', () => {
    const store = createErrorStore();
    const users = [{ id: '1' }, { id: '1', email: 'a@x' }, { username: 'bo' }, { email: 'c@x' }, { ip_address: '10.0.0.1' }, {}];
    const records = users.map((user, index) => store.record(1, event(index, { user })));
    const record = records[0];
    expect(records.every((each) => each === record)).toBe(true);
    expect(record?.occurrences).toHaveLength(6);
    expect(record?.users.size).toBe(4);
  });

  it('keeps errors of different projects apart', () => {
    const store = createErrorStore();
    const a = store.record(1, event(0));
    const b = store.record(2, event(0));
    expect(a.id).not.toBe(b.id);
    expect(store.get(2, a.id)).toBeUndefined();
    expect(store.list(1)).toEqual([a]);
  });

  it('keeps the latest event (by time) for the stack trace, even when events arrive out of order', () => {
    const store = createErrorStore();
    store.record(1, event(200, { release: 'late' }));
    const record = store.record(1, event(100, { release: 'early' }));
    expect(record.latest.release).toBe('late');
    expect(record.occurrences.map((occurrence) => occurrence.time)).toEqual([100, 200]);
  });

  it('reopens a resolved error on a new occurrence, but leaves an ignored one', () => {
    const store = createErrorStore();
    const record = store.record(1, event(0));
    record.status = 'resolved';
    store.record(1, event(1));
    expect(record.status).toBe('open');
    record.status = 'ignored';
    store.record(1, event(2));
    expect(record.status).toBe('ignored');
  });

  it('drops occurrences once they are 90 days old, and errors left without any', () => {
    const clock = manualClock('2025-01-01T00:00:00Z');
    const store = createErrorStore();
    const start = clock.now();
    const old = store.record(1, event(start, { user: { id: 'early' } }));
    store.record(1, event(start + 1000, { user: { id: 'later' } }));
    const other = store.record(1, event(start, { exceptions: [{ type: 'RangeError', frames: [] }] }));

    clock.set(start + RETENTION_MS - 1);
    expect(store.purge(clock.now())).toBe(0);
    expect(store.size()).toBe(3);

    clock.set(start + RETENTION_MS);
    expect(store.purge(clock.now())).toBe(2);
    expect(old.occurrences.map((occurrence) => occurrence.time)).toEqual([start + 1000]);
    expect([...old.users.keys()]).toEqual(['id:later']);
    expect(store.get(1, other.id)).toBeUndefined();
    expect(store.get(1, old.id)).toBe(old);

    clock.advance(1000);
    store.purge(clock.now());
    expect(store.get(1, old.id)).toBeUndefined();
    expect(store.size()).toBe(0);
  });
});
