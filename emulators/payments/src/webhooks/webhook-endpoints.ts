import type { PaymentsConfig } from '#payments/config.ts';
import type { PaymentsState, WebhookEndpointRecord } from '#payments/storage/payments-state.ts';
import { apiVersion } from './pinned-api-version.ts';

/** The endpoint of STRIPE_WEBHOOK_URL: not stored, it follows the configuration at every start. */
export const configuredEndpointId = 'we_emulator_configured';

export type ActiveEndpoint = { id: string; url: string; secret: string; enabledEvents: string[] };

export function configuredEndpoint(config: PaymentsConfig): WebhookEndpointRecord | undefined {
  if (!config.webhookUrl) return undefined;
  return {
    id: configuredEndpointId,
    url: config.webhookUrl,
    secret: config.webhookSecret,
    enabledEvents: ['*'],
    description: 'STRIPE_WEBHOOK_URL (configured in the emulator; signed with STRIPE_WEBHOOK_SECRET)',
    metadata: {},
    // It stands for an endpoint set up for this product: its events are in the pinned version, and it
    // says so (as an endpoint made with an explicit api_version does).
    apiVersion,
    disabled: false,
    created: 0,
  };
}

/** Every endpoint, the configured one first. */
export function allEndpoints(config: PaymentsConfig, state: PaymentsState): WebhookEndpointRecord[] {
  const configured = configuredEndpoint(config);
  return [...(configured ? [configured] : []), ...state.webhookEndpoints.values()];
}

export function findEndpoint(
  config: PaymentsConfig,
  state: PaymentsState,
  id: string,
): WebhookEndpointRecord | undefined {
  return id === configuredEndpointId ? configuredEndpoint(config) : state.webhookEndpoints.get(id);
}

export const endpointWants = (endpoint: { enabledEvents: string[]; disabled: boolean }, type: string) =>
  !endpoint.disabled && (endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type));
