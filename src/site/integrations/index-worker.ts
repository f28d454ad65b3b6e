/**
 * The search index's own thread while the site builds (see pagefind.ts): it takes each page as Astro renders
 * it, prepares it and sends it to Pagefind, so Pagefind's process indexes on one core while Astro renders on
 * the other. Told the render is over, it sends the pages it was not given, writes the index and says how
 * many pages went in, or why it could not.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageStream, StrayPagesError } from '../index-pages.ts';
import { checked, openIndex, PagefindErrors } from './pagefind-index.ts';

/**
 * What the thread is started with: one counter the thread raises (and notifies) for each page it has dealt
 * with, so the render can be held back while too many pages wait (see `pageGate` in pagefind.ts).
 */
export interface IndexerData {
  handled: SharedArrayBuffer;
}

/** A page as rendered: the file it is written to, below the output folder, and its bytes. */
export interface RenderedPage {
  sourcePath: string;
  html: Uint8Array;
}

/**
 * What the build thread sends: pages as rendered, several to a message, in the order they go to the index;
 * or the end of the render with the site's pages as written (below `root`; see written-pages.ts).
 */
export type IndexerMessage =
  | { kind: 'pages'; pages: RenderedPage[] }
  | { kind: 'finish'; root: string; outputPath: string; pages: string[] };

/**
 * What the thread answers `finish` with: the pages indexed, and how many pages it was given as they were
 * rendered (the rest it read back from the written site); the errors that stopped it (the build fails); or
 * pages indexed that the site does not hold (the build thread then indexes the written site instead).
 */
export type IndexerAnswer =
  | { kind: 'done'; pages: number; rendered: number }
  | { kind: 'failed'; errors: string[] }
  | { kind: 'stray'; message: string };

const decoder = new TextDecoder();
const port = parentPort;
if (port) {
  const opened = openIndex();
  // Met by the first page or by `finish`; it must not go unhandled before either.
  opened.catch(() => undefined);
  const handled = (workerData as IndexerData | undefined)?.handled;
  const counter = handled ? new Int32Array(handled) : undefined;
  let rendered = 0;
  const stream = pageStream(
    async (page) => {
      checked(await (await opened).index.addHTMLFile(page));
    },
    () => {
      if (!counter) return;
      Atomics.add(counter, 0, 1);
      Atomics.notify(counter, 0);
    },
  );

  const finish = async (root: string, outputPath: string, written: string[]): Promise<IndexerAnswer> => {
    try {
      const pages = await stream.finish(written, (name) => readFile(path.join(root, name), 'utf8'));
      checked(await (await opened).index.writeFiles({ outputPath }));
      return { kind: 'done', pages, rendered };
    } catch (error) {
      if (error instanceof StrayPagesError) return { kind: 'stray', message: error.message };
      return { kind: 'failed', errors: error instanceof PagefindErrors ? error.errors : [(error as Error).message] };
    } finally {
      // One that failed to open closed itself.
      await opened.then(
        ({ close }) => close(),
        () => undefined,
      );
    }
  };

  port.on('message', (message: IndexerMessage) => {
    if (message.kind === 'pages') {
      rendered += message.pages.length;
      for (const page of message.pages) stream.offer(page.sourcePath, decoder.decode(page.html));
    } else void finish(message.root, message.outputPath, message.pages).then((answer) => port.postMessage(answer));
  });
}
