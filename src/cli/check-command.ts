// Synchronous file access: the command waits on each file anyway, and node:fs/promises would cost every
// check a few milliseconds to load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyBaseline, BaselineError, createBaseline, parseBaseline } from '../check/baseline.ts';
import { runCheck } from '../check/check.ts';
import { codequalityReport } from '../check/report/codequality-report.ts';
import { jsonReport } from '../check/report/json-report.ts';
import { junitReport } from '../check/report/junit-report.ts';
import { type FailOn, fails, type ReportInput } from '../check/report/report-input.ts';
import { reportOrigin } from '../check/report/repository-origin.ts';
import { sarifReport } from '../check/report/sarif-report.ts';
import { PLAIN, paletteFor, textReport } from '../check/report/text-report.ts';
import { UnreadablePathError } from '../check/scan/walk.ts';
import { applySeverityOverrides } from '../check/severity-overrides.ts';
import { sunsetVersion } from '../check/version.ts';
import { describeFault } from '../findings/file-fault.ts';
import { MAX_PROJECT_LENGTH } from '../findings/report-origin.ts';
import type { Register } from '../register/register.ts';
import { OFFERINGS, type Offering } from '../schemas/offerings.ts';
import { CHECK_HELP } from './check-help.ts';
import { type CliIo, EXIT, oneOf, parseOptions, UsageError } from './cli-io.ts';
import { CONFIG_FILE, configFileOf } from './config-file.ts';
import { assertWritable, type OutputFile, writeOutput } from './output-file.ts';
import { progressLine } from './progress.ts';
import { releaseRange } from './release-range.ts';
import { type ReportFormat, reportTargets } from './report-targets.ts';
import { ruleSeverities } from './rule-severities.ts';
import { failOnUnreadable } from './unreadable-files.ts';

const FAIL_ON: readonly FailOn[] = ['removed', 'deprecated', 'never'];
const DEFAULT_BASELINE = '.sunset-baseline.json';

function checkRuleIds(register: Register, ids: readonly string[]): Set<string> | undefined {
  if (ids.length === 0) return undefined;
  for (const id of ids) {
    const owner = register.entry(id) ?? register.errors.find((condition) => condition.id === id);
    if (!owner) throw new UsageError(`--rule "${id}" is not an entry or error condition of the register`);
    if (owner.detect.length === 0)
      throw new UsageError(`--rule "${id}": the entry has no detection rules; it cannot be found by a scan`);
  }
  return new Set(ids);
}

/** `sunset check`: scans paths and reports uses; see {@link CHECK_HELP}. */
export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('check', args, {
    to: { type: 'string' },
    from: { type: 'string' },
    offering: { type: 'string' },
    format: { type: 'string', default: 'text' },
    output: { type: 'string' },
    report: { type: 'string', multiple: true, default: [] },
    'fail-on': { type: 'string' },
    baseline: { type: 'string' },
    'update-baseline': { type: 'boolean', default: false },
    rule: { type: 'string', multiple: true, default: [] },
    'config-dir': { type: 'string' },
    'max-file-size': { type: 'string' },
    project: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'force-exclude': { type: 'boolean', default: false },
    'skip-unreadable': { type: 'boolean', default: false },
    statistics: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(CHECK_HELP);
    return EXIT.ok;
  }
  const targets = reportTargets(values, io.cwd);
  if (values.statistics && targets.stdout !== 'text')
    throw new UsageError(
      '--statistics prints findings per rule in the text report: leave out --format, or write other formats with --report',
    );
  // A flag wins over the folder's settings file, which wins over the default.
  const config = io.config ?? {};
  const failOn = oneOf('fail-on', values['fail-on'] ?? config['fail-on'] ?? 'removed', FAIL_ON);
  const offeringGiven = values.offering ?? config.offering;
  const offering = offeringGiven === undefined ? undefined : oneOf<Offering>('offering', offeringGiven, OFFERINGS);
  values.to ??= config.to;
  values.from ??= config.from;
  if (values.to === undefined)
    throw new UsageError('--to <release> is required (or to: in .sunset.yml): the release you upgrade to, such as --to 18.0');
  const maxBytes = values['max-file-size'] === undefined ? undefined : Number(values['max-file-size']);
  if (maxBytes !== undefined && !(Number.isInteger(maxBytes) && maxBytes > 0)) {
    throw new UsageError(`--max-file-size "${values['max-file-size']}" is not a whole number of bytes`);
  }

  if (values.project !== undefined && !(values.project.trim() && values.project.length <= MAX_PROJECT_LENGTH)) {
    throw new UsageError(`--project must be a name of 1 to ${MAX_PROJECT_LENGTH} characters, such as group/app`);
  }

  // What this run writes is checked before the scan (a wrong path fails at once) and never scanned.
  const baselineFile: OutputFile = {
    given: values.baseline ?? DEFAULT_BASELINE,
    absolute: path.resolve(io.cwd, values.baseline ?? DEFAULT_BASELINE),
    what: 'baseline',
  };
  for (const file of targets.files) assertWritable(file);
  if (values['update-baseline']) assertWritable(baselineFile);
  const ownOutputs = new Map(targets.files.map((file) => [file.absolute, `this run's ${file.what} (Sunset's own output)`]));
  if (values['update-baseline'] || values.baseline !== undefined)
    ownOutputs.set(baselineFile.absolute, `the baseline (${values['update-baseline'] ? '--update-baseline' : '--baseline'})`);

  const { register, source, folders } = await io.loadRegister();
  // A register folder in the repository describes removed features in their own words: not the code's uses.
  for (const folder of folders ?? []) ownOutputs.set(folder, 'a register folder this run reads (--register)');
  const { from, to } = releaseRange(register, values.to, values.from);
  const only = checkRuleIds(register, values.rule);
  const severities = await ruleSeverities(register, config);
  const range = { from, to, ...(offering ? { offering } : {}) };
  const configDir = values['config-dir'] ?? register.settings.config_dir;
  if (values.verbose)
    io.stderr.write(`sunset: register read from ${source === 'bundle' ? 'the bundle' : 'content/'}; from ${from} to ${to}\n`);

  const paths = positionals.length > 0 ? positionals : (config.paths ?? ['.']);
  let result: Awaited<ReturnType<typeof runCheck>>;
  // On a terminal, a large tree shows how many files were found so far; a CI log gets nothing extra.
  const listing = progressLine(() => io.stderr, 'files found');
  try {
    result = await runCheck(register, {
      onFile: (count) => {
        if (count % 1000 === 0) listing.update(count);
      },
      paths,
      cwd: io.cwd,
      range,
      configDir,
      ownOutputs,
      ...(values.verbose ? { listIgnored: true } : {}),
      ...(values['force-exclude'] ? { forceExclude: true } : {}),
      ...(config.ignore
        ? { ignore: { dir: io.cwd, patterns: config.ignore, source: `${configFileOf(config) ?? CONFIG_FILE} (ignore)` } }
        : {}),
      ...(only ? { only } : {}),
      ...(maxBytes ? { maxBytes } : {}),
    });
  } catch (error) {
    if (error instanceof UnreadablePathError) throw new UsageError(error.message);
    throw error;
  } finally {
    listing.end();
  }

  failOnUnreadable('check', result.skipped, { skip: values['skip-unreadable'], verbose: values.verbose, stderr: io.stderr });

  // The settings' severities come first: a rule set off is neither baselined nor gated, nor reported.
  const overridden = severities ? applySeverityOverrides(result.findings, severities) : undefined;
  let findings = overridden ? overridden.findings : result.findings;
  let baselined = 0;
  if (values['update-baseline']) {
    writeOutput(baselineFile, `${JSON.stringify(createBaseline(findings), null, 2)}\n`);
    io.stderr.write(`sunset: baseline ${path.relative(io.cwd, baselineFile.absolute)} now holds ${findings.length} finding(s)\n`);
  } else if (values.baseline !== undefined) {
    let text: string;
    try {
      text = readFileSync(baselineFile.absolute, 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read the baseline ${values.baseline}: ${describeFault(error)}; create it with --update-baseline`,
      );
    }
    try {
      ({ findings, baselined } = applyBaseline(findings, parseBaseline(text, values.baseline)));
    } catch (error) {
      if (error instanceof BaselineError) throw new UsageError(error.message);
      throw error;
    }
  }

  const formats = new Set<ReportFormat>(targets.files.map((file) => file.format));
  if (targets.stdout) formats.add(targets.stdout);
  const input: ReportInput = {
    ...result,
    findings,
    range,
    failOn,
    baselined,
    version: sunsetVersion(),
    cwd: io.cwd,
    siteUrl: register.settings.site_url,
    ...(values['skip-unreadable'] ? { skipUnreadable: true } : {}),
    ...(overridden ? { severityOverrides: overridden.applied } : {}),
    ...(formats.has('json') ? { origin: reportOrigin({ env: io.env, cwd: io.cwd, project: values.project, register }) } : {}),
  };
  const render = (format: ReportFormat, toTerminal: boolean): string =>
    ({
      text: () =>
        textReport(
          input,
          toTerminal ? paletteFor(io.stdout.isTTY, io.env) : PLAIN,
          values.verbose,
          toTerminal && values.statistics,
        ),
      json: () => jsonReport(input),
      junit: () => junitReport(input),
      sarif: () => sarifReport(input),
      codequality: () => codequalityReport(input),
    })[format]();
  for (const file of targets.files) {
    writeOutput(file, render(file.format, false));
    io.stderr.write(`sunset: ${file.format} report with ${findings.length} finding(s) written to ${file.given}\n`);
  }
  if (targets.stdout) io.stdout.write(render(targets.stdout, true));
  if (values.verbose && targets.stdout !== 'text')
    for (const note of [...result.skipped, ...result.ignored].sort((a, b) => a.path.localeCompare(b.path)))
      io.stderr.write(`skipped ${note.path}: ${note.reason}\n`);

  if (values['update-baseline']) return EXIT.ok;
  return findings.some((finding) => fails(finding.severity, failOn)) ? EXIT.findings : EXIT.ok;
}
