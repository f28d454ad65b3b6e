import { type CheckRange, severityOf } from '../findings/active-rules.ts';
import { type ImportedFacts, importedFacts } from '../register/imported-facts.ts';
import { entryUrl } from '../register/plan/site-links.ts';
import type { Register } from '../register/register.ts';

/** An entry of the range that no rule can find: someone has to look for it. */
export interface ByHandItem {
  id: string;
  title: string;
  removedIn: string;
  /** The entry's page on the site. */
  url: string;
  /** What the platform's own data adds: imported or not, who must act, tracking issue and documentation links. */
  platform?: ImportedFacts;
}

/**
 * The entries a check of the range reports on but cannot find, because they carry no detection rule
 * (most imported entries, and changes no scan can see): the JSON report lists them as "check by hand",
 * as readiness does across projects.
 */
export function checkByHand(register: Pick<Register, 'entries' | 'settings'>, range: CheckRange): ByHandItem[] {
  const items: ByHandItem[] = [];
  for (const entry of register.entries) {
    if (entry.detect.length > 0 || !severityOf(entry, range)) continue;
    const platform = importedFacts(entry);
    items.push({
      id: entry.id,
      title: entry.title,
      removedIn: entry.removed_in,
      url: entryUrl(register.settings.site_url, entry.id),
      ...(platform ? { platform } : {}),
    });
  }
  return items;
}
