import { parentPort } from 'node:worker_threads';
import { type SiftJob, siftClaimedChunks } from './worker-sift.ts';

// A worker thread of a scan: it loads its modules at once, then waits for the job (or null: not needed).
parentPort?.once('message', (job: SiftJob | null) => {
  if (!job) {
    process.exit(0);
  }
  parentPort?.postMessage(siftClaimedChunks(job));
  parentPort?.close();
});
