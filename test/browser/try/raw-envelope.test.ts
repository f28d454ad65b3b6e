import { describe, expect, it } from 'vitest';
import { dsnTarget, messageEnvelope } from '../../../src/browser/try/raw-envelope.ts';

const dsn = 'http://5a4d1e0f9b8c7a6d5e4f3a2b1c0d9e8f@127.0.0.1:4321/api/v4/error_tracking/collector/1';

describe('raw envelope', () => {
  it('derives the envelope address from a DSN as SDKs do', () => {
    expect(dsnTarget(dsn)).toEqual({
      publicKey: '5a4d1e0f9b8c7a6d5e4f3a2b1c0d9e8f',
      projectId: '1',
      envelopeUrl: 'http://127.0.0.1:4321/api/v4/error_tracking/collector/api/1/envelope/',
    });
  });

  it('refuses strings that are not DSNs, saying what is missing', () => {
    expect(() => dsnTarget('not a dsn')).toThrow('"not a dsn" is not a DSN');
    expect(() => dsnTarget('http://127.0.0.1/api/v4/error_tracking/collector/1')).toThrow('needs a public key');
    expect(() => dsnTarget('http://key@127.0.0.1/api/v4/error_tracking/collector')).toThrow('project id');
  });

  it('builds one message event with the key in X-Sentry-Auth and the DSN in the envelope header', () => {
    const now = Date.parse('2026-11-20T22:14:05Z');
    const request = messageEnvelope(dsn, 'old key check', 'a'.repeat(32), now);
    expect(request.url).toBe('http://127.0.0.1:4321/api/v4/error_tracking/collector/api/1/envelope/');
    expect(request.headers['X-Sentry-Auth']).toBe(
      'Sentry sentry_version=7, sentry_client=sunset-try/1.0, sentry_key=5a4d1e0f9b8c7a6d5e4f3a2b1c0d9e8f',
    );
    const [header, item, event] = request.body.split('\n').map((line) => JSON.parse(line));
    expect(header).toEqual({ event_id: 'a'.repeat(32), sent_at: '2026-11-20T22:14:05.000Z', dsn });
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({ message: 'old key check', level: 'info', timestamp: now / 1000 });
  });
});
