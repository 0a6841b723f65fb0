import { describe, expect, it } from 'vitest';
import { formatCents } from './usage.ts';

describe('formatCents', () => {
  it('shows a charge in whole cents and a price per item down to a hundredth of a cent', () => {
    expect(formatCents(3, 'usd')).toBe('$0.03');
    expect(formatCents(1234, 'usd')).toBe('$12.34');
    expect(formatCents(1, 'usd', 4)).toBe('$0.01');
    // A metered price may be a fraction of a cent: rounding it to $0.01 would overstate it.
    expect(formatCents(0.5, 'usd', 4)).toBe('$0.005');
    expect(formatCents(250, 'eur')).toBe('€2.50');
  });
});
