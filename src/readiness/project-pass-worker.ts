import { parentPort } from 'node:worker_threads';
import { runEntryPass } from './entry-pass.ts';
import { type PassMessage, type PassReply, ProjectPass } from './project-pass.ts';

// A worker thread of a readiness run: it writes one part of the projects' pages, batch by batch as this
// thread hands them over (see project-pass.ts), then some of the entries' pages (entry-pass.ts).
let pass: ProjectPass | undefined;
const reply = (message: PassReply) => parentPort?.postMessage(message);
parentPort?.on('message', (message: PassMessage) => {
  if ('setup' in message) pass = new ProjectPass(message.setup);
  else if ('projects' in message) reply({ pages: pass?.add(message.projects) ?? [] });
  else if ('end' in message) reply({ files: pass?.finish() ?? [] });
  else {
    reply({ files: runEntryPass(message.entries) });
    parentPort?.close();
  }
});
