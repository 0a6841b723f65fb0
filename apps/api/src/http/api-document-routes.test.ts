import { apiDocument, endpoints, scimEndpoints } from '@launchkit/api-contract';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { registerApiDocumentRoutes } from './api-document-routes.ts';

let api: TestApp;
const registered = new Set<string>();
/** Every /api route as `METHOD /path` with the contract entry it was registered for (route.ts), if any. */
const registrations: { route: string; endpointId: string | undefined }[] = [];

/** Every /scim/v2 route (docs/scim.md) as `METHOD /path`; HEAD twins aside. */
const scimRoutes = new Set<string>();

/** Every /api route as `METHOD /path`, as Fastify registers it; HEAD twins of GET routes aside. */
const collect = (route: RouteOptions) => {
  if (route.url.startsWith('/scim/v2/')) {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') scimRoutes.add(`${method} ${route.url}`);
  }
  if (!route.url.startsWith('/api/') && route.url !== '/api') return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    registered.add(`${method} ${route.url}`);
    registrations.push({ route: `${method} ${route.url}`, endpointId: route.config?.endpointId });
  }
};

beforeAll(async () => {
  api = await startTestApp({}, { onRoute: collect });
});
afterAll(async () => api?.close());

describe('the API contract and the registered routes', () => {
  it('registers the development routes here, so the whole route table is compared', () => {
    expect(api.config.mode).toBe('embedded');
    expect(api.config.mail.transport).toBe('outbox');
  });

  it('has a contract entry for every /api route, and a route for every entry', () => {
    const contract = new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const withoutEntry = [...registered].filter((route) => !contract.has(route));
    const withoutRoute = [...contract].filter((route) => !registered.has(route));
    expect(withoutEntry, 'routes without a contract entry (packages/api-contract)').toEqual([]);
    expect(withoutRoute, 'contract entries without a route').toEqual([]);
    expect(registered.size).toBeGreaterThan(15);
  });

  it('registers exactly the SCIM contract entries at /scim/v2, outside the OpenAPI document', () => {
    const contract = scimEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...scimRoutes].toSorted()).toEqual(contract.toSorted());
    expect(
      Object.keys(apiDocument({ developmentRoutes: true }).paths).filter((path) => path.startsWith('/scim')),
    ).toEqual([]);
  });

  it('registers every contract entry exactly once, through route() with its own method and path', () => {
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, `${endpoint.method} ${endpoint.path}`]));
    const byHand = registrations
      .filter(({ endpointId }) => endpointId === undefined)
      .map(({ route }) => route);
    expect(byHand, '/api routes registered without route() (apps/api/src/http/route.ts)').toEqual([]);
    const ids = registrations.map(({ endpointId }) => endpointId);
    expect(ids.toSorted()).toEqual(endpoints.map((endpoint) => endpoint.id).toSorted());
    for (const { route, endpointId } of registrations) {
      expect(route, `the route of ${endpointId}`).toBe(byId.get(endpointId ?? ''));
    }
  });

  it('serves the OpenAPI document as JSON, cacheable', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual(apiDocument({ developmentRoutes: true }));
    expect(response.json().paths['/api/dev/outbox']).toBeDefined();
  });

  it('serves a reference page in embedded mode, plain HTML under a CSP without scripts', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<code>/api/stripe-webhook</code>');
    expect(response.body).not.toMatch(/<script/i);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
  });
});

describe('in production mode', () => {
  it('has no reference page, and the document leaves the development endpoints out', async () => {
    const app = Fastify({ logger: false });
    registerApiDocumentRoutes(app, { mode: 'production' });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().paths['/api/dev/outbox']).toBeUndefined();
    expect(document.json().paths['/api/docs']).toBeUndefined();
    await app.close();
  });
});
