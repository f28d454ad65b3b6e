/**
 * The two ways the real-SDK tests reach the reference implementation: the local HTTP server on a free
 * port (real sockets), or MSW's Node interception (`setupServer`) of the same handlers.
 */
import type { Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { setupServer } from 'msw/node';
import { createReference, type Reference } from '../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../src/reference/server.ts';

/** A running host: its base URL, a JSON reader with the read token, and a way to stop it. */
export interface ReferenceHost {
  reference: Reference;
  baseUrl: string;
  /** Creates a client key for project 1 and returns its DSN. */
  createDsn(): Promise<string>;
  getJson<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

async function fetchJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

function host(reference: Reference, baseUrl: string, close: () => Promise<void>): ReferenceHost {
  return {
    reference,
    baseUrl,
    createDsn: async () =>
      (
        await fetchJson<{ sentry_dsn: string }>(`${baseUrl}/api/v4/projects/1/error_tracking/client_keys`, {
          method: 'POST',
          headers: { 'private-token': 'demo-maintainer-token', 'content-type': 'application/json' },
        })
      ).sentry_dsn,
    getJson: (path) => fetchJson(`${baseUrl}${path}`, { headers: { 'private-token': 'demo-read-token' } }),
    close,
  };
}

/** Starts the local HTTP server on a free port. */
export async function startHttpHost(): Promise<ReferenceHost> {
  const reference = createReference();
  const server: Server = createReferenceServer(reference.handlers);
  const baseUrl = await listen(server, 0);
  return host(reference, baseUrl, () => new Promise((resolve) => server.close(() => resolve())));
}

/** Intercepts requests to an address nothing listens on with MSW's Node server. */
export function startMswHost(baseUrl = 'http://errors.reference.test:9000'): ReferenceHost {
  const reference = createReference();
  const server = setupServer(...reference.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  // MSW patches node:http's CommonJS exports; ES modules that did `import * as http from 'node:http'`
  // (as @sentry/node 10's transport does) see the patch only once the builtin ESM exports are synced.
  syncBuiltinESMExports();
  return host(reference, baseUrl, async () => {
    server.close();
    syncBuiltinESMExports();
  });
}
