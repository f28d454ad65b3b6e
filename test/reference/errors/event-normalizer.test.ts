import { describe, expect, it } from 'vitest';
import { normalizeEvent } from '../../../src/reference/errors/event-normalizer.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

const context = {
  clientAddress: '198.51.100.9',
  receivedAt: Date.parse('2025-03-10T12:00:00Z'),
  fallbackEventId: () => 'f'.repeat(32),
};
const normalize = (payload: unknown) => normalizeEvent(payload, context);
const rejection = (payload: unknown): string => {
  try {
    normalize(payload);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('expected a rejection');
};

describe('event normalization', () => {
  it('keeps message-only events, with the message as a string, {formatted} or logentry', () => {
    expect(normalize({ message: 'plain' }).message).toBe('plain');
    expect(normalize({ message: { formatted: 'formatted 3', message: 'formatted %d' } }).message).toBe('formatted 3');
    expect(normalize({ logentry: { message: 'template %s', params: ['x'] } }).message).toBe('template %s');
    expect(normalize({ message: 'plain' }).exceptions).toEqual([]);
  });

  it("reads Go's bare exception array like {values: […]}", () => {
    const value = { type: '*errors.errorString', value: 'boom', stacktrace: { frames: [{ function: 'main', lineno: 3 }] } };
    const bare = normalize({ exception: [value] });
    expect(bare.exceptions).toEqual([{ type: '*errors.errorString', value: 'boom', frames: [{ function: 'main', lineno: 3 }] }]);
    expect(normalize({ exception: { values: [value] } }).exceptions).toEqual(bare.exceptions);
  });

  it('reads ISO and numeric timestamps, and uses the receipt time when none is sent', () => {
    expect(normalize({ timestamp: '2025-03-10T11:00:00.123456Z' }).timestamp).toBe(Date.parse('2025-03-10T11:00:00.123Z'));
    expect(normalize({ timestamp: '2025-03-10T11:00:00' }).timestamp).toBe(Date.parse('2025-03-10T11:00:00Z'));
    expect(normalize({ timestamp: '2025-03-10T12:00:00+01:00' }).timestamp).toBe(Date.parse('2025-03-10T11:00:00Z'));
    expect(normalize({ timestamp: 1741604400.5 }).timestamp).toBe(Date.parse('2025-03-10T11:00:00.500Z'));
    expect(normalize({}).timestamp).toBe(context.receivedAt);
  });

  it('never dates an occurrence after its receipt', () => {
    expect(normalize({ timestamp: '2030-01-01T00:00:00Z' }).timestamp).toBe(context.receivedAt);
  });

  it('replaces {{auto}} with the client address and stringifies numeric user ids', () => {
    expect(normalize({ user: { id: 42, ip_address: '{{auto}}' } }).user).toEqual({ id: '42', ip_address: '198.51.100.9' });
  });

  it('normalizes event ids and falls back to the given one', () => {
    expect(normalize({ event_id: 'ABCDEF01-2345-6789-ABCD-EF0123456789' }).eventId).toBe('abcdef0123456789abcdef0123456789');
    expect(normalize({}).eventId).toBe('f'.repeat(32));
  });

  it('treats null as absent', () => {
    const event = normalize({
      user: null,
      release: null,
      exception: { values: [{ type: 'E', stacktrace: null, module: null }] },
    });
    expect(event.exceptions).toEqual([{ type: 'E', frames: [] }]);
    expect(event.user).toBeUndefined();
  });

  it('rejects wrong types with the field path', () => {
    expect(rejection([])).toBe('event must be a JSON object');
    expect(rejection({ timestamp: 'yesterday' })).toMatch(/^event\.timestamp is "yesterday"; send an ISO 8601 date/);
    expect(rejection({ exception: { values: [{ stacktrace: { frames: [{ lineno: 'ten' }] } }] } })).toBe(
      'event.exception.values[0].stacktrace.frames[0].lineno must be a number; got "ten"',
    );
    expect(rejection({ exception: 'boom' })).toMatch(/^event\.exception must be/);
    expect(rejection({ user: { id: {} } })).toBe('event.user.id must be a string or a number; got an object');
    expect(rejection({ event_id: 'nope' })).toMatch(/^event\.event_id is "nope"; it must be 32 hex digits/);
    expect(rejection({ fingerprint: [{}] })).toBe('event.fingerprint[0] must be a string');
  });
});
