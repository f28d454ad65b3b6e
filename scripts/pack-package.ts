/**
 * `npm run package [-- --out DIR]`: builds the package (`build:cli`), stages it with its published manifest
 * (scripts/package/stage-package.ts) and packs the staged folder with `npm pack`. Prints the tarball's path,
 * and nothing else, on standard output; the build's and npm's notes go to standard error. `--no-build`
 * packs the `lib/` already built.
 *
 * The project itself is never packed as it stands (its `prepack` refuses): its manifest holds the site's
 * toolchain and scripts whose files the package does not carry.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, STAGE, stagePackage } from './package/stage-package.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-build': { type: 'boolean', default: false } } });
const out = path.resolve(values.out ?? ROOT);
mkdirSync(out, { recursive: true });

if (!values['no-build'])
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-cli.ts')], { stdio: ['ignore', 2, 2] });
stagePackage(ROOT, STAGE);
// The staged manifest has no scripts; --ignore-scripts says so to npm as well.
const name = execFileSync(
  'npm',
  ['pack', '--ignore-scripts', '--pack-destination', out, '--loglevel=error', '--no-audit', '--no-fund'],
  { cwd: STAGE, encoding: 'utf8', stdio: ['ignore', 'pipe', 2] },
).trim();
process.stdout.write(`${path.join(out, name)}\n`);
