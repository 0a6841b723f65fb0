import type { CreateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// The workspace's webhook endpoints (docs/webhooks.md), as its owner or an admin manages them on
// /developers: `workspace` is the `?workspace=` of the workspace worked in (null: the person's own).

export type { WebhookDelivery, WebhookEndpoint };
export type NewWebhookEndpoint = CreateWebhookEndpointRequest;

const endpointsPath = (workspace: string | null, ...segments: string[]) => {
  const path = ['webhook-endpoints', ...segments.map(encodeURIComponent)].join('/');
  return workspace === null ? path : `${path}?${new URLSearchParams({ workspace })}`;
};

export const listWebhookEndpoints = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<WebhookEndpoint[]>(endpointsPath(workspace), { signal });

export const createWebhookEndpoint = (workspace: string | null, endpoint: NewWebhookEndpoint) =>
  apiRequest<WebhookEndpoint>(endpointsPath(workspace), { method: 'POST', body: endpoint });

/** Turns an endpoint off, or on again (which forgets its failures). */
export const setWebhookEndpointEnabled = (workspace: string | null, id: string, enabled: boolean) =>
  apiRequest<WebhookEndpoint>(endpointsPath(workspace, id), { method: 'PATCH', body: { enabled } });

export const deleteWebhookEndpoint = (workspace: string | null, id: string) =>
  apiRequest<{ id: string }>(endpointsPath(workspace, id), { method: 'DELETE' });

/** A new secret; the old one still signs for 24 hours. */
export const rotateWebhookSecret = (workspace: string | null, id: string) =>
  apiRequest<WebhookEndpoint>(endpointsPath(workspace, id, 'secret'), { method: 'POST' });

export const listWebhookDeliveries = (workspace: string | null, id: string, signal?: AbortSignal) =>
  apiRequest<WebhookDelivery[]>(endpointsPath(workspace, id, 'deliveries'), { signal });

export const redeliverWebhook = (workspace: string | null, id: string, deliveryId: string) =>
  apiRequest<WebhookDelivery>(endpointsPath(workspace, id, 'deliveries', deliveryId, 'redelivery'), {
    method: 'POST',
  });
