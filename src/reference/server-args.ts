/**
 * The local server's command line, shared by `npm run reference` and `sunset reference`: `--port`, `--host`,
 * `--data-dir`, `--trust-proxy [N]`, `--allow-origin ORIGIN` (repeatable), and env PORT / HOST.
 */
import type { StartOptions } from './start-server.ts';

/** The options, for messages. */
const OPTIONS = '--port, --host, --data-dir, --trust-proxy [N] and --allow-origin';

/** Most proxies `--trust-proxy` may count: more is a typo, not a network. */
const MAX_HOPS = 10;

/** Reads the command line; an unknown option or a missing or malformed value is an error that names it. */
export function parseServerArgs(argv: readonly string[], env: Record<string, string | undefined>): StartOptions {
  const options: StartOptions = {};
  if (env.PORT !== undefined) options.port = readPort(env.PORT, 'PORT');
  if (env.HOST) options.host = env.HOST;
  const origins: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++index];
      if (next === undefined || next === '') throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--port') options.port = readPort(value(), '--port');
    else if (name === '--host') options.host = value();
    else if (name === '--data-dir') options.dataDir = value();
    else if (name === '--trust-proxy') {
      // The count is optional: `--trust-proxy` alone trusts the one proxy in front.
      const count = inline ?? (/^\d+$/.test(argv[index + 1] ?? '') ? argv[++index] : '1');
      options.trustProxy = readHops(count as string);
    } else if (name === '--allow-origin')
      origins.push(
        ...value()
          .split(',')
          .map((origin) => readOrigin(origin.trim())),
      );
    else throw new Error(`unknown option ${arg}; the options are ${OPTIONS}`);
  }
  if (origins.length > 0) options.allowOrigins = origins;
  return options;
}

function readPort(text: string, where: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`${where} "${text}" is not a port number from 0 to 65535`);
  return port;
}

function readHops(text: string): number {
  const hops = Number(text);
  if (!/^\d+$/.test(text) || hops < 1 || hops > MAX_HOPS)
    throw new Error(`--trust-proxy "${text}" is not a number of proxies from 1 to ${MAX_HOPS}`);
  return hops;
}

/** An origin as browsers send it in `Origin`: scheme, host and port only. */
function readOrigin(text: string): string {
  const parsed = URL.parse(text);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== text)
    throw new Error(`--allow-origin "${text}" is not an origin such as https://shop.example.com (scheme, host and port only)`);
  return text;
}
