import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import { parameterInvalid, parameterMissing } from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { portalSessionObject } from '#payments/objects/portal-session-object.ts';
import type { PortalFlow, PortalSessionRecord } from '#payments/storage/payments-state.ts';
import { answer, checkExpandRoots, customerParam, paramsOf, urlParam } from './route-helpers.ts';

/**
 * `flow_data` (docs.stripe.com/customer-management/portal-deep-links): `type` payment_method_update,
 * the one deep link the emulator's portal has; `after_completion[type]` portal_homepage (the default),
 * redirect (`[redirect][return_url]`) or hosted_confirmation (`[hosted_confirmation][custom_message]`).
 */
function flowParam(flowData: Params | undefined): PortalFlow | null {
  if (!flowData) return null;
  const type = flowData.oneOf('type', [
    'payment_method_update',
    'subscription_cancel',
    'subscription_update',
    'subscription_update_confirm',
  ]);
  if (type === undefined) throw parameterMissing('flow_data[type]');
  if (type !== 'payment_method_update') {
    throw parameterInvalid(
      'flow_data[type]',
      "The payments emulator's portal deep-links to payment_method_update only.",
    );
  }
  const after = flowData.object('after_completion', ['type', 'redirect', 'hosted_confirmation']);
  const afterType =
    after?.oneOf('type', ['portal_homepage', 'redirect', 'hosted_confirmation']) ?? 'portal_homepage';
  if (afterType === 'redirect') {
    const redirect = after?.object('redirect', ['return_url']);
    const returnUrl = redirect?.text('return_url');
    if (returnUrl === undefined) throw parameterMissing('flow_data[after_completion][redirect][return_url]');
    return {
      type,
      afterCompletion: {
        type: 'redirect',
        returnUrl: urlParam(returnUrl, 'flow_data[after_completion][redirect][return_url]'),
      },
      completed: false,
    };
  }
  if (afterType === 'hosted_confirmation') {
    const message = after
      ?.object('hosted_confirmation', ['custom_message'])
      ?.text('custom_message', { max: 500 });
    return {
      type,
      afterCompletion: { type: 'hosted_confirmation', message: message ?? null },
      completed: false,
    };
  }
  return { type, afterCompletion: { type: 'portal_homepage' }, completed: false };
}

/** Billing portal sessions: create (`flow_data` for the card update); the portal is a hosted page. */
export function registerBillingPortalRoutes(app: FastifyInstance, context: PaymentsContext) {
  app.post('/v1/billing_portal/sessions', async (request) => {
    const params = paramsOf(request, ['customer', 'return_url', 'locale', 'flow_data']);
    const expand = params.expand();
    checkExpandRoots(expand, ['configuration']);
    const customer = customerParam(context, params.requiredText('customer', { max: 200 }), 'customer');
    const returnText = params.text('return_url');
    params.text('locale', { max: 10 });
    const session: PortalSessionRecord = {
      id: newId('bps'),
      created: realNow(),
      customer: customer.id,
      returnUrl: returnText === undefined ? null : urlParam(returnText, 'return_url'),
      flow: flowParam(params.object('flow_data', ['type', 'after_completion'])),
    };
    context.store.state.portalSessions.set(session.id, session);
    return answer(context, portalSessionObject(context.urls, session), expand);
  });
}
