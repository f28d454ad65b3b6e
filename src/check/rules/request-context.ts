import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { escapeRegExp } from './matcher.ts';

/** The text a request's method and parameters are read from. */
export interface RequestContext {
  /** The statement that holds the match: a command with its continuation lines, a call with its arguments. */
  own: string;
  /** The statement and those tied to it by a variable in the same function (the URL's assignment and its use). */
  group: string;
}

/** The statement holding an offset, and with it the statements a variable ties to it. */
export function requestContext(file: AnalyzedFile, offset: number): RequestContext {
  const statement = file.statements.at(offset);
  const linked = file.statements.linked(statement);
  return { own: statement.text, group: [statement.text, ...linked.map((other) => other.text)].join('\n') };
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

/** The methods a request states: in its own statement, else in the statements tied to it. */
export function requestMethods(context: RequestContext): Set<string> {
  const own = statedMethods(context.own);
  return own.size > 0 ? own : statedMethods(context.group);
}

/** Whether a parameter name is set in the text: `name=`, `name:`, `"name":`, `name =>`, or `{ name, … }`. */
export function hasParameter(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  return new RegExp(String.raw`(?<![\w-])["']?${n}["']?\s*(?:=(?!=)|:(?!:)|=>)|[{,]\s*${n}\s*(?=[,}])`).test(text);
}
