/**
 * Starts the local reference server: the demo world over real HTTP, in memory or kept in `dataDir`. The one
 * code path behind `npm run reference` (server-main.ts) and `sunset reference`.
 */
import { mkdir, stat } from 'node:fs/promises';
import { buildBrowserWorld } from './browser/browser-world.ts';
import { buildReferenceData } from './browser/reference-data.ts';
import { SAMPLE_PUBLIC_KEY, seedSampleErrors } from './errors/sample-errors.ts';
import { zlibDecompressor } from './errors/zlib-decompressor.ts';
import { openDataDir } from './host/data-dir.ts';
import { DataDirError } from './host/data-dir-error.ts';
import { ApiError } from './platform/api-error.ts';
import { createReference, type Reference } from './reference.ts';
import { loadReferenceSource } from './reference-source.ts';
import { createReferenceServer, listen } from './server.ts';

/** Options of {@link startReferenceServer}. */
export interface StartOptions {
  /** Port to listen on; 0 picks a free one. 8787 by default. */
  port?: number;
  /** Address to listen on; localhost by default. */
  host?: string;
  /** Keep every accepted request in this directory (created when absent) and load it back on start. */
  dataDir?: string;
  /** Trust a client-sent X-Forwarded-For (behind a proxy). */
  trustProxy?: boolean;
  /** Receives the lines that tell a user where things are (the URL, the collector, the sample DSN). */
  log?: (line: string) => void;
}

/** A running server. */
export interface RunningServer {
  /** Base URL, such as `http://localhost:8787`. */
  url: string;
  /** The reference it serves, for tests. */
  reference: Reference;
  close(): Promise<void>;
}

/** Raised for options that cannot work, such as a data directory that is a file or a port in use. */
export class ReferenceOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceOptionError';
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  const existing = await stat(dataDir).catch(() => undefined);
  if (existing && !existing.isDirectory())
    throw new ReferenceOptionError(
      `--data-dir ${dataDir} exists and is not a directory; pass a directory (it is created when missing)`,
    );
  await mkdir(dataDir, { recursive: true }).catch((error: Error) => {
    throw new ReferenceOptionError(`--data-dir ${dataDir} cannot be created (${error.message}); pass a directory you may write`);
  });
}

/** A data directory's start-up error as an option error (exit 2, one line); anything else is a bug and stays as it is. */
function asOptionError(error: unknown): unknown {
  if (error instanceof DataDirError) return new ReferenceOptionError(`--data-dir: ${error.message}`);
  // A write refused while the world is first written (another process holds the file's write lock).
  if (error instanceof ApiError)
    return new ReferenceOptionError(`--data-dir: ${error.message.replace(/^503 Service Unavailable: /, '')}`);
  return error;
}

/** The reference in memory, with the sample events and errors, as the server has always started. */
async function memoryReference(origin: string): Promise<{ reference: Reference; close(): void }> {
  const { register, repositories, configDir } = await loadReferenceSource();
  const reference = createReference({
    analytics: { repositories, configDir, sample: true },
    errors: { decompress: zlibDecompressor },
    register,
  });
  await seedSampleErrors(reference.errors, reference.platform.clock.now(), origin);
  return { reference, close: () => {} };
}

/**
 * The reference kept in `dir`: state and journal loaded back, every change written before its answer. Built
 * the way the in-browser world is, on a SQLite file instead of IndexedDB.
 */
async function durableReference(dir: string, origin: string): Promise<{ reference: Reference; close(): void }> {
  await prepareDataDir(dir);
  const { register, repositories, configDir } = await loadReferenceSource();
  const dataDir = await openDataDir(dir).catch((error: unknown) => {
    throw asOptionError(error);
  });
  try {
    const data = buildReferenceData({
      entries: register.entries,
      releases: register.releases,
      endpoints: register.endpoints,
      limits: register.limits,
      siteUrl: register.settings.site_url,
      configDir,
      repositories,
    });
    const world = await buildBrowserWorld({
      data,
      snapshot: dataDir.snapshot(),
      journal: dataDir.journal(),
      sink: dataDir,
      origin,
      siteUrl: register.settings.site_url,
      decompress: zlibDecompressor,
    });
    return { reference: world.reference, close: () => dataDir.close() };
  } catch (error) {
    dataDir.close();
    throw asOptionError(error);
  }
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
  const built = options.dataDir ? await durableReference(options.dataDir, origin) : await memoryReference(origin);
  const server = createReferenceServer(built.reference.handlers, {
    trustProxy: options.trustProxy ?? false,
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
