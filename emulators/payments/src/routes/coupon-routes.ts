import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import { invalidRequest, parameterInvalid, parameterMissing } from '#payments/http/stripe-error.ts';
import { randomToken, realNow } from '#payments/ids.ts';
import { couponObject, promotionCodeObject } from '#payments/objects/coupon-object.ts';
import type { CouponRecord, PromotionCodeRecord } from '#payments/storage/payments-state.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const page = ['limit', 'starting_after', 'ending_before'];
const couponIdPattern = /^[\w-]{1,200}$/;
const codePattern = /^[a-zA-Z0-9]{3,200}$/;

/** Stripe's percent_off: a number above 0, at most 100, with up to two decimals. */
function percentOffParam(params: Params): number | null {
  const text = params.text('percent_off');
  if (text === undefined) return null;
  const value = Number(text);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || value <= 0 || value > 100) {
    throw parameterInvalid('percent_off', 'Invalid percent_off: must be greater than 0 and at most 100.');
  }
  return value;
}

async function createCoupon(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [
    ...['id', 'name', 'percent_off', 'amount_off', 'currency', 'duration', 'duration_in_months'],
    ...['max_redemptions', 'redeem_by', 'metadata'],
  ]);
  checkExpandRoots(params.expand(), []);
  const percentOff = percentOffParam(params);
  const amountOff = params.integer('amount_off', { min: 1 }) ?? null;
  if ((percentOff === null) === (amountOff === null)) {
    throw invalidRequest('You must pass exactly one of percent_off or amount_off.', { param: 'percent_off' });
  }
  const currency = params.text('currency')?.toLowerCase() ?? null;
  if (amountOff !== null && currency === null) throw parameterMissing('currency');
  const duration = params.oneOf('duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
  const durationInMonths = params.integer('duration_in_months', { min: 1, max: 120 }) ?? null;
  if (duration === 'repeating' && durationInMonths === null) throw parameterMissing('duration_in_months');
  const id = params.text('id') ?? randomToken(8);
  if (!couponIdPattern.test(id)) throw parameterInvalid('id', `Invalid coupon id: ${id}`);
  if (state.coupons.has(id)) {
    throw invalidRequest('Coupon already exists.', { param: 'id', code: 'resource_already_exists' });
  }
  const coupon: CouponRecord = {
    id,
    created: realNow(),
    name: params.text('name', { max: 40 }) ?? null,
    percentOff,
    amountOff,
    currency: amountOff === null ? null : currency,
    duration,
    durationInMonths: duration === 'repeating' ? durationInMonths : null,
    maxRedemptions: params.integer('max_redemptions', { min: 1 }) ?? null,
    redeemBy: params.integer('redeem_by', { min: realNow() + 1 }) ?? null,
    timesRedeemed: 0,
    metadata: params.metadataUpdate()?.({}) ?? {},
  };
  state.coupons.set(coupon.id, coupon);
  return answer(context, couponObject(coupon, realNow()), []);
}

async function listCoupons(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, page);
  return answerList(context, params, context.store.state.coupons.values(), {
    url: '/v1/coupons',
    kind: 'coupon',
    render: (coupon) => couponObject(coupon, realNow()),
  });
}

async function createPromotionCode(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [
    'promotion',
    'code',
    'active',
    'max_redemptions',
    'expires_at',
    'metadata',
  ]);
  checkExpandRoots(params.expand(), []);
  const promotion = params.object('promotion', ['type', 'coupon']);
  if (!promotion) throw parameterMissing('promotion');
  promotion.oneOf('type', ['coupon']);
  const coupon = storedOrMissing(state.coupons, 'coupon', promotion.requiredText('coupon', { max: 200 }));
  const code = params.text('code') ?? randomToken(8).toUpperCase();
  if (!codePattern.test(code)) throw parameterInvalid('code', `Invalid code: ${code}`);
  const taken = [...state.promotionCodes.values()].some(
    (other) => other.active && other.code.toUpperCase() === code.toUpperCase(),
  );
  if (taken) {
    throw invalidRequest('An active promotion code with `code` already exists.', { param: 'code' });
  }
  const record: PromotionCodeRecord = {
    id: `promo_${randomToken(24)}`,
    created: realNow(),
    code,
    coupon: coupon.id,
    active: params.boolean('active') ?? true,
    maxRedemptions: params.integer('max_redemptions', { min: 1 }) ?? null,
    expiresAt: params.integer('expires_at', { min: realNow() + 1 }) ?? null,
    timesRedeemed: 0,
    metadata: params.metadataUpdate()?.({}) ?? {},
  };
  state.promotionCodes.set(record.id, record);
  return answer(context, promotionCodeObject(record), []);
}

async function updatePromotionCode(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['active', 'metadata']);
  checkExpandRoots(params.expand(), []);
  const record = storedOrMissing(state.promotionCodes, 'promotion_code', idParam(request));
  const active = params.boolean('active');
  if (active !== undefined) record.active = active;
  const metadata = params.metadataUpdate();
  if (metadata) record.metadata = metadata(record.metadata);
  return answer(context, promotionCodeObject(record), []);
}

async function listPromotionCodes(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, ['active', 'code', 'coupon', ...page]);
  const filters = {
    active: params.boolean('active'),
    code: params.text('code'),
    coupon: params.text('coupon'),
  };
  const codes = [...context.store.state.promotionCodes.values()].filter((record) =>
    matchesFilters(record, filters),
  );
  return answerList(context, params, codes, {
    url: '/v1/promotion_codes',
    kind: 'promotion_code',
    render: promotionCodeObject,
  });
}

/**
 * Coupons (create, retrieve, list) and promotion codes (create, retrieve, list, update `active` and
 * `metadata`), which Checkout's "Add promotion code" redeems (billing/discounts.ts).
 */
export function registerCouponRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/coupons': createCoupon,
    'GET /v1/coupons': listCoupons,
    'GET /v1/coupons/:id': retrieveHandler(
      'coupon',
      (state) => state.coupons,
      (_, coupon) => couponObject(coupon, realNow()),
    ),
    'POST /v1/promotion_codes': createPromotionCode,
    'GET /v1/promotion_codes': listPromotionCodes,
    'GET /v1/promotion_codes/:id': retrieveHandler(
      'promotion_code',
      (state) => state.promotionCodes,
      (_, code) => promotionCodeObject(code),
    ),
    'POST /v1/promotion_codes/:id': updatePromotionCode,
  });
}
