import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UnreadablePathError, walk } from '../check/scan/walk.ts';
import { type DefinitionFile, definitionKind, validateDefinitions } from '../check/validate-definitions.ts';
import { formatProblem } from '../register/content-error.ts';
import { type CliIo, EXIT, parseOptions, UsageError } from './cli-io.ts';

/** `sunset validate --help`. */
const VALIDATE_HELP = `Usage: sunset validate [paths…] [--config-dir <dir>]

Validates product-analytics definitions against their schemas and prints every problem as
file:line:column field: message.
  funnels          <config-dir>/analytics/funnels/*.yaml
  visualizations   <config-dir>/analytics/visualizations/*.yaml
  dashboards       <config-dir>/analytics/dashboards/*.yaml (reference design)
Paths are definition files or directories to search (default: <config-dir>/analytics).
A file's kind is the analytics/ folder it is in.

Options:
  --config-dir <dir>  the repository's configuration directory (default: .gitlab)
  --register <dir>    also read the register folder <dir> (sunset import --out); repeatable
  -h, --help          this help

Exit codes: 0 valid, 1 invalid definitions, 2 usage error (unreadable path, a file outside
analytics/funnels, visualizations or dashboards).
`;

/** `sunset validate`: checks funnel, visualization and dashboard definitions. */
export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('validate', args, {
    'config-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(VALIDATE_HELP);
    return EXIT.ok;
  }
  const configDir = values['config-dir'] ?? (await io.loadRegister()).register.settings.config_dir;
  const targets = positionals.length > 0 ? positionals : [`${configDir.replace(/\/+$/, '')}/analytics`];
  let walked: ReturnType<typeof walk>;
  try {
    walked = walk(targets, io.cwd);
  } catch (error) {
    if (!(error instanceof UnreadablePathError)) throw error;
    if (positionals.length > 0) throw new UsageError(error.message);
    io.stdout.write(`no definitions: ${targets[0]} does not exist\n`);
    return EXIT.ok;
  }
  // Compared as absolute paths: `./x.sh`, `a//x.sh` and `/abs/x.sh` name the same file as `x.sh`.
  const named = new Set(positionals.map((given) => path.resolve(io.cwd, given)));
  const files: DefinitionFile[] = [];
  for (const file of walked.files) {
    if (!definitionKind(file.path)) {
      if (named.has(file.absolute)) {
        throw new UsageError(
          `${file.path} is not under analytics/funnels/, analytics/visualizations/ or analytics/dashboards/, so its kind is unknown`,
        );
      }
      continue;
    }
    files.push({ path: file.path, text: await readFile(file.absolute, 'utf8') });
  }
  const problems = validateDefinitions(files);
  for (const problem of problems) io.stdout.write(`${formatProblem(problem)}\n`);
  const invalid = new Set(problems.map((problem) => problem.file)).size;
  io.stdout.write(
    files.length === 0
      ? `no definitions found under ${targets.join(', ')}\n`
      : `${files.length} definition${files.length === 1 ? '' : 's'} checked, ${invalid} invalid, ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`,
  );
  return problems.length > 0 ? EXIT.findings : EXIT.ok;
}
