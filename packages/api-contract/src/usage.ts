import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok, providerErrors, workspaceErrors } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';
import { workspaceQuery } from './team.ts';

/**
 * "Usage this period" (docs/usage-billing.md): the items the workspace created in its subscription's
 * current period, as the payment provider's meter counted them, and what they will add to the next
 * invoice. Every field says what holds in this deployment, so the screen never claims a charge that
 * will not come.
 */
export const usageSummary = z
  .object({
    reporting: z
      .boolean()
      .describe('Whether this deployment reports usage to the payment provider (USAGE_REPORTING).'),
    metric: z.literal('items_created').describe('What is counted: items created in the workspace.'),
    periodStart: timestamp
      .nullable()
      .describe("The start of the subscription's current period; null without a subscription."),
    periodEnd: timestamp.nullable().describe('When the current period ends and its usage is invoiced.'),
    quantity: z.int().min(0).describe('Items counted by the provider this period (0 without a period).'),
    isBilled: z
      .boolean()
      .describe('Whether the subscription carries the metered price, so that the usage is invoiced.'),
    unitAmount: z
      .string()
      .nullable()
      .describe('The metered price per item, in cents as a decimal string; null when not billed.'),
    projectedAmount: z
      .int()
      .nullable()
      .describe(
        'quantity × unitAmount in cents, rounded as the provider rounds a line; null when not billed.',
      ),
    currency: z.string().describe('ISO currency of the amounts (lower case).'),
  })
  .meta({ id: 'UsageSummary' });

export type UsageSummary = z.output<typeof usageSummary>;

export const usageEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/billing/usage',
    id: 'getUsage',
    tag: 'Billing',
    summary: 'Usage this period: items created, and the projected charge on the next invoice',
    auth: 'bearer',
    description:
      "Always the caller's own workspace's usage. With `workspace` naming another's workspace, refused: only its owner sees its billing.",
    request: { query: workspaceQuery },
    answer: ok('The usage of the current period.', usageSummary),
    errors: { ...workspaceErrors, ...providerErrors },
  }),
] as const;
