import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('addMonths', () => {
  it('moves to the same day and time of a later month', () => {
    expect(iso(addMonths(at('2026-01-15T10:20:30Z'), 1))).toBe('2026-02-15T10:20:30.000Z');
    expect(iso(addMonths(at('2026-11-30T00:00:00Z'), 2))).toBe('2027-01-30T00:00:00.000Z');
  });

  it('ends on the last day of a shorter month, and counts from the anchor after it', () => {
    const anchor = at('2026-01-31T12:00:00Z');
    expect(iso(addMonths(anchor, 1))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(addMonths(anchor, 2))).toBe('2026-03-31T12:00:00.000Z');
    expect(iso(addMonths(at('2028-01-31T00:00:00Z'), 1))).toBe('2028-02-29T00:00:00.000Z');
  });
});
