/**
 * `npm run msw:sync`: copies the installed MSW's worker script to `public/mockServiceWorker.js`, as
 * `npx msw init public` would, so the worker the site serves matches the `msw/browser` code it bundles
 * (MSW checks both sides' version when a console starts). Run it after upgrading msw;
 * `test/site/msw-worker.test.ts` fails while the copy is stale.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'node_modules/msw/lib/mockServiceWorker.js');
const target = path.join(root, 'public/mockServiceWorker.js');
await copyFile(source, target);
console.log(`msw worker: ${path.relative(root, source)} -> ${path.relative(root, target)}`);
