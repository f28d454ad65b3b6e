import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { compileGlob } from '../file/glob.ts';

/**
 * The local files a root CI configuration includes (`include: 'ci/x.yml'`, `include: [{ local: … }]`),
 * as patterns over root-relative paths. Remote, project and template includes are not in the repository.
 */
function localIncludePatterns(text: string): RegExp[] {
  // No `include` key can be spelt without the word or an escape, and most CI files have neither: skip parsing.
  if (!text.includes('include') && !text.includes('\\')) return [];
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
export function includedFiles(rootCiText: string, candidates: readonly string[]): Set<string> {
  const patterns = localIncludePatterns(rootCiText);
  return new Set(candidates.filter((candidate) => patterns.some((pattern) => pattern.test(`/${candidate}`))));
}
