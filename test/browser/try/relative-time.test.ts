import { describe, expect, it } from 'vitest';
import { fullTimestamp, relativeTime, utcHour } from '../../../src/browser/try/relative-time.ts';

const now = Date.parse('2026-11-20T22:14:05Z');
const minute = 60_000;

describe('relative time', () => {
  it('says "just now" under a minute and counts whole units above', () => {
    expect(relativeTime(now - 59_000, now)).toBe('just now');
    expect(relativeTime(now - minute, now)).toBe('1 minute ago');
    expect(relativeTime(now - 59 * minute, now)).toBe('59 minutes ago');
    expect(relativeTime(now - 61 * minute, now)).toBe('1 hour ago');
    expect(relativeTime(now - 25 * 60 * minute, now)).toBe('1 day ago');
    expect(relativeTime(now - 15 * 24 * 60 * minute, now)).toBe('2 weeks ago');
    expect(relativeTime(now - 89 * 24 * 60 * minute, now)).toBe('2 months ago');
  });

  it('speaks of times ahead as "in …"', () => {
    expect(relativeTime(now + 3 * 60 * minute, now)).toBe('in 3 hours');
  });

  it('writes the exact moment and the clock hour in UTC', () => {
    expect(fullTimestamp(now)).toBe('2026-11-20 22:14:05 UTC');
    expect(fullTimestamp(Date.parse('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02 03:04:05 UTC');
    expect(utcHour(now)).toBe('22:00');
  });
});
