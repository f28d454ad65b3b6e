import { ApiError } from '../../platform/api-error.ts';

/** One event as the tracker sends it: short Snowplow field names, every value a string. */
export type RawEvent = Record<string, string>;

/** The schema a tp2 POST body declares. */
export const PAYLOAD_DATA_SCHEMA = 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4';

/**
 * Events in one tp2 batch (reference design): trackers flush far fewer (the browser tracker's default buffer is
 * one event), and a batch is validated whole before anything is stored. The site's demo posts 2,000 at once.
 */
export const MAX_BATCH_EVENTS = 5000;

/**
 * Reads a tp2 POST body `{"schema": "iglu:…/payload_data/jsonschema/1-0-x", "data": [event, …]}`. Anything else
 * is a 400 naming the field.
 */
export function eventsFromPostBody(text: string): RawEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `the tp2 body is not valid JSON: ${(error as Error).message}`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, `the tp2 body must be an object {"schema": "${PAYLOAD_DATA_SCHEMA}", "data": [ … ]}`);
  const { schema, data } = body as { schema?: unknown; data?: unknown };
  if (typeof schema !== 'string' || !schema.startsWith('iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-'))
    throw new ApiError(400, `schema: expected "${PAYLOAD_DATA_SCHEMA}" (any 1-0-x version)`);
  if (!Array.isArray(data) || data.length === 0) throw new ApiError(400, 'data: expected a non-empty array of events');
  if (data.length > MAX_BATCH_EVENTS)
    throw new ApiError(
      400,
      `data: the batch holds ${data.length} events; the collector takes at most ${MAX_BATCH_EVENTS} per request; send smaller batches`,
    );
  return data.map((event, index) => toRawEvent(event, `data[${index}]`));
}

function toRawEvent(event: unknown, field: string): RawEvent {
  if (event === null || typeof event !== 'object' || Array.isArray(event))
    throw new ApiError(400, `${field}: an event is an object of string fields`);
  const raw: RawEvent = {};
  for (const [key, value] of Object.entries(event)) {
    if (typeof value !== 'string') throw new ApiError(400, `${field}.${key}: every value in a tp2 event is a string`);
    raw[key] = value;
  }
  return raw;
}

/** Reads a pixel request's query string (`GET /i?e=pv&…`) as one event. */
export function eventFromQueryString(params: URLSearchParams): RawEvent {
  const raw: RawEvent = {};
  for (const [key, value] of params) raw[key] = value;
  if (Object.keys(raw).length === 0)
    throw new ApiError(400, 'the pixel request has no event fields; send them in the query string');
  return raw;
}
