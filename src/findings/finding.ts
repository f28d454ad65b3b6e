import type { DetectRule } from '../schemas/detect-rule.ts';

/** How serious a finding is: `error` breaks at the target release, `warning` is deprecated or announced. */
export type Severity = 'error' | 'warning';

/** The rule id used for files that could not be parsed. */
export const PARSE_ERROR_ID = 'parse-error';

/** What a finding's rule says about itself, for reports that list rules (SARIF) or link them. */
export interface RuleInfo {
  /** Entry id, error-condition id, or `parse-error`. */
  id: string;
  /** One line: the entry's title. */
  title: string;
  /** A longer description (the entry's summary). */
  description: string;
  /** What to do, in a sentence or two. */
  fix?: string;
  /** The entry's page on the site; none for `parse-error`, which is not an entry. */
  helpUri?: string;
  /** Release in which the change takes effect, when it is a register entry. */
  removedIn?: string;
}

/** A detection rule made ready to run: which entry it reports and at what severity. */
export interface ActiveRule {
  /** Position of the rule in the entry's `detect` list, so a rule can be named `id#index`. */
  index: number;
  rule: DetectRule;
  severity: Severity;
  /** What the entry says about itself; shared by all of its rules. */
  info: RuleInfo;
  /** The finding message: the rule's own message, or the entry's title. */
  message: string;
}

/** A place in a file where a rule matched, before suppression and severity are applied. */
export interface Match {
  /** 0-based offset of the match in the file's text. */
  offset: number;
  /** The matched text, used for fingerprints and shown in verbose output. */
  text: string;
  /** Overrides the rule's message (parse errors carry their own). */
  message?: string;
}

/** One reported use. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
  /** The matched text, whitespace collapsed. */
  match: string;
  message: string;
  /** What to do instead. */
  fix?: string;
  /** Link to the entry's page (none for `parse-error`). */
  helpUri?: string;
  /** Stable across line moves: entry id, file, matched text and occurrence index. */
  fingerprint: string;
}
