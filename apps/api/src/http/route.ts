import { type ContractEndpoint, endpoints } from '@launchkit/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { validate } from './validate.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry the route was registered for (route() below). */
    endpointId?: string;
  }
}

/**
 * The preHandler of a `bearer` route: it tells who calls (caller/authenticate.ts, or the signed-in check
 * built on it) or refuses. http/ knows only its shape, so the plumbing stays below who calls.
 */
export type Authenticate = (request: FastifyRequest) => Promise<void>;

export type EndpointId = ContractEndpoint['id'];
type EndpointOf<Id extends EndpointId> = Extract<ContractEndpoint, { id: Id }>;
type RequestPart = 'params' | 'query' | 'body';

/** A request part as the entry's schema reads it; undefined when the entry declares no schema for it. */
type PartOf<E, Part extends RequestPart> = E extends {
  request: { [P in Part]: infer Schema extends z.ZodType };
}
  ? z.output<Schema>
  : undefined;

/**
 * What a handler receives: the request's params, query and body, validated against the contract entry.
 * Nothing for a `stripe-signature` route: its body is raw bytes until the handler checks the signature.
 */
export type RouteInput<E, Body = PartOf<E, 'body'>> = E extends { auth: 'stripe-signature' }
  ? { params: undefined; query: undefined; body: undefined }
  : { params: PartOf<E, 'params'>; query: PartOf<E, 'query'>; body: Body };

/**
 * Who may call, as the entry's `auth` says: `bearer` needs the authenticate preHandler; `loopback`
 * a guard run before anything is validated; `public` nothing; `stripe-signature` nothing here either:
 * the handler checks the signature on the raw body (it is what turns the body into an event), and
 * route() validates none of its request (nor any route's headers).
 */
type AccessOf<E extends ContractEndpoint> = E['auth'] extends 'bearer'
  ? { authenticate: Authenticate }
  : E['auth'] extends 'loopback'
    ? { guard: (request: FastifyRequest) => void }
    : unknown;

/** Options only, picked by name: a route file may pass its whole deps object (`{ authenticate, db, … }`). */
export type RouteOptions<E extends ContractEndpoint, Body> = AccessOf<E> &
  Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'exposeHeadRoute'> & {
    /** Reads the body instead of the entry's schema: for a union, whose branch the body's keys choose. */
    parseBody?: (body: unknown) => Body;
  };

export type RouteHandler<E, Body> = (
  input: RouteInput<E, Body>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

const endpointsById = new Map<string, ContractEndpoint>(
  endpoints.map((entry) => [entry.id, entry as ContractEndpoint]),
);

/**
 * Registers the route of one contract entry (packages/api-contract), by its id: its method and path,
 * its authentication (`auth`), the validation of its params, query and body with the entry's schemas
 * (in that order, after authentication; the error envelopes of `validate`), and its answer status.
 * The route file states only what is particular to it: the handler, and options such as a rate limit.
 * The route's `config.endpointId` names the entry (api-document-routes.test.ts checks each is
 * registered exactly once).
 */
export function route<const Id extends EndpointId, Body = PartOf<EndpointOf<Id>, 'body'>>(
  app: FastifyInstance,
  id: Id,
  options: RouteOptions<EndpointOf<Id>, Body>,
  handler: RouteHandler<EndpointOf<Id>, Body>,
) {
  const entry = endpointsById.get(id);
  if (!entry) throw new Error(`route(): no contract entry with the id ${id}`);
  const {
    authenticate,
    guard,
    parseBody,
    config,
    bodyLimit,
    exposeHeadRoute,
  }: {
    authenticate?: Authenticate;
    guard?: (request: FastifyRequest) => void;
    parseBody?: (body: unknown) => unknown;
  } & Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'exposeHeadRoute'> = options;
  if ((entry.auth === 'bearer') !== Boolean(authenticate)) {
    throw new Error(`route(): ${id} is ${entry.auth}: the authenticate preHandler is for bearer routes only`);
  }
  if ((entry.auth === 'loopback') !== Boolean(guard)) {
    throw new Error(`route(): ${id} is ${entry.auth}: a guard is for loopback routes only`);
  }
  // A signed route's schemas describe the event for the document; the handler reads the raw bytes.
  const schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType } =
    'request' in entry && entry.auth !== 'stripe-signature' ? entry.request : {};
  const status = entry.answer.status;

  app.route({
    method: entry.method,
    url: entry.path,
    ...(bodyLimit !== undefined && { bodyLimit }),
    ...(exposeHeadRoute !== undefined && { exposeHeadRoute }),
    ...(authenticate && { preHandler: authenticate }),
    config: { ...config, endpointId: entry.id },
    handler: async (request, reply) => {
      guard?.(request);
      const input = {
        params: schemas.params && validate(schemas.params, request.params),
        query: schemas.query && validate(schemas.query, request.query),
        body: parseBody ? parseBody(request.body) : schemas.body && validate(schemas.body, request.body),
      } as RouteInput<EndpointOf<Id>, Body>;
      const answer = await handler(input, request, reply);
      if (status !== 200 && !reply.sent) reply.code(status);
      return answer;
    },
  });
}
