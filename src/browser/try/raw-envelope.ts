/**
 * A Sentry envelope built by hand, for checking a DSN directly: SDKs swallow delivery failures, so after a
 * key is rotated the demo sends one event with the old DSN and one with the new, and shows the answers.
 * The request is what an SDK would send: the envelope address derived from the DSN, the key in
 * `X-Sentry-Auth`, and the DSN in the envelope header.
 */

/** A request ready for `fetch`, and shown as text in the page. */
export interface EnvelopeRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a DSN names, with the envelope address SDKs derive from it. */
export interface DsnTarget {
  publicKey: string;
  projectId: string;
  /** `{scheme}://{host}{path prefix}/api/{project_id}/envelope/`. */
  envelopeUrl: string;
}

/**
 * Reads a DSN (`{scheme}://{public_key}@{host}/{path prefix}/{project_id}`). Throws, saying what is wrong,
 * when it has no key or no project id.
 */
export function dsnTarget(dsn: string): DsnTarget {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error(`"${dsn}" is not a DSN: expected {scheme}://{public_key}@{host}/…/{project_id}`);
  }
  const projectId = /\/(\d+)\/?$/.exec(url.pathname)?.[1];
  if (!url.username || !projectId) {
    throw new Error(`"${dsn}" is not a DSN: it needs a public key before @ and a project id at the end of its path`);
  }
  const prefix = url.pathname.replace(/\/\d+\/?$/, '');
  return {
    publicKey: decodeURIComponent(url.username),
    projectId,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
  };
}

/** An envelope with one message event sent with `dsn`; `eventId` is 32 hex digits, `now` ms since the epoch. */
export function messageEnvelope(dsn: string, message: string, eventId: string, now: number): EnvelopeRequest {
  const target = dsnTarget(dsn);
  const sentAt = new Date(now).toISOString();
  const event = { event_id: eventId, timestamp: now / 1000, platform: 'javascript', level: 'info', message };
  return {
    url: target.envelopeUrl,
    headers: {
      'Content-Type': 'application/x-sentry-envelope',
      'X-Sentry-Auth': `Sentry sentry_version=7, sentry_client=sunset-try/1.0, sentry_key=${target.publicKey}`,
    },
    body: [
      JSON.stringify({ event_id: eventId, sent_at: sentAt, dsn }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
    ].join('\n'),
  };
}
