import { errorOf, hex, type SdkSample, seconds, storeRequest, user } from './sample-request.ts';

/** PHP 3.18.0: store endpoint, float timestamps, plain messages. */
export const php: SdkSample = {
  sdk: 'php',
  version: '3.18.0',
  build: ({ publicKey, at, variant }) =>
    storeRequest('sentry.php/3.18.0', publicKey, {
      event_id: hex(variant, at),
      timestamp: seconds(at),
      platform: 'php',
      level: 'warning',
      user: { username: user(variant) },
      message: `Slow query on orders (${errorOf(variant)})`,
      transaction: '/orders',
    }),
};
