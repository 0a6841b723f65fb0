import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@launchkit/api-contract';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

export const webhookEndpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  secret: webhookEndpoints.secret,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

type EndpointRow = Pick<typeof webhookEndpoints.$inferSelect, keyof typeof webhookEndpointColumns>;

export const toWebhookEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  ...row,
  events: row.events as WebhookEventType[],
  // A replaced secret whose overlap is over signs nothing: its time is not news.
  previousSecretExpiresAt:
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
      ? row.previousSecretExpiresAt.toISOString()
      : null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const webhookDeliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  durationMs: webhookDeliveries.durationMs,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  payload: webhookDeliveries.payload,
};

type DeliveryRow = Pick<typeof webhookDeliveries.$inferSelect, keyof typeof webhookDeliveryColumns>;

export const toWebhookDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  eventType: row.eventType as WebhookDelivery['eventType'],
  status: row.status as WebhookDelivery['status'],
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
});

export const webhookEndpointNotFound = () =>
  new AppError(404, 'webhooks/endpoint-not-found', 'This webhook endpoint does not exist (any more).');

export const webhookDeliveryNotFound = () =>
  new AppError(404, 'webhooks/delivery-not-found', 'This delivery is not in the endpoint’s log.');
