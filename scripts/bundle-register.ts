/**
 * Writes the validated register as the CLI's data bundle (`.cache/sunset/register.json`), so `sunset`
 * starts without parsing every content file. Run by npm's `prepare` after `npm install`; the CLI falls back
 * to `content/` whenever a content file is newer than the bundle. Exits 1 when content has problems.
 */
import path from 'node:path';
import { BUNDLE_PATH, writeBundle } from '../src/check/register-bundle.ts';
import { PROJECT_ROOT } from '../src/check/register-source.ts';
import { formatProblem, readContent } from '../src/register/index.ts';

const { data, problems } = await readContent(path.join(PROJECT_ROOT, 'content'));
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`register bundle not written: ${problems.length} content problem${problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
await writeBundle(path.join(PROJECT_ROOT, BUNDLE_PATH), data);
// On standard error: a lifecycle script prints nothing on standard output, which tools read as theirs.
process.stderr.write(
  `register bundle: ${data.entries.length} entries, ${data.errors.length} error conditions -> ${BUNDLE_PATH}\n`,
);
