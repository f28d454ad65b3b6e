/**
 * `npm run reference`: the reference implementation on http://localhost:8787 with the demo world.
 * Options: `--port N` (or PORT), `--host H` (or HOST), `--data-dir DIR` (keep everything in DIR), `--trust-proxy`.
 */
import { parseServerArgs } from './server-args.ts';
import { ReferenceOptionError, startReferenceServer } from './start-server.ts';

try {
  const options = parseServerArgs(process.argv.slice(2), process.env);
  await startReferenceServer({ ...options, log: (line) => console.log(line) });
} catch (error) {
  console.error(`reference: ${(error as Error).message}`);
  process.exit(error instanceof ReferenceOptionError ? 2 : 1);
}
