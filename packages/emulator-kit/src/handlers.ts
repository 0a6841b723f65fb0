import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteGenericInterface,
} from 'fastify';

/** A route's handler as a named module function: the emulator's context first, then Fastify's pair. */
export type ContextHandler<Context, Route extends RouteGenericInterface = RouteGenericInterface> = (
  context: Context,
  request: FastifyRequest<Route>,
  reply: FastifyReply,
) => unknown;

/**
 * An emulator's routes as a table: `'METHOD /path'` to its handler, registered in the table's order.
 * (Handlers type their own params; the table only pairs them with paths.)
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler declares its own route generic
export type RouteTable<Context> = Record<string, ContextHandler<Context, any>>;

export function registerRoutes<Context>(app: FastifyInstance, context: Context, routes: RouteTable<Context>) {
  for (const [route, handler] of Object.entries(routes)) {
    const [method, url] = route.split(' ') as [HTTPMethods, string];
    app.route({ method, url, handler: (request, reply) => handler(context, request, reply) });
  }
}
