import { describe, expect, it } from 'vitest';
import type { IngestRequest } from '../../../src/reference/errors/ingest.ts';
import { createHarness, DAY, envelopeText, exceptionEvent } from './harness.ts';

const EVENT_ID = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

async function setup() {
  const harness = createHarness('2025-03-10T12:30:00Z');
  const key = await harness.createKey();
  const ingest = (lines: unknown[], overrides: Partial<IngestRequest> = {}) =>
    harness.reference.errors.ingest({
      kind: 'envelope',
      projectId: '1',
      headers: new Headers(),
      query: new URLSearchParams({ sentry_key: key.public_key }),
      body: new TextEncoder().encode(envelopeText(lines)),
      clientAddress: '192.0.2.1',
      ...overrides,
    });
  return { ...harness, key, ingest, state: harness.reference.errors.state };
}

describe('ingestion', () => {
  it('stores events, records sessions and skips every other item type', async () => {
    const { ingest, state } = await setup();
    const attachment = 'binary\n\u0000data';
    const result = await ingest([
      { event_id: EVENT_ID, sent_at: '2025-03-10T12:30:00Z' },
      { type: 'event' },
      exceptionEvent('TypeError', 'handler'),
      { type: 'session' },
      { sid: 's1', status: 'exited', started: '2025-03-10T12:00:00Z' },
      { type: 'sessions' },
      { aggregates: [{ started: '2025-03-10T12:00:00Z', exited: 2, crashed: 1 }] },
      { type: 'transaction' },
      { type: 'transaction', spans: [] },
      { type: 'attachment', length: new TextEncoder().encode(attachment).length, filename: 'a.bin' },
      attachment,
      { type: 'client_report' },
      { discarded_events: [] },
      { type: 'profile' },
      { profile: {} },
      { type: 'check_in' },
      { check_in_id: 'c', status: 'ok' },
      { type: 'user_report' },
      { comments: 'it broke' },
      { type: 'replay_video' },
      'not even json',
    ]);
    expect(result).toEqual({ status: 200, body: { id: EVENT_ID } });
    expect(state.errors.size()).toBe(1);
    expect(state.errors.list(1)[0]?.latest.eventId).toBe(EVENT_ID);
    expect(state.sessions.summary(1)).toMatchObject({ total: 4, exited: 3, crashed: 1 });
  });

  it('replies with the event id of a store request and of an envelope without a header id', async () => {
    const { ingest, key } = await setup();
    const store = await ingest([], {
      kind: 'store',
      body: new TextEncoder().encode(JSON.stringify({ event_id: EVENT_ID, message: 'hi' })),
      query: new URLSearchParams({ sentry_key: key.public_key }),
    });
    expect(store).toEqual({ status: 200, body: { id: EVENT_ID } });
    const envelope = await ingest([{}, { type: 'event' }, { event_id: 'b'.repeat(32), message: 'hi' }]);
    expect(envelope.body).toEqual({ id: 'b'.repeat(32) });
  });

  it('stores nothing when any item of the envelope is bad', async () => {
    const { ingest, state } = await setup();
    const result = await ingest([
      { event_id: EVENT_ID },
      { type: 'event' },
      exceptionEvent('TypeError', 'handler'),
      { type: 'session' },
      { sid: 's1', status: 'exited' },
      { type: 'event' },
      { exception: { values: [{ stacktrace: { frames: 'none' } }] } },
    ]);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      message: 'envelope item 3 (event): event.exception.values[0].stacktrace.frames must be an array; got "none"',
    });
    expect(state.errors.size()).toBe(0);
    expect(state.sessions.summary(1).total).toBe(0);
  });

  it('names the item whose JSON is broken', async () => {
    const { ingest } = await setup();
    const result = await ingest([{}, { type: 'event' }, '{"message": "cut']);
    expect(result.status).toBe(400);
    expect((result.body as { message: string }).message).toMatch(/^envelope item 1 \(event\): the event is not valid JSON/);
  });

  it('acknowledges events already past 90-day retention without keeping them', async () => {
    const { ingest, state, clock } = await setup();
    const old = new Date(clock.now() - 90 * DAY).toISOString();
    const result = await ingest([{}, { type: 'event' }, { event_id: EVENT_ID, message: 'old', timestamp: old }]);
    expect(result.status).toBe(200);
    expect(state.errors.size()).toBe(0);
  });

  it('refuses a project id that is not a number with a 404', async () => {
    const { ingest } = await setup();
    expect((await ingest([{}], { projectId: 'app' })).status).toBe(404);
  });
});

describe('de-duplication by event id', () => {
  const withId = (id: string, type = 'TypeError') => ({ ...exceptionEvent(type, 'handler'), event_id: id });
  const occurrences = (state: Awaited<ReturnType<typeof setup>>['state'], projectId = 1) =>
    state.errors.list(projectId).flatMap((record) => record.occurrences.map((occurrence) => occurrence.eventId));

  it('keeps an event sent again with the same id once, and answers both with its id', async () => {
    const { ingest, state } = await setup();
    const first = await ingest([{}, { type: 'event' }, withId(EVENT_ID)]);
    const again = await ingest([{}, { type: 'event' }, withId(EVENT_ID)]);
    expect(first).toEqual({ status: 200, body: { id: EVENT_ID } });
    expect(again).toEqual({ status: 200, body: { id: EVENT_ID } });
    expect(occurrences(state)).toEqual([EVENT_ID]);
  });

  it('keeps an id once within one envelope, and a different id beside it', async () => {
    const { ingest, state } = await setup();
    const other = 'b'.repeat(32);
    await ingest([
      {},
      { type: 'event' },
      withId(EVENT_ID),
      { type: 'event' },
      withId(EVENT_ID),
      { type: 'event' },
      withId(other),
    ]);
    expect(occurrences(state).sort()).toEqual([EVENT_ID, other]);
  });

  it('still records the sessions of an envelope whose event was a duplicate', async () => {
    const { ingest, state } = await setup();
    await ingest([{}, { type: 'event' }, withId(EVENT_ID)]);
    await ingest([{}, { type: 'event' }, withId(EVENT_ID), { type: 'session' }, { sid: 's9', status: 'exited' }]);
    expect(occurrences(state)).toEqual([EVENT_ID]);
    expect(state.sessions.summary(1).exited).toBe(1);
  });

  it('takes the same id again once its occurrence has passed retention', async () => {
    const { ingest, state, clock } = await setup();
    await ingest([{}, { type: 'event' }, withId(EVENT_ID)]);
    clock.advance(91 * DAY);
    await ingest([{}, { type: 'event' }, withId(EVENT_ID)]);
    expect(occurrences(state)).toEqual([EVENT_ID]);
    expect(state.errors.list(1)[0]?.occurrences[0]?.time).toBe(clock.now());
  });
});
