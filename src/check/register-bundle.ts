import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RegisterData } from '../register/load.ts';

/** Raised when the bundle's layout changes, so an old bundle is never misread. */
const BUNDLE_FORMAT = 1;

/**
 * Where the CLI's bundle of validated register data lives, under the project root. Not `dist/`: the
 * site build owns that folder (and publishes its own `/register.json` there).
 */
export const BUNDLE_PATH = path.join('.cache', 'sunset', 'register.json');

interface BundleFile {
  format: number;
  data: Omit<RegisterData, 'sources'> & { sources: [string, string][] };
}

/** Writes validated register data as the CLI's bundle. */
export async function writeBundle(file: string, data: RegisterData): Promise<void> {
  const bundle: BundleFile = { format: BUNDLE_FORMAT, data: { ...data, sources: [...data.sources] } };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(bundle)}\n`);
}

/** Reads a bundle written by {@link writeBundle}; undefined when it is missing or of another format. */
export async function readBundle(file: string): Promise<RegisterData | undefined> {
  let bundle: BundleFile;
  try {
    bundle = JSON.parse(await readFile(file, 'utf8')) as BundleFile;
  } catch {
    return undefined;
  }
  if (bundle?.format !== BUNDLE_FORMAT) return undefined;
  return { ...bundle.data, sources: new Map(bundle.data.sources) };
}

/**
 * The newest modification time among a directory's files (recursively), or 0 when it does not exist.
 * Synchronous: a few hundred `stat` calls are faster in a row than through the thread pool.
 */
function newestChange(directory: string): number {
  let names: string[];
  try {
    names = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  let newest = 0;
  for (const name of names)
    newest = Math.max(newest, statSync(path.join(directory, name), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return newest;
}

/** Whether a bundle exists and is at least as new as every content file. */
export function bundleIsFresh(file: string, contentDir: string): boolean {
  const bundleTime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (bundleTime === undefined) return false;
  return bundleTime >= newestChange(contentDir);
}
