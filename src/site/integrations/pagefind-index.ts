/**
 * A Pagefind index with the site's settings, for the index thread and for indexing the written site: opened
 * with Pagefind's process, closed with it, and every answer's errors thrown.
 */
import * as pagefind from 'pagefind';
import { childProcessesEnded, childProcessesOf } from './child-processes.ts';

/** Errors Pagefind answered with; the build fails with them, each logged. */
export class PagefindErrors extends Error {
  readonly errors: string[];

  constructor(errors: string[]) {
    super(errors.join('; '));
    this.name = 'PagefindErrors';
    this.errors = errors;
  }
}

/** A Pagefind answer, or its errors thrown. */
export function checked<T extends { errors: string[] }>(response: T): T {
  if (response.errors.length > 0) throw new PagefindErrors(response.errors);
  return response;
}

/** An index as Pagefind's Node API gives it. */
export type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

/**
 * Starts Pagefind's process and an index in it. `close` stops the process and waits until it has ended, so
 * its time counts to the build's (Pagefind stops it without waiting); a failure to open closes it as well.
 */
export async function openIndex(): Promise<{ index: PagefindIndex; close(): Promise<void> }> {
  const before = await childProcessesOf('pagefind');
  // Pagefind's own process, known by its name: the build starts others meanwhile (git, for pages' history).
  const close = async () => {
    const started = [...(await childProcessesOf('pagefind'))].filter((pid) => !before.has(pid));
    await pagefind.close();
    await childProcessesEnded(new Set(started));
  };
  try {
    // `$` and `_` belong to identifiers (`$CI_JOB_JWT`, `CI_JOB_JWT_V2`); keep them inside words.
    const { index } = checked(await pagefind.createIndex({ includeCharacters: '_$' }));
    if (!index) throw new PagefindErrors(['Pagefind created no index']);
    return { index, close };
  } catch (error) {
    await close();
    throw error;
  }
}
