import { describe, expect, it } from 'vitest';
import {
  eventFromQueryString,
  eventsFromPostBody,
  PAYLOAD_DATA_SCHEMA,
} from '../../../../src/reference/analytics/collector/tp2-payload.ts';

describe('tp2 payloads', () => {
  it('reads a batch of events', () => {
    const body = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: [
        { e: 'pv', aid: 'demo-app' },
        { e: 'pv', aid: 'demo-app' },
      ],
    });
    expect(eventsFromPostBody(body)).toHaveLength(2);
  });

  it('accepts any 1-0-x payload_data schema', () => {
    const body = JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-3',
      data: [{ e: 'pv' }],
    });
    expect(eventsFromPostBody(body)).toEqual([{ e: 'pv' }]);
  });

  it('reads a pixel request query string', () => {
    expect(eventFromQueryString(new URLSearchParams('e=pv&aid=demo-app&url=https%3A%2F%2Fx%2F'))).toEqual({
      e: 'pv',
      aid: 'demo-app',
      url: 'https://x/',
    });
  });

  it('refuses malformed bodies with the field at fault', () => {
    expect(() => eventsFromPostBody('{')).toThrow(/not valid JSON/);
    expect(() => eventsFromPostBody(JSON.stringify({ schema: 'iglu:x/y/jsonschema/1-0-0', data: [] }))).toThrow(
      /^schema: expected/,
    );
    expect(() => eventsFromPostBody(JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [] }))).toThrow(
      /data: expected a non-empty array/,
    );
    expect(() => eventsFromPostBody(JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{ e: 'pv', dtm: 5 }] }))).toThrow(
      /data\[0\]\.dtm: every value in a tp2 event is a string/,
    );
    expect(() => eventFromQueryString(new URLSearchParams(''))).toThrow(/no event fields/);
  });
});
