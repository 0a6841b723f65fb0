import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { checkApiVersionParam } from '#payments/http/api-version.ts';
import type { Params } from '#payments/http/params.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { webhookEndpointObject } from '#payments/objects/webhook-endpoint-object.ts';
import type { WebhookEndpointRecord } from '#payments/storage/payments-state.ts';
import { allEndpoints, configuredEndpointId, findEndpoint } from '#payments/webhooks/webhook-endpoints.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { answer, idParam, paramsOf, urlParam } from './route-helpers.ts';

// Stripe allows 16 endpoints per account.
const maxEndpoints = 16;
const eventTypePattern = /^(\*|[a-z_]+(\.[a-z_]+)*(\.\*)?)$/;

const configuredEndpointFixed = () =>
  invalidRequest(
    'This endpoint comes from STRIPE_WEBHOOK_URL; change that variable (none for no endpoint) and restart the emulator to change or remove it.',
  );

/** `enabled_events[]`: event types, `*` or `group.*`; undefined when not given. */
function enabledEventsParam(params: Params): string[] | undefined {
  const enabledEvents = params.stringList('enabled_events', { max: 200 });
  if (!enabledEvents || enabledEvents.length === 0) return undefined;
  enabledEvents.forEach((type, index) => {
    if (!eventTypePattern.test(type)) {
      throw parameterInvalid(
        `enabled_events[${index}]`,
        `Invalid enabled_events[${index}]: ${type.slice(0, 80)}`,
      );
    }
  });
  return [...new Set(enabledEvents)];
}

/**
 * Webhook endpoints: create (answers the signing secret once; `api_version` fixes the version its
 * events are rendered in), retrieve, update (`url`, `enabled_events`, `description`, `metadata`,
 * `disabled`), list, delete.
 */
export function registerWebhookEndpointRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;
  const { config } = context;

  app.post('/v1/webhook_endpoints', async (request) => {
    const params = paramsOf(request, ['url', 'enabled_events', 'description', 'metadata', 'api_version']);
    const url = urlParam(params.requiredText('url'), 'url');
    const enabledEvents = enabledEventsParam(params);
    if (!enabledEvents) throw parameterMissing('enabled_events');
    const description = params.text('description', { max: 5000 }) ?? null;
    const apiVersion = params.text('api_version', { max: 50 }) ?? null;
    if (apiVersion !== null) checkApiVersionParam(apiVersion, 'api_version');
    const metadata = params.metadataUpdate()?.({}) ?? {};
    if (state.webhookEndpoints.size >= maxEndpoints) {
      throw invalidRequest(`You have reached the maximum of ${maxEndpoints} test webhook endpoints.`);
    }
    const endpoint: WebhookEndpointRecord = {
      id: newId('we'),
      url,
      secret: newId('whsec'),
      enabledEvents,
      description,
      metadata,
      apiVersion,
      disabled: false,
      created: realNow(),
    };
    state.webhookEndpoints.set(endpoint.id, endpoint);
    return answer(context, webhookEndpointObject(endpoint, { withSecret: true }), params.expand());
  });

  // As in Stripe, an endpoint's api_version is fixed when it is made: a new version is a new endpoint.
  app.post('/v1/webhook_endpoints/:id', async (request) => {
    const params = paramsOf(request, ['url', 'enabled_events', 'description', 'metadata', 'disabled']);
    const id = idParam(request);
    if (id === configuredEndpointId && config.webhookUrl) throw configuredEndpointFixed();
    const endpoint = state.webhookEndpoints.get(id);
    if (!endpoint) throw resourceMissing('webhook endpoint', id);
    const url = params.text('url');
    const enabledEvents = enabledEventsParam(params);
    const description = params.string('description', { max: 5000 });
    const metadata = params.metadataUpdate()?.(endpoint.metadata);
    const disabled = params.boolean('disabled');
    if (url !== undefined) endpoint.url = urlParam(url, 'url');
    if (enabledEvents) endpoint.enabledEvents = enabledEvents;
    if (description !== undefined) endpoint.description = description || null;
    if (metadata !== undefined) endpoint.metadata = metadata;
    if (disabled !== undefined) endpoint.disabled = disabled;
    return answer(context, webhookEndpointObject(endpoint), params.expand());
  });

  app.get('/v1/webhook_endpoints/:id', async (request) =>
    answerRetrieved(context, request, () => {
      const endpoint = findEndpoint(config, state, idParam(request));
      if (!endpoint) throw resourceMissing('webhook endpoint', idParam(request));
      return webhookEndpointObject(endpoint);
    }),
  );

  app.get('/v1/webhook_endpoints', async (request) => {
    const params = paramsOf(request, ['limit', 'starting_after', 'ending_before']);
    // answerList lists the last stored first; the configured endpoint goes last, as the oldest.
    return answerList(context, params, allEndpoints(config, state), {
      url: '/v1/webhook_endpoints',
      kind: 'webhook endpoint',
      render: (endpoint) => webhookEndpointObject(endpoint),
    });
  });

  app.delete('/v1/webhook_endpoints/:id', async (request) => {
    paramsOf(request, []);
    const id = idParam(request);
    if (id === configuredEndpointId && config.webhookUrl) throw configuredEndpointFixed();
    if (!state.webhookEndpoints.delete(id)) throw resourceMissing('webhook endpoint', id);
    await context.store.save();
    return { id, object: 'webhook_endpoint', deleted: true };
  });
}
