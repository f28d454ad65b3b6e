/**
 * Every bound on what a request can make the server keep, crossed over real HTTP: a body's size and
 * inflation once decompressed, each stored field of an error event (cut and marked, or not kept at all), the
 * events and session updates of an envelope, each stored field of a collector event and its cookie, a
 * collector request's stored bytes, and an issue description's length.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_EVENTS, PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { MAX_BATCH_STORED_BYTES, TRACKED_FIELD_LIMITS } from '../../../src/reference/analytics/collector/tracked-event-limits.ts';
import { EVENT_LIMITS } from '../../../src/reference/errors/event-trimming.ts';
import { MAX_ENVELOPE_EVENTS, MAX_SESSION_UPDATES } from '../../../src/reference/errors/ingestion-limits.ts';
import { MAX_ISSUE_DESCRIPTION } from '../../../src/reference/errors/issue-description.ts';
import { type HttpHost, startHost } from './http-host.ts';

const KEY = '0123456789abcdef0123456789abcdef';
const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };
const ERRORS = '/api/v4/projects/1/error_tracking/errors';
const TP2 = '/com.snowplowanalytics.snowplow/tp2';

let host: HttpHost;
beforeAll(async () => {
  host = await startHost();
  host.reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: KEY });
});
afterAll(() => host.close());

const envelope = (items: string[]) => `{}\n${items.join('\n')}\n`;
const eventItem = (event: unknown) => `{"type":"event"}\n${JSON.stringify(event)}`;
const ingest = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(`${host.base}/api/v4/error_tracking/collector/api/1/envelope/`, {
    method: 'POST',
    headers: { 'X-Sentry-Auth': `Sentry sentry_key=${KEY}`, ...headers },
    body,
  });

async function expect4xx(response: Response, status: number, message: RegExp): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect((JSON.parse(text) as { message: string }).message).toMatch(message);
}

/** The parts of an error's details these tests read. */
interface Details {
  latest_event: { message: string; release: string; user: { id: string }; trimmed?: Record<string, number> };
  stack_trace: { type: string; value: string; frames: { function: string; filename: string }[] }[];
}

async function detailsOf(type: string) {
  const list = (await (await fetch(`${host.base}${ERRORS}?search=${type}`, { headers: MAINTAINER })).json()) as { id: number }[];
  const response = await fetch(`${host.base}${ERRORS}/${list[0]?.id}`, { headers: MAINTAINER });
  return {
    id: list[0]?.id as number,
    text: await response.clone().text(),
    details: (await response.json()) as Details,
  };
}

describe('bodies once decompressed', () => {
  it('refuses a body larger than 4 MiB once decompressed', async () => {
    // Runs of four letters, `aaaa` or `bbbb` at random: compresses about ten times, so only the size limit applies.
    const coins = randomBytes(1.1 * 1024 * 1024);
    const letters = Buffer.alloc(4 * coins.length);
    for (let index = 0; index < letters.length; index++) letters[index] = 0x61 + ((coins[index >> 2] as number) & 1);
    const sent = gzipSync(letters, { level: 1 });
    expect(sent.length).toBeLessThan(1024 * 1024);
    await expect4xx(await ingest(sent, { 'Content-Encoding': 'gzip' }), 413, /larger than 4 MiB once decompressed/);
  });

  it('refuses a small body that inflates a thousandfold, as a 19 KB envelope of a 19 MiB message would', async () => {
    const bomb = gzipSync(envelope([eventItem({ message: 'x'.repeat(19 * 1024 * 1024) })]));
    expect(bomb.length).toBeLessThan(40 * 1024);
    await expect4xx(await ingest(bomb, { 'Content-Encoding': 'gzip' }), 413, /grows more than 100 times once decompressed/);
  });
});

describe('what an error event keeps', () => {
  it('cuts every stored field to its limit and marks it, and keeps no breadcrumbs, extra data, cookies or user agent', async () => {
    const long = (length: number, letter = 'y') => letter.repeat(length);
    const frames = Array.from({ length: 110 }, (_, index) => ({ function: `${long(260, 'f')}${index}`, filename: long(260) }));
    const exceptions = Array.from({ length: 12 }, (_, index) => ({
      type: `Cut${index}${long(300)}`,
      value: long(8300),
      stacktrace: { frames },
    }));
    const event = {
      message: long(10_000, 'm'),
      exception: { values: exceptions },
      release: long(300),
      environment: long(100),
      fingerprint: Array.from({ length: 30 }, (_, index) => `part${index}${long(300)}`),
      user: { id: long(200), email: long(200) },
      breadcrumbs: { values: Array.from({ length: 100 }, () => ({ message: long(200, 'b') })) },
      extra: { blob: long(20_000, 'e') },
      request: { cookies: long(20_000, 'c'), headers: { 'User-Agent': long(20_000, 'u') } },
    };
    const body = envelope([eventItem(event)]);
    expect(body.length).toBeLessThan(1024 * 1024);
    expect((await ingest(body)).status).toBe(200);
    const { text, details } = await detailsOf('Cut11');
    const latest = details.latest_event;
    expect(latest.message).toHaveLength(EVENT_LIMITS.message);
    expect(latest.message.endsWith('...')).toBe(true);
    expect(latest.release).toHaveLength(EVENT_LIMITS.release);
    expect(latest.user.id).toHaveLength(EVENT_LIMITS.userField);
    expect(details.stack_trace).toHaveLength(EVENT_LIMITS.exceptions);
    for (const exception of details.stack_trace) {
      expect(exception.type.length).toBeLessThanOrEqual(EVENT_LIMITS.symbol);
      expect(exception.value).toHaveLength(EVENT_LIMITS.exceptionValue);
      expect(exception.frames).toHaveLength(EVENT_LIMITS.framesPerException);
      for (const frame of exception.frames) {
        expect(frame.function.length).toBeLessThanOrEqual(EVENT_LIMITS.symbol);
        expect(frame.filename).toHaveLength(EVENT_LIMITS.path);
      }
    }
    // The oldest and newest frames are kept: where it started and where it crashed.
    expect(details.stack_trace[0]?.frames[0]?.function.endsWith('...')).toBe(true);
    // What was cut, and its size as sent, as Sentry's _meta records it.
    expect(latest.trimmed).toMatchObject({
      message: 10_000,
      exceptions: 12,
      'exceptions[0].frames': 110,
      'exceptions[0].value': 8300,
      release: 300,
      'user.id': 200,
      fingerprint: 30,
    });
    expect(text).not.toMatch(/bbbbbbbbbb|eeeeeeeeee|cccccccccc|uuuuuuuuuu/);
    expect(text.length).toBeLessThan(body.length);
  });

  it(`takes at most ${MAX_ENVELOPE_EVENTS} events and ${MAX_SESSION_UPDATES} session updates per envelope`, async () => {
    const events = (count: number) => Array.from({ length: count }, (_, index) => eventItem({ message: `many ${index}` }));
    expect((await ingest(envelope(events(MAX_ENVELOPE_EVENTS)))).status).toBe(200);
    await expect4xx(await ingest(envelope(events(MAX_ENVELOPE_EVENTS + 1))), 413, /at most 100 events and 1000 session updates/);
    const rows = (count: number) => JSON.stringify({ aggregates: Array.from({ length: count }, () => ({ exited: 1 })) });
    expect((await ingest(envelope([`{"type":"sessions"}\n${rows(MAX_SESSION_UPDATES)}`]))).status).toBe(200);
    await expect4xx(await ingest(envelope([`{"type":"sessions"}\n${rows(MAX_SESSION_UPDATES + 1)}`])), 413, /session updates/);
  });
});

describe('an issue description', () => {
  it(`is at most ${MAX_ISSUE_DESCRIPTION} characters, its stack trace cut with a note`, async () => {
    const frames = Array.from({ length: 100 }, (_, index) => ({
      function: `${'g'.repeat(250)}${index}`,
      filename: 'h'.repeat(250),
    }));
    const exceptions = Array.from({ length: 10 }, (_, index) => ({
      type: `Deep${index}`,
      value: 'deep',
      stacktrace: { frames },
    }));
    expect((await ingest(envelope([eventItem({ exception: { values: exceptions } })]))).status).toBe(200);
    const { id } = await detailsOf('Deep9');
    const created = await fetch(`${host.base}${ERRORS}/${id}/issue`, { method: 'POST', headers: MAINTAINER });
    expect(created.status).toBe(201);
    const { description } = (await created.json()) as { description: string };
    expect(description.length).toBeLessThanOrEqual(MAX_ISSUE_DESCRIPTION);
    expect(description.length).toBeGreaterThan(MAX_ISSUE_DESCRIPTION - 200);
    expect(description).toMatch(/\n\.\.\. \(the stack trace is cut here: \d+ more characters\)\n```$/);
  });
});

describe('what the collector keeps', () => {
  const post = (data: Record<string, string>[], headers: Record<string, string> = {}) =>
    fetch(`${host.base}${TP2}`, { method: 'POST', headers, body: JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data }) });

  it('cuts each stored field to its limit and marks it, keeps no user agent, and replaces a cookie far too long', async () => {
    const store = host.reference.analytics.state.store(1);
    const before = store.size;
    const answer = await post(
      [
        {
          e: 'pv',
          aid: 'demo-app',
          page: 'p'.repeat(5000),
          url: `https://shop.example.com/${'q'.repeat(4000)}`,
          ua: 'u'.repeat(10_000),
        },
      ],
      {
        cookie: `sp=${'c'.repeat(15 * 1024)}`,
      },
    );
    expect(answer.status).toBe(200);
    const fresh = /^sp=([^;]+);/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    const row = store.row(before);
    expect(row.pageTitle).toHaveLength(TRACKED_FIELD_LIMITS.pageTitle);
    expect(row.pageTitle?.endsWith('...')).toBe(true);
    expect(row.docPath).toHaveLength(TRACKED_FIELD_LIMITS.docPath);
    expect(row.userAnonymousId).toBe(fresh);
    expect(JSON.stringify(row)).not.toContain('uuuuuuuuuu');
  });

  it(`refuses a request whose events would store more than ${MAX_BATCH_STORED_BYTES} bytes`, async () => {
    const cookie = { cookie: `sp=${'k'.repeat(TRACKED_FIELD_LIMITS.userAnonymousId)}` };
    const batch = (pathLength: number) =>
      Array.from({ length: MAX_BATCH_EVENTS }, () => ({
        e: 'pv',
        aid: 'demo-app',
        url: `https://shop.example.com/${'p'.repeat(pathLength)}`,
      }));
    const store = host.reference.analytics.state.store(1);
    const before = store.size;
    await expect4xx(
      await post(batch(120), cookie),
      413,
      /would store \d+ bytes; the collector keeps at most 1048576 bytes per request/,
    );
    expect(store.size).toBe(before);
    expect((await post(batch(10), cookie)).status).toBe(200);
    expect(store.size).toBe(before + MAX_BATCH_EVENTS);
  });
});
