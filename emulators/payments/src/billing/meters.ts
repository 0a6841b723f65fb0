import { formatPrice } from '@launchkit/plans';
import { invalidRequest, parameterInvalid, parameterMissing } from '#payments/http/stripe-error.ts';
import type {
  InvoiceLineRecord,
  MeterEventRecord,
  MeteredItemRecord,
  MeterRecord,
  PaymentsState,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { billedLine } from './billed-line.ts';

const hour = 3600;
const day = 24 * hour;
// docs.stripe.com/api/billing/meter-event/create: "Must be within the past 35 calendar days or up to 5
// minutes in the future", and identifiers are unique "within a rolling period of at least 24 hours".
export const meterEventWindow = { pastSeconds: 35 * day, futureSeconds: 5 * 60, identifierSeconds: day };

/** The active meter that counts events named `eventName`, if any. */
export const meterForEvent = (state: PaymentsState, eventName: string): MeterRecord | undefined =>
  [...state.meters.values()].find((meter) => meter.eventName === eventName && meter.status === 'active');

/**
 * Checks and keeps one meter event, as Stripe's v1 endpoint does at once: a timestamp within its window
 * (else `timestamp_too_far_in_past` / `timestamp_in_future`, the codes of Stripe's meter error reports),
 * an identifier not used within the last 24 hours, the payload's customer and numeric value under the
 * meter's keys. `now` is the customer's time (a test clock's, or real time).
 */
export function recordMeterEvent(
  state: PaymentsState,
  event: { eventName: string; payload: Record<string, string>; identifier: string; timestamp: number },
  now: (customer: string) => number,
): MeterEventRecord {
  const meter = meterForEvent(state, event.eventName);
  if (!meter) {
    throw invalidRequest(`No active meter with event_name '${event.eventName}'.`, {
      code: 'meter_event_no_meter',
      param: 'event_name',
    });
  }
  const customer = event.payload[meter.customerPayloadKey];
  if (!customer) {
    throw invalidRequest(`Customer mapping key ${meter.customerPayloadKey} not found in payload.`, {
      code: 'meter_event_no_customer_defined',
      param: `payload[${meter.customerPayloadKey}]`,
    });
  }
  if (!state.customers.get(customer) || state.customers.get(customer)?.deleted) {
    throw invalidRequest(`No such customer: '${customer}'`, {
      code: 'meter_event_customer_not_found',
      param: `payload[${meter.customerPayloadKey}]`,
    });
  }
  const value = eventValue(meter, event.payload);
  const at = now(customer);
  checkTimestamp(event.timestamp, at);
  const earlier = state.meterEvents.get(event.identifier);
  if (earlier && earlier.created > at - meterEventWindow.identifierSeconds) {
    throw invalidRequest(`A meter event with identifier '${event.identifier}' already exists.`, {
      param: 'identifier',
    });
  }
  // An identifier may come back after the window: the earlier event stays, under a key of its own.
  if (earlier) {
    state.meterEvents.delete(event.identifier);
    state.meterEvents.set(`${event.identifier}@${earlier.created}`, earlier);
  }
  const record: MeterEventRecord = { ...event, customer, value, created: at };
  state.meterEvents.set(event.identifier, record);
  return record;
}

function eventValue(meter: MeterRecord, payload: Record<string, string>): number {
  const param = `payload[${meter.valuePayloadKey}]`;
  const text = payload[meter.valuePayloadKey];
  // A count meter counts events; its value key may be left out (Stripe counts each event as 1).
  if (text === undefined && meter.formula === 'count') return 1;
  if (text === undefined) throw parameterMissing(param);
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) {
    throw parameterInvalid(param, `Invalid value: ${text.slice(0, 40)} is not a number.`);
  }
  return Number(text);
}

function checkTimestamp(timestamp: number, now: number) {
  if (timestamp < now - meterEventWindow.pastSeconds) {
    throw invalidRequest('Timestamp must be within the past 35 calendar days.', {
      code: 'timestamp_too_far_in_past',
      param: 'timestamp',
    });
  }
  if (timestamp > now + meterEventWindow.futureSeconds) {
    throw invalidRequest('Timestamp must be no more than 5 minutes in the future.', {
      code: 'timestamp_in_future',
      param: 'timestamp',
    });
  }
}

/**
 * The meter's aggregate of a customer's events in [start, end): `sum` adds the values, `count` counts
 * the events, `last` is the latest event's value (0 without one).
 */
export function aggregate(
  state: PaymentsState,
  meter: MeterRecord,
  customer: string,
  window: { start: number; end: number },
): number {
  const events = [...state.meterEvents.values()]
    .filter(
      (event) =>
        event.eventName === meter.eventName &&
        event.customer === customer &&
        event.timestamp >= window.start &&
        event.timestamp < window.end,
    )
    .sort((a, b) => a.timestamp - b.timestamp);
  if (meter.formula === 'count') return events.length;
  if (meter.formula === 'last') return events.at(-1)?.value ?? 0;
  return events.reduce((sum, event) => sum + event.value, 0);
}

/**
 * The windows of a summary list: one for the whole range, or one per hour or day
 * (`value_grouping_window`), aligned on UTC hours or days as Stripe's are.
 */
export function groupingWindows(
  range: { start: number; end: number },
  grouping: 'hour' | 'day' | undefined,
): { start: number; end: number }[] {
  if (!grouping) return [range];
  const size = grouping === 'hour' ? hour : day;
  const windows: { start: number; end: number }[] = [];
  for (let start = Math.floor(range.start / size) * size; start < range.end; start += size) {
    windows.push({ start: Math.max(start, range.start), end: Math.min(start + size, range.end) });
  }
  return windows;
}

/** The meter a metered price bills; null for a licensed price. */
export function meterOfPrice(state: PaymentsState, priceId: string): MeterRecord | null {
  const price = state.prices.get(priceId);
  return price?.usageType === 'metered' && price.meter ? (state.meters.get(price.meter) ?? null) : null;
}

/** A metered item's line: the meter's aggregate over the period, at the price's unit amount. */
function meteredLine(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  item: MeteredItemRecord,
  period: { start: number; end: number },
): InvoiceLineRecord | null {
  const meter = meterOfPrice(state, item.price);
  const price = state.prices.get(item.price);
  if (!meter || !price) return null;
  const quantity = aggregate(state, meter, subscription.customer, period);
  return billedLine({
    price,
    quantity,
    period,
    subscriptionItem: item.id,
    description: `${quantity} × ${meter.displayName} (at ${formatPrice(price.unitAmount)} / unit)`,
  });
}

/**
 * The usage lines of a subscription's metered items, billed in arrears from where each was last billed
 * up to `until` (the end of the period that is closing). With `commit`, the items are marked billed up
 * to then, so the next invoice starts there; a preview leaves them as they are.
 */
export function meteredLines(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  until: number,
  options: { commit: boolean },
): InvoiceLineRecord[] {
  const lines: InvoiceLineRecord[] = [];
  for (const item of subscription.meteredItems ?? []) {
    if (until <= item.billedThrough) continue;
    const line = meteredLine(state, subscription, item, { start: item.billedThrough, end: until });
    if (line) lines.push(line);
    if (options.commit) item.billedThrough = until;
  }
  return lines;
}
