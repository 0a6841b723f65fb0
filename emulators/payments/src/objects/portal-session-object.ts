import type Stripe from 'stripe';
import type { EmulatorUrls } from '#payments/emulator-urls.ts';
import type { PortalSessionRecord } from '#payments/storage/payments-state.ts';

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
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: urls.portalPage(session.id),
  };
}
