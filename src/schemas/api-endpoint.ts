import { z } from 'zod';
import { areaIdSchema } from './area.ts';
import { entryIdSchema } from './entry-id.ts';
import { exampleValue, jsonSchemaObject } from './json-schema-object.ts';

/** Where a fact about an endpoint comes from: the spec, or the reference implementation's own design. */
export const originSchema = z.enum(['spec', 'reference']);

/** One request parameter. */
export const apiParameterSchema = z
  .strictObject({
    /** Parameter name as sent. */
    name: z.string().min(1),
    /** Where it is sent. */
    in: z.enum(['path', 'query', 'header']),
    /** Whether the request fails without it. */
    required: z.boolean().default(false),
    /** JSON Schema of the value. */
    schema: jsonSchemaObject.default({ type: 'string' }),
    /** What it means, in Markdown. */
    description: z.string().min(1),
    /** A value used by examples and the console. */
    example: exampleValue.optional(),
    /** `reference` when the spec does not define this parameter. */
    origin: originSchema,
  })
  .superRefine((parameter, ctx) => {
    // A mapping where the schema says text is a flow mapping split by a comma, not a value anyone meant.
    if (parameter.schema.type === 'string' && typeof parameter.example === 'object' && parameter.example !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['example'],
        message: 'the schema says text but the example is a mapping or list: a comma inside `{ … }` may have split it; quote it',
      });
    }
  });

/** One example of a request or response body. */
export const apiExampleSchema = z.strictObject({
  /** What the example shows. */
  summary: z.string().min(1),
  /** The body, as JSON data. */
  value: exampleValue,
  /** `spec` when the example is a body the spec shows (its placeholders filled in), else `reference`. */
  origin: originSchema,
});

/** A response the endpoint can give. */
export const apiResponseSchema = z.strictObject({
  /** HTTP status code. */
  status: z.number().int().min(100).max(599),
  /** When and why this response is given. */
  description: z.string().min(1),
  /** JSON Schema of the body, when it has one. */
  schema: jsonSchemaObject.optional(),
  /** Response headers worth knowing, by name. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Example bodies. */
  examples: z.array(apiExampleSchema).default([]),
  /** `reference` when the spec does not show this response's shape. */
  origin: originSchema,
});

/** How a request authenticates. */
export const apiAuthSchema = z.strictObject({
  /** The mechanism: a `PRIVATE-TOKEN` access token, a DSN public key, or none. */
  kind: z.enum(['private-token', 'dsn', 'none']),
  /** Token scopes accepted, such as `api` or `read_api`. */
  scopes: z.array(z.string().min(1)).default([]),
  /** Least role the token's user needs. */
  min_role: z.enum(['guest', 'reporter', 'developer', 'maintainer', 'owner', 'administrator']).optional(),
  /**
   * Where `min_role` comes from, when it differs from `origin`: `reference` for a role the spec does not give
   * on an endpoint whose token and scopes are the spec's.
   */
  min_role_origin: originSchema.optional(),
  /** Notes on authentication, in Markdown. */
  description: z.string().min(1).optional(),
  /** `reference` when the spec does not say how this endpoint authenticates. */
  origin: originSchema,
});

/** One API endpoint (`content/api/<id>.yaml`). */
export const apiEndpointSchema = z.strictObject({
  /** Stable id; equals the file name. */
  id: entryIdSchema,
  /** The spec's endpoint number, for endpoints 1–4. */
  number: z.number().int().positive().optional(),
  /** Short title such as "Create a client key". */
  title: z.string().min(1),
  /** HTTP method. */
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  /** Path relative to `{base_url}`, with `{name}` placeholders for path parameters. */
  path: z.string().startsWith('/'),
  /** Area the endpoint belongs to. */
  area: areaIdSchema,
  /** Whether the spec defines the endpoint or the reference implementation designed it. */
  origin: originSchema,
  /** What it does, in Markdown. */
  summary: z.string().min(1),
  /** Authentication. */
  auth: apiAuthSchema,
  /** Path, query and header parameters. */
  parameters: z.array(apiParameterSchema).default([]),
  /** The request body, when there is one. */
  request_body: z
    .strictObject({
      /** Media type, `application/json` unless said. */
      content_type: z.string().default('application/json'),
      /** What the body holds. */
      description: z.string().min(1),
      /** JSON Schema of the body. */
      schema: jsonSchemaObject.optional(),
      /** Example bodies; the console prefills the first. */
      examples: z.array(apiExampleSchema).default([]),
      /** `reference` when the spec does not show the body. */
      origin: originSchema,
    })
    .optional(),
  /** Responses by status. */
  responses: z.array(apiResponseSchema).min(1),
  /** Ids from `content/limits.yaml` that apply. */
  limits: z.array(entryIdSchema).default([]),
  /** Ids from `content/errors.yaml` that apply. */
  errors: z.array(entryIdSchema).default([]),
  /** Whether the in-browser reference implementation serves this endpoint. */
  reference: z.boolean().default(false),
});

/** An API endpoint. */
export type ApiEndpoint = z.output<typeof apiEndpointSchema>;
