import { parentPort } from 'node:worker_threads';
import { type ReadJob, readClaimedChunks } from './read-job.ts';

// A worker thread of a readiness run: it reads the chunks of report files it claims (see read-job.ts).
parentPort?.once('message', (job: ReadJob) => {
  readClaimedChunks(job, (message) => parentPort?.postMessage(message));
  parentPort?.close();
});
