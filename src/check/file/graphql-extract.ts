/** A GraphQL document found in a file: its text (escapes blanked, same length) and where it starts. */
export interface GraphqlSnippet {
  /** Offset of the snippet's first character in the file. */
  offset: number;
  /** The snippet; offsets inside it map one to one onto the file. */
  source: string;
  /**
   * True when the text is surely GraphQL (a `.graphql` file, a `gql`/`graphql` tagged template, a
   * `/* GraphQL *\/` template): a parse failure is then reported. Other snippets are best-effort guesses
   * (a string that starts with `query {`), used when they parse and ignored when they do not.
   */
  tagged: boolean;
}

const DIRECTIVES = String.raw`(?:@[_A-Za-z]\w*(?:\([^)]*\))?\s*)*`;
const OPERATION = String.raw`\b(?:query|mutation|subscription)\b(?:\s+[_A-Za-z]\w*)?\s*(?:\([^)]*\))?\s*${DIRECTIVES}\{`;
const FRAGMENT = String.raw`\bfragment\s+[_A-Za-z]\w*\s+on\s+[_A-Za-z]\w*\s*${DIRECTIVES}\{`;
// An anonymous `{ … }` operation counts only where the context says it is GraphQL.
const ANONYMOUS = String.raw`(?:\b(?:gql|graphql)\s*\(?\s*\x60|\/\*\s*GraphQL\s*\*\/\s*\x60|["']?\bquery["']?\s*[:=]\s*["'\x60])\s*(?=\{)`;
const START = new RegExp(`${OPERATION}|${FRAGMENT}|${ANONYMOUS}`, 'g');
const TAG_BEFORE = /(?:\b(?:gql|graphql)\s*\(?\s*|\/\*\s*GraphQL\s*\*\/\s*)`\s*$/;
const MAX_LENGTH = 200_000;

/** Index of the brace closing the one at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_LENGTH);
  for (let i = open; i < limit; i++) {
    const char = text[i];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Blanks what is not GraphQL inside a string literal while keeping every offset: escaped quotes keep
 * their quote, other escapes and `${…}` interpolations become spaces.
 */
export function neutralise(source: string): string {
  const chars = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i <= to && i < chars.length; i++) chars[i] = ' ';
  };
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === '\\' && i + 1 < chars.length) {
      const next = chars[i + 1] as string;
      const width = next === 'u' ? 6 : 2;
      // An escaped quote stays a quote: GraphQL string arguments are written that way inside strings.
      if ('"\'`'.includes(next)) blank(i, i);
      else blank(i, i + width - 1);
      i += width - 1;
    } else if (char === '$' && chars[i + 1] === '{') {
      const end = source.indexOf('}', i);
      const stop = end === -1 ? chars.length - 1 : end;
      blank(i, stop);
      i = stop;
    }
  }
  return chars.join('');
}

/** GraphQL documents in a `.graphql` file (the whole file) or in strings of a code file (best effort). */
export function extractGraphql(text: string, wholeFile: boolean): GraphqlSnippet[] {
  if (wholeFile) return [{ offset: 0, source: text, tagged: true }];
  const snippets: GraphqlSnippet[] = [];
  let coveredUntil = -1;
  for (const match of text.matchAll(START)) {
    const at = match.index ?? 0;
    if (at < coveredUntil) continue;
    const open = text.indexOf('{', at + match[0].length - 1);
    const close = open === -1 ? -1 : closingBrace(text, open);
    // Named operations and fragments end their match on `{`; the anonymous form only looks ahead to it.
    const anonymous = !match[0].endsWith('{');
    const start = anonymous ? open : at;
    const tagged = TAG_BEFORE.test(text.slice(Math.max(0, start - 80), start));
    if (close === -1) {
      if (tagged) snippets.push({ offset: start, source: neutralise(text.slice(start)), tagged });
      continue;
    }
    snippets.push({ offset: start, source: neutralise(text.slice(start, close + 1)), tagged });
    coveredUntil = close + 1;
  }
  return snippets;
}
