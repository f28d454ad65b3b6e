import { PARSE_ERROR_ID } from '../findings/finding.ts';
import type { Register } from '../register/register.ts';
import type { SeverityOverride, SunsetConfig } from '../schemas/sunset-config.ts';
import { UsageError } from './cli-io.ts';

/**
 * The settings' per-rule severities, checked against the register: an id that is no entry, error condition or
 * `parse-error` is a usage error at its file:line and field path. Undefined when the settings set none.
 */
export async function ruleSeverities(
  register: Register,
  config: SunsetConfig,
): Promise<ReadonlyMap<string, SeverityOverride> | undefined> {
  const rules = config.rules;
  if (!rules || Object.keys(rules).length === 0) return undefined;
  for (const id of Object.keys(rules)) {
    if (id === PARSE_ERROR_ID || register.entry(id) || register.errors.some((condition) => condition.id === id)) continue;
    // Loaded already when there is a settings file: it is what read it.
    const { configPlace } = await import('./config-validation.ts');
    throw new UsageError(
      `${configPlace(config, ['rules', id])}: "${id}" is not an entry or error condition of the register (nor ${PARSE_ERROR_ID})`,
    );
  }
  return new Map(Object.entries(rules));
}
