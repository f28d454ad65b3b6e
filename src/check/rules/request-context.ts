import { logicalLine } from '../file/logical-line.ts';
import type { SourceText } from '../file/source-text.ts';
import { escapeRegExp } from './matcher.ts';

/** The text around a match that a request's method and parameters are looked for in. */
export interface RequestContext {
  /** The match's logical line: its line with the lines it continues and that continue it (`\` or a PowerShell backtick at the end). */
  logical: string;
  /** Up to 5 lines before (crossing a blank line only inside an open argument list) and 10 after (crossing none): an options object, a heredoc body. */
  window: string;
}

const BEFORE = 5;
const AFTER = 10;

/** The logical line and the surrounding block of the line at `offset`. */
export function requestContext(source: SourceText, offset: number): RequestContext {
  const { line } = source.position(offset);
  const span = logicalLine(source, line);
  const logical: string[] = [];
  for (let current = span.first; current <= span.last; current++) logical.push(source.lineText(current));
  // A blank line ends the block, unless the line above it leaves an argument list open (`"DELETE",`,
  // `request(`): then it only sets the method apart from the URL within one call.
  let first = line;
  while (first > 1 && line - first < BEFORE) {
    const above = source.lineText(first - 1);
    if (above.trim() === '') {
      if (first < 3 || !/[,([{]\s*$/.test(source.lineText(first - 2))) break;
    }
    first--;
  }
  let last = line;
  while (last - line < AFTER && source.lineText(last + 1).trim() !== '' && source.lineStart(last + 1) < source.text.length)
    last++;
  const window: string[] = [];
  for (let current = first; current <= last; current++) window.push(source.lineText(current));
  return { logical: logical.join('\n'), window: window.join('\n') };
}

/** Each HTTP method with the ways code states it, compiled once. */
const METHODS = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
  method,
  pattern: new RegExp(
    String.raw`(?:-X\s*|--request[=\s]+|\bmethod\s*[:=]\s*|-Method\s+|\bHTTP::|\bMethod)["']?${method}\b|\.${method}\s*\(|["']${method}["']|^\s*${method}\s+\S`,
    'im',
  ),
}));

/** HTTP methods a piece of text states: curl flags, `method:` options, `.post(` calls, `POST /path` lines. */
export function statedMethods(text: string): Set<string> {
  const found = new Set<string>();
  for (const { method, pattern } of METHODS) if (pattern.test(text)) found.add(method);
  // curl sends a body with POST unless told otherwise.
  if (found.size === 0 && /(?:^|\s)(?:-d|--data(?:-[a-z]+)?|-F|--form)(?=[\s=])/m.test(text)) found.add('POST');
  return found;
}

/** Whether a parameter name is set in the text: `name=`, `name:`, `"name":`, `name =>`, or `{ name, … }`. */
export function hasParameter(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  return new RegExp(String.raw`(?<![\w-])["']?${n}["']?\s*(?:=(?!=)|:(?!:)|=>)|[{,]\s*${n}\s*(?=[,}])`).test(text);
}
