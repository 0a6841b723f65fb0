import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { customerNow } from '#payments/billing/customers.ts';
import { aggregate, groupingWindows, recordMeterEvent } from '#payments/billing/meters.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { isRecord, requestParams } from '#payments/http/params.ts';
import { invalidRequest, parameterInvalid, parameterMissing } from '#payments/http/stripe-error.ts';
import { realNow } from '#payments/ids.ts';
import { listPage } from '#payments/objects/list-object.ts';
import { meterEventObject, meterEventSummaryObject } from '#payments/objects/meter-object.ts';
import { answer, checkExpandRoots, customerParam, idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

/** The payload's keys and values as strings (form values are strings already; JSON may hold numbers). */
function payloadOf(request: FastifyRequest): Record<string, string> {
  const raw = (requestParams(request) as Record<string, unknown>).payload;
  if (raw === undefined || raw === '') throw parameterMissing('payload');
  if (!isRecord(raw)) throw parameterInvalid('payload', 'Invalid object: payload must be a hash.');
  const payload: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw parameterInvalid(`payload[${key}]`, `Invalid string: payload[${key}] must be a string.`);
    }
    payload[key] = String(value);
  }
  return payload;
}

/**
 * `POST /v1/billing/meter_events`: checked and kept at once (billing/meters.ts); Stripe aggregates
 * asynchronously, the emulator at once, so a summary read right after shows the event.
 */
export async function createMeterEvent(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['event_name', 'payload', 'identifier', 'timestamp']);
  const expand = params.expand();
  checkExpandRoots(expand, []);
  const eventName = params.requiredText('event_name', { max: 100 });
  const payload = payloadOf(request);
  const identifier = params.text('identifier', { max: 100 }) ?? randomUUID();
  const now = (customer: string) => {
    const record = state.customers.get(customer);
    return record ? customerNow(state, record) : realNow();
  };
  const given = params.integer('timestamp', { min: 0 });
  const event = recordMeterEvent(
    state,
    { eventName, payload, identifier, timestamp: given ?? realNow() },
    (customer) => now(customer),
  );
  if (given === undefined) event.timestamp = event.created;
  return answer(context, meterEventObject(event), expand);
}

/** Stripe's summary bounds: whole minutes, start before end. */
function summaryRange(start: number, end: number) {
  for (const [param, value] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (value % 60 !== 0) {
      throw invalidRequest(`${param} must be aligned with minute boundaries.`, { param });
    }
  }
  if (start >= end) throw invalidRequest('start_time must be before end_time.', { param: 'start_time' });
  return { start, end };
}

/**
 * `GET /v1/billing/meters/:id/event_summaries`: the customer's aggregate between start_time
 * (inclusive) and end_time (exclusive), in one summary, or one per hour or day with usage
 * (`value_grouping_window`), newest first as Stripe lists them.
 */
export async function listMeterEventSummaries(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [
    'customer',
    'start_time',
    'end_time',
    'value_grouping_window',
    'limit',
    'starting_after',
    'ending_before',
  ]);
  const meter = storedOrMissing(state.meters, 'billing.meter', idParam(request));
  const customer = customerParam(context, params.requiredText('customer', { max: 200 }), 'customer');
  const start = params.integer('start_time', { min: 0 });
  if (start === undefined) throw parameterMissing('start_time');
  const end = params.integer('end_time', { min: 0 });
  if (end === undefined) throw parameterMissing('end_time');
  const grouping = params.oneOf('value_grouping_window', ['hour', 'day']);
  const windows = groupingWindows(summaryRange(start, end), grouping);
  const summaries = windows
    .map((window) => ({
      id: '',
      meter: meter.id,
      customer: customer.id,
      ...window,
      value: aggregate(state, meter, customer.id, window),
    }))
    .filter((summary) => !grouping || summary.value !== 0)
    .map((summary) => ({ ...summary, id: meterEventSummaryObject(summary).id }));
  const page = listPage(summaries, params.page(), {
    url: `/v1/billing/meters/${meter.id}/event_summaries`,
    kind: 'billing.meter_event_summary',
    render: meterEventSummaryObject,
  });
  return answer(context, page, params.expand(), { changed: false });
}
