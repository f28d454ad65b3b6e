/**
 * Whether an imported item describes an entry, and why: only on strong evidence, strongest first.
 *
 * 1. `link`: both name the same tracking issue or documentation page.
 *    `setting`: both have a rule for the same `gitlab.rb` setting (an imported settings list names it);
 *    two entries with settings rules, none shared, are never the same change.
 * 2. `title`: the same title once case, punctuation and Markdown are set aside, or titles whose words
 *    (other than the words every change uses) are nearly the same set, at least two of them, where
 *    neither title shows a name the other does not have.
 * 3. `names`: they share identifying names and their titles agree: both titles show names and every name
 *    the one showing fewer shows is among the shared ones, or the titles share at least two other words.
 *    A version number alone ("13") also needs two words of one title in the other's text.
 *
 * One shared name alone (`CiRunner` in two GraphQL changes) is never enough. Releases are not compared:
 * an item and an entry about one change in different releases merge, and the release they disagree on is
 * a conflict to show. An item goes to its best-supported entry only, so no item describes two entries.
 * This is Sunset's reading of identity, reported with every merge.
 */
import type { EntryIdentity } from './entry-identity.ts';

/** How strong a piece of evidence is: the order of {@link EVIDENCE_KINDS}. */
export const EVIDENCE_KINDS = ['link', 'setting', 'title', 'names'] as const;

/** Why an item describes an entry. */
export interface MergeEvidence {
  kind: (typeof EVIDENCE_KINDS)[number];
  /** The evidence in words, as reports and the entry's page show it. */
  reasons: string[];
  /** For ranking candidates: shared names and shared title words. */
  weight: number;
}

const intersect = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): T[] => [...a].filter((item) => b.has(item));
const quoted = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');

/** The share of two word sets that both hold. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const both = intersect(a, b).length;
  const either = new Set([...a, ...b]).size;
  return either === 0 ? 0 : both / either;
}

/** The evidence that `item` describes `entry`, or undefined when there is none strong enough. */
export function mergeEvidence(item: EntryIdentity, entry: EntryIdentity): MergeEvidence | undefined {
  const sharedNames = intersect(item.names, entry.names).sort();
  const sharedWords = intersect(item.titleWords, entry.titleWords).sort();
  const weight = sharedNames.length * 2 + sharedWords.length;
  const links = intersect(item.links, entry.links).sort();
  if (links.length > 0) return { kind: 'link', reasons: links.map((link) => `both link to ${link}`), weight: weight + 100 };
  const settings = intersect(item.settings, entry.settings).sort();
  if (settings.length > 0) {
    return {
      kind: 'setting',
      reasons: settings.map((setting) => `both look for the gitlab.rb setting ${setting}`),
      weight: weight + 75,
    };
  }
  // Two entries that each look for gitlab.rb settings, none of them shared, are about different settings,
  // however alike their titles ("Omnibus setting … is removed") read.
  if (item.settings.size > 0 && entry.settings.size > 0) return undefined;
  if (item.titleKey === entry.titleKey) return { kind: 'title', reasons: ['the same title'], weight: weight + 50 };
  const namesAgree =
    [...item.titleNames].every((name) => entry.names.has(name)) && [...entry.titleNames].every((name) => item.names.has(name));
  if (sharedWords.length >= 2 && namesAgree && overlap(item.titleWords, entry.titleWords) >= 0.75) {
    return { kind: 'title', reasons: [`titles with the same words (${sharedWords.join(', ')})`], weight: weight + 50 };
  }
  if (sharedNames.length === 0) return undefined;
  const [smaller, larger] = [item.titleNames, entry.titleNames].sort((a, b) => a.size - b.size) as [Set<string>, Set<string>];
  const shared = new Set(sharedNames);
  const onlyNumbers = [...smaller].every((name) => /^\d+(?:\.\d+)*$/.test(name));
  const aboutTheSame =
    intersect(item.textWords, entry.titleWords).length >= 2 || intersect(entry.textWords, item.titleWords).length >= 2;
  if (smaller.size > 0 && larger.size > 0 && [...smaller].every((name) => shared.has(name)) && (!onlyNumbers || aboutTheSame)) {
    return {
      kind: 'names',
      reasons: [`shared names ${quoted(sharedNames)}`, `a title names only shared ones (${quoted([...smaller].sort())})`],
      weight,
    };
  }
  if (sharedWords.length >= 2) {
    return {
      kind: 'names',
      reasons: [`shared names ${quoted(sharedNames)}`, `titles share the words ${sharedWords.join(', ')}`],
      weight,
    };
  }
  return undefined;
}

/** A candidate entry with the evidence for it. */
export interface Match<T> {
  candidate: T;
  evidence: MergeEvidence;
}

/**
 * The one candidate an item is best evidenced to describe: strongest kind first, then one of the same
 * release, then the most shared names and words; among equals, the first given.
 */
export function bestMatch<T extends { removed_in: string }>(
  item: EntryIdentity & { removed_in: string },
  candidates: readonly { candidate: T; identity: EntryIdentity }[],
): Match<T> | undefined {
  let best: (Match<T> & { rank: number[] }) | undefined;
  for (const { candidate, identity } of candidates) {
    const evidence = mergeEvidence(item, identity);
    if (!evidence) continue;
    const rank = [-EVIDENCE_KINDS.indexOf(evidence.kind), candidate.removed_in === item.removed_in ? 1 : 0, evidence.weight];
    if (!best || isGreater(rank, best.rank)) best = { candidate, evidence, rank };
  }
  return best ? { candidate: best.candidate, evidence: best.evidence } : undefined;
}

function isGreater(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index++) {
    if ((a[index] as number) !== (b[index] as number)) return (a[index] as number) > (b[index] as number);
  }
  return false;
}
