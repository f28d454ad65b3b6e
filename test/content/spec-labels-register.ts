/**
 * Checks that what the register states as the spec's is in the spec. An entry, limit or error condition is
 * the spec's unless it says otherwise: its releases, numbers and status must stand in the spec lines it
 * models (found through the coverage transcription, plus those of its related entries), its names, code and
 * quoted phrases anywhere in the spec, and an offering narrower than all three must be one the spec names
 * there. What is Sunset's reading instead is listed in the entry's `readings`, and is not looked up.
 */
import type { Register } from '../../src/register/index.ts';
import type { Reading } from '../../src/schemas/reading.ts';
import type { RegisterEntry } from '../../src/schemas/register-entry.ts';
import { LABELLED_SENTENCE } from './spec-labels-api.ts';
import type { Sources } from './spec-sources.ts';
import { flatten, hasToken, releasesIn, type SpecLine, SpecText } from './spec-text.ts';

/**
 * Words that name an offering, and how the spec names each: "hosted" (the hosted offering or service), not
 * "self-hosted" (a server someone runs) nor "SaaS", which the spec uses once for runners and never as the
 * name of an offering, so reading it as one is ours.
 */
export const OFFERING_WORDS = {
  hosted: { ours: /(?<!self-)\bhosted\b/i, spec: /(?<!self-)\bhosted\b/ },
  'self-managed': { ours: /\bself-managed\b/i, spec: /\bself-managed\b/i },
  dedicated: { ours: /\bdedicated\b/i, spec: /\bdedicated\b/i },
} as const;
const NUMBER = /(?<![\w.$-])\d[\d,]*(?:\.\d+)?(?![\w.]*\d)/g;
const QUOTED = /(?<![\w])'([^'\n]{3,}?)'(?![\w])|"([^"\n]{3,}?)"/g;

/** The spec lines a fact stands on, as one text, and the releases they concern. */
interface Source {
  lines: SpecLine[];
  text: string;
  releases: Set<string>;
}

function sourceOf(sources: Sources, ids: readonly string[]): Source {
  const lines = [...new Set(ids.flatMap((id) => sources.byId.get(id) ?? []))];
  return { lines, text: lines.map((line) => line.text).join('\n'), releases: new Set(lines.flatMap((line) => line.releases)) };
}

const withoutCode = (text: string) => text.replace(/`[^`]*`/g, ' ');

/** Whether a name or code span is in a fact's spec lines, as written, in the spec's shorthand, or token by token. */
function inSource(source: Source, spec: SpecText, code: string): boolean {
  const lines = new SpecText(source.lines.map((line) => line.text).join('\n'));
  return lines.hasCode(code) || spec.shorthand.has(code);
}

/**
 * Problems with the numbers, releases, quoted phrases and code of a text: numbers and releases must be in
 * its spec lines, quoted phrases in the spec, and code where `codeIn` looks (an entry's own lines; the
 * whole spec for a limit or error condition, whose descriptions draw on the spec's other parts).
 */
function proseProblems(
  where: string,
  text: string,
  source: Source,
  spec: SpecText,
  exempt: (value: string) => boolean,
  codeIn: 'source' | 'spec' = 'source',
): string[] {
  const problems: string[] = [];
  const plain = withoutCode(text);
  for (const release of releasesIn(plain)) {
    if (!source.releases.has(release) && !exempt(release)) problems.push(`${where}: release ${release} is not in its spec lines`);
  }
  for (const match of plain.matchAll(NUMBER)) {
    const number = match[0].replace(/,$/, '');
    if (releasesIn(number).length > 0 || exempt(number)) continue;
    if (!hasToken(source.text, number) && !hasToken(source.text, number.replace(/,/g, ''))) {
      problems.push(`${where}: the number ${number} is not in its spec lines`);
    }
  }
  for (const match of text.matchAll(QUOTED)) {
    const phrase = (match[1] ?? match[2]) as string;
    if (!spec.has(phrase, { ignoreCase: true }) && !exempt(phrase)) problems.push(`${where}: "${phrase}" is not in the spec`);
  }
  for (const match of text.matchAll(/`([^`]+)`/g)) {
    const code = match[1] as string;
    const found = codeIn === 'source' ? inSource(source, spec, code) : spec.hasCode(code);
    if (!found && !exempt(code))
      problems.push(`${where}: \`${code}\` is not in ${codeIn === 'source' ? 'its spec lines' : 'the spec'}`);
  }
  return problems;
}

/** Offering words a text uses that its spec lines do not. */
function offeringProblems(where: string, text: string, source: Source): string[] {
  return Object.entries(OFFERING_WORDS)
    .filter(([, words]) => words.ours.test(withoutCode(text)) && !words.spec.test(source.text))
    .map(([offering]) => `${where}: says "${offering}", which its spec lines do not`);
}

/** Whether a reading of `field` covers `value` (a reading without values covers the whole field). */
function readingCovers(readings: readonly Reading[] | undefined, field: Reading['field'], value?: string): boolean {
  return (readings ?? []).some(
    (reading) =>
      reading.field === field && (reading.values === undefined || (value !== undefined && reading.values.includes(value))),
  );
}

/**
 * The ids whose spec lines an entry may draw on: its own, its related entries', and those of the limits and
 * error conditions that relate to it.
 */
function entrySourceIds(entry: RegisterEntry, register: Register): string[] {
  const relating = [...register.limits, ...register.errors]
    .filter((item) => item.related.includes(entry.id))
    .map((item) => item.id);
  return [entry.id, ...entry.related, ...relating];
}

/**
 * What the spec says of one fact itself: the clauses of its own transcribed items, or its own lines where
 * no clause was cut out, never the lines of related entries.
 */
function ownClauses(id: string, sources: Sources): string {
  const clauses = sources.clausesById.get(id) ?? [];
  return clauses.length > 0 ? clauses.join('\n') : (sources.byId.get(id) ?? []).map((line) => line.text).join('\n');
}

/** A reading that says the spec names no offering, where the spec's words for the change name one. */
function readingOfferingProblems(entry: RegisterEntry, ownWords: string): string[] {
  const named = Object.entries(OFFERING_WORDS)
    .filter(([, words]) => words.spec.test(ownWords))
    .map(([offering]) => offering);
  return (entry.readings ?? [])
    .filter((reading) => reading.field === 'offerings' && /\bnames no offering\b/.test(reading.because) && named.length > 0)
    .map(
      () =>
        `entry ${entry.id}: its offerings reading says the platform's documentation names no offering, but its words for the change name ${named.join(', ')}`,
    );
}

/** What an entry states as the spec's that its spec lines do not hold. */
export function entryProblems(entry: RegisterEntry, register: Register, spec: SpecText, sources: Sources): string[] {
  const own = sourceOf(sources, [entry.id]);
  const source = sourceOf(sources, entrySourceIds(entry, register));
  const where = `entry ${entry.id}`;
  if (own.lines.length === 0) return [`${where}: no spec line models it (test/fixtures/spec-coverage)`];
  const problems: string[] = [];
  if (!own.releases.has(entry.removed_in)) problems.push(`${where}: removed_in ${entry.removed_in} is not in its spec lines`);
  if (entry.announced_in && !own.releases.has(entry.announced_in)) {
    problems.push(`${where}: announced_in ${entry.announced_in} is not in its spec lines`);
  }
  for (const [category, list] of Object.entries(entry.names)) {
    for (const name of list ?? []) {
      if (!inSource(source, spec, name) && !readingCovers(entry.readings, 'names', name)) {
        problems.push(`${where}: names.${category} "${name}" is not in its spec lines`);
      }
    }
  }
  for (const field of ['from', 'to'] as const) {
    for (const name of entry[field] ?? []) {
      if (!inSource(source, spec, name) && !readingCovers(entry.readings, field, name))
        problems.push(`${where}: ${field} "${name}" is not in its spec lines`);
    }
  }
  for (const field of ['title', 'summary', 'migration', 'replacement', 'breaking_reason'] as const) {
    const text = entry[field];
    if (text === undefined || readingCovers(entry.readings, field)) continue;
    const exempt = (value: string) => readingCovers(entry.readings, field, value);
    problems.push(...proseProblems(`${where} ${field}`, text, source, spec, exempt));
  }
  const narrow = entry.offerings.length < Object.keys(OFFERING_WORDS).length;
  const ownWords = ownClauses(entry.id, sources);
  if (readingCovers(entry.readings, 'offerings')) {
    problems.push(...readingOfferingProblems(entry, ownWords));
  } else {
    // Every offering listed is a statement too: the spec's words for this change itself (its own clauses, not
    // a related entry's line) must name them all, else the list is a reading.
    const unnamed = entry.offerings.filter((offering) => !OFFERING_WORDS[offering].spec.test(ownWords));
    if (unnamed.length > 0) {
      problems.push(
        narrow
          ? `${where}: offerings [${entry.offerings.join(', ')}] are not named in its spec lines`
          : `${where}: lists every offering, which its spec lines do not name; label the list as a reading`,
      );
    }
    problems.push(...offeringProblems(`${where} title/summary`, `${entry.title}\n${entry.summary}`, source));
  }
  return problems;
}

/** A limit or an error condition, as far as its release is concerned. */
interface Dated {
  id: string;
  since?: string | undefined;
  names: RegisterEntry['names'];
  related: string[];
  spec_conflict?: string | undefined;
}

/**
 * The releases the spec gives for a limit or an error condition itself: those written in the part of its own
 * row that names it (a row of the error table can hold two conditions: `POST /api/v4/runners (17.0) and the
 * reset-registration-token endpoints (18.0)`), else in its whole row; where its row gives none, the removal
 * release of a related entry that the spec dates in that entry's own lines (the 16.3 line for an RSA key).
 */
export function releasesGivenFor(item: Dated, sources: Sources, register: Register): Set<string> {
  const rows = (sources.byId.get(item.id) ?? []).map((line) => line.text);
  const names = Object.values(item.names)
    .flat()
    .filter((name): name is string => typeof name === 'string');
  const parts = rows.flatMap((row) => row.split(/; | and the | \| /));
  const naming = parts.filter((part) => names.some((name) => hasToken(part, flatten(name))));
  const own = new Set((naming.length > 0 ? naming : rows).flatMap((text) => releasesIn(text)));
  if (own.size > 0) return own;
  return new Set(
    item.related
      .map((id) => register.entry(id))
      .filter((entry): entry is RegisterEntry => entry !== undefined)
      .filter((entry) => (sources.byId.get(entry.id) ?? []).some((line) => line.releases.includes(entry.removed_in)))
      .map((entry) => entry.removed_in),
  );
}

/**
 * A `since` the spec does not give for the item itself. One that differs may stand only where `spec_conflict`
 * quotes the release the spec gives and says, in a sentence that labels itself, that `since` is our reading.
 */
function sinceProblems(where: string, item: Dated, sources: Sources, register: Register): string[] {
  if (!item.since) return [];
  const given = releasesGivenFor(item, sources, register);
  if (given.has(item.since)) return [];
  const conflict = (item.spec_conflict ?? '').replace(/\s+/g, ' ');
  const labelled = conflict
    .split(/(?<=[.;])\s+/)
    .some((sentence) => LABELLED_SENTENCE.test(sentence) && sentence.includes(item.since as string));
  if (labelled && [...given].some((release) => conflict.includes(release))) return [];
  const spec = given.size > 0 ? `the spec gives ${[...given].join(', ')} for it` : 'the spec gives no release for it';
  return [`${where}: since ${item.since} is labelled spec, but ${spec}`];
}

/** What the limits, error conditions, flags and SDK rows state that the spec does not hold. */
export function dataProblems(register: Register, spec: SpecText, sources: Sources): string[] {
  const problems: string[] = [];
  for (const limit of register.limits) {
    const source = sourceOf(sources, [limit.id, ...limit.related]);
    const where = `limit ${limit.id}`;
    if (limit.since && !source.releases.has(limit.since))
      problems.push(`${where}: since ${limit.since} is not in its spec lines`);
    problems.push(...sinceProblems(where, limit, sources, register));
    if (
      limit.number !== undefined &&
      !hasToken(source.text, String(limit.number)) &&
      !hasToken(source.text, limit.number.toLocaleString('en'))
    ) {
      problems.push(`${where}: number ${limit.number} is not in its spec lines`);
    }
    const text = [limit.title, limit.value, limit.applies_to, limit.description ?? ''].join('\n');
    problems.push(...proseProblems(where, text, source, spec, () => false, 'spec'), ...offeringProblems(where, text, source));
    for (const name of Object.values(limit.names).flat())
      if (!spec.hasValue(name)) problems.push(`${where}: name "${name}" is not in the spec`);
  }
  for (const error of register.errors) {
    const source = sourceOf(sources, [error.id, ...error.related]);
    const where = `error ${error.id}`;
    if (error.since && !source.releases.has(error.since))
      problems.push(`${where}: since ${error.since} is not in its spec lines`);
    problems.push(...sinceProblems(where, error, sources, register));
    if (error.status !== undefined && !hasToken(source.text, String(error.status))) {
      problems.push(`${where}: status ${error.status} is not in its spec lines`);
    }
    const text = `${error.condition}\n${error.result}`;
    problems.push(...proseProblems(where, text, source, spec, () => false, 'spec'), ...offeringProblems(where, text, source));
    for (const name of Object.values(error.names).flat())
      if (!spec.hasValue(name)) problems.push(`${where}: name "${name}" is not in the spec`);
  }
  for (const flag of register.flags.flags) {
    const source = sourceOf(sources, [flag.name]);
    problems.push(...proseProblems(`flag ${flag.name}`, flag.description, source, spec, () => false, 'spec'));
  }
  problems.push(...flagProblems(register, spec), ...sdkProblems(register, spec));
  return problems;
}

const FLAG_EVENTS: Record<string, RegExp> = {
  introduced: /^$/,
  'enabled-by-default': /enabled by default $/,
  'generally-available': /generally available $/,
  removed: /removed $/,
  're-added': /re-added $/,
};

/** The flag history against the spec's one line of it: each flag, each release with its event, each `->` step. */
function flagProblems(register: Register, spec: SpecText): string[] {
  const line = spec.lines.find((candidate) => candidate.text.startsWith('- Product analytics flag history:'))?.text ?? '';
  const problems: string[] = [];
  if (!line.includes(`Beta since ${register.flags.beta_since}`))
    problems.push(`flags: beta_since ${register.flags.beta_since} is not the spec's`);
  for (const flag of register.flags.flags) {
    const history = new RegExp(`${flag.name} \\(([^)]*)\\)`).exec(line)?.[1];
    if (history === undefined) {
      problems.push(`flag ${flag.name}: not in the spec's flag history`);
      continue;
    }
    for (const [index, step] of flag.history.entries()) {
      // `15.11; enabled by default 16.11; removed 17.1`: the first release is the introduction.
      const clauses = history.split(/; |, /);
      const said = clauses.find((clause) => clause === step.release || clause.endsWith(` ${step.release}`));
      const before = said?.slice(0, said.length - step.release.length) ?? '';
      const first = step.event === 'introduced' ? index === 0 && clauses[0] === step.release : true;
      if (!said || !first || !(FLAG_EVENTS[step.event] as RegExp).test(before)) {
        problems.push(`flag ${flag.name}: ${step.event} in ${step.release} is not the spec's`);
      }
    }
    if (flag.succeeds && !new RegExp(`${flag.succeeds} \\([^)]*\\) -> ${flag.name}\\b`).test(line)) {
      problems.push(`flag ${flag.name}: the spec does not show it after ${flag.succeeds}`);
    }
  }
  return problems;
}

/** Each SDK row must be a row of the spec's table, cell for cell. */
function sdkProblems(register: Register, spec: SpecText): string[] {
  return register.sdks
    .filter(
      (sdk) =>
        !spec.lines.some(
          (line) => line.text === `| ${sdk.language} | ${sdk.tested_version} | ${sdk.endpoint} | ${sdk.item_types.join(', ')} |`,
        ),
    )
    .map((sdk) => `sdk ${sdk.language}: the row is not the spec's`);
}

/**
 * Wordings of the spec that say nothing stops working, whatever else they change. A breaking flag is
 * Sunset's reading; on a change the spec words one of these ways, nothing in the text supports it.
 */
export const WORDINGS_THAT_DO_NOT_BREAK: { words: RegExp; why: string }[] = [
  { words: /\blimit\b.*\bremoved\b/, why: 'a limit removed lifts a cap: what ran within it still runs' },
  { words: /\bretention\b/, why: 'a retention period given without the one before it says nothing that worked stops' },
  {
    words: /\b(limit|restrict)\w*'? (job-token )?setting\b.*\bremoved\b/i,
    why: 'a setting that restricted is removed: a restriction is lost, nothing is refused',
  },
  { words: /\bdefault [\w.]+: \w+/, why: 'a new default value given without the one before it says nothing that worked stops' },
  { words: /\bbutton\b/, why: 'a button removed changes a page, not anything that runs' },
  { words: /\bon everywhere\b/, why: 'a check turned on everywhere is not said to refuse anything' },
  { words: /\bAPI unaffected\b/, why: 'the spec says the API is unaffected: only a page goes' },
];

/** Breaking entries whose spec clauses are worded in a way that does not support the flag. */
export function breakingProblems(entry: RegisterEntry, sources: Sources): string[] {
  if (!entry.breaking) return [];
  const clauses = sources.clausesById.get(entry.id) ?? [];
  return WORDINGS_THAT_DO_NOT_BREAK.filter(({ words }) => clauses.some((clause) => words.test(clause))).map(
    ({ why }) => `entry ${entry.id}: breaking, but the spec's words do not support it (${why})`,
  );
}
