/**
 * Which release a request is answered as. A request picks one with the `X-Platform-Release` header;
 * without it, the reference's own setting applies. Header and setting are reference design: the spec
 * describes releases, not how a client would pick one.
 */
import { compareReleases, newestFirst, parseRelease } from '../../register/releases.ts';
import { ApiError } from '../platform/api-error.ts';

/** The request header that picks the release a request is answered as (reference design). */
export const RELEASE_HEADER = 'X-Platform-Release';

/** The releases a reference accepts and the one it answers as by default. */
export interface ReleaseChoice {
  /** The release answered as when a request does not pick one. */
  readonly fallback: string;
  /** Whether a release is one the register accepts: well formed, with a major the register lists. */
  accepts(release: string): boolean;
  /** The release a request is answered as; rejects an unknown release in the header with a 400. */
  forRequest(request: Request): string;
}

/**
 * Builds the choice over the register's releases. The accepted releases follow the releases file: any
 * well-formed release whose major lies between the lowest and the highest major listed (as upgrade plans
 * do), so 17.4 is accepted though the register names nothing in it. `fallback` defaults to the newest
 * listed release; an unknown `fallback` is a programming error and throws.
 */
export function releaseChoice(releases: readonly string[], fallback?: string): ReleaseChoice {
  const newest = newestFirst(releases)[0];
  if (newest === undefined) throw new RangeError('the register lists no releases; releases.yaml needs at least one');
  const majors = releases.map((release) => parseRelease(release)?.major ?? Number.NaN).filter(Number.isFinite);
  const lowest = Math.min(...majors);
  const highest = Math.max(...majors);
  const accepts = (release: string) => {
    const parts = parseRelease(release);
    return parts !== undefined && parts.major >= lowest && parts.major <= highest;
  };
  const chosen = fallback ?? newest;
  const shape = `releases look like "17.0" or "16.10" (major.minor), with a major from ${lowest} to ${highest}`;
  if (!accepts(chosen)) {
    throw new RangeError(`release "${chosen}" is not one the register knows; ${shape}`);
  }
  return {
    fallback: chosen,
    accepts,
    forRequest(request) {
      const picked = request.headers.get(RELEASE_HEADER)?.trim();
      if (picked === undefined || picked === '') return chosen;
      if (!accepts(picked)) {
        throw new ApiError(
          400,
          `400 Bad Request: ${RELEASE_HEADER} "${picked}" is not a release this reference knows; ${shape}; leave the header out to be answered as ${chosen}`,
        );
      }
      return picked;
    },
  };
}

/** Whether `release` is at or after `since`. */
export const reached = (release: string, since: string): boolean => compareReleases(release, since) >= 0;
