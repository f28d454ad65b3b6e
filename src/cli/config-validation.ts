/**
 * Parsing and checking a settings file, loaded only when a folder has one: the YAML reader and the schema
 * would otherwise cost every `sunset check` start-up.
 */
import { parseDocument } from 'yaml';
import { MAX_ANCHORS_AND_ALIASES, tooManyAnchors } from '../check/file/yaml-documents.ts';
import { locate } from '../register/yaml-source.ts';
import { type SunsetConfig, sunsetConfigSchema } from '../schemas/sunset-config.ts';
import { UsageError } from './cli-io.ts';

/** Where each parsed settings object came from, so a value the register refuses later can be shown at its line. */
const sources = new WeakMap<SunsetConfig, { shown: string; text: string; prefix: readonly PropertyKey[] }>();

/**
 * `file:line: field` for a field of parsed settings (`.sunset.yml:4: rules.no-such-id`), for errors found
 * only once the register is read; just the field path for settings that came from no file.
 */
export function configPlace(config: SunsetConfig, fieldPath: readonly PropertyKey[]): string {
  const source = sources.get(config);
  if (!source) return fieldPath.map(String).join('.');
  const full = [...source.prefix, ...fieldPath];
  const where = locate(source.text, full);
  return `${source.shown}${where ? `:${where.line}` : ''}: ${full.map(String).join('.')}`;
}

/** Parses `.sunset.yml` text; a syntax error is a usage error at its line. */
export function parseYamlConfig(text: string, shown: string): SunsetConfig {
  // A repository's settings are read as its files are: one of more anchors than the check reads is refused.
  if (tooManyAnchors(text))
    throw new UsageError(
      `${shown}:1: not read: it holds more than ${MAX_ANCHORS_AND_ALIASES.toLocaleString('en')} anchors and aliases`,
    );
  // The failsafe schema reads every scalar as text, so `to: 17.10` stays "17.10", not the number 17.1.
  const doc = parseDocument(text, { schema: 'failsafe' });
  const error = doc.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line ?? 1;
    throw new UsageError(`${shown}:${line}: not valid YAML: ${error.message.split('\n')[0]}`);
  }
  return validateConfig(doc.toJS() ?? {}, shown, text, []);
}

/** Checks settings against the schema; the first problem is a usage error at its file:line and field path. */
export function validateConfig(data: unknown, shown: string, text: string, prefix: readonly PropertyKey[]): SunsetConfig {
  const checked = sunsetConfigSchema.safeParse(data);
  if (checked.success) {
    sources.set(checked.data, { shown, text, prefix });
    return checked.data;
  }
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
