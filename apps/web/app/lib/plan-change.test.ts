import { describe, expect, it } from 'vitest';
import { describeChange, formatAmount, isSameChoice } from './plan-change.ts';

describe('plan changes as Settings → Plan words them', () => {
  const pro = { plan: 'pro', period: 'month', seats: 5 } as const;

  it('names each part that changed, from → to', () => {
    expect(describeChange(pro, { ...pro, period: 'year' })).toBe(
      'Your plan has changed: billed monthly → yearly.',
    );
    expect(describeChange(pro, { plan: 'business', period: 'year', seats: 6 })).toBe(
      'Your plan has changed: Pro → Business, billed monthly → yearly, 5 → 6 seats.',
    );
    expect(describeChange(pro, { ...pro, seats: 1 })).toBe('Your plan has changed: 5 → 1 seat.');
    expect(describeChange(pro, pro)).toBe('Your plan is unchanged.');
  });

  it('writes a credit with a minus sign before the dollars', () => {
    expect(formatAmount(1200)).toBe('$12');
    expect(formatAmount(-450)).toBe('−$4.50');
    expect(formatAmount(0)).toBe('$0');
  });

  it('compares choices part by part', () => {
    expect(isSameChoice(pro, { ...pro })).toBe(true);
    expect(isSameChoice(pro, { ...pro, seats: 6 })).toBe(false);
  });
});
