/** One problem found in a content file: where it is and what is wrong. */
export interface ContentProblem {
  /** File path as given to the loader (relative to the content directory's parent when possible). */
  file: string;
  /** 1-based line, when the problem has a place in the file. */
  line?: number;
  /** 1-based column. */
  column?: number;
  /** Field path inside the file, such as `detect[0].example.text`. */
  path?: string;
  /** What is wrong and what to do. */
  message: string;
}

/** Formats a problem as `file:line:column field: message`, the way editors link it. */
export function formatProblem(problem: ContentProblem): string {
  const place = [problem.file, problem.line, problem.line ? problem.column : undefined]
    .filter((part) => part !== undefined)
    .join(':');
  return `${place} ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
}

/** Thrown when content does not load; carries every problem found, not just the first. */
export class ContentError extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem[]) {
    super(
      `content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map(formatProblem).join('\n')}`,
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}
