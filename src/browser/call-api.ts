/**
 * Sends a request from the page and keeps both sides for display. On /try/ pages the in-browser reference
 * answers same-origin API paths, so this is the same `fetch` a reader would run against an instance.
 */
import type { ExchangeRequest, ExchangeResponse } from './try/http-exchange.ts';
import { SHOWN_RESPONSE_HEADERS } from './try/http-exchange.ts';

/** A request and its answer; `json` is the parsed body, or undefined when it is not JSON. */
export interface Exchange {
  request: ExchangeRequest;
  response: ExchangeResponse;
  json: unknown;
}

/** What to send: a path on this site (or an absolute URL), headers and an optional JSON body. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as it is (envelopes). */
  body?: string;
}

/** Sends `call` and reads the whole answer. Network failures throw, as `fetch` does. */
export async function callApi(call: ApiCall): Promise<Exchange> {
  const headers: Record<string, string> = { ...call.headers };
  let body = call.body;
  if (call.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const request: ExchangeRequest = { method: call.method, url: new URL(call.path, location.origin).href, headers };
  if (body !== undefined) request.body = body;
  const answer = await fetch(request.url, { method: call.method, headers, body });
  const text = await answer.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const shown = SHOWN_RESPONSE_HEADERS.flatMap((name): [string, string][] => {
    const value = answer.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { request, response: { status: answer.status, statusText: answer.statusText, headers: shown, body: text }, json };
}
