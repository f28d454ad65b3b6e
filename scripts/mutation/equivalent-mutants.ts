/**
 * Mutants StrykerJS reports as surviving that no test can tell apart from the code, each with why. They are
 * matched by file, mutator and the original and replacement text (not by line), so an explanation follows
 * the code when lines move and stops matching when the code changes, which puts the mutant back in the
 * survivors list to be looked at again.
 */

/** One surviving mutant explained as equivalent. */
export interface EquivalentMutant {
  /** The mutated file, relative to the repository. */
  file: string;
  /** Stryker's mutator name, such as `ConditionalExpression`. */
  mutator: string;
  /** The source text the mutant replaces, as in the file (whitespace may differ). */
  original: string;
  /** The replacement, when the same original has several mutants of this mutator and only one is equivalent. */
  replacement?: string;
  /** Text of the mutated line, when the original text stands in more than one place of the file. */
  within?: string;
  /** Text of the line after, when the mutated line itself stands in more than one place. */
  followedBy?: string;
  /** Why no test can notice it. */
  why: string;
}

const SUPPRESSION = 'src/check/file/suppression.ts';
const FIX = 'src/check/fix-plan.ts';
const FILE_KIND = 'src/check/file/file-kind.ts';
const CI_FILE_NAMES =
  'The pattern /\\.gitlab-ci\\.ya?ml$/ after these comparisons matches `.gitlab-ci.yml` and `.gitlab-ci.yaml` as well, so a name they no longer catch is caught by it.';
const GITLAB_RB_NAME =
  'The name test before it, /(?:^|[._-])gitlab\\.rb$/, already holds for a base name of `gitlab.rb`, so this comparison never decides anything.';
const FILTER_ROWS = 'src/reference/analytics/query/filter-rows.ts';
const PAST_THE_END =
  'One turn past the end of a typed array: reading there gives undefined and writing there is ignored, so the extra turn changes nothing.';
const ONE_RANGE_FAST_PATH = 'A fast path: with one range, the loop over any number of ranges gives the same answer.';
const FILL = 'src/reference/analytics/query/missing-day-fill.ts';
const EQUAL_SKIPPED = 'Equal values are skipped just before (`continue`), so `<` and `<=` never see them.';
const KEY_IN_QUERY =
  'Order keys are resolved against the query, so each names a measure or dimension it has: the key is always there.';
const BUCKETS = 'src/reference/analytics/query/time-buckets.ts';
const SAME_BOUND = 'A time equal to the smallest (or largest) so far leaves it the same value whether it is taken again or not.';
const ONE_OFFSET_FAST_PATH =
  'A fast path: with one offset, the general loop looks up that same offset for every row and gives the same codes.';
const LAST_DAY_CACHE =
  "Only decides when the last day's code is reused; working the code out again from the row's own time gives the same code.";
const SORT = 'src/reference/analytics/query/sort-groups.ts';
const EITHER_SORT =
  'Only chooses between counting passes and the comparison sort, which give the same stable order for the same keys (test/reference/analytics/query/sort-groups.property.test.ts holds both against a plain sort); a key that cannot be counted falls back to comparison.';
const COUNT_PAST_THE_END =
  'One turn past the end reads undefined, whose slot is NaN, and an Int32Array ignores reads and writes at NaN or past its end, so the extra turn changes nothing.';
const EITHER_SORT_NOKEYS =
  'Without keys every key range is there (there are none), so the counting branch runs no pass and returns the groups themselves, as the early return does.';
const EITHER_SORT_WIDER =
  'Only widens the counted range by one empty slot (or makes it a little likelier to be counted), and an empty slot adds no group to the order.';
const EITHER_SORT_UNDEFINED =
  'The turn outside the groups reads undefined, which is not a whole number, so the key falls back to the comparison sort, which gives the same order.';
const EQUAL_SKIPPED_SORT = 'Equal values are skipped just before, so `<` and `<=` never see them.';
const QUOTED_VALUE =
  "A match points before its subject only at the opening quote of a quoted value, whose closing quote follows the subject on the same line: the subject never ends the line or the text there, so the line's end is never needed and a character always follows it.";
const NO_SUBJECT =
  'ruleSubject ends with the kinds that have no subject, all returning undefined: a case that no longer matches falls out of the switch, whose result is undefined too.';

const CHART_VALUE = 'src/check/rules/chart-value.ts';
const SET_FAST_PATH =
  'A fast path: the `--set` pattern matches only where the text holds `--set`, so running it on every file finds the same pairs.';
const NOT_A_DOCUMENT =
  'A string in place of a document or a parent has no `contents` and is not a map: the values file and release readings skip it, so nothing is added.';

export const EQUIVALENT_MUTANTS: EquivalentMutant[] = [
  {
    file: 'src/check/file/block-range.ts',
    mutator: 'EqualityOperator',
    original: 'at < text.length',
    within: "text[at] !== quote && text[at] !== '\\n'",
    why: 'One step past the end reads undefined, which is neither the quote nor a line end, so the index moves on once more, and Math.min brings it back to the end of the text.',
  },
  {
    file: 'src/check/file/block-range.ts',
    mutator: 'MethodExpression',
    original: "text.startsWith('//', at)",
    why: "endsWith('//', at) holds two characters after where startsWith holds: the comment then starts after the second slash instead of at the first, and still runs to the same line end, while a slash in between closes nothing.",
  },
  {
    file: 'src/check/file/block-range.ts',
    mutator: 'EqualityOperator',
    original: 'at < text.length',
    within: 'for (let at = from; at < text.length; at++)',
    why: "One turn past the end of a statement's text reads undefined: not a line end, a quote or a comment, and a character that neither opens nor closes a bracket nor carries the statement on, so the end returned is the text's end either way.",
  },
  {
    file: SUPPRESSION,
    mutator: 'ConditionalExpression',
    original: "rest !== ''",
    replacement: 'true',
    why: 'An empty rest names no ids, so every scope but `end` returns nothing either way, and `end` never reaches this test.',
  },
  {
    file: SUPPRESSION,
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    within: "scope !== 'end' && rest !== ''",
    why: "In `rest !== ''` the comparison with any other string is true for an empty rest too, which (as above) ends the same way.",
  },
  {
    file: SUPPRESSION,
    mutator: 'OptionalChaining',
    original: 'marker.indices?.[0]?.[0]',
    why: 'MARKER has the `d` flag, so every match has `indices`, and `indices[0]` (the whole match) is always set.',
  },
  {
    file: SUPPRESSION,
    mutator: 'OptionalChaining',
    original: 'marker.indices?.[0]',
    why: 'MARKER has the `d` flag, so every match has `indices`.',
  },
  {
    file: SUPPRESSION,
    mutator: 'ConditionalExpression',
    original: "!source.text.includes('sunset-ignore')",
    replacement: 'false',
    why: 'A fast path: a file without the word has no marker, so reading every line finds none and covers nothing, as NONE does.',
  },
  {
    file: SUPPRESSION,
    mutator: 'StringLiteral',
    original: "'sunset-ignore'",
    replacement: '""',
    why: 'Both uses are fast paths that skip lines or files without the word; ignoreMarker finds no marker in them anyway.',
  },
  {
    file: SUPPRESSION,
    mutator: 'EqualityOperator',
    original: 'next <= lines.length',
    replacement: 'next < lines.length',
    why: 'It differs only when the last line ends with a backslash: the original then adds the line after the last, which does not exist.',
  },
  {
    file: SUPPRESSION,
    mutator: 'ConditionalExpression',
    original: 'next <= lines.length',
    replacement: 'true',
    why: 'Past the last line `lines[next - 1]` is undefined, read as the text "undefined", which does not end with a backslash: the loop stops anyway.',
  },
  { file: FIX, mutator: 'StringLiteral', original: "'rest'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'api-client'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'ci-variable-unset'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'ci-job-key-unset'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'omnibus-setting'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'chart-value'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'env-var'", why: NO_SUBJECT },
  { file: FIX, mutator: 'StringLiteral', original: "'config-module'", why: NO_SUBJECT },
  { file: FIX, mutator: 'ConditionalExpression', original: "case 'ci-job-key-unset': return undefined;", why: NO_SUBJECT },
  {
    file: FIX,
    mutator: 'ConditionalExpression',
    original: 'anchors.length > 0 && !anchors.some((anchor) => text.includes(anchor))',
    replacement: 'false',
    why: 'A fast path: every match of the rule contains one of its anchors, so a text without any has no match to edit.',
  },
  {
    file: FIX,
    mutator: 'ConditionalExpression',
    original: 'subject === undefined',
    replacement: 'false',
    why: 'Only rules with a fix get here, and the schema refuses a fix on REST and absence rules, the only kinds without a subject.',
  },
  {
    file: 'src/reference/versioned/rate-limiter.ts',
    mutator: 'BlockStatement',
    original: 'windows.delete(client);',
    why: 'The sweep just before removes every ended window from the front, and a window that ended has only ended ones before it (all last as long), so the client is never still in the map here.',
  },
  {
    file: 'src/reference/versioned/rate-limiter.ts',
    mutator: 'CallExpression',
    original: 'windows.delete(client);',
    why: 'The sweep just before removes every ended window from the front, and a window that ended has only ended ones before it (all last as long), so the client is never still in the map here.',
  },
  {
    file: 'src/reference/platform/auth.ts',
    mutator: 'Regex',
    original: '/^Bearer\\s+/i',
    replacement: '/^Bearer\\s/i',
    why: 'The token is trimmed right after, so the spaces left after one is removed go too.',
  },
  {
    file: 'src/reference/platform/auth.ts',
    mutator: 'MethodExpression',
    original: 'header?.trim()',
    why: 'Headers strip leading and trailing whitespace from every value, and the Bearer pattern takes all spaces after it: nothing is left to trim.',
  },
  {
    file: 'src/reference/platform/auth.ts',
    mutator: 'ConditionalExpression',
    original: 'project.groupId === undefined',
    replacement: 'false',
    why: 'groupRoles is keyed by group id, so groupRoles[undefined] is undefined: the same as the explicit undefined.',
  },
  {
    file: 'src/reference/platform/auth.ts',
    mutator: 'ConditionalExpression',
    original: 'id === undefined',
    replacement: 'false',
    why: 'No project has an undefined id, so looking one up finds none and the answer is the same 404.',
  },
  {
    file: 'src/reference/platform/auth.ts',
    mutator: 'StringLiteral',
    original: "'no role'",
    why: 'requireRole runs after findProject, which lets through only administrators (returned before) and users with a role.',
  },
  {
    file: 'src/reference/platform/group-access.ts',
    mutator: 'StringLiteral',
    original: "'no role'",
    why: 'requireGroupRole runs after findGroup, which lets through only administrators (returned before) and users with a role.',
  },
  {
    file: 'src/reference/platform/group-access.ts',
    mutator: 'StringLiteral',
    original: "''",
    within: "String(groupId ?? '')",
    why: 'Every route that calls it has the group in its path, so groupId is never undefined.',
  },
  {
    file: 'src/reference/versioned/rate-limit-handlers.ts',
    mutator: 'ConditionalExpression',
    original: 'token === undefined',
    replacement: 'false',
    why: 'principalOf(undefined) finds no token (none is undefined), so the caller is counted by address either way.',
  },
  {
    file: 'src/reference/versioned/rate-limit-handlers.ts',
    mutator: 'OptionalChaining',
    original: "request.headers.get('x-forwarded-for')?.split(',')[0]?.trim",
    why: 'split always returns at least one string, so [0] is never undefined.',
  },
  {
    file: 'src/reference/versioned/rate-limit-handlers.ts',
    mutator: 'ConditionalExpression',
    original: 'error instanceof ApiError',
    replacement: 'true',
    why: 'releases.forRequest throws only ApiError (400 for an unknown release).',
  },
  {
    file: 'src/reference/versioned/release-choice.ts',
    mutator: 'MethodExpression',
    original: 'releases.map((release) => parseRelease(release)?.major ?? Number.NaN).filter(Number.isFinite)',
    why: 'The releases come from the releases file, whose schema accepts only well-formed releases: no NaN to filter out.',
  },
  {
    file: 'src/reference/versioned/release-choice.ts',
    mutator: 'OptionalChaining',
    original: 'parseRelease(release)?.major',
    why: 'The releases come from the releases file, whose schema accepts only well-formed releases: parseRelease never returns undefined here.',
  },
  {
    file: 'src/reference/versioned/versioned-behaviour.ts',
    mutator: 'ConditionalExpression',
    original: 'Object.keys(decision.headers).length === 0',
    replacement: 'false',
    why: 'A fast path: copying the answer with no headers to add gives the same status, headers and body.',
  },
  { file: FIX, mutator: 'ConditionalExpression', original: 'end === -1', replacement: 'false', why: QUOTED_VALUE },
  { file: FIX, mutator: 'UnaryOperator', original: '-1', within: 'end === -1', why: QUOTED_VALUE },
  { file: FIX, mutator: 'ConditionalExpression', original: 'after === undefined', replacement: 'false', why: QUOTED_VALUE },
  {
    file: FIX,
    mutator: 'ConditionalExpression',
    original: 'before === undefined',
    replacement: 'false',
    why: 'The search runs only when the subject does not stand at the match, so it is never found at the start of the rest of the line: there is always a character before it.',
  },
  {
    file: 'src/check/report/sarif-report.ts',
    mutator: 'Regex',
    original: '/\\/+$/',
    replacement: '/\\/$/',
    why: 'pathToFileURL resolves the path, which folds repeated slashes: "/repo//" and "/repo/" give the same URI.',
  },
  {
    file: 'src/reference/versioned/versioned-behaviour.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    within: 'entry.enforcement ?? []',
    why: 'An entry without enforcement would yield one made-up rule, filed under the endpoint `undefined`, which no route asks for.',
  },
  {
    file: 'src/reference/versioned/request-fields.ts',
    mutator: 'StringLiteral',
    original: "''",
    within: "?.toLowerCase() ?? ''",
    why: 'Without a Content-Type the type is only compared with the two form types, which any other text fails as the empty one does.',
  },
  {
    file: 'src/reference/errors/body-decoding.ts',
    mutator: 'ConditionalExpression',
    original: 'chunks.length === 1',
    replacement: 'false',
    why: 'A fast path: copying a single chunk into a new array gives the same bytes.',
  },
  {
    file: 'src/reference/errors/ingestion-limits.ts',
    mutator: 'ArithmeticOperator',
    original: '1024 * 1024',
    replacement: '1024 / 1024',
    within: 'if (bytes >= 1024 * 1024 &&',
    why: 'In the first comparison it lets through sizes from 1 byte below 1 MiB, and the second condition (a whole number of MiB) still refuses every one of them.',
  },
  {
    file: 'src/reference/platform/group-access.ts',
    mutator: 'StringLiteral',
    original: "'(empty)'",
    why: 'Every route that calls it has a non-empty group segment in its path, so the id is never empty.',
  },
  {
    file: 'src/reference/versioned/rate-limit-handlers.ts',
    mutator: 'StringLiteral',
    original: "'unknown'",
    why: 'Only the window key changes, and callers without an address still all share that one key.',
  },
  {
    file: 'src/reference/host/data-file.ts',
    mutator: 'CallExpression',
    original: 'db.close();',
    why: 'Closing a database that was refused at start frees a handle the process would drop anyway: nothing a client or the next start can see changes.',
  },
  {
    file: 'src/reference/host/data-dir-lock.ts',
    mutator: 'CallExpression',
    original: 'db.close();',
    followedBy: 'if (!/locked|busy/i.test(',
    why: 'BEGIN EXCLUSIVE failed, so this connection holds no lock: left open it only keeps a handle until it is collected. (The close after a refused owner file, which does hold the lock, is killed by data-dir-refusals.test.ts.)',
  },
  {
    file: 'src/reference/host/data-file.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    within: "READS.includes(meta.version ?? '')",
    why: 'A missing version is refused either way: READS holds neither the empty string nor any other made-up one.',
  },
  {
    file: 'src/reference/host/data-file.ts',
    mutator: 'StringLiteral',
    original: "' and '",
    why: 'READS holds one data version, and joining one item uses no separator.',
  },
  {
    file: 'src/reference/host/data-dir.ts',
    mutator: 'BlockStatement',
    original: '{ throw refused(file, error); }',
    why: 'BEGIN IMMEDIATE fails only while another connection holds the write lock; without the transaction the first write then fails on the same lock, the ROLLBACK that follows fails quietly, and the request gets the same 503 naming the file with nothing kept.',
  },
  {
    file: 'src/readiness/report-summary.ts',
    mutator: 'ConditionalExpression',
    original: 'known !== undefined',
    replacement: 'false',
    why: 'Interning saves memory only: a string stored again is the same value, so every summary reads the same.',
  },
  {
    file: 'src/readiness/report-summary.ts',
    mutator: 'CallExpression',
    original: 'intern.strings.set(text, text);',
    why: 'Interning saves memory only: without the table each summary keeps its own copy of the same text.',
  },
  {
    file: 'src/readiness/report-summary.ts',
    mutator: 'StringLiteral',
    original: "''",
    within: "range.offering ?? ''",
    why: 'Any text that is not an offering keeps ranges without one apart from ranges with one, as the empty text does.',
  },
  {
    file: 'src/readiness/report-summary.ts',
    mutator: 'EqualityOperator',
    original: 'at < codes.length',
    replacement: 'at <= codes.length',
    why: 'One more pass past the end slices no codes and appends the empty text.',
  },
  {
    file: 'src/readiness/readiness-model.ts',
    mutator: 'OptionalChaining',
    original: 'entry?.title',
    why: 'The ids to check by hand come from the register’s own entries, so the entry is always found.',
  },
  {
    file: 'src/browser/scan-report/parse-scan-report.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    within: 'Array.isArray(driver.rules) ? driver.rules : []',
    why: 'Rules are read only where they are objects with an id, so a made-up text in the list is dropped as an empty list would be.',
  },
  {
    file: 'src/readiness/report-summary.ts',
    mutator: 'ConditionalExpression',
    original: 'problems.before || problems.after',
    replacement: 'true',
    why: 'Sharing one frozen empty object saves memory only: an empty problems object given instead reads the same.',
  },
  {
    file: 'src/check/report/report-input.ts',
    mutator: 'StringLiteral',
    original: "'removed'",
    within: "failOn === 'never' ? 'removed' : failOn",
    why: 'fails() treats any level but never and deprecated as removed, so the empty text gates as removed does.',
  },
  {
    file: 'src/reference/errors/body-decoding.ts',
    mutator: 'ConditionalExpression',
    original: 'contentLength !== null',
    replacement: 'true',
    why: 'Without the header the declared length reads as Number(null), 0, which is never over the limit.',
  },
  {
    file: 'src/readiness/readiness-model.ts',
    mutator: 'StringLiteral',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as Stryker reports it
    original: '`${slug}.html`',
    why: 'A placeholder: writing the site puts each project on its page (project-packs.ts) before any page or link reads it, and the totals never do.',
  },
  {
    file: 'src/reference/host/body-reading.ts',
    mutator: 'ConditionalExpression',
    original: 'chunks.length === 1',
    replacement: 'false',
    why: 'A fast path: copying a single chunk into a new array gives the same bytes.',
  },
  {
    file: 'src/reference/host/body-reading.ts',
    mutator: 'BlockStatement',
    original:
      '{ const only = chunks[0] as Buffer; done(new Uint8Array(only.buffer, only.byteOffset, only.length) as Uint8Array<ArrayBuffer>); return; }',
    why: 'A fast path: without it a single chunk is copied into a new array, with the same bytes.',
  },
  {
    file: 'src/reference/analytics/funnels/execute-funnel-query.ts',
    mutator: 'OptionalChaining',
    original: 'steps[step]?.name',
    why: 'The groups are the keys of steps, so steps[step] is always there.',
  },
  {
    file: FILE_KIND,
    mutator: 'ConditionalExpression',
    original: "base === '.gitlab-ci.yml' || base === '.gitlab-ci.yaml'",
    why: CI_FILE_NAMES,
  },
  {
    file: FILE_KIND,
    mutator: 'LogicalOperator',
    original: "base === '.gitlab-ci.yml' || base === '.gitlab-ci.yaml'",
    why: CI_FILE_NAMES,
  },
  {
    file: FILE_KIND,
    mutator: 'ConditionalExpression',
    original: "base === '.gitlab-ci.yml'",
    replacement: 'false',
    why: CI_FILE_NAMES,
  },
  {
    file: FILE_KIND,
    mutator: 'ConditionalExpression',
    original: "base === '.gitlab-ci.yaml'",
    replacement: 'false',
    why: CI_FILE_NAMES,
  },
  { file: FILE_KIND, mutator: 'StringLiteral', original: "'.gitlab-ci.yml'", why: CI_FILE_NAMES },
  { file: FILE_KIND, mutator: 'StringLiteral', original: "'.gitlab-ci.yaml'", why: CI_FILE_NAMES },
  {
    file: 'src/check/file/config-file.ts',
    mutator: 'ConditionalExpression',
    original: "base === 'gitlab.rb'",
    replacement: 'false',
    why: GITLAB_RB_NAME,
  },
  { file: 'src/check/file/config-file.ts', mutator: 'StringLiteral', original: "'gitlab.rb'", why: GITLAB_RB_NAME },
  {
    file: 'src/readiness/report-coverage.ts',
    mutator: 'StringLiteral',
    original: "''",
    within: "range.offering ?? ''",
    why: 'Only a cache key: a range without an offering is keyed apart from every range with one either way, as no offering is named "Stryker was here!".',
  },
  {
    file: 'src/readiness/trend.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    within: 'let moved = false',
    why: "A fast path: `moved` only spares reading the same report's counts again on a day it did not change; read again, they are the same.",
  },
  {
    file: 'src/readiness/trend.ts',
    mutator: 'ConditionalExpression',
    original: 'moved',
    replacement: 'true',
    why: "A fast path: `moved` only spares reading the same report's counts again on a day it did not change; read again, they are the same.",
  },
  {
    file: 'src/findings/active-rules.ts',
    mutator: 'ConditionalExpression',
    original: 'entry.detect.length === 0',
    replacement: 'false',
    why: 'A fast path: an entry without detection rules adds no rule in the loop over its rules, whatever its severity.',
  },
  {
    file: 'src/findings/active-rules.ts',
    mutator: 'ConditionalExpression',
    original: 'condition.detect.length === 0',
    replacement: 'false',
    why: 'A fast path: an error condition without detection rules adds no rule in the loop over its rules.',
  },
  { file: FILTER_ROWS, mutator: 'EqualityOperator', original: 'index < size', replacement: 'index <= size', why: PAST_THE_END },
  {
    file: FILTER_ROWS,
    mutator: 'EqualityOperator',
    original: 'index < rows.length',
    replacement: 'index <= rows.length',
    why: PAST_THE_END,
  },
  {
    file: FILTER_ROWS,
    mutator: 'EqualityOperator',
    original: 'index < mask.length',
    replacement: 'index <= mask.length',
    within: 'if (mask[index]) rows[next++] = index',
    why: PAST_THE_END,
  },
  {
    file: FILTER_ROWS,
    mutator: 'ConditionalExpression',
    original: 'isNull',
    replacement: 'false',
    within: 'if (isNull) return false',
    why: 'A null is NaN here, and every comparison with NaN is false, so the comparisons below return false for it too.',
  },
  {
    file: FILTER_ROWS,
    mutator: 'ConditionalExpression',
    original: "operator === 'notSet'",
    replacement: 'false',
    why: '`notSet` also starts with `not`, which the test after it checks, so a null passes it either way.',
  },
  {
    file: FILTER_ROWS,
    mutator: 'StringLiteral',
    original: "'notSet'",
    within: "operator === 'notSet' || operator.startsWith('not')",
    why: '`notSet` also starts with `not`, which the test after it checks, so a null passes it either way.',
  },
  {
    file: FILTER_ROWS,
    mutator: 'ConditionalExpression',
    original: 'ranges.length === 1',
    replacement: 'false',
    why: ONE_RANGE_FAST_PATH,
  },
  {
    file: FILTER_ROWS,
    mutator: 'BlockStatement',
    original:
      '{ const [from, to] = ranges[0] as [number, number]; for (let index = 0; index < size; index++) { const time = times[index] as number; out[index] = time >= from && time <= to ? hit : 1 - hit; } return; }',
    why: ONE_RANGE_FAST_PATH,
  },
  {
    file: FILL,
    mutator: 'ConditionalExpression',
    original: 'filled.length === rows.length',
    replacement: 'false',
    why: 'A fast path: with no day added the rows are already in the query order (the grouped sort), and sorting them again, stably, by the same keys keeps it.',
  },
  {
    file: FILL,
    mutator: 'ArithmeticOperator',
    original: '(left < right ? -1 : 1) * (key.desc ? -1 : 1)',
    why: 'Both factors are 1 or -1, and dividing by 1 or -1 gives what multiplying does.',
  },
  { file: FILL, mutator: 'EqualityOperator', original: 'left < right', replacement: 'left <= right', why: EQUAL_SKIPPED },
  { file: FILL, mutator: 'OptionalChaining', original: 'query.measures[key.index]?.key', why: KEY_IN_QUERY },
  { file: FILL, mutator: 'OptionalChaining', original: 'query.dimensions[key.index]?.key', why: KEY_IN_QUERY },
  { file: FILL, mutator: 'ConditionalExpression', original: 'name === undefined', replacement: 'false', why: KEY_IN_QUERY },
  {
    file: FILL,
    mutator: 'ConditionalExpression',
    original: 'left === undefined',
    replacement: 'false',
    why: 'Every row, added or grouped, has every dimension key (null when it has no value), and a measure is a number: the value is never undefined.',
  },
  {
    file: FILL,
    mutator: 'ConditionalExpression',
    original: 'right === undefined',
    replacement: 'false',
    why: 'Every row, added or grouped, has every dimension key (null when it has no value), and a measure is a number: the value is never undefined.',
  },
  {
    file: 'src/reference/analytics/query/order-spec.ts',
    mutator: 'OptionalChaining',
    original: 'dimensions[key.index]?.key',
    why: 'A dimension order key is resolved against these columns, so its index is always one of them.',
  },
  { file: BUCKETS, mutator: 'EqualityOperator', original: 'time < min', replacement: 'time <= min', why: SAME_BOUND },
  { file: BUCKETS, mutator: 'EqualityOperator', original: 'time > max', replacement: 'time >= max', why: SAME_BOUND },
  { file: BUCKETS, mutator: 'EqualityOperator', original: 'index < size', replacement: 'index <= size', why: PAST_THE_END },
  {
    file: BUCKETS,
    mutator: 'ConditionalExpression',
    original: 'offsets.offsets.length === 1',
    replacement: 'false',
    why: ONE_OFFSET_FAST_PATH,
  },
  {
    file: BUCKETS,
    mutator: 'ConditionalExpression',
    original: 'fixed && single && !rows',
    replacement: 'false',
    why: ONE_OFFSET_FAST_PATH,
  },
  {
    file: BUCKETS,
    mutator: 'BlockStatement',
    original:
      '{ for (let index = 0; index < size; index++) codes[index] = Math.floor(((times[index] as number) + constant) / fixed) - first; return { codes, min: 0, max, label }; }',
    why: ONE_OFFSET_FAST_PATH,
  },
  { file: BUCKETS, mutator: 'ConditionalExpression', original: 'day !== lastDay', replacement: 'true', why: LAST_DAY_CACHE },
  {
    file: BUCKETS,
    mutator: 'ArithmeticOperator',
    original: 'local / DAY_MS',
    replacement: 'local * DAY_MS',
    within: 'const day = Math.floor(local / DAY_MS)',
    followedBy: 'if (day !== lastDay)',
    why: LAST_DAY_CACHE,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'keys.length === 0',
    replacement: 'false',
    why: EITHER_SORT_NOKEYS,
  },
  {
    file: SORT,
    mutator: 'ArrowFunction',
    original: '(key) => countingRange(key.values, groups)',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'ranges.every((range) => range !== undefined)',
    replacement: 'false',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'MethodExpression',
    original: 'ranges.every((range) => range !== undefined)',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ArrowFunction',
    original: '(range) => range !== undefined',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'range !== undefined',
    replacement: 'false',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    within: 'let hasNull = false',
    why: EITHER_SORT_WIDER,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'index < groups.length',
    replacement: 'index <= groups.length',
    why: EITHER_SORT_UNDEFINED,
  },
  {
    file: SORT,
    mutator: 'UpdateOperator',
    original: 'index++',
    replacement: 'index--',
    within: 'index < groups.length',
    why: EITHER_SORT_UNDEFINED,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'value === Number.POSITIVE_INFINITY',
    replacement: 'false',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'BlockStatement',
    original: '{ hasNull = true; continue; }',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'BooleanLiteral',
    original: '!Number.isInteger(value)',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: '!Number.isInteger(value)',
    replacement: 'true',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'value < min',
    replacement: 'value <= min',
    why: SAME_BOUND,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'value > max',
    replacement: 'value >= max',
    why: SAME_BOUND,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'hasNull',
    replacement: 'true',
    within: 'if (hasNull) max += 1',
    why: EITHER_SORT_WIDER,
  },
  {
    file: SORT,
    mutator: 'ConditionalExpression',
    original: 'max - min <= COUNTING_FACTOR * groups.length + 1024',
    replacement: 'false',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'max - min <= COUNTING_FACTOR * groups.length + 1024',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ArithmeticOperator',
    original: 'max - min',
    replacement: 'max + min',
    within: 'COUNTING_FACTOR',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ArithmeticOperator',
    original: 'COUNTING_FACTOR * groups.length + 1024',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ArithmeticOperator',
    original: 'COUNTING_FACTOR * groups.length',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'ArithmeticOperator',
    original: '(left < right ? -1 : 1) * (desc ? -1 : 1)',
    why: 'Both factors are 1 or -1, and dividing by 1 or -1 gives what multiplying does.',
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'left < right',
    replacement: 'left <= right',
    why: EQUAL_SKIPPED_SORT,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'index < order.length',
    replacement: 'index <= order.length',
    why: COUNT_PAST_THE_END,
  },
  {
    file: SORT,
    mutator: 'EqualityOperator',
    original: 'index < width',
    replacement: 'index <= width',
    why: COUNT_PAST_THE_END,
  },
  {
    file: SORT,
    mutator: 'BlockStatement',
    original:
      '{ let order = groups; for (let index = keys.length - 1; index >= 0; index--) { order = countingPass(order, keys[index] as SortKey, ranges[index] as [number, number]); } return order; }',
    why: EITHER_SORT,
  },
  {
    file: SORT,
    mutator: 'BlockStatement',
    original:
      '{ let min = Number.POSITIVE_INFINITY; let max = Number.NEGATIVE_INFINITY; let hasNull = false; for (let index = 0; index < groups.length; index++) { const value = values[groups[index] as number] as number; if (value === Number.POSITIVE_INFINITY) { hasNull = true; continue; } if (!Number.isInteger(value)) return undefined; if (value < min) min = value; if (value > max) max = value; } if (min === Number.POSITIVE_INFINITY) return [0, 0]; if (hasNull) max += 1; return max - min <= COUNTING_FACTOR * groups.length + 1024 ? [min, max] : undefined; }',
    why: EITHER_SORT,
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'ConditionalExpression',
    original: "zoneSuffix === 'Z'",
    replacement: 'false',
    why: 'Read as an offset, `Z` has no digits after its first character, which make an offset of 0 minutes: the same instant.',
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'StringLiteral',
    original: "'Z'",
    within: "zoneSuffix === 'Z'",
    why: 'Read as an offset, `Z` has no digits after its first character, which make an offset of 0 minutes: the same instant.',
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'StringLiteral',
    original: "'end'",
    within: "parseInstant(second, zone, 'end')",
    why: "parseInstant tests only for `'start'`; any other bound, the empty one too, is read as the end.",
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'ConditionalExpression',
    original: 'day < 1',
    replacement: 'false',
    why: 'Day 0 of a month is the last day of the month before, so the check that the day read back is the day written refuses it anyway.',
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'ConditionalExpression',
    original: 'day > 31',
    replacement: 'false',
    why: 'No month has a day 32 or more: the day read back differs from the day written, and that check refuses it anyway.',
  },
  {
    file: FILL,
    mutator: 'ConditionalExpression',
    original: "spec.kind === 'time'",
    replacement: 'true',
    within: 'spec.aliasKey',
    why: 'Only time dimensions have an alias key, so for any other dimension the `&& spec.aliasKey` after it is false either way.',
  },
  {
    file: 'src/reference/analytics/query/order-spec.ts',
    mutator: 'EqualityOperator',
    original: 'entry >= 0',
    replacement: 'entry > 0',
    why: 'A time dimension entry at index 0 is also bucketed, so the search for the first bucketed column that follows finds index 0 too.',
  },
  {
    file: 'src/reference/analytics/query/date-range.ts',
    mutator: 'ConditionalExpression',
    original: 'month === 12',
    replacement: 'false',
    why: 'daysFromCivil reads month 13 of a year as January of the next (its months count from March), so both forms give the first day after December.',
  },
  // Checker matchers: gitlab.rb settings and configuration modules.
  {
    file: 'src/check/rules/config-module.ts',
    mutator: 'ConditionalExpression',
    original: "kind === 'yaml' || kind === 'ci-yaml'",
    replacement: 'true',
    why: 'Only a prefilter: an Ansible rule reads documents from yamlQuietly, which gives none for a file of any other kind, so applying the rule to it finds nothing.',
  },
  // Chart values (the deploy group).
  {
    file: CHART_VALUE,
    mutator: 'ConditionalExpression',
    original: '!isMap(node)',
    replacement: 'false',
    within: 'if (!isMap(node)) return;',
    why: 'A node that is not a map has no entries (mapEntries gives none), so the loop after does nothing; the return only spares looking for the chart around every list and scalar.',
  },
  {
    file: CHART_VALUE,
    mutator: 'ArrayDeclaration',
    original: '[]',
    within: 'file.yamlQuietly() ?? []',
    why: `Only a file that is not YAML, or does not parse, has no documents. ${NOT_A_DOCUMENT}`,
  },
  {
    file: CHART_VALUE,
    mutator: 'ArrayDeclaration',
    original: '[]',
    within: 'releases(file, document.contents, out, [])',
    why: `Parents are only read through \`filter(isMap)\` and handed on. ${NOT_A_DOCUMENT}`,
  },
  {
    file: CHART_VALUE,
    mutator: 'ConditionalExpression',
    original: "file.source.text.includes('--set')",
    replacement: 'true',
    why: SET_FAST_PATH,
  },
  {
    file: CHART_VALUE,
    mutator: 'StringLiteral',
    original: "'--set'",
    within: "file.source.text.includes('--set')",
    why: SET_FAST_PATH,
  },
  // The checker's matchers: text, CI variables and keys, flags.
  {
    file: 'src/check/rules/ci-variable.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    within: 'file.yaml() ?? []',
    why: 'Only for a file whose YAML does not parse: a string in place of its documents has no `contents`, and no `variables:` map is found below undefined, so nothing is read, as with no documents.',
  },
  {
    file: 'src/check/rules/ci-job-key-unset.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    within: 'file.yaml() ?? []',
    why: 'Only for a file whose YAML does not parse: a string in place of its documents has no `contents`, whose entries mapEntries gives as none, so no job is read, as with no documents.',
  },
];
