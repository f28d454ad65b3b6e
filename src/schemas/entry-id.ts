import { z } from 'zod';

/** A stable id: lower-case words and digits joined by hyphens. Never reused once published. */
export const entryIdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error: 'an id is lower-case letters and digits joined by hyphens, such as "ci-job-jwt-removed"',
});
