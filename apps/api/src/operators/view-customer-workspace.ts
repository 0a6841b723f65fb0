import type { CustomerWorkspace } from '@launchkit/api-contract';
import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { callProvider } from '#api/billing/provider-errors.ts';
import { activity, apiKeys, subUsers, users, webhookEndpoints } from '#api/db/schema.ts';
import { planItemOf } from '#api/plans/plan-item.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import { isoOfUnix, providerSubscriptionOf } from './provider-subscription.ts';
import type { Operator } from './require-operator.ts';

export type ViewDeps = AuditDeps & { stripe: Stripe; plans: PlanCatalogue };

/**
 * A workspace as the back office shows it (docs/operations.md), audited before it is read: its owner's
 * row, members, the subscription and invoices read live from the provider, the latest activity, and its
 * API keys and webhook endpoints without their secrets (only a key's prefix, only an endpoint's address).
 */
export function viewCustomerWorkspace(
  deps: ViewDeps,
  operator: Operator,
  workspace: string,
): Promise<CustomerWorkspace> {
  return audited(deps, operator, { action: 'workspace.viewed', workspace }, async () => {
    const [owner] = await deps.db.select().from(users).where(eq(users.id, workspace));
    if (!owner) throw operatorNotFound('workspace');
    const [members, recent, keys, endpoints, subscription, invoices] = await Promise.all([
      deps.db
        .select({
          id: subUsers.memberId,
          email: subUsers.email,
          role: subUsers.role,
          joinedAt: subUsers.joinedAt,
        })
        .from(subUsers)
        .where(eq(subUsers.owner, workspace))
        .orderBy(subUsers.createdAt),
      deps.db
        .select({
          action: activity.action,
          actorEmail: activity.actorEmail,
          subject: activity.subject,
          createdAt: activity.createdAt,
        })
        .from(activity)
        .where(eq(activity.workspace, workspace))
        .orderBy(desc(activity.createdAt))
        .limit(20),
      deps.db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          role: apiKeys.role,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.workspace, workspace)),
      deps.db
        .select({
          id: webhookEndpoints.id,
          url: webhookEndpoints.url,
          enabled: webhookEndpoints.enabled,
          disabledReason: webhookEndpoints.disabledReason,
        })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspace, workspace)),
      providerSubscriptionOf(deps.stripe, deps.log, owner.stripeCustomerId),
      invoicesOf(deps, owner.stripeCustomerId),
    ]);
    return {
      workspace: {
        workspace: owner.id,
        email: owner.email,
        name: owner.name,
        customerId: owner.stripeCustomerId,
        subscriptionStatus: owner.stripeSubscriptionStatus,
        locked: owner.lockedAt !== null,
        lockedReason: owner.lockedReason,
        forbidsImpersonation: owner.forbidsImpersonation,
        createdAt: owner.createdAt.toISOString(),
      },
      members: members.map(({ joinedAt, ...member }) => ({ ...member, joined: joinedAt !== null })),
      subscription: subscription ? subscriptionSummary(deps.plans, subscription) : null,
      invoices,
      activity: recent.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      apiKeys: keys.map(({ revokedAt, ...key }) => ({ ...key, revoked: revokedAt !== null })),
      webhookEndpoints: endpoints,
    };
  });
}

function subscriptionSummary(plans: PlanCatalogue, subscription: Stripe.Subscription) {
  const item = planItemOf(subscription);
  return {
    id: subscription.id,
    status: subscription.status,
    plan: (item && plans.planByPriceId.get(item.price.id)) ?? null,
    seats: item?.quantity ?? 0,
    trialEnd: isoOfUnix(subscription.trial_end),
    currentPeriodEnd: isoOfUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

async function invoicesOf(deps: ViewDeps, customer: string | null) {
  if (!customer) return [];
  const list = await callProvider(deps.log, 'list the invoices', () =>
    deps.stripe.invoices.list({ customer, limit: 10 }),
  );
  return list.data.map((invoice) => ({
    id: invoice.id ?? '',
    number: invoice.number,
    status: invoice.status,
    total: invoice.total,
    currency: invoice.currency,
    created: new Date(invoice.created * 1000).toISOString(),
  }));
}
