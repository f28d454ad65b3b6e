/**
 * The `TrackedEvents` cube: what the enricher produces and what queries and raw exports read.
 * Member names are the spec's; types and titles follow the query layer's conventions.
 */

/** The cube's name. */
export const TRACKED_EVENTS = 'TrackedEvents';

/** Dimensions holding text, stored dictionary-encoded. */
export const STRING_DIMENSIONS = [
  'docEncoding',
  'docHost',
  'docPath',
  'docSearch',
  'eventType',
  'pageTitle',
  'src',
  'vpSize',
  'apiKey',
  'userAnonymousId',
] as const;

/** A text dimension. */
export type StringDimension = (typeof STRING_DIMENSIONS)[number];

/** Every dimension of the cube, in the spec's order. */
export const EVENT_DIMENSIONS = [
  'docEncoding',
  'docHost',
  'docPath',
  'docSearch',
  'eventType',
  'localTzOffset',
  'pageTitle',
  'src',
  'utcTime',
  'vpSize',
  'apiKey',
  'userAnonymousId',
] as const;

/** A dimension of the cube. */
export type EventDimension = (typeof EVENT_DIMENSIONS)[number];

/** The cube's measures. */
export const EVENT_MEASURES = ['count', 'pageViewsCount', 'uniqueUsersCount'] as const;

/** A measure of the cube. */
export type EventMeasure = (typeof EVENT_MEASURES)[number];

/** A member's value type, as the query layer's annotation reports it. */
export type MemberType = 'string' | 'number' | 'time';

/** The type of each dimension. */
export function dimensionType(dimension: EventDimension): MemberType {
  if (dimension === 'utcTime') return 'time';
  if (dimension === 'localTzOffset') return 'number';
  return 'string';
}

/** One enriched event. Text fields are null when the tracker did not send them. */
export type TrackedEvent = Record<StringDimension, string | null> & {
  /** Minutes the event's local time zone was ahead of UTC when it happened. */
  localTzOffset: number | null;
  /** When the event happened, in milliseconds since the epoch (UTC). */
  utcTime: number;
};

/** The `eventType` of a page view. */
export const PAGEVIEW = 'pageview';

/** "docPath" → "Doc Path": how the query layer titles members it has no title for. */
export function humanize(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
    .trim();
}
