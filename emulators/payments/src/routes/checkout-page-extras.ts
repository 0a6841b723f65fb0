import { emulatorTaxPercent } from '#payments/billing/tax.ts';
import { checkoutCoupon, checkoutTotals } from '#payments/objects/checkout-session-extras.ts';
import { checkoutAmounts } from '#payments/objects/checkout-session-object.ts';
import type { CheckoutExtras } from '#payments/pages/checkout-extras-fields.ts';
import type { CheckoutSessionRecord, PaymentsState } from '#payments/storage/payments-state.ts';

/** The page's own path: the session id for the hosted page, the client secret for the embedded one. */
export const checkoutBasePath = (session: CheckoutSessionRecord) =>
  session.embedded ? `/c/embed/${session.embedded.clientSecret}` : `/c/pay/${session.id}`;

/** What the page shows of the session's promotion code, discount and tax. */
export function checkoutExtrasOf(state: PaymentsState, session: CheckoutSessionRecord): CheckoutExtras {
  const { dueNow } = checkoutAmounts(state, session);
  const totals = checkoutTotals(state, session, dueNow);
  const coupon = checkoutCoupon(state, session);
  const promotion = session.promotionCode ? state.promotionCodes.get(session.promotionCode) : undefined;
  return {
    basePath: checkoutBasePath(session),
    currency: state.prices.get(session.lineItems[0]?.price ?? '')?.currency ?? 'usd',
    dueToday: totals.total,
    promotion: {
      allowed: session.allowPromotionCodes ?? false,
      applied:
        coupon && promotion
          ? { code: promotion.code, percentOff: coupon.percentOff, amountOff: coupon.amountOff }
          : null,
      discount: totals.discount,
    },
    tax: session.automaticTax ? { percent: emulatorTaxPercent, amount: totals.tax } : null,
    taxIdCollection: session.taxIdCollection ?? false,
  };
}
