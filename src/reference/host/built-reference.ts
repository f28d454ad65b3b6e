/**
 * The reference a local server serves: in memory (the demo world and its sample, afresh on every start), or
 * kept in a data directory (state and journal loaded back, every change written before its answer), built
 * the way the in-browser world is, on a SQLite file instead of IndexedDB.
 */
import { mkdir, stat } from 'node:fs/promises';
import { buildBrowserWorld } from '../browser/browser-world.ts';
import { buildReferenceData } from '../browser/reference-data.ts';
import { seedSampleErrors } from '../errors/sample-errors.ts';
import { zlibDecompressor } from '../errors/zlib-decompressor.ts';
import { ApiError } from '../platform/api-error.ts';
import { createReference, type Reference } from '../reference.ts';
import type { ReferenceSource } from '../reference-source.ts';
import { openDataDir } from './data-dir.ts';
import { DataDirError } from './data-dir-error.ts';
import { gatheringSink } from './gathering-sink.ts';
import { INGESTION_BOUNDS } from './ingestion-bounds.ts';
import { ReferenceOptionError } from './reference-option-error.ts';

/** What a built reference needs besides its source. */
export interface BuildOptions {
  /** The origin the sample DSN names. */
  origin: string;
  /** Seed the sample events, errors and key (on a data directory's first start only); true by default. */
  sample: boolean;
  /** Origins the collector answers with credentials (its cookie). */
  collectorOrigins: readonly string[];
}

/** A reference and how to let go of what it holds. */
export interface BuiltReference {
  reference: Reference;
  /** Lines a start has to tell its user besides where things are: rows of a data directory it quarantined. */
  notices: string[];
  close(): void;
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

/** The reference in memory, with the sample events and errors unless told otherwise. */
export async function memoryReference(source: ReferenceSource, options: BuildOptions): Promise<BuiltReference> {
  const { register, repositories, configDir } = source;
  const reference = createReference({
    analytics: {
      repositories,
      configDir,
      sample: options.sample,
      collectorOrigins: options.collectorOrigins,
      ...INGESTION_BOUNDS.analytics,
    },
    errors: { decompress: zlibDecompressor, ...INGESTION_BOUNDS.errors },
    register,
  });
  if (options.sample) await seedSampleErrors(reference.errors, reference.platform.clock.now(), options.origin);
  return { reference, notices: [], close: () => {} };
}

/** The reference kept in `dir`. Every start-up problem of the directory is a {@link ReferenceOptionError}. */
export async function durableReference(dir: string, source: ReferenceSource, options: BuildOptions): Promise<BuiltReference> {
  await prepareDataDir(dir);
  const { register, repositories, configDir } = source;
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
    // What building writes (on a first start: the sample's usage counts, its errors and key) is one commit,
    // so a start that fails half-way keeps nothing of it.
    const sink = gatheringSink(dataDir);
    // The replay lets go of groups as the server did: written to their archive in one transaction, not one each.
    const world = await dataDir.errorGroups.inOneTransaction(() =>
      buildBrowserWorld({
        data,
        snapshot: dataDir.snapshot(),
        journal: dataDir.journal(),
        sink,
        origin: options.origin,
        siteUrl: register.settings.site_url,
        decompress: zlibDecompressor,
        sample: options.sample,
        collectorOrigins: options.collectorOrigins,
        bounds: INGESTION_BOUNDS,
        errorGroups: dataDir.errorGroups,
      }),
    );
    sink.flush();
    const quarantined = dataDir.quarantined();
    return { reference: world.reference, notices: quarantined ? [quarantined] : [], close: () => dataDir.close() };
  } catch (error) {
    dataDir.close();
    throw asOptionError(error);
  }
}
