/**
 * Starts the reference implementation as an HTTP server: the one code path behind `npm run reference` and
 * `sunset reference`, seeded with the demo world and its sample data.
 */
import { mkdir, stat } from 'node:fs/promises';
import { SAMPLE_PUBLIC_KEY, seedSampleErrors } from './errors/sample-errors.ts';
import { zlibDecompressor } from './errors/zlib-decompressor.ts';
import { createReference } from './reference.ts';
import { loadReferenceSource } from './reference-source.ts';
import { createReferenceServer, listen } from './server.ts';

/** How to start the server. */
export interface ReferenceServerOptions {
  /** TCP port; 0 picks a free one. Default 8787. */
  port?: number;
  /** Interface to listen on. Default `localhost`. */
  host?: string;
  /**
   * Folder for the server's state between runs: created when missing, refused when it is a file. What is
   * stored there is the reference's own storage; without it, state lives in memory.
   */
  dataDir?: string;
  /** Whether `X-Forwarded-For` from a proxy in front names the client (for per-client limits). */
  trustProxy?: boolean;
  /** Receives the lines that tell a user where things are (the URL, the collector, the sample DSN). */
  log?: (line: string) => void;
}

/** A running server. */
export interface RunningReferenceServer {
  /** Base URL, such as `http://localhost:8787`. */
  url: string;
  close(): Promise<void>;
}

/** Raised for options that cannot work, such as a data directory that is a file. */
export class ReferenceOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceOptionError';
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  const existing = await stat(dataDir).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new ReferenceOptionError(`--data-dir ${dataDir} exists and is not a directory`);
  await mkdir(dataDir, { recursive: true }).catch((error: Error) => {
    throw new ReferenceOptionError(`--data-dir ${dataDir} cannot be created: ${error.message}`);
  });
}

/** Builds the reference from its data, seeds the sample errors and listens. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const port = options.port ?? 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ReferenceOptionError(`port ${port} is not a whole number from 0 to 65535`);
  }
  if (options.dataDir !== undefined) await prepareDataDir(options.dataDir);
  const source = await loadReferenceSource();
  const reference = createReference({
    analytics: { repositories: source.repositories, configDir: source.configDir, sample: true },
    errors: { decompress: zlibDecompressor },
    register: source.register,
  });
  await seedSampleErrors(reference.errors, reference.platform.clock.now());
  const server = createReferenceServer(reference.handlers);
  const url = await listen(server, port, options.host ?? 'localhost').catch((error: NodeJS.ErrnoException) => {
    throw new ReferenceOptionError(`cannot listen on ${options.host ?? 'localhost'}:${port}: ${error.code ?? error.message}`);
  });
  const log = options.log ?? (() => {});
  log(`reference implementation listening on ${url}`);
  log(
    `product analytics: ${reference.analytics.state.store(1).size} sample events in demo-app; collector ${url}/com.snowplowanalytics.snowplow/tp2 (app id demo-app)`,
  );
  log(
    `error tracking: demo-app's sample DSN is ${url.replace('://', `://${SAMPLE_PUBLIC_KEY}@`)}/api/v4/error_tracking/collector/1`,
  );
  log(
    `versioned behaviour: answering as ${reference.versioned?.behaviour.releases.fallback}; pick another release per request with the X-Platform-Release header`,
  );
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
