/**
 * What identifies the change an entry records, for deciding whether an imported item describes it: the
 * links to where the platform tracks and documents it, the identifiers it names (its `names`, the old and
 * new names of a rename, code spans of its title and summary, and version numbers in its title), which of
 * those the title itself shows, and the other words of its title. This is Sunset's own reading of when two
 * texts speak of one change; the platform's data has no shared key with the register.
 */
import type { RegisterEntry } from '../../schemas/register-entry.ts';

/** The identity of one entry (or imported item). */
export interface EntryIdentity {
  /** Tracking issue and documentation links of the entry's sources, normalised. */
  links: Set<string>;
  /** Identifiers the entry names, lower-cased, each also as its parts (`CiRunner.revision` → `cirunner`, `revision`). */
  names: Set<string>;
  /** The names that the title shows. */
  titleNames: Set<string>;
  /** The title's other words, stemmed, without words every change uses (removed, deprecated, the…). */
  titleWords: Set<string>;
  /** The words of the title and summary, stemmed as `titleWords` are: what the text is about. */
  textWords: Set<string>;
  /** The title without case, Markdown, punctuation or spacing. */
  titleKey: string;
  /** The `gitlab.rb` settings its `omnibus-setting` rules look for: a setting names one change exactly. */
  settings: Set<string>;
}

/** Words that say what happens to something rather than what it is, and small words: no evidence of identity. */
const COMMON = new Set(
  (
    'a an and are as at be been by can for from has have in into is it its longer no not now of on or that the their ' +
    'then this to was will with without after before only instead new old default defaults ' +
    'remove removed removal removes removing deprecate deprecated deprecation deprecations deprecating ' +
    'support supported unsupported end ends ending change changes changed changing replace replaced replaces ' +
    'stop stops stopped longer gitlab platform feature features'
  ).split(' '),
);

/** A word cut to its stem, so `toggled`/`toggling` and `notes`/`note` compare equal. */
export function stem(word: string): string {
  for (const ending of ['ing', 'ed', 'es', 's', 'e']) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

/** A title compared without case, Markdown, punctuation or spacing. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A link without scheme case, fragment, query or trailing slash. */
function normalLink(href: string): string {
  return href
    .replace(/[#?].*$/, '')
    .replace(/\/+$/, '')
    .replace(/^https?:\/\//i, '')
    .toLowerCase();
}

/** A release number (`17.0`, `16.10`) in a title says when, not what: it is not a name. */
const RELEASE_LIKE = /^\d{2}\.\d{1,2}$/;

/** The forms an identifier is compared in: itself, and its parts when it is `Type.field` or a method and path. */
function nameForms(raw: string): string[] {
  const text = raw
    .trim()
    .replace(/^\$\{?|\}$/g, '')
    .replace(/^(?:GET|POST|PUT|PATCH|DELETE)\s+/, '')
    .replace(/^https?:\/\/[^/\s]+/, '')
    .replace(/^\/api\/v4(?=\/)/, '')
    .replace(/\{([a-z_]+)\}/g, ':$1')
    .toLowerCase();
  if (!text || text.length < 2) return [];
  const forms = [text];
  const typeField = /^([a-z][a-z0-9]*)\.([a-z][a-z0-9_]*)$/.exec(text);
  if (typeField) forms.push(typeField[1] as string, typeField[2] as string);
  return forms;
}

/** Inline code spans of Markdown text. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/(`+)([^`\n]+?)\1(?!`)/g)].map((match) => match[2] as string);
}

/** The words of a title as the identity compares them. */
function titleTokens(title: string): string[] {
  return title
    .replace(/[`*]+|(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9_.:/-]+/)
    .map((word) => word.replace(/^[.:/-]+|[.:/-]+$/g, ''))
    .filter(Boolean);
}

/** The identity of an entry; see the module comment. */
export function entryIdentity(
  entry: Pick<RegisterEntry, 'title' | 'summary' | 'names' | 'from' | 'to' | 'sources'> & Partial<Pick<RegisterEntry, 'detect'>>,
): EntryIdentity {
  const names = new Set<string>();
  const add = (raw: string) => {
    for (const form of nameForms(raw)) names.add(form);
  };
  for (const list of Object.values(entry.names ?? {})) for (const name of list ?? []) add(name);
  for (const name of [...(entry.from ?? []), ...(entry.to ?? [])]) add(name);
  for (const span of [...codeSpans(entry.title), ...codeSpans(entry.summary)]) add(span);
  const tokens = titleTokens(entry.title);
  // A version number in a title ("version 13", "Redis 6") names what goes.
  for (const token of tokens) if (/^\d+(?:\.\d+)*$/.test(token) && !RELEASE_LIKE.test(token)) names.add(token);
  const titleNames = new Set<string>();
  const titleWords = new Set<string>();
  const titleText = ` ${tokens.join(' ')} `;
  let rest = titleText;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (!titleText.includes(` ${name} `)) continue;
    titleNames.add(name);
    rest = rest.split(` ${name} `).join('  ');
  }
  const contentWords = (words: readonly string[], into: Set<string>) => {
    for (const token of words) {
      if (names.has(token) || COMMON.has(token) || RELEASE_LIKE.test(token)) continue;
      for (const part of token.split(/[-/.:]/)) {
        if (part.length > 1 && !COMMON.has(part) && !/^\d+$/.test(part)) into.add(stem(part));
      }
    }
  };
  contentWords(rest.split(' ').filter(Boolean), titleWords);
  const textWords = new Set(titleWords);
  contentWords(titleTokens(entry.summary.replace(/`[^`\n]*`/g, ' ')), textWords);
  const links = new Set<string>();
  for (const source of entry.sources ?? []) {
    for (const href of [source.issue_url, source.documentation_url]) if (href) links.add(normalLink(href));
  }
  const settings = new Set((entry.detect ?? []).flatMap((rule) => (rule.kind === 'omnibus-setting' ? [rule.setting] : [])));
  return { links, names, titleNames, titleWords, textWords, titleKey: titleKey(entry.title), settings };
}
