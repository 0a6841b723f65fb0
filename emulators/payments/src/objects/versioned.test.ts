import { describe, expect, it } from 'vitest';
import type { PaymentsState } from '#payments/storage/payments-state.ts';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';
import { versioned } from './versioned.ts';

// The rendering step on its own, for what the emulator's flows do not make yet (taxes on an invoice):
// an invoice in the pinned shape with a 10 % exclusive tax, as Stripe's basil shape holds it.
const noPrices = { prices: new Map() } as unknown as PaymentsState;
const taxed = {
  id: 'in_taxed',
  object: 'invoice',
  status: 'open',
  parent: {
    quote_details: null,
    subscription_details: { metadata: {}, subscription: 'sub_1' },
    type: 'subscription_details',
  },
  total_taxes: [
    {
      amount: 120,
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: 'txr_1' },
      taxability_reason: 'standard_rated',
      taxable_amount: 1200,
      type: 'tax_rate_details',
    },
  ],
  lines: {
    object: 'list',
    data: [
      {
        id: 'il_1',
        object: 'line_item',
        amount: 1200,
        quantity: 2,
        subscription: 'sub_1',
        parent: {
          subscription_item_details: {
            subscription: 'sub_1',
            subscription_item: 'si_1',
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
          },
          type: 'subscription_item_details',
        },
        pricing: {
          price_details: { price: 'price_gone', product: 'prod_1' },
          type: 'price_details',
          unit_amount_decimal: '600',
        },
        taxes: [
          {
            amount: 120,
            tax_behavior: 'inclusive',
            tax_rate_details: { tax_rate: 'txr_1' },
            taxability_reason: null,
            taxable_amount: 1080,
            type: 'tax_rate_details',
          },
        ],
      },
    ],
    has_more: false,
    url: '/v1/invoices/in_taxed/lines',
  },
};

describe('versioned', () => {
  it('gives the pinned version the very object it was given', () => {
    expect(versioned(taxed, apiVersion, noPrices)).toBe(taxed);
  });

  it('turns basil tax entries into the older tax amounts, without touching the pinned object', () => {
    const before = JSON.stringify(taxed);
    const older = versioned(taxed, '2024-06-20', noPrices) as unknown as Record<string, unknown> & {
      lines: { data: Record<string, unknown>[] };
    };
    expect(JSON.stringify(taxed)).toBe(before);
    expect(older).toMatchObject({
      subscription: 'sub_1',
      tax: 120,
      total_tax_amounts: [
        {
          amount: 120,
          inclusive: false,
          tax_rate: 'txr_1',
          taxability_reason: 'standard_rated',
          taxable_amount: 1200,
        },
      ],
    });
    expect(older).not.toHaveProperty('total_taxes');
    expect(Object.keys(older).slice(0, 2)).toEqual(['id', 'object']);
    const [line] = older.lines.data;
    expect(line).toMatchObject({
      amount_excluding_tax: 1080,
      unit_amount_excluding_tax: '540',
      tax_amounts: [{ amount: 120, inclusive: true, tax_rate: 'txr_1' }],
      price: null,
      plan: null,
      type: 'subscription',
      subscription_item: 'si_1',
    });
    expect(line).not.toHaveProperty('taxes');
    const untaxed = versioned({ ...taxed, total_taxes: [] }, '2024-06-20', noPrices) as unknown as Record<
      string,
      unknown
    >;
    expect(untaxed).toMatchObject({ tax: null, total_tax_amounts: [] });
  });

  it('leaves the invoice alone from basil on, and events in the version they were made in', () => {
    expect(versioned(taxed, '2025-03-31.basil', noPrices)).toEqual(taxed);
    const event = { id: 'evt_1', object: 'event', api_version: apiVersion, data: { object: taxed } };
    expect(versioned({ object: 'list', data: [event] }, '2024-06-20', noPrices).data[0]).toBe(event);
  });
});
