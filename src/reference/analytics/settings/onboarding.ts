import { ApiError } from '../../platform/api-error.ts';
import { missingFields, type ProviderValues, type SettingSource } from './provider-settings.ts';

/** The platform's offerings; the managed provider exists on the hosted one only. */
export type Offering = 'hosted' | 'self-managed' | 'dedicated';

/** Provider kinds. */
export type ProviderKind = 'managed' | 'self_managed';

/** The single region of the platform-managed provider. */
export const MANAGED_REGION = 'us-central-1';

/** A project's onboarding record (reference design). */
export interface OnboardingRecord {
  provider: ProviderKind;
  /** The managed provider's region; absent for a self-managed provider. */
  region?: string;
  /** ISO time of onboarding. */
  onboarded_at: string;
}

/** An onboarding request (reference design): the provider, and for the managed one the region consent. */
export interface OnboardingRequest {
  provider: ProviderKind;
  region_consent?: boolean;
}

/** What the decision needs to know about the project and the instance. */
export interface OnboardingSituation {
  offering: Offering;
  current: OnboardingRecord | undefined;
  /** The project's own provider values. */
  projectValues: ProviderValues;
  /** The effective values and their sources. */
  effective: { values: ProviderValues; sources: Record<string, SettingSource> };
  now: number;
  settingsPath: string;
}

/**
 * Decides an onboarding request, as the spec describes the set-up: the managed provider needs the hosted
 * offering, the region consent, and no project-level data source values (a project moving from its own provider
 * removes them first); a self-managed provider needs complete settings — on the hosted offering from the
 * project's own settings, elsewhere from instance-level settings with any project overrides.
 */
export function decideOnboarding(request: OnboardingRequest, situation: OnboardingSituation): OnboardingRecord {
  const { current } = situation;
  if (current?.provider === request.provider) return current;
  if (request.provider === 'managed') {
    if (situation.offering !== 'hosted')
      throw new ApiError(
        400,
        `provider: the platform-managed provider exists on the hosted offering only; this instance is ${situation.offering}; connect your own provider`,
      );
    if (request.region_consent !== true)
      throw new ApiError(
        400,
        `region_consent: the platform-managed provider stores data in the region ${MANAGED_REGION} and keeps it one year; send "region_consent": true to agree`,
      );
    const own = Object.keys(situation.projectValues);
    if (own.length > 0)
      throw new ApiError(
        409,
        `the project has its own data source values (${own.join(', ')}); remove them first (DELETE ${situation.settingsPath}), then connect the platform-managed provider`,
      );
    return { provider: 'managed', region: MANAGED_REGION, onboarded_at: new Date(situation.now).toISOString() };
  }
  if (situation.offering === 'hosted') {
    const missing = missingFields(situation.projectValues);
    if (missing.length > 0)
      throw new ApiError(
        400,
        `on the hosted offering a self-managed provider is defined in the project's settings; save ${missing.join(', ')} (PUT ${situation.settingsPath}) first`,
      );
  } else {
    const missing = missingFields(situation.effective.values);
    if (missing.length > 0)
      throw new ApiError(
        400,
        `on a ${situation.offering} instance the provider is defined in instance-level settings, which a project may override; ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no value: an administrator saves them (PUT /api/v4/application/product_analytics/settings) or a Maintainer saves them for this project (PUT ${situation.settingsPath})`,
      );
  }
  return { provider: 'self_managed', onboarded_at: new Date(situation.now).toISOString() };
}
