import { load, YAMLException } from 'js-yaml';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';

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

/** Writes a field path the way a writer reads it: `steps[2].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

/** Reads a field path written by {@link formatPath} back into keys. */
export function parsePath(text: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    keys.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  }
  return keys;
}

/**
 * Finds the line and column of a field path in YAML text. Parsing with positions is slower than the plain
 * parse, so it only happens once a problem needs a place. When the exact path is missing (a required
 * field left out), the nearest existing parent is used.
 */
export function locate(text: string, path: readonly PropertyKey[]): { line: number; column: number } | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
    if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
      // Point at the key rather than the value where the value is a collection.
      const parent =
        depth > 0 ? (depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1) as unknown[], true)) : undefined;
      if (isMap(parent)) {
        const pair = parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === path[depth - 1]);
        const key = pair?.key as { range?: [number, number, number] } | undefined;
        if (key?.range) return toPosition(lineCounter, key.range[0]);
      }
      if (isSeq(parent) || depth === 0 || !isMap(parent)) return toPosition(lineCounter, (node.range as number[])[0] ?? 0);
    }
  }
  return undefined;
}

function toPosition(lineCounter: LineCounter, offset: number) {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** Turns zod issues into located problems for one file. */
export function issuesToProblems(
  file: string,
  text: string,
  data: unknown,
  issues: readonly z.core.$ZodIssue[],
): ContentProblem[] {
  return issues.map((issue) => {
    const place = locate(text, issue.path);
    const missing = valueAt(data, issue.path) === undefined;
    return { file, ...place, path: formatPath(issue.path) || undefined, message: describeIssue(issue, missing) };
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
    case 'invalid_union':
      return 'does not match any allowed form';
    default:
      return issue.message;
  }
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
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: issuesToProblems(file, text, parsed.data, result.error.issues) };
}
