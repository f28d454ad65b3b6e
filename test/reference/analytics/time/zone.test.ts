import { describe, expect, it } from 'vitest';
import { isTimeZone, localToUtc, zoneOffsetMinutes } from '../../../../src/reference/analytics/time/zone.ts';
import { offsetAt, zoneOffsetsBetween } from '../../../../src/reference/analytics/time/zone-offsets.ts';

describe('time zones', () => {
  it('gives the offset at the event time, east of UTC positive', () => {
    expect(zoneOffsetMinutes('Europe/Berlin', Date.parse('2024-01-15T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', Date.parse('2024-07-15T12:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', Date.parse('2024-07-15T12:00:00Z'))).toBe(-240);
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.parse('2024-07-15T12:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('UTC', 0)).toBe(0);
  });

  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('turns local wall-clock time into UTC across a DST change', () => {
    expect(new Date(localToUtc('Europe/Berlin', Date.parse('2024-03-31T01:30:00Z'))).toISOString()).toBe(
      '2024-03-31T00:30:00.000Z',
    );
    expect(new Date(localToUtc('Europe/Berlin', Date.parse('2024-03-31T03:30:00Z'))).toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
  });

  it('finds the exact instant a zone changes offset', () => {
    const table = zoneOffsetsBetween('Europe/Berlin', Date.parse('2024-03-01T00:00:00Z'), Date.parse('2024-04-30T00:00:00Z'));
    expect(table.starts.length).toBe(2);
    expect(new Date(table.starts[1] as number).toISOString()).toBe('2024-03-31T01:00:00.000Z');
    expect(offsetAt(table, Date.parse('2024-03-31T00:59:59.999Z'))).toBe(3_600_000);
    expect(offsetAt(table, Date.parse('2024-03-31T01:00:00Z'))).toBe(7_200_000);
  });

  it('walks at most 200 years, and a fixed zone not at all', () => {
    const start = Date.parse('2000-01-01T00:00:00Z');
    const year = 365.25 * 24 * 3600 * 1000;
    expect(zoneOffsetsBetween('Europe/Berlin', start, start + 199 * year).starts.length).toBeGreaterThan(300);
    expect(() => zoneOffsetsBetween('Europe/Berlin', start, start + 201 * year)).toThrow(/more than the 200 years/);
    expect(zoneOffsetsBetween('UTC', start, start + 100 * year).starts.length).toBe(1);
  });
});
