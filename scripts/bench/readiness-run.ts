/**
 * One `sunset readiness` run for `bench:readiness`, in a process of its own so its peak memory is its
 * own: the CLI's command as users run it, on a folder of reports. Prints `{ seconds, peakMB, code }` as
 * JSON; the command's own lines go to standard error. Usage: `node readiness-run.ts REPORTS OUT TARGET`.
 */
import { main } from '../../src/cli/cli.ts';
import { processIo } from '../../src/cli/process-io.ts';

const [reports = '', out = '', target = ''] = process.argv.slice(2);
const start = process.hrtime.bigint();
const code = await main(['readiness', reports, '--out', out, '--to', target], processIo());
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
process.stdout.write(`${JSON.stringify({ seconds, peakMB: process.resourceUsage().maxRSS / 1024, code })}\n`);
