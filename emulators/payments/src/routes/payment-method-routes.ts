import type { FastifyInstance } from 'fastify';
import { attachPaymentMethod, detachPaymentMethod } from '#payments/billing/payment-methods.ts';
import { testPaymentMethods } from '#payments/billing/test-cards.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, parameterMissing, resourceMissing } from '#payments/http/stripe-error.ts';
import { paymentMethodObject } from '#payments/objects/customer-object.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { answer, customerParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const page = ['limit', 'starting_after', 'ending_before'];

/**
 * Cards outside Checkout (docs.stripe.com/api/payment_methods): list (`customer`, `type=card`),
 * retrieve, attach to a customer (a stored card, or a Stripe test PaymentMethod such as
 * `pm_card_visa` or `pm_card_chargeCustomerFail`, which becomes a new card; a card the bank declines
 * is refused), detach.
 */
export function registerPaymentMethodRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/payment_methods', async (request) => {
    const params = paramsOf(request, ['customer', 'type', 'allow_redisplay', ...page]);
    const customer = params.text('customer', { max: 200 });
    if (customer !== undefined) customerParam(context, customer, 'customer');
    const type = params.text('type', { max: 100 });
    if (type !== undefined && type !== 'card') {
      throw invalidRequest('The payments emulator holds card payment methods only.', { param: 'type' });
    }
    params.oneOf('allow_redisplay', ['always', 'limited', 'unspecified']);
    const methods = [...state.paymentMethods.values()].filter(
      (method) => customer === undefined || method.customer === customer,
    );
    return answerList(context, params, methods, {
      url: '/v1/payment_methods',
      kind: 'payment method',
      render: paymentMethodObject,
    });
  });

  app.get('/v1/payment_methods/:id', async (request) =>
    answerRetrieved(context, request, () =>
      paymentMethodObject(storedOrMissing(state.paymentMethods, 'payment_method', idParam(request))),
    ),
  );

  app.post('/v1/payment_methods/:id/attach', async (request) => {
    const params = paramsOf(request, ['customer']);
    const customerId = params.text('customer', { max: 200 });
    if (customerId === undefined) throw parameterMissing('customer');
    const customer = customerParam(context, customerId, 'customer');
    const id = idParam(request);
    // The id in the URL names the card: 404 for an unknown one, as for any object in a URL.
    if (!state.paymentMethods.has(id) && !(id in testPaymentMethods))
      throw resourceMissing('payment_method', id);
    const method = attachPaymentMethod(context, { id, param: 'id', customer, origin: originOf(request) });
    return answer(context, paymentMethodObject(method), params.expand());
  });

  app.post('/v1/payment_methods/:id/detach', async (request) => {
    const params = paramsOf(request, []);
    const method = storedOrMissing(state.paymentMethods, 'payment_method', idParam(request));
    if (method.customer === null) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        { code: 'payment_method_unexpected_state' },
      );
    }
    detachPaymentMethod(context, method, originOf(request));
    return answer(context, paymentMethodObject(method), params.expand());
  });
}
