import { type HttpHandler, HttpResponse, http } from 'msw';
import { ApiError, answering, readJson } from '../../platform/api-error.ts';
import { LIMITS_WITHOUT_REGISTER } from '../../platform/reference-limits.ts';
import type { AnalyticsState } from '../analytics-state.ts';
import { assertJsonAccepted } from '../export/raw-export.ts';
import { compileQuery } from '../query/compile-query.ts';
import type { CompiledQuery } from '../query/compiled-query.ts';
import { type CubeResult, executeCompiled, multiResponse } from '../query/cube-response.ts';
import { assertQueryCount, assertRowTotal } from '../query/query-bounds.ts';
import { assertQueryCost, estimateQueryCost } from '../query/query-cost.ts';
import { projectAccess, requireOnboarded } from './access.ts';

const PATH = '*/api/v4/projects/:id/product_analytics/request/load';

/** The query and query type, from a POST body (`{query, queryType?}`) or GET parameters (`?query=…`). */
async function readLoadRequest(request: Request): Promise<{ query: unknown; queryType: string | null }> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    const text = url.searchParams.get('query');
    if (!text) throw new ApiError(400, 'query: send the query as JSON in the "query" parameter, or POST {"query": {…}}');
    try {
      return { query: JSON.parse(text), queryType: url.searchParams.get('queryType') };
    } catch {
      throw new ApiError(400, 'query: the "query" parameter is not valid JSON');
    }
  }
  const body = await readJson(request);
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('query' in body))
    throw new ApiError(
      400,
      'the body must be an object with the key "query", such as {"query": {"measures": ["TrackedEvents.count"]}}',
    );
  const { query, queryType } = body as { query: unknown; queryType?: unknown };
  if (queryType !== undefined && typeof queryType !== 'string')
    throw new ApiError(400, 'queryType: expected a string such as "multi"');
  return { query, queryType: url.searchParams.get('queryType') ?? queryType ?? null };
}

/**
 * Spec endpoint 1: `POST /api/v4/projects/{id}/product_analytics/request/load`. Takes `{"query": …}` with
 * `?queryType=multi`, or the query-layer client's `{"query": …, "queryType": "multi"}`; `query` may be a list
 * when the type is `multi`. Needs a token with `read_api` (or `api`) and at least the Reporter role, and an
 * onboarded project.
 */
export function queryHandlers(state: AnalyticsState): HttpHandler[] {
  const load = ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) =>
    answering(async () => {
      const project = projectAccess(request, state, params.id, 'read_api', 'reporter');
      requireOnboarded(state, project);
      assertJsonAccepted(request);
      const { query, queryType } = await readLoadRequest(request);
      if (queryType !== null && queryType !== 'multi' && queryType !== 'regularQuery')
        throw new ApiError(400, `queryType: "${queryType}" is not known; use "multi" (results in a list) or leave it out`);
      const now = state.platform.clock.now();
      const limits = state.platform.limits;
      const { catalog } = await state.catalog(project.id);
      const store = state.store(project.id);
      if (Array.isArray(query)) {
        if (queryType !== 'multi') throw new ApiError(400, 'query: a list of queries needs queryType=multi');
        if (query.length === 0) throw new ApiError(400, 'query: the list of queries is empty');
        assertQueryCount(query.length);
        // Every query is compiled before any runs, so the request's cost is weighed before it holds the server.
        const compiled: CompiledQuery[] = query.map((item, index) => {
          try {
            return compileQuery(item, catalog, now, limits);
          } catch (error) {
            if (error instanceof ApiError) throw new ApiError(error.status, error.message.replace(/^query/, `query[${index}]`));
            throw error;
          }
        });
        assertQueryCost(compiled.map((each) => estimateQueryCost(store, each)));
        const results: CubeResult[] = [];
        for (const each of compiled) {
          results.push(executeCompiled(store, each, now));
          // Checked after each query, so a list that passes the bound stops there rather than running to its end.
          assertRowTotal(
            results.map((result) => result.data.length),
            (limits ?? LIMITS_WITHOUT_REGISTER).rawExportRowsMaximum,
          );
        }
        return HttpResponse.json(multiResponse(results));
      }
      const single = compileQuery(query, catalog, now, limits);
      assertQueryCost([estimateQueryCost(store, single)]);
      const result = executeCompiled(store, single, now);
      return HttpResponse.json(queryType === 'multi' ? multiResponse([result]) : result);
    });
  return [http.post(PATH, load), http.get(PATH, load)];
}
