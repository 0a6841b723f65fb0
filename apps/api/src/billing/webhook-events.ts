import { z } from 'zod';

/**
 * The events that can change a customer's plan: the ones the Stripe webhook endpoint must send
 * (docs/deploy.md lists them; the release test checks the list). Others are acknowledged and left alone.
 */
export const planEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
const planEvents = new Set<string>(planEventTypes);

// Provider ids are short runs of visible ASCII (`cus_…`); anything else is not one, and a control
// character would make the database refuse the lookup.
const customerId = z.string().regex(/^[\x21-\x7e]{1,255}$/);

const planEvent = z.object({
  data: z.object({
    object: z.object({
      // By id, or expanded into the customer object.
      customer: z.union([customerId, z.object({ id: customerId }).transform((customer) => customer.id)]),
    }),
  }),
});

const eventHeading = z.object({ id: z.string().max(255).optional(), type: z.string().max(255) });

export type EventReading =
  | { isPlanEvent: true; id?: string; type: string; customer: string }
  | { isPlanEvent: false; id?: string; type?: string; reason: 'other-type' | 'unexpected-shape' };

/**
 * Reads the customer out of a verified event. Anything this product does not understand is
 * `isPlanEvent: false`, never an exception: the provider would redeliver it forever.
 */
export function readEvent(event: unknown): EventReading {
  const heading = eventHeading.safeParse(event);
  if (!heading.success) return { isPlanEvent: false, reason: 'unexpected-shape' };
  const { id, type } = heading.data;
  if (!planEvents.has(type)) return { isPlanEvent: false, id, type, reason: 'other-type' };
  const parsed = planEvent.safeParse(event);
  if (!parsed.success) return { isPlanEvent: false, id, type, reason: 'unexpected-shape' };
  return { isPlanEvent: true, id, type, customer: parsed.data.data.object.customer };
}
