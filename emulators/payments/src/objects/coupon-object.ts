import type Stripe from 'stripe';
import type { CouponRecord, PromotionCodeRecord } from '#payments/storage/payments-state.ts';

/** Whether a coupon can still be redeemed: not past `redeem_by`, not used up. */
export const couponIsValid = (coupon: CouponRecord, now: number) =>
  (coupon.redeemBy === null || coupon.redeemBy > now) &&
  (coupon.maxRedemptions === null || coupon.timesRedeemed < coupon.maxRedemptions);

export function couponObject(coupon: CouponRecord, now: number): Stripe.Coupon {
  return {
    id: coupon.id,
    object: 'coupon',
    amount_off: coupon.amountOff,
    created: coupon.created,
    currency: coupon.currency,
    duration: coupon.duration,
    duration_in_months: coupon.durationInMonths,
    livemode: false,
    max_redemptions: coupon.maxRedemptions,
    metadata: { ...coupon.metadata },
    name: coupon.name,
    percent_off: coupon.percentOff,
    redeem_by: coupon.redeemBy,
    times_redeemed: coupon.timesRedeemed,
    valid: couponIsValid(coupon, now),
  };
}

/** A promotion code; its coupon is an id unless expanded (`expand[]=promotion.coupon`). */
export function promotionCodeObject(code: PromotionCodeRecord): Stripe.PromotionCode {
  return {
    id: code.id,
    object: 'promotion_code',
    active: code.active,
    code: code.code,
    created: code.created,
    customer: null,
    customer_account: null,
    expires_at: code.expiresAt,
    livemode: false,
    max_redemptions: code.maxRedemptions,
    metadata: { ...code.metadata },
    promotion: { coupon: code.coupon, type: 'coupon' },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: code.timesRedeemed,
  };
}
