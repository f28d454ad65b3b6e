/**
 * Crash consistency of `--data-dir`, as a property over random histories. Each history drives a local server
 * over real HTTP with random writes of every kind (client keys created and deleted, store and envelope events,
 * collector batches, error statuses, create issue, error-tracking and analytics settings), sent in concurrent
 * bursts, while a second connection takes and releases the database's write lock at random moments, and the
 * server is killed at random points of a burst (after some of its answers, with the rest in flight) and
 * restarted on the same directory. At the end, live and again after a restart, it asserts: every
 * acknowledged item is there exactly once; nothing answered 503 (or otherwise refused) is there; a request
 * whose answer was lost to the kill is there once or not at all, and an event whose answer was lost is sent
 * again with the same event id once the server is back (as an SDK retries) and is then there exactly once;
 * usage equals the events stored; no deleted
 * key is accepted; an error has at most one issue.
 *
 * The kill stops the server between two turns of its event loop: sockets are dropped, and the database is
 * closed so nothing in flight can write afterwards. A write is one synchronous SQLite transaction, so any point
 * a real SIGKILL could land on leaves the file as one of these does (SQLite's atomic commit covers a kill
 * inside the transaction); `data-dir.test.ts` kills a real process with SIGKILL. Histories start without the
 * sample, so a start takes milliseconds and 200 histories run in CI.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { holdWriteLock, scratchDir, startDurable } from './durable-host.ts';

/** Histories per run; `CRASH_RUNS` changes it for a longer search, `CRASH_SHRINK=1` shrinks a failure. */
const RUNS = Number(process.env.CRASH_RUNS ?? 200);
const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };
const STATUSES = ['open', 'resolved', 'ignored'] as const;

type Op =
  | { kind: 'createKey' }
  | { kind: 'deleteKey'; pick: number }
  | { kind: 'event'; pick: number; envelope: boolean }
  | { kind: 'batch'; size: number }
  | { kind: 'status'; pick: number; status: (typeof STATUSES)[number] }
  | { kind: 'issue'; pick: number }
  | { kind: 'tracking'; active: boolean }
  | { kind: 'collectorHost'; pick: number };
type Step = { kind: 'lock' } | { kind: 'unlock' } | { kind: 'burst'; ops: Op[]; killAfter: number | undefined };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'createKey' as const }), weight: 3 },
  { arbitrary: fc.nat(9).map((pick) => ({ kind: 'deleteKey' as const, pick })), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('event' as const), pick: fc.nat(9), envelope: fc.boolean() }), weight: 4 },
  { arbitrary: fc.integer({ min: 1, max: 5 }).map((size) => ({ kind: 'batch' as const, size })), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('status' as const), pick: fc.nat(9), status: fc.constantFrom(...STATUSES) }),
    weight: 2,
  },
  { arbitrary: fc.nat(9).map((pick) => ({ kind: 'issue' as const, pick })), weight: 2 },
  { arbitrary: fc.boolean().map((active) => ({ kind: 'tracking' as const, active })), weight: 1 },
  { arbitrary: fc.nat(3).map((pick) => ({ kind: 'collectorHost' as const, pick })), weight: 1 },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'lock' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'unlock' as const }), weight: 1 },
  {
    arbitrary: fc.array(op, { minLength: 1, maxLength: 4 }).chain((ops) =>
      fc.record({
        kind: fc.constant('burst' as const),
        ops: fc.constant(ops),
        killAfter: fc.option(fc.integer({ min: 0, max: ops.length }), { freq: 3, nil: undefined }),
      }),
    ),
    weight: 5,
  },
);

/** What a request's answer says happened: kept, refused (nothing kept), or unknown (no answer: the server was killed). */
type Outcome = 'kept' | 'refused' | 'unknown';

/** What the history expects: each item with the outcomes it may have. */
class Model {
  /** Keys by id: kept (must be listed), gone (must not be, and must be refused), maybe (either). */
  keys = new Map<number, { publicKey: string; state: 'kept' | 'gone' | 'maybe' }>();
  /** Creates whose answer was lost: at most that many unknown keys may be listed. */
  lostCreates = 0;
  /** Event markers and what happened to each. */
  events = new Map<string, Outcome>();
  /** Events whose answer the kill lost, to send again (same event id) once the server is back, as an SDK does. */
  unanswered: { marker: string; send: () => Promise<number | undefined> }[] = [];
  /** Batch paths, their sizes and what happened to each. */
  batches = new Map<string, { size: number; outcome: Outcome }>();
  /** Error ids by event marker, once seen in the list. */
  errorIds = new Map<string, number>();
  /** Statuses each error may have. */
  statuses = new Map<number, Set<string>>();
  /** Issues: an error that must have one, or may. */
  issues = new Map<number, 'kept' | 'maybe'>();
  tracking = new Set<boolean>([false]);
  /** Lost answers retried to a definite answer, and those the retry could not settle. */
  retried = 0;
  retriedUnknown = 0;
  /** Where the server answers now (it moves to a new port on every restart). */
  base = '';
  collectorHosts = new Set<string | null>([null]);
  serial = 0;

  liveKeys(): { id: number; publicKey: string }[] {
    return [...this.keys].filter(([, key]) => key.state !== 'gone').map(([id, key]) => ({ id, publicKey: key.publicKey }));
  }
}

const outcomeOf = (status: number | undefined, kept: readonly number[]): Outcome =>
  status === undefined ? 'unknown' : kept.includes(status) ? 'kept' : 'refused';

/** One write, sent to `base`; resolves with the answer's status (undefined when no answer came) and body. */
async function send(base: string, method: string, path: string, init: RequestInit = {}) {
  try {
    const response = await fetch(`${base}${path}`, { method, ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status >= 500 && response.status !== 503) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (error) {
    if ((error as Error).message.includes(': 5')) throw error;
    return { status: undefined, body: {} };
  }
}

const keyPath = '/api/v4/projects/1/error_tracking/client_keys';

/** Sends one op and records in the model what its answer allows. */
async function run(base: string, model: Model, operation: Op): Promise<void> {
  const live = model.liveKeys();
  switch (operation.kind) {
    case 'createKey': {
      const { status, body } = await send(base, 'POST', keyPath, { headers: MAINTAINER });
      if (status === 201) model.keys.set(body.id as number, { publicKey: body.public_key as string, state: 'kept' });
      else if (status === undefined) model.lostCreates += 1;
      else expect(status).toBe(503);
      return;
    }
    case 'deleteKey': {
      const key = live[operation.pick % Math.max(1, live.length)];
      const id = key?.id ?? 999;
      const { status } = await send(base, 'DELETE', `${keyPath}/${id}`, { headers: MAINTAINER });
      const known = model.keys.get(id);
      if (status === 204 && known) known.state = 'gone';
      else if (status === undefined && known && known.state === 'kept') known.state = 'maybe';
      else if (status !== undefined) expect([204, 404, 503]).toContain(status);
      return;
    }
    case 'event': {
      const key = live[operation.pick % Math.max(1, live.length)];
      const marker = `Crash${model.serial++}Error`;
      const eventId = crypto.randomUUID().replaceAll('-', '');
      const event = JSON.stringify({ event_id: eventId, exception: { values: [{ type: marker, value: 'kept or not' }] } });
      const auth = { 'X-Sentry-Auth': `Sentry sentry_key=${key?.publicKey ?? 'none'}` };
      const post = async (to: string) =>
        (operation.envelope
          ? await send(to, 'POST', '/api/v4/error_tracking/collector/api/1/envelope/', {
              headers: auth,
              body: `{"event_id":"${eventId}"}\n{"type":"event"}\n${event}\n`,
            })
          : await send(to, 'POST', '/api/v4/error_tracking/collector/api/1/store/', { headers: auth, body: event })
        ).status;
      const status = await post(base);
      model.events.set(marker, outcomeOf(status, [200]));
      if (status === undefined) model.unanswered.push({ marker, send: () => post(model.base) });
      return;
    }
    case 'batch': {
      const path = `/batch-${model.serial++}`;
      const data = Array.from({ length: operation.size }, () => ({
        e: 'pv',
        aid: 'demo-app',
        url: `https://shop.example.com${path}`,
      }));
      const { status } = await send(base, 'POST', '/com.snowplowanalytics.snowplow/tp2', {
        body: JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data }),
      });
      model.batches.set(path, { size: operation.size, outcome: outcomeOf(status, [200]) });
      return;
    }
    case 'status': {
      const ids = [...model.errorIds.values()];
      const id = ids[operation.pick % Math.max(1, ids.length)] ?? 999;
      const { status } = await send(base, 'PUT', `/api/v4/projects/1/error_tracking/errors/${id}`, {
        headers: MAINTAINER,
        body: JSON.stringify({ status: operation.status }),
      });
      const possible = model.statuses.get(id);
      if (!possible) return;
      if (status === 200) model.statuses.set(id, new Set([operation.status]));
      else if (status === undefined) possible.add(operation.status);
      else expect(status).toBe(503);
      return;
    }
    case 'issue': {
      const ids = [...model.errorIds.values()];
      const id = ids[operation.pick % Math.max(1, ids.length)] ?? 999;
      const { status } = await send(base, 'POST', `/api/v4/projects/1/error_tracking/errors/${id}/issue`, {
        headers: MAINTAINER,
      });
      if (!model.statuses.has(id)) return;
      if (status === 201 || status === 200) model.issues.set(id, 'kept');
      else if (status === undefined && !model.issues.has(id)) model.issues.set(id, 'maybe');
      else if (status !== undefined) expect(status).toBe(503);
      return;
    }
    case 'tracking': {
      const { status } = await send(base, 'PATCH', '/api/v4/projects/2/error_tracking/settings', {
        headers: MAINTAINER,
        body: JSON.stringify({ active: operation.active }),
      });
      if (status === 200) model.tracking = new Set([operation.active]);
      else if (status === undefined) model.tracking.add(operation.active);
      else expect(status).toBe(503);
      return;
    }
    case 'collectorHost': {
      const host = `https://c${operation.pick}.example.com`;
      const { status } = await send(base, 'PUT', '/api/v4/projects/1/product_analytics/settings', {
        headers: MAINTAINER,
        body: JSON.stringify({ collector_host: host }),
      });
      if (status === 200) model.collectorHosts = new Set([host]);
      else if (status === undefined) model.collectorHosts.add(host);
      else expect(status).toBe(503);
    }
  }
}

/**
 * Sends again, with the same event id, each event whose answer the kill lost: with de-duplication by event id
 * the retry's answer is the truth (200: kept exactly once, whether the first try was; 503: not kept by either).
 * An answer that says neither (the key was deleted meanwhile) leaves it unknown, as an SDK would drop it.
 */
async function retryUnanswered(model: Model): Promise<void> {
  for (const { marker, send: again } of model.unanswered.splice(0)) {
    const status = await again();
    if (status === 200) model.events.set(marker, 'kept');
    else if (status === 503) model.events.set(marker, 'refused');
    else if (status !== undefined) model.retriedUnknown += 1;
    if (status === 200 || status === 503) model.retried += 1;
  }
}

async function read<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: MAINTAINER, ...init });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

interface ErrorRow {
  id: number;
  type: string | null;
  status: string;
  occurrences: number;
  issue_iid: number | null;
}

/** Learns the ids of errors whose events were kept, so later ops can change their status or create issues. */
async function learnErrors(base: string, model: Model): Promise<void> {
  const errors = await read<ErrorRow[]>(base, '/api/v4/projects/1/error_tracking/errors?status=all&limit=100');
  for (const error of errors) {
    if (!error.type || model.errorIds.has(error.type)) continue;
    model.errorIds.set(error.type, error.id);
    model.statuses.set(error.id, new Set(['open']));
  }
}

/** Asserts the invariants against what the server at `base` holds. */
async function check(server: RunningServer, model: Model, where: string): Promise<void> {
  const base = server.url;
  const listed = await read<{ id: number; public_key: string }[]>(base, keyPath);
  const listedIds = new Set(listed.map((key) => key.id));
  for (const [id, key] of model.keys) {
    if (key.state === 'kept') expect(listedIds.has(id), `${where}: key ${id} kept`).toBe(true);
    if (key.state === 'gone') expect(listedIds.has(id), `${where}: key ${id} deleted`).toBe(false);
  }
  const unknown = listed.filter((key) => !model.keys.has(key.id));
  expect(unknown.length, `${where}: keys nobody was told of`).toBeLessThanOrEqual(model.lostCreates);

  const errors = await read<ErrorRow[]>(base, '/api/v4/projects/1/error_tracking/errors?status=all&limit=100');
  const byType = new Map(errors.map((error) => [error.type, error]));
  for (const [marker, outcome] of model.events) {
    const error = byType.get(marker);
    if (outcome === 'kept') expect(error?.occurrences, `${where}: ${marker} kept once`).toBe(1);
    if (outcome === 'refused') expect(error, `${where}: ${marker} refused`).toBeUndefined();
    if (outcome === 'unknown') expect([undefined, 1]).toContain(error?.occurrences);
  }
  for (const [id, possible] of model.statuses) {
    const error = errors.find((candidate) => candidate.id === id);
    expect(possible.has(error?.status ?? 'missing'), `${where}: status of error ${id}`).toBe(true);
    const issue = model.issues.get(id);
    if (issue === 'kept') expect(error?.issue_iid, `${where}: issue of error ${id}`).not.toBeNull();
    if (issue === undefined) expect(error?.issue_iid, `${where}: no issue for error ${id}`).toBeNull();
  }
  // One issue per error, whatever was retried.
  const issues = server.reference.errors.state.issues.all();
  expect(new Set(issues.map((issue) => issue.error_id)).size, `${where}: issues per error`).toBe(issues.length);

  const query = await read<{ data: Record<string, string>[] }>(base, '/api/v4/projects/1/product_analytics/request/load', {
    method: 'POST',
    body: JSON.stringify({ query: { measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], limit: 1000 } }),
  });
  const stored = new Map(query.data.map((row) => [row['TrackedEvents.docPath'], Number(row['TrackedEvents.count'])]));
  for (const [path, batch] of model.batches) {
    const count = stored.get(path) ?? 0;
    if (batch.outcome === 'kept') expect(count, `${where}: batch ${path} kept whole`).toBe(batch.size);
    if (batch.outcome === 'refused') expect(count, `${where}: batch ${path} refused`).toBe(0);
    if (batch.outcome === 'unknown') expect([0, batch.size]).toContain(count);
  }
  const quota = await read<{ months: { projects: { id: number; events: number }[] }[] }>(
    base,
    '/api/v4/groups/10/product_analytics/usage_quota?months=2',
  );
  const usage = quota.months.reduce((sum, month) => sum + (month.projects.find((p) => p.id === 1)?.events ?? 0), 0);
  expect(usage, `${where}: usage counts the events stored`).toBe([...stored.values()].reduce((sum, n) => sum + n, 0));

  const tracking = await read<{ active: boolean }>(base, '/api/v4/projects/2/error_tracking/settings');
  expect(model.tracking.has(tracking.active), `${where}: tracking setting`).toBe(true);
  const settings = await read<{ collector_host: string | null }>(base, '/api/v4/projects/1/product_analytics/settings');
  expect(model.collectorHosts.has(settings.collector_host), `${where}: collector host`).toBe(true);

  for (const [id, key] of model.keys) {
    if (key.state !== 'gone') continue;
    const refused = await fetch(`${base}/api/v4/error_tracking/collector/api/1/store/`, {
      method: 'POST',
      headers: { 'X-Sentry-Auth': `Sentry sentry_key=${key.publicKey}` },
      body: '{"message":"from a deleted key"}',
    });
    expect(refused.status, `${where}: deleted key ${id} refused`).toBe(401);
  }
}

const scratch: (() => void)[] = [];
afterAll(() => {
  for (const remove of scratch) remove();
});

describe('--data-dir under random writes, a held write lock and kills', () => {
  it(`keeps exactly what it acknowledged, over ${RUNS} random histories`, async () => {
    let kills = 0;
    let retried = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (history) => {
        const { dir, remove } = scratchDir('sunset-crash-');
        scratch.push(remove);
        const model = new Model();
        let server = await startDurable(dir);
        model.base = server.url;
        let lock: { release(): void } | undefined;
        try {
          for (const current of history) {
            if (current.kind === 'lock') lock ??= await holdWriteLock(dir);
            else if (current.kind === 'unlock') {
              lock?.release();
              lock = undefined;
            } else {
              let answered = 0;
              let killNow: () => void = () => {};
              const killed = new Promise<void>((resolve) => {
                killNow = resolve;
              });
              const running = current.ops.map((operation) =>
                run(server.url, model, operation).finally(() => {
                  answered += 1;
                  if (answered === current.killAfter) killNow();
                }),
              );
              if (current.killAfter === 0) killNow();
              if (current.killAfter !== undefined) {
                await killed;
                await server.close();
                kills += 1;
              }
              await Promise.all(running);
              if (current.killAfter !== undefined) {
                server = await startDurable(dir);
                model.base = server.url;
                await retryUnanswered(model);
              } else await learnErrors(server.url, model);
            }
          }
          lock?.release();
          lock = undefined;
          retried += model.retried;
          refusals += [...model.events.values(), ...[...model.batches.values()].map((batch) => batch.outcome)].filter(
            (outcome) => outcome === 'refused',
          ).length;
          await check(server, model, 'live');
          await server.close();
          server = await startDurable(dir);
          await check(server, model, 'after a restart');
        } finally {
          lock?.release();
          await server.close();
          remove();
        }
      }),
      { numRuns: RUNS, endOnFailure: process.env.CRASH_SHRINK === undefined },
    );
    console.log(
      `crash consistency: ${RUNS} histories, ${kills} kills, ${refusals} writes refused and not kept, ${retried} events whose answer a kill lost sent again and found exactly once`,
    );
    expect(retried).toBeGreaterThan(0);
    expect(kills).toBeGreaterThan(RUNS / 4);
    expect(refusals).toBeGreaterThan(0);
  }, 300_000);
});
