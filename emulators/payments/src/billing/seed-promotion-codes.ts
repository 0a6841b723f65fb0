import type { PaymentsState } from '#payments/storage/payments-state.ts';

// A code to try the checkout's "Add promotion code" with in development (docs/billing.md): 20 % off
// the first invoice. Made once; a state that already has it (or lost it on purpose) is left alone
// unless the coupon is missing.

export const seededCouponId = 'LAUNCH20';
export const seededPromotionCode = 'LAUNCH20';

export function seedPromotionCodes(state: PaymentsState, now: number) {
  if (state.coupons.has(seededCouponId)) return;
  state.coupons.set(seededCouponId, {
    id: seededCouponId,
    created: now,
    name: 'Launch: 20 % off the first invoice',
    percentOff: 20,
    amountOff: null,
    currency: null,
    duration: 'once',
    durationInMonths: null,
    maxRedemptions: null,
    redeemBy: null,
    timesRedeemed: 0,
    metadata: {},
  });
  state.promotionCodes.set('promo_launch20', {
    id: 'promo_launch20',
    created: now,
    code: seededPromotionCode,
    coupon: seededCouponId,
    active: true,
    maxRedemptions: null,
    expiresAt: null,
    timesRedeemed: 0,
    metadata: {},
  });
}
