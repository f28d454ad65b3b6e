/**
 * The package as users get it, for benchmarks: `npm run package` (which builds and packs it) and
 * `npm install` of the tarball into an empty project under `work`. Returns the installed `sunset` command.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd, stdio: 'ignore' });

/** Packs this project and installs the tarball into `work/consumer`; the path of its `sunset` bin. */
export function installPackage(work: string): string {
  const tarball = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'pack-package.ts'), '--out', work], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), '{"name":"consumer","private":true}\n');
  npm(['install', tarball], consumer);
  return path.join(consumer, 'node_modules', '.bin', 'sunset');
}
