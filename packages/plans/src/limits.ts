// What each plan may use of the shared machine (docs/limits.md, decision 0039): the limits are a
// workspace's (its owner's plan), so an API key, a member and the owner draw on one budget, and a
// free workspace gets small ones rather than none: it can try every feature, and cannot be turned
// into a flood. A plan whose renewal has lapsed (not in force) has the free limits, as its other
// gates do (plan-status.ts). An operator changes a figure here and nowhere else.
import type { PlanId } from './plan-ids.ts';

export type PlanLimits = {
  /** Requests a minute the workspace's API keys make together, reads included. */
  apiRequestsPerMinute: number;
  /** Changes a minute to the workspace's records (items, members, keys, endpoints), by anyone. */
  writesPerMinute: number;
  /** Webhook endpoints the workspace may hold, each a distinct URL. */
  webhookEndpoints: number;
  /** Webhook deliveries a minute the workspace may start; later ones wait for the next minute. */
  webhookDeliveriesPerMinute: number;
  /** API keys the workspace may hold at once (revoked ones do not count). */
  apiKeys: number;
  /** Days the workspace's activity log keeps an entry; the data-retention job deletes older ones. */
  activityRetentionDays: number;
};

export type LimitTier = PlanId | 'free';

export const planLimits: Readonly<Record<LimitTier, PlanLimits>> = {
  free: {
    apiRequestsPerMinute: 60,
    writesPerMinute: 30,
    webhookEndpoints: 1,
    webhookDeliveriesPerMinute: 60,
    apiKeys: 2,
    activityRetentionDays: 30,
  },
  starter: {
    apiRequestsPerMinute: 300,
    writesPerMinute: 120,
    webhookEndpoints: 3,
    webhookDeliveriesPerMinute: 300,
    apiKeys: 5,
    activityRetentionDays: 90,
  },
  pro: {
    apiRequestsPerMinute: 1200,
    writesPerMinute: 600,
    webhookEndpoints: 10,
    webhookDeliveriesPerMinute: 1200,
    apiKeys: 15,
    activityRetentionDays: 365,
  },
  business: {
    apiRequestsPerMinute: 3000,
    writesPerMinute: 1500,
    webhookEndpoints: 20,
    webhookDeliveriesPerMinute: 3000,
    apiKeys: 25,
    activityRetentionDays: 730,
  },
};

/** The tier whose limits apply: the plan while it is in force, else the free one. */
export const limitTierOf = (plan: { planId: PlanId | null; planInForce: boolean }): LimitTier =>
  plan.planInForce && plan.planId ? plan.planId : 'free';

/** The limits of a workspace whose owner has this plan. */
export const limitsOf = (plan: { planId: PlanId | null; planInForce: boolean }): PlanLimits =>
  planLimits[limitTierOf(plan)];
