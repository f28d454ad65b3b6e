/**
 * The one loader of extra registers: the built-in register plus folders given with `--register DIR`
 * (every command that reads the register) or `SUNSET_REGISTER` (the site build), merged by id
 * (merge-registers.ts). A folder with problems stops the load with every problem listed, as bad content
 * does; conflicts between registers load, and are returned for the caller to show.
 */
import path from 'node:path';
import { ContentError } from '../content-error.ts';
import type { RegisterData } from '../load.ts';
import { createRegister, type Register } from '../register.ts';
import { type MergeResult, mergeRegisters, type RegisterConflict } from './merge-registers.ts';
import { readRegisterFolder } from './read-register-folder.ts';

/** The merged register and what its registers disagree on. */
export interface MergedRegister {
  register: Register;
  conflicts: RegisterConflict[];
}

/** Reads the folders and merges them into the base data; throws a {@link ContentError} on any problem. */
export async function mergeRegisterFolders(base: RegisterData, dirs: readonly string[], cwd: string): Promise<MergedRegister> {
  const folders = await Promise.all(dirs.map((dir) => readRegisterFolder(dir, cwd)));
  const folderProblems = folders.flatMap((folder) => folder.problems);
  if (folderProblems.length > 0) throw new ContentError(folderProblems);
  const merged: MergeResult = mergeRegisters(base, folders);
  if (merged.problems.length > 0) throw new ContentError(merged.problems);
  return { register: createRegister(merged.data), conflicts: merged.conflicts };
}

/** The folders `SUNSET_REGISTER` names: one, or several separated as in PATH (`:`; `;` on Windows). */
export function registerFoldersFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env.SUNSET_REGISTER ?? '')
    .split(path.delimiter)
    .map((dir) => dir.trim())
    .filter(Boolean);
}

/** A conflict as one line: what differs, and which registers say so. */
export function formatConflict(conflict: RegisterConflict): string {
  return `register conflict (${conflict.registers.join(' / ')}): ${conflict.message}`;
}
