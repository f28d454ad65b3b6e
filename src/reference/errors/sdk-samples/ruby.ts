import { envelope, envelopeRequest, hex, iso, type SdkSample, seconds, sentryAuth } from './sample-request.ts';

/** Ruby 5.9.0: envelope with an empty Content-Encoding and a client report to skip. */
export const ruby: SdkSample = {
  sdk: 'ruby',
  version: '5.9.0',
  build: ({ publicKey, at, variant }) => {
    const id = hex(variant, at);
    return envelopeRequest(
      envelope({ event_id: id, sent_at: iso(at) }, [
        [
          'event',
          {
            event_id: id,
            timestamp: iso(at),
            platform: 'ruby',
            level: 'error',
            user: { id: variant % 7 },
            transaction: 'OrdersController#create',
            exception: { values: [{ type: 'ActiveRecord::RecordInvalid', value: 'Validation failed: Email is invalid' }] },
          },
        ],
        [
          'client_report',
          { timestamp: seconds(at), discarded_events: [{ reason: 'queue_overflow', category: 'error', quantity: 1 }] },
        ],
      ]),
      { headers: { 'content-encoding': '', 'x-sentry-auth': sentryAuth('sentry-ruby/5.9.0', publicKey) } },
    );
  },
};
