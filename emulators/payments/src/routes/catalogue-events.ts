import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { emitEvent } from '#payments/webhooks/emit-event.ts';
import type { EventType } from '#payments/webhooks/event-types.ts';
import { originOf } from './route-helpers.ts';

/** The paging parameters of a catalogue list. */
export const listPage = ['limit', 'starting_after', 'ending_before'];

/** A product or price event: it concerns no customer; an update's says what `changed`. */
export function emitCatalogueEvent(
  context: PaymentsContext,
  request: FastifyRequest,
  type: EventType,
  object: object,
  changed?: Record<string, unknown>,
) {
  return emitEvent(context, type, object, {
    origin: originOf(request),
    customer: null,
    ...(changed && { previousAttributes: changed }),
  });
}
