import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, removedId, workspaceErrors } from './endpoint-parts.ts';
import { webhookEventsField, webhookUrlField } from './field-rules.ts';
import { text, timestamp } from './fields.ts';
import { item } from './items.ts';
import { apiVersion } from './openapi.ts';
import { activityEntry, memberRole, workspaceQuery } from './team.ts';
import {
  type FormerWebhookEventType,
  formerWebhookEventTypes,
  type WebhookEventType,
  webhookEventTypes,
} from './webhook-events.ts';

export * from './webhook-events.ts';

export const webhookEventType = z.enum(webhookEventTypes, {
  error: `Choose events among ${webhookEventTypes.join(', ')}.`,
});

export const webhookUrl = text(webhookUrlField).refine((value) => URL.canParse(value), {
  error: webhookUrlField.invalid,
});

const webhookEvents = z
  .array(webhookEventType, { error: webhookEventsField.required })
  .min(1, { error: webhookEventsField.required })
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

const webhookDescription = text({ label: 'description', max: 200 });

export const createWebhookEndpointRequest = z
  .strictObject({ url: webhookUrl, events: webhookEvents, description: webhookDescription.optional() })
  .meta({ id: 'CreateWebhookEndpointRequest' });

export const changeWebhookEndpointRequest = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .meta({ id: 'ChangeWebhookEndpointRequest' });

export const webhookEndpoint = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(webhookEventType),
    /** Kept as is (it signs): shown to the workspace's admins, who verify with it. */
    secret: z.string().describe('The signing secret, `whsec_` and base64 (docs/webhooks.md).'),
    previousSecretExpiresAt: timestamp
      .nullable()
      .describe('Until then the secret a rotation replaced still signs too: receivers switch in that time.'),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    failingSince: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

const formerTypes = Object.keys(formerWebhookEventTypes) as FormerWebhookEventType[];

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookDelivery = z
  .object({
    id: z.uuid(),
    eventId: z
      .string()
      .describe('The event’s id (`evt_…`): the `webhook-id` header, the same in a redelivery.'),
    eventType: z
      .enum([...webhookEventTypes, ...formerTypes])
      .describe(
        `The event’s type; a delivery recorded before API ${apiVersion} keeps the former name it was sent with (${formerTypes.map((type) => `\`${type}\``).join(', ')}).`,
      ),
    status: z
      .enum(webhookDeliveryStatuses)
      .describe(
        'pending: being tried (again, with backoff); succeeded: a 2xx answer; failed: no more tries.',
      ),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe('The last attempt’s HTTP status, if any answer.'),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable().describe('Why the last attempt failed, shortly.'),
    createdAt: timestamp,
    lastAttemptAt: timestamp.nullable(),
    payload: z.string().describe('The body sent, as sent.'),
  })
  .meta({ id: 'WebhookDelivery' });

export type WebhookEndpoint = z.output<typeof webhookEndpoint>;
export type WebhookDelivery = z.output<typeof webhookDelivery>;
export type CreateWebhookEndpointRequest = z.output<typeof createWebhookEndpointRequest>;
export type ChangeWebhookEndpointRequest = z.output<typeof changeWebhookEndpointRequest>;

// Payloads (the OpenAPI document's `webhooks`, openapi.ts): every event has the same envelope.
const eventEnvelope = <Type extends WebhookEventType, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({
    id: z.string().describe('`evt_…`: the same as the `webhook-id` header; a redelivery repeats it.'),
    type: z.literal(type),
    created_at: timestamp,
    workspace: z.string().describe('The workspace’s id (its owner’s uid).'),
    data,
  });

const webhookMember = z
  .object({
    id: z.uuid().describe('The membership’s id (as User Management lists it).'),
    email: z.string(),
    userId: z.string().nullable().describe('The member’s uid, once they joined.'),
    role: memberRole,
  })
  .meta({ id: 'WebhookMember' });

const beforeThisVersion = `Before API ${apiVersion}`;

/**
 * Each event's payload, by type: what receivers parse (and the document describes). The description
 * says when it is sent and, where the name changed, what it was called before (webhook-events.ts).
 */
export const webhookPayloads = {
  'item.created': eventEnvelope('item.created', z.object({ item })).meta({
    id: 'ItemCreatedEvent',
    description: 'An item was added.',
  }),
  'item.renamed': eventEnvelope('item.renamed', z.object({ item, previousName: z.string() })).meta({
    id: 'ItemRenamedEvent',
    description: `An item was renamed (to another name). ${beforeThisVersion} it was \`item.updated\`, with the same data; endpoints subscribed to \`item.updated\` were moved to \`item.renamed\`.`,
  }),
  'item.deleted': eventEnvelope(
    'item.deleted',
    z.object({ item: z.object({ id: z.uuid(), name: z.string() }) }),
  ).meta({ id: 'ItemDeletedEvent', description: 'An item was deleted.' }),
  'item.featured': eventEnvelope('item.featured', z.object({ item })).meta({
    id: 'ItemFeaturedEvent',
    description: `An item was featured (its star set). ${beforeThisVersion} this event also told of the star cleared; its subscribers were given \`item.unfeatured\` too.`,
  }),
  'item.unfeatured': eventEnvelope('item.unfeatured', z.object({ item })).meta({
    id: 'ItemUnfeaturedEvent',
    description: `An item was unfeatured (its star cleared). ${beforeThisVersion} this was an \`item.featured\` event whose item had \`featured: false\`.`,
  }),
  'member.joined': eventEnvelope('member.joined', z.object({ member: webhookMember })).meta({
    id: 'MemberJoinedEvent',
    description: 'An invited person accepted and joined the workspace.',
  }),
  'member.left': eventEnvelope(
    'member.left',
    z.object({
      member: webhookMember,
      removed: z.boolean().describe('Removed by an admin rather than left.'),
    }),
  ).meta({
    id: 'MemberLeftEvent',
    description: 'A member left the workspace, or was removed by the owner or an admin (`removed`).',
  }),
  'member.role_changed': eventEnvelope(
    'member.role_changed',
    z.object({ member: webhookMember, previousRole: memberRole }),
  ).meta({
    id: 'MemberRoleChangedEvent',
    description: 'The owner or an admin changed a member’s role.',
  }),
  'activity.recorded': eventEnvelope('activity.recorded', z.object({ entry: activityEntry })).meta({
    id: 'ActivityRecordedEvent',
    description:
      'An entry was added to the workspace’s activity log, whatever it records (its `action`), sent once the change it records has committed: the log, streamed to the customer’s own store.',
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<Type extends WebhookEventType> = z.input<(typeof webhookPayloads)[Type]>['data'];

const endpointParams = idParams('The endpoint’s id (a uuid).');
const deliveryParams = endpointParams.extend({
  deliveryId: z.string().describe('The delivery’s id (a uuid).'),
});

const endpointErrors = {
  403: workspaceErrors[403],
  404: ['workspaces/not-found', 'webhooks/endpoint-not-found'],
} as const;

export const webhookEndpointEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints',
    id: 'listWebhookEndpoints',
    tag: 'Webhooks',
    summary: 'The workspace’s webhook endpoints (owner and admins)',
    auth: 'bearer',
    request: { query: workspaceQuery },
    answer: ok('The endpoints, oldest first.', z.array(webhookEndpoint)),
    errors: workspaceErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints',
    id: 'createWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Registers an endpoint for some events',
    description:
      'One endpoint per address, as many as the plan allows (docs/limits.md). https only; http only for localhost in development. In production the host must resolve to public addresses only (no private, loopback or link-local ones; a staging deployment, STAGING=true, also reaches its own loopback), checked now and at every delivery.',
    auth: 'bearer',
    request: { query: workspaceQuery, body: createWebhookEndpointRequest },
    answer: created('The endpoint, with its secret.', webhookEndpoint),
    errors: {
      ...workspaceErrors,
      400: ['webhooks/url-refused'],
      409: ['webhooks/endpoint-limit', 'webhooks/endpoint-exists'],
    },
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/webhook-endpoints/:id',
    id: 'changeWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Changes an endpoint’s address, events or description; turns it off or on again',
    auth: 'bearer',
    request: { params: endpointParams, query: workspaceQuery, body: changeWebhookEndpointRequest },
    answer: ok('The endpoint as it now is.', webhookEndpoint),
    errors: { ...endpointErrors, 400: ['webhooks/url-refused'], 409: ['webhooks/endpoint-exists'] },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/webhook-endpoints/:id',
    id: 'deleteWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Removes an endpoint and its delivery log',
    auth: 'bearer',
    request: { params: endpointParams, query: workspaceQuery },
    answer: ok('The removed endpoint’s id.', removedId),
    errors: endpointErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints/:id/secret',
    id: 'rotateWebhookSecret',
    tag: 'Webhooks',
    summary: 'Gives the endpoint a new secret; the old one signs too for 24 hours',
    auth: 'bearer',
    request: { params: endpointParams, query: workspaceQuery },
    answer: ok('The endpoint with its new secret.', webhookEndpoint),
    errors: endpointErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints/:id/deliveries',
    id: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'The endpoint’s latest deliveries (the delivery log)',
    auth: 'bearer',
    request: { params: endpointParams, query: workspaceQuery },
    answer: ok('Up to 50 deliveries, newest first.', z.array(webhookDelivery)),
    errors: endpointErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints/:id/deliveries/:deliveryId/redelivery',
    id: 'redeliverWebhook',
    tag: 'Webhooks',
    summary: 'Sends a delivery’s event to the endpoint again (same id, same body)',
    auth: 'bearer',
    request: { params: deliveryParams, query: workspaceQuery },
    answer: created('The new delivery.', webhookDelivery),
    errors: {
      403: workspaceErrors[403],
      404: ['workspaces/not-found', 'webhooks/endpoint-not-found', 'webhooks/delivery-not-found'],
    },
  }),
];
