/**
 * Reads a register folder given with `--register` (or `SUNSET_REGISTER`): entries in the built-in
 * register's own format under `register/<release>/<id>.yaml`, and optionally `areas.yaml` (areas those
 * entries use that the built-in register does not have) and `upgrade-path.yaml` (required upgrade stops).
 * `sunset import` writes such folders; people may write entries into them by hand too. Every problem is
 * collected with its file and line, as for the built-in content.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { type Area, areasFileSchema } from '../../schemas/area.ts';
import { type RegisterEntry, registerEntrySchema } from '../../schemas/register-entry.ts';
import { type UpgradeStop, upgradePathFileSchema } from '../../schemas/upgrade-stop.ts';
import type { ContentProblem } from '../content-error.ts';
import { locate, readYamlWith } from '../yaml-source.ts';

/** A register folder as read. */
export interface RegisterFolder {
  /** The folder as the user named it, for messages. */
  dir: string;
  entries: RegisterEntry[];
  areas: Area[];
  stops: UpgradeStop[];
  /** Each entry's file, by id, as shown in messages. */
  files: Map<string, string>;
  /** Each entry's file, by id, as an absolute path (for the feed's dates). */
  paths: Map<string, string>;
  problems: ContentProblem[];
}

async function readOne<T extends z.ZodType>(schema: T, file: string, label: string, problems: ContentProblem[]) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    problems.push({ file: label, message: 'file is unreadable' });
    return undefined;
  }
  const result = readYamlWith(schema, label, text);
  if (result.ok) return { data: result.data as z.output<T>, text };
  problems.push(...result.problems);
  return undefined;
}

/** Reads one register folder; `dir` is shown as given, `cwd` resolves it. */
export async function readRegisterFolder(dir: string, cwd: string): Promise<RegisterFolder> {
  const root = path.resolve(cwd, dir);
  const folder: RegisterFolder = { dir, entries: [], areas: [], stops: [], files: new Map(), paths: new Map(), problems: [] };
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    folder.problems.push({ file: dir, message: 'the register folder does not exist (make one with sunset import --out)' });
    return folder;
  }
  const label = (relative: string) => path.join(dir, relative);
  const registerDir = path.join(root, 'register');
  const names = existsSync(registerDir)
    ? (await readdir(registerDir, { recursive: true, encoding: 'utf8' })).filter((name) => /\.ya?ml$/.test(name)).sort()
    : [];
  const entries = await Promise.all(
    names.map((name) =>
      readOne(registerEntrySchema, path.join(registerDir, name), label(path.join('register', name)), folder.problems),
    ),
  );
  entries.forEach((read, index) => {
    if (!read) return;
    const { data: entry, text } = read;
    const name = names[index] as string;
    const file = label(path.join('register', name));
    const at = (field: string) => ({ file, path: field, ...locate(text, [field]) });
    const fileId = path.basename(name).replace(/\.ya?ml$/, '');
    if (fileId !== entry.id)
      folder.problems.push({ ...at('id'), message: `id "${entry.id}" must equal the file name "${fileId}"` });
    const release = path.basename(path.dirname(name));
    if (release !== entry.removed_in) {
      folder.problems.push({
        ...at('removed_in'),
        message: `removed_in "${entry.removed_in}" does not match the folder "${release}"`,
      });
    }
    folder.entries.push(entry);
    folder.files.set(entry.id, file);
    folder.paths.set(entry.id, path.join(registerDir, name));
  });
  // An empty register/ folder is an empty register (an import that found nothing yet); no register/ at all is not one.
  if (!existsSync(registerDir) && !existsSync(path.join(root, 'upgrade-path.yaml'))) {
    folder.problems.push({
      file: dir,
      message: 'the folder holds no register/ folder and no upgrade-path.yaml: it is not a register folder',
    });
  }
  if (existsSync(path.join(root, 'areas.yaml'))) {
    const areas = await readOne(areasFileSchema, path.join(root, 'areas.yaml'), label('areas.yaml'), folder.problems);
    folder.areas = areas?.data ?? [];
  }
  if (existsSync(path.join(root, 'upgrade-path.yaml'))) {
    const stops = await readOne(
      upgradePathFileSchema,
      path.join(root, 'upgrade-path.yaml'),
      label('upgrade-path.yaml'),
      folder.problems,
    );
    folder.stops = stops?.data ?? [];
  }
  return folder;
}
