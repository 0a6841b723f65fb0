import { escapeHtml } from '@launchkit/emulator-kit';
import type { CardField } from '#payments/billing/test-cards.ts';
import { cardFields, fieldInput } from './card-fields.ts';
import {
  adjustmentLines,
  type CheckoutExtras,
  promotionCodeForm,
  taxIdField,
} from './checkout-extras-fields.ts';
import { formatDay, formatMoney, hostOf, plural } from './page-format.ts';

export type CheckoutSummary = {
  sessionId: string;
  planName: string;
  seats: number;
  unitAmount: number;
  currency: string;
  /** Per billing period, for all seats. */
  recurringAmount: number;
  interval: 'month' | 'year';
  trialDays: number | null;
  /** The trial starts without a card (`payment_method_collection: if_required`). */
  cardOptional: boolean;
  trialEnd: number | null;
  cancelUrl: string | null;
  /** The page's path, promotion code, discount and tax (checkout-extras-fields.ts). */
  extras: CheckoutExtras;
};

export type CheckoutFormView = {
  /** The customer's address when the session already has one (shown, not editable). */
  fixedEmail: string | null;
  values: { email: string; number: string; expiry: string; name: string; taxId?: string };
  fieldErrors: Partial<Record<CardField | 'email' | 'tax_id', string>>;
  /** The promotion code typed, and why it was not taken. */
  promotionCode?: { value: string; error?: string };
  /** A decline or failed authentication: about the card as a whole. */
  formError?: string;
};

export const checkoutTitle = (summary: CheckoutSummary) =>
  summary.trialDays ? `Start your ${summary.planName} trial` : `Subscribe to ${summary.planName}`;

export function backLink(url: string | null) {
  if (!url) return '';
  return `<p><a class="back" href="${escapeHtml(url)}"><span aria-hidden="true">← </span>Back to ${escapeHtml(hostOf(url))}</a></p>`;
}

function summaryHtml(summary: CheckoutSummary, view: CheckoutFormView) {
  const perPeriod = `${formatMoney(summary.recurringAmount, summary.currency)} per ${summary.interval}`;
  const trial =
    summary.trialDays && summary.trialEnd
      ? `<p>${plural(summary.trialDays, 'day')} free, then ${escapeHtml(perPeriod)} from ${escapeHtml(formatDay(summary.trialEnd))}.</p>`
      : '';
  const dueToday = summary.extras.dueToday;
  return `<section aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
<dl>
<dt>Plan</dt><dd>${escapeHtml(summary.planName)}</dd>
<dt>Seats</dt><dd>${summary.seats}</dd>
<dt>Price per seat</dt><dd>${escapeHtml(formatMoney(summary.unitAmount, summary.currency))} per ${summary.interval}</dd>
<dt>Total</dt><dd>${escapeHtml(perPeriod)}</dd>
${adjustmentLines(summary.extras)}
</dl>
${trial}
<p class="total">Due today: ${escapeHtml(formatMoney(dueToday, summary.currency))}</p>
${promotionCodeForm(summary.extras, view.promotionCode ?? { value: '' })}
</section>`;
}

/** Checkout: the order on one side, the card form on the other (stacked on a phone). */
export function checkoutPageBody(summary: CheckoutSummary, view: CheckoutFormView) {
  const messages = [view.formError, ...Object.values(view.fieldErrors)].filter((message): message is string =>
    Boolean(message),
  );
  const alert = messages.length
    ? `<div class="alert" role="alert" id="form-error">${
        messages.length === 1
          ? `<p>${escapeHtml(messages[0] ?? '')}</p>`
          : `<p>Check your details:</p><ul>${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('')}</ul>`
      }</div>`
    : '';
  const fieldsView = {
    fieldErrors: view.fieldErrors,
    ...(view.formError && { wholeCardErrorId: 'form-error' }),
  };
  const email = view.fixedEmail
    ? `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(view.fixedEmail)}" readonly>`
    : fieldInput(fieldsView, 'email', {
        label: 'Email',
        name: 'email',
        type: 'email',
        value: view.values.email,
        autocomplete: 'email',
      });
  return `<div class="columns">
${summaryHtml(summary, view)}
<section aria-labelledby="payment-title">
<h2 id="payment-title">${summary.cardOptional ? 'Card (optional)' : 'Pay with card'}</h2>
${alert}
<form method="post" action="${escapeHtml(summary.extras.basePath)}" novalidate>
${email}
${summary.cardOptional ? '<p class="hint" id="card-optional">No card is needed to start the trial: leave the card empty, or add one now to keep the plan when the trial ends.</p>' : ''}
${cardFields(fieldsView, view.values, 'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.')}
${taxIdField(summary.extras, { value: view.values.taxId ?? '', error: view.fieldErrors.tax_id })}
<button type="submit" class="wide">${summary.trialDays ? 'Start trial' : 'Subscribe'}</button>
</form>
${backLink(summary.cancelUrl)}
</section>
</div>`;
}

/** The bank's 3-D Secure challenge, reduced to the two answers a test needs. */
export function authenticationPageBody(summary: CheckoutSummary, amountDue: number) {
  const request =
    amountDue > 0
      ? `Your bank asks you to confirm a payment of ${escapeHtml(formatMoney(amountDue, summary.currency))} to the Payments emulator.`
      : `Your bank asks you to confirm that this card may be charged for your ${escapeHtml(summary.planName)} subscription.`;
  return `<p>${request}</p>
<p class="hint">This page stands in for the bank's 3-D Secure check: choose what the bank answers.</p>
<form method="post" action="${escapeHtml(summary.extras.basePath)}/authenticate" class="actions">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="danger">Fail authentication</button>
</form>`;
}
