import { plainText } from '../markdown/markdown.ts';
import type { ApiEndpoint } from '../schemas/api-endpoint.ts';
import type { Area } from '../schemas/area.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';

/** What the OpenAPI document needs besides the endpoints. */
export interface OpenApiOptions {
  /** The spec's `{base_url}`, the server every path is relative to. */
  baseUrl: string;
  /** Where the site is published, for links to endpoint pages and register entries. */
  siteUrl: string;
  areas: readonly Area[];
  /** Register entries, so an endpoint a change touches is marked and linked. */
  entries: readonly RegisterEntry[];
  /** Release the document describes the API of. */
  version: string;
}

/**
 * Extension marking where the spec does not show a shape and the reference implementation designed it.
 * OpenAPI has no field for provenance, so it is carried as `x-sunset-origin: reference`.
 */
const ORIGIN = 'x-sunset-origin';

type Json = Record<string, unknown>;

/** Every operation, parameter, body, response and example says where it comes from, `spec` included. */
function origin(value: string): Json {
  return { [ORIGIN]: value };
}

function examplesOf(examples: readonly { summary: string; value: unknown; origin: string }[]): Json | undefined {
  if (examples.length === 0) return undefined;
  return Object.fromEntries(
    examples.map((example, index) => [
      `example-${index + 1}`,
      { summary: example.summary, value: example.value, ...origin(example.origin) },
    ]),
  );
}

/** OpenAPI writes path parameters as `{name}`; the register's tables sometimes write `:name`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function operation(endpoint: ApiEndpoint, options: OpenApiOptions): Json {
  const site = options.siteUrl.replace(/\/+$/, '');
  const changes = options.entries.filter((entry) => entry.endpoints.includes(endpoint.id));
  const declared = new Set(endpoint.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name));
  // A path segment the content does not describe still needs a declaration for the document to be valid.
  const undeclared = [...openApiPath(endpoint.path).matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => !declared.has(name))
    .map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: `The \`${name}\` path segment.`,
      // The segment is in the spec's path shape.
      ...origin('spec'),
    }));
  const parameters = [
    ...endpoint.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.in === 'path' ? true : parameter.required,
      description: parameter.description,
      schema: parameter.schema,
      ...(parameter.example !== undefined ? { example: parameter.example } : {}),
      ...origin(parameter.origin),
    })),
    ...undeclared,
  ];
  const body = endpoint.request_body;
  const responses = Object.fromEntries(
    endpoint.responses.map((response) => {
      const examples = examplesOf(response.examples);
      const content =
        response.schema || examples
          ? {
              content: {
                'application/json': {
                  ...(response.schema ? { schema: response.schema } : {}),
                  ...(examples ? { examples } : {}),
                },
              },
            }
          : {};
      const headers = response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
            ),
          }
        : {};
      return [String(response.status), { description: response.description, ...headers, ...content, ...origin(response.origin) }];
    }),
  );
  const bodyExamples = body ? examplesOf(body.examples) : undefined;
  return {
    operationId: endpoint.id,
    summary: endpoint.title,
    description: endpoint.summary,
    tags: [options.areas.find((area) => area.id === endpoint.area)?.title ?? endpoint.area],
    externalDocs: { description: 'Reference page', url: `${site}/api/${endpoint.id}/` },
    ...(changes.length > 0
      ? {
          'x-sunset-changes': changes.map((entry) => ({
            id: entry.id,
            removed_in: entry.removed_in,
            url: `${site}/register/${entry.id}/`,
          })),
        }
      : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            description: body.description,
            required: true,
            content: {
              [body.content_type]: {
                ...(body.schema ? { schema: body.schema } : {}),
                ...(bodyExamples ? { examples: bodyExamples } : {}),
              },
            },
            ...origin(body.origin),
          },
        }
      : {}),
    responses,
    security: endpoint.auth.kind === 'private-token' ? [{ privateToken: endpoint.auth.scopes }] : [],
    'x-sunset-auth-origin': endpoint.auth.origin,
    ...(endpoint.auth.min_role ? { 'x-sunset-role-origin': endpoint.auth.min_role_origin ?? endpoint.auth.origin } : {}),
    ...origin(endpoint.origin),
  };
}

/** The OpenAPI 3.1 document of every endpoint in `content/api/`. */
export function buildOpenApi(endpoints: readonly ApiEndpoint[], options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  const sorted = [...endpoints].sort(
    (a, b) => openApiPath(a.path).localeCompare(openApiPath(b.path)) || a.method.localeCompare(b.method),
  );
  for (const endpoint of sorted) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint, options) };
  }
  const usedAreas = new Set(endpoints.map((endpoint) => endpoint.area));
  return {
    openapi: '3.1.0',
    info: {
      title: 'The platform: product analytics, error tracking and endpoints named in the register',
      version: options.version,
      description: plainText(
        `Endpoints as the platform's documentation defines them. Every operation, parameter, body, response and example carries \`${ORIGIN}\`: \`spec\` (the platform's documentation), or \`reference\` where the documentation does not show the shape and the reference implementation designed it. Inside a schema, \`${ORIGIN}: reference\` marks a part the documentation does not show.`,
      ),
    },
    servers: [{ url: options.baseUrl.replace(/\/+$/, ''), description: 'The platform ({base_url})' }],
    tags: options.areas
      .filter((area) => usedAreas.has(area.id))
      .map((area) => ({ name: area.title, description: area.description })),
    paths,
    components: {
      securitySchemes: {
        privateToken: {
          type: 'apiKey',
          in: 'header',
          name: 'PRIVATE-TOKEN',
          description: 'An access token; the scopes each operation accepts are listed in its security requirement.',
        },
      },
    },
  };
}
