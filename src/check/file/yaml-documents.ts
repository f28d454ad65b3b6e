import { type Document, Lexer, parseAllDocuments } from 'yaml';
import { blankTemplateActions, hasTemplateActions } from './go-template.ts';

/**
 * Repeated keys are read, not refused: a repeated job name is a slip for a linter, not a reason to stop
 * reading the file, and rules then see every copy. The uniqueness check would also cost time growing with
 * the square of a map's size (seconds on a large generated file).
 */
const PARSE_OPTIONS = { uniqueKeys: false } as const;

/** `@NAME@`, the placeholder configure scripts fill in a `.in` file. */
const CONFIGURE_PLACEHOLDER = /@[A-Za-z_][A-Za-z0-9_]*@/g;

/** A file's YAML documents, or why they could not be read. */
export interface ParsedYaml {
  /** The documents; undefined when the text does not parse. */
  documents?: Document[];
  /** The text the documents were parsed from: the file's, or a copy with template actions blanked (same offsets). */
  parsedText: string;
  /**
   * The first error, when the text does not parse and is not a template (a template that does not parse is left
   * alone); `notRead` when the text was not parsed at all (see {@link MAX_ANCHORS_AND_ALIASES}).
   */
  error?: { offset: number; reason: string; notRead?: true };
}

/**
 * Where a YAML error is shown. An unclosed quote runs to the end of the file, where the parser reports it;
 * the opening quote is where the mistake is: the last quote of that kind before the end that nothing
 * escapes (`\"` in double quotes, `''` in single ones), since any later one would have closed it.
 */
export function unclosedQuoteStart(text: string, code: string, message: string, offset: number): number {
  const quote = code === 'MISSING_CHAR' ? /^Missing closing (["'])quote/.exec(message)?.[1] : undefined;
  if (!quote) return offset;
  for (let at = Math.min(offset, text.length) - 1; at >= 0; at--) {
    if (text[at] !== quote) continue;
    if (quote === '"' && text[at - 1] === '\\') continue;
    if (quote === "'" && (text[at - 1] === "'" || text[at + 1] === "'")) continue;
    return at;
  }
  return offset;
}

function parse(text: string): { documents: Document[]; error?: Document['errors'][number] } | undefined {
  const documents = parseAllDocuments(text, PARSE_OPTIONS);
  if (!Array.isArray(documents)) return undefined;
  return { documents, error: documents.flatMap((document) => document.errors)[0] };
}

/**
 * Anchors and aliases one file may hold. The parser's time grows with the square of their number (8,000 took a second
 * here, and a file under the size limit can hold 40,000), so a file with more is not read: a CI file is then reported
 * as one that could not be read, as one that does not parse is. Real files hold tens, at most a few hundred.
 */
export const MAX_ANCHORS_AND_ALIASES = 2000;

/** Whether a text holds more anchors and aliases than {@link MAX_ANCHORS_AND_ALIASES}, as YAML reads them. */
export function tooManyAnchors(text: string): boolean {
  // Every anchor and alias starts with one of these; most files hold few (a shell `&&` or a glob's `*` is counted too).
  let rough = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if ((code === 0x26 || code === 0x2a) && ++rough > MAX_ANCHORS_AND_ALIASES) break;
  }
  if (rough <= MAX_ANCHORS_AND_ALIASES) return false;
  // Enough of them to count exactly: the lexer's tokens (its work grows with the text, not with their square).
  let exact = 0;
  for (const token of new Lexer().lex(text))
    if ((token[0] === '&' || token[0] === '*') && ++exact > MAX_ANCHORS_AND_ALIASES) return true;
  return false;
}

/**
 * Parses a file's YAML documents. A Helm chart or other Go or Jinja template, or a `.in` file with
 * `@NAME@` placeholders, is not YAML until rendered: when the text does not parse as it is, it is read
 * once its actions and placeholders are blanked (offsets kept), and when even that fails the file is
 * left to the text rules without being called broken.
 */
export function parseYamlDocuments(text: string, rootPath: string): ParsedYaml {
  if (tooManyAnchors(text)) {
    const reason = `it holds more than ${MAX_ANCHORS_AND_ALIASES.toLocaleString('en')} anchors and aliases (reading them takes time growing with the square of their number)`;
    return { parsedText: text, error: { offset: 0, reason, notRead: true } };
  }
  const first = parse(text);
  if (first && !first.error) return { documents: first.documents, parsedText: text };
  const configured = /\.in$/i.test(rootPath) && /@[A-Za-z_][A-Za-z0-9_]*@/.test(text);
  if (hasTemplateActions(text) || configured) {
    let blanked = hasTemplateActions(text) ? blankTemplateActions(text) : text;
    if (configured) blanked = blanked.replace(CONFIGURE_PLACEHOLDER, (placeholder) => ' '.repeat(placeholder.length));
    const second = parse(blanked);
    return second && !second.error ? { documents: second.documents, parsedText: blanked } : { parsedText: text };
  }
  const error = first?.error;
  const offset = error ? unclosedQuoteStart(text, error.code, error.message, error.pos[0]) : 0;
  const reason = (error?.message ?? 'not a YAML stream').split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
  return { parsedText: text, error: { offset, reason } };
}
