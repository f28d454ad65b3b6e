import type { z } from 'zod';
import type { ApiEndpoint } from '../schemas/api-endpoint.ts';
import type { Area } from '../schemas/area.ts';
import type { ErrorCondition } from '../schemas/error-condition.ts';
import type { flagsFileSchema } from '../schemas/feature-flag.ts';
import type { Limit } from '../schemas/limit.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ReleaseInfo } from '../schemas/releases-file.ts';
import type { SdkSupport } from '../schemas/sdk-support.ts';
import type { SiteSettings } from '../schemas/site-settings.ts';
import type { UpgradeStop } from '../schemas/upgrade-stop.ts';
import type { RegisterConflict } from './merge/register-conflict.ts';

/** Everything in `content/` that is data (guides and examples excepted). */
export interface RegisterData {
  entries: RegisterEntry[];
  areas: Area[];
  releases: ReleaseInfo[];
  endpoints: ApiEndpoint[];
  limits: Limit[];
  errors: ErrorCondition[];
  flags: z.output<typeof flagsFileSchema>;
  sdks: SdkSupport[];
  /** The spec's placeholders as settings. */
  settings: SiteSettings;
  /** Where each entry and endpoint was read from, relative to the content directory (absolute for a merged folder's). */
  sources: Map<string, string>;
  // Set when register folders are merged in (src/register/merge/): absent for the built-in register alone.
  /** Required upgrade stops, oldest first; plans go through them. */
  upgradeStops?: UpgradeStop[];
  /** Where merged registers disagree, each shown to the reader. */
  conflicts?: RegisterConflict[];
}
