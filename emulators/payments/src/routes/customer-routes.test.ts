import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('customers', () => {
  it('creates, retrieves, updates and lists a customer', async () => {
    const { stripe } = payments;
    const created = await stripe.customers.create({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      metadata: { uid: 'user-1', team: 'navy' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      metadata: { uid: 'user-1', team: 'navy' },
      balance: 0,
      livemode: false,
      invoice_settings: { default_payment_method: null },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);

    const fetched = await stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(created);

    // metadata[k]= removes a key; other keys stay.
    const updated = await stripe.customers.update(created.id, {
      name: 'Rear Admiral Hopper',
      metadata: { team: '', rank: 'admiral' },
    });
    expect(updated).toMatchObject({
      name: 'Rear Admiral Hopper',
      metadata: { uid: 'user-1', rank: 'admiral' },
    });
    expect(updated.metadata).not.toHaveProperty('team');

    const listed = await stripe.customers.list({ email: 'grace@example.com', limit: 10 });
    expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
    expect(listed.url).toBe('/v1/customers');
  });

  it('lists newest first with pagination', async () => {
    const { stripe } = payments;
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push((await stripe.customers.create({ email: `page${n}@example.com` })).id);
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const next = await stripe.customers.list({ limit: 2, starting_after: ids[1] });
    expect(next.data[0]?.id).toBe(ids[0]);
    const before = await stripe.customers.list({ limit: 1, ending_before: ids[1] });
    expect(before.data.map((customer) => customer.id)).toEqual([ids[2]]);
  });

  it('deletes a customer: retrieve answers deleted, lists leave it out', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'gone@example.com' });
    expect(await stripe.customers.del(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect(await stripe.customers.retrieve(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect((await stripe.customers.list({ email: 'gone@example.com' })).data).toEqual([]);
    await expect(stripe.customers.update(customer.id, { name: 'x' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('emits customer.created and customer.updated with previous_attributes', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'events@example.com' });
    await stripe.customers.update(customer.id, { email: 'new@example.com' });
    const events = await stripe.events.list({ type: 'customer.*', limit: 5 });
    const mine = events.data.filter((event) => (event.data.object as { id: string }).id === customer.id);
    expect(mine.map((event) => event.type)).toEqual(['customer.updated', 'customer.created']);
    expect(mine[0]?.data.previous_attributes).toEqual({ email: 'events@example.com' });
  });

  it('validates parameters as Stripe does', async () => {
    const { stripe } = payments;
    await expect(stripe.customers.create({ email: 'not an email' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'email',
    });
    await expect(stripe.customers.create({ metadata: { ['k'.repeat(41)]: 'v' } })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({
      param: 'limit',
      message: 'Invalid limit: must be between 1 and 100.',
    });
    await expect(stripe.customers.list({ starting_after: 'cus_nobody' })).rejects.toMatchObject({
      param: 'starting_after',
      code: 'resource_missing',
    });
  });
});
