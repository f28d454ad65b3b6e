/** A reference implementation with the real register and a manual clock, called through its MSW handlers. */
import { getResponse } from 'msw';
import { type ManualClock, manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference, type Reference } from '../../../src/reference/reference.ts';
import type { VersionedRegister } from '../../../src/reference/versioned/versioned-behaviour.ts';
import { loadRegister, type Register } from '../../../src/register/index.ts';

export const BASE = 'http://localhost:8787';
export const SITE = 'https://sunset.example.com';

let loaded: Promise<Register> | undefined;

/** The repository's register, loaded once per test file. */
export const theRegister = (): Promise<Register> => {
  loaded ??= loadRegister();
  return loaded;
};

/** Options for a call. */
export interface CallOptions {
  token?: string;
  /** Sent as `X-Platform-Release`. */
  release?: string;
  /** A JSON body (objects are encoded) or a raw body. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** A test harness. */
export interface Harness {
  reference: Reference;
  clock: ManualClock;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
}

/** Options for a harness. */
export interface HarnessOptions {
  /** The register data; the repository's by default. */
  register?: VersionedRegister;
  /** The reference's own release setting. */
  release?: string;
}

/** Builds a request as a client would send it. */
export function buildRequest(base: string, method: string, path: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('private-token', options.token);
  if (options.release) headers.set('x-platform-release', options.release);
  let body = options.body ?? null;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  return new Request(`${base}${path}`, { method, headers, body });
}

/** Creates a harness whose clock starts at 2025-06-02 09:00 UTC. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = manualClock('2025-06-02T09:00:00Z');
  const register = options.register ?? (await theRegister());
  const reference = createReference({ clock, register, release: options.release });
  return {
    reference,
    clock,
    async call(method, path, callOptions = {}) {
      const response = await getResponse(reference.handlers, buildRequest(BASE, method, path, callOptions));
      if (!response) throw new Error(`no handler for ${method} ${path}`);
      return response;
    },
  };
}

/** The `Link` header value that points at an entry's page. */
export const entryLink = (id: string): string => `<${SITE}/register/${id}/>; rel="deprecation"; type="text/html"`;
