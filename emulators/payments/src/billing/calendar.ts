/**
 * Billing periods are calendar months, as Stripe's: a period that starts on the 31st ends on the last
 * day of a shorter month, and the next one goes back to the 31st where the month has one. Periods
 * are counted from the anchor (`addMonths(anchor, n)`) so a short month does not shift later ones.
 */
export function addMonths(unixSeconds: number, months: number): number {
  const start = new Date(unixSeconds * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000;
}

/** The end of `count` periods of a price's interval from `unixSeconds` (a year is twelve calendar months). */
export const addPeriods = (unixSeconds: number, count: number, interval: 'month' | 'year') =>
  addMonths(unixSeconds, interval === 'year' ? count * 12 : count);

export const daySeconds = 24 * 60 * 60;
