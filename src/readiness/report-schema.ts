import { z } from 'zod';
import { OFFERINGS, type Offering } from '../schemas/offering.ts';
import { problemInWords } from './report-problem-words.ts';

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

/** The report without its findings, which {@link readFindings} checks in a plain loop. */
const envelopeSchema = checkReportSchema.extend({ findings: z.array(z.unknown()) });

const LIMITS = { ruleId: 200, file: 4096, text: 10_000 } as const;

/**
 * The findings of a report, checked as {@link checkReportSchema} checks them (same rules, same
 * `findings.N.field: message` problems), in a loop: a readiness run over many projects checks millions of
 * findings, and a schema library's per-object cost would then be most of the run.
 */
function readFindings(raw: readonly unknown[]): { findings: ReportFinding[] } | { problem: string } {
  const fail = (index: number, field: string, message: string) => ({ problem: `findings.${index}.${field}: ${message}` });
  for (let index = 0; index < raw.length; index++) {
    const item = raw[index] as Record<string, unknown> | null;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { problem: `findings.${index}: expected object` };
    const { ruleId, severity, file, line, column } = item;
    const match = item.match ?? '';
    const message = item.message ?? '';
    if (typeof ruleId !== 'string' || ruleId.length === 0 || ruleId.length > LIMITS.ruleId)
      return fail(index, 'ruleId', `expected a string of 1 to ${LIMITS.ruleId} characters`);
    if (severity !== 'error' && severity !== 'warning') return fail(index, 'severity', 'expected "error" or "warning"');
    if (typeof file !== 'string' || file.length > LIMITS.file)
      return fail(index, 'file', `expected a string of at most ${LIMITS.file} characters`);
    if (!Number.isInteger(line) || (line as number) < 0) return fail(index, 'line', 'expected a whole number, 0 or more');
    if (!Number.isInteger(column) || (column as number) < 0) return fail(index, 'column', 'expected a whole number, 0 or more');
    if (typeof match !== 'string' || match.length > LIMITS.text)
      return fail(index, 'match', `expected a string of at most ${LIMITS.text} characters`);
    if (typeof message !== 'string' || message.length > LIMITS.text)
      return fail(index, 'message', `expected a string of at most ${LIMITS.text} characters`);
    // Checked in place rather than copied: a run over an instance's reports would otherwise build every
    // finding twice. Only the defaults are filled in.
    item.match = match;
    item.message = message;
  }
  return { findings: raw as ReportFinding[] };
}

const timeSchema = checkReportSchema.shape.time;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
const isCount = (value: unknown) => value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);

/**
 * The envelope of a report that plainly fits {@link envelopeSchema}, built by hand, or undefined: then the
 * schema decides and words the problem. Every report of an instance's run goes this way, and the schema's
 * check of each of a report's few hundred rule ids would cost more than reading it. Only ever stricter than
 * the schema (a string's length here counts UTF-16 units, the schema's characters), never looser.
 */
function plainEnvelope(data: unknown): z.output<typeof envelopeSchema> | undefined {
  if (!isObject(data)) return undefined;
  const { tool, project, commit, time, register, range, summary, rules, findings } = data;
  if (!isObject(tool) || tool.name !== 'sunset' || !isText(tool.version, 100)) return undefined;
  if (project !== undefined && !isText(project, 255, 1)) return undefined;
  if (commit !== undefined && !isText(commit, 100)) return undefined;
  if (time !== undefined && !(typeof time === 'string' && timeSchema.safeParse(time).success)) return undefined;
  if (register !== undefined && !(isObject(register) && isText(register.version, 100, 1))) return undefined;
  if (!isObject(range) || !isText(range.from, 20) || !isText(range.to, 20)) return undefined;
  const { offering } = range;
  if (offering !== undefined && !(OFFERINGS as readonly unknown[]).includes(offering)) return undefined;
  if (!isObject(summary) || !isCount(summary.suppressed) || !isCount(summary.baselined) || !isCount(summary.scanned))
    return undefined;
  if (rules !== undefined && !(Array.isArray(rules) && rules.length <= 10_000 && rules.every((id) => isText(id, 200))))
    return undefined;
  if (!Array.isArray(findings)) return undefined;
  return {
    tool: { name: 'sunset', version: tool.version },
    ...(project !== undefined ? { project } : {}),
    ...(commit !== undefined ? { commit } : {}),
    ...(time !== undefined ? { time } : {}),
    ...(register !== undefined ? { register: { version: register.version as string } } : {}),
    range: { from: range.from, to: range.to, ...(offering !== undefined ? { offering: offering as Offering } : {}) },
    summary: {
      suppressed: (summary.suppressed as number | undefined) ?? 0,
      baselined: (summary.baselined as number | undefined) ?? 0,
      scanned: (summary.scanned as number | undefined) ?? 0,
    },
    ...(rules !== undefined ? { rules: rules as string[] } : {}),
    findings,
  };
}

/** Checks parsed JSON against the report format; the report, or the first problems as `field.path: message`. */
export function parseCheckReport(data: unknown): { report: CheckReport } | { problem: string } {
  // The CI/CD component's error form: the job could not run sunset at all, and says why.
  const failure = (data as { error?: unknown } | null)?.error;
  if (typeof failure === 'string' && (data as { range?: unknown }).range === undefined)
    return { problem: `the job did not check anything: ${failure}` };
  let envelope = plainEnvelope(data);
  if (!envelope) {
    const checked = envelopeSchema.safeParse(data);
    if (!checked.success) return { problem: schemaProblems(checked.error, data) };
    envelope = checked.data;
  }
  const read = readFindings(envelope.findings);
  if ('problem' in read) return read;
  return { report: { ...envelope, findings: read.findings } };
}

/** A parsed report. */
export type CheckReport = z.output<typeof checkReportSchema>;

/** One finding of a parsed report. */
export type ReportFinding = z.output<typeof findingSchema>;

/** The first problems of a report that does not fit, in words (see {@link problemInWords}). */
export function schemaProblems(error: z.ZodError, data: unknown, limit = 3): string {
  const problems = error.issues.slice(0, limit).map((issue) => problemInWords(issue, data));
  const more = error.issues.length - limit;
  return problems.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
