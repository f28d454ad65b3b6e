/**
 * Over real HTTP: ids are canonical decimals, a client-sent X-Forwarded-For counts only behind a trusted
 * proxy, and an issue created from a hostile error keeps the error's text inert.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpHost, startHost } from './http-host.ts';

let hosts: HttpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  hosts = [];
});
async function host(trustProxy = 0): Promise<HttpHost> {
  const started = await startHost({}, { trustProxy });
  hosts.push(started);
  return started;
}

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };

async function dsnKey(base: string): Promise<{ id: number; public_key: string }> {
  const response = await fetch(`${base}/api/v4/projects/1/error_tracking/client_keys`, { method: 'POST', headers: MAINTAINER });
  return (await response.json()) as { id: number; public_key: string };
}

/** Sends one error event from the "user" at `forwardedFor`, with the address filled in by the server. */
function sendError(base: string, key: string, forwardedFor: string, event: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${base}/api/v4/error_tracking/collector/api/1/store/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': `Sentry sentry_key=${key}`, 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({
      platform: 'node',
      user: { ip_address: '{{auto}}' },
      exception: {
        values: [{ type: 'TypeError', value: 'boom', stacktrace: { frames: [{ function: 'f', filename: 'a.js' }] } }],
      },
      ...event,
    }),
  });
}

async function errorsOf(base: string): Promise<{ id: number; users_affected: number }[]> {
  const response = await fetch(`${base}/api/v4/projects/1/error_tracking/errors`, { headers: MAINTAINER });
  return (await response.json()) as { id: number; users_affected: number }[];
}

describe('canonical ids', () => {
  it('answers 404 for project, key and error ids in any spelling but canonical decimal', async () => {
    const { base } = await host();
    const key = await dsnKey(base);
    expect((await sendError(base, key.public_key, '1.1.1.1')).status).toBe(200);
    const [error] = await errorsOf(base);
    for (const spelling of ['01', '1e0', '0x1', '1.0', '+1', ' 1']) {
      const project = await fetch(`${base}/api/v4/projects/${encodeURIComponent(spelling)}/error_tracking/errors`, {
        headers: MAINTAINER,
      });
      expect(project.status, spelling).toBe(404);
      const errorPath = `${base}/api/v4/projects/1/error_tracking/errors/${encodeURIComponent(spelling.replace('1', String(error?.id)))}`;
      expect((await fetch(errorPath, { headers: MAINTAINER })).status, spelling).toBe(404);
      const store = await fetch(`${base}/api/v4/error_tracking/collector/api/${encodeURIComponent(spelling)}/store/`, {
        method: 'POST',
        headers: { 'X-Sentry-Auth': `Sentry sentry_key=${key.public_key}` },
        body: '{}',
      });
      expect(store.status, spelling).toBe(404);
    }
    const keyPath = (id: string) => `${base}/api/v4/projects/1/error_tracking/client_keys/${id}`;
    expect((await fetch(keyPath(`0${key.id}`), { method: 'DELETE', headers: MAINTAINER })).status).toBe(404);
    expect((await fetch(keyPath(String(key.id)), { method: 'DELETE', headers: MAINTAINER })).status).toBe(204);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored unless the host trusts a proxy: users are counted by the socket address', async () => {
    for (const [trustProxy, users] of [
      [0, 1],
      [1, 3],
    ] as const) {
      const { base } = await host(trustProxy);
      const key = await dsnKey(base);
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        expect((await sendError(base, key.public_key, address)).status).toBe(200);
      const [error] = await errorsOf(base);
      expect(error?.users_affected, `trustProxy ${trustProxy}`).toBe(users);
    }
  });
});

describe('create issue', () => {
  it('keeps Markdown links and raw HTML from an error out of the issue description', async () => {
    const { base } = await host();
    const key = await dsnKey(base);
    const hostile = {
      culprit: '<img src=x onerror=alert(1)>',
      exception: {
        values: [
          {
            type: '[x](javascript:alert(1))',
            value: '<img src=x onerror=alert(2)>',
            stacktrace: { frames: [{ function: 'f' }] },
          },
        ],
      },
    };
    expect((await sendError(base, key.public_key, '1.1.1.1', hostile)).status).toBe(200);
    const [error] = await errorsOf(base);
    const created = await fetch(`${base}/api/v4/projects/1/error_tracking/errors/${error?.id}/issue`, {
      method: 'POST',
      headers: MAINTAINER,
    });
    expect(created.status).toBe(201);
    const { description } = (await created.json()) as { description: string };
    const outside = description.split('```')[0] ?? '';
    expect(outside).toContain('\\[x\\]\\(javascript:alert\\(1\\)\\)');
    expect(outside).not.toMatch(/<img|\]\(javascript/);
    expect(outside).toContain('&lt;img src=x onerror=alert\\(');
  });
});
