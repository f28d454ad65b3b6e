/**
 * Stages the package as users install it in a folder of its own: the files the manifest's `files` lists
 * (after the build has written `lib/`), README, licence, and the published manifest (see
 * published-manifest.ts). `npm pack` in that folder makes the tarball; the release commit takes its tree.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publishedManifest } from './published-manifest.ts';

/** The project root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the package is staged, under the project's cache folder. */
export const STAGE = path.join(ROOT, '.cache', 'sunset', 'package');

/** Files npm puts in every package whether `files` lists them or not. */
const ALWAYS = ['README.md', 'LICENSE'];

/** Copies the package's files and writes the published manifest into `stage` (emptied first); returns it. */
export function stagePackage(root: string = ROOT, stage: string = STAGE): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const files = [...((manifest.files as string[] | undefined) ?? []), ...ALWAYS];
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const file of files) {
    const from = path.join(root, file);
    if (!existsSync(from)) throw new Error(`package: ${file} is listed in files but missing; run npm run build:cli first`);
    cpSync(from, path.join(stage, file), { recursive: true });
  }
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
  return stage;
}
