import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('setup intents: list, cancel, and the declined card’s error', () => {
  it('lists newest first, by customer and by payment method, a page at a time', async () => {
    const { stripe } = payments;
    const [ada, bob] = await Promise.all([
      stripe.customers.create({ email: 'ada-si@example.com' }),
      stripe.customers.create({ email: 'bob-si@example.com' }),
    ]);
    const first = await stripe.setupIntents.create({ customer: ada.id });
    const second = await stripe.setupIntents.create({ customer: ada.id });
    const third = await stripe.setupIntents.create({
      customer: ada.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const other = await stripe.setupIntents.create({ customer: bob.id });
    const ids = (list: Stripe.ApiList<Stripe.SetupIntent>) => list.data.map((intent) => intent.id);

    expect(ids(await stripe.setupIntents.list({ customer: ada.id }))).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    expect(ids(await stripe.setupIntents.list({ customer: bob.id }))).toEqual([other.id]);
    expect(ids(await stripe.setupIntents.list({ payment_method: String(third.payment_method) }))).toEqual([
      third.id,
    ]);
    const page = await stripe.setupIntents.list({ customer: ada.id, limit: 2 });
    expect(page).toMatchObject({ object: 'list', url: '/v1/setup_intents', has_more: true });
    expect(ids(page)).toEqual([third.id, second.id]);
    const next = await stripe.setupIntents.list({ customer: ada.id, limit: 2, starting_after: second.id });
    expect(next.has_more).toBe(false);
    expect(ids(next)).toEqual([first.id]);
    const back = await stripe.setupIntents.list({ customer: ada.id, ending_before: first.id, limit: 1 });
    expect(ids(back)).toEqual([second.id]);
    // created as a range, as Stripe's lists take it; the auto-pager walks every page.
    expect(
      ids(await stripe.setupIntents.list({ customer: ada.id, created: { gt: first.created + 3600 } })),
    ).toEqual([]);
    expect(
      ids(await stripe.setupIntents.list({ customer: ada.id, created: { gte: first.created } })),
    ).toHaveLength(3);
    const all = await stripe.setupIntents
      .list({ customer: ada.id, limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((intent) => intent.id)).toEqual([third.id, second.id, first.id]);
    await expect(stripe.setupIntents.list({ starting_after: 'seti_nobody' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'starting_after',
    });
    await expect(stripe.setupIntents.list({ bogus: 1 } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
    });
  });

  it('cancels an intent that has not succeeded, with its reason, and refuses the rest', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'cancel-si@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const canceled = await stripe.setupIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    await expect(stripe.setupIntents.cancel(intent.id)).rejects.toMatchObject({
      code: 'setup_intent_unexpected_state',
      message: expect.stringContaining('it has a status of canceled'),
    });
    await expect(
      stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'setup_intent_unexpected_state' });

    const bare = await stripe.setupIntents.cancel((await stripe.setupIntents.create({})).id);
    expect(bare).toMatchObject({ status: 'canceled', cancellation_reason: null });
    const succeeded = await stripe.setupIntents.create({ payment_method: 'pm_card_visa', confirm: true });
    await expect(stripe.setupIntents.cancel(succeeded.id)).rejects.toMatchObject({
      code: 'setup_intent_unexpected_state',
      message: expect.stringContaining('it has a status of succeeded'),
    });
    await expect(
      stripe.setupIntents.cancel(succeeded.id, { cancellation_reason: 'bored' as never }),
    ).rejects.toMatchObject({ param: 'cancellation_reason' });
    await expect(stripe.setupIntents.cancel('seti_nobody')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('puts the intent, as the decline left it, in the card error of a confirmation', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'declined-si@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const error = await stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclined' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const raw = (error as Stripe.errors.StripeCardError).raw as { setup_intent?: Stripe.SetupIntent };
    expect(raw.setup_intent).toMatchObject({
      id: intent.id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined', decline_code: 'generic_decline', type: 'card_error' },
    });
    const answer = await payments.call('POST', `/v1/setup_intents/${intent.id}/confirm`, {
      body: 'payment_method=pm_card_visa_chargeDeclined',
    });
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ type: 'card_error', setup_intent: { id: intent.id } });
  });
});
