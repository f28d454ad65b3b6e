import type { LoadedRegister } from '../check/register-source.ts';
import type { CliIo } from './cli-io.ts';
import { loadConfig, siteUrlOf } from './config-file.ts';

/** The commands that read the settings file. */
export const CONFIG_COMMANDS: ReadonlySet<string> = new Set(['check', 'fix', 'plan']);

/**
 * The io and arguments of a command run with the folder's settings: `io.config` holds them for the command's
 * own options; register folders they name are read as `--register` would read them unless the command line
 * gives its own; and the site address (`SUNSET_SITE_URL`, else `site-url`) replaces the register's, so every
 * link a report or plan prints points at it.
 */
export async function withConfig(io: CliIo, args: readonly string[]): Promise<{ io: CliIo; args: string[] }> {
  const config = await loadConfig(io.cwd);
  const siteUrl = siteUrlOf(config, io.env);
  const givesRegister = args.some((arg) => arg === '--register' || arg.startsWith('--register='));
  const registerArgs = !givesRegister && config.register ? config.register.flatMap((folder) => ['--register', folder]) : [];
  let loading: Promise<LoadedRegister> | undefined;
  const load = async (): Promise<LoadedRegister> => {
    const loaded = await io.loadRegister();
    if (siteUrl === undefined) return loaded;
    // The register's methods close over its data, so a copy with other settings keeps them.
    return { ...loaded, register: { ...loaded.register, settings: { ...loaded.register.settings, site_url: siteUrl } } };
  };
  return {
    args: [...registerArgs, ...args],
    io: {
      get stdout() {
        return io.stdout;
      },
      get stderr() {
        return io.stderr;
      },
      cwd: io.cwd,
      env: io.env,
      config,
      loadRegister: () => {
        loading ??= load();
        return loading;
      },
    },
  };
}
