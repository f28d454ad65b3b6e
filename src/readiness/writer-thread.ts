/**
 * A worker thread that writes pages of a readiness site for write-site.ts: one part of the projects, fed a
 * batch at a time (project-pass.ts), then some of the entries (entry-pass.ts).
 */
import type { Worker } from 'node:worker_threads';
import type { EntryPassJob } from './entry-pass.ts';
import { type PassMessage, type PassReply, type ProjectPassSetup, passedStatus } from './project-pass.ts';
import type { ProjectStatus } from './readiness-model.ts';

/** Projects handed to a writing thread at a time. */
export const PASS_BATCH = 1000;

/**
 * What a writing worker may hold: a batch of projects and a page or two at a time, so a small heap does;
 * the limit makes it collect what it no longer needs rather than grow.
 */
const writerOptions = {
  resourceLimits: {
    maxOldGenerationSizeMb: 128,
    maxYoungGenerationSizeMb: 48,
  },
};

/** One writing worker, doing one thing at a time. */
export class WriterThread {
  readonly #worker: Worker;
  #onReply: (reply: PassReply) => void = () => undefined;
  #onFailure: (error: Error) => void = () => undefined;
  #exited = false;

  constructor() {
    // Loaded here: node:worker_threads costs every other command's start-up a few milliseconds.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    this.#worker = new Worker(new URL('./project-pass-worker.ts', import.meta.url), writerOptions);
    this.#worker.on('message', (reply: PassReply) => this.#onReply(reply));
    this.#worker.on('error', (error) => this.#onFailure(error));
    this.#worker.on('exit', (code) => {
      this.#exited = true;
      this.#onFailure(new Error(`a readiness writing thread stopped with exit code ${code}`));
    });
  }

  /**
   * Writes a part of the projects, two batches in hand, and sets each project's page as the worker settles
   * it; `onProjects` hears how many more are done. The files written.
   */
  projects(setup: ProjectPassSetup, projects: readonly ProjectStatus[], onProjects: (count: number) => void): Promise<string[]> {
    let sent = 0;
    let settled = 0;
    const next = () => {
      if (sent < projects.length) {
        const batch = projects.slice(sent, sent + PASS_BATCH);
        sent += batch.length;
        this.#send({ projects: batch.map(passedStatus) });
      } else if (sent === projects.length) {
        sent++;
        this.#send({ end: true });
      }
    };
    const done = this.#await((reply, resolve) => {
      if ('files' in reply) return resolve(reply.files);
      for (const page of reply.pages) (projects[settled++] as ProjectStatus).page = page;
      onProjects(reply.pages.length);
      next();
    });
    this.#send({ setup });
    next();
    next();
    return done;
  }

  /** Writes some entries' pages; the files written. The worker ends after. */
  entries(job: EntryPassJob): Promise<string[]> {
    const done = this.#await((reply, resolve) => {
      if ('files' in reply) resolve(reply.files);
    });
    this.#send({ entries: job });
    return done;
  }

  /** Ends the worker, if it is still running. */
  stop(): void {
    if (!this.#exited) void this.#worker.terminate();
  }

  #send(message: PassMessage): void {
    this.#worker.postMessage(message);
  }

  #await(handle: (reply: PassReply, resolve: (files: string[]) => void) => void): Promise<string[]> {
    const done = new Promise<string[]>((resolve, reject) => {
      let finished = false;
      this.#onReply = (reply) =>
        handle(reply, (files) => {
          finished = true;
          resolve(files);
        });
      this.#onFailure = (error) => {
        if (!finished) reject(error);
      };
    });
    // Awaited with the other threads; marked handled here, as a thread stopped after another failed rejects late.
    done.catch(() => undefined);
    return done;
  }
}
