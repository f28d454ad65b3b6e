import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { STAGE } from '../../scripts/package/stage-package.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The oldest Node line the package supports, installed from npm's cache or the registry like any package. */
const OLDEST_NODE = 'node@22';

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

/**
 * Once per run: packs the package as a release does (`npm run package`: the build, then the staged folder
 * with the published manifest), installs the tarball into an empty project, and installs Node 22 beside
 * it, so every package test works on the same artefacts.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-package-'));
  // The script prints the tarball's path alone on standard output.
  const printed = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'pack-package.ts'), '--out', work], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const tarballs = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1 || printed !== path.join(work, tarballs[0] as string))
    throw new Error(`npm run package printed "${printed}" and wrote ${tarballs.join(', ') || 'no tarball'} to ${work}`);
  const tarball = printed;

  const consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
  npm(['install', tarball], consumer);

  const oldNode = path.join(work, 'node22');
  mkdirSync(oldNode);
  writeFileSync(path.join(oldNode, 'package.json'), `${JSON.stringify({ name: 'node22', private: true })}\n`);
  npm(['install', OLDEST_NODE], oldNode);

  project.provide('packed', {
    root: ROOT,
    work,
    tarball,
    consumer,
    oneFile: path.join(ROOT, 'sunset.mjs'),
    staged: STAGE,
    node22: path.join(oldNode, 'node_modules', 'node', 'bin', 'node'),
  });
  return () => rmSync(work, { recursive: true, force: true });
}

/** What the package tests get from the setup. */
export interface PackedPackage {
  root: string;
  /** Scratch folder of this run. */
  work: string;
  /** The packed `.tgz`. */
  tarball: string;
  /** An empty project with the tarball installed. */
  consumer: string;
  /** The one-file build, written by the same build. */
  oneFile: string;
  /** The staged package the tarball was packed from (scripts/package/stage-package.ts). */
  staged: string;
  /** A Node 22 binary. */
  node22: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedPackage;
  }
}
