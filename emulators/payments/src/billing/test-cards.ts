import { createHash } from 'node:crypto';
import type { CardDetails } from '#payments/storage/payments-state.ts';

/** Stripe's own words for what a card form can get wrong, as Checkout shows them. */
export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  nameMissing: 'Enter the name on your card.',
  emailIncomplete: 'Your email is incomplete.',
  emailInvalid: 'Your email address is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export type Decline = { code: string; declineCode: string; message: string };

/** What a card number does at checkout: Stripe's test cards; any other valid number succeeds. */
export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; decline: Decline }
  | { kind: 'requires_authentication' }
  | { kind: 'fails_later' };

/** A card that Checkout declines, with Stripe's error code, decline code and message. */
const declines = (code: string, declineCode: string, message: string): CardBehaviour => ({
  kind: 'declines',
  decline: { code, declineCode, message },
});

const testCards: Record<string, CardBehaviour> = {
  '4000000000000002': declines('card_declined', 'generic_decline', cardMessages.declined),
  '4000000000009995': declines('card_declined', 'insufficient_funds', cardMessages.insufficientFunds),
  '4000000000009987': declines('card_declined', 'lost_card', cardMessages.declined),
  '4000000000009979': declines('card_declined', 'stolen_card', cardMessages.declined),
  '4000000000000069': declines('expired_card', 'expired_card', cardMessages.expiredCard),
  '4000000000000127': declines('incorrect_cvc', 'incorrect_cvc', cardMessages.incorrectCvc),
  '4000000000000119': declines('processing_error', 'processing_error', cardMessages.processingError),
  '4000002500003155': { kind: 'requires_authentication' },
  '4000000000000341': { kind: 'fails_later' },
};

export const behaviourOf = (number: string): CardBehaviour => testCards[number] ?? { kind: 'succeeds' };

/**
 * Stripe's test PaymentMethods (docs.stripe.com/testing#cards, "PaymentMethods"), by the card number
 * each stands for: passing one to attach or to a SetupIntent makes a new card of that number.
 */
export const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** What the emulator keeps of a card: brand, last four, expiry, what later charges do, a fingerprint. */
export function cardDetails(digits: string, expMonth: number, expYear: number): CardDetails {
  const behaviour = behaviourOf(digits);
  return {
    brand: brandOf(digits),
    last4: digits.slice(-4),
    expMonth,
    expYear,
    laterCharges: behaviour.kind === 'fails_later' ? 'fails' : 'succeeds',
    fingerprint: createHash('sha256').update(`card:${digits}`).digest('base64url').slice(0, 16),
  };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0|6|8|9)/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export type CardForm = { number: string; expiry: string; cvc: string; name: string };
export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type ValidCard = { digits: string; card: CardDetails; behaviour: CardBehaviour; name: string };

/**
 * Checks a card as Checkout does before it reaches the bank: the number (spaces and dashes allowed,
 * Luhn), the expiry ("MM / YY", "MM/YY", "MMYY", or a four-digit year), the CVC and the name.
 * `now` decides whether the expiry is past; a card is good through the end of its month.
 */
export function validateCard(
  form: CardForm,
  now: Date,
): { ok: true; card: ValidCard } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};

  const compact = form.number.replace(/[\s-]/g, '');
  const brand = brandOf(compact);
  const minLength = brand === 'amex' ? 15 : brand === 'diners' ? 14 : brand === 'unknown' ? 12 : 16;
  if (compact === '') errors.number = cardMessages.numberIncomplete;
  else if (!/^\d+$/.test(compact)) errors.number = cardMessages.numberInvalid;
  else if (compact.length < minLength) errors.number = cardMessages.numberIncomplete;
  else if (compact.length > 19 || !luhnValid(compact)) errors.number = cardMessages.numberInvalid;

  let expMonth = 0;
  let expYear = 0;
  const expiry = form.expiry.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry) ?? /^(\d{2})(\d{2})$/.exec(expiry);
  if (expiry === '' || /^\d{1,3}$/.test(expiry) || /^\d{1,2}\/\d?$/.test(expiry)) {
    errors.expiry = cardMessages.expiryIncomplete;
  } else if (!match) {
    errors.expiry = cardMessages.expiryInvalid;
  } else {
    expMonth = Number(match[1]);
    const year = match[2] ?? '';
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    const thisYear = now.getUTCFullYear();
    const thisMonth = now.getUTCMonth() + 1;
    if (expMonth < 1 || expMonth > 12) errors.expiry = cardMessages.expiryInvalid;
    else if (expYear < thisYear) errors.expiry = cardMessages.expiryYearPast;
    else if (expYear === thisYear && expMonth < thisMonth) errors.expiry = cardMessages.expiryPast;
    else if (expYear > thisYear + 50) errors.expiry = cardMessages.expiryYearInvalid;
  }

  const cvc = form.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (cvc === '' || (/^\d+$/.test(cvc) && cvc.length < 3)) errors.cvc = cardMessages.cvcIncomplete;
  else if (!/^\d{3,4}$/.test(cvc) || (brand === 'amex' && cvc.length !== cvcLength))
    errors.cvc = cardMessages.cvcInvalid;

  const name = form.name.trim().replace(/\s+/g, ' ');
  if (name === '') errors.name = cardMessages.nameMissing;
  else if (name.length > 200) errors.name = 'The name on your card is too long.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: {
      digits: compact,
      name,
      behaviour: behaviourOf(compact),
      card: cardDetails(compact, expMonth, expYear),
    },
  };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return cardMessages.emailIncomplete;
  if (value.length > 254 || !emailPattern.test(value)) return cardMessages.emailInvalid;
  return undefined;
}
