/**
 * The errors list, details, status change and create-issue endpoints (reference design: the spec
 * names the views and the action, not their endpoints):
 * - `GET …/projects/{project_id}/error_tracking/errors` — open errors; `sort`, `search`, `status`,
 *   `limit` (1–100, default 20), `cursor`; the next page is in `Link`;
 * - `GET …/errors/{error_id}` — the details view's data;
 * - `PUT …/errors/{error_id}` with `{status}` — open, resolved or ignored;
 * - `POST …/errors/{error_id}/issue` — an issue whose description holds the stack trace.
 */
import { HttpResponse, http } from 'msw';
import { ApiError, answering, readJson } from '../platform/api-error.ts';
import { projectAccess } from '../platform/auth.ts';
import { canonicalId } from '../platform/canonical-id.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { Project } from '../platform/world.ts';
import type { ErrorJournalEntry } from './error-journal-entry.ts';
import { ERROR_STATUSES, type ErrorRecord, type ErrorStatus } from './error-store.ts';
import { details } from './error-views.ts';
import { listErrors, nextLink, parseListQuery } from './errors-list-query.ts';
import { issueDescription } from './issue-description.ts';
import type { ErrorTrackingState } from './state.ts';

const BASE = '*/api/v4/projects/:projectId/error_tracking/errors';

/** Lets other requests be answered between the parts of a long list (errors kept on disk are read in parts). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function findError(state: ErrorTrackingState, project: Project, errorId: unknown): ErrorRecord {
  const id = canonicalId(errorId);
  const record = id === undefined ? undefined : state.errors.get(project.id, id);
  if (!record) {
    const days = Math.round(state.errors.retentionMs / 86_400_000);
    const memory = state.errors.archives
      ? `error groups past the ${state.errors.maxGroups} a project holds in memory are kept in the data directory and still found`
      : `this reference keeps errors in memory only (in the browser, or a local server started without --data-dir), so past ${state.errors.maxGroups} error groups in a project the least recently used is let go for good; a local server started with --data-dir keeps every group`;
    throw new ApiError(
      404,
      `404 Error Not Found: project ${project.id} has no error ${String(errorId)} (it may be past ${days}-day retention; ${memory})`,
    );
  }
  return record;
}

function readStatus(body: unknown): ErrorStatus {
  const status = typeof body === 'object' && body !== null ? (body as { status?: unknown }).status : undefined;
  if (!ERROR_STATUSES.includes(status as ErrorStatus)) {
    throw new ApiError(400, `status must be one of ${ERROR_STATUSES.join(', ')}; got ${JSON.stringify(status)}`);
  }
  return status as ErrorStatus;
}

/**
 * The error handlers. A status set through the API is a journal entry committed before the error changes;
 * an issue is kept before the error links it, so a write the host refuses changes nothing.
 */
export function errorHandlers(platform: PlatformContext, state: ErrorTrackingState) {
  const now = () => {
    const time = platform.clock.now();
    state.errors.purge(time);
    return time;
  };
  return [
    http.get(BASE, ({ request, params }) =>
      answering(async () => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'read_api', 'reporter');
        const query = parseListQuery(new URL(request.url).searchParams);
        const page = await listErrors(state.errors.parts(project.id), query, now(), nextTurn);
        const headers: Record<string, string> = page.nextCursor ? { link: nextLink(request.url, page.nextCursor) } : {};
        return HttpResponse.json(page.items, { headers });
      }),
    ),
    http.get(`${BASE}/:errorId`, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'read_api', 'reporter');
        const time = now();
        return HttpResponse.json(details(findError(state, project, params.errorId), time));
      }),
    ),
    http.put(`${BASE}/:errorId`, ({ request, params }) =>
      answering(async () => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'developer');
        // The body first: the error is found after the last wait, so what is changed is the error held in memory.
        const body = await readJson(request);
        const time = now();
        const record = findError(state, project, params.errorId);
        const status = readStatus(body);
        const entry: ErrorJournalEntry = { kind: 'status', projectId: project.id, errorId: record.id, status };
        state.commit({ journal: [entry] });
        record.status = status;
        return HttpResponse.json(details(record, time));
      }),
    ),
    http.post(`${BASE}/:errorId/issue`, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'reporter');
        const time = now();
        const record = findError(state, project, params.errorId);
        const existing = record.issueIid === undefined ? undefined : state.issues.get(project.id, record.issueIid);
        if (existing) return HttpResponse.json(existing, { status: 200 });
        const origin = new URL(request.url).origin;
        const view = details(record, time);
        const errorUrl = `${origin}/${project.path}/-/error_tracking/${record.id}/details`;
        const issue = state.issues.create(
          {
            project_id: project.id,
            title: `Error: ${view.title}`,
            description: issueDescription(view, errorUrl),
            error_id: record.id,
          },
          time,
          `${origin}/${project.path}`,
        );
        record.issueIid = issue.iid;
        return HttpResponse.json(issue, { status: 201 });
      }),
    ),
  ];
}
