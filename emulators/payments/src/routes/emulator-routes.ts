import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import { advanceTestClockBy, clockOfCustomer } from '#payments/billing/test-clocks.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { isRecord, requestParams } from '#payments/http/params.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  parameterUnknown,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { originOf } from './route-helpers.ts';

// Ten years: enough for any trial or renewal a test wants, small enough to stay a finite loop.
const maxAdvanceSeconds = 10 * 366 * 24 * 60 * 60;

const advanceSchema = z.object({
  customer: z.string().min(1).max(200),
  seconds: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(maxAdvanceSeconds)),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Endpoints that are not Stripe's: the record of webhook deliveries, and the deprecated per-customer
 * clock (`POST /emulator/clock/advance`), now a thin alias over Stripe's test clocks kept until every
 * caller uses `testHelpers.testClocks` (it attaches a clock to the customer when it has none, which
 * `testClocks.create({customer})` does in Stripe, and advances it in steps Stripe would accept).
 */
export function registerEmulatorRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.post('/emulator/clock/advance', async (request, reply) => {
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
    request.log.warn(
      'POST /emulator/clock/advance is deprecated: use Stripe test clocks (testHelpers.testClocks)',
    );
    const origin = originOf(request);
    const clock = clockOfCustomer(context, customer, origin);
    const now = advanceTestClockBy(context, clock, parsed.data.seconds, origin);
    await context.store.save();
    reply.header('Deprecation', 'true');
    return { customer: customer.id, test_clock: clock.id, now };
  });

  app.get('/emulator/clock', async (request) => {
    const raw = requestParams(request);
    const id = isRecord(raw) && typeof raw.customer === 'string' ? raw.customer : undefined;
    if (!id) throw parameterMissing('customer');
    const customer = liveCustomer(state, id);
    if (!customer) throw resourceMissing('customer', id, 'customer');
    return { customer: customer.id, test_clock: customer.testClock, now: customerNow(state, customer) };
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
