import { createHash } from 'node:crypto';
import { apiDocument, referencePageStyles, renderReferencePage } from '@launchkit/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#api/config/app-config.ts';
import { route } from './route.ts';

/**
 * The API's own description, generated from the contract (packages/api-contract): the OpenAPI 3.1
 * document at /api/openapi.json, public and cacheable, and in embedded mode a reference page to read
 * at /api/docs (plain HTML, no script). Production mode registers no page and leaves the development
 * endpoints out of the document. Both are built on first request, not at start.
 */
export function registerApiDocumentRoutes(app: FastifyInstance, options: { mode: Config['mode'] }) {
  const isDevelopment = options.mode !== 'production';
  let document: ReturnType<typeof apiDocument> | undefined;
  const documentOnce = () => (document ??= apiDocument({ developmentRoutes: isDevelopment }));
  let json: string | undefined;

  route(app, 'getOpenApiDocument', {}, async (_input, _request, reply) => {
    json ??= JSON.stringify(documentOnce());
    return reply
      .header('Cache-Control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(json);
  });

  if (!isDevelopment) return;
  const styleHash = createHash('sha256').update(referencePageStyles, 'utf8').digest('base64');
  let page: string | undefined;
  route(app, 'getReferencePage', {}, async (_input, _request, reply) => {
    page ??= renderReferencePage(documentOnce());
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      )
      .send(page);
  });
}
