/**
 * The data the package carries instead of `content/`: the validated register and the demo projects'
 * fixture repositories, written by scripts/build-cli.ts next to the compiled code, or inlined into the
 * one-file `sunset.mjs`. Only built code imports this module.
 *
 * It comes in two files. `sunset-data.json` holds what every command reads, `sunset check` included: the
 * entries, error conditions, releases and settings. `sunset-data-more.json` holds the rest (areas,
 * endpoints, limits, flags, SDKs, sources and the fixture repositories) and is read when one of those is
 * first read, so a check, which reads none of them, does not parse the 40 % of the data it never uses.
 */
import { readFileSync } from 'node:fs';
import type { RegisterData } from '../register/load.ts';

/** Set by the build: each data file's text in `sunset.mjs`, `undefined` in the package's `lib/`. */
declare const SUNSET_INLINE_DATA: string | undefined;
declare const SUNSET_INLINE_MORE_DATA: string | undefined;

/** The data file in `lib/` with what every command reads. */
export const PACKAGED_DATA_FILE = 'sunset-data.json';

/** The data file in `lib/` with the rest, read on first use. */
export const PACKAGED_MORE_DATA_FILE = 'sunset-data-more.json';

/** Raised when the layout changes, so a mismatched data file fails with a message. */
export const PACKAGED_DATA_FORMAT = 2;

/** The fields of the register in the first file. */
export const PACKAGED_DATA_FIELDS = ['entries', 'errors', 'releases', 'settings'] as const;

type FirstField = (typeof PACKAGED_DATA_FIELDS)[number];

/** `sunset-data.json` as written. */
export interface PackagedDataFile {
  format: number;
  register: Pick<RegisterData, FirstField>;
  /** The digest of the register (see `registerVersion`), computed when the package was built. */
  registerVersion: string;
}

/** `sunset-data-more.json` as written: maps as entry lists, because JSON has none. */
export interface PackagedMoreDataFile {
  format: number;
  register: Omit<RegisterData, FirstField | 'sources'> & { sources: [string, string][] };
  /** Each demo project's fixture repository (path → text), by project id. */
  repositories: Record<string, Record<string, string>>;
}

/** The data, read once per process; the fields of the second file are read when first read. */
export interface PackagedData {
  register: RegisterData;
  /** The register's digest, as built. */
  registerVersion: string;
  repositories: Record<number, Map<string, string>>;
}

let cached: Promise<PackagedData> | undefined;

function parse<File extends { format: number }>(inline: string | undefined, name: string): File {
  // Read synchronously: the first asynchronous file read of a process starts libuv's thread pool, which
  // costs a `sunset check` more than the read itself.
  const text = typeof inline === 'string' ? inline : readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
  const file = JSON.parse(text) as File;
  if (file.format !== PACKAGED_DATA_FORMAT) {
    throw new Error(`${name}: format ${file.format}, expected ${PACKAGED_DATA_FORMAT}; reinstall the package`);
  }
  return file;
}

async function read(): Promise<PackagedData> {
  const first = parse<PackagedDataFile>(SUNSET_INLINE_DATA, PACKAGED_DATA_FILE);
  let more: { register: Omit<RegisterData, FirstField>; repositories: PackagedData['repositories'] } | undefined;
  const rest = () => {
    if (more) return more;
    const file = parse<PackagedMoreDataFile>(SUNSET_INLINE_MORE_DATA, PACKAGED_MORE_DATA_FILE);
    more = {
      register: { ...file.register, sources: new Map(file.register.sources) },
      repositories: Object.fromEntries(
        Object.entries(file.repositories).map(([id, files]) => [Number(id), new Map(Object.entries(files))]),
      ),
    };
    return more;
  };
  return {
    registerVersion: first.registerVersion,
    register: {
      ...first.register,
      get areas() {
        return rest().register.areas;
      },
      get endpoints() {
        return rest().register.endpoints;
      },
      get limits() {
        return rest().register.limits;
      },
      get flags() {
        return rest().register.flags;
      },
      get sdks() {
        return rest().register.sdks;
      },
      get sources() {
        return rest().register.sources;
      },
    },
    get repositories() {
      return rest().repositories;
    },
  };
}

/** The package's data. */
export function packagedData(): Promise<PackagedData> {
  cached ??= read();
  return cached;
}
