import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { errorEnvelope } from './envelope.ts';
import type { ErrorCode } from './error-codes.ts';

type JsonSchema = Record<string, unknown>;

/**
 * The document's `info.version`. 2.0.0: the webhook events renamed so each name says what happened
 * (`item.updated` → `item.renamed`, `item.unfeatured` apart from `item.featured`: webhook-events.ts).
 */
export const apiVersion = '2.0.0';
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  /** What the product sends to a workspace's webhook endpoints, by event type (OpenAPI 3.1 `webhooks`). */
  webhooks?: Record<string, Record<string, JsonSchema>>;
};

const description = `The product API. Every answer is an envelope: \`{"status": "success", "data": …}\`, or \`{"status": "error", "code", "message", "fields"?}\` for every refusal and failure (unknown route, malformed URL, bad JSON, wrong content type, too-large body, stalled request, validation, every limit). Switch on \`code\`; \`message\` is for people. Request bodies are JSON (\`Content-Type: application/json\`, 32 KB at most).`;

const statusNames: Record<string, string> = {
  400: 'The request is not valid.',
  401: 'No valid access token, or the action needs a recent sign-in.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'In conflict with the current state.',
  429: 'Too many requests.',
  500: 'A fault of the server.',
  502: 'A provider refused.',
  503: 'Briefly unavailable: try again.',
};

/** The refusals every endpoint of a kind can answer, besides its own. */
function commonErrors(endpoint: Endpoint): Record<number, ErrorCode[]> {
  const errors: Record<number, ErrorCode[]> = { 500: ['internal_error'], 503: ['unavailable'] };
  if (endpoint.request?.body || endpoint.request?.query) errors[400] = ['validation_failed'];
  if (endpoint.request?.body)
    errors[400]?.push('invalid_json', 'unsupported_media_type', 'payload_too_large');
  if (endpoint.auth === 'bearer') {
    errors[401] = ['auth/invalid-user-token'];
    errors[503]?.push('identity_unavailable');
    if (endpoint.method !== 'GET') errors[429] = ['rate_limited_user'];
    if (endpoint.apiKeys) {
      // docs/api-keys.md: a key that is not (or no longer) valid, and the key's own budget.
      errors[401].push('auth/invalid-api-key', 'auth/api-key-revoked', 'auth/api-key-expired');
      errors[429] = [...(errors[429] ?? []), 'api-keys/rate-limited'];
    } else {
      errors[403] = ['auth/api-key-not-allowed'];
    }
    // docs/limits.md: a change in a workspace draws on the workspace's budget of changes a minute.
    const inWorkspace = Object.values(endpoint.errors ?? {}).some((codes) =>
      codes?.includes('workspaces/not-found'),
    );
    if (endpoint.method !== 'GET' && inWorkspace)
      errors[429] = [...(errors[429] ?? []), 'workspaces/rate-limited'];
  }
  return errors;
}

function errorsOf(endpoint: Endpoint): [string, ErrorCode[]][] {
  const errors = commonErrors(endpoint);
  for (const [status, codes] of Object.entries(endpoint.errors ?? {})) {
    const known = errors[Number(status)] ?? [];
    errors[Number(status)] = [...known, ...(codes ?? []).filter((code) => !known.includes(code))];
  }
  return Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b));
}

/** `/api/items/:id` → `/api/items/{id}` */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

/**
 * Generates the OpenAPI 3.1 document from the route table. Each zod schema becomes JSON Schema
 * (2020-12, OpenAPI 3.1's dialect); a schema with an id (`.meta({id})`) becomes a component, referred
 * to wherever it is used. Requests are described as sent (zod's input), answers as received (output).
 */
export function generateOpenApiDocument(
  endpoints: readonly Endpoint[],
  options: { developmentRoutes: boolean; version?: string; webhooks?: Record<string, z.ZodType> },
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      // A format says it; zod's long regular expression beside it only makes the document harder to read.
      override: (context) => {
        if (context.jsonSchema.format) delete context.jsonSchema.pattern;
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = json;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const component = withComponentRefs(definition);
      const known = schemas[id];
      if (known && JSON.stringify(known) !== JSON.stringify(component)) {
        throw new Error(`Two different schemas have the id ${id}: give one another id.`);
      }
      schemas[id] = component;
    }
    return withComponentRefs(root);
  };
  const errorSchema = convert(errorEnvelope, 'output');

  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.developmentOnly && !options.developmentRoutes) continue;
    if (!tags.includes(endpoint.tag)) tags.push(endpoint.tag);
    const path = openApiPath(endpoint.path);
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: operationOf(endpoint, convert, errorSchema),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Launchkit API', version: options.version ?? apiVersion, description },
    tags: tags.map((name) => ({ name })),
    paths,
    ...(options.webhooks && { webhooks: webhooksOf(options.webhooks, convert) }),
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "An access token of the identity provider (Auth0's protocol) for this API's audience.",
        },
        apiKeyAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lk_…',
          description:
            "A workspace's API key (`Authorization: Bearer lk_…`), made by its owner or an admin: it acts in its workspace with its role, on the operations that list this scheme only, within its workspace's budget of requests a minute, which its plan sets (docs/limits.md).",
        },
      },
    },
  };
}

function operationOf(
  endpoint: Endpoint,
  convert: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
  errorSchema: JsonSchema,
): JsonSchema {
  const { request, answer } = endpoint;
  const parameters = [
    ...parametersOf('path', request?.params, convert),
    ...parametersOf('query', request?.query, convert),
    ...parametersOf('header', request?.headers, convert),
  ];
  const contentType = answer.contentType ?? 'application/json';
  const responses: Record<string, JsonSchema> = {
    [answer.status]: {
      description: answer.description,
      content: { [contentType]: { schema: convert(answer.schema, 'output') } },
    },
  };
  for (const [status, codes] of errorsOf(endpoint)) {
    responses[status] = {
      description: `${statusNames[status] ?? 'Refused.'} \`code\`: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return {
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description && { description: endpoint.description }),
    ...(endpoint.developmentOnly && { 'x-development-only': true }),
    security: securityOf(endpoint),
    ...(parameters.length > 0 && { parameters }),
    ...(request?.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: convert(request.body, 'input') } },
      },
    }),
    responses,
  };
}

// The signature scheme of every delivery (Standard Webhooks; docs/webhooks.md has a verifier).
const webhookHeaders = [
  ['webhook-id', 'The event’s id (`evt_…`), the same in a redelivery: skip an id already handled.'],
  [
    'webhook-timestamp',
    'When this attempt was signed, in seconds since 1970: refuse one older than five minutes.',
  ],
  [
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the endpoint’s secret after `whsec_`; during a rotation two such signatures, space-separated: accept either.',
  ],
] as const;

/** Each event as a POST the endpoint receives: its signed headers and its payload. */
function webhooksOf(
  payloads: Record<string, z.ZodType>,
  convert: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
): Record<string, Record<string, JsonSchema>> {
  const webhooks: Record<string, Record<string, JsonSchema>> = {};
  for (const [type, payload] of Object.entries(payloads)) {
    webhooks[type] = {
      post: {
        operationId: `webhook:${type}`,
        tags: ['Webhooks'],
        summary: `The \`${type}\` event, sent to the endpoints subscribed to it`,
        ...(payload.description && { description: payload.description }),
        parameters: webhookHeaders.map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: convert(payload, 'output') } },
        },
        responses: {
          '2XX': {
            description: 'Received. Anything else, or no answer within 10 s, is tried again for about a day.',
          },
        },
      },
    };
  }
  return webhooks;
}

/** Who may call: a person's access token, and on some operations a workspace's API key as well. */
function securityOf(endpoint: Endpoint): JsonSchema[] {
  if (endpoint.auth !== 'bearer') return [];
  return endpoint.apiKeys ? [{ bearerAuth: [] }, { apiKeyAuth: [] }] : [{ bearerAuth: [] }];
}

function parametersOf(
  location: 'path' | 'query' | 'header',
  schema: z.ZodObject | undefined,
  convert: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
): JsonSchema[] {
  if (!schema) return [];
  const object = convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' && { description }),
      schema: propertySchema,
    };
  });
}

/** zod names its definitions `#/$defs/…`; in the document they are components. */
function withComponentRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}
