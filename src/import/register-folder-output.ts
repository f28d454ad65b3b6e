/**
 * Writes an import as a register folder, the layout every `--register` reads:
 *
 *   register/<release>/<id>.yaml   one entry per item (`origin: imported`)
 *   areas.yaml                     the areas the entries name (one per stage)
 *   upgrade-path.yaml              the required upgrade stops, when the upgrade-path file was imported
 *
 * Importing again into the same folder rewrites what an import wrote and nothing else: entries written by
 * hand stay, an imported entry whose item is gone is removed, the `detect:` and `related:` someone added
 * to an imported entry are kept, and so is the id of an item whose title changed in place (entry-ids.ts).
 * An entry whose item is gone but which carries such additions stays, and is named: deleting it would lose
 * work done by hand that the data cannot give back.
 * A folder that is neither empty nor a register folder is refused, so a mistyped `--out` loses nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Area } from '../schemas/area.ts';
import type { RegisterEntryInput } from '../schemas/register-entry.ts';
import type { UpgradeStop } from '../schemas/upgrade-stop.ts';
import { placeKey } from './entry-ids.ts';
import { toYaml } from './entry-yaml.ts';

/** `--out` names a folder the import must not write into. */
export class OutDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutDirError';
  }
}

/** What an earlier import left in the folder. */
export interface FolderState {
  /** The id each item place had (see entry-ids.ts). */
  previousIds: Map<string, string>;
  /** Fields people add to imported entries, by id, to carry over. */
  kept: Map<string, Pick<RegisterEntryInput, 'detect' | 'related'>>;
  /** Files of imported entries, by id. */
  importedFiles: Map<string, string>;
  /** Areas not made by an import (written by hand), kept in areas.yaml. */
  ownAreas: Area[];
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => path.join(dir, name));
}

/** Reads what an earlier import left in `out` (named `shown` in messages); refuses a folder that is not a register folder. */
export function readFolderState(out: string, shown = out): FolderState {
  const state: FolderState = { previousIds: new Map(), kept: new Map(), importedFiles: new Map(), ownAreas: [] };
  if (!existsSync(out)) return state;
  if (!statSync(out).isDirectory()) throw new OutDirError(`--out ${shown} is a file; give a folder`);
  const names = readdirSync(out);
  const registerFolder = names.includes('register') || names.includes('areas.yaml') || names.includes('upgrade-path.yaml');
  if (names.length > 0 && !registerFolder) {
    throw new OutDirError(
      `--out ${shown} holds files but is not a register folder; give a new or empty folder, or an earlier import`,
    );
  }
  for (const file of yamlFiles(path.join(out, 'register'))) {
    let entry: RegisterEntryInput | undefined;
    try {
      entry = parse(readFileSync(file, 'utf8')) as RegisterEntryInput;
    } catch {
      continue; // Not ours to judge: the loader reports it with its line.
    }
    if (entry?.origin !== 'imported' || typeof entry.id !== 'string') continue;
    state.importedFiles.set(entry.id, file);
    const source = entry.sources?.[0];
    if (source) state.previousIds.set(placeKey(source.file, source.item), entry.id);
    if (entry.detect?.length || entry.related?.length) {
      state.kept.set(entry.id, {
        ...(entry.detect?.length ? { detect: entry.detect } : {}),
        ...(entry.related?.length ? { related: entry.related } : {}),
      });
    }
  }
  const areasFile = path.join(out, 'areas.yaml');
  if (existsSync(areasFile)) {
    try {
      const areas = parse(readFileSync(areasFile, 'utf8')) as Area[] | null;
      state.ownAreas = (areas ?? []).filter((area) => typeof area?.id === 'string' && !area.id.startsWith('stage-'));
    } catch {
      // An unreadable areas file is rewritten with the import's areas; the loader would refuse it anyway.
    }
  }
  return state;
}

/** What was written. */
export interface FolderWrite {
  written: number;
  removed: number;
  /** Ids of imported entries whose item is gone but which were kept for the `detect:` or `related:` added by hand. */
  kept: string[];
}

/** Writes the entries, their areas and the stops; removes imported entries this import no longer has. */
export function writeRegisterFolder(
  out: string,
  entries: readonly RegisterEntryInput[],
  areas: readonly Area[],
  state: FolderState,
  stops?: readonly UpgradeStop[],
): FolderWrite {
  mkdirSync(out, { recursive: true });
  const current = new Set(entries.map((entry) => entry.id));
  const made = new Set<string>();
  let removed = 0;
  const kept: string[] = [];
  for (const [id, file] of state.importedFiles) {
    if (current.has(id)) continue;
    if (state.kept.has(id)) {
      kept.push(id);
      continue;
    }
    rmSync(file, { force: true });
    removed++;
  }
  for (const entry of entries) {
    const folder = path.join(out, 'register', entry.removed_in);
    const file = path.join(folder, `${entry.id}.yaml`);
    const earlier = state.importedFiles.get(entry.id);
    if (earlier && earlier !== file) rmSync(earlier, { force: true });
    const source = entry.sources?.[0];
    const header = `# Imported by sunset import from ${source?.file} (item ${(source?.item ?? 0) + 1}, line ${source?.line}).\n# Importing again rewrites this file; detect: and related: added here are kept.\n`;
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    writeFileSync(file, header + toYaml({ ...entry, ...state.kept.get(entry.id) }));
  }
  // The register/ folder marks a register folder even when this import has no entry (an upgrade path alone).
  mkdirSync(path.join(out, 'register'), { recursive: true });
  const allAreas = [...state.ownAreas, ...areas.filter((area) => !state.ownAreas.some((own) => own.id === area.id))];
  const areasFile = path.join(out, 'areas.yaml');
  // An areas file lists at least one area; with none to list there is no file.
  if (allAreas.length === 0) rmSync(areasFile, { force: true });
  else {
    writeFileSync(
      areasFile,
      `# The areas of this register folder; stage-… areas are written by sunset import.\n${toYaml(allAreas as readonly Record<string, unknown>[])}`,
    );
  }
  if (stops) {
    writeFileSync(
      path.join(out, 'upgrade-path.yaml'),
      `# The platform's required upgrade stops, oldest first, written by sunset import --upgrade-path.\n${toYaml(stops as readonly Record<string, unknown>[])}`,
    );
  }
  return { written: entries.length, removed, kept: kept.sort() };
}
