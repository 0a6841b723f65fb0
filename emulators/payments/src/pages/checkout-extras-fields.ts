import { escapeHtml } from '@launchkit/emulator-kit';
import { formatMoney } from './page-format.ts';

// The checkout page's promotion code (in the order summary, a form of its own so that applying a code
// keeps nothing of the card), its discount and tax lines, and the tax id field of the payment form.

export type CheckoutExtras = {
  /** The page's own path: `/c/pay/<session>` or, embedded, `/c/embed/<client secret>`. */
  basePath: string;
  currency: string;
  /** After the discount, with the tax. */
  dueToday: number;
  promotion: {
    allowed: boolean;
    applied: { code: string; percentOff: number | null; amountOff: number | null } | null;
    discount: number;
  };
  tax: { percent: number; amount: number } | null;
  taxIdCollection: boolean;
};

const offText = (
  { percentOff, amountOff }: { percentOff: number | null; amountOff: number | null },
  currency: string,
) => (percentOff !== null ? `${percentOff} % off` : `${formatMoney(amountOff ?? 0, currency)} off`);

/** Discount and tax lines of the order summary's list. */
export function adjustmentLines(extras: CheckoutExtras) {
  const { applied, discount } = extras.promotion;
  const discountLine = applied
    ? `<dt>Discount (${escapeHtml(applied.code)})</dt><dd>−${escapeHtml(formatMoney(discount, extras.currency))}</dd>`
    : '';
  const taxLine = extras.tax
    ? `<dt>Tax (${extras.tax.percent} %)</dt><dd>${escapeHtml(formatMoney(extras.tax.amount, extras.currency))}</dd>`
    : '';
  return `${discountLine}${taxLine}`;
}

/** "Add promotion code", or the code applied with a way to remove it. */
export function promotionCodeForm(extras: CheckoutExtras, entered: { value: string; error?: string }) {
  if (!extras.promotion.allowed) return '';
  const action = `${escapeHtml(extras.basePath)}/promotion-code`;
  const { applied } = extras.promotion;
  if (applied) {
    return `<form method="post" action="${action}" class="promotion-code">
<p role="status">Promotion code <strong>${escapeHtml(applied.code)}</strong> applied: ${escapeHtml(offText(applied, extras.currency))}.</p>
<button type="submit" name="action" value="remove" class="secondary">Remove promotion code</button>
</form>`;
  }
  const error = entered.error
    ? `<p class="field-error" id="promotion-code-error" role="alert">${escapeHtml(entered.error)}</p>`
    : '';
  return `<form method="post" action="${action}" class="promotion-code" novalidate>
<label for="promotion-code">Add promotion code</label>
<input id="promotion-code" name="promotion_code" type="text" autocomplete="off" maxlength="200" value="${escapeHtml(entered.value)}"${entered.error ? ' aria-invalid="true" aria-describedby="promotion-code-error"' : ''}>
${error}<button type="submit" name="action" value="apply" class="secondary">Apply</button>
</form>`;
}

/** The business tax id, optional, when the session collects one. */
export function taxIdField(extras: CheckoutExtras, entered: { value: string; error?: string }) {
  if (!extras.taxIdCollection) return '';
  const describedBy = ['tax-id-hint', entered.error ? 'tax-id-error' : ''].filter(Boolean).join(' ');
  return `<label for="tax-id">Business tax ID (optional)</label>
<p class="hint" id="tax-id-hint">Such as DE123456789 (EU VAT number) or 12-3456789 (US EIN).</p>
<input id="tax-id" name="tax_id" type="text" autocomplete="off" maxlength="40" value="${escapeHtml(entered.value)}" aria-describedby="${describedBy}"${entered.error ? ' aria-invalid="true"' : ''}>
${entered.error ? `<p class="field-error" id="tax-id-error">${escapeHtml(entered.error)}</p>` : ''}`;
}

/** A tax id as Stripe types it, or the message for one it would refuse. */
export function parseTaxId(value: string): { type: 'eu_vat' | 'us_ein'; value: string } | { error: string } {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{2}[0-9][0-9A-Z]{1,12}$/.test(compact)) return { type: 'eu_vat', value: compact };
  if (/^\d{2}-\d{7}$/.test(compact)) return { type: 'us_ein', value: compact };
  return { error: 'Enter a valid tax ID, such as DE123456789 or 12-3456789.' };
}
