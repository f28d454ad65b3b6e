import { type HttpHandler, HttpResponse, http } from 'msw';
import { ApiError, answering } from '../../platform/api-error.ts';
import type { Project } from '../../platform/world.ts';
import type { AnalyticsState } from '../analytics-state.ts';
import type { TrackedEvent } from '../tracked-events.ts';
import { enrich } from './enrich.ts';
import { eventFromQueryString, eventsFromPostBody, type RawEvent } from './tp2-payload.ts';

/** Where trackers post events, on the same origin as the API. */
export const COLLECTOR_PATH = '/com.snowplowanalytics.snowplow/tp2';
/** The pixel endpoint for GET trackers. */
const PIXEL_PATH = '/i';
/** The collector's cookie, holding the network user id. */
const COLLECTOR_COOKIE = 'sp';
/** The longest `sp` cookie taken as a user id (reference design; the collector sets 36 characters). */
const MAX_COOKIE_ID = 128;

/** What the collector keeps of a batch: its events, or a refusal (a 413) when it would keep too much. */
export type BatchLimit = (events: TrackedEvent[]) => TrackedEvent[];

const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (char) => char.charCodeAt(0));
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * CORS headers for a tracker on another origin. An origin the server was told to trust is echoed with
 * credentials allowed, so its trackers may send the collector's cookie; any other origin, `null` (sandboxed
 * frames, `file:` pages) included, gets `*` without credentials: it may send events, anonymously, and can
 * never make the browser send or read the cookie.
 */
function corsHeaders(request: Request, trusted: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin) return {};
  if (!trusted.has(origin)) return { 'Access-Control-Allow-Origin': '*' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
}

function preflight(request: Request, trusted: ReadonlySet<string>): Response {
  return new Response(null, {
    status: 200,
    headers: {
      ...corsHeaders(request, trusted),
      'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
      'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? 'Content-Type, SP-Anonymous',
      'Access-Control-Max-Age': '86400',
    },
  });
}

/**
 * Accepts a batch: enriches every event, checks each app id belongs to an onboarded project, then stores and
 * counts them in one commit. A batch is taken whole or refused whole, so a refused batch counts nothing.
 */
function collect(
  state: AnalyticsState,
  raws: RawEvent[],
  cookieId: string | null,
  prefix: (index: number) => string,
  limit: BatchLimit | undefined,
): void {
  const receivedAt = state.platform.clock.now();
  const read = raws.map((raw, index) => enrich(raw, { receivedAt, cookieId }, prefix(index)));
  const enriched = limit ? limit(read) : read;
  const byProject = new Map<Project, TrackedEvent[]>();
  enriched.forEach((event, index) => {
    const appId = event.apiKey as string;
    const project = state.projectOfAppId(appId);
    if (!project)
      throw new ApiError(
        403,
        `${prefix(index)}.aid: the app id "${appId}" belongs to no project; use the app id shown by onboarding`,
      );
    if (!state.onboarding(project.id))
      throw new ApiError(
        403,
        `${prefix(index)}.aid: project ${project.path} is not onboarded for product analytics, so its events are refused and not counted; onboard it first (POST /api/v4/projects/${project.id}/product_analytics/onboarding)`,
      );
    const events = byProject.get(project);
    if (events) events.push(event);
    else byProject.set(project, [event]);
  });
  state.ingestBatch(
    [...byProject].map(([project, events]) => ({ project, events })),
    receivedAt,
  );
}

/**
 * The event collector (reference design, Snowplow-compatible): `POST /com.snowplowanalytics.snowplow/tp2`,
 * `GET /i`, and their CORS preflights. Without `SP-Anonymous` the collector reads or sets its `sp` cookie and
 * uses it as the user id of events without `duid`; in anonymous mode it neither reads nor sets a cookie.
 */
export function collectorHandlers(
  state: AnalyticsState,
  trustedOrigins: readonly string[] = [],
  limit?: BatchLimit,
): HttpHandler[] {
  const trusted = new Set(trustedOrigins);
  const receive = (request: Request, cookies: Record<string, string>, read: () => Promise<RawEvent[]>) =>
    answering(async () => {
      const anonymous = request.headers.has('sp-anonymous');
      // The collector sets an id of 36 characters; a cookie far longer is not one it set, and gets a new id.
      const sent = anonymous ? undefined : cookies[COLLECTOR_COOKIE];
      const existing = sent !== undefined && sent.length <= MAX_COOKIE_ID ? sent : undefined;
      const cookieId = anonymous ? null : (existing ?? crypto.randomUUID());
      const raws = await read();
      const isPixel = request.method === 'GET';
      collect(state, raws, cookieId, (index) => (isPixel ? 'query' : `data[${index}]`), limit);
      const headers: Record<string, string> = { ...corsHeaders(request, trusted) };
      if (cookieId && !existing)
        headers['Set-Cookie'] = `${COLLECTOR_COOKIE}=${cookieId}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=None; Secure`;
      if (isPixel) return new HttpResponse(PIXEL, { status: 200, headers: { ...headers, 'Content-Type': 'image/gif' } });
      return HttpResponse.text('ok', { status: 200, headers });
    }).then((response) => withCors(response, request, trusted));

  return [
    http.options(`*${COLLECTOR_PATH}`, ({ request }) => preflight(request, trusted)),
    http.options(`*${PIXEL_PATH}`, ({ request }) => preflight(request, trusted)),
    http.post(`*${COLLECTOR_PATH}`, ({ request, cookies }) =>
      receive(request, cookies, async () => eventsFromPostBody(await request.text())),
    ),
    http.get(`*${PIXEL_PATH}`, ({ request, cookies }) =>
      receive(request, cookies, async () => [eventFromQueryString(new URL(request.url).searchParams)]),
    ),
  ];
}

/** Error answers carry the CORS headers too, so a tracker in a browser can read why it was refused. */
function withCors(response: Response, request: Request, trusted: ReadonlySet<string>): Response {
  if (response.ok || !request.headers.get('origin')) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders(request, trusted))) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}
