/**
 * A process for the page gate's test: the render is held (one page past a limit of one) and nothing but the
 * index thread, which is unref'd as the build's is, will let it go, a moment later. Prints `released` once
 * let go; a process that ended meanwhile prints nothing.
 */
import { Worker } from 'node:worker_threads';
import { pageGate } from '../../../src/site/integrations/pagefind.ts';

const handled = new SharedArrayBuffer(4);
const thread = new Worker(
  `const { workerData } = require('node:worker_threads');
   const counter = new Int32Array(workerData);
   Atomics.wait(counter, 0, 0, 300);
   Atomics.add(counter, 0, 1);
   Atomics.notify(counter, 0);`,
  { eval: true, workerData: handled },
);
thread.unref();
const gate = pageGate(new Int32Array(handled), 1, () => false);
await gate.offered();
await gate.offered();
console.log('released');
