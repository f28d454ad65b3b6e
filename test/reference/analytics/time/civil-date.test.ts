import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  dayOfMonthIndex,
  daysFromCivil,
  formatLocal,
  mondayOfDay,
  monthIndexOfDay,
  utcMonth,
} from '../../../../src/reference/analytics/time/civil-date.ts';

describe('civil dates', () => {
  it('converts dates to day numbers and back, leap days included', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2024, 2, 29)).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    for (const day of [-1, 0, 59, 365, 19_782, 20_000, 47_482]) {
      const { year, month, day: date } = civilFromDays(day);
      expect(daysFromCivil(year, month, date)).toBe(day);
      expect(new Date(day * 86_400_000).toISOString().slice(0, 10)).toBe(
        `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`,
      );
    }
  });

  it('finds the Monday of a week and the first day of a month', () => {
    const wednesday = daysFromCivil(2024, 1, 3);
    expect(mondayOfDay(wednesday)).toBe(daysFromCivil(2024, 1, 1));
    expect(mondayOfDay(daysFromCivil(2024, 1, 7))).toBe(daysFromCivil(2024, 1, 1));
    expect(dayOfMonthIndex(monthIndexOfDay(daysFromCivil(2024, 3, 17)))).toBe(daysFromCivil(2024, 3, 1));
  });

  it('writes local times without a zone and months as YYYY-MM', () => {
    expect(formatLocal(Date.UTC(2024, 0, 2, 3, 4, 5, 6))).toBe('2024-01-02T03:04:05.006');
    expect(utcMonth(Date.UTC(2024, 11, 31, 23, 59))).toBe('2024-12');
  });
});
