import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { ciJobKeyUnsetRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { type MapEntry, mapEntries, mergedEntries, scalarValues } from '../file/yaml-path.ts';
import type { Matcher } from './matcher.ts';

type CiJobKeyUnsetRule = z.output<typeof ciJobKeyUnsetRuleSchema>;

/** Top-level keys of CI configuration that are not jobs. */
const GLOBAL_KEYS = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
  'spec',
]);

/**
 * How deep `extends` is followed. Real configurations nest a few levels; a chain deeper than this is read
 * as not fully known (so not reported) rather than walked, which keeps a hostile file from costing
 * unbounded time or stack.
 */
export const MAX_EXTENDS_DEPTH = 32;

/** What a job ends up with through `extends`: where `uses` is written, whether it has `key`, and whether all of it is known. */
interface Resolved {
  usesAt?: number;
  hasKey: boolean;
  complete: boolean;
  /** Cut short by {@link MAX_EXTENDS_DEPTH}: true only for this start's depth, so not remembered. */
  cut?: boolean;
}

const UNKNOWN: Resolved = { hasKey: false, complete: false };
const CUT: Resolved = { ...UNKNOWN, cut: true };

/**
 * Resolves jobs through `extends`, each once: a job's result is remembered, and a job met again while it
 * is being resolved (a cycle) reads as unknown. A job cut short by the limit is cut short again when met
 * as deep or deeper, so jobs that all extend each other are read once per depth, not once per path.
 */
function jobResolver(jobs: ReadonlyMap<string, MapEntry>, rule: CiJobKeyUnsetRule, root: unknown): (name: string) => Resolved {
  const known = new Map<string, Resolved>();
  /** The depth from which a job was last cut short; it is read again only from less deep. */
  const cutFrom = new Map<string, number>();
  const resolve = (name: string, depth: number): Resolved => {
    const remembered = known.get(name);
    if (remembered) return remembered;
    const job = jobs.get(name);
    if (!job) return UNKNOWN;
    if (depth > MAX_EXTENDS_DEPTH || depth >= (cutFrom.get(name) ?? Number.POSITIVE_INFINITY)) return CUT;
    known.set(name, UNKNOWN);
    // Keys merged in from an anchor (`<<: *defaults`) are the job's own, as the platform reads them.
    const own = new Map(mergedEntries(job.node, root).map((entry) => [entry.key, entry]));
    const resolved: Resolved = { usesAt: own.get(rule.uses)?.offset, hasKey: own.has(rule.key), complete: true };
    // A job's own keys win over those of the jobs it extends; later parents win over earlier ones.
    for (const parent of scalarValues(own.get('extends')?.node).reverse()) {
      const inherited = resolve(parent, depth + 1);
      resolved.usesAt ??= inherited.usesAt;
      resolved.hasKey ||= inherited.hasKey;
      resolved.complete &&= inherited.complete;
      if (inherited.cut) resolved.cut = true;
    }
    if (resolved.cut) {
      known.delete(name);
      cutFrom.set(name, depth);
    } else known.set(name, resolved);
    return resolved;
  };
  return (name) => resolve(name, 0);
}

/** Every job (hidden templates included, for `extends`) of each document, and whether `default:` sets the key. */
function jobKeyMatches(file: AnalyzedFile, rule: CiJobKeyUnsetRule): Match[] {
  const matches: Match[] = [];
  const reported = new Set<number>();
  for (const document of file.yaml() ?? []) {
    const top = mapEntries(document.contents);
    const byDefault = top.some(
      (entry) => entry.key === 'default' && mergedEntries(entry.node, document.contents).some((inner) => inner.key === rule.key),
    );
    if (byDefault) continue;
    const jobs = new Map(top.filter((entry) => !GLOBAL_KEYS.has(entry.key)).map((entry) => [entry.key, entry]));
    const resolve = jobResolver(jobs, rule, document.contents);
    for (const name of jobs.keys()) {
      // Hidden jobs are templates: they are reported through the jobs that extend them.
      if (name.startsWith('.')) continue;
      const job = resolve(name);
      if (job.usesAt === undefined || job.hasKey || !job.complete || reported.has(job.usesAt)) continue;
      reported.add(job.usesAt);
      matches.push({ offset: job.usesAt, text: `${rule.uses} without ${rule.key}` });
    }
  }
  return matches.sort((a, b) => a.offset - b.offset);
}

/** A job that uses a feature (has `uses`) without the key the feature needs, in CI configuration. */
export function ciJobKeyUnsetMatcher(rule: CiJobKeyUnsetRule): Matcher {
  return {
    anchor: rule.uses,
    applies: (kind) => kind === 'ci-yaml',
    match: (file) => jobKeyMatches(file, rule),
  };
}
