import { randomToken } from '#payments/ids.ts';
import { couponIsValid } from '#payments/objects/coupon-object.ts';
import type {
  CheckoutSessionRecord,
  CouponRecord,
  DiscountRecord,
  InvoiceLineRecord,
  PaymentsState,
  PromotionCodeRecord,
} from '#payments/storage/payments-state.ts';
import { addPeriods } from './calendar.ts';

// Coupons and promotion codes as Stripe applies them to a subscription's invoices
// (docs.stripe.com/billing/subscriptions/coupons): a percentage or an amount off the discountable
// lines (the period's, not prorations), on the first invoice (`once`), for N months (`repeating`) or
// on every invoice (`forever`).

/** Stripe's message on Checkout for a code it does not take. */
export const invalidCodeMessage = 'This code is invalid.';

/** The active, unexpired, not used-up promotion code with this code (case-insensitive, as Stripe's). */
export function redeemablePromotionCode(
  state: PaymentsState,
  code: string,
  now: number,
): { promotion: PromotionCodeRecord; coupon: CouponRecord } | undefined {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return undefined;
  for (const promotion of state.promotionCodes.values()) {
    if (promotion.code.toUpperCase() !== wanted || !promotion.active) continue;
    if (promotion.expiresAt !== null && promotion.expiresAt <= now) continue;
    if (promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions) continue;
    const coupon = state.coupons.get(promotion.coupon);
    if (coupon && couponIsValid(coupon, now)) return { promotion, coupon };
  }
  return undefined;
}

/** Redeems a promotion code for a new subscription: the discount it carries from `start` on. */
export function redeemPromotionCode(
  found: { promotion: PromotionCodeRecord; coupon: CouponRecord },
  start: number,
): DiscountRecord {
  const { promotion, coupon } = found;
  promotion.timesRedeemed += 1;
  coupon.timesRedeemed += 1;
  return {
    id: `di_${randomToken(24)}`,
    coupon: coupon.id,
    promotionCode: promotion.id,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    duration: coupon.duration,
    start,
    end:
      coupon.duration === 'repeating' && coupon.durationInMonths
        ? addPeriods(start, coupon.durationInMonths, 'month')
        : null,
    used: false,
  };
}

/** Whether a discount still applies to an invoice of the period starting at `periodStart`. */
export function discountApplies(discount: DiscountRecord | null | undefined, periodStart: number) {
  if (!discount) return false;
  if (discount.duration === 'once') return !discount.used;
  if (discount.duration === 'repeating') return discount.end === null || periodStart < discount.end;
  return true;
}

/** What a discount takes off an amount: a percentage (rounded to the cent) or a fixed amount. */
export function discountOff(discount: Pick<DiscountRecord, 'percentOff' | 'amountOff'>, amount: number) {
  if (amount <= 0) return 0;
  if (discount.percentOff !== null) return Math.round((amount * discount.percentOff) / 100);
  return Math.min(amount, discount.amountOff ?? 0);
}

/** The lines a discount applies to: the subscription's own, not prorations (Stripe's `discountable`). */
export const discountableAmount = (lines: InvoiceLineRecord[]) =>
  lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);

/**
 * What a completed Checkout gives its subscription: the discount of the code applied on the page
 * (redeemed now, if it still can be) and automatic tax.
 */
export function checkoutSubscriptionTerms(
  state: PaymentsState,
  session: CheckoutSessionRecord,
  now: number,
): { discount?: DiscountRecord; automaticTax?: true } {
  const promotion = session.promotionCode ? state.promotionCodes.get(session.promotionCode) : undefined;
  const found = promotion && redeemablePromotionCode(state, promotion.code, now);
  return {
    ...(found && { discount: redeemPromotionCode(found, now) }),
    ...(session.automaticTax && { automaticTax: true }),
  };
}
