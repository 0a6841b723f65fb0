import type { Params } from '#payments/http/params.ts';
import { invalidRequest, parameterMissing } from '#payments/http/stripe-error.ts';
import { randomToken } from '#payments/ids.ts';
import type { CheckoutSessionRecord } from '#payments/storage/payments-state.ts';
import { urlParam } from './route-helpers.ts';

// The Checkout Session parameters of Embedded Checkout, promotion codes and tax
// (docs.stripe.com/api/checkout/sessions/create): `ui_mode=embedded_page` with `return_url` (no
// success or cancel URL: the page is the site's own), `allow_promotion_codes`, `automatic_tax`,
// `tax_id_collection` and the `customer_update` they need with an existing customer.

export const checkoutOptionParams = [
  'return_url',
  'redirect_on_completion',
  'allow_promotion_codes',
  'automatic_tax',
  'tax_id_collection',
  'customer_update',
];

/** `success_url` of a hosted session; `return_url` of an embedded one, which has its client secret. */
export function completionParams(
  params: Params,
  uiMode: string,
): { successUrl: string; embedded?: { clientSecret: string } } {
  if (uiMode !== 'embedded_page') {
    if (params.has('return_url')) {
      throw invalidRequest('`return_url` can only be used with `ui_mode=embedded_page`.', {
        param: 'return_url',
      });
    }
    return { successUrl: urlParam(params.requiredText('success_url'), 'success_url') };
  }
  for (const hostedOnly of ['success_url', 'cancel_url']) {
    if (params.has(hostedOnly)) {
      throw invalidRequest(`\`${hostedOnly}\` cannot be used with \`ui_mode=embedded_page\`.`, {
        param: hostedOnly,
      });
    }
  }
  params.oneOf('redirect_on_completion', ['always']);
  const returnUrl = params.text('return_url');
  if (returnUrl === undefined) throw parameterMissing('return_url');
  return { successUrl: urlParam(returnUrl, 'return_url'), embedded: { clientSecret: '' } };
}

/** The client secret Stripe.js opens an embedded session with: `<id>_secret_<random>`. */
export const clientSecretFor = (sessionId: string) => `${sessionId}_secret_${randomToken(24)}`;

/** Promotion codes, automatic tax and tax id collection, as the session asks for them. */
export function checkoutExtrasParams(params: Params): Partial<CheckoutSessionRecord> {
  const allowPromotionCodes = params.boolean('allow_promotion_codes') ?? false;
  const automaticTax = params.object('automatic_tax', ['enabled'])?.boolean('enabled') ?? false;
  const taxIdCollection =
    params.object('tax_id_collection', ['enabled', 'required'])?.boolean('enabled') ?? false;
  const customerUpdate = params.object('customer_update', ['address', 'name', 'shipping']);
  for (const field of ['address', 'name', 'shipping']) customerUpdate?.oneOf(field, ['auto', 'never']);
  if (customerUpdate && !params.has('customer')) {
    throw invalidRequest('`customer_update` can only be used with `customer`.', { param: 'customer_update' });
  }
  return {
    ...(allowPromotionCodes && { allowPromotionCodes, promotionCode: null }),
    ...(automaticTax && { automaticTax }),
    ...(taxIdCollection && { taxIdCollection, taxId: null }),
  };
}
