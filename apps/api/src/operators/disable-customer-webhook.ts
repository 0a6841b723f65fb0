import { and, eq, sql } from 'drizzle-orm';
import { webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

/**
 * Turns off one of a workspace's webhook endpoints, as its admin would (no more deliveries until someone
 * of the workspace turns it on again, docs/webhooks.md); the reason shown to them says who did it.
 */
export function disableCustomerWebhook(
  deps: AuditDeps,
  operator: Operator,
  target: { workspace: string; endpoint: string },
  reason: string,
): Promise<{ done: true }> {
  const entry = {
    action: 'webhook-endpoint.disabled',
    workspace: target.workspace,
    reason,
    detail: { endpoint: target.endpoint },
  };
  return audited(deps, operator, entry, async () => {
    if (!isUuid(target.endpoint)) throw operatorNotFound('webhook endpoint');
    const rows = await deps.db
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: 'Turned off by the product’s operators.',
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, target.endpoint), eq(webhookEndpoints.workspace, target.workspace)))
      .returning({ id: webhookEndpoints.id });
    if (rows.length === 0) throw operatorNotFound('webhook endpoint');
    return { done: true as const };
  });
}
