import { describe, expect, it } from 'vitest';
import { keyFromAuthHeader, keyFromEnvelopeHeader, keyFromRequest } from '../../../src/reference/errors/sentry-auth.ts';

describe('SDK authentication forms', () => {
  it('reads sentry_key from X-Sentry-Auth with spaces after commas', () => {
    expect(keyFromAuthHeader('Sentry sentry_version=7, sentry_client=sentry.go/0.20.0, sentry_key=k1')).toBe('k1');
  });

  it("reads Java's form without spaces", () => {
    expect(keyFromAuthHeader('Sentry sentry_version=7,sentry_client=sentry.java/6.18.1,sentry_key=k2,sentry_secret=s')).toBe(
      'k2',
    );
  });

  it('ignores headers of other schemes and headers without a key', () => {
    expect(keyFromAuthHeader('Bearer token')).toBeUndefined();
    expect(keyFromAuthHeader('Sentry sentry_version=7')).toBeUndefined();
    expect(keyFromAuthHeader(undefined)).toBeUndefined();
  });

  it('falls back to Authorization and then the sentry_key query parameter', () => {
    expect(keyFromRequest(new Headers({ authorization: 'Sentry sentry_key=k3' }), new URLSearchParams())).toBe('k3');
    expect(keyFromRequest(new Headers(), new URLSearchParams('sentry_key=k4&sentry_version=7'))).toBe('k4');
    expect(keyFromRequest(new Headers(), new URLSearchParams())).toBeUndefined();
  });

  it("reads the key from an envelope header's dsn", () => {
    expect(keyFromEnvelopeHeader({ dsn: 'http://k5@localhost:8787/api/v4/error_tracking/collector/1' })).toBe('k5');
    expect(keyFromEnvelopeHeader({ dsn: 42 })).toBeUndefined();
  });
});
