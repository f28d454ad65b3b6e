#!/usr/bin/env node
// The `sunset` command. In the installed package it runs the compiled code in lib/ (no TypeScript, no
// flags). In a clone of the project, where src/ is present, it runs the TypeScript sources instead, so
// edits take effect without a build; Node 22.12–22.17 is re-run there with type stripping on.

/** Whether a Node version is older than the 22.12 the code needs (type stripping, `require` of ESM). */
const tooOld = (/** @type {string} */ version) => {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12);
};

if (tooOld(process.versions.node)) {
  // Started by an old Node: pre-commit's system environment runs `nodejs` before `node`, and a machine may
  // have an old system `node` before a newer one on PATH. A suitable `node` on PATH runs the command instead,
  // so the user who put one there is not told to do what they did.
  const { execFileSync, spawnSync } = await import('node:child_process');
  const { accessSync, constants, realpathSync } = await import('node:fs');
  const path = await import('node:path');
  const { fileURLToPath: toPath } = await import('node:url');
  const real = (/** @type {string} */ file) => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  };
  /** @type {string[]} */
  const tried = [];
  let chosen;
  // A child that was itself chosen never searches again, so a wrong answer cannot loop.
  if (process.env.SUNSET_NODE_CHOSEN !== '1') {
    const seen = new Set([real(process.execPath)]);
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      if (dir === '') continue;
      const candidate = path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
      try {
        accessSync(candidate, constants.X_OK);
      } catch {
        continue;
      }
      if (seen.has(real(candidate))) {
        if (real(candidate) === real(process.execPath)) tried.push(`${candidate} is ${process.versions.node}`);
        continue;
      }
      seen.add(real(candidate));
      let version;
      try {
        version = execFileSync(candidate, ['-p', 'process.versions.node'], {
          encoding: 'utf8',
          timeout: 15_000,
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
      } catch {
        continue;
      }
      tried.push(`${candidate} is ${version}`);
      if (!tooOld(version)) {
        chosen = candidate;
        break;
      }
    }
  }
  if (chosen) {
    const child = spawnSync(chosen, [toPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, SUNSET_NODE_CHOSEN: '1' },
    });
    process.exit(child.status ?? 2);
  }
  // pre-commit names the environment it runs a node hook in; its Node is the one that started this.
  const hook = process.env.NODE_VIRTUAL_ENV ? `, which pre-commit's node environment (${process.env.NODE_VIRTUAL_ENV}) runs` : '';
  const fix = process.env.NODE_VIRTUAL_ENV
    ? "put Node 22.12+ first on PATH as node (pre-commit's system Node is found as nodejs, but sunset looks for node), or give the hook language_version: 22.12.0 in .pre-commit-config.yaml so pre-commit installs that Node for it"
    : 'install Node 22.12+ and put it first on PATH as node';
  process.stderr.write(
    `sunset needs Node 22.12 or later; it was started by Node ${process.versions.node} (${process.execPath})${hook}, and no node on PATH is 22.12 or later (${tried.length > 0 ? tried.join(', ') : 'none other found'}): ${fix}\n`,
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
