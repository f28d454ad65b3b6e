import { z } from 'zod';
import { OFFERINGS } from '../schemas/offering.ts';

/**
 * The part of `sunset check --format json` that readiness reads. Unknown fields are allowed (newer
 * reports may carry more); missing or mistyped ones make the report unread, with the field's path.
 */
const findingSchema = z.object({
  ruleId: z.string().min(1).max(200),
  severity: z.enum(['error', 'warning']),
  file: z.string().max(4096),
  line: z.number().int().nonnegative(),
  column: z.number().int().nonnegative(),
  match: z.string().max(10_000).default(''),
  message: z.string().max(10_000).default(''),
});

/** A check report as readiness accepts it. */
export const checkReportSchema = z.object({
  tool: z.object({ name: z.literal('sunset'), version: z.string().max(100) }),
  project: z.string().min(1).max(255).optional(),
  commit: z.string().max(100).optional(),
  time: z.iso.datetime({ offset: true }).optional(),
  register: z.object({ version: z.string().min(1).max(100) }).optional(),
  range: z.object({ from: z.string().max(20), to: z.string().max(20), offering: z.enum(OFFERINGS).optional() }),
  summary: z.object({
    suppressed: z.number().int().nonnegative().default(0),
    baselined: z.number().int().nonnegative().default(0),
    scanned: z.number().int().nonnegative().default(0),
  }),
  rules: z.array(z.string().max(200)).max(10_000).optional(),
  findings: z.array(findingSchema),
});

/** A parsed report. */
export type CheckReport = z.output<typeof checkReportSchema>;

/** One finding of a parsed report. */
export type ReportFinding = z.output<typeof findingSchema>;

/** The first problems of a report that does not fit, as `field.path: message`. */
export function schemaProblems(error: z.ZodError, limit = 3): string {
  const problems = error.issues
    .slice(0, limit)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(top level)'}: ${issue.message}`);
  const more = error.issues.length - limit;
  return problems.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
