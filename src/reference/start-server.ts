/**
 * Starts the local reference server: the demo world over real HTTP, in memory or kept in `dataDir`. Shared by
 * `npm run reference` (server-main.ts) and `sunset reference`.
 */
import path from 'node:path';
import { loadRegister } from '../register/index.ts';
import { readConfigDir, readFixtureRepositories } from './analytics/repository/read-fixture-repositories.ts';
import { buildBrowserWorld } from './browser/browser-world.ts';
import { buildReferenceData } from './browser/reference-data.ts';
import { seedSampleErrors } from './errors/sample-errors.ts';
import { zlibDecompressor } from './errors/zlib-decompressor.ts';
import { openDataDir } from './host/data-dir.ts';
import { demoFixtures } from './platform/world.ts';
import { createReference, type Reference } from './reference.ts';
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
}

/** A running server. */
export interface RunningServer {
  url: string;
  /** The reference it serves, for the start-up summary and tests. */
  reference: Reference;
  close(): Promise<void>;
}

const CONTENT_DIR = path.resolve(import.meta.dirname, '../../content');

/** Reads the register and the demo projects' fixture repositories. */
async function referenceInputs() {
  const register = await loadRegister(CONTENT_DIR);
  const repositories = await readFixtureRepositories(CONTENT_DIR, demoFixtures().projects);
  const configDir = await readConfigDir(CONTENT_DIR);
  return { register, repositories, configDir };
}

/** The reference in memory, with the sample events and errors, as the server has always started. */
async function memoryReference(origin: string): Promise<{ reference: Reference; close(): void }> {
  const { register, repositories, configDir } = await referenceInputs();
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
  const dataDir = await openDataDir(dir);
  const { register, repositories, configDir } = await referenceInputs();
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
    record: (entry) => dataDir.record(entry),
    origin,
    siteUrl: register.settings.site_url,
    decompress: zlibDecompressor,
  });
  return { reference: world.reference, close: () => dataDir.close() };
}

/** Starts the server and resolves once it listens. */
export async function startReferenceServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? 8787;
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
  const url = await listen(server, port, host);
  return {
    url,
    reference: built.reference,
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
