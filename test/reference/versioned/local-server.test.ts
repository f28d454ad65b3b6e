import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference } from '../../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../../src/reference/server.ts';
import { entryLink, theRegister } from './harness.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  // A clock that stands still keeps the whole rate-limit test inside one window.
  const clock = manualClock('2025-06-02T09:00:00Z');
  server = createReferenceServer(createReference({ register: await theRegister(), clock }).handlers);
  base = await listen(server, 0);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const headers = (release: string, token = 'demo-admin-token') => ({ 'PRIVATE-TOKEN': token, 'X-Platform-Release': release });

describe('the versioned endpoints over real HTTP', () => {
  it('serves ci/lint with deprecation headers in 17.0 and the 400 in 18.0', async () => {
    const url = `${base}/api/v4/projects/1/ci/lint?ref=main&sha=abc`;
    const before = await fetch(url, { headers: headers('17.0') });
    expect(before.status).toBe(200);
    expect(before.headers.get('sunset')).toBe('Thu, 15 May 2025 00:00:00 GMT');
    expect(before.headers.get('link')).toBe(entryLink('ci-lint-ref-and-sha-blocked'));
    const after = await fetch(url, { headers: headers('18.0') });
    expect(after.status).toBe(400);
    expect((await after.json()).message).toMatch(/use content_ref and dry_run_ref/);
  });

  it('serves POST /api/v4/runners with a form body, as curl --form sends it', async () => {
    const form = new FormData();
    form.set('token', 'demo-registration-token');
    const before = await fetch(`${base}/api/v4/runners`, {
      method: 'POST',
      body: form,
      headers: { 'X-Platform-Release': '17.0' },
    });
    expect(before.status).toBe(201);
    expect(before.headers.get('deprecation')).toMatch(/^@\d+$/);
    const after = await fetch(`${base}/api/v4/runners`, {
      method: 'POST',
      body: form,
      headers: { 'X-Platform-Release': '18.0' },
    });
    expect(after.status).toBe(410);
  });

  it('serves the reset endpoints with 410 in 18.0', async () => {
    for (const path of ['/api/v4/runners/reset_registration_token', '/api/v4/groups/10/runners/reset_registration_token']) {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: headers('18.0') });
      expect(response.status, path).toBe(410);
    }
  });

  it('answers 429 with rate-limit headers once the 18.0 limit is used up', async () => {
    const register = await theRegister();
    const rule = register.entry('rate-limits-on-by-default')?.enforcement?.[0];
    const requests = rule?.kind === 'rate-limit' ? rule.requests : Number.NaN;
    const url = `${base}/api/v4/projects/1/ci/lint?content_ref=main`;
    for (let index = 0; index < requests; index += 1) {
      expect((await fetch(url, { headers: headers('18.0', 'demo-read-token') })).status).toBe(200);
    }
    const over = await fetch(url, { headers: headers('18.0', 'demo-read-token') });
    expect(over.status).toBe(429);
    expect(over.headers.get('ratelimit-limit')).toBe(String(requests));
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    const window = rule?.kind === 'rate-limit' ? String(rule.window_seconds) : '';
    expect(over.headers.get('retry-after')).toBe(window);
    expect(over.headers.get('ratelimit-reset')).toBe(window);
  });
});
