/**
 * The names in the demo world (src/reference/platform/world.ts) that the site's consoles and demos call
 * it by: the project they work in, its tracking app id, the demo tokens and the query endpoint's path.
 * Kept apart from the world itself so page scripts carry these few strings, not the fixtures.
 */

/** The project every demo works in: project 1, `demo-app`. */
export const DEMO_PROJECT_ID = 1;
/** The tracking app id of project 1. */
export const DEMO_APP_ID = 'demo-app';

/** The demo tokens by role: scope `api` except `read`, a Maintainer with scope `read_api` only. */
export const DEMO_TOKEN = {
  admin: 'demo-admin-token',
  maintainer: 'demo-maintainer-token',
  developer: 'demo-developer-token',
  read: 'demo-read-token',
} as const;

/** The demo tokens, most privileged first; the console offers them by name. */
export const DEMO_TOKENS = Object.values(DEMO_TOKEN);

/** Spec endpoint 1 for the demo project, asking for the `multi` envelope; relative to the site origin. */
export const LOAD_PATH = `/api/v4/projects/${DEMO_PROJECT_ID}/product_analytics/request/load?queryType=multi`;
