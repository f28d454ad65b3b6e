import { auth, errorOf, hex, line, type SdkSample, seconds, user } from './sample-request.ts';

/** PHP 3.18.0: store endpoint, float timestamps, plain messages. */
export const php: SdkSample = {
  sdk: 'php',
  version: '3.18.0',
  build: ({ publicKey, at, variant }) => ({
    kind: 'store',
    headers: { 'content-type': 'application/json', 'x-sentry-auth': `Sentry ${auth('sentry.php/3.18.0', publicKey)}` },
    query: '',
    gzip: false,
    body: line({
      event_id: hex(variant, at),
      timestamp: seconds(at),
      platform: 'php',
      level: 'warning',
      user: { username: user(variant) },
      message: `Slow query on orders (${errorOf(variant)})`,
      transaction: '/orders',
    }),
  }),
};
