import type Stripe from 'stripe';
import { discountOff } from '#payments/billing/discounts.ts';
import { taxOn } from '#payments/billing/tax.ts';
import type { CheckoutSessionRecord, CouponRecord, PaymentsState } from '#payments/storage/payments-state.ts';

/** The coupon of the promotion code applied on the page, if any. */
export function checkoutCoupon(
  state: PaymentsState,
  session: CheckoutSessionRecord,
): CouponRecord | undefined {
  const promotion = session.promotionCode ? state.promotionCodes.get(session.promotionCode) : undefined;
  return promotion ? state.coupons.get(promotion.coupon) : undefined;
}

/** What is due now with the applied code and the tax: subtotal, discount, tax, total. */
export function checkoutTotals(state: PaymentsState, session: CheckoutSessionRecord, dueNow: number) {
  const coupon = checkoutCoupon(state, session);
  const discount = coupon ? discountOff(coupon, dueNow) : 0;
  const tax = session.automaticTax ? taxOn(dueNow - discount) : 0;
  return { subtotal: dueNow, discount, tax, total: dueNow - discount + tax };
}

/**
 * The fields of Embedded Checkout, promotion codes and tax on a Checkout Session, over the plain ones
 * of a hosted session that asked for none of them.
 */
export function checkoutExtrasFields(
  state: PaymentsState,
  session: CheckoutSessionRecord,
  dueNow: number,
): Partial<Stripe.Checkout.Session> {
  const totals = checkoutTotals(state, session, dueNow);
  const coupon = checkoutCoupon(state, session);
  const embedded = session.embedded
    ? {
        client_secret: session.embedded.clientSecret,
        redirect_on_completion: 'always' as const,
        return_url: session.successUrl,
        success_url: null,
        ui_mode: 'embedded_page' as const,
        url: null,
      }
    : {};
  return {
    allow_promotion_codes: session.allowPromotionCodes ?? null,
    amount_subtotal: totals.subtotal,
    amount_total: totals.total,
    automatic_tax: session.automaticTax
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'complete' }
      : { enabled: false, liability: null, provider: null, status: null },
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: session.promotionCode ?? null }] : [],
    ...(session.taxIdCollection && { tax_id_collection: { enabled: true, required: 'never' } }),
    total_details: { amount_discount: totals.discount, amount_shipping: 0, amount_tax: totals.tax },
    ...embedded,
  };
}
