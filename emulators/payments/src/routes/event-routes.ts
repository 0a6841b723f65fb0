import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

/** `customer.*` matches every customer event, as Stripe's type filter does. */
const typeMatches = (pattern: string, type: string) =>
  pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;

/** Events of the last 30 days: retrieve, list (`type`, `types[]`, pagination). */
export function registerEventRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/events/:id', async (request) =>
    answerRetrieved(context, request, () =>
      structuredClone(storedOrMissing(state.events, 'event', idParam(request)).event),
    ),
  );

  app.get('/v1/events', async (request) => {
    const params = paramsOf(request, ['type', 'types', 'limit', 'starting_after', 'ending_before']);
    const type = params.text('type', { max: 200 });
    const types = params.stringList('types', { max: 200 });
    const records = [...state.events.values()].filter(
      (record) =>
        (type === undefined || typeMatches(type, record.event.type)) &&
        (!types || types.some((each) => typeMatches(each, record.event.type))),
    );
    return answerList(
      context,
      params,
      records.map((record) => record.event),
      { url: '/v1/events', kind: 'event', render: (event) => structuredClone(event) },
    );
  });
}
