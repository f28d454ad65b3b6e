import { ApiError } from '../../platform/api-error.ts';
import { TRACKED_EVENTS } from '../tracked-events.ts';

/**
 * Raw export is a query with `queryType=multi` whose dimensions are `TrackedEvents` members and that has no
 * measures, ordered by `TrackedEvents.apiKey` and paged with `limit` and `offset`. The query layer groups rows
 * by the selected dimensions, so two events with the same values come back as one row: the export is complete
 * only when `TrackedEvents.utcTime` and `TrackedEvents.userAnonymousId` are both selected. The reference
 * implementation reproduces that grouping rather than hiding it.
 */
export const EXPORT_COMPLETENESS_DIMENSIONS = [`${TRACKED_EVENTS}.utcTime`, `${TRACKED_EVENTS}.userAnonymousId`] as const;

/** Whether an export with these dimensions returns one row per event (up to events identical to the millisecond). */
export function exportIsComplete(dimensions: readonly string[]): boolean {
  return EXPORT_COMPLETENESS_DIMENSIONS.every((member) => dimensions.includes(member));
}

/** The export answers JSON only: a request that accepts no JSON (say `Accept: text/csv`) gets a 406 that says so. */
export function assertJsonAccepted(request: Request): void {
  const accept = request.headers.get('accept');
  if (!accept) return;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  if (types.some((type) => type === '*/*' || type === 'application/*' || type === 'application/json' || type.endsWith('+json')))
    return;
  throw new ApiError(
    406,
    `406 Not Acceptable: query results and raw exports are JSON only; accept application/json (you sent ${accept})`,
  );
}
