import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCheck } from '../check/check.ts';
import { type FixableRule, fixText, type HeldFix, isFixable } from '../check/fix-plan.ts';
import { unifiedDiff } from '../check/report/unified-diff.ts';
import { UnreadablePathError } from '../check/scan/walk.ts';
import { activeRules } from '../findings/active-rules.ts';
import { type CliIo, EXIT, parseOptions, UsageError } from './cli-io.ts';
import { CONFIG_FILE, configFileOf } from './config-file.ts';
import { releaseRange } from './release-range.ts';
import { failOnUnreadable } from './unreadable-files.ts';

/** `sunset fix --help`. */
export const FIX_HELP = `Usage: sunset fix [paths…] --to <release> [options]

Applies the register's mechanical replacements (renamed variables, keys, GraphQL names, push options,
flags) to the uses \`sunset check\` finds, rewriting only the replaced text. Uses that need judgement are
listed with the entry's migration text, and a fix that would break a file (the new name already set, a
variable also used where it cannot be renamed) is held back and listed with its lines. A renamed GraphQL
field keeps its response key as an alias.

Options:
  --to <release>       the release you upgrade to (required)
  --from <release>     the release you run now (default: the register's lowest)
  --dry-run            print a unified diff instead of rewriting files; exit 1 when there is something to fix
  --config-dir <dir>   the repository's configuration folder (default: the register's)
  --skip-unreadable    go on when a file or folder cannot be read (default: exit 2 naming it)
  --verbose            list every file or folder that cannot be read
  --register <dir>     also read the register folder <dir> (sunset import --out); repeatable
  -h, --help           this help

Exit codes: 0 done (or nothing to fix), 1 --dry-run found fixes, 2 usage or input error.
`;

/** `sunset fix`: see {@link FIX_HELP}. */
export async function fixCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('fix', args, {
    to: { type: 'string' },
    from: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'config-dir': { type: 'string' },
    'skip-unreadable': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(FIX_HELP);
    return EXIT.ok;
  }
  // A flag wins over the folder's settings file.
  const config = io.config ?? {};
  values.to ??= config.to;
  values.from ??= config.from;
  if (values.to === undefined)
    throw new UsageError('--to <release> is required (or to: in .sunset.yml): the release you upgrade to, such as --to 18.0');
  const { register, folders } = await io.loadRegister();
  const range = releaseRange(register, values.to, values.from);
  const ownOutputs = new Map((folders ?? []).map((folder) => [folder, 'a register folder this run reads (--register)']));
  const configDir = values['config-dir'] ?? register.settings.config_dir;
  const paths = positionals.length > 0 ? positionals : (config.paths ?? ['.']);
  // Files are read with the check's own layout (its local includes resolved) and root-relative paths.
  let checked: Awaited<ReturnType<typeof runCheck>>;
  try {
    checked = await runCheck(register, {
      paths,
      cwd: io.cwd,
      range,
      configDir,
      ownOutputs,
      ...(config.ignore
        ? { ignore: { dir: io.cwd, patterns: config.ignore, source: `${configFileOf(config) ?? CONFIG_FILE} (ignore)` } }
        : {}),
    });
  } catch (error) {
    if (error instanceof UnreadablePathError) throw new UsageError(error.message);
    throw error;
  }
  failOnUnreadable('fix', checked.skipped, { skip: values['skip-unreadable'], verbose: values.verbose, stderr: io.stderr });
  const { findings, layout } = checked;

  const fixable: FixableRule[] = activeRules(register, range).flatMap(({ info, rule }) =>
    isFixable(rule) ? [{ entryId: info.id, rule }] : [],
  );
  const fixableIds = new Set(fixable.map((rule) => rule.entryId));
  const files = [...new Set(findings.filter((finding) => fixableIds.has(finding.ruleId)).map((finding) => finding.file))].sort();
  let replaced = 0;
  let changedFiles = 0;
  // Lines a fix changed or held back, per entry: the findings there need no other word.
  const handled = new Set<string>();
  const held: { file: string; fix: HeldFix }[] = [];
  for (const file of files) {
    const absolute = path.resolve(io.cwd, file);
    const before = await readFile(absolute, 'utf8');
    const rootPath = checked.rootPaths.get(file) ?? file;
    const ids = new Set(findings.filter((finding) => finding.file === file).map((finding) => finding.ruleId));
    const plan = fixText(
      rootPath,
      before,
      fixable.filter((rule) => ids.has(rule.entryId)),
      layout,
    );
    for (const edit of plan.edits) handled.add(`${file}:${edit.line}:${edit.entryId}`);
    for (const fix of plan.held) {
      held.push({ file, fix });
      for (const line of fix.lines) handled.add(`${file}:${line}:${fix.entryId}`);
    }
    if (plan.edits.length === 0) continue;
    replaced += plan.edits.length;
    changedFiles++;
    if (values['dry-run']) io.stdout.write(unifiedDiff(file, before, plan.text));
    else await writeFile(absolute, plan.text);
  }

  // Uses no mechanical fix covers: the entry's migration says what to do.
  const manual = Map.groupBy(
    findings.filter(
      (finding) => register.entry(finding.ruleId) && !handled.has(`${finding.file}:${finding.line}:${finding.ruleId}`),
    ),
    (finding) => finding.ruleId,
  );
  const verb = values['dry-run'] ? 'would replace' : 'replaced';
  io.stderr.write(`sunset: ${verb} ${replaced} use(s) in ${changedFiles} file(s)\n`);
  if (manual.size > 0) {
    io.stderr.write(
      `\n${manual.size} entr${manual.size === 1 ? 'y has' : 'ies have'} no mechanical fix; change these by hand:\n`,
    );
    for (const [id, uses] of manual) {
      const entry = register.entry(id);
      const places = uses.map((finding) => `${finding.file}:${finding.line}`).join(', ');
      io.stderr.write(`\n${id} (${places})\n  ${(entry?.migration ?? '').trim().replace(/\s+/g, ' ')}\n`);
    }
  }
  if (held.length > 0) {
    io.stderr.write(`\n${held.length} fix(es) held back, as making them would break the file; change these by hand:\n`);
    for (const { file, fix } of held)
      io.stderr.write(`\n${fix.entryId} (${fix.lines.map((line) => `${file}:${line}`).join(', ')})\n  ${fix.reason}\n`);
  }
  return values['dry-run'] && replaced > 0 ? EXIT.findings : EXIT.ok;
}
