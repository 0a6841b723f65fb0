import { type ScimEndpointEntry, scimEndpoints } from '@launchkit/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { currentWorkspaceLimits, rateLimitHeaders } from '#api/access/workspace-limits.ts';
import { validate } from '#api/http/validate.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { createScimAuthenticate, type ScimCaller, scimCallerOf } from './scim-caller.ts';
import { resourceTypes, schemaDocuments, serviceProviderConfig } from './scim-discovery.ts';
import { ScimError, scimErrorBody, toScimError } from './scim-error.ts';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim-groups.ts';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ScimDeps,
} from './scim-users.ts';

export const scimBasePath = '/scim/v2';
const scimContentType = 'application/scim+json; charset=utf-8';

type RequestParts = { params?: unknown; query?: unknown; body?: unknown };
type ParsedOf<E> = E extends { request: infer R }
  ? { [P in keyof R]: R[P] extends z.ZodType ? z.output<R[P]> : never }
  : Record<string, never>;
type Handler<E> = (input: ParsedOf<E>, caller: ScimCaller) => Promise<unknown>;
type Handlers = { [E in ScimEndpointEntry as E['id']]: Handler<E> };

function handlersOf(deps: ScimDeps, documentationUri: string): Handlers {
  const { base } = deps;
  return {
    scimServiceProviderConfig: async () => serviceProviderConfig(base, documentationUri),
    scimResourceTypes: async () => resourceTypes(base),
    scimSchemas: async () => schemaDocuments(base),
    scimListUsers: ({ query }, caller) => listScimUsers(deps, caller, query),
    scimCreateUser: ({ body }, caller) => createScimUser(deps, caller, body),
    scimGetUser: ({ params }, caller) => getScimUser(deps, caller, params.id),
    scimReplaceUser: ({ params, body }, caller) => replaceScimUser(deps, caller, params.id, body),
    scimPatchUser: ({ params, body }, caller) => patchScimUser(deps, caller, params.id, body),
    scimDeleteUser: ({ params }, caller) => deleteScimUser(deps, caller, params.id),
    scimListGroups: ({ query }, caller) => listScimGroups(deps, caller, query),
    scimCreateGroup: ({ body }, caller) => createScimGroup(deps, caller, body),
    scimGetGroup: ({ params }, caller) => getScimGroup(deps, caller, params.id),
    scimReplaceGroup: ({ params, body }, caller) => replaceScimGroup(deps, caller, params.id, body),
    scimPatchGroup: ({ params, body }, caller) => patchScimGroup(deps, caller, params.id, body),
    scimDeleteGroup: async ({ params }) => deleteScimGroup(params.id),
  };
}

/** Validates each request part against the contract entry's schema: a SCIM 400 `invalidValue` if not. */
function parsedParts(entry: ScimEndpointEntry, request: FastifyRequest) {
  const schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType } =
    'request' in entry ? entry.request : {};
  const parsed: RequestParts = {};
  if (schemas.params) parsed.params = validate(schemas.params, request.params);
  if (schemas.query) parsed.query = validate(schemas.query, request.query);
  if (schemas.body) {
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      throw new ScimError(400, 'The request body must be a JSON object.', 'invalidSyntax');
    }
    parsed.body = validate(schemas.body, request.body);
  }
  return parsed;
}

/**
 * Each token's budget of requests a minute (SCIM_RATE_LIMIT_PER_MINUTE, docs/limits.md), counted as
 * the workspaces' budgets are (shared through Redis when it is set); past it, 429 in SCIM's shape with
 * `Retry-After`.
 */
const limitPerToken =
  (perMinute: number): preHandlerAsyncHookHandler =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const limits = currentWorkspaceLimits();
    if (!limits) return;
    const use = await limits.spend('scim-requests', scimCallerOf(request).tokenId, perMinute);
    reply.headers(rateLimitHeaders(use));
    if (!use.allowed) {
      throw new ScimError(
        429,
        `This SCIM token made ${use.limit} requests in the last minute, the most allowed. Please wait ${use.resetSeconds} seconds and try again.`,
      );
    }
  };

export type ScimRouteDeps = Omit<ScimDeps, 'base'> & {
  plans: PlanCatalogue;
  siteOrigin: string;
  scimRequestsPerMinute: number;
};

/**
 * The SCIM service (RFC 7644) at /scim/v2, in a scope of its own: SCIM's content type is parsed as
 * JSON, and every refusal, ours or Fastify's, answers in SCIM's error shape (decision 0056) rather
 * than the product's envelope. Each route is an entry of `scimEndpoints`, registered from it.
 */
export async function registerScimRoutes(app: FastifyInstance, deps: ScimRouteDeps) {
  const scimDeps: ScimDeps = { ...deps, base: `${deps.siteOrigin}${scimBasePath}` };
  const handlers = handlersOf(scimDeps, `${deps.siteOrigin}/docs/scim`);
  const authenticate = createScimAuthenticate(deps);
  const limit = limitPerToken(deps.scimRequestsPerMinute);
  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/scim+json',
        { parseAs: 'string' },
        scope.getDefaultJsonParser('error', 'error'),
      );
      scope.setErrorHandler((error, request, reply) => {
        const scim = toScimError(error);
        if (scim.statusCode >= 500) request.log.error({ err: error }, 'SCIM request failed');
        else
          request.log.info({ statusCode: scim.statusCode, scimType: scim.scimType }, 'SCIM request refused');
        if (scim.headers) reply.headers(scim.headers);
        return reply.status(scim.statusCode).type(scimContentType).send(scimErrorBody(scim));
      });
      scope.setNotFoundHandler({ preHandler: authenticate }, (request, reply) =>
        reply
          .status(404)
          .type(scimContentType)
          .send(
            scimErrorBody(
              new ScimError(404, `There is no SCIM endpoint ${request.method} ${request.url.split('?')[0]}.`),
            ),
          ),
      );
      for (const entry of scimEndpoints) {
        const handler = handlers[entry.id] as (input: RequestParts, caller: ScimCaller) => Promise<unknown>;
        scope.route({
          method: entry.method,
          url: entry.path.slice(scimBasePath.length),
          preHandler: [authenticate, limit],
          handler: async (request, reply) => {
            const answer = await handler(parsedParts(entry, request), scimCallerOf(request));
            reply.status(entry.status).type(scimContentType);
            // RFC 7644 §3.3: a created resource's URI is in Location as well as in meta.location.
            const location = (answer as { meta?: { location?: string } } | undefined)?.meta?.location;
            if (entry.status === 201 && location) reply.header('location', location);
            return entry.status === 204 ? reply.send() : JSON.stringify(answer);
          },
        });
      }
    },
    { prefix: scimBasePath },
  );
}
