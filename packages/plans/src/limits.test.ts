import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type LimitTier, limitsOf, type PlanLimits, planLimits } from './limits.ts';

// docs/limits.md's table is what an operator reads: it must say what the catalogue holds.
const document = await readFile(new URL('../../../docs/limits.md', import.meta.url), 'utf8');

const rowOf: Record<keyof PlanLimits, string> = {
  apiRequestsPerMinute: 'API requests a minute',
  writesPerMinute: 'changes a minute',
  webhookEndpoints: 'webhook endpoints',
  webhookDeliveriesPerMinute: 'webhook deliveries started a minute',
  apiKeys: 'API keys held at once',
  activityRetentionDays: 'days the activity log keeps an entry',
};
const columns: LimitTier[] = ['free', 'starter', 'pro', 'business'];

describe('docs/limits.md', () => {
  it.each(Object.entries(rowOf))('states the catalogue’s %s', (limit, label) => {
    const row = document.split('\n').find((line) => line.startsWith(`| ${label}`));
    expect(row, label).toBeDefined();
    const cells = String(row)
      .split('|')
      .map((cell) => cell.trim())
      .slice(2, 2 + columns.length)
      .map((cell) => Number(cell.replaceAll(',', '')));
    expect(cells).toEqual(columns.map((tier) => planLimits[tier][limit as keyof PlanLimits]));
  });
});

describe('limitsOf', () => {
  it('gives a plan in force its own limits, and anything else the free ones', () => {
    expect(limitsOf({ planId: 'pro', planInForce: true })).toBe(planLimits.pro);
    expect(limitsOf({ planId: 'pro', planInForce: false })).toBe(planLimits.free);
    expect(limitsOf({ planId: null, planInForce: false })).toBe(planLimits.free);
  });

  it('never gives a paying plan less than the free one', () => {
    for (const tier of columns) {
      for (const limit of Object.keys(rowOf) as (keyof PlanLimits)[]) {
        expect(planLimits[tier][limit], `${tier} ${limit}`).toBeGreaterThanOrEqual(planLimits.free[limit]);
      }
    }
  });
});
