import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import { planPrices } from '#payments/billing/catalogue.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { sendPage } from '#payments/http/html.ts';
import { productOf } from '#payments/objects/subscription-object.ts';
import { formatMoney } from './page-format.ts';

/** `/`: what this server is and how it is configured, for a developer who opens it by hand. */
export function registerHomePage(app: FastifyInstance, context: PaymentsContext) {
  const { config, store } = context;
  app.get('/', async (_request, reply) => {
    const rows: [string, string][] = [
      ['API base', `${context.urls.origin}/v1`],
      ['Webhook endpoint', config.webhookUrl ?? 'none (STRIPE_WEBHOOK_URL=none)'],
      [
        'Customers',
        String([...store.state.customers.values()].filter((customer) => !customer.deleted).length),
      ],
      ['Subscriptions', String(store.state.subscriptions.size)],
    ];
    const plans = planPrices(store.state, config.catalogue)
      .map(
        (price) =>
          `<tr><td>${escapeHtml(productOf(store.state, price).name)}</td><td><code>${escapeHtml(price.id)}</code></td><td><code>${escapeHtml(price.lookupKey ?? '')}</code></td><td class="amount">${escapeHtml(`${formatMoney(price.unitAmount)} / ${price.interval}`)}</td></tr>`,
      )
      .join('');
    return sendPage(reply, {
      title: 'Payments emulator',
      body: `<p>A payment provider speaking the part of Stripe's API the product uses, for development and tests.</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<h2>Prices (per seat)</h2>
${
  plans
    ? `<div class="table-scroll"><table><thead><tr><th scope="col">Plan</th><th scope="col">Price id</th><th scope="col">Lookup key</th><th scope="col" class="amount">Amount</th></tr></thead><tbody>${plans}</tbody></table></div>`
    : '<p>No prices yet: run <code>npm run stripe:setup</code>.</p>'
}`,
    });
  });
}
