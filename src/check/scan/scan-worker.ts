import { parentPort } from 'node:worker_threads';
import { type SiftJob, siftClaimedChunks } from './worker-sift.ts';

// A worker thread of a scan: it loads its modules at once, then sifts the job's files as their paths come.
parentPort?.once('message', (job: SiftJob) => {
  parentPort?.postMessage(siftClaimedChunks(job));
  job.paths.close();
  parentPort?.close();
});
