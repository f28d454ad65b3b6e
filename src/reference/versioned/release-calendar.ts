/**
 * Nominal release dates (reference design). The spec gives no release dates, but the `Deprecation` and
 * `Sunset` headers carry dates, so the reference uses a nominal calendar: one minor release a month, the
 * `N.0` release in May of the year 2007 + N, each dated the third Thursday of its month at 00:00 UTC.
 * The dates order releases correctly and are plausible; they are not the platform's announced dates.
 */
import { parseRelease } from '../../register/releases.ts';

/** A function from a release to its date. */
export type ReleaseCalendar = (release: string) => Date;

const MAY = 4;
const THURSDAY = 4;

/** The nominal date of a release; throws a RangeError for text that is not a release. */
export const nominalReleaseDate: ReleaseCalendar = (release) => {
  const parts = parseRelease(release);
  if (!parts) throw new RangeError(`"${release}" is not a release; releases look like "17.0" or "16.10"`);
  // Date.UTC carries months past December into the next year, so 16.10 falls in March of 2024.
  const firstOfMonth = new Date(Date.UTC(2007 + parts.major, MAY + parts.minor, 1));
  const firstThursday = 1 + ((THURSDAY - firstOfMonth.getUTCDay() + 7) % 7);
  return new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth(), firstThursday + 14));
};
