/**
 * What an endpoint does with a request, given the register rules the request matches and the release it is
 * answered as. Pure: the rules, the release, the calendar and the site URL are all inputs.
 */
import { compareReleases } from '../../register/releases.ts';
import type { RejectRule } from '../../schemas/enforcement-rule.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import { deprecationHeaders, deprecationLink, entryPageUrl } from './deprecation-headers.ts';
import type { ReleaseCalendar } from './release-calendar.ts';
import { reached } from './release-choice.ts';

/** A reject rule with the entry it belongs to. */
export interface EntryRule {
  entry: Pick<RegisterEntry, 'id' | 'removed_in' | 'announced_in'>;
  rule: RejectRule;
}

/** Either a rejection the endpoint answers instead, or headers to add to its usual answer. */
export type Decision =
  | { kind: 'reject'; status: number; message: string; headers: Record<string, string> }
  | { kind: 'answer'; headers: Record<string, string> };

/** What a decision needs besides the rules and the release. */
export interface DecisionContext {
  /** Dates of releases, for `Deprecation` and `Sunset`. */
  calendar: ReleaseCalendar;
  /** Where the register's pages are published. */
  siteUrl: string;
}

/**
 * Decides for the rules a request matched. From an entry's `removed_in`, its rule rejects the request (the
 * earliest removal first, then by entry id, so the answer is stable); the rejection links every entry that
 * rejects. Before it, the request is answered and marked deprecated: since the entry's `announced_in`
 * where the register gives one (earlier releases are not marked), otherwise since the release answered as,
 * because the register does not say since when.
 */
export function decide(matched: readonly EntryRule[], release: string, context: DecisionContext): Decision {
  const link = (id: string) => deprecationLink(entryPageUrl(context.siteUrl, id));
  const removed = matched
    .filter(({ entry }) => reached(release, entry.removed_in))
    .sort((a, b) => compareReleases(a.entry.removed_in, b.entry.removed_in) || a.entry.id.localeCompare(b.entry.id));
  const first = removed[0];
  if (first) {
    const links = [...new Set(removed.map(({ entry }) => link(entry.id)))];
    return { kind: 'reject', status: first.rule.status, message: first.rule.message, headers: { Link: links.join(', ') } };
  }
  const notices = matched
    .filter(({ entry }) => entry.announced_in === undefined || reached(release, entry.announced_in))
    .map(({ entry }) => ({
      deprecatedAt: context.calendar(entry.announced_in ?? release),
      sunsetAt: context.calendar(entry.removed_in),
      url: entryPageUrl(context.siteUrl, entry.id),
    }));
  return { kind: 'answer', headers: deprecationHeaders(notices) };
}
