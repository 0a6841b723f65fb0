import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? '');

/** The types of the events about a customer (or one of `objects`), oldest first. */
async function eventTypesFor(customer: string, objects: string[] = []) {
  const events = await payments.stripe.events.list({ limit: 100 });
  return events.data
    .filter((event) => {
      const object = event.data.object as { id?: string; customer?: string };
      return object.customer === customer || object.id === customer || objects.includes(object.id ?? '');
    })
    .map((event) => event.type)
    .reverse();
}

describe('payment methods outside Checkout', () => {
  it("attaches Stripe's test PaymentMethods, lists, makes one the default and detaches", async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'cards@example.com' });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(visa).toMatchObject({ object: 'payment_method', customer: customer.id, type: 'card' });
    expect(visa.id).toMatch(/^pm_/);
    expect(visa.card).toMatchObject({ brand: 'visa', last4: '4242' });
    // Attaching 4000 0000 0000 0341 succeeds: only its later charges fail.
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    expect(failing.card?.last4).toBe('0341');
    // A card the bank declines is refused when saved, with Stripe's card error.
    await expect(
      stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await expect(stripe.paymentMethods.attach('pm_unknown', { customer: customer.id })).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
    const other = await stripe.customers.create({ email: 'other@example.com' });
    await expect(stripe.paymentMethods.attach(visa.id, { customer: other.id })).rejects.toMatchObject({
      code: 'payment_method_unexpected_state',
    });

    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed.data.map((method) => method.id).sort()).toEqual([failing.id, visa.id].sort());
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(2);

    const updated = (await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: visa.id },
    })) as Stripe.Customer;
    expect(updated.invoice_settings.default_payment_method).toBe(visa.id);

    const detached = await stripe.paymentMethods.detach(visa.id);
    expect(detached.customer).toBeNull();
    // It can no longer pay: the customer's default that named it is cleared.
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    await expect(stripe.paymentMethods.detach(visa.id)).rejects.toMatchObject({
      code: 'payment_method_unexpected_state',
    });
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data.map((m) => m.id)).toEqual([
      failing.id,
    ]);
    expect(await eventTypesFor(customer.id, [visa.id])).toEqual([
      'customer.created',
      'payment_method.attached',
      'payment_method.attached',
      'customer.updated',
      'payment_method.detached',
      'customer.updated',
    ]);
  });

  it('saves a card with a SetupIntent; a declined card leaves it waiting with last_setup_error', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'setup@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(intent).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
      payment_method: null,
      usage: 'off_session',
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    await expect(
      stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', decline_code: 'generic_decline', type: 'card_error' },
    });
    const confirmed = await stripe.setupIntents.confirm(intent.id, {
      payment_method: 'pm_card_chargeCustomerFail',
    });
    expect(confirmed).toMatchObject({ status: 'succeeded', last_setup_error: null });
    const method = await stripe.paymentMethods.retrieve(idOf(confirmed.payment_method));
    expect(method).toMatchObject({ customer: customer.id, card: { last4: '0341' } });
    await expect(stripe.setupIntents.confirm(intent.id)).rejects.toMatchObject({
      code: 'setup_intent_unexpected_state',
    });
    // Created and confirmed in one call.
    const direct = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_mastercard',
      confirm: true,
    });
    expect(direct.status).toBe('succeeded');
    await expect(
      stripe.setupIntents.create({ payment_method_types: ['sepa_debit'] } as never),
    ).rejects.toMatchObject({
      param: 'payment_method_types',
    });
    await expect(
      stripe.setupIntents.confirm((await stripe.setupIntents.create({ customer: customer.id })).id),
    ).rejects.toMatchObject({ code: 'setup_intent_unexpected_state' });
  });
});

describe('invoices.pay', () => {
  /** A subscription made with the API on the 0341 card: its first charge fails, it is incomplete. */
  async function incompleteSubscription() {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'pay@example.com' });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_monthly', quantity: 2 }],
      default_payment_method: failing.id,
    });
    expect(subscription.status).toBe('incomplete');
    const invoice = await stripe.invoices.retrieve(idOf(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1 });
    return { customer, subscription, invoice };
  }

  it("answers Stripe's card error for a failing card and records the attempt", async () => {
    const { stripe } = payments;
    const { invoice, customer } = await incompleteSubscription();
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    // A manual attempt after the first leaves attempt_count (the retry schedule's count) as it was.
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', attempt_count: 1 });
    const types = await eventTypesFor(customer.id);
    expect(types.filter((type) => type === 'invoice.payment_failed')).toHaveLength(2);
  });

  it("pays with a given card, else the customer's default; the subscription becomes active", async () => {
    const { stripe } = payments;
    const { invoice, customer, subscription } = await incompleteSubscription();
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const paid = await stripe.invoices.pay(invoice.id, { payment_method: visa.id });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: paid.total, attempt_count: 1 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      message: 'Invoice is already paid',
    });
    expect((await eventTypesFor(customer.id)).slice(-4)).toEqual([
      'payment_method.attached',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);

    const second = await incompleteSubscription();
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', {
      customer: second.customer.id,
    });
    await stripe.customers.update(second.customer.id, {
      invoice_settings: { default_payment_method: mastercard.id },
    });
    // The subscription's own card comes first (it fails); paid out of band, it is settled without one.
    await expect(stripe.invoices.pay(second.invoice.id)).rejects.toMatchObject({ code: 'card_declined' });
    const outOfBand = await stripe.invoices.pay(second.invoice.id, { paid_out_of_band: true });
    expect(outOfBand.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(second.subscription.id)).status).toBe('active');
    await expect(stripe.invoices.pay('in_missing')).rejects.toMatchObject({ statusCode: 404 });
  });
});
