import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The ignore files read in every directory: Git's, then Sunset's own (which can only add to Git's). */
export const IGNORE_FILES = ['.gitignore', '.sunsetignore'] as const;

/** The rules of one ignore file, applying below its directory. */
export interface IgnoreLayer {
  /** Absolute directory the rules are relative to. */
  base: string;
  rules: Ignore;
}

/** Reads the ignore files of a directory, if any, as layers. */
export function layersOf(directory: string, names: readonly string[] = IGNORE_FILES): IgnoreLayer[] {
  const layers: IgnoreLayer[] = [];
  for (const name of names) {
    const file = path.join(directory, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    layers.push({ base: directory, rules: ignore().add(text) });
  }
  return layers;
}

/**
 * Whether a path is ignored by a stack of layers, outermost first. A deeper layer can re-include what an
 * outer one ignored (`!pattern`), as in Git; a path is never re-included from inside an ignored directory
 * because the walk does not enter it.
 */
export function isIgnored(layers: readonly IgnoreLayer[], absolute: string, directory: boolean): boolean {
  let ignored = false;
  for (const layer of layers) {
    const relative = path.relative(layer.base, absolute).split(path.sep).join('/');
    if (relative === '' || relative.startsWith('..')) continue;
    const result = layer.rules.test(directory ? `${relative}/` : relative);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** The nearest directory at or above `start` that holds `.git`, or undefined outside a repository. */
export function repositoryRoot(start: string): string | undefined {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, '.git'))) return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}

/**
 * The layers that apply to a scan root from above it: `.git/info/exclude` and the ignore files of every
 * directory from the repository root down to (not including) the scan root.
 */
export function outerLayers(scanRoot: string, repoRoot: string | undefined): IgnoreLayer[] {
  if (!repoRoot) return [];
  const layers: IgnoreLayer[] = [];
  const exclude = path.join(repoRoot, '.git', 'info');
  for (const layer of layersOf(exclude, ['exclude'])) layers.push({ base: repoRoot, rules: layer.rules });
  const chain: string[] = [];
  for (let directory = scanRoot; directory !== repoRoot; directory = path.dirname(directory)) {
    const parent = path.dirname(directory);
    if (parent === directory) break;
    chain.unshift(parent);
  }
  for (const directory of chain) layers.push(...layersOf(directory));
  return layers;
}
