/**
 * The spec as the provenance tests search it. `test/fixtures/spec/platform-interface.md` is a copy of the
 * spec the register models; its Markdown is flattened (code spans, emphasis, table pipes, typographic
 * quotes and arrows, path placeholders) so a value written in an entry is found however either side marks
 * it up. Each line keeps the release its section is about, since a row of the "#### 17.0" table does not
 * repeat it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The spec's path in the repository. */
export const SPEC_FILE = path.resolve(import.meta.dirname, '../fixtures/spec/platform-interface.md');

/** One line of the spec, flattened, with the releases it concerns. */
export interface SpecLine {
  /** 1-based line number in the spec file. */
  number: number;
  /** The flattened text. */
  text: string;
  /** Releases written in the line, plus the release of the heading it sits under. */
  releases: string[];
}

const RELEASE = /(?<![\d.])\d{1,2}\.\d{1,2}(?![\d.]*\d)/g;

/** A path's placeholders (`{id}`, `:id`, `<id>`) all written `{}`, so the spec's and ours compare. */
export function flattenPath(text: string): string {
  return text.replace(/\{[a-z_]+\}|(?<=\/):[a-z_]+|<[a-z_]+>/g, '{}');
}

/**
 * Markdown flattened to plain text: no code spans, emphasis or table pipes, straight quotes, `->` for an
 * arrow, `-` for dashes, single spaces, placeholders as in {@link flattenPath}.
 */
export function flatten(markdown: string): string {
  return flattenPath(
    markdown
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\*\*([^*]+)\*\*/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/→/g, '->')
      .replace(/[–—]/g, '-')
      .replace(/\s*\|\s*/g, ' | ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The releases (`major.minor`) written in a text, not counting versions with three parts (`0.20.0`). */
export function releasesIn(text: string): string[] {
  return [...text.matchAll(RELEASE)].map((match) => match[0]);
}

/** Words in code that are values of any language rather than names: never looked up. */
const COMMON_VALUES = new Set(['true', 'false', 'null']);

/**
 * Names the spec writes in short: `` `a_synced` -> `b_synced`, and likewise `_failed` `` names `a_failed` and
 * `b_failed`; `` `x:y:input_file` … `...:input_file:path` `` names `x:y:input_file:path`.
 */
function shorthandNames(line: string): string[] {
  const names: string[] = [];
  const likewise = /(\w+)(_[a-z]+) -> (\w+)\2, and likewise ((?:_\w+(?:, | and )?)+)/.exec(line);
  if (likewise) {
    for (const suffix of (likewise[4] as string).split(/, | and /))
      names.push(`${likewise[1]}${suffix}`, `${likewise[3]}${suffix}`);
  }
  const tokens = line.match(/[\w.:]+/g) ?? [];
  for (const short of tokens.filter((token) => token.startsWith('...:'))) {
    const rest = short.slice(4);
    const first = rest.split(':')[0] as string;
    const full = tokens.find((token) => !token.startsWith('...') && token.endsWith(`:${first}`));
    if (full) names.push(`${full.slice(0, -first.length)}${rest}`);
  }
  return names;
}

/** The spec, read and flattened once. */
export class SpecText {
  readonly lines: SpecLine[];
  /** The whole spec flattened to one text, lines joined by newlines. */
  readonly text: string;
  /** Names the spec gives in its shorthand, written out. */
  readonly shorthand: Set<string>;

  constructor(markdown: string) {
    let heading: string[] = [];
    this.lines = markdown.split('\n').map((raw, index) => {
      const text = flatten(raw);
      const own = releasesIn(text);
      // Headings `#### 18.0` or `#### 20.0 and 19.0` date what follows them; other headings end that.
      if (/^#+ /.test(raw)) heading = /^#### [\d. and]+$/.test(raw) ? own : [];
      return { number: index + 1, text, releases: [...new Set([...own, ...heading])] };
    });
    this.text = this.lines.map((line) => line.text).join('\n');
    this.shorthand = new Set(this.lines.flatMap((line) => shorthandNames(line.text)));
  }

  /**
   * Whether an identifier or value is the spec's: written in it as a whole token, given in its shorthand,
   * or a placeholder of it filled with a name the spec gives next to it (`TrackedEvents.<member>` with
   * `utcTime`, from the line that lists the members). A trailing `*` stands for any ending.
   */
  hasValue(value: string): boolean {
    const wanted = flatten(value);
    if (wanted.endsWith('*')) {
      const stem = wanted.slice(0, -1);
      return this.text.includes(stem) || [...this.shorthand].some((name) => name.startsWith(stem));
    }
    if (hasToken(this.text, wanted) || this.shorthand.has(wanted)) return true;
    const dotted = /^([\w{}]+)\.(\w+)$/.exec(wanted);
    if (!dotted) return false;
    const [, group, member] = dotted as unknown as [string, string, string];
    return (
      this.text.includes(`${group}.{}`) && this.lines.some((line) => hasToken(line.text, group) && hasToken(line.text, member))
    );
  }

  /**
   * Whether a code span is the spec's: as a whole (an HTTP method before a path is dropped), else every
   * name and number in it (`LICENSE_MANAGEMENT_VERSION: 4`).
   */
  hasCode(code: string): boolean {
    const wanted = code.replace(/^(GET|POST|PUT|PATCH|DELETE) (?=\/)/, '');
    if (this.has(wanted) || this.hasValue(wanted)) return true;
    const tokens = wanted.match(/[\w./:{}*<>-]+/g) ?? [];
    return tokens.length > 1 && tokens.every((token) => COMMON_VALUES.has(token) || this.hasValue(token.replace(/[.:]+$/, '')));
  }

  /** Whether the flattened phrase occurs in the spec; case matters for identifiers, not for prose. */
  has(phrase: string, { ignoreCase = false } = {}): boolean {
    const wanted = flatten(phrase);
    return ignoreCase ? this.text.toLowerCase().includes(wanted.toLowerCase()) : this.text.includes(wanted);
  }

  /** The lines that hold every fragment (each flattened). */
  linesWith(fragments: readonly string[]): SpecLine[] {
    const wanted = fragments.map(flatten);
    return this.lines.filter((line) => wanted.every((fragment) => line.text.includes(fragment)));
  }
}

let loaded: SpecText | undefined;

/** The repository's copy of the spec. */
export function specText(): SpecText {
  loaded ??= new SpecText(readFileSync(SPEC_FILE, 'utf8'));
  return loaded;
}

/** Whether `identifier` stands in `text` as a whole token (not inside a longer name). */
export function hasToken(text: string, identifier: string): boolean {
  const wanted = flatten(identifier);
  for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
    const before = text[at - 1];
    const after = text[at + wanted.length];
    const edge = (character: string | undefined) => character === undefined || !/[\w]/.test(character);
    if (edge(before) && edge(after)) return true;
  }
  return false;
}
