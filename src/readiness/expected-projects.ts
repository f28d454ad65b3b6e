/** Bounds on a `--projects` list. */
export const EXPECTED_LIMITS = { lines: 100_000, length: 255 };

/** A line of a `--projects` file that is not a project path. */
export class ExpectedProjectsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpectedProjectsError';
  }
}

/**
 * The projects a `--projects` file lists: one path per line (`group/app`), blank lines and `#` comments
 * ignored. `file` names the file in errors, which give its line.
 */
export function parseExpectedProjects(text: string, file: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > EXPECTED_LIMITS.lines)
    throw new ExpectedProjectsError(`${file}: ${lines.length} lines, over the limit of ${EXPECTED_LIMITS.lines} projects`);
  const projects: string[] = [];
  lines.forEach((line, index) => {
    const project = line.replace(/#.*$/, '').trim();
    if (!project) return;
    if (project.length > EXPECTED_LIMITS.length || /\s/.test(project))
      throw new ExpectedProjectsError(
        `${file}:${index + 1}: "${project.slice(0, 40)}${project.length > 40 ? '…' : ''}" is not a project path (one path of at most ${EXPECTED_LIMITS.length} characters per line, no spaces)`,
      );
    projects.push(project);
  });
  return projects;
}
