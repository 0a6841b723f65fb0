import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '#api/http/app-error.ts';

/**
 * Runs a payment-provider call; its failures become errors a user can act on (try again), with the
 * provider's own words kept in the log for whoever runs the product.
 */
export async function callProvider<T>(
  log: FastifyBaseLogger,
  action: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    log.error(
      { err: error, action, providerCode: error.code, providerRequestId: error.requestId },
      'payment provider call failed',
    );
    if (error instanceof Stripe.errors.StripeConnectionError || (error.statusCode ?? 500) >= 500) {
      throw new AppError(
        503,
        'billing/provider-unavailable',
        'The payment service is not reachable right now. Please try again shortly.',
      );
    }
    throw new AppError(
      502,
      'billing/provider-error',
      `The payment service could not ${action}: ${error.message}`,
    );
  }
}
