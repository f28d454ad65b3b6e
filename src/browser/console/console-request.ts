/**
 * The request a console sends, built from what the reader typed: path parameters filled into the endpoint's
 * path, query parameters and headers as entered (empty ones left out), the body as typed.
 */

/** A request, ready to send or to print as a snippet. */
export interface ConsoleRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: [string, string][];
  /** Left out for methods without a body, and when empty. */
  body?: string;
}

/** What the console's fields hold. */
export interface ConsoleInput {
  method: string;
  /** The endpoint's path with `{name}` placeholders. */
  path: string;
  /** Where the request goes: the page's origin for the in-browser reference, or the reader's instance. */
  baseUrl: string;
  pathParams: Record<string, string>;
  query: [string, string][];
  headers: [string, string][];
  body?: string;
}

/** A problem with the input, worded for the reader. */
export interface InputProblem {
  field: string;
  message: string;
}

const BODYLESS = new Set(['GET', 'HEAD']);

/** Path parameters the path names but the input leaves empty. */
export function missingPathParams(input: Pick<ConsoleInput, 'path' | 'pathParams'>): string[] {
  return [...input.path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => (input.pathParams[name] ?? '').trim() === '');
}

/** Builds the request. Empty path parameters keep their `{name}`, so the reader sees what is missing. */
export function buildConsoleRequest(input: ConsoleInput): ConsoleRequest {
  const path = input.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = (input.pathParams[name] ?? '').trim();
    return value === '' ? whole : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of input.query) if (name.trim() !== '' && value !== '') query.append(name.trim(), value);
  const search = query.toString();
  const base = input.baseUrl.replace(/\/+$/, '');
  const headers = input.headers.filter(([name, value]) => name.trim() !== '' && value.trim() !== '');
  const method = input.method.toUpperCase();
  const request: ConsoleRequest = { method, url: `${base}${path}${search ? `?${search}` : ''}`, headers };
  if (!BODYLESS.has(method) && input.body !== undefined && input.body.trim() !== '') request.body = input.body;
  return request;
}

/**
 * Reads the headers box: one `Name: value` per line; blank lines are skipped. A line without a colon, or
 * with a name a header cannot have, is a problem naming its line.
 */
export function parseHeaderLines(text: string): { headers: [string, string][]; problems: InputProblem[] } {
  const headers: [string, string][] = [];
  const problems: InputProblem[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      problems.push({ field: 'headers', message: `line ${index + 1}: write a header as "Name: value"` });
      return;
    }
    headers.push([name, line.slice(colon + 1).trim()]);
  });
  return { headers, problems };
}

/** The header lines for the box. */
export const headerLines = (headers: readonly [string, string][]): string =>
  headers.map(([name, value]) => `${name}: ${value}`).join('\n');

/** Sets a header (case-insensitive name), or removes it when `value` is empty. */
export function withHeader(headers: readonly [string, string][], name: string, value: string): [string, string][] {
  const rest = headers.filter(([candidate]) => candidate.toLowerCase() !== name.toLowerCase());
  return value === '' ? rest : [...rest, [name, value]];
}
