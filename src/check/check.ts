import { readFile } from 'node:fs/promises';
import type { Register } from '../register/register.ts';
import { activeRules, type CheckRange } from './active-rules.ts';
import { createEngine, parseErrorInfo } from './engine.ts';
import type { Finding, RuleInfo } from './finding.ts';
import { includedFiles } from './scan/ci-includes.ts';
import { DEFAULT_MAX_BYTES, eachLimited, readTextFile } from './scan/read-files.ts';
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
  /** Files read at once. */
  concurrency?: number;
}

/** Counts that say how much was read, for the summary and `--verbose`. */
export interface CheckStats {
  /** Files the walk found. */
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
}

const ROOT_CI = /^\.gitlab-ci\.ya?ml$/;

/** Scans the paths for uses of what the register removes or deprecates in the range. */
export async function runCheck(register: Register, options: CheckOptions): Promise<CheckResult> {
  const rules = activeRules(register, options.range, options.only);
  const { files, skipped } = walk(options.paths, options.cwd);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;

  // Files a root CI configuration includes locally are CI configuration too, wherever they live.
  const includes = new Set<string>();
  const yamlPaths = files.filter((file) => /\.ya?ml$/.test(file.rootPath)).map((file) => file.rootPath);
  for (const root of files.filter((file) => ROOT_CI.test(file.rootPath))) {
    const text = await readFile(root.absolute, 'utf8').catch(() => '');
    for (const included of includedFiles(text, yamlPaths)) includes.add(included);
  }
  const engine = createEngine(rules, { configDir: options.configDir, includes }, register.settings.site_url);
  const { prefilter } = engine;

  const findings: Finding[] = [];
  const stats: CheckStats = { files: files.length, bytes: 0, candidates: 0, suppressed: 0 };
  await eachLimited(files, options.concurrency ?? 32, async (file) => {
    const outcome = await readTextFile(file.absolute, maxBytes);
    if (!outcome.ok) {
      skipped.push({ path: file.path, reason: outcome.reason });
      return;
    }
    const { bytes } = outcome;
    stats.bytes += bytes.length;
    // Anchors are ASCII, so the bytes are tested as Latin-1 without decoding UTF-8 first.
    const quick = prefilter.asciiOnly ? bytes.toString('latin1') : bytes.toString('utf8');
    if (!engine.readsEverything && !prefilter.hits(quick)) return;
    stats.candidates++;
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const result = engine.checkText(file, text, engine.readsEverything ? undefined : prefilter.anchorsIn(text));
    findings.push(...result.findings);
    stats.suppressed += result.suppressed;
  });

  findings.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId),
  );
  const infos = new Map<string, RuleInfo>();
  for (const rule of rules) infos.set(rule.info.id, rule.info);
  infos.set('parse-error', parseErrorInfo(register.settings.site_url));
  skipped.sort((a, b) => a.path.localeCompare(b.path));
  return { findings, rules: [...infos.values()], stats, skipped };
}
