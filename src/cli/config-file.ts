/**
 * The repository's settings for `sunset`: `.sunset.yml` in the folder a command runs in, else the `sunset`
 * key of its `package.json`. Read once per run by the commands that take these options; a flag on the
 * command line wins over the file. A bad value is a usage error naming the file, the line and the field.
 * Finding the file is cheap; the parser and the schema load only when there is one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describeFault } from '../findings/file-fault.ts';
import type { SunsetConfig } from '../schemas/sunset-config.ts';
import { UsageError } from './cli-io.ts';

/** The settings file's name. */
export const CONFIG_FILE = '.sunset.yml';

/** The file each loaded settings object was read from, for what reports say about them. */
const files = new WeakMap<SunsetConfig, string>();

/** The file settings were read from (`.sunset.yml`, `package.json`), or undefined for none. */
export function configFileOf(config: SunsetConfig): string | undefined {
  return files.get(config);
}

/** Reads the settings of the folder `cwd`: none is an empty config. */
export async function loadConfig(cwd: string): Promise<SunsetConfig> {
  const yamlFile = path.join(cwd, CONFIG_FILE);
  if (existsSync(yamlFile)) {
    const { parseYamlConfig } = await import('./config-validation.ts');
    const config = parseYamlConfig(readText(yamlFile, CONFIG_FILE), CONFIG_FILE);
    files.set(config, CONFIG_FILE);
    return config;
  }
  const manifest = path.join(cwd, 'package.json');
  if (!existsSync(manifest)) return {};
  const text = readText(manifest, 'package.json');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // A package.json that is not JSON is npm's to complain about, not the settings'.
    return {};
  }
  const settings = (data as { sunset?: unknown } | null)?.sunset;
  if (settings === undefined) return {};
  const { validateConfig } = await import('./config-validation.ts');
  const config = validateConfig(settings, 'package.json', text, ['sunset']);
  files.set(config, 'package.json');
  return config;
}

function readText(file: string, shown: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${describeFault(error)}`);
  }
}

/** The site address to link to: `SUNSET_SITE_URL`, else the settings', else undefined (the register's). */
export function siteUrlOf(config: SunsetConfig, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const fromEnv = env.SUNSET_SITE_URL?.trim();
  if (!fromEnv) return config['site-url'];
  let protocol: string | undefined;
  try {
    protocol = new URL(fromEnv).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`SUNSET_SITE_URL "${fromEnv}": expected an http or https address, such as https://sunset.example.org`);
  return fromEnv;
}
