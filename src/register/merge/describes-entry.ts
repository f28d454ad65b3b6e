/**
 * Whether an imported item describes an entry the register already has: the same release, and a shared
 * identifier (a name either files, in any category) or the same title once case, punctuation and Markdown
 * are set aside. Such an item becomes a source of that entry instead of a second entry. Where the two
 * disagree on what the platform states (breaking or not, the release announced in), that is a conflict to
 * show, never settled quietly.
 */
import type { RegisterEntry } from '../../schemas/register-entry.ts';

/** Every identifier an entry names, and the old and new names of a rename. */
export function identifiersOf(entry: Pick<RegisterEntry, 'names' | 'from' | 'to'>): Set<string> {
  const names = new Set<string>();
  for (const list of Object.values(entry.names)) for (const name of list ?? []) names.add(name);
  for (const name of [...(entry.from ?? []), ...(entry.to ?? [])]) names.add(name);
  return names;
}

/** A title compared without case, Markdown, punctuation or spacing. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The `gitlab.rb` settings an entry's `omnibus-setting` rules look for. */
export function settingsOf(entry: Pick<RegisterEntry, 'detect'>): Set<string> {
  return new Set(entry.detect.flatMap((rule) => (rule.kind === 'omnibus-setting' ? [rule.setting] : [])));
}

/** Whether `imported` describes `entry` (see the module comment); a shared `gitlab.rb` setting counts as a shared name. */
export function describesEntry(imported: RegisterEntry, entry: RegisterEntry, importedNames = identifiersOf(imported)): boolean {
  if (imported.removed_in !== entry.removed_in) return false;
  if (titleKey(imported.title) === titleKey(entry.title)) return true;
  const settings = settingsOf(entry);
  for (const setting of settingsOf(imported)) if (settings.has(setting)) return true;
  for (const name of identifiersOf(entry)) if (importedNames.has(name)) return true;
  return false;
}

/** Where an imported item and the entry it describes disagree, in words; empty when they agree. */
export function disagreements(imported: RegisterEntry, entry: RegisterEntry): string[] {
  const found: string[] = [];
  if (imported.breaking !== entry.breaking) {
    found.push(
      `the platform's data marks it ${imported.breaking ? 'breaking' : 'not breaking'}; this register reads it as ${entry.breaking ? 'breaking' : 'not breaking'}`,
    );
  }
  if (imported.announced_in && entry.announced_in && imported.announced_in !== entry.announced_in) {
    found.push(`the platform's data says it was announced in ${imported.announced_in}; this register says ${entry.announced_in}`);
  }
  return found;
}
