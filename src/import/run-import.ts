/**
 * `sunset import` without the command line: the data files found under the inputs are read (read-items.ts),
 * each checked item becomes an entry under a stable id (entry-ids.ts, imported-entry.ts), and the entries,
 * their areas and the upgrade stops are written as a register folder (register-folder-output.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Area } from '../schemas/area.ts';
import { type RegisterEntryInput, registerEntrySchema } from '../schemas/register-entry.ts';
import type { UpgradeStop } from '../schemas/upgrade-stop.ts';
import { codeIdentifiers } from './code-identifiers.ts';
import { assignIds } from './entry-ids.ts';
import { importedEntry, stageArea } from './imported-entry.ts';
import { OMNIBUS_SETTINGS_AREA, type SettingsImport, SettingsListError, settingsEntries } from './omnibus-deprecations.ts';
import type { ImportProblem, SkipReason } from './platform-item.ts';
import { type DataFile, readItems } from './read-items.ts';
import { type FolderState, readFolderState, writeRegisterFolder } from './register-folder-output.ts';
import { type RuleSuggestion, suggestRules } from './suggest-rules.ts';
import { readUpgradePath } from './upgrade-path.ts';

/** The largest data file read, in bytes: the platform's are a few kilobytes each. */
export const MAX_DATA_FILE_BYTES = 1024 * 1024;

/** An input that cannot be read at all: a usage error. */
export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportInputError';
  }
}

/** What to import. */
export interface ImportOptions {
  /** Data folders (their `*.yml` files, not sub-folders) and files, relative to `cwd`. */
  inputs: readonly string[];
  cwd: string;
  /** The register folder to write; omitted, nothing is written (for `--suggest-rules` alone). */
  out?: string;
  /** The platform's upgrade-path file. */
  upgradePath?: string;
  /** The Omnibus package's deprecations list of `gitlab.rb` settings (`deprecations.rb`), read as data. */
  settings?: string;
  /** Also work out candidate rules for `--suggest-rules`. */
  suggest?: boolean;
}

/** What an import read, wrote and left out. */
export interface ImportResult {
  files: number;
  unreadFiles: number;
  itemsRead: number;
  entries: RegisterEntryInput[];
  written: number;
  removed: number;
  /** Imported entries whose item is gone, kept for what was added to them by hand (see register-folder-output.ts). */
  kept: string[];
  skipped: Record<SkipReason, number>;
  problems: ImportProblem[];
  stops?: UpgradeStop[];
  /** The areas the entries name (one per stage). */
  areas: Area[];
  /** Candidate rules per entry id, with `suggest`. */
  suggestions: Map<string, RuleSuggestion[]>;
}

const toLabel = (cwd: string, file: string) => path.relative(cwd, file).split(path.sep).join('/') || path.basename(file);

/**
 * The name an entry's source gives its data file: relative to the folder given as input (or the file's own
 * name, when the file itself was given), so importing the same data from any directory writes the same files.
 */
export function sourceLabel(file: string, inputs: readonly string[], cwd: string): string {
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    if (absolute === file) return path.basename(file);
    const relative = path.relative(absolute, file);
    if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative.split(path.sep).join('/');
  }
  return path.basename(file);
}

/** The data files the inputs name: a folder's own `*.yml`/`*.yaml` files, sorted, or a file itself. */
export function dataFiles(inputs: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    if (!existsSync(absolute)) throw new ImportInputError(`${input} does not exist`);
    if (statSync(absolute).isDirectory()) {
      const names = readdirSync(absolute)
        .filter((name) => /\.ya?ml$/i.test(name) && statSync(path.join(absolute, name)).isFile())
        .sort();
      files.push(...names.map((name) => path.join(absolute, name)));
    } else files.push(absolute);
  }
  return [...new Set(files)];
}

function readData(files: readonly string[], cwd: string, problems: ImportProblem[]): DataFile[] {
  const texts: DataFile[] = [];
  for (const file of files) {
    const label = toLabel(cwd, file);
    const size = statSync(file).size;
    if (size > MAX_DATA_FILE_BYTES) {
      problems.push({
        file: label,
        line: 1,
        reason: 'yaml-error',
        message: `the file has ${size} bytes, over the ${MAX_DATA_FILE_BYTES} a data file may have; not read`,
      });
      continue;
    }
    texts.push({ file: label, text: readFileSync(file, 'utf8') });
  }
  return texts;
}

/** Reads, maps and (with `out`) writes an import. */
export function runImport(options: ImportOptions): ImportResult {
  const early: ImportProblem[] = [];
  const files = dataFiles(options.inputs, options.cwd);
  const reading = readItems(readData(files, options.cwd, early));
  reading.skipped['yaml-error'] += early.length;
  const out = options.out === undefined ? undefined : path.resolve(options.cwd, options.out);
  const state: FolderState = out
    ? readFolderState(out, options.out)
    : { previousIds: new Map(), kept: new Map(), importedFiles: new Map(), ownAreas: [] };

  const ids = assignIds(
    reading.items.map(({ item, itemsInFile }) => ({ file: item.file, index: item.index, title: item.title, itemsInFile })),
    state.previousIds,
  );
  const problems = [...early, ...reading.problems];
  const entries: RegisterEntryInput[] = [];
  const areas = new Map<string, Area>();
  const suggestions = new Map<string, RuleSuggestion[]>();
  const labels = new Map(files.map((file) => [toLabel(options.cwd, file), sourceLabel(file, options.inputs, options.cwd)]));
  reading.items.forEach(({ item }, position) => {
    const entry = importedEntry({ ...item, file: labels.get(item.file) ?? item.file }, ids[position] as string);
    const valid = registerEntrySchema.safeParse(entry);
    if (!valid.success) {
      const issue = valid.error.issues[0];
      problems.push({
        file: item.file,
        line: item.line,
        reason: 'malformed-field',
        message: `${issue?.path.join('.')}: ${issue?.message}`,
      });
      reading.skipped['malformed-field']++;
      return;
    }
    entries.push(entry);
    const area = stageArea(item.stage);
    if (!areas.has(area.id)) areas.set(area.id, area);
    const candidates = options.suggest ? suggestRules(codeIdentifiers(item.title, item.body)) : [];
    if (candidates.length > 0) suggestions.set(entry.id, candidates);
  });

  let itemsRead = reading.itemsRead;
  if (options.settings !== undefined) {
    const file = path.resolve(options.cwd, options.settings);
    if (!existsSync(file) || !statSync(file).isFile()) throw new ImportInputError(`--settings ${options.settings} is not a file`);
    let settings: SettingsImport;
    try {
      settings = settingsEntries(toLabel(options.cwd, file), readFileSync(file, 'utf8'));
    } catch (error) {
      if (error instanceof SettingsListError) throw new ImportInputError(error.message);
      throw error;
    }
    itemsRead += settings.itemsRead;
    problems.push(...settings.problems);
    for (const problem of settings.problems) reading.skipped[problem.reason]++;
    for (const entry of settings.entries) {
      const valid = registerEntrySchema.safeParse(entry);
      if (!valid.success) {
        const issue = valid.error.issues[0];
        problems.push({
          file: options.settings,
          line: entry.sources?.[0]?.line ?? 1,
          reason: 'malformed-field',
          message: `${issue?.path.join('.')}: ${issue?.message}`,
        });
        reading.skipped['malformed-field']++;
        continue;
      }
      entries.push(entry);
    }
    if (settings.entries.length > 0) areas.set(OMNIBUS_SETTINGS_AREA.id, OMNIBUS_SETTINGS_AREA);
  }

  let stops: UpgradeStop[] | undefined;
  if (options.upgradePath !== undefined) {
    const file = path.resolve(options.cwd, options.upgradePath);
    if (!existsSync(file) || !statSync(file).isFile())
      throw new ImportInputError(`--upgrade-path ${options.upgradePath} is not a file`);
    const stopsReading = readUpgradePath(toLabel(options.cwd, file), readFileSync(file, 'utf8'));
    stops = stopsReading.stops;
    problems.push(...stopsReading.problems);
  }
  const sortedAreas = [...areas.values()].sort((a, b) => a.id.localeCompare(b.id));
  const written = out ? writeRegisterFolder(out, entries, sortedAreas, state, stops) : { written: 0, removed: 0, kept: [] };
  return {
    files: reading.files + (options.settings !== undefined ? 1 : 0),
    unreadFiles: reading.unreadFiles + early.length,
    itemsRead,
    entries,
    ...written,
    skipped: reading.skipped,
    problems,
    ...(stops ? { stops } : {}),
    areas: sortedAreas,
    suggestions,
  };
}
