import type Stripe from 'stripe';
import type { EmulatorUrls } from '#payments/emulator-urls.ts';
import type { PortalFlow, PortalSessionRecord } from '#payments/storage/payments-state.ts';

function flowObject(flow: PortalFlow): Stripe.BillingPortal.Session.Flow {
  const after = flow.afterCompletion;
  return {
    after_completion: {
      hosted_confirmation: after.type === 'hosted_confirmation' ? { custom_message: after.message } : null,
      redirect: after.type === 'redirect' ? { return_url: after.returnUrl } : null,
      type: after.type,
    },
    customer_update: null,
    subscription_cancel: null,
    subscription_pause: null,
    subscription_update: null,
    subscription_update_confirm: null,
    type: flow.type,
  };
}

export function portalSessionObject(
  urls: EmulatorUrls,
  session: PortalSessionRecord,
): Stripe.BillingPortal.Session {
  return {
    id: session.id,
    object: 'billing_portal.session',
    configuration: 'bpc_emulator_default',
    created: session.created,
    customer: session.customer,
    customer_account: null,
    flow: session.flow ? flowObject(session.flow) : null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: urls.portalPage(session.id),
  };
}
