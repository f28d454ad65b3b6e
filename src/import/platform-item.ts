/**
 * One item of the platform's deprecation data, checked field by field. Older files name the change `name`,
 * newer ones `title`; newer ones add `window`, `impact`, `scope`, `resolution_role` and `manual_task`.
 * Newer still, `impact_offering` names the offerings a change reaches. Fields the mapping does not know are
 * kept as written: a milestone-like `end_of_support_milestone: 17.0` stays the text `17.0`, not the number 17.
 * Required: a title, a removal milestone and a body. A placeholder (`XX.YY`, `YYYY-MM-DD`), a missing
 * required field or a field of the wrong shape is a problem with its line, and the item is not imported:
 * nothing is guessed. Fields the mapping does not know are kept, as written, under `extra`.
 */
import { compareReleases } from '../register/releases.ts';
import { RELEASE_PATTERN } from '../schemas/release-pattern.ts';
import type { RawField, RawItem } from './platform-file.ts';

/** Why an item (or a file) was not imported; the run counts skips by these. */
export type SkipReason = 'yaml-error' | 'placeholder' | 'missing-field' | 'malformed-field' | 'duplicate-title';

/** A problem with the data, placed at its file and line. */
export interface ImportProblem {
  file: string;
  line: number;
  reason: SkipReason;
  message: string;
}

/** An item whose fields all passed, in plain names. */
export interface PlatformItem {
  file: string;
  index: number;
  line: number;
  title: string;
  /** Markdown, with HTML comments (notes to the data's authors, never shown) taken out. */
  body: string;
  removal: string;
  announcement?: string;
  breaking: boolean;
  stage?: string;
  tiers?: string[];
  issueUrl?: string;
  documentationUrl?: string;
  announcementDate?: string;
  removalDate?: string;
  window?: number;
  impact?: 'critical' | 'high' | 'medium' | 'low';
  scope?: ('instance' | 'group' | 'project')[];
  resolutionRole?: 'Admin' | 'Owner' | 'Maintainer' | 'Developer';
  manualTask?: boolean;
  /** The offerings the item's `impact_offering` field names, as written. */
  impactOffering?: string[];
  extra: Record<string, unknown>;
}

const KNOWN = new Set([
  'title',
  'name',
  'announcement_milestone',
  'removal_milestone',
  'breaking_change',
  'body',
  'stage',
  'tiers',
  'issue_url',
  'documentation_url',
  'announcement_date',
  'removal_date',
  'window',
  'impact',
  'scope',
  'resolution_role',
  'manual_task',
  'impact_offering',
]);
const IMPACTS = ['critical', 'high', 'medium', 'low'] as const;
const SCOPES = ['instance', 'group', 'project'] as const;
const ROLES = ['Admin', 'Owner', 'Maintainer', 'Developer'] as const;
const PLACEHOLDER_MILESTONE = /x{1,2}\s*\.\s*y{1,2}|\bxx\b|\byy\b/i;
const PLACEHOLDER_DATE = /yyyy|mm-dd/i;

/** A field left empty (`stage:` with nothing after it) says nothing: it counts as absent. */
function given(field: RawField | undefined): field is RawField {
  return field !== undefined && field.value !== null && !(typeof field.value === 'string' && field.value.trim() === '');
}

type Check<T> = { ok: true; value: T } | { ok: false; reason: SkipReason; message: string };
const fail = (reason: SkipReason, message: string): Check<never> => ({ ok: false, reason, message });

function milestone(name: string, field: RawField): Check<string> {
  const text = (field.written ?? String(field.value)).trim().replace(/^["']|["']$/g, '');
  if (PLACEHOLDER_MILESTONE.test(text)) {
    return fail('placeholder', `${name} "${text}" is a placeholder, not a release; fill it in (such as "17.0")`);
  }
  if (typeof field.value !== 'string' && typeof field.value !== 'number') {
    return fail(
      'malformed-field',
      `${name} must be a release such as "17.0", not a ${Array.isArray(field.value) ? 'list' : typeof field.value}`,
    );
  }
  if (!RELEASE_PATTERN.test(text))
    return fail('malformed-field', `${name} "${text}" is not a release of the form major.minor, such as "17.0"`);
  return { ok: true, value: text };
}

function date(name: string, field: RawField): Check<string> {
  const text = String(field.value).trim();
  if (PLACEHOLDER_DATE.test(text)) return fail('placeholder', `${name} "${text}" is a placeholder; write the date as 2025-05-15`);
  const parsed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const real = parsed && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
  return real ? { ok: true, value: text } : fail('malformed-field', `${name} "${text}" is not a date written YYYY-MM-DD`);
}

function url(name: string, field: RawField): Check<string> {
  const text = String(field.value).trim();
  try {
    const parsed = new URL(text);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return { ok: true, value: text };
  } catch {
    // Reported below.
  }
  return fail('malformed-field', `${name} "${text}" is not an http or https link`);
}

function oneOf<T extends string>(name: string, field: RawField, allowed: readonly T[]): Check<T> {
  const text = typeof field.value === 'string' ? field.value.trim() : undefined;
  const found = allowed.find((option) => option.toLowerCase() === text?.toLowerCase());
  return found
    ? { ok: true, value: found }
    : fail('malformed-field', `${name} "${String(field.value)}" is not one of ${allowed.join(', ')}`);
}

/** A list written as a YAML list, or as one string of comma-separated words. */
function words(field: RawField): string[] | undefined {
  if (typeof field.value === 'string')
    return field.value
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
  if (Array.isArray(field.value) && field.value.every((word) => typeof word === 'string' && word.trim())) {
    return field.value.map((word: string) => word.trim());
  }
  return undefined;
}

function bool(name: string, field: RawField): Check<boolean> {
  return typeof field.value === 'boolean'
    ? { ok: true, value: field.value }
    : fail('malformed-field', `${name} must be true or false, not "${String(field.value)}"`);
}

/** A value of an unknown field as kept: a number written otherwise than YAML prints it (`17.0`, `16.10`) stays text. */
function asWritten(field: RawField): unknown {
  return typeof field.value === 'number' && field.written !== undefined && field.written !== String(field.value)
    ? field.written
    : field.value;
}

/** Checks one item; gives the item or every problem found in it (at least one). */
export function checkItem(
  file: string,
  raw: RawItem,
): { ok: true; item: PlatformItem } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (line: number, reason: SkipReason, message: string) => problems.push({ file, line, reason, message });
  if (!raw.fields) {
    problem(raw.line, 'malformed-field', `item ${raw.index + 1} is not a mapping of fields ("- title: …")`);
    return { ok: false, problems };
  }
  const fields = raw.fields;
  const field = (name: string) => {
    const value = fields.get(name);
    return given(value) ? value : undefined;
  };
  const take = <T>(name: string, check: (name: string, field: RawField) => Check<T>): T | undefined => {
    const value = field(name);
    if (!value) return undefined;
    const result = check(name, value);
    if (result.ok) return result.value;
    problem(value.line, result.reason, result.message);
    return undefined;
  };
  const text = (name: string, value: RawField) =>
    typeof value.value === 'string'
      ? ({ ok: true, value: value.value } as const)
      : fail('malformed-field', `${name} must be text`);

  const titleField = field('title') ?? field('name');
  const titleName = field('title') ? 'title' : 'name';
  const title = titleField ? take(titleName, text)?.replace(/\s+/g, ' ').trim() : undefined;
  if (!titleField) problem(raw.line, 'missing-field', 'the item has no title (nor the older name)');

  const bodyText = take('body', text);
  const body = bodyText
    ?.replace(/<!--[\s\S]*?-->/g, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!field('body')) problem(raw.line, 'missing-field', 'the item has no body');
  else if (bodyText !== undefined && !body)
    problem(fields.get('body')?.line ?? raw.line, 'missing-field', 'the body holds only comments');

  const removal = take('removal_milestone', milestone);
  if (!field('removal_milestone'))
    problem(fields.get('removal_milestone')?.line ?? raw.line, 'missing-field', 'the item has no removal_milestone');
  const announcement = take('announcement_milestone', milestone);
  if (removal && announcement && compareReleases(announcement, removal) > 0) {
    const line = fields.get('announcement_milestone')?.line ?? raw.line;
    problem(line, 'malformed-field', `announcement_milestone ${announcement} is after removal_milestone ${removal}`);
  }
  const breaking = take('breaking_change', bool);
  const tiers = take('tiers', (name, value) => {
    const list = words(value);
    return list ? { ok: true, value: list } : fail('malformed-field', `${name} must be a list of tier names`);
  });
  const scope = take('scope', (name, value) => {
    const list = words(value)?.map((word) => word.toLowerCase());
    const known = list?.every((word) => (SCOPES as readonly string[]).includes(word));
    return list && known && list.length > 0
      ? { ok: true, value: [...new Set(list)] as PlatformItem['scope'] & string[] }
      : fail('malformed-field', `${name} "${String(value.value)}" must be one or more of ${SCOPES.join(', ')}`);
  });
  const window = take('window', (name, value) => {
    const number = typeof value.value === 'number' ? value.value : Number(String(value.value).trim());
    return Number.isInteger(number) && number >= 0
      ? { ok: true, value: number }
      : fail('malformed-field', `${name} "${String(value.value)}" must be a whole number`);
  });
  const item: PlatformItem = {
    file,
    index: raw.index,
    line: raw.line,
    title: title ?? '',
    body: body ?? '',
    removal: removal ?? '',
    breaking: breaking ?? false,
    extra: {},
  };
  const optional: Partial<PlatformItem> = {
    announcement,
    stage: take('stage', text)?.trim(),
    tiers,
    issueUrl: take('issue_url', url),
    documentationUrl: take('documentation_url', url),
    announcementDate: take('announcement_date', date),
    removalDate: take('removal_date', date),
    window,
    impact: take('impact', (name, value) => oneOf(name, value, IMPACTS)),
    scope,
    resolutionRole: take('resolution_role', (name, value) => oneOf(name, value, ROLES)),
    manualTask: take('manual_task', bool),
    impactOffering: take('impact_offering', (name, value) => {
      const list = words(value);
      return list && list.length > 0
        ? { ok: true, value: list }
        : fail('malformed-field', `${name} must name one or more offerings`);
    }),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(item, { [key]: value });
  for (const [key, value] of fields) {
    const shadowedName = key === 'name' && field('title') !== undefined;
    if ((!KNOWN.has(key) || shadowedName) && value.value !== null) item.extra[key] = asWritten(value);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, item };
}
