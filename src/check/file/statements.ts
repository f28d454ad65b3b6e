import type { CodeLanguage } from './code-language.ts';
import type { Range } from './markdown-code.ts';

/** A file cut into statements, and where its comments are (so a statement's text can be read without them). */
export interface Segmented {
  /** Half-open ranges `[start, end)` of statements, in order, none overlapping, trimmed of blanks. */
  statements: Range[];
  /** Half-open ranges of comments. */
  comments: Range[];
}

/** How a stretch of text is cut. */
export interface SegmentOptions {
  language: Exclude<CodeLanguage, 'yaml'>;
  /** Only this range of the text is read (a YAML scalar's body, say); the whole text by default. */
  from?: number;
  to?: number;
  /** A single line break joins lines (a YAML folded scalar or plain multi-line scalar); a blank line still ends a statement. */
  fold?: boolean;
}

/** A bracket that is open: `(`, `[`, a literal `{` (an object, a map, a composite value) or a block's `{` (`B`). */
type Open = '(' | '[' | '{' | 'B';

const CLOSER: Record<string, Open> = { ')': '(', ']': '[', '}': '{' };
const IDENTIFIER = /[\w$]/;
/** Line endings that carry an expression on to the next line, per language (brackets aside). */
const CARRY: Record<SegmentOptions['language'], RegExp> = {
  shell: /\\$/,
  python: /\\$/,
  ruby: /(?:\\|,|\+|=|&&|\|\||\.)$/,
  powershell: /(?:`|\|)$/,
  'c-like': /(?:\\|,|\+|=|&&|\|\||\.)$/,
  hcl: /(?:\\|,|\+|=|&&|\|\|)$/,
};
/** Line starts that go on with the line before (a method chain), per language. */
const CHAINED = /^(?:\?\.|\.(?!\.)|&&|\|\|)/;
const HEREDOC_SHELL = /^<<(-?)[ \t]*(['"]?)([A-Za-z_][\w-]*)\2/;
const HEREDOC_OTHER = /^<<([-~]?)(['"]?)([A-Z_][A-Z0-9_]*)\2/;

/**
 * Cuts code into statements: a shell command with the lines it continues (`\`, an open quote, an open
 * bracket, a here-document's body), one call expression with all its arguments, one assignment. Blocks
 * (`{` after `)`, a keyword or a name followed by a space; Python's indented bodies) hold statements of
 * their own; a literal `{` (after `=`, `(`, `,`, `:` or right after a name, as in `Options{`) keeps its
 * statement open until it closes. In shell, `;`, `&&`, `||`, `|` and `&` end a command as well.
 */
export function segmentStatements(text: string, options: SegmentOptions): Segmented {
  const { language, fold = false } = options;
  const from = options.from ?? 0;
  const to = Math.min(options.to ?? text.length, text.length);
  const statements: Range[] = [];
  const comments: Range[] = [];
  const stack: Open[] = [];
  const heredocs: { marker: string; indented: boolean }[] = [];
  let start = -1;
  /** End of the last character of the open statement that is code (not a blank, not a comment). */
  let end = -1;
  const atLevel = () => stack.length === 0 || stack.at(-1) === 'B';
  const take = (index: number, width = 1) => {
    if (start < 0) start = index;
    end = index + width;
  };
  const close = () => {
    if (start >= 0 && end > start) statements.push([start, end]);
    start = -1;
    end = -1;
  };
  const shell = language === 'shell';
  const slashComments = language === 'c-like' || language === 'hcl';
  const hashComments = language !== 'c-like';

  /** Whether the line break at `index` goes on: a carrying line end, folding, or a chained next line. */
  const carries = (index: number): boolean => {
    if (start < 0) return false;
    const lineStart = text.lastIndexOf('\n', index - 1) + 1;
    // The line's code, without a trailing comment: a comment ending in `+` carries nothing.
    const before = end > lineStart ? text.slice(Math.max(lineStart, start), end) : '';
    if (CARRY[language].test(before)) return true;
    let next = index + 1;
    while (next < to && (text[next] === ' ' || text[next] === '\t' || text[next] === '\r')) next++;
    if (fold) return next < to && text[next] !== '\n';
    return (language === 'c-like' || language === 'ruby') && CHAINED.test(text.slice(next, next + 2));
  };

  /** Skips a quoted string from `index` (its opening quote); returns the index after it. */
  const skipString = (index: number): number => {
    const quote = text[index] as string;
    const triple = (language === 'python' || language === 'c-like') && text.startsWith(quote.repeat(3), index);
    if (triple) {
      const close = text.indexOf(quote.repeat(3), index + 3);
      return close === -1 || close >= to ? to : close + 3;
    }
    const spansLines = quote === '`' || shell || language === 'ruby' || language === 'powershell';
    const escapes = !(shell && quote === "'");
    for (let at = index + 1; at < to; at++) {
      const char = text[at];
      if (escapes && char === '\\') at++;
      else if (char === quote) return at + 1;
      else if (char === '\n' && !spansLines) return at;
    }
    return to;
  };

  /** Whether a `{` at `index` opens a block of statements rather than a literal value. */
  const opensBlock = (index: number): boolean => {
    if (language === 'python') return false;
    let back = index - 1;
    while (back >= from && /\s/.test(text[back] as string)) back--;
    if (back < from || start < 0 || start === index) return true;
    const previous = text[back] as string;
    const spaced = back < index - 1;
    if (shell) return previous === ')';
    // An arrow function's body is a block in JavaScript; `=> {` in Ruby is a hash value.
    if (text.slice(back - 1, back + 1) === '=>') return language === 'c-like';
    if ('=(,:[?!&|+'.includes(previous)) return false;
    if (/\w/.test(previous) && /\b(?:return|yield)$/.test(text.slice(Math.max(from, back - 6), back + 1))) return false;
    if ((IDENTIFIER.test(previous) || previous === ']' || previous === '>') && !spaced) return false;
    return true;
  };

  let index = from;
  while (index < to) {
    const char = text[index] as string;
    if (char === '\n') {
      if (heredocs.length > 0) {
        // The bodies of here-documents opened on this line follow it, each up to its marker line.
        let line = index + 1;
        while (heredocs.length > 0 && line < to) {
          const lineEnd = text.indexOf('\n', line);
          const stop = lineEnd === -1 || lineEnd > to ? to : lineEnd;
          const body = text.slice(line, stop).replace(/\r$/, '');
          const { marker, indented } = heredocs[0] as { marker: string; indented: boolean };
          if ((indented ? body.trim() : body) === marker) heredocs.shift();
          end = stop;
          line = stop + 1;
        }
        heredocs.length = 0;
        index = Math.min(line - 1, to);
        if (index >= to) break;
      }
      if (atLevel() && !carries(index)) close();
      index++;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      index++;
      continue;
    }
    if (char === '\\' && (text[index + 1] === '\n' || (text[index + 1] === '\r' && text[index + 2] === '\n'))) {
      take(index);
      index += text[index + 1] === '\r' ? 3 : 2;
      continue;
    }
    const commentEnd = commentAt(text, index, to, { hashComments, slashComments, shell, language });
    if (commentEnd !== undefined) {
      comments.push([index, commentEnd]);
      index = commentEnd;
      continue;
    }
    if (char === '"' || char === "'" || (char === '`' && language !== 'powershell')) {
      const after = skipString(index);
      take(index, after - index);
      index = after;
      continue;
    }
    if (char === '<' && text[index + 1] === '<' && language !== 'c-like' && language !== 'python') {
      const heredoc = (shell ? HEREDOC_SHELL : HEREDOC_OTHER).exec(text.slice(index, index + 80));
      if (heredoc && text[index + 2] !== '<') {
        // Only shell's plain `<<` needs its marker at the start of a line; `<<-`, `<<~` and HCL's allow indentation.
        heredocs.push({ marker: heredoc[3] as string, indented: !shell || heredoc[1] !== '' });
        take(index, heredoc[0].length);
        index += heredoc[0].length;
        continue;
      }
    }
    const action = char === '{' ? text[index + 1] === '{' : char === '$' && text.startsWith('{{', index + 1);
    if (shell && action) {
      // A template action (`{{ runner_cmd }}`, `{{- if … }}`) or `${{ … }}` is one word of a command.
      const close = text.indexOf('}}', index + 2);
      if (close !== -1 && close < to && !text.slice(index, close).includes('\n')) {
        take(index, close + 2 - index);
        index = close + 2;
        continue;
      }
    }
    if (char === '(' || char === '[') {
      take(index);
      stack.push(char);
    } else if (char === '{') {
      if (opensBlock(index)) {
        take(index);
        close();
        stack.push('B');
      } else {
        take(index);
        stack.push('{');
      }
    } else if (char in CLOSER) {
      const opener = CLOSER[char] as Open;
      if (stack.at(-1) === opener) {
        stack.pop();
        take(index);
      } else if (char === '}' && stack.includes('B')) {
        // A block ends: whatever it held is done, unclosed brackets inside it included.
        while (stack.pop() !== 'B');
        close();
      } else take(index);
    } else if (char === ';' && atLevel()) {
      close();
    } else if (
      shell &&
      atLevel() &&
      (char === '|' || char === '&') &&
      !/[<>]/.test(text[index - 1] ?? '') &&
      text[index + 1] !== '>'
    ) {
      close();
      if (text[index + 1] === char) index++;
    } else take(index);
    index++;
  }
  close();
  return { statements, comments };
}

interface CommentSyntax {
  hashComments: boolean;
  slashComments: boolean;
  shell: boolean;
  language: SegmentOptions['language'];
}

/** The end of a comment starting at `index`, or undefined when none starts there. */
function commentAt(text: string, index: number, to: number, syntax: CommentSyntax): number | undefined {
  const char = text[index];
  const lineEnd = () => {
    const at = text.indexOf('\n', index);
    return at === -1 || at > to ? to : at;
  };
  if (char === '#' && syntax.hashComments) {
    // In shell, `#` starts a comment only at a word's start: `$#`, `${#x}` and `a#b` are not comments.
    if (syntax.shell && index > 0 && !/[\s;&|(]/.test(text[index - 1] as string)) return undefined;
    if (syntax.language === 'powershell' && text[index - 1] === '<') return undefined;
    return lineEnd();
  }
  if (char === '<' && text[index + 1] === '#' && syntax.language === 'powershell') {
    const close = text.indexOf('#>', index + 2);
    return close === -1 || close >= to ? to : close + 2;
  }
  if (char === '/' && syntax.slashComments) {
    if (text[index + 1] === '/' && text[index - 1] !== ':') return lineEnd();
    if (text[index + 1] === '*') {
      const close = text.indexOf('*/', index + 2);
      return close === -1 || close >= to ? to : close + 2;
    }
  }
  return undefined;
}

/** The statement holding an offset, by binary search; undefined when the offset is in none (a comment, a blank). */
export function statementAt(statements: readonly Range[], offset: number): Range | undefined {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = statements[middle] as Range;
    if (offset < start) high = middle - 1;
    else if (offset >= end) low = middle + 1;
    else return statements[middle];
  }
  return undefined;
}

/** A statement's text with its comments blanked (same length), so a word in a comment states nothing. */
export function statementText(text: string, range: Range, comments: readonly Range[]): string {
  let out = text.slice(range[0], range[1]);
  for (const [start, end] of comments) {
    if (end <= range[0] || start >= range[1]) continue;
    const from = Math.max(start, range[0]) - range[0];
    const until = Math.min(end, range[1]) - range[0];
    out = out.slice(0, from) + ' '.repeat(until - from) + out.slice(until);
  }
  return out;
}
