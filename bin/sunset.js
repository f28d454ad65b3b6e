#!/usr/bin/env node
// The `sunset` command. In the installed package it runs the compiled code in lib/ (no TypeScript, no
// flags). In a clone of the project, where src/ is present, it runs the TypeScript sources instead, so
// edits take effect without a build; Node 22.12–22.17 is re-run there with type stripping on.

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  // One line that says what to do: pre-commit runs node hooks with the `node` first on PATH, as npx does.
  process.stderr.write(
    `sunset needs Node 22.12 or later, and this is Node ${process.versions.node} (${process.execPath}): install Node 22.12+ and put it first on PATH (a pre-commit hook runs with the node found there)\n`,
  );
  process.exit(2);
}

// Taken rather than imported: an `import` of node:fs builds all its exports, loading file streams and
// fs/promises, which costs every start several milliseconds.
const { existsSync } = process.getBuiltinModule('node:fs');
const { fileURLToPath } = process.getBuiltinModule('node:url');

// Reuse compiled code (and stripped TypeScript) between runs, in a directory of this user's own.
const { enableCompileCache } = await import('./compile-cache-dir.js');
enableCompileCache();

const sources = fileURLToPath(new URL('../src/cli/cli.ts', import.meta.url));
if (!existsSync(sources)) {
  const { runCli } = await import('../lib/cli.js');
  await runCli();
} else {
  if (!process.features.typescript) {
    if (process.env.SUNSET_STRIP_TYPES === '1') {
      process.stderr.write('sunset: this Node cannot strip TypeScript types even with --experimental-strip-types\n');
      process.exit(2);
    }
    // Loaded here only: child_process costs the installed command's start-up several milliseconds.
    const { spawnSync } = await import('node:child_process');
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
  const { main, processIo } = await import(sources);
  process.exitCode = await main(process.argv.slice(2), processIo());
}
