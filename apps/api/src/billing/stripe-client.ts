import Stripe from 'stripe';
import type { PaymentsConfig } from '#api/config/app-config.ts';
import { requestIdHeader } from '#api/http/request-context.ts';

/** The SDK's own Node client, adding the id of the request a call is made for (X-Request-Id). */
class RequestIdHttpClient extends Stripe.HttpClient {
  readonly #node = Stripe.createNodeHttpClient();

  override getClientName(): string {
    return this.#node.getClientName();
  }

  override makeRequest(
    ...[host, port, path, method, headers, ...rest]: Parameters<Stripe.HttpClient['makeRequest']>
  ) {
    return this.#node.makeRequest(host, port, path, method, { ...headers, ...requestIdHeader() }, ...rest);
  }
}

/**
 * The real `stripe` SDK, pointed at the emulator or a test's provider by `apiUrl` and at Stripe itself
 * when that is unset. The SDK retries network errors and 5xx answers with the same idempotency key.
 */
export function createStripeClient(payments: PaymentsConfig): Stripe {
  const target = payments.apiUrl ? new URL(payments.apiUrl) : undefined;
  return new Stripe(payments.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'launchkit' },
    httpClient: new RequestIdHttpClient(),
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
