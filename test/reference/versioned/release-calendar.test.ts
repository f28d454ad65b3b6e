import { describe, expect, it } from 'vitest';
import { nominalReleaseDate } from '../../../src/reference/versioned/release-calendar.ts';

const day = (release: string) => nominalReleaseDate(release).toISOString().slice(0, 10);

describe('the nominal release calendar', () => {
  it('dates N.0 on the third Thursday of May in the year 2007 + N', () => {
    expect(day('16.0')).toBe('2023-05-18');
    expect(day('17.0')).toBe('2024-05-16');
    expect(day('18.0')).toBe('2025-05-15');
  });

  it('moves one month per minor release and carries into the next year', () => {
    expect(day('17.1')).toBe('2024-06-20');
    expect(day('16.10')).toBe('2024-03-21');
    expect(day('16.11')).toBe('2024-04-18');
  });

  it('puts every release on a Thursday and orders releases as they compare', () => {
    const releases = ['15.4', '15.10', '15.11', '16.0', '16.7', '16.11', '17.0', '17.9', '18.0', '19.0', '20.0'];
    const dates = releases.map((release) => nominalReleaseDate(release));
    for (const date of dates) expect(date.getUTCDay()).toBe(4);
    expect(dates.map((date) => date.getTime())).toEqual([...dates.map((date) => date.getTime())].sort((a, b) => a - b));
  });

  it('refuses text that is not a release', () => {
    expect(() => nominalReleaseDate('18')).toThrow(/"18" is not a release; releases look like "17.0" or "16.10"/);
  });
});
