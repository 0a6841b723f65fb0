import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import type { PaymentsContext } from '#payments/context.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { newId } from '#payments/ids.ts';
import { customerBalanceTransactionObject } from '#payments/objects/customer-balance-transaction-object.ts';
import { customerObject } from '#payments/objects/customer-object.ts';
import type { CustomerBalanceTransactionRecord, CustomerRecord } from '#payments/storage/payments-state.ts';
import { emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { answerList } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, originOf, paramsOf } from './route-helpers.ts';

const page = ['limit', 'starting_after', 'ending_before'];
// Stripe keeps a balance within what an invoice can carry; past it, an amount is refused rather than
// stored as a number that no invoice could ever apply.
const maxBalance = 99_999_999;

/** The live customer the URL names; Stripe answers resource_missing for a deleted one too. */
function customerOfUrl(context: PaymentsContext, request: FastifyRequest): CustomerRecord {
  const customer = liveCustomer(context.store.state, idParam(request));
  if (!customer) throw resourceMissing('customer', idParam(request));
  return customer;
}

/**
 * The transaction's currency: the customer's own once it has one (Stripe refuses another), and the
 * emulator bills in usd only, so a balance in any other currency could never be applied.
 */
function currencyParam(context: PaymentsContext, customer: CustomerRecord, given: string): string {
  const currency = given.toLowerCase();
  const object = customerObject(context.store.state, customer);
  const own = 'currency' in object ? object.currency : null;
  if (own && own !== currency) {
    throw invalidRequest(
      `The currency ${currency} does not match the customer's currency ${own}: a balance transaction is in the customer's currency.`,
      { param: 'currency' },
    );
  }
  if (currency !== 'usd') {
    throw parameterInvalid(
      'currency',
      `Invalid currency: ${currency}. The payments emulator bills in usd only.`,
    );
  }
  return currency;
}

async function createBalanceTransaction(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['amount', 'currency', 'description', 'metadata']);
  checkExpandRoots(params.expand(), ['customer']);
  const customer = customerOfUrl(context, request);
  const amount = params.integer('amount', { min: -maxBalance, max: maxBalance });
  if (amount === undefined) throw parameterMissing('amount');
  if (amount === 0) throw parameterInvalid('amount', 'Invalid amount: a balance transaction cannot be 0.');
  const currency = currencyParam(context, customer, params.requiredText('currency', { max: 3 }));
  const endingBalance = customer.balance + amount;
  if (Math.abs(endingBalance) > maxBalance) {
    throw parameterInvalid(
      'amount',
      `Invalid amount: the balance would be ${endingBalance}, past ±${maxBalance}.`,
    );
  }
  const transaction: CustomerBalanceTransactionRecord = {
    id: newId('cbtxn'),
    created: customerNow(state, customer),
    customer: customer.id,
    amount,
    currency,
    description: params.text('description', { max: 350 }) ?? null,
    endingBalance,
    metadata: params.metadataUpdate()?.({}) ?? {},
  };
  const before = customerObject(state, customer);
  customer.balance = endingBalance;
  state.customerBalanceTransactions.set(transaction.id, transaction);
  // Stripe tells of the new balance with customer.updated (previous_attributes.balance).
  const after = customerObject(state, customer);
  emitEvent(context, 'customer.updated', after, {
    origin: originOf(request),
    customer: customer.id,
    previousAttributes: previousAttributes(before, after),
  });
  return answer(context, customerBalanceTransactionObject(transaction), params.expand());
}

/** The customer's transactions, newest first as Stripe lists them. */
function transactionsOf(context: PaymentsContext, customer: CustomerRecord) {
  return [...context.store.state.customerBalanceTransactions.values()].filter(
    (transaction) => transaction.customer === customer.id,
  );
}

async function listBalanceTransactions(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, page);
  const customer = customerOfUrl(context, request);
  return answerList(context, params, transactionsOf(context, customer), {
    url: `/v1/customers/${customer.id}/balance_transactions`,
    kind: 'customer_balance_transaction',
    render: customerBalanceTransactionObject,
  });
}

async function retrieveBalanceTransaction(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, []);
  checkExpandRoots(params.expand(), ['customer']);
  const customer = customerOfUrl(context, request);
  const id = (request.params as { transaction: string }).transaction;
  const transaction = context.store.state.customerBalanceTransactions.get(id);
  if (!transaction || transaction.customer !== customer.id) {
    throw resourceMissing('customer_balance_transaction', id);
  }
  return answer(context, customerBalanceTransactionObject(transaction), params.expand(), { changed: false });
}

/**
 * A customer's balance transactions (docs.stripe.com/api/customer_balance_transactions): an
 * adjustment made through the API changes the balance that the next invoice applies when finalized
 * (billing/invoices.ts).
 */
export function registerCustomerBalanceRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/customers/:id/balance_transactions': createBalanceTransaction,
    'GET /v1/customers/:id/balance_transactions': listBalanceTransactions,
    'GET /v1/customers/:id/balance_transactions/:transaction': retrieveBalanceTransaction,
  });
}
