import { describe, expect, it } from 'vitest';
import { enrich } from '../../../../src/reference/analytics/collector/enrich.ts';

const context = { receivedAt: Date.parse('2024-07-01T12:00:00Z'), cookieId: 'cookie-id' };
const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('enrichment into TrackedEvents', () => {
  it('maps every field as the table says', () => {
    const raw = {
      e: 'pv',
      aid: 'demo-app',
      cs: 'UTF-8',
      url: 'https://shop.example.com/products/day-pack?ref=mail#reviews',
      page: 'Day Pack',
      tv: 'js-4.10.1',
      tz: 'Europe/Berlin',
      dtm: '1719835200000',
      vp: '1440x789',
      duid: 'domain-user',
    };
    expect(enrich(raw, context, 'data[0]')).toEqual({
      docEncoding: 'UTF-8',
      docHost: 'shop.example.com',
      docPath: '/products/day-pack',
      docSearch: '?ref=mail',
      eventType: 'pageview',
      localTzOffset: 120,
      pageTitle: 'Day Pack',
      src: 'js-4.10.1',
      utcTime: 1719835200000,
      vpSize: '1440x789',
      apiKey: 'demo-app',
      userAnonymousId: 'domain-user',
    });
  });

  it('prefers the true timestamp ttm, then dtm, then the arrival time', () => {
    const early = Date.parse('2024-06-01T00:00:00Z');
    expect(enrich({ e: 'pv', aid: 'a', ttm: String(early), dtm: String(early + 1) }, context, 'x').utcTime).toBe(early);
    expect(enrich({ e: 'pv', aid: 'a', dtm: String(early + 1) }, context, 'x').utcTime).toBe(early + 1);
    expect(enrich({ e: 'pv', aid: 'a' }, context, 'x').utcTime).toBe(context.receivedAt);
  });

  it('takes the zone offset at the event time, not now', () => {
    const winter = enrich(
      { e: 'pv', aid: 'a', tz: 'Europe/Berlin', dtm: String(Date.parse('2024-01-10T12:00:00Z')) },
      context,
      'x',
    );
    expect(winter.localTzOffset).toBe(60);
    expect(enrich({ e: 'pv', aid: 'a', tz: 'Nowhere/Special' }, context, 'x').localTzOffset).toBeNull();
  });

  it('names self-describing events by their data name or schema, from ue_pr or base64url ue_px', () => {
    const custom = {
      schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
      data: { schema: 'iglu:com.example/custom_event/jsonschema/1-0-0', data: { name: 'add_to_cart', props: {} } },
    };
    const bySchema = {
      schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
      data: { schema: 'iglu:com.example/link_click/jsonschema/1-0-1', data: { targetUrl: '/x' } },
    };
    expect(enrich({ e: 'ue', aid: 'a', ue_pr: JSON.stringify(custom) }, context, 'x').eventType).toBe('add_to_cart');
    expect(enrich({ e: 'ue', aid: 'a', ue_px: encode(bySchema) }, context, 'x').eventType).toBe('link_click');
    expect(enrich({ e: 'pp', aid: 'a' }, context, 'x').eventType).toBe('page_ping');
  });

  it('refuses event times before 2000 or more than a day after arrival, at the edges exactly', () => {
    const first = Date.UTC(2000, 0, 1);
    const last = context.receivedAt + 24 * 3600 * 1000;
    expect(enrich({ e: 'pv', aid: 'a', ttm: String(first) }, context, 'x').utcTime).toBe(first);
    expect(enrich({ e: 'pv', aid: 'a', ttm: String(last) }, context, 'x').utcTime).toBe(last);
    for (const value of [String(first - 1), String(last + 1), '1e300', '8640000000000000', '9e15', '1000']) {
      expect(() => enrich({ e: 'pv', aid: 'a', ttm: value }, context, 'data[2]'), value).toThrow(
        /data\[2\]\.ttm: .* outside the accepted event times/,
      );
    }
    expect(() => enrich({ e: 'pv', aid: 'a', dtm: '1e300' }, context, 'x')).toThrow(/x\.dtm: .*outside/);
  });

  it('uses the collector cookie when the tracker sends no domain user id, and null in anonymous mode', () => {
    expect(enrich({ e: 'pv', aid: 'a' }, context, 'x').userAnonymousId).toBe('cookie-id');
    expect(enrich({ e: 'pv', aid: 'a' }, { ...context, cookieId: null }, 'x').userAnonymousId).toBeNull();
  });

  it('refuses events it cannot read, naming the field in the batch', () => {
    expect(() => enrich({ aid: 'a' }, context, 'data[3]')).toThrow(/data\[3\]\.e: every event needs its type/);
    expect(() => enrich({ e: 'pv' }, context, 'data[0]')).toThrow(/data\[0\]\.aid/);
    expect(() => enrich({ e: 'pv', aid: 'a', dtm: 'soon' }, context, 'data[1]')).toThrow(/data\[1\]\.dtm: "soon" is not a time/);
    expect(() => enrich({ e: 'ue', aid: 'a', ue_px: '%%%' }, context, 'data[0]')).toThrow(
      /data\[0\]\.ue_px: not valid base64url/,
    );
    expect(() => enrich({ e: 'ue', aid: 'a', ue_pr: '{' }, context, 'data[0]')).toThrow(/data\[0\]\.ue_pr: not valid JSON/);
  });
});
