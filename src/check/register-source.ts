import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegister, type Register } from '../register/register.ts';
import { BUNDLE_PATH, bundleIsFresh, readBundle } from './register-bundle.ts';

/** The project root: where `content/` and the bundle live. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A register and where it came from, for `--verbose`. */
export interface LoadedRegister {
  register: Register;
  source: 'bundle' | 'content';
  /** The register folders merged in (`--register`), as absolute paths: a scan leaves them out. */
  folders?: readonly string[];
}

/**
 * The register the CLI checks against: the bundle when it exists and is not older than any content
 * file (fast), else the content files themselves (always right). Invalid content throws a
 * `ContentError` listing every problem.
 */
export async function loadCliRegister(root: string = PROJECT_ROOT): Promise<LoadedRegister> {
  const bundleFile = path.join(root, BUNDLE_PATH);
  const contentDir = path.join(root, 'content');
  if (bundleIsFresh(bundleFile, contentDir)) {
    const data = await readBundle(bundleFile);
    if (data) return { register: createRegister(data), source: 'bundle' };
  }
  // Loaded on demand: parsing and validating content pulls in the YAML reader and every schema.
  const { loadRegister } = await import('../register/index.ts');
  return { register: await loadRegister(contentDir), source: 'content' };
}
