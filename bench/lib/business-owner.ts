import Stripe from 'stripe';
import type { startProduct } from '../../scripts/lib/product-server.mjs';
import { newSignedInUser, requestJson } from './identity.mjs';

type Product = Awaited<ReturnType<typeof startProduct>>;
export type BusinessOwner = Awaited<ReturnType<typeof newSignedInUser>> & { customer: string };

/** The SDK, pointed at the product's payment emulator. */
export function stripeOf(product: Product) {
  const { port } = new URL(product.paymentsOrigin);
  return new Stripe('sk_test_emulator', { host: 'localhost', port: Number(port), protocol: 'http' });
}

/**
 * A new person whose workspace is on a trial of the business plan, once the provider's webhook wrote
 * it: signed up, a customer made by starting a checkout, the trial started through the provider's API.
 */
export async function businessOwner(product: Product, label: string): Promise<BusinessOwner> {
  const person = await newSignedInUser(product.origin, label);
  await requestJson(`${product.origin}/api/user`, { token: person.token });
  await requestJson(`${product.origin}/api/stripe-create-checkout-session`, {
    method: 'POST',
    token: person.token,
    body: {
      priceId: 'price_business_monthly',
      successUrl: `${product.origin}/dashboard`,
      cancelUrl: `${product.origin}/pricing`,
    },
  });
  const stripe = stripeOf(product);
  const [customer] = (await stripe.customers.list({ email: person.email })).data;
  if (!customer) throw new Error('no customer at the payment emulator');
  await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_business_monthly', quantity: 1 }],
    trial_period_days: 14,
  });
  for (let tries = 0; ; tries += 1) {
    const user = (await requestJson(`${product.origin}/api/user`, { token: person.token })).data;
    if (user.stripeSubscriptionStatus === 'trialing') return { ...person, customer: customer.id };
    if (tries > 100) throw new Error('the plan never reached the product');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
