import type { PaymentsContext } from '#payments/context.ts';

/**
 * The ids of objects too new to be searchable: Stripe documents that "under normal operating
 * conditions, data is searchable in less than a minute" and warns against searching right after a
 * write (docs.stripe.com/search, Data freshness). With PAYMENTS_SEARCH_DELAY_MS above 0 the emulator
 * lags the same way: an object is found only once its `*.created` event is that old. Event times are
 * whole seconds, so an object counts as made at the end of its second: it stays hidden at least the
 * delay (and at most a second more), never less. Updates show at once: the emulator keeps no
 * snapshot of what an object was.
 */
export function notYetSearchable(context: PaymentsContext, nowMs = Date.now()): Set<string> {
  const delayMs = context.config.searchDelayMs;
  const hidden = new Set<string>();
  if (delayMs <= 0) return hidden;
  for (const { event } of context.store.state.events.values()) {
    if (!event.type.endsWith('.created')) continue;
    const madeByMs = (event.created + 1) * 1000;
    const id = event.data.object.id;
    if (madeByMs + delayMs > nowMs && typeof id === 'string') hidden.add(id);
  }
  return hidden;
}
