import { z } from 'zod';
import { releaseSchema } from './release.ts';

/** One required upgrade stop: a release an instance must run on its way through (`upgrade-path.yaml`). */
export const upgradeStopSchema = z.strictObject({
  /** The release to stop at. */
  release: releaseSchema,
  /** What the platform says about the stop, in Markdown, as written in its upgrade-path file. */
  note: z.string().min(1).optional(),
});

/** The upgrade-path file of a register folder: every required stop, oldest first. */
export const upgradePathFileSchema = z.array(upgradeStopSchema);

/** A required upgrade stop. */
export type UpgradeStop = z.infer<typeof upgradeStopSchema>;
