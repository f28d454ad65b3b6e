/**
 * Times no `Date` can hold are refused at ingestion with a 400 naming the field, over real HTTP against a
 * server on a data directory, so the next start loads everything the server acknowledged: the 78-byte
 * envelope that once made a directory unloadable, the session forms of the same time, and the last second a
 * `Date` holds (equal: accepted), and the one after it (crossing: refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { scratchDir, startDurable } from './durable-host.ts';

let server: RunningServer;
let dir: string;
let remove: () => void;
let key = '';
beforeAll(async () => {
  ({ dir, remove } = scratchDir('sunset-times-'));
  server = await startDurable(dir);
  const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  });
  key = ((await created.json()) as { public_key: string }).public_key;
});
afterAll(async () => {
  await server.close();
  remove();
});

async function envelope(type: string, payload: unknown): Promise<{ status: number; message: string }> {
  const response = await fetch(`${server.url}/api/v4/error_tracking/collector/api/1/envelope/?sentry_key=${key}`, {
    method: 'POST',
    body: `{}\n{"type":"${type}"}\n${JSON.stringify(payload)}\n`,
  });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message ?? '' };
}

describe('times past what a Date holds', () => {
  it('refuses the aggregate started in milliseconds instead of seconds, naming the field', async () => {
    const body = '{}\n{"type":"sessions"}\n{"aggregates":[{"started":10000000000000,"exited":1}]}\n';
    expect(Buffer.byteLength(body)).toBeLessThan(80);
    const response = await fetch(`${server.url}/api/v4/error_tracking/collector/api/1/envelope/?sentry_key=${key}`, {
      method: 'POST',
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^envelope item 1 \(sessions\): sessions\.aggregates\[0\]\.started is 10000000000000 seconds since the epoch, past the year 275760/,
    );
  });

  it.each([1e13, '99999999999999', 1e306, '1e400', 8.640000000001e12])('refuses a session started at %s', async (started) => {
    const answer = await envelope('session', { sid: 'a', started });
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^envelope item 1 \(session\): session\.started is /);
  });

  it('accepts the last second a Date holds, and the next start loads it with nothing quarantined', async () => {
    expect((await envelope('session', { sid: 'last', started: 8.64e12, status: 'exited' })).status).toBe(200);
    expect((await envelope('session', { sid: 'last-text', started: '8640000000000', status: 'exited' })).status).toBe(200);
    expect((await envelope('event', { message: 'at the end of time', timestamp: 8.64e12 })).status).toBe(200);
    const before = server.reference.errors.state.sessions.summary(1);
    await server.close();
    server = await startDurable(dir);
    expect(server.notices).toEqual([]);
    expect(server.reference.errors.state.sessions.summary(1)).toEqual(before);
    expect(before.exited).toBe(2);
  });
});
