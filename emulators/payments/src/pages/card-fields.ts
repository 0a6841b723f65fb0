import { escapeHtml } from '@launchkit/emulator-kit';
import type { CardField } from '#payments/billing/test-cards.ts';

// The card form's fields, the same on the hosted Checkout page and in the billing portal's "Update
// payment method": labels, autofill names, hints, and each field's problem linked to it.

export type FieldsView<Field extends string> = {
  fieldErrors: Partial<Record<Field, string>>;
  /** The id of the alert about the card as a whole (a decline), when there is one. */
  wholeCardErrorId?: string;
};

const fieldIds: Record<CardField | 'email', string> = {
  email: 'email',
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  name: 'card-name',
};

/** One labelled input with its hint and its problem (aria-describedby, aria-invalid). */
export function fieldInput<Field extends CardField | 'email'>(
  view: FieldsView<Field>,
  field: Field,
  options: {
    label: string;
    name: string;
    value: string;
    autocomplete: string;
    type?: string;
    extra?: string;
    hint?: string;
  },
) {
  const id = fieldIds[field];
  const error = view.fieldErrors[field];
  const wholeCard = field === 'number' ? view.wholeCardErrorId : undefined;
  const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : '', wholeCard ?? '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(options.label)}</label>
${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" autocomplete="${options.autocomplete}" value="${escapeHtml(options.value)}" required${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error || wholeCard ? ' aria-invalid="true"' : ''}${options.extra ?? ''}>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

/** Number, expiry and CVC side by side, name on card; the CVC is never sent back. */
export function cardFields(
  view: FieldsView<CardField>,
  values: { number: string; expiry: string; name: string },
  numberHint: string,
) {
  return `${fieldInput(view, 'number', {
    label: 'Card number',
    name: 'card_number',
    value: values.number,
    autocomplete: 'cc-number',
    extra: ' inputmode="numeric" maxlength="30"',
    hint: numberHint,
  })}
<div class="row">
<div>${fieldInput(view, 'expiry', {
    label: 'Expiry (MM / YY)',
    name: 'card_expiry',
    value: values.expiry,
    autocomplete: 'cc-exp',
    extra: ' inputmode="numeric" maxlength="9" placeholder="MM / YY"',
  })}</div>
<div>${fieldInput(view, 'cvc', {
    label: 'CVC',
    name: 'card_cvc',
    value: '',
    autocomplete: 'cc-csc',
    extra: ' inputmode="numeric" maxlength="4"',
  })}</div>
</div>
${fieldInput(view, 'name', { label: 'Name on card', name: 'card_name', value: values.name, autocomplete: 'cc-name', extra: ' maxlength="200"' })}`;
}
