import { envelope, envelopeRequest, hex, iso, type SdkSample, seconds, user } from './sample-request.ts';

/** Rust 0.31.0: envelope with the `dsn` in its header (no auth header), float timestamps, sessions. */
export const rust: SdkSample = {
  sdk: 'rust',
  version: '0.31.0',
  build: ({ dsn, at, variant }) => {
    const id = hex(variant, at);
    return envelopeRequest(
      envelope({ event_id: id, dsn }, [
        [
          'event',
          {
            event_id: id,
            timestamp: seconds(at),
            platform: 'native',
            level: 'fatal',
            release: 'cli@0.9.1',
            user: { id: user(variant) },
            exception: {
              values: [
                {
                  type: 'panic',
                  value: 'called `Option::unwrap()` on a `None` value',
                  stacktrace: {
                    frames: [
                      { function: 'cli::main', filename: 'src/main.rs', lineno: 14, in_app: true },
                      { function: 'cli::parse::args', module: 'cli::parse', filename: 'src/parse.rs', lineno: 52, in_app: true },
                    ],
                  },
                },
              ],
            },
          },
        ],
        [
          'session',
          {
            sid: `${id.slice(0, 8)}-1111-4000-8000-${id.slice(-12)}`,
            started: iso(at),
            status: 'crashed',
            errors: 1,
            attrs: { release: 'cli@0.9.1' },
          },
        ],
      ]),
    );
  },
};
