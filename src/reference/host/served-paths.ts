/**
 * The paths the handlers serve, matched as written. MSW patterns start with `*` so the same handlers answer
 * on any origin in the browser; over HTTP that `*` would also let any prefix through (`/foo/api/v4/…`
 * answered as `/api/v4/…`). The host therefore matches the raw path against each pattern with its `*` taken
 * as the origin alone, before MSW routes it: a path no handler serves as written is a 404.
 */
import type { HttpHandler } from 'msw';

/** A handler pattern as a whole-path expression: `:name` is one non-empty segment, everything else literal. */
function exactPattern(path: string): RegExp {
  const rest = path.slice(1);
  const source = rest
    .split(/(:[A-Za-z_]\w*)/)
    .map((part, index) => (index % 2 === 1 ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether a raw path is served as written by some handler; built once per handler list. */
export function servedPaths(handlers: readonly HttpHandler[]): (rawPath: string) => boolean {
  const patterns = [
    ...new Set(
      handlers.flatMap((handler) => {
        const { path } = handler.info;
        // Catch-all and expression handlers (the rate limits) fall through to the routes above; only routes count.
        return typeof path === 'string' && path.startsWith('*/') ? [path] : [];
      }),
    ),
  ].map(exactPattern);
  return (rawPath) => patterns.some((pattern) => pattern.test(rawPath));
}
