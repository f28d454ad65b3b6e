/**
 * How a search for an endpoint's path finds its page first, whatever the spelling: `:id` or `{project_id}`,
 * with or without `/api/v4` and the leading slash, with or without the method. An endpoint page carries its
 * path's keys as a search filter; a query holding a path is looked up by the same key, and the pages that
 * carry it lead the results.
 */

/** The filter an endpoint page files its path keys under. */
export const PATH_FILTER = 'path';

/** A path's segments, lower-cased, without its parameters (`:id`, `{project_id}`) and empty parts. */
function segments(path: string): string[] {
  return path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '' && !/^(:\w+|\{[^}]*\})$/.test(segment));
}

/**
 * The keys an endpoint's page is found by: every tail of its path of two segments or more (`v4/runners`,
 * `projects/ci/lint`, `ci/lint`), the whole path however short, and each of them after the method
 * (`post api/v4/runners`).
 */
export function endpointPathKeys(method: string, path: string): string[] {
  const parts = segments(path);
  const tails = parts.map((_, start) => parts.slice(start).join('/')).filter((tail, index) => index === 0 || tail.includes('/'));
  return [...new Set([...tails, ...tails.map((tail) => `${method.toLowerCase()} ${tail}`)])];
}

/**
 * The key a query looks endpoint pages up by, or undefined when it holds no path (no `/` in it). The method,
 * when the query starts with one, is part of the key.
 */
export function queryPathKey(query: string): string | undefined {
  const words = query.trim().split(/\s+/);
  const path = words.find((word) => word.includes('/'));
  if (path === undefined) return undefined;
  const key = segments(path).join('/');
  if (key === '') return undefined;
  const method = words[0] && /^(get|post|put|patch|delete|head|options)$/i.test(words[0]) ? words[0].toLowerCase() : undefined;
  return method ? `${method} ${key}` : key;
}
