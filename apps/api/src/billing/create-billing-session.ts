import type { BillingSession, BillingSessionRequest } from '@launchkit/api-contract';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { AppError } from '#api/http/app-error.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { callProvider } from './provider-errors.ts';
import { ownSiteAddress, type SiteOrigins } from './return-url.ts';

/** docs/product.md §4 Billing tab, §7: the provider's billing portal for the user's own customer. */
export async function createBillingSession(
  deps: { db: Database; stripe: Stripe; site: SiteOrigins },
  request: FastifyRequest,
  user: UserRow,
  input: BillingSessionRequest,
): Promise<BillingSession> {
  const returnUrl = ownSiteAddress(deps.site, input.returnUrl, 'returnUrl');
  const customer = user.stripeCustomerId;
  if (!customer) {
    throw new AppError(
      409,
      'billing/no-customer',
      'You have no plan to manage yet. Choose a plan on the pricing page.',
    );
  }
  const session = await callProvider(request.log, 'open the billing portal', () =>
    deps.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
}
