import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate, ordinal } from './dates.ts';

// Local dates at noon: the formatter writes the date in the running machine's time zone.
const local = (year: number, monthIndex: number, day: number) => new Date(year, monthIndex, day, 12);

describe('formatLongDate (docs/product.md §9 MMMM Do YYYY)', () => {
  it.each([
    [local(2026, 10, 21), 'November 21st 2026'],
    [local(2026, 0, 1), 'January 1st 2026'],
    [local(2026, 1, 2), 'February 2nd 2026'],
    [local(2026, 2, 3), 'March 3rd 2026'],
    [local(2026, 3, 4), 'April 4th 2026'],
    [local(2026, 4, 11), 'May 11th 2026'],
    [local(2026, 5, 12), 'June 12th 2026'],
    [local(2026, 6, 13), 'July 13th 2026'],
    [local(2026, 7, 22), 'August 22nd 2026'],
    [local(2026, 8, 23), 'September 23rd 2026'],
    [local(2026, 9, 30), 'October 30th 2026'],
    [local(2027, 11, 31), 'December 31st 2027'],
  ])('%s → %s, as a Date and as an ISO string', (date, expected) => {
    expect(formatLongDate(date)).toBe(expected);
    expect(formatLongDate(date.toISOString())).toBe(expected);
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
    [111, '111th'],
    [112, '112th'],
    [101, '101st'],
  ])('ordinal %i is %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected);
  });

  it('is empty for no date or an invalid one', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate(undefined)).toBe('');
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatLongDate in the time zone of the machine that runs it', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  const inZone = (zone: string, value: string) => {
    process.env.TZ = zone;
    return formatLongDate(value);
  };

  it('writes the day of the local calendar, not of UTC, on either side of midnight', () => {
    // 23:30 UTC on November 21st is already the 22nd in Tokyo and still the 21st in New York.
    expect(inZone('UTC', '2026-11-21T23:30:00Z')).toBe('November 21st 2026');
    expect(inZone('Asia/Tokyo', '2026-11-21T23:30:00Z')).toBe('November 22nd 2026');
    expect(inZone('America/New_York', '2026-11-21T23:30:00Z')).toBe('November 21st 2026');
    // 03:00 UTC on January 1st is still the last day of the old year in Los Angeles.
    expect(inZone('America/Los_Angeles', '2027-01-01T03:00:00Z')).toBe('December 31st 2026');
    expect(inZone('UTC', '2027-01-01T03:00:00Z')).toBe('January 1st 2027');
  });

  it('keeps the day across a daylight-saving change and in a zone a half hour off UTC', () => {
    // New York leaves daylight saving time on November 1st 2026, at 06:00 UTC.
    expect(inZone('America/New_York', '2026-11-01T04:30:00Z')).toBe('November 1st 2026');
    expect(inZone('America/New_York', '2026-11-02T04:30:00Z')).toBe('November 1st 2026');
    expect(inZone('Asia/Kolkata', '2026-11-21T18:29:00Z')).toBe('November 21st 2026');
    expect(inZone('Asia/Kolkata', '2026-11-21T18:30:00Z')).toBe('November 22nd 2026');
  });
});
