import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { CiLayout } from '../file/file-kind.ts';
import { compileGlob } from '../file/glob.ts';
import { tooManyAnchors } from '../file/yaml-documents.ts';
import type { CiListing, WalkedFile } from './walk.ts';

/**
 * The local files a root CI configuration includes (`include: 'ci/x.yml'`, `include: [{ local: … }]`),
 * as patterns over root-relative paths. Remote, project and template includes are not in the repository.
 */
function localIncludePatterns(text: string): RegExp[] {
  // No `include` key can be spelt without the word or an escape, and most CI files have neither: skip parsing.
  if (!text.includes('include') && !text.includes('\\')) return [];
  // A file the scan does not read for its anchors (and reports) is not read for its includes either.
  if (tooManyAnchors(text)) return [];
  const document = parseDocument(text);
  if (document.errors.length > 0 || !isMap(document.contents)) return [];
  const include = document.contents.get('include', true);
  const entries = isSeq(include) ? include.items : [include];
  const patterns: RegExp[] = [];
  for (const entry of entries) {
    let local: unknown;
    if (isScalar(entry) && typeof entry.value === 'string' && !/^[a-z]+:\/\//.test(entry.value)) local = entry.value;
    if (isMap(entry)) local = entry.get('local');
    if (typeof local !== 'string' || local.length === 0) continue;
    // Anchored at the repository root: a leading slash is optional in the platform's syntax.
    patterns.push(compileGlob(`/${local.replace(/^\/+/, '')}`, ''));
  }
  return patterns;
}

/** The root-relative paths among `candidates` that the root CI file includes locally. */
export function includedFiles(rootCiText: string, candidates: readonly string[] | (() => readonly string[])): Set<string> {
  const patterns = localIncludePatterns(rootCiText);
  if (patterns.length === 0) return new Set();
  if (typeof candidates === 'function') candidates = candidates();
  return new Set(candidates.filter((candidate) => patterns.some((pattern) => pattern.test(`/${candidate}`))));
}

/** A root CI configuration at any depth: `.gitlab-ci.yml` or `.gitlab-ci.yaml`. */
const ROOT_CI = /(?:^|\/)\.gitlab-ci\.ya?ml$/;
const ROOT_CI_NAMES = ['.gitlab-ci.yml', '.gitlab-ci.yaml'];

/** A root CI file to read: its path below the repository and where it is on disk. */
interface RootCi {
  rootPath: string;
  absolute: string;
}

/**
 * The root CI files that may include the walked files: those the walk found, and those in the folders
 * above a walked YAML file up to its repository root that the walk did not list (a file passed alone, as
 * pre-commit passes a staged file, is still included by the repository's `.gitlab-ci.yml`). A folder the
 * walk listed is known to hold one only if the listing named it (`listing`), so the disk is asked only then.
 */
function rootCiFiles(files: readonly WalkedFile[], listing?: CiListing): RootCi[] {
  const roots: RootCi[] = [];
  const listed = new Set<string>();
  const yaml = files.filter((file) => file.rootPath.endsWith('.yml') || file.rootPath.endsWith('.yaml'));
  for (const file of yaml) {
    if (!ROOT_CI.test(file.rootPath)) continue;
    roots.push({ rootPath: file.rootPath, absolute: file.absolute });
    listed.add(file.absolute);
  }
  // Folders already asked, by absolute path: their parents were asked with them, so a file in one is done.
  const probed = new Set<string>();
  for (const file of yaml) {
    let absolute = path.dirname(file.absolute);
    if (probed.has(absolute)) continue;
    // The folder's path below the repository root, '' at the root itself.
    let folder = file.rootPath.slice(0, Math.max(0, file.rootPath.lastIndexOf('/')));
    while (!probed.has(absolute)) {
      probed.add(absolute);
      for (const name of ROOT_CI_NAMES) {
        const candidate = path.join(absolute, name);
        if (listed.has(candidate)) continue;
        if (listing?.listed.has(absolute) && !listing.rootCi.has(candidate)) continue;
        if (existsSync(candidate)) roots.push({ rootPath: folder === '' ? name : `${folder}/${name}`, absolute: candidate });
      }
      if (folder === '') break;
      absolute = path.dirname(absolute);
      folder = folder.slice(0, Math.max(0, folder.lastIndexOf('/')));
    }
  }
  return roots;
}

/**
 * Where the platform reads CI configuration in the walked files: the configuration directory, and the
 * files a root CI configuration includes locally, which are CI configuration too wherever they live.
 * Paths in `include: local` are relative to the project root, the folder that holds `.gitlab-ci.yml`.
 */
export function ciLayout(files: readonly WalkedFile[], configDir: string, listing?: CiListing): CiLayout {
  const yamlPaths = files.flatMap((file) =>
    file.rootPath.endsWith('.yml') || file.rootPath.endsWith('.yaml') ? [file.rootPath] : [],
  );
  const includes = new Set<string>();
  for (const root of rootCiFiles(files, listing)) {
    // Read synchronously: a few small files, each far quicker to read than a round trip to the thread pool.
    let text = '';
    try {
      text = readFileSync(root.absolute, 'utf8');
    } catch {
      // Unreadable: it includes nothing, and the scan notes why it was skipped when it is one of the walked files.
    }
    const folder = path.posix.dirname(root.rootPath);
    const prefix = folder === '.' ? '' : `${folder}/`;
    const below = () =>
      yamlPaths.filter((candidate) => candidate.startsWith(prefix)).map((candidate) => candidate.slice(prefix.length));
    for (const included of includedFiles(text, below)) includes.add(`${prefix}${included}`);
  }
  return { configDir, includes };
}
