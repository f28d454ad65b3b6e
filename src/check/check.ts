import { activeRules, type CheckRange } from '../findings/active-rules.ts';
import type { Finding, RuleInfo } from '../findings/finding.ts';
import type { Register } from '../register/register.ts';
import { type ByHandItem, checkByHand } from './check-by-hand.ts';
import { parseErrorInfo } from './engine/engine.ts';
import type { CiLayout } from './file/file-kind.ts';
import { onFirstUse } from './rules/matcher.ts';
import { ciLayout } from './scan/ci-includes.ts';
import type { ExtraIgnore } from './scan/ignore-rules.ts';
import { createScanPool } from './scan/parallel-scan.ts';
import { DEFAULT_MAX_BYTES, standingFindings } from './scan/scan-files.ts';
import { type SkipNote, walk } from './scan/walk.ts';

/** What to check and how. */
export interface CheckOptions {
  /** Files and directories to scan, relative to `cwd`. */
  paths: readonly string[];
  cwd: string;
  range: CheckRange;
  /** Only the rules of these entry or error-condition ids. */
  only?: ReadonlySet<string>;
  /** The repository's configuration directory (`{config_dir}`). */
  configDir: string;
  /** Files above this many bytes are skipped. */
  maxBytes?: number;
  /** Threads that read and match files (default: the machine's cores, at most 4). */
  threads?: number;
  /** Files this run writes (reports, the baseline), by absolute path, with why they are not read. */
  ownOutputs?: ReadonlyMap<string, string>;
  /** List what ignore files leave out, in `ignored` (for `--verbose`). */
  listIgnored?: boolean;
  /** Leave out named files that ignore files ignore (`--force-exclude`, as the pre-commit hook runs). */
  forceExclude?: boolean;
  /** Patterns left out as lines of a `.sunsetignore` in their folder would be (the settings' `ignore:`). */
  ignore?: ExtraIgnore;
  /** Hears the running count of files found, for progress on a large tree. */
  onFile?: (count: number) => void;
}

/** Counts that say how much was read, for the summary and `--verbose`. */
export interface CheckStats {
  /** Files scanned: those the walk found, less those skipped (binary, too large, unreadable, Sunset's own reports). */
  files: number;
  /** Bytes read. */
  bytes: number;
  /** Files the prefilter passed to the matchers. */
  candidates: number;
  /** Findings left out by `sunset-ignore` comments. */
  suppressed: number;
}

/** Everything a report needs. */
export interface CheckResult {
  findings: Finding[];
  /** Every rule that ran, with its metadata (for SARIF), including `parse-error`. */
  rules: RuleInfo[];
  stats: CheckStats;
  skipped: SkipNote[];
  /**
   * Files left out on purpose and not counted: this run's own outputs, and (with `listIgnored`) what ignore
   * files leave out. Listed by `--verbose`.
   */
  ignored: SkipNote[];
  /** Where CI configuration was read (local includes resolved), so `sunset fix` reads files as the check did. */
  layout: CiLayout;
  /** The root-relative path of each file with findings, by the path findings show. */
  rootPaths: ReadonlyMap<string, string>;
  /** Entries of the range no rule can find, to check by hand (none when only some rules ran). */
  byHand: ByHandItem[];
}

/** Scans the paths for uses of what the register removes or deprecates in the range. */
export async function runCheck(register: Register, options: CheckOptions): Promise<CheckResult> {
  const rules = activeRules(register, options.range, options.only);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // Told of every file as the walk finds it, so workers sift while the walk goes on.
  const pool = createScanPool(options.threads, { rules, maxBytes });
  let walked: ReturnType<typeof walk>;
  try {
    walked = walk(options.paths, options.cwd, {
      onFile: (count, file) => {
        pool.found(file);
        options.onFile?.(count);
      },
      ...(options.ownOutputs ? { exclude: options.ownOutputs } : {}),
      ...(options.listIgnored ? { listIgnored: true } : {}),
      ...(options.forceExclude ? { forceExclude: true } : {}),
      ...(options.ignore ? { ignore: options.ignore } : {}),
    });
  } catch (error) {
    void pool.stop();
    throw error;
  }
  const { files, skipped, ignored, listing } = walked;

  const layout = onFirstUse(() => ciLayout(files, options.configDir, listing));
  const output = await pool.run({
    files,
    rules,
    // Found while the workers sift.
    layout,
    maxBytes,
  });
  // A finding of something missing stands only if no file of the repository settled it.
  const findings = standingFindings(output);
  const readSkipped = output.skipped.length;
  skipped.push(...output.skipped);
  const stats: CheckStats = {
    files: files.length - readSkipped,
    bytes: output.bytes,
    candidates: output.candidates,
    suppressed: output.suppressed,
  };

  findings.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId),
  );
  const infos = new Map<string, RuleInfo>();
  for (const rule of rules) infos.set(rule.info.id, rule.info);
  infos.set('parse-error', parseErrorInfo());
  skipped.sort((a, b) => a.path.localeCompare(b.path));
  ignored.sort((a, b) => a.path.localeCompare(b.path));
  const withFindings = new Set(findings.map((finding) => finding.file));
  const rootPaths = new Map(files.flatMap((file) => (withFindings.has(file.path) ? [[file.path, file.rootPath] as const] : [])));
  const byHand = options.only ? [] : checkByHand(register, options.range);
  return { findings, rules: [...infos.values()], stats, skipped, ignored, layout: layout(), rootPaths, byHand };
}
