import { z } from '../../../schemas/zod-mini.ts';

/**
 * Provider settings: the spec says only that they exist at instance and project level ("not shown"). The
 * reference design is four values that locate a self-managed provider's services. Project values override
 * instance values field by field; clearing a project value falls back to the instance's.
 */
export const PROVIDER_FIELDS = ['collector_host', 'query_api_url', 'query_api_key', 'configurator_connection_string'] as const;

/** One provider setting. */
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** Settings never shown back in full. */
const SECRET_FIELDS: readonly ProviderField[] = ['query_api_key', 'configurator_connection_string'];

/** Stored values of one level. */
export type ProviderValues = Partial<Record<ProviderField, string>>;

const httpUrl = (what: string) =>
  z
    .string()
    .check(
      z.refine((value) => /^https?:\/\/[^/\s]+/.test(value) && URL.canParse(value), { error: `${what} must be an http(s) URL` }),
    );

/** A change to one level's settings: a string sets a value, null clears it, a missing field stays as it is. */
export const providerSettingsUpdateSchema = z.strictObject({
  /** Where the provider's event collector receives events, such as `https://collector.example.com`. */
  collector_host: z.optional(z.nullable(httpUrl('collector_host'))),
  /** Base URL of the provider's query layer API. */
  query_api_url: z.optional(z.nullable(httpUrl('query_api_url'))),
  /** Key the platform sends to the query layer. Secret: shown masked. */
  query_api_key: z.optional(
    z.nullable(z.string().check(z.minLength(8, { error: 'query_api_key must be at least 8 characters' }))),
  ),
  /** URL with credentials of the provider's configurator (`https://user:password@host`). Secret: shown masked. */
  configurator_connection_string: z.optional(
    z.nullable(
      httpUrl('configurator_connection_string').check(
        z.refine((value) => URL.canParse(value) && new URL(value).username !== '' && new URL(value).password !== '', {
          error: 'configurator_connection_string must carry credentials: https://user:password@host',
        }),
      ),
    ),
  ),
});

/** A settings change. */
export type ProviderSettingsUpdate = z.infer<typeof providerSettingsUpdateSchema>;

/** Applies a change to stored values. */
export function applyUpdate(current: ProviderValues, update: ProviderSettingsUpdate): ProviderValues {
  const next: ProviderValues = { ...current };
  for (const field of PROVIDER_FIELDS) {
    const value = update[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next;
}

/** Where an effective value comes from. */
export type SettingSource = 'project' | 'instance' | 'unset';

/** The settings a project works with: its own values over the instance's. */
export function effectiveSettings(instance: ProviderValues, project: ProviderValues) {
  const values: ProviderValues = {};
  const sources = {} as Record<ProviderField, SettingSource>;
  for (const field of PROVIDER_FIELDS) {
    const own = project[field];
    const inherited = instance[field];
    if (own !== undefined) values[field] = own;
    else if (inherited !== undefined) values[field] = inherited;
    sources[field] = own !== undefined ? 'project' : inherited !== undefined ? 'instance' : 'unset';
  }
  return { values, sources };
}

/** Fields without a value. */
export function missingFields(values: ProviderValues): ProviderField[] {
  return PROVIDER_FIELDS.filter((field) => values[field] === undefined);
}

/** Values as the API shows them: secrets masked to their last four characters, unset fields null. */
export function showValues(values: ProviderValues): Record<ProviderField, string | null> {
  const shown = {} as Record<ProviderField, string | null>;
  for (const field of PROVIDER_FIELDS) {
    const value = values[field];
    shown[field] = value === undefined ? null : SECRET_FIELDS.includes(field) ? `********${value.slice(-4)}` : value;
  }
  return shown;
}
