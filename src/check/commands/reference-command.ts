import { once } from 'node:events';
import { type CliIo, EXIT, parseOptions, UsageError } from './cli-io.ts';

/** `sunset reference --help`. */
const REFERENCE_HELP = `Usage: sunset reference [--port <n>] [--host <h>] [--data-dir <dir>] [--trust-proxy]

Serves the reference implementation over HTTP (the same server as the project's npm run reference): the
product-analytics and error-tracking endpoints and the register's versioned behaviour, seeded with the demo
world (project 1 demo-app, tokens such as demo-maintainer-token). Point an SDK or a test suite at it in CI.
Runs until interrupted (Ctrl-C or SIGTERM).

Options:
  --port <n>        TCP port, 0 for a free one (default 8787, or env PORT)
  --host <h>        interface to listen on (default localhost, or env HOST; 0.0.0.0 for every interface)
  --data-dir <dir>  keep every accepted event, envelope, key, issue and setting in <dir> (created when
                    missing) and load them back on the next start; without it, state lives in memory
  --trust-proxy     count users by the X-Forwarded-For a proxy in front sends (ignored otherwise)
  -h, --help        this help

Exit codes: 0 stopped by a signal, 2 usage error (bad port, address in use, data directory not usable).
`;

/** Parses `--port`: a whole number from 0 to 65535. */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port "${value}" is not a port number from 0 to 65535`);
  return port;
}

/** `sunset reference`: starts the reference server and keeps it up until SIGINT or SIGTERM. */
export async function referenceCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('reference', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'trust-proxy': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(REFERENCE_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`sunset reference takes no paths (got "${positionals[0]}")`);
  const port = parsePort(values.port ?? io.env.PORT ?? '8787');
  // Loaded here: the server and its handlers are only worth loading for this command.
  const { ReferenceOptionError, startReferenceServer } = await import('../../reference/start-server.ts');
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      port,
      host: values.host ?? io.env.HOST ?? 'localhost',
      dataDir: values['data-dir'],
      trustProxy: values['trust-proxy'],
      log: (line) => io.stdout.write(`${line}\n`),
    });
  } catch (error) {
    if (error instanceof ReferenceOptionError) throw new UsageError(error.message);
    throw error;
  }
  const controller = new AbortController();
  const signal = await Promise.race([
    once(process, 'SIGINT', { signal: controller.signal }).then(() => 'SIGINT'),
    once(process, 'SIGTERM', { signal: controller.signal }).then(() => 'SIGTERM'),
  ]);
  controller.abort();
  io.stderr.write(`sunset reference: ${signal}, stopping\n`);
  await server.close();
  return EXIT.ok;
}
