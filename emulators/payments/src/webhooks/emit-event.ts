import type { PaymentsContext } from '#payments/context.ts';
import { newId, realNow } from '#payments/ids.ts';
import type { EventRecord, StripeEventJson } from '#payments/storage/payments-state.ts';
import type { EventType } from './event-types.ts';
import { apiVersion } from './pinned-api-version.ts';

/** Where a change came from: an API request (named in the event's `request`) or the emulator itself. */
export type EventOrigin = { requestId: string | null; idempotencyKey: string | null };
export const automaticOrigin: EventOrigin = { requestId: null, idempotencyKey: null };

/** What an event is about: its origin, the customer it concerns (for filtering), what changed. */
export type EventAbout = {
  origin: EventOrigin;
  customer: string | null;
  previousAttributes?: Record<string, unknown>;
};

/** An event made ready before it is sent, with its object as it was at that moment. */
export type EmittedEvent = { type: EventType; object: object; previousAttributes?: Record<string, unknown> };

/**
 * Records an event and schedules its delivery to every endpoint that wants it. Deliveries start
 * after the current request's work (timers), so an answer never waits for them.
 */
export function emitEvent(
  context: PaymentsContext,
  type: EventType,
  object: object,
  options: EventAbout,
): EventRecord {
  const event: StripeEventJson = {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: realNow(),
    data: {
      object: object as Record<string, unknown>,
      ...(options.previousAttributes && { previous_attributes: options.previousAttributes }),
    },
    livemode: false,
    pending_webhooks: 0,
    request: { id: options.origin.requestId, idempotency_key: options.origin.idempotencyKey },
    type,
  };
  const record: EventRecord = { event, customer: options.customer };
  context.store.state.events.set(event.id, record);
  event.pending_webhooks = context.webhooks.enqueue(record);
  return record;
}

/** Sends prepared events in order. */
export function emitEvents(context: PaymentsContext, events: EmittedEvent[], about: EventAbout) {
  for (const event of events) {
    emitEvent(context, event.type, event.object, {
      ...about,
      ...(event.previousAttributes && { previousAttributes: event.previousAttributes }),
    });
  }
}

/** The top-level fields that differ, with their old values (an update event's previous_attributes). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const current = after as Record<string, unknown>;
  for (const key of Object.keys(old)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(current[key])) changed[key] = old[key];
  }
  return changed;
}
