import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';

/** The ignore files read in every directory: Git's, then Sunset's own (same syntax). */
export const IGNORE_FILES = ['.gitignore', '.sunsetignore'] as const;

/** Patterns that apply as if they were lines of a `.sunsetignore` in `dir` (the settings' `ignore:`). */
export interface ExtraIgnore {
  /** Absolute folder the patterns are relative to. */
  dir: string;
  patterns: readonly string[];
  /** Where they are written, for `--verbose` (`.sunset.yml (ignore)`). */
  source: string;
}

/** The rules of one ignore file, applying below its directory. */
export interface IgnoreLayer {
  /**
   * The layer's directory relative to the walk's base, with forward slashes and a trailing slash
   * (`''` for the base itself, `'src/'` below it), so paths are made relative by slicing.
   */
  prefix: string;
  /** Whether the patterns ignore a relative path, or re-include it (a `!` line); written out so the
   * package's type declarations do not name the bundled `ignore` package. */
  rules: { test(path: string): { ignored: boolean; unignored: boolean } };
  /**
   * True when every pattern names a directory (`build/`) and none re-includes: such a layer cannot ignore
   * a file whose folder the walk entered, so files skip the test.
   */
  directoriesOnly: boolean;
  /** The ignore file, relative to the walk's base (`.gitignore`, `sub/.sunsetignore`), for `--verbose`. */
  source: string;
}

function onlyDirectories(text: string): boolean {
  return text.split(/\r?\n/).every((line) => {
    const pattern = line.trim();
    return pattern === '' || pattern.startsWith('#') || (pattern.endsWith('/') && !pattern.startsWith('!'));
  });
}

/**
 * The layer of extra patterns for a walk whose ignore base is `base`. Patterns of a folder at or below the
 * base apply below it, as its `.sunsetignore` would; those of a folder above the base (a scan of a repository
 * inside the settings' folder) are tested with the base's path from that folder put in front.
 */
export function extraLayer(extra: ExtraIgnore, base: string): IgnoreLayer {
  const text = extra.patterns.join('\n');
  const rules = ignore().add(text);
  const directoriesOnly = onlyDirectories(text);
  const relative = path.relative(base, extra.dir).split(path.sep).join('/');
  if (!relative.startsWith('..'))
    return { prefix: relative === '' ? '' : `${relative}/`, rules, directoriesOnly, source: extra.source };
  const lead = path.relative(extra.dir, base).split(path.sep).join('/');
  // A base outside the folder (neither above nor below) gets a lead starting `..`, which no pattern matches.
  const test = (own: string) => (lead.startsWith('..') ? { ignored: false, unignored: false } : rules.test(`${lead}/${own}`));
  return { prefix: '', rules: { test }, directoriesOnly, source: extra.source };
}

/** Whether the extra patterns' folder is at or above `directory`, so its patterns apply on the way down. */
function isAtOrAbove(dir: string, directory: string): boolean {
  return directory === dir || directory.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** Reads an ignore file as a layer, or undefined when it does not exist. */
export function readLayer(file: string, prefix: string): IgnoreLayer | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const source = file.endsWith(path.join('.git', 'info', 'exclude')) ? '.git/info/exclude' : `${prefix}${path.basename(file)}`;
    return { prefix, rules: ignore().add(text), directoriesOnly: onlyDirectories(text), source };
  } catch {
    return undefined;
  }
}

/**
 * Whether a path (relative to the walk's base, forward slashes) is ignored by a stack of layers,
 * outermost first. A deeper layer can re-include what an outer one ignored (`!pattern`), as in Git;
 * nothing is re-included from inside an ignored directory because the walk does not enter it.
 */
export function isIgnored(layers: readonly IgnoreLayer[], relative: string, directory: boolean): boolean {
  let ignored = false;
  for (const layer of layers) {
    if ((!directory && layer.directoriesOnly) || !relative.startsWith(layer.prefix)) continue;
    const own = relative.slice(layer.prefix.length);
    const result = layer.rules.test(directory ? `${own}/` : own);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** The ignore file whose pattern decided that a path is ignored (see {@link isIgnored}), for `--verbose`. */
export function ignoredBy(layers: readonly IgnoreLayer[], relative: string, directory: boolean): string | undefined {
  let decided: IgnoreLayer | undefined;
  for (const layer of layers) {
    if ((!directory && layer.directoriesOnly) || !relative.startsWith(layer.prefix)) continue;
    const result = layer.rules.test(directory ? `${relative.slice(layer.prefix.length)}/` : relative.slice(layer.prefix.length));
    if (result.ignored) decided = layer;
    else if (result.unignored) decided = undefined;
  }
  return decided?.source;
}

/** The nearest directory at or above `start` that holds `.git`, or undefined outside a repository. */
export function repositoryRoot(start: string): string | undefined {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, '.git'))) return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}

/**
 * The layers that apply to a scan root from above it, relative to `base` (the repository root):
 * `.git/info/exclude` and the ignore files of every directory from the repository root down to (not
 * including) the scan root.
 */
export function outerLayers(scanRoot: string, base: string, isRepository: boolean, extra?: ExtraIgnore): IgnoreLayer[] {
  const layers: IgnoreLayer[] = [];
  if (isRepository) {
    const exclude = readLayer(path.join(base, '.git', 'info', 'exclude'), '');
    if (exclude) layers.push(exclude);
  }
  // Patterns of a folder above the base come first, as that folder's own ignore file would.
  if (extra && extra.dir !== base && isAtOrAbove(extra.dir, base)) layers.push(extraLayer(extra, base));
  const chain: string[] = [];
  for (let directory = scanRoot; directory !== base; directory = path.dirname(directory)) {
    const parent = path.dirname(directory);
    if (parent === directory) break;
    chain.unshift(parent);
  }
  for (const directory of chain) {
    const relative = path.relative(base, directory).split(path.sep).join('/');
    const prefix = relative === '' ? '' : `${relative}/`;
    for (const name of IGNORE_FILES) {
      const layer = readLayer(path.join(directory, name), prefix);
      if (layer) layers.push(layer);
    }
    if (extra?.dir === directory) layers.push(extraLayer(extra, base));
  }
  return layers;
}

/**
 * The ignore file that leaves out a file named on the command line, or undefined: the layers from the
 * repository root (`base`) down to the file's folder, applied to each folder on its way first (as a walk
 * would never enter an ignored folder) and then to the file.
 */
export function namedFileIgnoredBy(file: string, base: string, isRepository: boolean, extra?: ExtraIgnore): string | undefined {
  const layers = outerLayers(file, base, isRepository, extra);
  if (layers.length === 0) return undefined;
  const parts = path.relative(base, file).split(path.sep);
  for (let depth = 1; depth < parts.length; depth++) {
    const by = ignoredBy(layers, parts.slice(0, depth).join('/'), true);
    if (by) return by;
  }
  return ignoredBy(layers, parts.join('/'), false);
}
