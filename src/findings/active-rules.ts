import { entryUrl } from '../register/plan/site-links.ts';
import type { Register } from '../register/register.ts';
import { compareReleases } from '../register/releases.ts';
import type { DetectRule } from '../schemas/detect-rule.ts';
import type { ErrorCondition } from '../schemas/error-condition.ts';
import type { Offering } from '../schemas/offering.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ActiveRule, RuleInfo, Severity } from './finding.ts';
import { leadSentence } from './lead-sentence.ts';

/** The releases and offering a check runs for. */
export interface CheckRange {
  /** The release the repository runs on now; only changes after it are errors. */
  from: string;
  /** The release the repository moves to. */
  to: string;
  /** Only entries that apply to this offering. */
  offering?: Offering;
}

/** The help text describing {@link severityOf}, shown by `sunset check --help`. */
export const SEVERITY_RULE = [
  'error:   a breaking removal, rename or behaviour change with from < removed_in <= to',
  'warning: a non-breaking change with from < removed_in <= to (review it),',
  '         a deprecation listed in a release <= to, or a change that takes effect after to',
  '         but was announced in a release <= to (announced_in known and <= to)',
  'always:  error-condition rules (uses the platform refuses in every release) are errors;',
  '         rules that report a variable or job key left unset are at most warnings',
  'Changes that took effect in or before --from are not reported: the repository already runs on them.',
].join('\n');

/**
 * The severity of an entry's findings for a range, or undefined when the entry is not reported.
 * See {@link SEVERITY_RULE}.
 */
export function severityOf(entry: RegisterEntry, range: CheckRange): Severity | undefined {
  if (range.offering && !entry.offerings.includes(range.offering)) return undefined;
  const byTarget = compareReleases(entry.removed_in, range.to) <= 0;
  if (entry.kind === 'deprecation') return byTarget ? 'warning' : announcedBy(entry, range.to);
  if (byTarget) {
    if (compareReleases(entry.removed_in, range.from) <= 0) return undefined;
    // A change that does not break existing use still deserves a look, but should not fail a pipeline.
    return entry.breaking ? 'error' : 'warning';
  }
  return announcedBy(entry, range.to);
}

function announcedBy(entry: RegisterEntry, to: string): Severity | undefined {
  return entry.announced_in !== undefined && compareReleases(entry.announced_in, to) <= 0 ? 'warning' : undefined;
}

/**
 * An absence rule (a variable or job key left unset) reports a file that may be right as it is (the
 * variable set in the project's settings, the new default wanted, the key coming from elsewhere), so its
 * findings ask for a review and never fail a pipeline on their own.
 */
function capped(rule: DetectRule, severity: Severity): Severity {
  return rule.kind === 'ci-variable-unset' || rule.kind === 'ci-job-key-unset' ? 'warning' : severity;
}

/**
 * What findings of an entry say about it. The description and fix are worked out when first read (a
 * report, or a finding of the entry): a check reports few of its rules, and each takes a Markdown pass.
 */
export function entryInfo(entry: RegisterEntry, siteUrl: string): RuleInfo {
  let description: string | undefined;
  let fix: string | undefined;
  return {
    id: entry.id,
    title: entry.title,
    get description() {
      description ??= leadSentence(entry.summary, 1000);
      return description;
    },
    get fix() {
      fix ??= leadSentence(entry.migration);
      return fix;
    },
    helpUri: entryUrl(siteUrl, entry.id),
    removedIn: entry.removed_in,
  };
}

/**
 * What findings of an error condition say about it (the description and fix worked out when first read, as
 * for entries); the site has a page per error condition.
 */
export function errorInfo(condition: ErrorCondition, siteUrl: string): RuleInfo {
  let description: string | undefined;
  let fix: string | undefined;
  return {
    id: condition.id,
    title: leadSentence(condition.condition),
    get description() {
      description ??= `${leadSentence(condition.condition, 1000)} Result: ${condition.result}`;
      return description;
    },
    get fix() {
      fix ??= leadSentence(condition.result);
      return fix;
    },
    helpUri: `${siteUrl.replace(/\/+$/, '')}/errors/${condition.id}/`,
  };
}

/**
 * The rules to run for a range: every detect rule of every entry that is reported in it, with its
 * severity, and every error-condition rule as an error. `only` keeps the rules of the named ids.
 */
export function activeRules(
  register: Pick<Register, 'entries' | 'errors' | 'settings'>,
  range: CheckRange,
  only?: ReadonlySet<string>,
): ActiveRule[] {
  const siteUrl = register.settings.site_url;
  const rules: ActiveRule[] = [];
  for (const entry of register.entries) {
    if (entry.detect.length === 0 || (only && !only.has(entry.id))) continue;
    const severity = severityOf(entry, range);
    if (!severity) continue;
    const info = entryInfo(entry, siteUrl);
    entry.detect.forEach((rule, index) => {
      rules.push({ index, rule, severity: capped(rule, severity), info, message: rule.message ?? info.title });
    });
  }
  for (const condition of register.errors) {
    if (condition.detect.length === 0 || (only && !only.has(condition.id))) continue;
    const info = errorInfo(condition, siteUrl);
    condition.detect.forEach((rule, index) => {
      rules.push({ index, rule, severity: 'error', info, message: rule.message ?? info.title });
    });
  }
  return rules;
}
