/**
 * What `sunset import --explain` prints: how the entries of an import would merge with a register (the
 * built-in one, as every command that reads `--register` merges them), one block per imported entry that
 * merges, with the evidence and every disagreement, and a count of those that stay entries of their own.
 * It runs the same merge the loader runs (merge-registers.ts), so what it explains is what happens.
 */

import { disagreementText } from '../register/disagreement-text.ts';
import type { RegisterData } from '../register/load.ts';
import { mergeRegisters } from '../register/merge/merge-registers.ts';
import type { RegisterFolder } from '../register/merge/read-register-folder.ts';
import type { Area } from '../schemas/area.ts';
import { type RegisterEntry, type RegisterEntryInput, registerEntrySchema } from '../schemas/register-entry.ts';

/** One imported item merged into an entry, as explained. */
export interface ExplainedMerge {
  /** The id the item was imported as. */
  item: string;
  /** Where it came from: its data file and line. */
  at: string;
  /** The entry it merges into, and whether that entry is the register's own or imported. */
  into: string;
  intoImported: boolean;
  evidence: string[];
  disagreements: string[];
}

/** How the import's entries merge with `base`: each merge, and the entries that stay their own. */
export function explainMerges(
  base: RegisterData,
  entries: readonly RegisterEntryInput[],
  areas: readonly Area[],
  dir: string,
): { merges: ExplainedMerge[]; ownEntries: number } {
  const parsed: RegisterEntry[] = entries.map((entry) => registerEntrySchema.parse(entry));
  const folder: RegisterFolder = {
    dir,
    entries: parsed,
    areas: [...areas],
    stops: [],
    files: new Map(parsed.map((entry) => [entry.id, `${dir}/register/${entry.removed_in}/${entry.id}.yaml`])),
    paths: new Map(),
    problems: [],
  };
  const merged = mergeRegisters(base, [folder]).data.entries;
  const merges: ExplainedMerge[] = [];
  for (const entry of merged) {
    for (const source of entry.sources ?? []) {
      if (!source.entry || !source.evidence) continue;
      merges.push({
        item: source.entry,
        at: `${source.file}${source.line !== undefined ? `:${source.line}` : ''}`,
        into: entry.id,
        intoImported: entry.origin === 'imported',
        evidence: source.evidence,
        disagreements: (source.disagreements ?? []).map(disagreementText),
      });
    }
  }
  merges.sort((a, b) => a.item.localeCompare(b.item));
  return { merges, ownEntries: parsed.length - merges.length };
}

/** The explanation as text, one block per merge. */
export function explanationText(explained: ReturnType<typeof explainMerges>): string {
  const lines = ['# How the imported items merge with the built-in register (evidence, then any disagreement).', ''];
  for (const merge of explained.merges) {
    const target = merge.intoImported ? `imported entry ${merge.into} (a duplicate)` : `built-in entry ${merge.into}`;
    lines.push(`${merge.item} (${merge.at}) merges into ${target}`);
    for (const reason of merge.evidence) lines.push(`  evidence: ${reason}`);
    for (const difference of merge.disagreements) lines.push(`  disagrees on ${difference}`);
  }
  if (explained.merges.length === 0) lines.push('No imported item merges into another entry.');
  lines.push('', `${explained.merges.length} item(s) merge; ${explained.ownEntries} stay entries of their own.`, '');
  return lines.join('\n');
}
