/**
 * `npm run reference`: the reference implementation on http://localhost:8787, with the demo world.
 * Options: `--port N` (or env PORT), `--host H` (or env HOST), `--data-dir DIR`, `--trust-proxy`.
 */
import { parseArgs } from 'node:util';
import { ReferenceOptionError, startReferenceServer } from './start-server.ts';

try {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8787' },
      host: { type: 'string', default: process.env.HOST ?? 'localhost' },
      'data-dir': { type: 'string' },
      'trust-proxy': { type: 'boolean', default: false },
    },
    strict: true,
  });
  await startReferenceServer({
    port: Number(values.port),
    host: values.host,
    dataDir: values['data-dir'],
    trustProxy: values['trust-proxy'],
    log: (line) => console.log(line),
  });
} catch (error) {
  if (!(error instanceof ReferenceOptionError) && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') !== true)
    throw error;
  console.error(`reference: ${(error as Error).message}`);
  process.exit(2);
}
