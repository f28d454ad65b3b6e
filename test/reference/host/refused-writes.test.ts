/**
 * A write the data directory refuses (another connection holds its write lock) is answered 503 with
 * `Retry-After` and leaves no trace: not in memory, not on disk, not in the usage count. One request of each
 * kind the module keeps, over real HTTP, each checked live and after a restart; a retry once the lock is gone
 * is kept once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { holdWriteLock, scratchDir, startDurable } from './durable-host.ts';

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };
const KEYS = '/api/v4/projects/1/error_tracking/client_keys';
const ERRORS = '/api/v4/projects/1/error_tracking/errors';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function world() {
  const { dir, remove } = scratchDir('sunset-refused-');
  let server = await startDurable(dir);
  cleanup.push(remove, () => server.close());
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = MAINTAINER) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json };
  };
  return {
    dir,
    call,
    get server(): RunningServer {
      return server;
    },
    async restart() {
      await server.close();
      server = await startDurable(dir);
    },
  };
}

/** Sends an error event with the key; resolves with the answer's status. */
const sendError = (call: Awaited<ReturnType<typeof world>>['call'], publicKey: string, type: string) =>
  call('POST', '/api/v4/error_tracking/collector/api/1/store/', JSON.stringify({ exception: { values: [{ type }] } }), {
    'X-Sentry-Auth': `Sentry sentry_key=${publicKey}`,
  });

const refusedMessage =
  /^503 Service Unavailable: the reference could not write to \S+reference\.sqlite \(.*locked.*\); nothing of this request was kept/;

describe('a write the data directory refuses', () => {
  it('creates no key and deletes none: the key listed is the one that works, before and after a restart', async () => {
    const { dir, call, restart } = await world();
    const kept = (await call('POST', KEYS)).json as { id: number; public_key: string };
    const lock = await holdWriteLock(dir);
    const created = await call('POST', KEYS);
    expect(created.status).toBe(503);
    expect(created.retryAfter).toBe('1');
    expect(created.json.message).toMatch(refusedMessage);
    const deleted = await call('DELETE', `${KEYS}/${kept.id}`);
    expect(deleted.status).toBe(503);
    lock.release();
    for (const when of ['live', 'after a restart']) {
      if (when !== 'live') await restart();
      expect(
        (await call('GET', KEYS)).json.map((key: { id: number }) => key.id),
        when,
      ).toEqual([kept.id]);
      expect((await sendError(call, kept.public_key, `Still${when.length}`)).status, when).toBe(200);
    }
    // The delete sent again takes effect, and stays after a restart.
    expect((await call('DELETE', `${KEYS}/${kept.id}`)).status).toBe(204);
    await restart();
    expect((await call('GET', KEYS)).json).toEqual([]);
    expect((await sendError(call, kept.public_key, 'AfterDelete')).status).toBe(401);
  });

  it('creates no issue, changes no status and no setting; a retry creates the issue once', async () => {
    const { dir, call, restart, server } = await world();
    const key = (await call('POST', KEYS)).json as { public_key: string };
    expect((await sendError(call, key.public_key, 'LockedError')).status).toBe(200);
    const [error] = (await call('GET', ERRORS)).json as { id: number }[];
    const lock = await holdWriteLock(dir);
    for (const [method, path, body] of [
      ['POST', `${ERRORS}/${error?.id}/issue`, undefined],
      ['PUT', `${ERRORS}/${error?.id}`, { status: 'resolved' }],
      ['PATCH', '/api/v4/projects/2/error_tracking/settings', { active: true }],
      ['PUT', '/api/v4/projects/1/product_analytics/settings', { collector_host: 'https://refused.example.com' }],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.retryAfter).toBe('1');
    }
    expect(server.reference.errors.state.issues.all()).toEqual([]);
    lock.release();
    const expectUnchanged = async (when: string) => {
      const details = (await call('GET', `${ERRORS}/${error?.id}`)).json;
      expect(details.status, when).toBe('open');
      expect(details.issue_iid, when).toBeNull();
      expect((await call('GET', '/api/v4/projects/2/error_tracking/settings')).json.active, when).toBe(false);
      expect((await call('GET', '/api/v4/projects/1/product_analytics/settings')).json.collector_host, when).toBeNull();
    };
    await expectUnchanged('live');
    await restart();
    await expectUnchanged('after a restart');
    expect((await call('POST', `${ERRORS}/${error?.id}/issue`)).status).toBe(201);
    expect((await call('POST', `${ERRORS}/${error?.id}/issue`)).status).toBe(200);
    await restart();
    expect((await call('GET', `${ERRORS}/${error?.id}`)).json.issue_iid).toBe(1);
  });

  it('keeps no event, envelope or batch and counts no usage', async () => {
    const { dir, call, restart } = await world();
    const key = (await call('POST', KEYS)).json as { public_key: string };
    const usage = async () =>
      (await call('GET', '/api/v4/groups/10/product_analytics/usage_quota?months=1')).json.months[0].total_events as number;
    const batch = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array.from({ length: 7 }, () => ({ e: 'pv', aid: 'demo-app', url: 'https://shop.example.com/refused' })),
    });
    const lock = await holdWriteLock(dir);
    expect((await sendError(call, key.public_key, 'RefusedError')).status).toBe(503);
    const envelope = await call(
      'POST',
      '/api/v4/error_tracking/collector/api/1/envelope/',
      '{}\n{"type":"event"}\n{"message":"refused envelope"}\n',
      { 'X-Sentry-Auth': `Sentry sentry_key=${key.public_key}` },
    );
    expect(envelope.status).toBe(503);
    expect(envelope.retryAfter).toBe('1');
    const collected = await call('POST', '/com.snowplowanalytics.snowplow/tp2', batch, {});
    expect(collected.status).toBe(503);
    expect(collected.retryAfter).toBe('1');
    lock.release();
    for (const when of ['live', 'after a restart']) {
      if (when !== 'live') await restart();
      expect((await call('GET', `${ERRORS}?status=all`)).json, when).toEqual([]);
      expect(await usage(), when).toBe(0);
    }
    expect((await call('POST', '/com.snowplowanalytics.snowplow/tp2', batch, {})).status).toBe(200);
    await restart();
    expect(await usage()).toBe(7);
  });
});
