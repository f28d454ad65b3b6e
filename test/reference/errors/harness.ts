/** A reference implementation with a manual clock, called through its MSW handlers, for error-tracking tests. */
import { getResponse } from 'msw';
import type { ErrorTrackingOptions } from '../../../src/reference/errors/module.ts';
import { type ManualClock, manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference, type Reference } from '../../../src/reference/reference.ts';

export const BASE = 'http://localhost:8787';
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** Options for a call. */
export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  body?: BodyInit | Uint8Array;
}

/** A test harness. */
export interface Harness {
  reference: Reference;
  clock: ManualClock;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** Creates a client key through the API and returns its public key and DSN. */
  createKey(projectId?: number): Promise<{ id: number; public_key: string; sentry_dsn: string }>;
  /** Posts an envelope built from lines (objects are JSON-encoded) with `?sentry_key=`. */
  sendEnvelope(publicKey: string, lines: unknown[], projectId?: number): Promise<Response>;
  /** Posts one event to the store endpoint with X-Sentry-Auth. */
  sendEvent(publicKey: string, event: unknown, projectId?: number): Promise<Response>;
  /** GETs JSON with the read token. */
  getJson<T = unknown>(path: string): Promise<T>;
}

/** Builds envelope text from lines; objects are JSON-encoded, strings kept as they are. */
export const envelopeText = (lines: unknown[]): string =>
  lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');

/** Creates a harness whose clock starts at `start`. */
export function createHarness(start = '2025-03-10T12:30:00Z', errors: ErrorTrackingOptions = {}): Harness {
  const clock = manualClock(start);
  let counter = 0;
  const reference = createReference({
    clock,
    errors: { newPublicKey: () => `${(++counter).toString(16).padStart(32, '0')}`, ...errors },
  });
  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const headers = new Headers(options.headers);
    if (options.token) headers.set('private-token', options.token);
    const request = new Request(`${BASE}${path}`, { method, headers, body: (options.body as BodyInit | undefined) ?? null });
    const response = await getResponse(reference.handlers, request);
    if (!response) throw new Error(`no handler for ${method} ${path}`);
    return response;
  };
  return {
    reference,
    clock,
    call,
    async createKey(projectId = 1) {
      const response = await call('POST', `/api/v4/projects/${projectId}/error_tracking/client_keys`, {
        token: 'demo-maintainer-token',
      });
      if (response.status !== 201) throw new Error(`key creation failed: ${await response.text()}`);
      return response.json();
    },
    sendEnvelope: (publicKey, lines, projectId = 1) =>
      call('POST', `/api/v4/error_tracking/collector/api/${projectId}/envelope/?sentry_key=${publicKey}`, {
        body: envelopeText(lines),
      }),
    sendEvent: (publicKey, event, projectId = 1) =>
      call('POST', `/api/v4/error_tracking/collector/api/${projectId}/store/`, {
        headers: { 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=test/1.0, sentry_key=${publicKey}` },
        body: JSON.stringify(event),
      }),
    async getJson(path) {
      const response = await call('GET', path, { token: 'demo-read-token' });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
  };
}

/** An exception event thrown from `fn` in `module`. */
export function exceptionEvent(type: string, fn: string, module = 'app', extra: Record<string, unknown> = {}) {
  return {
    platform: 'node',
    exception: {
      values: [
        {
          type,
          value: `${type} in ${fn}`,
          stacktrace: {
            frames: [
              { function: 'main', module: 'main', filename: 'main.js', lineno: 1 },
              { function: fn, module, filename: `${module}.js`, lineno: 10, colno: 3 },
            ],
          },
        },
      ],
    },
    ...extra,
  };
}
