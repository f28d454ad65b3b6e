import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './register-source.ts';

/** The version in package.json, which `--version` prints and reports carry. */
export function sunsetVersion(root: string = PROJECT_ROOT): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
