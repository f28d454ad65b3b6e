/**
 * The data the package carries instead of `content/`: the validated register and the demo projects'
 * fixture repositories, written by scripts/build-cli.ts as `sunset-data.json` next to the compiled code, or
 * inlined into the one-file `sunset.mjs`. Only built code imports this module.
 */
import { readFileSync } from 'node:fs';
import type { RegisterData } from '../register/load.ts';

/** Set by the build: the data file's text in `sunset.mjs`, `undefined` in the package's `lib/`. */
declare const SUNSET_INLINE_DATA: string | undefined;

/** The name of the data file in `lib/`. */
export const PACKAGED_DATA_FILE = 'sunset-data.json';

/** Raised when the layout changes, so a mismatched data file fails with a message. */
export const PACKAGED_DATA_FORMAT = 1;

/** The file as written: maps as entry lists, because JSON has none. */
export interface PackagedDataFile {
  format: number;
  register: Omit<RegisterData, 'sources'> & { sources: [string, string][] };
  /** Each demo project's fixture repository (path → text), by project id. */
  repositories: Record<string, Record<string, string>>;
}

/** The data, read once per process. */
export interface PackagedData {
  register: RegisterData;
  repositories: Record<number, Map<string, string>>;
}

let cached: Promise<PackagedData> | undefined;

// Read synchronously: the first asynchronous file read of a process starts libuv's thread pool, which costs
// a `sunset check` more than the read itself.
async function read(): Promise<PackagedData> {
  const text =
    typeof SUNSET_INLINE_DATA === 'string'
      ? SUNSET_INLINE_DATA
      : readFileSync(new URL(`./${PACKAGED_DATA_FILE}`, import.meta.url), 'utf8');
  const file = JSON.parse(text) as PackagedDataFile;
  if (file.format !== PACKAGED_DATA_FORMAT) {
    throw new Error(`${PACKAGED_DATA_FILE}: format ${file.format}, expected ${PACKAGED_DATA_FORMAT}; reinstall the package`);
  }
  return {
    register: { ...file.register, sources: new Map(file.register.sources) },
    repositories: Object.fromEntries(
      Object.entries(file.repositories).map(([id, files]) => [Number(id), new Map(Object.entries(files))]),
    ),
  };
}

/** The package's data. */
export function packagedData(): Promise<PackagedData> {
  cached ??= read();
  return cached;
}
