import { once } from 'node:events';
import { type CliIo, EXIT, UsageError } from './cli-io.ts';

/** `sunset reference --help`. */
const REFERENCE_HELP = `Usage: sunset reference [--port <n>] [--host <h>] [--data-dir <dir>] [--trust-proxy [<n>]]
                        [--allow-origin <origin>…]
       sunset reference --wait-for <url> [--timeout <seconds>]

Serves the reference implementation over HTTP (the same server as the project's npm run reference): the
product-analytics and error-tracking endpoints and the register's versioned behaviour, seeded with the demo
world (project 1 demo-app, tokens such as demo-maintainer-token). Point an SDK or a test suite at it in CI.
Runs until interrupted (Ctrl-C or SIGTERM). GET /-/readiness answers 200 once it serves.

Options:
  --port <n>              TCP port, 0 for a free one (default 8787, or env PORT)
  --host <h>              interface to listen on (default localhost, or env HOST; 0.0.0.0 for every interface)
  --data-dir <dir>        keep every accepted event, envelope, key, issue and setting in <dir> (created when
                          missing) and load them back on the next start; one server owns a directory at a
                          time. Without it, state lives in memory
  --trust-proxy [<n>]     <n> proxies in front (default 1) append to X-Forwarded-For: the client is the
                          address <n> hops from its right (otherwise the header is ignored)
  --allow-origin <origin> let trackers on <origin> (such as https://shop.example.com) send the collector's
                          cookie; other origins may send events without it. Repeat, or separate with commas
  --wait-for <url>        do not serve: wait until the reference server at <url> is ready (GET /-/readiness),
                          for a CI job whose service is still starting; exit 0 when ready, 1 at the timeout
  --timeout <seconds>     how long --wait-for waits (default 60)
  -h, --help              this help

Exit codes: 0 stopped by a signal (or ready), 1 not ready in time, 2 usage error (bad port, address in use,
data directory not usable or used by another server).
`;

/** `sunset reference --wait-for URL [--timeout S]`. */
async function waitFor(args: string[], io: CliIo): Promise<number> {
  let url: string | undefined;
  let seconds = 60;
  for (let index = 0; index < args.length; index++) {
    const [name, inline] = (args[index] as string).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? args[++index];
      if (next === undefined || next === '') throw new UsageError(`${name} needs a value`);
      return next;
    };
    if (name === '--wait-for') url = value();
    else if (name === '--timeout') {
      const text = value();
      seconds = Number(text);
      if (!/^\d+$/.test(text) || seconds < 1) throw new UsageError(`--timeout "${text}" is not a whole number of seconds`);
    } else throw new UsageError(`--wait-for takes only --timeout (got "${args[index]}")`);
  }
  if (!url || !/^https?:$/.test(URL.parse(url)?.protocol ?? ''))
    throw new UsageError(`--wait-for "${url}" is not a URL such as http://sunset:9787`);
  const { waitForReadiness } = await import('../reference/host/wait-for-readiness.ts');
  const readiness = await waitForReadiness(url, seconds * 1000);
  if (readiness.ready) {
    io.stdout.write(`sunset reference: ${url} is ready (after ${(readiness.afterMs / 1000).toFixed(1)} s)\n`);
    return EXIT.ok;
  }
  io.stderr.write(
    `sunset reference: ${url} was not ready within ${seconds} s (last: ${readiness.last}); is the service started, and is the URL the one it listens on?\n`,
  );
  return EXIT.findings;
}

/** `sunset reference`: starts the reference server and keeps it up until SIGINT or SIGTERM. */
export async function referenceCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout.write(REFERENCE_HELP);
    return EXIT.ok;
  }
  if (args.some((arg) => arg === '--wait-for' || arg.startsWith('--wait-for='))) return waitFor(args, io);
  // Loaded here: the server and its handlers are only worth loading for this command.
  const [{ parseServerArgs }, { ReferenceOptionError, startReferenceServer }] = await Promise.all([
    import('../reference/server-args.ts'),
    import('../reference/start-server.ts'),
  ]);
  let options: ReturnType<typeof parseServerArgs>;
  try {
    options = parseServerArgs(args, io.env);
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^unknown option ([^\s=;]+)/.exec(message)?.[1];
    if (unknown === undefined) throw new UsageError(message);
    // Said the way the other commands say it.
    throw new UsageError(
      unknown.startsWith('-')
        ? `Unknown option '${unknown}'; see sunset reference --help`
        : `sunset reference takes no paths (got "${unknown}")`,
    );
  }
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({ host: 'localhost', ...options, log: (line) => io.stdout.write(`${line}\n`) });
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
