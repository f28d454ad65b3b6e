import { describe, expect, it } from 'vitest';
import type { ErrorDetails, ErrorSummary } from '../../../src/reference/errors/error-views.ts';
import { BASE, createHarness, DAY, exceptionEvent, HOUR } from './harness.ts';

const ERRORS = '/api/v4/projects/1/error_tracking/errors';

async function setup() {
  const harness = createHarness('2025-03-10T12:30:00Z');
  const key = await harness.createKey();
  const send = (event: unknown) => harness.sendEvent(key.public_key, event);
  return { ...harness, key, send };
}

describe('errors list endpoint', () => {
  it('lists open errors with occurrences and users, and pages through Link', async () => {
    const { send, call, getJson } = await setup();
    for (const fn of ['a', 'b', 'c', 'd', 'e']) await send(exceptionEvent('TypeError', fn, 'app', { user: { id: fn } }));
    await send(exceptionEvent('TypeError', 'a', 'app', { user: { id: 'z' } }));

    const seen: ErrorSummary[] = [];
    let path: string | undefined = `${ERRORS}?limit=2&sort=frequency`;
    while (path) {
      const response = await call('GET', path, { token: 'demo-read-token' });
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as ErrorSummary[]));
      const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
      path = next?.slice(BASE.length);
    }
    expect(seen.map((error) => error.culprit)).toEqual(['a in app', 'e in app', 'd in app', 'c in app', 'b in app']);
    expect(seen[0]).toMatchObject({ occurrences: 2, users_affected: 2, status: 'open' });
    expect((await getJson<ErrorSummary[]>(`${ERRORS}?search=D%20IN`)).map((error) => error.culprit)).toEqual(['d in app']);
  });

  it('answers bad parameters with a 400 and a message', async () => {
    const { call } = await setup();
    const response = await call('GET', `${ERRORS}?limit=500`, { token: 'demo-read-token' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('limit must be a whole number from 1 to 100; got "500"');
  });

  it('needs a token that can see the project', async () => {
    const { call } = await setup();
    expect((await call('GET', ERRORS)).status).toBe(401);
    expect((await call('GET', '/api/v4/projects/99/error_tracking/errors', { token: 'demo-read-token' })).status).toBe(404);
  });
});

describe('error details endpoint', () => {
  it('shows the spec items, with last seen held until the hour is complete and 24 hourly counts', async () => {
    const { send, getJson, clock } = await setup();
    await send(exceptionEvent('TypeError', 'f', 'app', { release: 'abc123', user: { id: 'u1' } }));
    clock.advance(20 * 60_000);
    await send(exceptionEvent('TypeError', 'f', 'app', { release: 'def456', user: { username: 'u2' } }));
    clock.set('2025-03-10T12:55:00Z');

    const before = await getJson<ErrorDetails>(`${ERRORS}/1`);
    expect(before).toMatchObject({
      occurrences: 2,
      users_affected: 2,
      first_seen: { at: '2025-03-10T12:30:00.000Z', release: 'abc123' },
      last_seen: '2025-03-10T12:30:00.000Z',
    });
    expect(before.frequency).toHaveLength(24);
    expect(before.frequency.at(-1)).toEqual({ hour: '2025-03-10T12:00:00.000Z', count: 2 });
    expect(before.stack_trace[0]?.frames.at(-1)).toMatchObject({ function: 'f', module: 'app', lineno: 10 });

    clock.set('2025-03-10T13:00:00Z');
    const after = await getJson<ErrorDetails>(`${ERRORS}/1`);
    expect(after.last_seen).toBe('2025-03-10T12:50:00.000Z');
    expect(after.frequency.at(-2)).toEqual({ hour: '2025-03-10T12:00:00.000Z', count: 2 });
  });

  it('forgets an error 90 days after its last occurrence', async () => {
    const { send, call, clock } = await setup();
    await send(exceptionEvent('TypeError', 'f'));
    clock.advance(90 * DAY - 1);
    expect((await call('GET', `${ERRORS}/1`, { token: 'demo-read-token' })).status).toBe(200);
    clock.advance(1);
    const gone = await call('GET', `${ERRORS}/1`, { token: 'demo-read-token' });
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toMatch(
      /no error 1 \(it may be past 90-day retention; this reference keeps errors in memory only \(in the browser, or a local server started without --data-dir\), so past 10000 error groups in a project the least recently used is let go for good; a local server started with --data-dir keeps every group\)/,
    );
  });
});

describe('error status (reference design)', () => {
  it('resolves and ignores errors, which leave the default list', async () => {
    const { send, call, getJson } = await setup();
    await send(exceptionEvent('TypeError', 'f'));
    await send(exceptionEvent('RangeError', 'g'));
    const token = 'demo-developer-token';
    const resolved = await call('PUT', `${ERRORS}/1`, { token, body: JSON.stringify({ status: 'resolved' }) });
    expect(resolved.status).toBe(200);
    expect((await resolved.json()).status).toBe('resolved');
    await call('PUT', `${ERRORS}/2`, { token, body: JSON.stringify({ status: 'ignored' }) });
    expect(await getJson(ERRORS)).toEqual([]);
    expect((await getJson<ErrorSummary[]>(`${ERRORS}?status=ignored`)).map((error) => error.id)).toEqual([2]);
    await send(exceptionEvent('TypeError', 'f'));
    expect((await getJson<ErrorSummary[]>(ERRORS)).map((error) => error.id)).toEqual([1]);
  });

  it('rejects unknown statuses and read-only tokens', async () => {
    const { send, call } = await setup();
    await send(exceptionEvent('TypeError', 'f'));
    const bad = await call('PUT', `${ERRORS}/1`, { token: 'demo-developer-token', body: JSON.stringify({ status: 'closed' }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('status must be one of open, resolved, ignored; got "closed"');
    expect((await call('PUT', `${ERRORS}/1`, { token: 'demo-read-token', body: '{"status":"open"}' })).status).toBe(403);
  });
});

describe('create issue', () => {
  it('creates an issue whose description holds the stack trace, once per error', async () => {
    const { send, call, clock } = await setup();
    await send(exceptionEvent('TypeError', 'checkout', 'shop', { release: 'abc123' }));
    clock.advance(HOUR);
    const created = await call('POST', `${ERRORS}/1/issue`, { token: 'demo-developer-token' });
    expect(created.status).toBe(201);
    const issue = await created.json();
    expect(issue).toMatchObject({
      iid: 1,
      project_id: 1,
      error_id: 1,
      state: 'opened',
      title: 'Error: TypeError: TypeError in checkout',
      web_url: 'http://localhost:8787/demo-group/demo-app/-/issues/1',
    });
    expect(issue.description).toContain(
      '```\nTypeError: TypeError in checkout\n  at checkout (shop.js:10:3)\n  at main (main.js:1)\n```',
    );
    expect(issue.description).toContain('(commit abc123)');

    const again = await call('POST', `${ERRORS}/1/issue`, { token: 'demo-developer-token' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(issue);
    const details = await (await call('GET', `${ERRORS}/1`, { token: 'demo-read-token' })).json();
    expect(details.issue_iid).toBe(1);
  });

  it('answers 404 for an unknown error and 403 for a read-only token', async () => {
    const { call, send } = await setup();
    expect((await call('POST', `${ERRORS}/5/issue`, { token: 'demo-developer-token' })).status).toBe(404);
    await send(exceptionEvent('TypeError', 'f'));
    expect((await call('POST', `${ERRORS}/1/issue`, { token: 'demo-read-token' })).status).toBe(403);
  });
});
