/**
 * Starts the local reference server: the demo world over real HTTP, in memory or kept in `dataDir`. The one
 * code path behind `npm run reference` (server-main.ts) and `sunset reference`.
 */
import { SAMPLE_PUBLIC_KEY } from './errors/sample-errors.ts';
import { durableReference, memoryReference } from './host/built-reference.ts';
import { ReferenceOptionError } from './host/reference-option-error.ts';
import type { Reference } from './reference.ts';
import { loadReferenceSource, type ReferenceSource } from './reference-source.ts';
import { createReferenceServer, listen } from './server.ts';

export { ReferenceOptionError };

/** Options of {@link startReferenceServer}. */
export interface StartOptions {
  /** Port to listen on; 0 picks a free one. 8787 by default. */
  port?: number;
  /** Address to listen on; localhost by default. */
  host?: string;
  /** Keep every accepted request in this directory (created when absent) and load it back on start. */
  dataDir?: string;
  /**
   * How many proxies in front set `X-Forwarded-For`: the client is the address that many hops from the right
   * (0, the default: the socket's address, and the header is ignored).
   */
  trustProxy?: number;
  /** Origins the collector answers with credentials, so trackers there may send its cookie; none by default. */
  allowOrigins?: readonly string[];
  /** The register and fixture repositories, when already loaded (tests start many servers); read from `content/` otherwise. */
  source?: ReferenceSource;
  /** Seed the sample events, errors and key; true by default (a data directory seeds them on its first start only). */
  sample?: boolean;
  /** Receives the lines that tell a user where things are (the URL, the collector, the sample DSN). */
  log?: (line: string) => void;
}

/** A running server. */
export interface RunningServer {
  /** Base URL, such as `http://localhost:8787`. */
  url: string;
  /** The reference it serves, for tests. */
  reference: Reference;
  /** What the start had to say besides where things are (rows of the data directory it quarantined). */
  notices: string[];
  close(): Promise<void>;
}

/** Starts the server and resolves once it listens. */
export async function startReferenceServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ReferenceOptionError(`port ${port} is not a whole number from 0 to 65535`);
  }
  const host = options.host ?? 'localhost';
  // The sample DSN names the address the server answers on; with port 0 that is known only after listening,
  // so the nominal address is used for it and every DSN created later names the real one.
  const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port === 0 ? 8787 : port}`;
  const source = options.source ?? (await loadReferenceSource());
  const build = { origin, sample: options.sample ?? true, collectorOrigins: options.allowOrigins ?? [] };
  const built = options.dataDir ? await durableReference(options.dataDir, source, build) : await memoryReference(source, build);
  const server = createReferenceServer(built.reference.handlers, {
    trustProxy: options.trustProxy ?? 0,
    // SDK ingestion skips MSW in Node; the MSW handler and this route call the same answerIngestion.
    ingest: built.reference.errors.answerIngestion,
  });
  const url = await listen(server, port, host).catch((error: NodeJS.ErrnoException) => {
    built.close();
    throw new ReferenceOptionError(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`);
  });
  const log = options.log ?? (() => {});
  const { reference } = built;
  log(`reference implementation listening on ${url}`);
  log(options.dataDir ? `keeping data in ${options.dataDir}` : 'keeping data in memory (pass --data-dir DIR to keep it)');
  for (const notice of built.notices) log(notice);
  log(
    `product analytics: ${reference.analytics.state.store(1).size} events in demo-app; collector ${url}/com.snowplowanalytics.snowplow/tp2 (app id demo-app)`,
  );
  log(
    `error tracking: demo-app's sample DSN is ${url.replace('://', `://${SAMPLE_PUBLIC_KEY}@`)}/api/v4/error_tracking/collector/1`,
  );
  log(
    `versioned behaviour: answering as ${reference.versioned?.behaviour.releases.fallback}; pick another release per request with the X-Platform-Release header`,
  );
  return {
    url,
    reference,
    notices: built.notices,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          built.close();
          resolve();
        });
      }),
  };
}
