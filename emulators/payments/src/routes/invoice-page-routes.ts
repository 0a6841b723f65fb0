import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { sendPage } from '#payments/http/html.ts';
import { formatDay, formatMoney } from '#payments/pages/page-format.ts';

const statusWords: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/**
 * `/i/:invoice`: an invoice's hosted page (its `hosted_invoice_url`), what Stripe shows a customer
 * who follows the link: number, status, each line with its period, and the total. A draft has none.
 */
export function registerInvoicePageRoutes(app: FastifyInstance, context: PaymentsContext) {
  app.get<{ Params: { invoice: string } }>('/i/:invoice', async (request, reply) => {
    const invoice = context.store.state.invoices.get(request.params.invoice);
    if (!invoice || invoice.hostedUrl === null) {
      return sendPage(reply, {
        status: 404,
        title: 'Invoice not found',
        body: '<p>This invoice link is not valid. Open the latest link from your billing page.</p>',
      });
    }
    const money = (cents: number) => escapeHtml(formatMoney(cents, invoice.currency));
    const lines = invoice.lines
      .map(
        (line) =>
          `<tr><td>${escapeHtml(line.description)}<br><small>${escapeHtml(formatDay(line.periodStart))} – ${escapeHtml(formatDay(line.periodEnd))}</small></td><td class="amount">${money(line.amount)}</td></tr>`,
      )
      .join('');
    return sendPage(reply, {
      title: `Invoice ${invoice.number ?? invoice.id}`,
      body: `<p><strong>${escapeHtml(statusWords[invoice.status] ?? invoice.status)}</strong> · issued ${escapeHtml(formatDay(invoice.finalizedAt ?? invoice.created))}</p>
<div class="table-scroll"><table><thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead><tbody>${lines}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="amount">${money(invoice.total)}</td></tr><tr><th scope="row">Amount paid</th><td class="amount">${money(invoice.amountPaid)}</td></tr></tfoot></table></div>`,
    });
  });
}
