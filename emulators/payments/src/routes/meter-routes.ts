import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, parameterMissing } from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { meterObject } from '#payments/objects/meter-object.ts';
import type { MeterRecord } from '#payments/storage/payments-state.ts';
import { createMeterEvent, listMeterEventSummaries } from './meter-event-handlers.ts';
import { answerList, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';
import { createSubscriptionItem } from './subscription-item-handlers.ts';

const eventNamePattern = /^[\w.:-]{1,100}$/;

/**
 * Stripe's billing meters (docs.stripe.com/api/billing/meter): create, retrieve, list, update (its
 * display name only), deactivate and reactivate; meter events (`POST /v1/billing/meter_events`) and
 * their summaries per customer; and metered items added to a subscription (`POST
 * /v1/subscription_items`). docs/usage-billing.md lists what is left out.
 */
export function registerMeterRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/billing/meters': createMeter,
    'GET /v1/billing/meters': listMeters,
    'GET /v1/billing/meters/:id': retrieveHandler(
      'billing.meter',
      (state) => state.meters,
      (_, meter) => meterObject(meter),
    ),
    'POST /v1/billing/meters/:id': updateMeter,
    'POST /v1/billing/meters/:id/deactivate': (context, request) => setStatus(context, request, 'inactive'),
    'POST /v1/billing/meters/:id/reactivate': (context, request) => setStatus(context, request, 'active'),
    'GET /v1/billing/meters/:id/event_summaries': listMeterEventSummaries,
    'POST /v1/billing/meter_events': createMeterEvent,
    'POST /v1/subscription_items': createSubscriptionItem,
  });
}

async function createMeter(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [
    'display_name',
    'event_name',
    'default_aggregation',
    'customer_mapping',
    'value_settings',
    'event_time_window',
  ]);
  const expand = params.expand();
  checkExpandRoots(expand, []);
  const displayName = params.requiredText('display_name', { max: 250 });
  const eventName = params.requiredText('event_name', { max: 100 });
  if (!eventNamePattern.test(eventName)) {
    throw invalidRequest(`Invalid event_name: ${eventName}`, { param: 'event_name' });
  }
  // An event name belongs to one meter, deactivated or not (a deactivated one is reactivated instead).
  if ([...state.meters.values()].some((meter) => meter.eventName === eventName)) {
    throw invalidRequest(`A meter with event_name '${eventName}' already exists.`, { param: 'event_name' });
  }
  const aggregation = params.object('default_aggregation', ['formula']);
  const formula = aggregation?.oneOf('formula', ['sum', 'count', 'last']);
  if (!aggregation || formula === undefined) throw parameterMissing('default_aggregation[formula]');
  const mapping = params.object('customer_mapping', ['event_payload_key', 'type']);
  mapping?.oneOf('type', ['by_id']);
  const valueSettings = params.object('value_settings', ['event_payload_key']);
  const now = realNow();
  const meter: MeterRecord = {
    id: newId('mtr'),
    created: now,
    updated: now,
    displayName,
    eventName,
    formula,
    customerPayloadKey: mapping?.requiredText('event_payload_key', { max: 100 }) ?? 'stripe_customer_id',
    valuePayloadKey: valueSettings?.requiredText('event_payload_key', { max: 100 }) ?? 'value',
    eventTimeWindow: params.oneOf('event_time_window', ['day', 'hour'] as const) ?? null,
    status: 'active',
    deactivatedAt: null,
  };
  state.meters.set(meter.id, meter);
  return answer(context, meterObject(meter), expand);
}

async function listMeters(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, ['status', 'limit', 'starting_after', 'ending_before']);
  const status = params.oneOf('status', ['active', 'inactive']);
  const meters = [...context.store.state.meters.values()].filter(
    (meter) => status === undefined || meter.status === status,
  );
  return answerList(context, params, meters, {
    url: '/v1/billing/meters',
    kind: 'billing.meter',
    render: meterObject,
  });
}

async function updateMeter(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, ['display_name']);
  const expand = params.expand();
  checkExpandRoots(expand, []);
  const meter = storedOrMissing(context.store.state.meters, 'billing.meter', idParam(request));
  const displayName = params.text('display_name', { max: 250 });
  if (displayName !== undefined && displayName !== meter.displayName) {
    meter.displayName = displayName;
    meter.updated = realNow();
  }
  return answer(context, meterObject(meter), expand);
}

/** Deactivated, a meter takes no events and no new prices; reactivated, it takes both again. */
async function setStatus(context: PaymentsContext, request: FastifyRequest, status: MeterRecord['status']) {
  const params = paramsOf(request, []);
  const expand = params.expand();
  checkExpandRoots(expand, []);
  const meter = storedOrMissing(context.store.state.meters, 'billing.meter', idParam(request));
  if (meter.status === status) {
    throw invalidRequest(`The meter ${meter.id} is already ${status}.`, { param: 'id' });
  }
  const now = realNow();
  meter.status = status;
  meter.deactivatedAt = status === 'inactive' ? now : null;
  meter.updated = now;
  return answer(context, meterObject(meter), expand);
}
