import type { FunnelDefinition } from '../../../../src/schemas/funnel-definition.ts';
import { type EventsQuery, orderPairs } from './events-query-sql.ts';
import { filterSql } from './filter-sql.ts';
import { text } from './sql-time.ts';

/**
 * A funnel query as one DuckDB statement, written from PROTOCOLS.md (§1, "Funnels") and the funnels guide's
 * worked example: only page views count, and only those the `.date` filters keep; any page view of step 1's
 * target starts an attempt; each next step is the earliest later page view of its target that comes within
 * `seconds_to_convert` of that attempt's start (exactly at the window still counts: "within"); a user counts
 * once, at the furthest step of their best attempt. "Later" is in time, then in arrival order for views of
 * the same millisecond, so one view never stands for two steps.
 *
 * Within an attempt step k is matched greedily (the earliest qualifying view after step k-1's view): any later
 * choice can only leave less of the window for the steps after it, so the earliest match reaches furthest.
 */
export function funnelQuerySql(cube: string, funnel: FunnelDefinition, query: EventsQuery): { sql: string } {
  const zone = query.timezone ?? 'UTC';
  const window = funnel.seconds_to_convert * 1000;
  const kept = (query.filters ?? []).map((filter) =>
    filterSql(filter, () => ({ sql: 'ms', numeric: true, time: true }), 'ms', zone),
  );
  const views = `SELECT "userAnonymousId" AS who, "docPath" AS path, ms, seq FROM events
    WHERE "eventType" = 'pageview' AND "userAnonymousId" IS NOT NULL ${kept.map((condition) => `AND ${condition}`).join(' ')}`;
  const parts = [
    `views AS (${views})`,
    // Every view of step 1's target starts an attempt (ClickHouse's windowFunnel, the platform store's
    // function, does the same); a user counts at the furthest step of their best attempt.
    `reached1 AS (SELECT who, seq AS attempt, ms AS entered, ms, seq FROM views WHERE path = ${text(funnel.steps[0]?.target as string)})`,
  ];
  funnel.steps.slice(1).forEach((step, index) => {
    parts.push(`reached${index + 2} AS (SELECT p.who, p.attempt, p.entered,
        arg_min(v.ms, (v.ms, v.seq)) AS ms, arg_min(v.seq, (v.ms, v.seq)) AS seq
      FROM reached${index + 1} AS p JOIN views AS v ON v.who = p.who AND v.path = ${text(step.target)}
        AND (v.ms > p.ms OR (v.ms = p.ms AND v.seq > p.seq)) AND v.ms <= p.entered + ${window}
      GROUP BY p.who, p.attempt, p.entered)`);
  });
  const furthest = funnel.steps.map((_, index) => `SELECT who, ${index} AS step FROM reached${index + 1}`).join(' UNION ALL ');
  parts.push(`furthest AS (SELECT who, max(step) AS step FROM (${furthest}) GROUP BY who)`);
  parts.push(`names(step, name) AS (VALUES ${funnel.steps.map((step, index) => `(${index}, ${text(step.name)})`).join(', ')})`);

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
