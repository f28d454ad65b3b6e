import { envelope, envelopeRequest, hex, iso, type SdkSample, sentryAuth } from './sample-request.ts';

/** Python 1.21.0: gzip envelope with item lengths, `logentry` messages and `session` items. */
export const python: SdkSample = {
  sdk: 'python',
  version: '1.21.0',
  build: ({ publicKey, at, variant }) => {
    const id = hex(variant, at);
    const event =
      variant % 2 === 0
        ? {
            exception: {
              values: [
                {
                  type: 'ZeroDivisionError',
                  value: 'division by zero',
                  stacktrace: {
                    frames: [
                      { module: 'app.views', function: 'report', filename: 'app/views.py', lineno: 33, in_app: true },
                      { module: 'app.stats', function: 'ratio', filename: 'app/stats.py', lineno: 9, in_app: true },
                    ],
                  },
                },
              ],
            },
          }
        : { logentry: { message: 'Cache miss storm on %s', params: ['home'], formatted: 'Cache miss storm on home' } };
    const session = {
      sid: `${id.slice(0, 8)}-0000-4000-8000-${id.slice(-12)}`,
      init: true,
      started: iso(at),
      status: variant % 4 === 1 ? 'errored' : 'exited',
      errors: 1,
      attrs: { release: 'api@3.1.0', environment: 'production' },
    };
    return envelopeRequest(
      envelope(
        { event_id: id, sent_at: iso(at) },
        [
          [
            'event',
            {
              event_id: id,
              timestamp: iso(at).replace('Z', '000Z'),
              platform: 'python',
              level: 'error',
              release: 'api@3.1.0',
              user: { ip_address: `203.0.113.${variant % 250}` },
              ...event,
            },
          ],
          ['session', session],
        ],
        true,
      ),
      {
        headers: { 'content-encoding': 'gzip', 'x-sentry-auth': sentryAuth('sentry.python/1.21.0', publicKey) },
        gzip: true,
      },
    );
  },
};
