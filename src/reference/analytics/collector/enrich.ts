import { ApiError } from '../../platform/api-error.ts';
import { isTimeZone, zoneOffsetMinutes } from '../time/zone.ts';
import { PAGEVIEW, type TrackedEvent } from '../tracked-events.ts';
import { decodeBase64Url } from './base64url.ts';
import { inEventTimeWindow } from './event-time-window.ts';
import type { RawEvent } from './tp2-payload.ts';

/** What the collector adds to an event: when it arrived, and the collector cookie's id (null in anonymous mode). */
export interface CollectorContext {
  receivedAt: number;
  cookieId: string | null;
}

/** Snowplow's short event codes, other than page views and self-describing events. */
const EVENT_NAMES: Record<string, string> = {
  pp: 'page_ping',
  se: 'struct',
  tr: 'transaction',
  ti: 'transaction_item',
};

/**
 * Enriches one raw event into a TrackedEvent, field by field as PROTOCOLS.md's table says. `field` (`data[2]`)
 * places errors in the batch.
 */
export function enrich(raw: RawEvent, context: CollectorContext, field: string): TrackedEvent {
  if (!raw.e) throw new ApiError(400, `${field}.e: every event needs its type "e" (pv for a page view, ue for a custom event)`);
  if (!raw.aid) throw new ApiError(400, `${field}.aid: every event needs the tracking app id "aid"`);
  const utcTime = eventTime(raw, context, field);
  const url = parseUrl(raw.url);
  return {
    docEncoding: raw.cs || null,
    docHost: url?.host || null,
    docPath: url?.pathname || null,
    docSearch: url?.search || null,
    eventType: eventType(raw, field),
    localTzOffset: raw.tz && isTimeZone(raw.tz) ? zoneOffsetMinutes(raw.tz, utcTime) : null,
    pageTitle: raw.page || null,
    src: raw.tv || null,
    utcTime,
    vpSize: raw.vp || null,
    apiKey: raw.aid,
    userAnonymousId: raw.duid || context.cookieId,
  };
}

/** The true timestamp `ttm`, else the device's `dtm`, else arrival; a time outside the accepted window is a 400. */
function eventTime(raw: RawEvent, context: CollectorContext, field: string): number {
  for (const key of ['ttm', 'dtm'] as const) {
    const value = raw[key];
    if (value === undefined || value === '') continue;
    const ms = Number(value);
    if (!Number.isFinite(ms) || ms < 0) throw new ApiError(400, `${field}.${key}: "${value}" is not a time in milliseconds`);
    if (!inEventTimeWindow(ms, context.receivedAt))
      throw new ApiError(
        400,
        `${field}.${key}: ${value} is outside the accepted event times (2000-01-01 to one day after arrival); send milliseconds since the epoch`,
      );
    return Math.round(ms);
  }
  return context.receivedAt;
}

function parseUrl(text: string | undefined): URL | undefined {
  if (!text) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function eventType(raw: RawEvent, field: string): string {
  const code = raw.e as string;
  if (code === 'pv') return PAGEVIEW;
  if (code === 'ue') return selfDescribingName(raw, field);
  return EVENT_NAMES[code] ?? code;
}

/**
 * A self-describing event's name: the `name` of its data when it has one (the platform's SDK sends custom
 * events that way), else the name part of its schema (`iglu:com.example/add_to_cart/jsonschema/1-0-0`).
 */
function selfDescribingName(raw: RawEvent, field: string): string {
  const key = raw.ue_pr !== undefined ? 'ue_pr' : 'ue_px';
  const encoded = raw[key];
  if (encoded === undefined) throw new ApiError(400, `${field}: a self-describing event (e=ue) needs ue_pr or ue_px`);
  const text = key === 'ue_px' ? decodeBase64Url(encoded) : encoded;
  if (text === undefined) throw new ApiError(400, `${field}.ue_px: not valid base64url`);
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new ApiError(400, `${field}.${key}: not valid JSON`);
  }
  const inner = (envelope as { data?: { schema?: unknown; data?: { name?: unknown } } } | null)?.data;
  if (typeof inner?.data?.name === 'string' && inner.data.name !== '') return inner.data.name;
  if (typeof inner?.schema === 'string') {
    const name = inner.schema.replace(/^iglu:/, '').split('/')[1];
    if (name) return name;
  }
  throw new ApiError(
    400,
    `${field}.${key}: expected {"schema": …, "data": {"schema": "iglu:vendor/name/jsonschema/1-0-0", "data": {…}}}`,
  );
}
