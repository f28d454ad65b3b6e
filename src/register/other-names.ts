import type { OtherNames } from '../schemas/other-names.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ContentProblem } from './content-error.ts';

/** The file, inside the content directory, that holds other names (see src/schemas/other-names.ts). */
export const OTHER_NAMES_FILE = 'other-names.yaml';

/**
 * Puts each entry's other names on it as `other_names`, and says where the file names an entry that does
 * not exist (a typo or a renamed id would otherwise drop the names silently) or repeats a name. Entries
 * without other names are returned as they are. `unread` holds the ids of entry files that did not parse:
 * they exist, and their own problem is reported already, so naming them is no second problem.
 */
export function attachOtherNames(
  entries: readonly RegisterEntry[],
  otherNames: OtherNames,
  file: string,
  unread: ReadonlySet<string> = new Set(),
): { entries: RegisterEntry[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const ids = new Set(entries.map((entry) => entry.id));
  for (const [id, names] of Object.entries(otherNames)) {
    if (!ids.has(id) && !unread.has(id)) {
      problems.push({ file, path: id, message: `no register entry has the id "${id}"; use an id from content/register/` });
    }
    const seen = new Set<string>();
    names.forEach((name, index) => {
      if (seen.has(name.toLowerCase())) problems.push({ file, path: `${id}[${index}]`, message: `"${name}" is listed twice` });
      seen.add(name.toLowerCase());
    });
  }
  return {
    entries: entries.map((entry) => {
      const names = otherNames[entry.id];
      return names ? { ...entry, other_names: names } : entry;
    }),
    problems,
  };
}
