/**
 * The repository's settings for `sunset`: `.sunset.yml` in the folder a command runs in, else the `sunset`
 * key of its `package.json`. Read once per run by the commands that take these options; a flag on the
 * command line wins over the file. A bad value is a usage error naming the file, the line and the field.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { locate } from '../register/yaml-source.ts';
import { type SunsetConfig, sunsetConfigSchema } from '../schemas/sunset-config.ts';
import { UsageError } from './cli-io.ts';

/** The settings file's name. */
export const CONFIG_FILE = '.sunset.yml';

/** Settings and where they were read from. */
export interface LoadedConfig {
  config: SunsetConfig;
  /** The file, relative to the working folder (`.sunset.yml` or `package.json`); undefined when none. */
  file?: string;
  /** The folder the file lies in: relative paths in it are relative to this. */
  dir: string;
}

/** Reads the settings of the folder `cwd`: none is an empty config. */
export function loadConfig(cwd: string): LoadedConfig {
  const yamlFile = path.join(cwd, CONFIG_FILE);
  if (existsSync(yamlFile)) return { config: readYamlConfig(yamlFile), file: CONFIG_FILE, dir: cwd };
  const manifest = path.join(cwd, 'package.json');
  if (existsSync(manifest)) {
    const text = readText(manifest, 'package.json');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      // A package.json that is not JSON is npm's to complain about, not the settings'.
      return { config: {}, dir: cwd };
    }
    const settings = (data as { sunset?: unknown } | null)?.sunset;
    if (settings !== undefined)
      return { config: validate(settings, 'package.json', text, ['sunset']), file: 'package.json', dir: cwd };
  }
  return { config: {}, dir: cwd };
}

function readText(file: string, shown: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${(error as Error).message}`);
  }
}

function readYamlConfig(file: string): SunsetConfig {
  const text = readText(file, CONFIG_FILE);
  // The failsafe schema reads every scalar as text, so `to: 18.10` stays "18.10", not the number 18.1.
  const doc = parseDocument(text, { schema: 'failsafe' });
  const error = doc.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line ?? 1;
    throw new UsageError(`${CONFIG_FILE}:${line}: not valid YAML: ${error.message.split('\n')[0]}`);
  }
  const data = doc.toJS() ?? {};
  return validate(data, CONFIG_FILE, text, []);
}

/** Checks settings against the schema; the first problem is a usage error at its file:line and field path. */
function validate(data: unknown, shown: string, text: string, prefix: readonly PropertyKey[]): SunsetConfig {
  const checked = sunsetConfigSchema.safeParse(data);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  if (!issue) throw new UsageError(`${shown}: the settings do not fit`);
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const fieldPath = unknownKey === undefined ? issue.path : [...issue.path, unknownKey];
  const where = locate(text, [...prefix, ...fieldPath]);
  const field = [...prefix, ...fieldPath].map(String).join('.') || '(top level)';
  const message =
    unknownKey !== undefined
      ? `is not a setting; the settings are ${Object.keys(sunsetConfigSchema.shape).join(', ')}`
      : issue.message;
  throw new UsageError(`${shown}${where ? `:${where.line}` : ''}: ${field}: ${message}`);
}

/** The site address to link to: `SUNSET_SITE_URL`, else the settings', else undefined (the register's). */
export function siteUrlOf(config: SunsetConfig, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const fromEnv = env.SUNSET_SITE_URL?.trim();
  if (fromEnv) {
    const parsed = sunsetConfigSchema.shape['site-url'].safeParse(fromEnv);
    if (!parsed.success)
      throw new UsageError(`SUNSET_SITE_URL "${fromEnv}": ${parsed.error.issues[0]?.message ?? 'not an address'}`);
    return fromEnv;
  }
  return config['site-url'];
}
