import { describe, expect, it } from 'vitest';
import { RETENTION_MS } from '../../../src/reference/errors/ingestion-limits.ts';
import { createSessionStore, readSession, readSessionAggregates } from '../../../src/reference/errors/sessions.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('sessions', () => {
  it('keeps the latest state of each session and adds aggregates', () => {
    const store = createSessionStore();
    store.record(1, readSession({ sid: 's1', init: true, status: 'ok', started: '2025-03-10T11:00:00Z' }, NOW, 'session'));
    store.record(1, readSession({ sid: 's1', status: 'crashed', started: '2025-03-10T11:00:00Z' }, NOW, 'session'));
    store.record(1, readSession({ sid: 's2', status: 'exited' }, NOW, 'session'));
    for (const update of readSessionAggregates(
      { aggregates: [{ started: '2025-03-10T11:00:00Z', exited: 5, errored: 2 }, { crashed: 1 }], attrs: { release: 'r1' } },
      NOW,
      'sessions',
    )) {
      store.record(1, update);
    }
    expect(store.summary(1)).toEqual({ total: 10, ok: 0, exited: 6, errored: 2, crashed: 2, abnormal: 0 });
    expect(store.summary(2).total).toBe(0);
  });

  it('drops sessions started 90 days ago', () => {
    const store = createSessionStore();
    store.record(1, readSession({ sid: 's1', status: 'exited' }, NOW, 'session'));
    store.purge(NOW + RETENTION_MS - 1);
    expect(store.summary(1).total).toBe(1);
    store.purge(NOW + RETENTION_MS);
    expect(store.summary(1).total).toBe(0);
  });

  it('rejects malformed updates with the field path', () => {
    const message = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        if (error instanceof ApiError) return error.message;
      }
      return 'accepted';
    };
    expect(message(() => readSession({ status: 'ok' }, NOW, 'session'))).toBe('session.sid is missing; a session needs its id');
    expect(message(() => readSession({ sid: 'x', status: 'done' }, NOW, 'session'))).toMatch(
      /^session\.status must be one of ok/,
    );
    expect(message(() => readSessionAggregates({}, NOW, 'sessions'))).toMatch(/^sessions\.aggregates is missing/);
    expect(message(() => readSessionAggregates({ aggregates: [{ exited: -1 }] }, NOW, 'sessions'))).toBe(
      'sessions.aggregates[0].exited must be a whole number; got -1',
    );
  });
});
