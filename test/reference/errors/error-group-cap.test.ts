/**
 * Error groups per project are bounded in memory: past the bound the group used least recently is let go with
 * its occurrences and event ids, retention still applies, and 100,000 distinct fingerprints keep the heap under
 * a fixed bound. In-process: the HTTP path adds nothing to what the store holds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { replayErrorJournal } from '../../../src/reference/errors/error-journal.ts';
import type { ErrorJournalEntry } from '../../../src/reference/errors/error-journal-entry.ts';
import { createErrorStore } from '../../../src/reference/errors/error-store.ts';
import { MAX_ERROR_GROUPS_PER_PROJECT, RETENTION_MS } from '../../../src/reference/errors/ingestion-limits.ts';
import { createErrorTrackingState } from '../../../src/reference/errors/state.ts';
import { memoryStateStore, type StateStore } from '../../../src/reference/platform/state-store.ts';
import { groupEvent as event, NOW } from './group-events.ts';
import { createHarness } from './harness.ts';

describe('error groups per project', () => {
  it('holds exactly the bound without letting any go, and lets the least recently used go one past it', () => {
    const store = createErrorStore(RETENTION_MS, 3);
    expect(store.maxGroups).toBe(3);
    const [a, b, c] = [1, 2, 3].map((group) => store.record(1, event(group)));
    expect(store.groupCount(1)).toBe(3);
    expect(store.evicted()).toBe(0);
    // An event counts as use and a read does not (reads are not journaled, so a replay could not repeat them):
    // a gets an event and b is read, so b is the least recent.
    store.record(1, event(1, NOW, 1));
    expect(store.get(1, (b as { id: number }).id)).toBe(b);
    const d = store.record(1, event(4));
    expect(store.groupCount(1)).toBe(3);
    expect(store.evicted()).toBe(1);
    expect(store.get(1, (b as { id: number }).id)).toBeUndefined();
    expect(store.list(1).map((record) => record.id)).toEqual([a, c, d].map((record) => record?.id));
    expect(store.get(1, (c as { id: number }).id)).toBe(c);
    // b's occurrence and event id went with it; the others' stay.
    expect(store.size()).toBe(4);
    expect(store.hasEvent(1, event(2).eventId)).toBe(false);
    expect(store.hasEvent(1, event(1).eventId)).toBe(true);
    expect(store.hasEvent(1, event(1, NOW, 1).eventId)).toBe(true);
    // b's fingerprint again starts a new group with an id never given before.
    const again = store.record(1, event(2, NOW, 2));
    expect(again.id).toBeGreaterThan(d.id);
    expect(store.evicted()).toBe(2);
  });

  it('bounds each project on its own', () => {
    const store = createErrorStore(RETENTION_MS, 2);
    for (const group of [1, 2]) store.record(1, event(group));
    for (const group of [1, 2, 3]) store.record(2, event(group));
    expect(store.groupCount(1)).toBe(2);
    expect(store.groupCount(2)).toBe(2);
    expect(store.evicted()).toBe(1);
    expect(store.list(1)).toHaveLength(2);
  });

  it('still enforces retention on the groups it holds, and a purged group frees its place', () => {
    const store = createErrorStore(RETENTION_MS, 2);
    const old = store.record(1, event(1, NOW - RETENTION_MS));
    const kept = store.record(1, event(2, NOW));
    // At the cutoff itself the old occurrence is past retention (the cutoff is inclusive), one ms before it is not.
    expect(store.purge(NOW - 1)).toBe(0);
    expect(store.purge(NOW)).toBe(1);
    expect(store.get(1, old.id)).toBeUndefined();
    expect(store.groupCount(1)).toBe(1);
    store.record(1, event(3));
    expect(store.groupCount(1)).toBe(2);
    expect(store.evicted()).toBe(0);
    expect(store.get(1, kept.id)).toBe(kept);
  });

  it('lets go of the same groups, with the same ids and statuses, when a start replays the journal', async () => {
    const journal: ErrorJournalEntry[] = [];
    const memory = memoryStateStore();
    const store: StateStore = {
      ...memory,
      get: (key) => memory.get(key),
      keys: (prefix) => memory.keys(prefix),
      commit(change) {
        memory.commit(change);
        journal.push(...((change.journal ?? []) as ErrorJournalEntry[]));
      },
    };
    const harness = createHarness('2025-03-10T12:30:00Z', { store, maxErrorGroups: 3 });
    const key = await harness.createKey();
    let serial = 0;
    const send = async (group: number) => {
      serial += 1;
      const body = { event_id: serial.toString(16).padStart(32, '0'), message: `failure ${group}`, fingerprint: [`fp-${group}`] };
      expect((await harness.sendEvent(key.public_key, body)).status).toBe(200);
    };
    // 1, 2, 3, then 1 again; 4 lets 2 go, 5 lets 3 go, 2 again lets 1 go and is a new group with id 6.
    for (const group of [1, 2, 3, 1, 4, 5, 2]) await send(group);
    const errors = '/api/v4/projects/1/error_tracking/errors';
    const put = await harness.call('PUT', `${errors}/4`, { token: 'demo-maintainer-token', body: '{"status":"resolved"}' });
    expect(put.status).toBe(200);
    const live = harness.reference.errors.state.errors;
    const shape = (state: typeof live) =>
      state
        .list(1)
        .map((record) => ({ id: record.id, key: record.key, status: record.status, count: record.occurrences.length }));
    expect(shape(live).map((record) => record.id)).toEqual([4, 5, 6]);
    expect(live.evicted()).toBe(3);
    expect((await harness.call('GET', `${errors}/2`, { token: 'demo-read-token' })).status).toBe(404);

    const restarted = createErrorTrackingState(memoryStateStore(), undefined, RETENTION_MS, 3);
    replayErrorJournal(restarted, journal);
    expect(shape(restarted.errors)).toEqual(shape(live));
    expect(shape(restarted.errors)[0]?.status).toBe('resolved');
  });

  it(`keeps the heap under 96 MiB over 100,000 distinct fingerprints (bound ${MAX_ERROR_GROUPS_PER_PROJECT} groups)`, () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const store = createErrorStore();
    for (let group = 0; group < 100_000; group++) store.record(1, event(group));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    console.log(
      `100,000 distinct fingerprints: heap grew ${(grown / 2 ** 20).toFixed(1)} MiB, ${store.groupCount(1)} groups held`,
    );
    expect(store.groupCount(1)).toBe(MAX_ERROR_GROUPS_PER_PROJECT);
    expect(store.evicted()).toBe(100_000 - MAX_ERROR_GROUPS_PER_PROJECT);
    expect(store.size()).toBe(MAX_ERROR_GROUPS_PER_PROJECT);
    // The newest groups are the ones held.
    expect(store.hasEvent(1, event(99_999).eventId)).toBe(true);
    expect(store.hasEvent(1, event(0).eventId)).toBe(false);
    expect(grown).toBeLessThan(96 * 2 ** 20);
  });
});
