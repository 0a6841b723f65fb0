import type Stripe from 'stripe';
import type { WebhookEndpointRecord } from '#payments/storage/payments-state.ts';

/** The secret is shown once, in the answer to create (as Stripe does). */
export function webhookEndpointObject(
  endpoint: WebhookEndpointRecord,
  options: { withSecret?: boolean } = {},
): Stripe.WebhookEndpoint {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    api_version: endpoint.apiVersion,
    application: null,
    created: endpoint.created,
    description: endpoint.description,
    enabled_events: [...endpoint.enabledEvents],
    livemode: false,
    metadata: { ...endpoint.metadata },
    ...(options.withSecret && { secret: endpoint.secret }),
    status: endpoint.disabled ? 'disabled' : 'enabled',
    url: endpoint.url,
  };
}
