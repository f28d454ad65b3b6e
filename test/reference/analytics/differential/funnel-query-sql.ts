import type { FunnelDefinition } from '../../../../src/schemas/funnel-definition.ts';
import { orderPairs, type EventsQuery } from './events-query-sql.ts';
import { filterSql } from './filter-sql.ts';
import { text } from './sql-time.ts';

/**
 * A funnel query as one DuckDB statement, written from PROTOCOLS.md (§1, "Funnels") and the funnels guide's
 * worked example: only page views count, and only those the `.date` filters keep; a user enters with the first
 * page view of step 1's target; each next step is the earliest later page view of its target that comes
 * within `seconds_to_convert` of that entry; a user counts once, at the furthest step reached.
 *
 * Step k is matched greedily (earliest qualifying view after step k-1's view): any later choice can only
 * leave less of the window for the steps after it, so the earliest match reaches the furthest step.
 */
export function funnelQuerySql(cube: string, funnel: FunnelDefinition, query: EventsQuery): { sql: string } {
  const zone = query.timezone ?? 'UTC';
  const window = funnel.seconds_to_convert * 1000;
  const kept = (query.filters ?? []).map((filter) => filterSql(filter, () => ({ sql: 'ms', numeric: true }), 'ms', zone));
  const views = `SELECT "userAnonymousId" AS who, "docPath" AS path, ms, seq FROM events
    WHERE "eventType" = 'pageview' AND "userAnonymousId" IS NOT NULL ${kept.map((condition) => `AND ${condition}`).join(' ')}`;
  const parts = [
    `views AS (${views})`,
    `reached1 AS (SELECT who, arg_min(ms, (ms, seq)) AS entered, arg_min(ms, (ms, seq)) AS ms, arg_min(seq, (ms, seq)) AS seq
      FROM views WHERE path = ${text(funnel.steps[0]?.target as string)} GROUP BY who)`,
  ];
  funnel.steps.slice(1).forEach((step, index) => {
    const previous = `reached${index + 1}`;
    parts.push(`reached${index + 2} AS (SELECT p.who, p.entered, next.ms, next.seq FROM ${previous} AS p,
      LATERAL (SELECT v.ms, v.seq FROM views AS v WHERE v.who = p.who AND v.path = ${text(step.target)}
        AND (v.ms > p.ms OR (v.ms = p.ms AND v.seq > p.seq)) AND v.ms <= p.entered + ${window}
        ORDER BY v.ms, v.seq LIMIT 1) AS next)`);
  });
  const furthest = funnel.steps
    .map((_, index) => `SELECT who, ${index} AS step FROM reached${index + 1}`)
    .join(' UNION ALL ');
  parts.push(`furthest AS (SELECT who, max(step) AS step FROM (${furthest}) GROUP BY who)`);
  parts.push(
    `names(step, name) AS (VALUES ${funnel.steps.map((step, index) => `(${index}, ${text(step.name)})`).join(', ')})`,
  );

  const countKey = `${cube}.count`;
  const stepKey = `${cube}.step`;
  const hasCount = (query.measures ?? []).includes(countKey);
  const hasStep = (query.dimensions ?? []).includes(stepKey);
  // With `.step`, every step has a row, "0" where nobody stopped: the spec is silent, and this is the reference's
  // reading (a funnel chart shows each step, empty ones too). Without it, one row counts every user who entered.
  const select = [
    ...(hasStep ? [`names.name AS "${stepKey}"`, 'names.step AS step_index'] : []),
    ...(hasCount ? [`count(furthest.who) AS users`] : []),
  ];
  const groups = hasStep
    ? `SELECT ${select.join(', ')} FROM names LEFT JOIN furthest USING (step) GROUP BY names.name, names.step`
    : `SELECT ${select.join(', ')} FROM furthest`;
  const explicit = orderPairs(query.order);
  const orderBy = explicit.map(([member, direction]) =>
    member === countKey ? `users ${direction.toUpperCase()}` : `step_index ${direction.toUpperCase()}`,
  );
  if (explicit.length === 0) {
    if (hasCount && hasStep) orderBy.push('users DESC');
    else if (hasStep) orderBy.push('step_index ASC');
  }
  // Ties keep the steps' own order (the reference's reading; the spec is silent).
  if (hasStep) orderBy.push('step_index ASC');
  const shaped = [...(hasStep ? [`"${stepKey}"`] : []), ...(hasCount ? [`CAST(users AS VARCHAR) AS "${countKey}"`] : [])];
  const sql = `WITH ${parts.join(',\n')} SELECT ${shaped.join(', ')} FROM (${groups}) AS grouped
    ${orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : ''} LIMIT ${query.limit ?? 10_000} OFFSET ${query.offset ?? 0}`;
  return { sql };
}
