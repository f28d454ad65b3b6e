/**
 * `npm run check:content`: validates every file in content/ (schemas and cross-references) and prints
 * each problem as `file:line:column field: message`. Exits 1 when anything is wrong.
 */
import path from 'node:path';
import { formatProblem, readContent } from '../src/register/index.ts';

const contentDir = path.resolve(process.argv[2] ?? 'content');
const { data, problems } = await readContent(contentDir);
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} content problem${problems.length === 1 ? '' : 's'} in ${contentDir}`);
  process.exit(1);
}
console.log(
  `content ok: ${data.entries.length} register entries, ${data.endpoints.length} endpoints, ${data.limits.length} limits, ` +
    `${data.errors.length} error conditions, ${data.flags.flags.length} flags, ${data.sdks.length} SDKs`,
);
