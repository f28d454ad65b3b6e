import { ApiError } from '../../platform/api-error.ts';
import type { ReferenceLimits } from '../../platform/reference-limits.ts';
import { compileFunnelQuery } from '../funnels/compile-funnel-query.ts';
import { TRACKED_EVENTS } from '../tracked-events.ts';
import { compileEventsQuery } from './compile-events-query.ts';
import type { CompiledQuery } from './compiled-query.ts';
import type { MemberCatalog } from './member-catalog.ts';
import { parseQueryObject } from './parse-query-object.ts';
import { createFrame, mentionedMembers } from './query-frame.ts';

/**
 * Validates a query object against a project's members and compiles it. Every rejection is an
 * {@link ApiError} 400 whose message names the field (`query.filters[0].operator`) or member at fault.
 */
export function compileQuery(raw: unknown, catalog: MemberCatalog, now: number, limits?: ReferenceLimits): CompiledQuery {
  const query = parseQueryObject(raw);
  const frame = createFrame(query, catalog, now, limits);
  const mentioned = mentionedMembers(query);
  for (const { name, field } of mentioned) frame.resolve(name, field);
  const cubes = [...new Set(mentioned.map(({ name }) => name.slice(0, name.indexOf('.'))))];
  if (cubes.length > 1)
    throw new ApiError(
      400,
      `query: a query reads one cube, but this one names ${cubes.join(' and ')}; split it into separate queries`,
    );
  const cube = cubes[0] ?? TRACKED_EVENTS;
  if (cube === TRACKED_EVENTS) return compileEventsQuery(frame);
  const member = catalog.find(`${cube}.count`);
  if (member?.kind !== 'funnel-count') throw new ApiError(400, `query: ${cube} is not a cube of this project`);
  return compileFunnelQuery(frame, member.funnel);
}
