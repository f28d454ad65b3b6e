/**
 * Where the mock service worker is registered from a page. A service worker controls the pages under its
 * scope; the site's consoles live under `/api/` (endpoint pages) and its demos under `/try/`, so the scope is
 * the page's top-level section: pages elsewhere (the register, guides, search) are never controlled and never
 * pass through the worker. Which requests are answered is decided by the handlers' paths (MSW lets every
 * other request through), not by the scope.
 *
 * Each scope gets its own registration, told apart by the script URL's `scope` query: MSW finds its worker
 * by script URL, and with one URL for two registrations it could talk to the other section's worker.
 */

/** The worker script as `npx msw init` writes it, relative to the site's base. */
export const WORKER_SCRIPT = 'mockServiceWorker.js';

/** The registration for a page: its scope and the worker script URL. */
export interface WorkerRegistration {
  scope: string;
  url: string;
}

/** The registration for the page at `pathname`, on a site served from `base` (`/` or `/docs/`). */
export function workerRegistration(pathname: string, base = '/'): WorkerRegistration {
  const root = base.endsWith('/') ? base : `${base}/`;
  if (!pathname.startsWith(root)) {
    throw new RangeError(`page ${pathname} is outside the site's base ${root}; the mock service worker cannot be registered`);
  }
  const rest = pathname.slice(root.length);
  const section = rest.indexOf('/');
  // A page directly under the base (no section) is scoped to itself alone.
  const scope = section > 0 ? `${root}${rest.slice(0, section + 1)}` : pathname;
  return { scope, url: `${root}${WORKER_SCRIPT}?scope=${encodeURIComponent(scope)}` };
}
