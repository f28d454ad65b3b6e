import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent } from './load.ts';
import { createRegister, type Register } from './register.ts';

/** The repository's own `content/` directory. */
export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

/** Loads and validates a content directory (the repository's own by default) into a queryable register. */
export async function loadRegister(contentDir: string = CONTENT_DIR): Promise<Register> {
  return createRegister(await loadContent(contentDir));
}

export { ContentError, type ContentProblem, formatProblem } from './content-error.ts';
export { type RegisterData, readContent } from './load.ts';
export type { Register } from './register.ts';
export * from './releases.ts';
