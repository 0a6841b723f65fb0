import type { GrantedCredit } from '@launchkit/api-contract';
import type Stripe from 'stripe';
import { callProvider } from '#api/billing/provider-errors.ts';
import { AppError } from '#api/http/app-error.ts';
import { type AuditDeps, audited } from './audited.ts';
import { workspaceCustomerOf } from './provider-subscription.ts';
import type { Operator } from './require-operator.ts';

// The plans are priced in usd (npm run stripe:setup), so the request's whole dollars are cents × 100
// there; a customer the provider bills in another currency would need a rate the product does not have.
const creditCurrency = 'usd';
const centsPerDollar = 100;
// Stripe's limit for a balance transaction's description.
const maxDescription = 350;

const noProviderCustomer = () =>
  new AppError(
    409,
    'operators/no-provider-customer',
    'This workspace has no customer at the payment provider to credit: it has never subscribed.',
  );

/**
 * Gives the workspace's customer a credit at the payment provider: a customer balance transaction
 * with a negative amount (docs.stripe.com/api/customer_balance_transactions/create;
 * docs/operations.md), which the provider takes off the next invoice when it is finalized. The reason
 * goes into the transaction's description too, so the provider's dashboard says why.
 */
export function grantCredit(
  deps: AuditDeps & { stripe: Stripe },
  operator: Operator,
  workspace: string,
  request: { amount: number; reason: string },
): Promise<GrantedCredit> {
  const entry = {
    action: 'credit.granted',
    workspace,
    reason: request.reason,
    detail: { amount: request.amount, currency: creditCurrency },
  };
  return audited(deps, operator, entry, async () => {
    const customerId = await workspaceCustomerOf(deps.db, workspace);
    if (!customerId) throw noProviderCustomer();
    const customer = await callProvider(deps.log, 'read the customer', () =>
      deps.stripe.customers.retrieve(customerId),
    );
    if (customer.deleted) throw noProviderCustomer();
    if (customer.currency && customer.currency !== creditCurrency) {
      throw new AppError(
        409,
        'operators/credit-currency-unsupported',
        `The payment provider bills this customer in ${customer.currency.toUpperCase()}; credits are granted in USD only.`,
      );
    }
    const transaction = await callProvider(deps.log, 'grant the credit', () =>
      deps.stripe.customers.createBalanceTransaction(customerId, {
        amount: -request.amount * centsPerDollar,
        currency: creditCurrency,
        description: `Credit from the back office: ${request.reason}`.slice(0, maxDescription),
        metadata: { workspace },
      }),
    );
    return {
      transaction: transaction.id,
      currency: transaction.currency,
      balance: transaction.ending_balance,
    };
  });
}
