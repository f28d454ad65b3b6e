import { load, YAMLException } from 'js-yaml';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';
import { formatPath } from './field-path.ts';
import { flowMappingSlips } from './flow-mapping-slips.ts';

export { formatPath, parsePath } from './field-path.ts';

/** A YAML file's parsed data, or the problem that stopped it parsing. */
export type ParsedYaml = { ok: true; data: unknown } | { ok: false; problem: ContentProblem };

/** Parses YAML text; a syntax error becomes a problem with its line and column. */
export function parseYaml(file: string, text: string): ParsedYaml {
  try {
    return { ok: true, data: load(text) };
  } catch (error) {
    if (error instanceof YAMLException) {
      return {
        ok: false,
        problem: {
          file,
          line: (error.mark?.line ?? 0) + 1,
          column: (error.mark?.column ?? 0) + 1,
          message: `YAML syntax: ${error.reason}`,
        },
      };
    }
    throw error;
  }
}

/** A YAML document parsed with positions, for placing problems. */
interface PositionedDoc {
  doc: ReturnType<typeof parseDocument>;
  lineCounter: LineCounter;
}

function parsePositioned(text: string): PositionedDoc {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter }), lineCounter };
}

function nodeAt({ doc }: PositionedDoc, path: readonly PropertyKey[]): unknown {
  return path.length === 0 ? doc.contents : doc.getIn(path as unknown[], true);
}

/**
 * Finds the line and column of a field path in YAML text, pointing at the key of a mapping field. When the
 * exact path is missing (a required field left out), the nearest existing parent is used.
 */
export function locate(text: string, path: readonly PropertyKey[]): { line: number; column: number } | undefined {
  return locateIn(parsePositioned(text), path);
}

function locateIn(positioned: PositionedDoc, path: readonly PropertyKey[]): { line: number; column: number } | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = nodeAt(positioned, path.slice(0, depth));
    if (!node || typeof node !== 'object' || !('range' in node) || !Array.isArray(node.range)) continue;
    const parent = depth > 0 ? nodeAt(positioned, path.slice(0, depth - 1)) : undefined;
    if (isMap(parent)) {
      const pair = parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === path[depth - 1]);
      const key = pair?.key as { range?: [number, number, number] } | undefined;
      if (key?.range) return toPosition(positioned.lineCounter, key.range[0]);
    }
    return toPosition(positioned.lineCounter, (node.range as number[])[0] ?? 0);
  }
  return undefined;
}

function toPosition(lineCounter: LineCounter, offset: number) {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** The source text of a scalar, as written (so `16.10` stays `16.10`, not 16.1). */
function sourceAt(positioned: PositionedDoc, path: readonly PropertyKey[]): string | undefined {
  const node = nodeAt(positioned, path);
  return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
}

/** Turns zod issues into located problems for one file. */
export function issuesToProblems(
  file: string,
  text: string,
  data: unknown,
  issues: readonly z.core.$ZodIssue[],
): ContentProblem[] {
  const positioned = parsePositioned(text);
  return issues.map((issue) => {
    // An unknown key is placed at the key itself, not at the object holding it.
    const where = issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined ? [...issue.path, issue.keys[0]] : issue.path;
    const place = locateIn(positioned, where);
    const value = valueAt(data, issue.path);
    let message = describeIssue(issue, value === undefined);
    if (issue.code === 'invalid_type' && issue.expected === 'string' && value !== null && typeof value === 'object') {
      // Text that YAML read as a mapping: an unquoted `: ` or a comma inside `{ … }` split it.
      message = `expected text but YAML read a ${Array.isArray(value) ? 'list' : 'mapping'}: an unquoted ": " or a comma inside "{ … }" split it; quote the text`;
    }
    const source = typeof value === 'number' ? sourceAt(positioned, issue.path) : undefined;
    if (source !== undefined && source !== String(value)) {
      // Say the number as the writer typed it: `16.10`, not the 16.1 YAML made of it.
      message = message.replace(new RegExp(`${String(value).replaceAll('.', '\\.')}(?!\\d)`, 'g'), source);
    }
    return { file, ...place, path: formatPath(issue.path) || undefined, message };
  });
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A zod issue in words a content writer understands. */
function describeIssue(issue: z.core.$ZodIssue, missing: boolean): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; check the spelling against the schema`;
    case 'invalid_type':
      return missing ? `required field is missing (expected ${issue.expected})` : issue.message;
    case 'invalid_value':
      return issue.message.replace(/^Invalid option: expected one of /, 'must be one of ');
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (options?.length) return `must be one of ${options.map((option) => `"${String(option)}"`).join(', ')}`;
      return 'does not match any allowed form';
    }
    default:
      return issue.message;
  }
}

function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).some(holdsNull);
}

/** Parses and validates one YAML file against a schema, returning data or located problems. */
export function readYamlWith<T extends z.ZodType>(
  schema: T,
  file: string,
  text: string,
): { ok: true; data: z.output<T> } | { ok: false; problems: ContentProblem[] } {
  const parsed = parseYaml(file, text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const result = schema.safeParse(parsed.data);
  const problems = result.success ? [] : issuesToProblems(file, text, parsed.data, result.error.issues);
  // A key with no value reads as null, so only data holding a null is looked at again as YAML; a split the
  // schema already names (a key with spaces, text that became a mapping) is said once.
  const slips = holdsNull(parsed.data)
    ? flowMappingSlips(file, text).filter((slip) => !problems.some((problem) => problem.line === slip.line))
    : [];
  if (result.success && slips.length === 0) return { ok: true, data: result.data };
  return { ok: false, problems: [...problems, ...slips] };
}
