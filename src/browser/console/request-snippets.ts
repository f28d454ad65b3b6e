/**
 * The console's request as code to copy: a curl command, JavaScript `fetch` and Python `requests`. Values
 * are quoted for their language, so a body or header with quotes survives the copy.
 */
import type { ConsoleRequest } from './console-request.ts';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const jsString = (text: string) => JSON.stringify(text);
// A Python string literal; JSON's escapes (\", \\, \n, \uXXXX) mean the same in Python.
const pyString = (text: string) => JSON.stringify(text);

const isJsonBody = (request: ConsoleRequest) =>
  request.body !== undefined &&
  request.headers.some(([name, value]) => name.toLowerCase() === 'content-type' && /\bjson\b/i.test(value)) &&
  parsesAsJson(request.body);

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The request as a curl command, one option per line. */
export function curlSnippet(request: ConsoleRequest): string {
  const lines = [`curl --include --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n');
}

/** The request as JavaScript `fetch`, printing the status and the answer. */
export function fetchSnippet(request: ConsoleRequest): string {
  const options = [`  method: ${jsString(request.method)},`];
  if (request.headers.length > 0) {
    options.push('  headers: {');
    for (const [name, value] of request.headers) options.push(`    ${jsString(name)}: ${jsString(value)},`);
    options.push('  },');
  }
  if (request.body !== undefined) {
    options.push(
      isJsonBody(request)
        ? `  body: JSON.stringify(${JSON.stringify(JSON.parse(request.body), null, 2).replace(/\n/g, '\n  ')}),`
        : `  body: ${jsString(request.body)},`,
    );
  }
  return [
    `const response = await fetch(${jsString(request.url)}, {`,
    ...options,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

/** The request with Python's `requests`, printing the status and the answer. */
export function pythonSnippet(request: ConsoleRequest): string {
  const lines = [
    'import requests',
    '',
    'response = requests.request(',
    `    ${pyString(request.method)},`,
    `    ${pyString(request.url)},`,
  ];
  if (request.headers.length > 0) {
    lines.push('    headers={');
    for (const [name, value] of request.headers) lines.push(`        ${pyString(name)}: ${pyString(value)},`);
    lines.push('    },');
  }
  if (request.body !== undefined) lines.push(`    data=${pyString(request.body)},`);
  lines.push(')', 'print(response.status_code, response.text)');
  return lines.join('\n');
}

/** Every snippet kind, for the console's copy buttons. */
export const SNIPPETS = { curl: curlSnippet, fetch: fetchSnippet, python: pythonSnippet } as const;

/** A snippet kind. */
export type SnippetKind = keyof typeof SNIPPETS;
