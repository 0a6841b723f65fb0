import { describe, expect, it } from 'vitest';
import { subscribeThroughCheckout, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();
const day = 24 * 3600;

describe('customer balance transactions', () => {
  it('credits the balance, emits customer.updated, and the next invoice applies the credit', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'credit@example.com',
    });
    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1500,
      currency: 'usd',
      description: 'Goodwill credit',
    });
    expect(credit).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -1500,
      currency: 'usd',
      customer: customer.id,
      description: 'Goodwill credit',
      ending_balance: -1500,
      type: 'adjustment',
      invoice: null,
    });
    expect(credit.id).toMatch(/^cbtxn_/);
    expect(((await stripe.customers.retrieve(customer.id)) as { balance: number }).balance).toBe(-1500);
    expect(await stripe.customers.retrieveBalanceTransaction(customer.id, credit.id)).toEqual(credit);
    const listed = await stripe.customers.listBalanceTransactions(customer.id);
    expect(listed.data.map((transaction) => transaction.id)).toEqual([credit.id]);
    const events = await stripe.events.list({ type: 'customer.updated', limit: 5 });
    const updated = events.data.find((event) => (event.data.object as { id: string }).id === customer.id);
    expect(updated?.data.previous_attributes).toEqual({ balance: 0 });

    await payments.advanceClock(customer.id, 31 * day);
    const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal?.starting_balance).toBe(-1500);
    expect(renewal?.amount_due).toBe((renewal?.total ?? 0) - 1500);
    expect(((await stripe.customers.retrieve(customer.id)) as { balance: number }).balance).toBe(0);
  });

  it('refuses a zero or missing amount, another currency, a long description and an unknown customer', async () => {
    const { stripe } = payments;
    const { customer } = await subscribeThroughCheckout(payments, { email: 'refused@example.com' });
    const refused = (params: object) =>
      expect(stripe.customers.createBalanceTransaction(customer.id, params as never)).rejects;
    await refused({ amount: 0, currency: 'usd' }).toMatchObject({ statusCode: 400, param: 'amount' });
    await refused({ currency: 'usd' }).toMatchObject({ statusCode: 400, param: 'amount' });
    await refused({ amount: -100 }).toMatchObject({ statusCode: 400, param: 'currency' });
    await refused({ amount: -100, currency: 'eur' }).toMatchObject({ statusCode: 400, param: 'currency' });
    await refused({ amount: -100, currency: 'usd', description: 'x'.repeat(351) }).toMatchObject({
      statusCode: 400,
      param: 'description',
    });
    await expect(
      stripe.customers.createBalanceTransaction('cus_missing', { amount: -100, currency: 'usd' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      stripe.customers.retrieveBalanceTransaction(customer.id, 'cbtxn_nope'),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(((await stripe.customers.retrieve(customer.id)) as { balance: number }).balance).toBe(0);
  });
});
