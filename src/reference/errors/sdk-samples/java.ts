import { envelope, envelopeRequest, hex, iso, type SdkSample, sentryAuth, user } from './sample-request.ts';

/** Java 6.18.1: envelope with item lengths, X-Sentry-Auth without spaces, `{formatted}` messages. */
export const java: SdkSample = {
  sdk: 'java',
  version: '6.18.1',
  build: ({ publicKey, at, variant }) => {
    const id = hex(variant, at);
    const event =
      variant % 2 === 0
        ? {
            exception: {
              values: [
                {
                  type: 'NullPointerException',
                  module: 'java.lang',
                  value: 'Cannot invoke "Order.total()" because "order" is null',
                  stacktrace: {
                    frames: [
                      { module: 'com.example.shop.Main', function: 'main', filename: 'Main.java', lineno: 12, in_app: true },
                      {
                        module: 'com.example.shop.Checkout',
                        function: 'pay',
                        filename: 'Checkout.java',
                        lineno: 87,
                        in_app: true,
                      },
                    ],
                  },
                },
              ],
            },
          }
        : // At least twice, so the message reads right with the template's plural "times".
          { message: { formatted: `Payment retried ${(variant % 4) + 2} times`, message: 'Payment retried %d times' } };
    return envelopeRequest(
      envelope(
        { event_id: id, sdk: { name: 'sentry.java', version: '6.18.1' } },
        [
          [
            'event',
            {
              event_id: id,
              timestamp: iso(at),
              platform: 'java',
              level: 'error',
              user: { email: `${user(variant)}@example.com` },
              ...event,
            },
          ],
        ],
        true,
      ),
      { headers: { 'x-sentry-auth': sentryAuth('sentry.java/6.18.1', publicKey, ',') } },
    );
  },
};
