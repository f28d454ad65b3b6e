import { parentPort } from 'node:worker_threads';
import { createEngine } from '../engine/engine.ts';
import { scanClaimedChunks, type WorkerJob } from './parallel-scan.ts';

// A worker thread of a scan: it loads its modules at once, then waits for the job (or null: not needed).
parentPort?.once('message', (job: WorkerJob | null) => {
  if (!job) {
    process.exit(0);
  }
  const engine = createEngine(job.rules, job.layout, job.prefilter);
  parentPort?.postMessage(scanClaimedChunks(job, engine));
  parentPort?.close();
});
