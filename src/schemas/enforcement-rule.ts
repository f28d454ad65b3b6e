import { z } from 'zod';
import { entryIdSchema } from './entry-id.ts';

/**
 * Where an enforcement rule's values come from: always `reference`. The spec says what changes, never how
 * the platform answers before and after, nor any rate-limit value; a status the spec does name (such as 410)
 * is repeated in the entry's text. Written in content and carried into `register.json` so every consumer
 * of a value sees it is ours.
 */
export const enforcementOriginSchema = z.literal('reference').default('reference');

/**
 * Which requests to an endpoint a rule concerns. Leaving `when` out concerns every request. When both keys
 * are given, a request must satisfy both.
 */
export const requestMatchSchema = z
  .strictObject({
    /** Query parameters that count only when all of them are sent together, such as `[ref, sha]`. */
    query_all: z.array(z.string().min(1)).min(1).optional(),
    /** Body fields of which any one sent is enough, such as `[token]`. JSON and form bodies are read. */
    body_any: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((match) => match.query_all !== undefined || match.body_any !== undefined, {
    error: '`when` needs `query_all` or `body_any`; leave `when` out to concern every request',
  });

/**
 * From the entry's `removed_in`, the endpoint answers matching requests with `status` and `message`;
 * before it, the endpoint answers them as usual and marks them with `Deprecation`, `Sunset` and `Link`
 * headers pointing at the entry.
 */
export const rejectRuleSchema = z.strictObject({
  /** Discriminator: `reject`. */
  kind: z.literal('reject'),
  /** {@inheritDoc enforcementOriginSchema} */
  origin: enforcementOriginSchema,
  /** Id of the endpoint (`content/api/<id>.yaml`); it must be listed in the entry's `endpoints`. */
  endpoint: entryIdSchema,
  /** Which requests the rule concerns; every request to the endpoint when left out. */
  when: requestMatchSchema.optional(),
  /** The HTTP status of the rejection, a 4xx such as 410 Gone or 400 Bad Request. */
  status: z
    .number()
    .int()
    .min(400, { error: 'a rejection status is a 4xx client error' })
    .max(499, { error: 'a rejection status is a 4xx client error' }),
  /**
   * The message the rejection answers with (as `message` and `error`): what stopped working, from which
   * release, and what to use instead.
   */
  message: z.string().trim().min(1),
});

/**
 * From the entry's `removed_in`, requests to every path under `path_prefixes` are counted per client (its
 * access token, or its address without one) and answered 429 beyond `requests` per `window_seconds`.
 * The values are the reference implementation's defaults: the spec names no limit values.
 */
export const rateLimitRuleSchema = z.strictObject({
  /** Discriminator: `rate-limit`. */
  kind: z.literal('rate-limit'),
  /** {@inheritDoc enforcementOriginSchema} */
  origin: enforcementOriginSchema,
  /** Path prefixes the limit covers, such as `/api/v4/projects`; a prefix covers itself and what lies below it. */
  path_prefixes: z
    .array(
      z.string().regex(/^\/[^?#*]*[^/?#*]$/, {
        error: 'a path prefix starts with "/", does not end with "/", and has no "*", "?" or "#"',
      }),
    )
    .min(1),
  /** Requests one client may make within a window. */
  requests: z.number().int().positive(),
  /** The window's length in seconds; it starts at a client's first request. */
  window_seconds: z.number().int().positive(),
});

/**
 * How the reference implementation acts out a register entry, release by release (reference design: the
 * spec says what changes, not how the platform answers before and after).
 */
export const enforcementRuleSchema = z.discriminatedUnion('kind', [rejectRuleSchema, rateLimitRuleSchema]);

/** Which requests a rule concerns. */
export type RequestMatch = z.output<typeof requestMatchSchema>;
/** A rule that rejects requests from the entry's release on. */
export type RejectRule = z.output<typeof rejectRuleSchema>;
/** A rule that turns a rate limit on from the entry's release. */
export type RateLimitRule = z.output<typeof rateLimitRuleSchema>;
/** One enforcement rule of a register entry. */
export type EnforcementRule = z.output<typeof enforcementRuleSchema>;
