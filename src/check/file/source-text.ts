import type { CommentStyle } from './file-kind.ts';

/** A 1-based line and column (UTF-16 code units), as editors and SARIF count them. */
export interface Position {
  line: number;
  column: number;
}

/** Positions, lines and comments of one file's text. */
export interface SourceText {
  readonly text: string;
  /** The line and column of an offset. */
  position(offset: number): Position;
  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string;
  /** The offset at which a 1-based line starts. */
  lineStart(line: number): number;
  /** Whether an offset lies in a whole-line or trailing comment of the file's comment style. */
  inComment(offset: number): boolean;
}

/**
 * Where a comment starts in one line, or -1. Quotes are tracked so `"#"` and `'//'` in strings do not
 * count; `#` must start the line or follow a space (so `$#` and URL fragments are not comments), and
 * `//` must not follow `:` (so URLs are not comments).
 */
export function commentStart(line: string, style: CommentStyle): number {
  if (style === 'none') return -1;
  if (style === 'slash' && /^\s*(\/\*|\*)/.test(line)) return line.search(/\S/);
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || (style === 'slash' && char === '`')) quote = char;
    else if (style === 'hash' && char === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return i;
    else if (style === 'slash' && char === '/' && (line[i + 1] === '/' || line[i + 1] === '*') && line[i - 1] !== ':') return i;
  }
  return -1;
}

/**
 * Ruby's block comments, as offset ranges (end exclusive): from a line that starts with `=begin` through the
 * next line that starts with `=end`, both lines included, as Ruby reads them (the word at the very start of the
 * line, then a space or the line's end). One never closed runs to the end of the text.
 */
export function rubyBlockComments(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const begin = /^=begin(?=[ \t\r\n]|$)/gm;
  const end = /^=end(?=[ \t\r\n]|$)/gm;
  for (let found = begin.exec(text); found; found = begin.exec(text)) {
    end.lastIndex = found.index + found[0].length;
    const closed = end.exec(text);
    const lineEnd = closed ? text.indexOf('\n', closed.index) : -1;
    const stop = closed && lineEnd !== -1 ? lineEnd + 1 : text.length;
    ranges.push([found.index, stop]);
    begin.lastIndex = stop;
  }
  return ranges;
}

/** How a file's comments are written beyond its line comments. */
export interface SourceOptions {
  /** The file is Ruby: `=begin` … `=end` blocks are comments too. */
  rubyBlocks?: boolean;
}

/**
 * Indexes a text's line starts once, when a position or line is first asked for (a file whose rules find
 * nothing is never indexed), so positions are a binary search.
 */
export function createSourceText(text: string, style: CommentStyle, options: SourceOptions = {}): SourceText {
  // Looked for only when the text has the word at a line's start: nearly no Ruby file has a block comment.
  const blocks = options.rubyBlocks && /^=begin/m.test(text) ? rubyBlockComments(text) : [];
  let indexed: number[] | undefined;
  const lineStarts = (): number[] => {
    if (indexed) return indexed;
    indexed = [0];
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) indexed.push(at + 1);
    return indexed;
  };

  const lineIndex = (offset: number): number => {
    const starts = lineStarts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const lineText = (line: number): string => {
    const starts = lineStarts();
    const start = starts[line - 1];
    if (start === undefined) return '';
    const end = starts[line];
    return text.slice(start, end === undefined ? text.length : end - 1).replace(/\r$/, '');
  };

  return {
    text,
    position: (offset) => {
      const index = lineIndex(offset);
      return { line: index + 1, column: offset - (lineStarts()[index] as number) + 1 };
    },
    lineText,
    lineStart: (line) => lineStarts()[line - 1] ?? text.length,
    inComment: (offset) => {
      if (blocks.some(([start, stop]) => offset >= start && offset < stop)) return true;
      const index = lineIndex(offset);
      const start = commentStart(lineText(index + 1), style);
      return start !== -1 && offset - (lineStarts()[index] as number) >= start;
    },
  };
}
