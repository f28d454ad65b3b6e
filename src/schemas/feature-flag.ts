import { z } from 'zod';
import { releaseSchema } from './release.ts';

/** What happened to a flag in a release. */
export const flagEventSchema = z.enum(['introduced', 'enabled-by-default', 'generally-available', 'removed', 're-added']);

/** One step of a flag's history. */
export const flagHistoryStepSchema = z.strictObject({
  /** The release. */
  release: releaseSchema,
  /** What happened. */
  event: flagEventSchema,
});

/** One feature flag and its history (`content/flags.yaml`). */
export const featureFlagSchema = z.strictObject({
  /** The flag's name. */
  name: z.string().regex(/^[a-z0-9_]+$/),
  /** What it controls, in our words. */
  description: z.string().min(1),
  /** History in release order. */
  history: z.array(flagHistoryStepSchema).min(1),
  /** The flag this one succeeded, where the spec shows a chain (`a -> b`). */
  succeeds: z.string().optional(),
});

/** The flags file: the product-analytics flag history and the feature's status. */
export const flagsFileSchema = z.strictObject({
  /** Release since which the feature is in beta. */
  beta_since: releaseSchema,
  /** The flags. */
  flags: z.array(featureFlagSchema).min(1),
});

/** A feature flag. */
export type FeatureFlag = z.infer<typeof featureFlagSchema>;
