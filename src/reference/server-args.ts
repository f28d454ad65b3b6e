/** The local server's command line: `--port`, `--host`, `--data-dir`, `--trust-proxy`, and env PORT / HOST. */
import type { StartOptions } from './start-server.ts';

/** Reads the command line; an unknown option or a missing value is an error that names it. */
export function parseServerArgs(argv: readonly string[], env: Record<string, string | undefined>): StartOptions {
  const options: StartOptions = {};
  if (env.PORT !== undefined) options.port = readPort(env.PORT, 'PORT');
  if (env.HOST) options.host = env.HOST;
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
    else if (name === '--trust-proxy') options.trustProxy = true;
    else throw new Error(`unknown option ${arg}; the options are --port, --host, --data-dir and --trust-proxy`);
  }
  return options;
}

function readPort(text: string, where: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`${where}: "${text}" is not a port number (0 to 65535)`);
  return port;
}
