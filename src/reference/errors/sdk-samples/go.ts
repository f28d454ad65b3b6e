import { errorOf, hex, iso, type SdkSample, storeRequest, user } from './sample-request.ts';

/** Go 0.20.0: store endpoint, bare exception array, ISO timestamp with nanoseconds. */
export const go: SdkSample = {
  sdk: 'go',
  version: '0.20.0',
  build: ({ publicKey, at, variant }) =>
    storeRequest('sentry.go/0.20.0', publicKey, {
      event_id: hex(variant, at),
      timestamp: iso(at).replace('Z', '000000Z'),
      platform: 'go',
      level: 'error',
      release: 'v1.4.2',
      user: { id: `${user(variant)}-go` },
      sdk: { name: 'sentry.go', version: '0.20.0' },
      exception: [
        {
          type: '*fs.PathError',
          value: `open /etc/app/config-${errorOf(variant)}.yaml: no such file or directory`,
          stacktrace: {
            frames: [
              { function: 'main', module: 'main', filename: 'main.go', lineno: 21, in_app: true },
              {
                function: 'loadConfig',
                module: 'example.com/app/config',
                filename: 'config.go',
                lineno: 48 + errorOf(variant),
                in_app: true,
              },
            ],
          },
        },
      ],
    }),
};
