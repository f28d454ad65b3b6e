import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTENT_DIR } from '../../src/register/index.ts';

/** A throw-away copy of the repository's content/, for tests that break it on purpose. */
export interface ContentCopy {
  dir: string;
  /** Path of a file inside the copy. */
  file(relative: string): string;
  /** Rewrites a file of the copy through a function of its text. */
  edit(relative: string, change: (text: string) => string): Promise<void>;
  /** Writes a new file into the copy, making its folder when needed. */
  write(relative: string, text: string): Promise<void>;
  remove(): Promise<void>;
}

/** Copies content/ into a temporary directory named `content`, so problems print as `content/…`. */
export async function copyContent(): Promise<ContentCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'sunset-content-'));
  const dir = path.join(root, 'content');
  await cp(CONTENT_DIR, dir, { recursive: true });
  const file = (relative: string) => path.join(dir, relative);
  return {
    dir,
    file,
    edit: async (relative, change) => writeFile(file(relative), change(await readFile(file(relative), 'utf8'))),
    write: async (relative, text) => {
      await mkdir(path.dirname(file(relative)), { recursive: true });
      await writeFile(file(relative), text);
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
