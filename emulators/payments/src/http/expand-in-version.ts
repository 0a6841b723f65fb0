import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { expandOlderPaths, mayNameOlderFields } from '#payments/objects/expand-in-version.ts';
import { isRecord } from './params.ts';

const deferred = new WeakMap<FastifyRequest, string[]>();

/** `expand` as qs parses it: `expand[]=a`, `expand[0]=a`, `expand=a`, or a hash of indices. */
function expandList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.every((each) => typeof each === 'string') ? value : undefined;
  if (isRecord(value)) return expandList(Object.values(value));
  return undefined;
}

/**
 * For a request in `version` (the answered one): its `expand` paths that may name an older version's
 * field are taken out before the handler reads them and expanded on its answer (objects/
 * expand-in-version.ts), before the rendering step turns the answer into that version's shape.
 */
export function registerOlderExpansions(
  app: FastifyInstance,
  context: PaymentsContext,
  versionOf: (request: FastifyRequest) => string,
) {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url?.startsWith('/v1/')) return;
    const params = request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;
    if (!isRecord(params) || params.expand === undefined) return;
    const version = versionOf(request);
    const paths = expandList(params.expand);
    const older = paths?.filter((path) => mayNameOlderFields(version, path)) ?? [];
    if (older.length === 0 || !paths) return;
    params.expand = paths.filter((path) => !older.includes(path));
    deferred.set(request, older);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    const older = deferred.get(request);
    if (!older || reply.statusCode >= 400) return payload;
    return expandOlderPaths(context, payload, older);
  });
}
