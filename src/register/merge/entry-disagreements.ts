/**
 * Where an imported item and the entry it was merged into say different things: whether the change breaks
 * existing use, the release it takes effect in, the release it was announced in and, where the item states
 * them, the offerings it reaches (an item that names none is not read as disagreeing). The kind is not
 * compared: the data has no kind field, so an imported kind is Sunset's reading, not the platform's. Each
 * is kept with both values and shown wherever the entry is shown (disagreement-text.ts words it); the
 * entry's own value stays the one the register files it by, and nothing is settled quietly.
 */
import type { SourceDisagreement } from '../../schemas/imported-source.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';

type Compared = Pick<RegisterEntry, 'breaking' | 'removed_in' | 'announced_in' | 'offerings'>;

const breakingText = (breaking: boolean) => (breaking ? 'breaking' : 'not breaking');
const offeringsText = (offerings: readonly string[]) => [...offerings].sort().join(', ');

/**
 * The fields on which `item` and `entry` differ, each with both values; empty when they agree.
 * `offeringsStated` says whether the item names its offerings (else its list is every offering by default).
 */
export function entryDisagreements(item: Compared, entry: Compared, offeringsStated: boolean): SourceDisagreement[] {
  const found: SourceDisagreement[] = [];
  if (item.breaking !== entry.breaking) {
    found.push({ field: 'breaking', platform: breakingText(item.breaking), register: breakingText(entry.breaking) });
  }
  if (item.removed_in !== entry.removed_in)
    found.push({ field: 'removed_in', platform: item.removed_in, register: entry.removed_in });
  if (item.announced_in && entry.announced_in && item.announced_in !== entry.announced_in) {
    found.push({ field: 'announced_in', platform: item.announced_in, register: entry.announced_in });
  }
  if (offeringsStated && offeringsText(item.offerings) !== offeringsText(entry.offerings)) {
    found.push({ field: 'offerings', platform: offeringsText(item.offerings), register: offeringsText(entry.offerings) });
  }
  return found;
}
