import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const INPUTS = ['content', 'src', 'public', 'astro.config.mjs'];

function newestMtime(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), info.mtimeMs);
}

/** Builds the site when `dist/` is missing or older than its inputs, then serves it for the browser tests. */
export default async function setup(project: TestProject) {
  const built = statSync(path.join(DIST, 'pagefind', 'pagefind.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const inputs = Math.max(...INPUTS.map((input) => newestMtime(path.join(ROOT, input))));
  if (built < inputs) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const { url, server } = await serveStatic(DIST);
  project.provide('baseUrl', url);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
