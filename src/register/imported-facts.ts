/**
 * What the platform's own data adds to an entry, in the few words every list shows (checklists, reports,
 * readiness): that the entry is imported, its links (tracking issue, documentation), who must act and where
 * the platform's data and the register disagree, both readings said. An
 * entry of the register's own gets these from the imported items attached to it, if any.
 */
import type { RegisterEntry } from '../schemas/register-entry.ts';
import { disagreementText } from './disagreement-text.ts';

/** A link from the platform's data. */
export interface ImportedLink {
  label: 'tracking issue' | 'documentation';
  href: string;
}

/** The platform's facts about an entry, or undefined when no imported item describes it. */
export interface ImportedFacts {
  /** True for an entry made by `sunset import`; false for an entry of the register's own that items describe. */
  imported: boolean;
  links: ImportedLink[];
  /** The least role that can resolve the change, where the data names it. */
  resolutionRole?: string;
  /** Whether resolving it takes a manual step, where the data says. */
  manualTask?: boolean;
  /** Where the platform's data and the register disagree (breaking, release, offerings), both said, each once. */
  disagreements?: string[];
}

/** The facts of an entry's sources, each link once. */
export function importedFacts(entry: Pick<RegisterEntry, 'origin' | 'sources'>): ImportedFacts | undefined {
  const sources = entry.sources ?? [];
  if (sources.length === 0) return undefined;
  const links: ImportedLink[] = [];
  const add = (label: ImportedLink['label'], href: string | undefined) => {
    if (href && !links.some((link) => link.href === href)) links.push({ label, href });
  };
  for (const source of sources) {
    add('tracking issue', source.issue_url);
    add('documentation', source.documentation_url);
  }
  const disagreements = [
    ...new Set(sources.flatMap((source) => (source.disagreements ?? []).map((difference) => disagreementText(difference)))),
  ];
  const role = sources.find((source) => source.resolution_role)?.resolution_role;
  const manual = sources.find((source) => source.manual_task !== undefined)?.manual_task;
  return {
    imported: entry.origin === 'imported',
    links,
    ...(disagreements.length > 0 ? { disagreements } : {}),
    ...(role ? { resolutionRole: role } : {}),
    ...(manual !== undefined ? { manualTask: manual } : {}),
  };
}

/** The facts in one line of plain text: `imported · who must act: Maintainer · tracking issue: <url>`. */
export function importedFactsLine(facts: ImportedFacts): string {
  return [
    facts.imported ? "imported from the platform's data" : "described by the platform's data",
    facts.resolutionRole ? `who must act: ${facts.resolutionRole}` : undefined,
    facts.manualTask === true ? 'manual step' : undefined,
    ...facts.links.map((link) => `${link.label}: ${link.href}`),
    ...(facts.disagreements ?? []).map((difference) => `disagreement on ${difference}`),
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}
