import { envelope, envelopeRequest, errorOf, hex, iso, type SdkSample, seconds, user } from './sample-request.ts';

/** NodeJS 7.38.0: envelope, auth in the query only, numeric timestamps; sessions aggregates too. */
export const node: SdkSample = {
  sdk: 'node',
  version: '7.38.0',
  build: ({ publicKey, at, variant }) => {
    const id = hex(variant, at);
    const items: [string, object][] = [
      [
        'event',
        {
          event_id: id,
          timestamp: seconds(at),
          platform: 'node',
          level: 'error',
          release: 'web@2.7.0',
          environment: 'production',
          user: { id: user(variant), ip_address: '{{auto}}' },
          exception: {
            values: [
              {
                type: 'TypeError',
                value: "Cannot read properties of undefined (reading 'id')",
                mechanism: { type: 'onuncaughtexception', handled: false },
                stacktrace: {
                  frames: [
                    {
                      filename: '/srv/app/server.js',
                      module: 'server',
                      function: 'Server.emit',
                      lineno: 40,
                      colno: 12,
                      in_app: true,
                    },
                    {
                      filename: '/srv/app/routes/cart.js',
                      module: 'routes:cart',
                      function: 'addItem',
                      lineno: 17 + errorOf(variant),
                      colno: 9,
                      in_app: true,
                    },
                  ],
                },
              },
            ],
          },
        },
      ],
    ];
    if (variant % 5 === 0)
      items.push([
        'sessions',
        { aggregates: [{ started: iso(at - (at % 60_000)), exited: 3, errored: 1 }], attrs: { release: 'web@2.7.0' } },
      ]);
    return envelopeRequest(
      envelope({ event_id: id, sent_at: iso(at), sdk: { name: 'sentry.javascript.node', version: '7.38.0' } }, items),
      { query: `sentry_key=${publicKey}&sentry_version=7` },
    );
  },
};
