import type { FastifyInstance } from 'fastify';
import {
  advanceTestClock,
  checkAdvanceTarget,
  createTestClock,
  deleteTestClock,
} from '#payments/billing/test-clocks.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, parameterMissing } from '#payments/http/stripe-error.ts';
import { testClockObject } from '#payments/objects/test-clock-object.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { answer, checkExpandRoots, customerParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

// Unix seconds from 2000 to 2100: far enough either way for any simulation.
const timeRange = { min: 946_684_800, max: 4_102_444_800 };

/**
 * Stripe's test clocks (`/v1/test_helpers/test_clocks`): create (optionally attaching an existing
 * customer), retrieve, list, advance, delete. Customers made with `test_clock` live on its frozen
 * time; advancing it runs their renewals, trial ends and cancellations.
 */
export function registerTestClockRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  const findClock = (id: string) => storedOrMissing(state.testClocks, 'test_helpers.test_clock', id);

  app.post('/v1/test_helpers/test_clocks', async (request) => {
    const params = paramsOf(request, ['frozen_time', 'name', 'customer']);
    const expand = params.expand();
    checkExpandRoots(expand, []);
    const frozenTime = params.integer('frozen_time', timeRange);
    if (frozenTime === undefined) throw parameterMissing('frozen_time');
    const name = params.text('name', { max: 300 }) ?? null;
    const customerId = params.text('customer', { max: 200 });
    const customer = customerId === undefined ? undefined : customerParam(context, customerId, 'customer');
    if (customer?.testClock) {
      throw invalidRequest(
        `The customer ${customer.id} is already attached to the test clock ${customer.testClock}; customers can't be removed from a test clock.`,
        { param: 'customer' },
      );
    }
    const clock = createTestClock(context, { frozenTime, name }, originOf(request));
    if (customer) customer.testClock = clock.id;
    return answer(context, testClockObject(clock), expand);
  });

  app.get('/v1/test_helpers/test_clocks/:id', async (request) =>
    answerRetrieved(context, request, () => testClockObject(findClock(idParam(request)))),
  );

  app.get('/v1/test_helpers/test_clocks', async (request) => {
    const params = paramsOf(request, ['limit', 'starting_after', 'ending_before']);
    return answerList(context, params, state.testClocks.values(), {
      url: '/v1/test_helpers/test_clocks',
      kind: 'test_helpers.test_clock',
      render: (clock) => testClockObject(clock),
    });
  });

  app.post('/v1/test_helpers/test_clocks/:id/advance', async (request) => {
    const params = paramsOf(request, ['frozen_time']);
    const expand = params.expand();
    checkExpandRoots(expand, []);
    const clock = findClock(idParam(request));
    const frozenTime = params.integer('frozen_time', timeRange);
    if (frozenTime === undefined) throw parameterMissing('frozen_time');
    checkAdvanceTarget(context, clock, frozenTime);
    const from = clock.frozenTime;
    advanceTestClock(context, clock, frozenTime, originOf(request));
    // Stripe answers before the work is done, with the clock still at its old time.
    return answer(
      context,
      testClockObject({ ...clock, frozenTime: from }, { advancingTo: frozenTime }),
      params.expand(),
    );
  });

  app.delete('/v1/test_helpers/test_clocks/:id', async (request) => {
    paramsOf(request, []);
    const clock = findClock(idParam(request));
    deleteTestClock(context, clock, originOf(request));
    await context.store.save();
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  });
}
