import type { z } from 'zod';
import type { restRuleSchema } from '../../schemas/detect-rule.ts';
import { escapeRegExp, findAll, type Matcher, NOT_PROSE, onFirstUse } from './matcher.ts';
import { hasParameter, requestContext, requestMethods } from './request-context.ts';

type RestRule = z.output<typeof restRuleSchema>;

/** A value filled in by code: `${id}`, `#{id}`, `{id}`, `$ID`, `%d`, or `" + id + "`. */
const FILLED = String.raw`\{\{[^}\n]*\}\}|\$\{[^}\n]*\}|#\{[^}\n]*\}|\{[^}\n]*\}|\$\w+|%[sd]|["'\x60]\s*\+\s*[\w.()[\]]+\s*\+\s*["'\x60]`;
/** A variable path segment as code writes it: filled in, or any literal value. */
const SEGMENT = String.raw`(?:${FILLED}|[^/\s?#"'\x60{}]+)`;
/**
 * An `:id`-like segment (`:id`, `:iid`, `:project_id`): a number, a URL-encoded path (`group%2Fproject`)
 * or a filled-in value, so `tests/projects/workspace/packages` in a file list is not a REST call.
 */
const ID_SEGMENT = String.raw`(?:${FILLED}|\d+|[\w.-]*%2[Ff][\w.%-]*)`;

/**
 * The path shape as a regular expression. The leading slash may be missing right after a quote
 * (`api.get('projects/1/ci/lint')`); the path must end there (`/users` does not match `/users/1`).
 */
export function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? (/id$/i.test(segment) ? ID_SEGMENT : SEGMENT) : escapeRegExp(segment)));
  const body = segments.join('/');
  return new RegExp(String.raw`(?:/|(?<=["'\x60]))(?<at>${body})(?![\w-]|/[\w:$%{])`, 'dg');
}

/**
 * The literal run of a path shape used as its prefilter anchor: the last one (`ci/lint` of
 * `/projects/:id/ci/lint`), which names the resource most precisely, unless it is under four characters.
 */
export function pathAnchor(path: string): string {
  const runs = path
    .replace(/^\//, '')
    .split(/\/?:[^/]+\/?/)
    .filter((run) => run.length > 0);
  const last = runs.at(-1) ?? '';
  if (last.length >= 4) return last;
  return runs.reduce((best, run) => (run.length > best.length ? run : best), '');
}

/** What may stand before a path that starts at the API root: a host, `/api/v4`, or a filled-in base. */
const ROOT_PREFIX = new RegExp(String.raw`^(?:https?://[^/\s"'\x60]+|${FILLED}|\$\w+)?(?:/api/v4)?$`);

/**
 * Whether the path matched at `offset` (just after its leading slash, or after a quote) starts at the API
 * root, judged by the run of URL characters before its slash.
 */
export function atApiRoot(text: string, offset: number): boolean {
  if (text[offset - 1] !== '/') return true;
  let start = offset - 1;
  for (;;) {
    // A template action (`{{ gitlab_url }}`) is one filled-in value, spaces and all.
    if (text.startsWith('}}', start - 2)) {
      const open = text.lastIndexOf('{{', start - 2);
      if (open !== -1 && !text.slice(open, start).includes('\n')) {
        start = open;
        continue;
      }
    }
    if (start === 0 || /[\s"'\x60(=,<>]/.test(text[start - 1] as string)) break;
    start--;
  }
  return ROOT_PREFIX.test(text.slice(start, offset - 1));
}

/**
 * A REST request in code, scripts and CI configuration: a URL or path in a string or a curl line. The
 * method and parameters are read from the request's own statement (a command with its continuation lines,
 * a call with its arguments) and from the statements a variable ties to it in the same function (the URL's
 * assignment and the call that uses it), never from a neighbouring command.
 */
export function restMatcher(rule: RestRule): Matcher {
  const pattern = onFirstUse(() => pathPattern(rule.path));
  const params = rule.params ?? [];
  return {
    anchor: pathAnchor(rule.path) || undefined,
    applies: (kind) => NOT_PROSE.includes(kind) && kind !== 'graphql',
    match(file) {
      return findAll(file, pattern()).filter((match) => {
        if (!rule.suffix && !atApiRoot(file.source.text, match.offset)) return false;
        if (!rule.method && params.length === 0) return true;
        const context = requestContext(file, match.offset);
        if (rule.method) {
          const methods = requestMethods(context);
          const fits = rule.method === 'GET' ? methods.size === 0 || methods.has('GET') : methods.has(rule.method);
          if (!fits) return false;
        }
        return params.every((param) => hasParameter(context.group, param));
      });
    },
  };
}
