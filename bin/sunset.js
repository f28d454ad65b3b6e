#!/usr/bin/env node
// The `sunset` command. Plain JavaScript so it starts on any supported Node: the CLI itself is TypeScript,
// which Node runs directly from 22.18 and 23.6; on 22.12–22.17 this re-runs itself with type stripping on.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`sunset needs Node 22.12 or later; this is Node ${process.versions.node}\n`);
  process.exit(2);
}

if (!process.features.typescript) {
  if (process.env.SUNSET_STRIP_TYPES === '1') {
    process.stderr.write('sunset: this Node cannot strip TypeScript types even with --experimental-strip-types\n');
    process.exit(2);
  }
  const child = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, SUNSET_STRIP_TYPES: '1' } },
  );
  process.exit(child.status ?? 2);
}

// Reuse compiled code (and, on Node versions that support it, stripped TypeScript) between runs; the
// variable passes the same cache on to the scan's worker threads.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'sunset-compile-cache');
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
const { main, processIo } = await import('../src/check/cli.ts');
process.exitCode = await main(process.argv.slice(2), processIo());
