import { z } from 'zod';

/** One funnel step. */
export const funnelStepSchema = z.strictObject({
  /** Unique slug within the funnel. */
  name: z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, {
    error: 'a step name is a slug: lower-case letters and digits joined by underscores',
  }),
  /** Only `pageview` is supported. */
  action: z.literal('pageview', { error: 'only the action "pageview" is supported' }),
  /** The URL path a page view must have to enter this step. */
  target: z.string().startsWith('/', { error: 'a target is a URL path starting with "/"' }),
});

/** A funnel definition file (`{config_dir}/analytics/funnels/<name>.yaml`). */
export const funnelDefinitionSchema = z
  .strictObject({
    /** Seconds a user has, from entering the first step, to complete the funnel. */
    seconds_to_convert: z
      .number({ error: 'seconds_to_convert must be a whole number of seconds' })
      .int({ error: 'seconds_to_convert must be a whole number of seconds' })
      .positive({ error: 'seconds_to_convert must be more than 0' }),
    /** Ordered steps. */
    steps: z.array(funnelStepSchema).min(1, { error: 'a funnel needs at least one step' }),
  })
  .superRefine((funnel, ctx) => {
    const seen = new Map<string, number>();
    funnel.steps.forEach((step, index) => {
      const first = seen.get(step.name);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index, 'name'],
          message: `step name "${step.name}" is used by step ${first + 1} already; step names must be unique`,
        });
      } else seen.set(step.name, index);
    });
  });

/** A funnel definition. */
export type FunnelDefinition = z.infer<typeof funnelDefinitionSchema>;
