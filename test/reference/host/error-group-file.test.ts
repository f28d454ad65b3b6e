/**
 * Error groups past a project's bound in memory live on disk in the data directory's archive: they are still
 * listed, found by id, changed and found again by their events, retention applies to them, and 100,000
 * distinct fingerprints sent over HTTP keep the heap under a fixed bound while any of them (first, middle,
 * last) can be fetched and its status changed, before and after a restart.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { createErrorStore } from '../../../src/reference/errors/error-store.ts';
import { MAX_ERROR_GROUPS_PER_PROJECT, RETENTION_MS } from '../../../src/reference/errors/ingestion-limits.ts';
import { type ErrorGroupFile, openErrorGroupFile } from '../../../src/reference/host/error-group-file.ts';
import { loadSqlite } from '../../../src/reference/host/sqlite.ts';
import { groupEvent, NOW } from '../errors/group-events.ts';
import { scratchDir, startDurable } from './durable-host.ts';

const removals: (() => void)[] = [];
const files: ErrorGroupFile[] = [];
afterAll(() => {
  for (const file of files) file.close();
  for (const remove of removals) remove();
});

/** An event of its own group, with the user given (or none). */
const event = (group: number, at: number = NOW, serial = 0, user?: string): ErrorEvent => {
  const { user: _sdkUser, ...rest } = groupEvent(group, at, serial);
  return user ? { ...rest, user: { id: user } } : rest;
};

async function archive(): Promise<ErrorGroupFile> {
  const { dir, remove } = scratchDir('sunset-groups-');
  removals.push(remove);
  const file = openErrorGroupFile(dir, await loadSqlite());
  files.push(file);
  return file;
}

describe('error groups on disk', () => {
  it('keeps the group let go in the archive: found by id, by its key and by its event ids, with the same id', async () => {
    const file = await archive();
    const store = createErrorStore(RETENTION_MS, 2, file);
    expect(store.archives).toBe(true);
    const a = store.record(1, event(1, NOW, 0, 'ann'));
    store.record(1, event(1, NOW + 1, 1, 'bob'));
    store.record(1, event(2));
    expect(file.groups()).toBe(0);
    // A third group: the least recently used (a) goes to disk, whole.
    store.record(1, event(3));
    expect(store.groupCount(1)).toBe(2);
    expect(store.evicted()).toBe(1);
    expect(file.groups()).toBe(1);
    expect(file.occurrences()).toBe(2);
    expect(store.size()).toBe(4);
    expect(store.hasEvent(1, event(1, NOW, 1).eventId)).toBe(true);
    expect(store.hasEvent(2, event(1, NOW, 1).eventId)).toBe(false);
    expect(store.list(1).map((record) => record.id)).toEqual([1, 2, 3]);
    // Asked for, it comes back with its occurrences and users, and the least recently used goes in its place.
    const back = store.get(1, a.id);
    expect(back?.occurrences).toHaveLength(2);
    expect(back?.users.size).toBe(2);
    expect(file.groups()).toBe(1);
    expect(store.get(2, a.id)).toBeUndefined();
    // An event of a group on disk joins it rather than starting a new one.
    const two = store.record(1, event(2, NOW + 2, 1));
    expect(two.id).toBe(2);
    expect(two.occurrences).toHaveLength(2);
    const next = store.record(1, event(4));
    expect(next.id).toBe(4);
  });

  it('lists every group, in memory or on disk, by the list query, in parts', async () => {
    const file = await archive();
    const store = createErrorStore(RETENTION_MS, 3, file);
    for (let group = 1; group <= 10; group++) store.record(1, event(group, NOW + group));
    const parts = [...store.parts(1, 4)];
    expect(parts.flat().map((record) => record.id)).toEqual([8, 9, 10, 1, 2, 3, 4, 5, 6, 7]);
    expect(parts.map((part) => part.length)).toEqual([3, 4, 3]);
    // Reading parts leaves every group where it was.
    expect(file.groups()).toBe(7);
  });

  it('applies retention on disk: at the cutoff an occurrence goes, one ms before it stays', async () => {
    const file = await archive();
    const store = createErrorStore(RETENTION_MS, 1, file);
    store.record(1, event(1, NOW - RETENTION_MS));
    store.record(1, event(1, NOW + 10, 1));
    store.record(1, event(2, NOW - RETENTION_MS + 5));
    store.record(1, event(3, NOW));
    expect(file.groups()).toBe(2);
    expect(store.purge(NOW - 1)).toBe(0);
    expect(store.purge(NOW)).toBe(1);
    expect(file.groups()).toBe(2);
    expect(store.get(1, 1)?.occurrences.map((occurrence) => occurrence.time)).toEqual([NOW + 10]);
    expect(store.hasEvent(1, event(1, NOW - RETENTION_MS).eventId)).toBe(false);
    expect(store.purge(NOW + 5)).toBe(1);
    expect(store.get(1, 2)).toBeUndefined();
    expect(store.size()).toBe(2);
  });

  it('sweeps retention on disk a thousand groups at a time, and serves nothing past it meanwhile', async () => {
    const file = await archive();
    const store = createErrorStore(RETENTION_MS, 1, file);
    for (let group = 1; group <= 1201; group++) store.record(1, event(group, NOW - RETENTION_MS));
    const kept = store.record(1, event(5000, NOW));
    expect(file.groups()).toBe(1201);
    expect(store.purge(NOW)).toBe(1000);
    expect(file.groups()).toBe(201);
    // What the sweep has not reached is past retention all the same: not listed, and its event ids not known.
    expect(store.list(1).map((record) => record.id)).toEqual([kept.id]);
    for (const group of [1, 600, 1201]) expect(store.hasEvent(1, event(group, NOW - RETENTION_MS).eventId)).toBe(false);
    expect(store.purge(NOW)).toBe(201);
    expect(file.groups()).toBe(0);
    expect(store.purge(NOW)).toBe(0);
    expect(store.size()).toBe(1);
  });
});

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token' };
const GROUPS = 100_000;
/** Events per envelope: the most one envelope may carry. */
const PER_ENVELOPE = 100;

/** An envelope of `PER_ENVELOPE` events, each of its own fingerprint. */
function envelope(first: number): string {
  const lines: string[] = ['{}'];
  for (let group = first; group < first + PER_ENVELOPE; group++) {
    lines.push('{"type":"event"}');
    lines.push(
      JSON.stringify({
        event_id: group.toString(16).padStart(32, '0'),
        message: `DiskError${group} failed`,
        fingerprint: [`fp-${group}`],
        exception: { values: [{ type: 'TypeError', value: `Cannot read item${group}` }] },
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('100,000 distinct fingerprints over HTTP on a data directory', () => {
  it(`keeps the heap under 96 MiB (${MAX_ERROR_GROUPS_PER_PROJECT} groups in memory), and serves every group before and after a restart`, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { dir, remove } = scratchDir('sunset-groups-http-');
    removals.push(remove);
    let server = await startDurable(dir);
    const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
      method: 'POST',
      headers: MAINTAINER,
    });
    const key = ((await created.json()) as { public_key: string }).public_key;
    gc();
    const before = process.memoryUsage().heapUsed;
    const ingest = `${server.url}/api/v4/error_tracking/collector/api/1/envelope/?sentry_key=${key}`;
    for (let first = 0; first < GROUPS; first += PER_ENVELOPE * 4) {
      const statuses = await Promise.all(
        [0, 1, 2, 3].map(async (offset) => {
          const response = await fetch(ingest, { method: 'POST', body: envelope(first + offset * PER_ENVELOPE) });
          await response.text();
          return response.status;
        }),
      );
      expect(statuses).toEqual([200, 200, 200, 200]);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    const errors = server.reference.errors.state.errors;
    console.log(
      `${GROUPS} distinct fingerprints over HTTP: heap grew ${(grown / 2 ** 20).toFixed(1)} MiB, ${errors.groupCount(1)} groups in memory, ${errors.evicted()} let go to disk`,
    );
    expect(errors.groupCount(1)).toBe(MAX_ERROR_GROUPS_PER_PROJECT);
    expect(errors.size()).toBe(GROUPS);
    expect(grown).toBeLessThan(96 * 2 ** 20);

    const errorsOf = (running: typeof server) => `${running.url}/api/v4/projects/1/error_tracking/errors`;
    const base = errorsOf(server);
    // Groups are numbered in the order their first events came: 1 is the first fingerprint, 100,000 the last.
    const picks = [1, GROUPS / 2, GROUPS];
    const get = async (id: number) => {
      const response = await fetch(`${errorsOf(server)}/${id}`, { headers: MAINTAINER });
      return { status: response.status, body: (await response.json()) as { id: number; title: string; status: string } };
    };
    for (const id of picks) {
      const found = await get(id);
      expect(found.status).toBe(200);
      expect(found.body.title).toContain(`item${id - 1}`);
    }
    const put = await fetch(`${base}/${picks[0]}`, {
      method: 'PUT',
      headers: { ...MAINTAINER, 'content-type': 'application/json' },
      body: '{"status":"resolved"}',
    });
    expect(put.status).toBe(200);
    // Push group 1 back to disk with new groups, then find it by the list's search and by id.
    const more = await fetch(ingest, { method: 'POST', body: envelope(GROUPS) });
    expect(more.status).toBe(200);
    const listed = await fetch(`${base}?status=resolved&search=DiskError0%20failed`, { headers: MAINTAINER });
    expect(((await listed.json()) as { id: number }[]).map((error) => error.id)).toEqual([1]);
    const middle = await fetch(`${base}?status=all&search=DiskError49999%20failed`, { headers: MAINTAINER });
    expect(((await middle.json()) as { id: number }[]).map((error) => error.id)).toEqual([GROUPS / 2]);
    // An event of a group on disk joins it.
    const again = await fetch(ingest, {
      method: 'POST',
      body: `{}\n{"type":"event"}\n${JSON.stringify({ message: 'DiskError49999 failed', fingerprint: ['fp-49999'] })}\n`,
    });
    expect(again.status).toBe(200);

    await server.close();
    const started = performance.now();
    server = await startDurable(dir);
    console.log(`restart replaying ${GROUPS + PER_ENVELOPE + 1} events: ${Math.round(performance.now() - started)} ms`);
    const restarted = await get(picks[0] as number);
    expect(restarted.body.status).toBe('resolved');
    const detail = await fetch(`${errorsOf(server)}/${GROUPS / 2}`, { headers: MAINTAINER });
    expect(((await detail.json()) as { occurrences: number }).occurrences).toBe(2);
    const last = await fetch(`${errorsOf(server)}/${GROUPS}`, {
      method: 'PUT',
      headers: { ...MAINTAINER, 'content-type': 'application/json' },
      body: '{"status":"ignored"}',
    });
    expect(last.status).toBe(200);
    expect(((await last.json()) as { status: string }).status).toBe('ignored');
    // An id never given is 404, saying that groups past memory are on disk (so this one is not anywhere).
    const missing = await fetch(`${errorsOf(server)}/${GROUPS * 2}`, { headers: MAINTAINER });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(
      /past the 10000 a project holds in memory are kept in the data directory and still found/,
    );
    expect(server.reference.errors.state.errors.groupCount(1)).toBe(MAX_ERROR_GROUPS_PER_PROJECT);
    expect(server.reference.errors.state.errors.size()).toBe(GROUPS + PER_ENVELOPE + 1);
    await server.close();
  }, 300_000);
});
