import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { advanceCustomerClock } from '../billing/billing-clock.ts';
import { customerNow, liveCustomer } from '../billing/customers.ts';
import type { PaymentsContext } from '../context.ts';
import { isRecord, requestParams } from '../http/params.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  parameterUnknown,
  resourceMissing,
} from '../http/stripe-error.ts';

// Ten years: enough for any trial or renewal a test wants, small enough to stay a finite loop.
const maxAdvanceSeconds = 10 * 366 * 24 * 60 * 60;

const advanceSchema = z.object({
  customer: z.string().min(1).max(200),
  seconds: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(maxAdvanceSeconds)),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Endpoints that are not Stripe's: each customer's clock, and the record of webhook deliveries. */
export function registerEmulatorRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.post('/emulator/clock/advance', async (request) => {
    const raw = requestParams(request);
    if (!isRecord(raw)) throw invalidRequest('Invalid request: send {customer, seconds} as JSON or a form.');
    for (const key of Object.keys(raw)) {
      if (key !== 'customer' && key !== 'seconds') throw parameterUnknown(key);
    }
    if (raw.customer === undefined || raw.customer === '') throw parameterMissing('customer');
    if (raw.seconds === undefined || raw.seconds === '') throw parameterMissing('seconds');
    const parsed = advanceSchema.safeParse(raw);
    if (!parsed.success) {
      const param = parsed.error.issues[0]?.path[0] === 'customer' ? 'customer' : 'seconds';
      throw parameterInvalid(
        param,
        param === 'seconds'
          ? `Invalid seconds: must be a whole number from 1 to ${maxAdvanceSeconds}.`
          : 'Invalid customer: must be a customer id.',
      );
    }
    const customer = liveCustomer(state, parsed.data.customer);
    if (!customer) throw resourceMissing('customer', parsed.data.customer, 'customer');
    const now = advanceCustomerClock(context, customer, parsed.data.seconds);
    await context.store.save();
    return { customer: customer.id, now };
  });

  app.get('/emulator/clock', async (request) => {
    const raw = requestParams(request);
    const id = isRecord(raw) && typeof raw.customer === 'string' ? raw.customer : undefined;
    if (!id) throw parameterMissing('customer');
    const customer = liveCustomer(state, id);
    if (!customer) throw resourceMissing('customer', id, 'customer');
    return { customer: customer.id, now: customerNow(customer) };
  });

  app.get('/emulator/webhook-deliveries', async (request) => {
    const raw = requestParams(request);
    const event = isRecord(raw) && typeof raw.event === 'string' && raw.event ? raw.event : undefined;
    const attempts = [];
    for (const delivery of state.deliveries.values()) {
      if (event !== undefined && delivery.event !== event) continue;
      const type = state.events.get(delivery.event)?.event.type ?? null;
      for (const attempt of delivery.attempts) {
        attempts.push({
          event: delivery.event,
          type,
          endpoint: delivery.endpoint,
          url: attempt.url,
          status: attempt.status,
          error: attempt.error,
          attempt: attempt.attempt,
          at: iso(attempt.atMs),
          next_attempt_at: iso(attempt.nextAttemptAtMs),
          delivery: delivery.state,
        });
      }
    }
    attempts.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
    return {
      object: 'list',
      data: attempts.slice(-1000),
      has_more: attempts.length > 1000,
      url: '/emulator/webhook-deliveries',
    };
  });
}
