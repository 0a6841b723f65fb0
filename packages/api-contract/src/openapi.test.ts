import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiDocument, endpoints } from './endpoints.ts';
import { createItemRequest } from './items.ts';
import { openApiPath } from './openapi.ts';
import { renderReferencePage } from './reference-page.ts';

const document = apiDocument({ developmentRoutes: true });

/** The JSON Schema of an operation's answer, with the document's components to resolve its refs. */
function answerValidator(path: string, method: string, status: string) {
  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components });
  const operation = document.paths[path]?.[method] as {
    responses: Record<string, { content: Record<string, { schema: object }> }>;
  };
  const schema = operation.responses[status]?.content['application/json']?.schema;
  const withAbsoluteRefs = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
  );
  return ajv.compile(withAbsoluteRefs);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per endpoint, with a unique operationId', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      endpoints.map((endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`).sort(),
    );
    const ids = endpoints.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves the development-only endpoints out of the production document', () => {
    const production = apiDocument({ developmentRoutes: false });
    expect(production.paths['/api/dev/outbox']).toBeUndefined();
    expect(production.paths['/api/docs']).toBeUndefined();
    expect(production.paths['/api/items/{id}']).toBeDefined();
  });

  it('describes the answers as the API sends them, envelope included', () => {
    const items = answerValidator('/api/items', 'get', '200');
    const item = {
      id: '0b0d3c55-4a5e-4f7a-9a43-3f1b8f1d2c11',
      name: 'First',
      owner: 'auth0|1',
      featured: false,
      createdAt: '2026-01-02T03:04:05.678Z',
    };
    expect(items({ status: 'success', data: [item] })).toBe(true);
    expect(items({ status: 'success', data: [{ ...item, featured: 'no' }] })).toBe(false);
    const refusal = answerValidator('/api/items', 'post', '409');
    expect(refusal({ status: 'error', code: 'items/limit-reached', message: 'You have reached…' })).toBe(
      true,
    );
    expect(refusal({ status: 'error', code: 'validation_failed', message: 'x', fields: { name: 'x' } })).toBe(
      true,
    );
    expect(refusal({ status: 'error', code: 'no-such-code', message: 'x' })).toBe(false);
  });

  it('keeps the request rules and their messages', () => {
    const result = createItemRequest.safeParse({ name: '  ' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a name');
    const operation = document.paths['/api/items']?.post as { requestBody: object } | undefined;
    expect(operation?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateItemRequest' } } },
    });
    expect(document.components.schemas.CreateItemRequest).toMatchObject({
      properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
      additionalProperties: false,
    });
  });

  it('lets an API key call the workspace endpoints its scheme lists, and no person’s, billing, members or keys', () => {
    const securityOf = (path: string, method: string) =>
      (document.paths[path]?.[method] as { security: object[] } | undefined)?.security;
    expect(document.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKeys = [{ bearerAuth: [] }, { apiKeyAuth: [] }];
    for (const [path, method] of [
      ['/api/items', 'get'],
      ['/api/items', 'post'],
      ['/api/items/stream', 'get'],
      ['/api/items/{id}', 'get'],
      ['/api/items/{id}', 'patch'],
      ['/api/items/{id}', 'delete'],
      ['/api/activity', 'get'],
    ] as const) {
      expect(securityOf(path, method), `${method} ${path}`).toEqual(withKeys);
    }
    for (const [path, method] of [
      ['/api/user', 'get'],
      ['/api/auth-user/sessions', 'get'],
      ['/api/workspaces', 'get'],
      ['/api/sub-users', 'get'],
      ['/api/sub-users', 'post'],
      ['/api/stripe-create-checkout-session', 'post'],
      ['/api/stripe-create-billing-session', 'post'],
      ['/api/api-keys', 'get'],
      ['/api/api-keys', 'post'],
      ['/api/api-keys/{id}', 'delete'],
    ] as const) {
      expect(securityOf(path, method), `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    type Responses = { responses: Record<string, { description: string }> };
    const refusals = (document.paths['/api/items']?.get as Responses | undefined)?.responses ?? {};
    expect(refusals['401']?.description).toContain('`auth/api-key-revoked`');
    expect(refusals['429']?.description).toContain('`api-keys/rate-limited`');
    const userRefusals = (document.paths['/api/user']?.get as Responses | undefined)?.responses ?? {};
    expect(userRefusals['403']?.description).toContain('`auth/api-key-not-allowed`');
  });

  it('renders as a page without any script', () => {
    const page = renderReferencePage(document);
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<code>/api/items/{id}</code>');
    expect(page).toContain('<a href="#schema-Item">Item</a>');
  });
});
