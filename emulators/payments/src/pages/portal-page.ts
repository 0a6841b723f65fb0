import { escapeHtml } from '@launchkit/emulator-kit';
import type { CardField } from '#payments/billing/test-cards.ts';
import { alertBox, noticeBox } from '#payments/http/html.ts';
import type {
  CardDetails,
  InvoiceRecord,
  PriceRecord,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { cardFields } from './card-fields.ts';
import { formatDay, formatDayAndTime, formatMoney, hostOf } from './page-format.ts';

export type PortalView = {
  sessionId: string;
  customerEmail: string | null;
  returnUrl: string | null;
  subscription: SubscriptionRecord | undefined;
  price: PriceRecord | undefined;
  plans: PriceRecord[];
  /** A price's plan name (its product's name). */
  planName: (price: PriceRecord) => string;
  invoices: InvoiceRecord[];
  clockNow: number;
  /** The customer's test clock; null until the box first advances (it makes one). */
  testClock: string | null;
  notice?: string;
  error?: string;
  /** The seats typed when the change was refused, to show them again. */
  seatsValue?: string;
  /** The card charged next: the subscription's, else the customer's invoice default. */
  card: CardDetails | null;
  /** The card form sent back with its problems (the number is never shown again). */
  cardForm?: CardFormView;
  /**
   * A deep link (`flow_data`): `card`, the card form alone; `confirmation`, the message shown once the
   * card is updated (`hosted_confirmation`); absent, the whole portal.
   */
  flow?: { page: 'card' } | { page: 'confirmation'; message: string };
};

export type CardFormView = {
  values: { expiry: string; name: string };
  fieldErrors: Partial<Record<CardField, string>>;
  /** A decline: about the card as a whole. */
  formError?: string;
};

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

const cardLabel = (card: CardDetails) =>
  `${brandNames[card.brand] ?? 'Card'} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/**
 * The card on file and a form to replace it, as the portal's "Update payment method": the new card
 * becomes the customer's and the subscription's default; a past-due subscription's open invoice is
 * then paid with it.
 */
function cardSection(view: PortalView) {
  const form = view.cardForm;
  const messages = form
    ? [form.formError, ...Object.values(form.fieldErrors)].filter((message): message is string =>
        Boolean(message),
      )
    : [];
  const pastDue = view.subscription?.status === 'past_due';
  return `<section aria-labelledby="card-title" class="panel">
<h2 id="card-title">Payment method</h2>
<p>${view.card ? escapeHtml(cardLabel(view.card)) : 'No card on file.'}</p>
${pastDue ? '<p>Your last payment failed. A new card is charged for the open invoice as soon as you save it.</p>' : ''}
${alertBox('card-error', messages)}
<form method="post" action="/p/session/${escapeHtml(view.sessionId)}/card" novalidate>
${cardFields(
  { fieldErrors: form?.fieldErrors ?? {}, ...(form?.formError && { wholeCardErrorId: 'card-error' }) },
  { number: '', expiry: form?.values.expiry ?? '', name: form?.values.name ?? '' },
  'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0341 is saved but its charges fail.',
)}
<button type="submit">Update card</button>
</form>
</section>`;
}

const statusLabels: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

const live = (subscription: SubscriptionRecord) =>
  subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired';

function dates(subscription: SubscriptionRecord): [string, string][] {
  if (!live(subscription)) {
    return subscription.endedAt ? [['Ended on', formatDay(subscription.endedAt)]] : [];
  }
  if (subscription.cancelAtPeriodEnd && subscription.cancelAt)
    return [['Cancels on', formatDay(subscription.cancelAt)]];
  if (subscription.status === 'trialing' && subscription.trialEnd)
    return [['Trial ends on', formatDay(subscription.trialEnd)]];
  return [['Renews on', formatDay(subscription.currentPeriodEnd)]];
}

function subscriptionSection(view: PortalView) {
  const { subscription, price } = view;
  if (!subscription || !price) {
    return `<section aria-labelledby="current-title">
<h2 id="current-title">Current subscription</h2>
<p>You have no subscription.</p>
</section>`;
  }
  const rows: [string, string][] = [
    ['Plan', view.planName(price)],
    ['Status', statusLabels[subscription.status] ?? subscription.status],
    ['Seats', String(subscription.item.quantity)],
    ['Price per seat', `${formatMoney(price.unitAmount, price.currency)} per ${price.interval}`],
    [
      'Total',
      `${formatMoney(price.unitAmount * subscription.item.quantity, price.currency)} per ${price.interval}`,
    ],
    ...dates(subscription),
  ];
  const details = `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
  if (!live(subscription)) {
    return `<section aria-labelledby="current-title">
<h2 id="current-title">Current subscription</h2>
${details}
<p>This subscription has ended.</p>
</section>`;
  }
  const action = (path: string) => `/p/session/${escapeHtml(view.sessionId)}/${path}`;
  const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">`;
  const planOptions = view.plans
    .map(
      (plan) =>
        `<option value="${escapeHtml(plan.id)}"${plan.id === price.id ? ' selected' : ''}>${escapeHtml(view.planName(plan))}, ${escapeHtml(formatMoney(plan.unitAmount, plan.currency))} per seat per ${plan.interval}</option>`,
    )
    .join('');
  const cancellation = subscription.cancelAtPeriodEnd
    ? `<p>Your subscription will be canceled on ${escapeHtml(formatDay(subscription.cancelAt ?? subscription.currentPeriodEnd))}.</p>
<form method="post" action="${action('resume')}">${hidden}<button type="submit">Undo cancellation</button></form>`
    : `<div class="actions">
<form method="post" action="${action('cancel')}">${hidden}<input type="hidden" name="when" value="period_end"><button type="submit" class="secondary">Cancel at period end</button></form>
<form method="post" action="${action('cancel')}">${hidden}<input type="hidden" name="when" value="now"><button type="submit" class="danger">Cancel now</button></form>
</div>`;
  const seatsError = view.error && view.seatsValue !== undefined;
  return `<section aria-labelledby="current-title">
<h2 id="current-title">Current subscription</h2>
${details}
<form method="post" action="${action('plan')}" class="panel">
${hidden}
<label for="plan">Plan</label>
<select id="plan" name="price">${planOptions}</select>
<button type="submit">Change plan</button>
</form>
<form method="post" action="${action('seats')}" class="panel">
${hidden}
<label for="seats">Seats</label>
<input id="seats" name="seats" type="number" inputmode="numeric" min="1" max="10000" required value="${escapeHtml(view.seatsValue ?? String(subscription.item.quantity))}"${seatsError ? ' aria-invalid="true" aria-describedby="portal-error"' : ''}>
<button type="submit">Change seats</button>
</form>
<h3>Cancel subscription</h3>
${cancellation}
</section>`;
}

const invoiceStatus = (invoice: InvoiceRecord) =>
  invoice.status === 'open' && invoice.attemptCount > 0
    ? 'Payment failed'
    : invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1);

function invoicesSection(view: PortalView) {
  const rows = view.invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(invoice.number ?? 'Draft')}</td><td>${escapeHtml(formatDay(invoice.created))}</td><td class="amount">${escapeHtml(formatMoney(invoice.total, invoice.currency))}</td><td>${escapeHtml(invoiceStatus(invoice))}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="invoices-title">
<h2 id="invoices-title">Invoices</h2>
${
  view.invoices.length
    ? `<div class="table-scroll"><table>
<thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col" class="amount">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`
    : '<p>No invoices yet.</p>'
}
</section>`;
}

function clockSection(view: PortalView) {
  const trialing = view.subscription?.status === 'trialing';
  const button = (value: string, label: string) =>
    `<button type="submit" name="advance" value="${value}" class="secondary">${label}</button>`;
  return `<section aria-labelledby="clock-title" class="panel">
<h2 id="clock-title">Test clock</h2>
<p>${
    view.testClock
      ? `This customer is on the test clock <code>${escapeHtml(view.testClock)}</code>, which reads`
      : "This customer is on real time; advancing attaches a test clock (as Stripe's test_clocks.create with a customer does), starting from"
  } ${escapeHtml(formatDayAndTime(view.clockNow))}. Moving it forward runs what falls due (trial end, renewal, cancellation). As in Stripe, a clock and its customers are deleted seven days after the clock is made.</p>
<form method="post" action="/p/session/${escapeHtml(view.sessionId)}/clock" class="actions">
${button('day', 'Advance 1 day')}
${trialing ? button('trial_end', 'Advance to trial end') : ''}
${button('month', 'Advance 1 month')}
</form>
</section>`;
}

/** The billing portal: the current subscription and its actions, invoices, and the test clock. */
export function portalPageBody(view: PortalView) {
  const back = view.returnUrl
    ? `<nav aria-label="Return"><p><a href="${escapeHtml(view.returnUrl)}"><span aria-hidden="true">← </span>Return to ${escapeHtml(hostOf(view.returnUrl))}</a></p></nav>`
    : '';
  if (view.flow?.page === 'card') return `${back}\n${noticeBox(view.notice)}\n${cardSection(view)}`;
  if (view.flow?.page === 'confirmation') {
    return `${back}\n<div class="notice" role="status"><p>${escapeHtml(view.flow.message)}</p></div>`;
  }
  return `${back}
${view.customerEmail ? `<p class="hint">Billing for ${escapeHtml(view.customerEmail)}</p>` : ''}
${noticeBox(view.notice)}
${alertBox('portal-error', view.error ? [view.error] : [])}
<div class="columns">
${subscriptionSection(view)}
<div>
${cardSection(view)}
${invoicesSection(view)}
${clockSection(view)}
</div>
</div>`;
}
