/**
 * A request and its answer as the demos show them: the request line, the headers that matter and the
 * body, then the status and the body, pretty-printed when it is JSON. Showing the exact exchange is the
 * point of the demos: the reader sees the call they would make against a real instance.
 */

/** A request as sent. */
export interface ExchangeRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** An answer as received. */
export interface ExchangeResponse {
  status: number;
  statusText: string;
  /** The headers worth showing (content type, `Link`, …), lower-case names. */
  headers: [string, string][];
  /** The body as text. */
  body: string;
}

/** Response headers a reader of the demos cares about; the rest are transport detail. */
export const SHOWN_RESPONSE_HEADERS = ['content-type', 'link', 'location', 'retry-after', 'x-sentry-rate-limits'];

/** Reason phrases for the statuses the reference answers, for bodies from hosts that send none. */
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

/** The body pretty-printed when it is JSON, else as it came. */
export function prettyBody(body: string): string {
  if (body.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The request as text; the URL is written as a path when it is on `origin`. */
export function requestText(request: ExchangeRequest, origin: string): string {
  const url = new URL(request.url);
  const target = url.origin === origin ? `${url.pathname}${url.search}` : url.href;
  const lines = [`${request.method} ${target}`, ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`)];
  return request.body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${prettyBody(request.body)}`;
}

/** The status line of an answer: `401 Unauthorized`. */
export function statusLine(response: Pick<ExchangeResponse, 'status' | 'statusText'>): string {
  return `${response.status} ${response.statusText || REASONS[response.status] || ''}`.trim();
}

/** The answer as text: status line, the shown headers, then the body. */
export function responseText(response: ExchangeResponse): string {
  const head = [statusLine(response), ...response.headers.map(([name, value]) => `${name}: ${value}`)].join('\n');
  const body = prettyBody(response.body);
  return body === '' ? head : `${head}\n\n${body}`;
}
