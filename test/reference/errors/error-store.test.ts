import fc from 'fast-check';
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

  it('keeps occurrences in time order, equal times in arrival order, however late each arrives', () => {
    fc.assert(
      fc.property(
        // Late by a few places (events sent together), by many (a retry much later), or on time; times repeat.
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 120 }),
        (times) => {
          const store = createErrorStore();
          let record: ReturnType<typeof store.record> | undefined;
          times.forEach((time, index) => {
            record = store.record(1, event(time, { eventId: index.toString(16).padStart(32, '0') }));
          });
          const arrived = times.map((time, index) => ({ time, index }));
          // A stable sort by time: equal times stay in the order they arrived.
          const expected = [...arrived].sort((a, b) => a.time - b.time).map(({ index }) => index.toString(16).padStart(32, '0'));
          expect(record?.occurrences.map((occurrence) => occurrence.eventId)).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 20261206 },
    );
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
