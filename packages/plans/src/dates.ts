// The long date of docs/product.md §9, 'MMMM Do YYYY' ('November 21st 2026'), as the dashboard and
// the hosted account page show it. No imports: the hosted account page's browser script uses this
// file as it is.

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/**
 * A date (a Date or an ISO string) as 'November 21st 2026', in the time zone of the machine that runs
 * it (the browser's, for the user); '' for no date or an invalid one.
 */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${months[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}`;
}
