/**
 * `npm run release [-- --repo DIR] [--package DIR]`: tags a release of the project: a commit whose parent
 * is HEAD and whose tree is HEAD's with the built package in it (`lib/`), the published `package.json`
 * (scripts/package/published-manifest.ts) and no lock file, tagged with the version (`0.1.0`). The work tree
 * and the branch are left as they were.
 *
 * The tag is what users name: the CI/CD component (`…/check@0.1.0`) and the pre-commit hook (`rev: 0.1.0`).
 * pre-commit installs a node hook from the tagged tree by running `npm install` there (devDependencies
 * included), then `npm pack` (whose standard output it takes as the tarball's name), then `npm install -g`
 * of that tarball. In the release tree none of that builds or downloads anything: the manifest lists no
 * dependencies and no lifecycle scripts, and the built code is there already.
 *
 * `--package DIR` takes an already staged package (see stage-package.ts) instead of building one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, STAGE, stagePackage } from './package/stage-package.ts';

const { values } = parseArgs({ options: { repo: { type: 'string' }, package: { type: 'string' } } });
const repo = path.resolve(values.repo ?? ROOT);
const versionOf = (folder: string) =>
  (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;

/** Stops with one line and exit 2: a release that cannot be made is the releaser's to fix, not a stack trace. */
function refuse(message: string): never {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
}

// A version is released once: its tag is what users install, and moving it would change what they get.
// Checked before the build, so a second run stops at once.
const wanted = versionOf(values.package ? path.resolve(values.package) : ROOT);
const existing = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--quiet', '--verify', `refs/tags/${wanted}^{commit}`], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
})();
if (existing) {
  refuse(
    `the tag ${wanted} already exists (commit ${existing.slice(0, 12)}): a released version is never moved; raise "version" in package.json for a new release`,
  );
}

let staged = values.package ? path.resolve(values.package) : undefined;
if (!staged) {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-cli.ts')], { stdio: ['ignore', 2, 2] });
  staged = stagePackage(ROOT, STAGE);
}
const version = versionOf(staged);

// A private index, so the user's index and work tree are untouched.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sunset-release-'));
const env = { ...process.env, GIT_INDEX_FILE: path.join(scratch, 'index') };
const git = (args: string[], input?: string) =>
  execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 2] }).trim();

try {
  git(['read-tree', 'HEAD']);
  git(['rm', '--cached', '--quiet', '--ignore-unmatch', 'package-lock.json']);
  // Every staged file, by path relative to the package: package.json replaces the project's.
  const files = readdirSync(staged, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(path.join(staged as string, name)).isFile(),
  );
  for (const name of files) {
    const blob = git(['hash-object', '-w', path.join(staged, name)]);
    const mode = statSync(path.join(staged, name)).mode & 0o111 ? '100755' : '100644';
    git(['update-index', '--add', '--cacheinfo', `${mode},${blob},${name.split(path.sep).join('/')}`]);
  }
  const tree = git(['write-tree']);
  // Who releases: the repository's configured identity, else a plain stand-in (a fresh CI clone has none).
  const identity = (key: string, fallback: string) => {
    try {
      return git(['config', key]);
    } catch {
      return fallback;
    }
  };
  const name = identity('user.name', 'Sunset release');
  const email = identity('user.email', 'release@sunset.invalid');
  const commit = execFileSync(
    'git',
    ['commit-tree', tree, '-p', 'HEAD', '-m', `Release ${version}: the package built, as installed`],
    {
      cwd: repo,
      encoding: 'utf8',
      env: { ...env, GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email },
    },
  ).trim();
  git(['tag', version, commit]);
  process.stdout.write(`${version} ${commit}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
