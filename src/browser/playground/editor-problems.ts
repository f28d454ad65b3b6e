import type { z } from 'zod';
import type { ContentProblem } from '../../register/content-error.ts';
import { formatPath, locate, readYamlWith } from '../../register/yaml-source.ts';

/** One message shown next to an editor: the line it points at, when it has one, and its text. */
export interface LineMessage {
  /** 1-based line of the editor the message is about. */
  line: number | undefined;
  /** `line N: field.path: message`, or without the parts the problem does not have. */
  text: string;
}

/** A definition checked against its schema: the data, or the messages to show at its lines. */
export type CheckedDefinition<T> = { ok: true; data: T } | { ok: false; messages: LineMessage[] };

/**
 * Writes a problem the way the editor shows it: `line 7: steps[1].action: only the action "pageview" is
 * supported`. The file is left out: the editor already says which file it holds.
 */
export function formatLineMessage(problem: ContentProblem): string {
  const parts = [problem.line === undefined ? undefined : `line ${problem.line}`, problem.path, problem.message];
  return parts.filter((part) => part !== undefined && part !== '').join(': ');
}

/** The messages of a file's problems, in line order (problems without a line first, as they concern the whole file). */
export function lineMessages(problems: readonly ContentProblem[]): LineMessage[] {
  return problems
    .map((problem) => ({ line: problem.line, text: formatLineMessage(problem) }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** A problem the schema cannot see, found in valid data: the field it is about and what is wrong. */
export interface FieldProblem {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Parses an editor's YAML and validates it against a definition schema, then asks `refine` about the valid
 * data (what the playground can render, say); each of its problems is placed at its field's line too.
 */
export function checkDefinition<T extends z.ZodType>(
  schema: T,
  file: string,
  text: string,
  refine: (data: z.output<T>) => FieldProblem[] = () => [],
): CheckedDefinition<z.output<T>> {
  if (text.trim() === '') {
    return { ok: false, messages: [{ line: 1, text: 'line 1: the file is empty; write the definition here' }] };
  }
  const result = readYamlWith(schema, file, text);
  if (!result.ok) return { ok: false, messages: lineMessages(result.problems) };
  const problems = refine(result.data).map(({ path, message }) => ({
    file,
    ...locate(text, path),
    path: formatPath(path),
    message,
  }));
  return problems.length === 0 ? result : { ok: false, messages: lineMessages(problems) };
}
