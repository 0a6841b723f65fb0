import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('coupons', () => {
  it('creates, retrieves and lists percent and amount coupons through the SDK', async () => {
    const { stripe } = payments;
    const percent = await stripe.coupons.create({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
    });
    expect(percent).toMatchObject({
      object: 'coupon',
      percent_off: 25,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      times_redeemed: 0,
      valid: true,
    });
    const amount = await stripe.coupons.create({
      id: 'FIVE',
      amount_off: 500,
      currency: 'usd',
      duration: 'forever',
    });
    expect(amount).toMatchObject({ id: 'FIVE', amount_off: 500, currency: 'usd', duration: 'forever' });
    expect((await stripe.coupons.retrieve('FIVE')).amount_off).toBe(500);
    const ids = (await stripe.coupons.list({ limit: 100 })).data.map((coupon) => coupon.id);
    expect(ids).toEqual(expect.arrayContaining([percent.id, 'FIVE', 'LAUNCH20']));
  });

  it('refuses a coupon with both or neither amount, and a repeating one without its months', async () => {
    const { stripe } = payments;
    await expect(stripe.coupons.create({ duration: 'once' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      stripe.coupons.create({ percent_off: 10, amount_off: 100, currency: 'usd' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(stripe.coupons.create({ percent_off: 10, duration: 'repeating' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'duration_in_months',
    });
    await expect(stripe.coupons.create({ percent_off: 120 })).rejects.toMatchObject({ param: 'percent_off' });
    await expect(stripe.coupons.retrieve('nope')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('promotion codes', () => {
  it('creates, retrieves, lists by code and deactivates a promotion code', async () => {
    const { stripe } = payments;
    const coupon = await stripe.coupons.create({ percent_off: 15 });
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'SPRING15',
      max_redemptions: 2,
      expires_at: expiresAt,
    });
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'SPRING15',
      active: true,
      max_redemptions: 2,
      expires_at: expiresAt,
      times_redeemed: 0,
      promotion: { type: 'coupon', coupon: coupon.id },
    });
    expect(code.id).toMatch(/^promo_/);
    expect((await stripe.promotionCodes.retrieve(code.id)).code).toBe('SPRING15');
    const listed = await stripe.promotionCodes.list({ code: 'SPRING15' });
    expect(listed.data.map((each) => each.id)).toEqual([code.id]);
    const updated = await stripe.promotionCodes.update(code.id, { active: false });
    expect(updated.active).toBe(false);
    expect((await stripe.promotionCodes.list({ active: true, code: 'SPRING15' })).data).toHaveLength(0);
  });

  it('has the seeded development code LAUNCH20: 20 % off the first invoice', async () => {
    const [seeded] = (await payments.stripe.promotionCodes.list({ code: 'LAUNCH20' })).data;
    expect(seeded).toMatchObject({ active: true, promotion: { coupon: 'LAUNCH20' } });
    expect(await payments.stripe.coupons.retrieve('LAUNCH20')).toMatchObject({
      percent_off: 20,
      duration: 'once',
    });
  });

  it('refuses a code for a coupon that does not exist, and a second active code with the same text', async () => {
    const { stripe } = payments;
    await expect(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'missing' } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'LAUNCH20' }, code: 'launch20' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'code' });
  });
});
