import { isRecord } from '#payments/http/params.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** Cents as "$60.00". */
export const formatMoney = (cents: number, currency = 'usd') =>
  currency === 'usd' ? money.format(cents / 100) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Unix seconds as "March 5, 2026" (UTC, as every date the emulator shows). */
export const formatDay = (seconds: number) => day.format(new Date(seconds * 1000));
export const formatDayAndTime = (seconds: number) => `${dayAndTime.format(new Date(seconds * 1000))} UTC`;

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The host of a URL for "Back to localhost:3000"-style links. */
export const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);
export const originOfUrl = (url: string) => (URL.canParse(url) ? new URL(url).origin : undefined);

/**
 * A posted form's field as a string: '' when missing, or when it is not a single string (a repeated
 * field, bracket keys); pages then answer with their usual message for a missing value.
 */
export function formFields(body: unknown): (name: string) => string {
  const record = isRecord(body) ? body : {};
  return (name) => {
    const value = record[name];
    return typeof value === 'string' ? value.slice(0, 1000) : '';
  };
}
