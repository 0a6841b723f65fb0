import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { resourceMissing } from '#payments/http/stripe-error.ts';
import { listPage } from '#payments/objects/list-object.ts';
import { answer, idParam, paramsOf } from './route-helpers.ts';

/** `customer.*` matches every customer event, as Stripe's type filter does. */
const typeMatches = (pattern: string, type: string) =>
  pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;

/** Events of the last 30 days: retrieve, list (`type`, `types[]`, pagination). */
export function registerEventRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/events/:id', async (request) => {
    const params = paramsOf(request, []);
    const record = state.events.get(idParam(request));
    if (!record) throw resourceMissing('event', idParam(request));
    return answer(context, structuredClone(record.event), params.expand(), { changed: false });
  });

  app.get('/v1/events', async (request) => {
    const params = paramsOf(request, ['type', 'types', 'limit', 'starting_after', 'ending_before']);
    const type = params.text('type', { max: 200 });
    const types = params.stringList('types', { max: 200 });
    const records = [...state.events.values()].filter(
      (record) =>
        (type === undefined || typeMatches(type, record.event.type)) &&
        (!types || types.some((each) => typeMatches(each, record.event.type))),
    );
    const list = listPage(
      records.map((record) => record.event),
      params.page(),
      { url: '/v1/events', kind: 'event', render: (event) => structuredClone(event) },
    );
    return answer(context, list, params.expand(), { changed: false });
  });
}
