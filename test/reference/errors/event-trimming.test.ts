import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { EVENT_LIMITS, trimEvent } from '../../../src/reference/errors/event-trimming.ts';

const base: ErrorEvent = {
  eventId: 'a'.repeat(32),
  timestamp: 0,
  receivedAt: 0,
  platform: 'node',
  level: 'error',
  exceptions: [{ type: 'TypeError', value: 'x is undefined', frames: [{ function: 'main', filename: 'app.js' }] }],
};

describe('trimming an event to its limits', () => {
  it('leaves an event within its limits as it is', () => {
    const copy = structuredClone(base);
    expect(trimEvent(copy)).toBe(copy);
    expect(copy).toEqual(base);
  });

  it('cuts a long message to its limit, ending in ..., and records its size as sent', () => {
    const trimmed = trimEvent({ ...base, message: 'm'.repeat(EVENT_LIMITS.message + 10) });
    expect(trimmed.message).toHaveLength(EVENT_LIMITS.message);
    expect(trimmed.message?.endsWith('m...')).toBe(true);
    expect(trimmed.trimmed).toEqual({ message: EVENT_LIMITS.message + 10 });
  });

  it('keeps the oldest and newest halves of a long stack trace, so the crash site stays last', () => {
    const frames = Array.from({ length: 250 }, (_, index) => ({ function: `f${index}` }));
    const [exception] = trimEvent({ ...base, exceptions: [{ type: 'E', frames }] }).exceptions;
    expect(exception?.frames).toHaveLength(EVENT_LIMITS.framesPerException);
    expect(exception?.frames[0]?.function).toBe('f0');
    expect(exception?.frames.at(-1)?.function).toBe('f249');
  });

  it('keeps the newest exceptions of a long chain: the one raised is last', () => {
    const exceptions = Array.from({ length: 14 }, (_, index) => ({ type: `E${index}`, frames: [] }));
    const trimmed = trimEvent({ ...base, exceptions });
    expect(trimmed.exceptions.map((exception) => exception.type)).toEqual(
      Array.from({ length: EVENT_LIMITS.exceptions }, (_, index) => `E${index + 4}`),
    );
    expect(trimmed.trimmed).toEqual({ exceptions: 14 });
  });

  it('never splits a character made of two UTF-16 units', () => {
    const emoji = '\ud83d\ude00';
    const trimmed = trimEvent({ ...base, release: emoji.repeat(EVENT_LIMITS.release) });
    expect(trimmed.release?.endsWith('...')).toBe(true);
    expect(trimmed.release?.length).toBeLessThanOrEqual(EVENT_LIMITS.release);
    expect(() => encodeURIComponent(trimmed.release ?? '')).not.toThrow();
  });

  it('cuts user fields and fingerprint parts, and drops fingerprint parts past the limit', () => {
    const trimmed = trimEvent({
      ...base,
      user: { id: 'u'.repeat(500), email: 'e@example.com' },
      fingerprint: Array.from({ length: EVENT_LIMITS.fingerprintParts + 5 }, () => 'p'.repeat(300)),
    });
    expect(trimmed.user?.id).toHaveLength(EVENT_LIMITS.userField);
    expect(trimmed.user?.email).toBe('e@example.com');
    expect(trimmed.fingerprint).toHaveLength(EVENT_LIMITS.fingerprintParts);
    expect(trimmed.fingerprint?.[0]).toHaveLength(EVENT_LIMITS.symbol);
    expect(trimmed.trimmed).toMatchObject({
      'user.id': 500,
      fingerprint: EVENT_LIMITS.fingerprintParts + 5,
      'fingerprint[0]': 300,
    });
  });
});
