/** What every SDK sample shares: the request shape and small builders. */

/** A request an SDK would send, before any compression. */
export interface SampleRequest {
  kind: 'store' | 'envelope';
  headers: Record<string, string>;
  /** Query string, without `?`. */
  query: string;
  body: string;
  /** Whether this SDK compresses this body with gzip. */
  gzip: boolean;
}

/** What varies between samples of one SDK. */
export interface SampleInput {
  publicKey: string;
  dsn: string;
  /** Occurrence time, ms since the epoch. */
  at: number;
  /** Picks the error and user, so a run of samples spreads over a few errors and users. */
  variant: number;
}

/** One SDK shape. */
export interface SdkSample {
  sdk: string;
  version: string;
  build(input: SampleInput): SampleRequest;
}

export const hex = (variant: number, at: number): string =>
  `${at.toString(16).padStart(16, '0')}${(variant >>> 0).toString(16).padStart(16, '0')}`.slice(-32);
export const iso = (at: number): string => new Date(at).toISOString();
export const seconds = (at: number): number => at / 1000;
export const line = (value: unknown): string => JSON.stringify(value);

/** An `X-Sentry-Auth` value; Java joins its pairs without spaces. */
export const sentryAuth = (client: string, key: string, separator = ', '): string =>
  `Sentry ${['sentry_version=7', `sentry_client=${client}`, `sentry_key=${key}`].join(separator)}`;

/** A store request: one JSON event, the key in `X-Sentry-Auth`. */
export function storeRequest(client: string, publicKey: string, event: object): SampleRequest {
  const headers = { 'content-type': 'application/json', 'x-sentry-auth': sentryAuth(client, publicKey) };
  return { kind: 'store', headers, query: '', gzip: false, body: line(event) };
}

/** An envelope request; `headers` join the envelope content type. */
export function envelopeRequest(
  body: string,
  { headers = {}, query = '', gzip = false }: { headers?: Record<string, string>; query?: string; gzip?: boolean } = {},
): SampleRequest {
  return { kind: 'envelope', headers: { 'content-type': 'application/x-sentry-envelope', ...headers }, query, gzip, body };
}

/** Joins envelope lines; `withLength` adds the item `length` in bytes, as Java and Python do. */
export function envelope(header: object, items: [string, object][], withLength = false): string {
  const encoder = new TextEncoder();
  const parts = [line(header)];
  for (const [type, payload] of items) {
    const text = line(payload);
    parts.push(line(withLength ? { type, length: encoder.encode(text).length } : { type }), text);
  }
  return `${parts.join('\n')}\n`;
}

const users = ['ada', 'grace', 'linus', 'margaret', 'ken'];
export const user = (variant: number) => users[variant % users.length] as string;
export const errorOf = (variant: number) => variant % 3;
