import type { InvoiceSummary } from '@launchkit/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { UserRow } from '#api/users/user-document.ts';
import { callProvider } from './provider-errors.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The period an invoice bills: its lines' service periods. The invoice's own period_start/period_end
 * are the window its items were gathered in — for a renewal, the period before the one it bills.
 */
function billedPeriod(invoice: Stripe.Invoice) {
  const lines = invoice.lines.data;
  if (lines.length === 0) return { start: invoice.period_start, end: invoice.period_end };
  return {
    start: Math.min(...lines.map((line) => line.period.start)),
    end: Math.max(...lines.map((line) => line.period.end)),
  };
}

/** Settings → Plan's invoices: the user's latest 24 at the provider, newest first; none without a customer. */
export async function listInvoices(
  deps: { stripe: Stripe },
  log: FastifyBaseLogger,
  user: UserRow,
): Promise<InvoiceSummary[]> {
  const customer = user.stripeCustomerId;
  if (!customer) return [];
  const invoices = await callProvider(log, 'read your invoices', () =>
    deps.stripe.invoices.list({ customer, limit: 24 }),
  );
  return invoices.data
    .filter((invoice) => invoice.status !== 'draft')
    .map((invoice) => {
      const period = billedPeriod(invoice);
      return {
        id: invoice.id ?? '',
        number: invoice.number,
        status: invoice.status ?? 'open',
        total: invoice.total,
        amountPaid: invoice.amount_paid,
        currency: invoice.currency,
        periodStart: iso(period.start),
        periodEnd: iso(period.end),
        created: iso(invoice.created),
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      };
    });
}
