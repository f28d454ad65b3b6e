/**
 * A disagreement between an imported item and the entry it was merged into, in the words every list shows
 * (entry page, plans, checklists, `sunset import --explain`). Kept apart from the merge so that showing a
 * disagreement never loads the merging code.
 */
import type { SourceDisagreement } from '../schemas/imported-source.ts';

/** What each field is called in words. */
const FIELD_WORDS: Record<SourceDisagreement['field'], string> = {
  breaking: 'breaking',
  removed_in: 'takes effect in',
  announced_in: 'announced in',
  offerings: 'offerings',
};

/** One disagreement in words: `takes effect in: the platform's data says 16.0; this register says 18.0`. */
export function disagreementText(disagreement: SourceDisagreement): string {
  return `${FIELD_WORDS[disagreement.field]}: the platform's data says ${disagreement.platform}; this register says ${disagreement.register}`;
}
