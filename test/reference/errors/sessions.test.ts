import { describe, expect, it } from 'vitest';
import { RETENTION_MS } from '../../../src/reference/errors/ingestion-limits.ts';
import {
  createSessionStore,
  readSession,
  readSessionAggregates,
  SESSION_LIMITS,
} from '../../../src/reference/errors/sessions.ts';
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

describe('session fields past their limits', () => {
  it('cuts a release once per item and marks the cut on every aggregate row', () => {
    const release = 'r'.repeat(44_000);
    const rows = readSessionAggregates({ aggregates: [{ exited: 1 }, { crashed: 2 }], attrs: { release } }, NOW, 'sessions');
    for (const row of rows) {
      expect(row.release).toHaveLength(SESSION_LIMITS.release);
      expect(row.release?.endsWith('...')).toBe(true);
      expect(row.trimmed).toEqual({ release: 44_000 });
    }
    // One string shared by the rows, not one copy each.
    expect(rows[0]?.release).toBe(rows[1]?.release);
  });

  it('keeps a release at its limit whole, and cuts one a character longer', () => {
    const at = readSession({ sid: 's', attrs: { release: 'x'.repeat(SESSION_LIMITS.release) } }, NOW, 'session');
    expect(at.release).toHaveLength(SESSION_LIMITS.release);
    expect(at.trimmed).toBeUndefined();
    const past = readSession({ sid: 's', attrs: { release: 'x'.repeat(SESSION_LIMITS.release + 1) } }, NOW, 'session');
    expect(past.release).toMatch(/\.\.\.$/);
    expect(past.trimmed).toEqual({ release: SESSION_LIMITS.release + 1 });
  });

  it('cuts a session id past its limit and marks it, even without a release', () => {
    const update = readSession({ sid: 'i'.repeat(5000), status: 'exited' }, NOW, 'session');
    expect(update.kind === 'session' && update.sid).toHaveLength(SESSION_LIMITS.sid);
    expect(update.trimmed).toEqual({ sid: 5000 });
    expect(update.release).toBeUndefined();
    const at = readSession({ sid: 'i'.repeat(SESSION_LIMITS.sid) }, NOW, 'session');
    expect(at.trimmed).toBeUndefined();
  });
});
