import type Stripe from 'stripe';
import type { MeterEventRecord, MeterRecord } from '#payments/storage/payments-state.ts';

/** A billing meter as Stripe renders it (`billing.meter`). */
export function meterObject(meter: MeterRecord): Stripe.Billing.Meter {
  return {
    id: meter.id,
    object: 'billing.meter',
    created: meter.created,
    customer_mapping: { event_payload_key: meter.customerPayloadKey, type: 'by_id' },
    default_aggregation: { formula: meter.formula },
    display_name: meter.displayName,
    event_name: meter.eventName,
    event_time_window: meter.eventTimeWindow,
    livemode: false,
    status: meter.status,
    status_transitions: { deactivated_at: meter.deactivatedAt },
    updated: meter.updated,
    value_settings: { event_payload_key: meter.valuePayloadKey },
  };
}

/** A meter event as the create call answers it (`billing.meter_event`; it has no id of its own). */
export function meterEventObject(event: MeterEventRecord): Stripe.Billing.MeterEvent {
  return {
    object: 'billing.meter_event',
    created: event.created,
    event_name: event.eventName,
    identifier: event.identifier,
    livemode: false,
    payload: { ...event.payload },
    timestamp: event.timestamp,
  };
}

/**
 * One summary of a customer's usage on a meter between two times. Stripe's ids are opaque; this one is
 * made of what it sums, so the same window always has the same id (pagination by id works).
 */
export function meterEventSummaryObject(summary: {
  meter: string;
  customer: string;
  start: number;
  end: number;
  value: number;
}): Stripe.Billing.MeterEventSummary {
  const suffix = Buffer.from(`${summary.customer}:${summary.start}:${summary.end}`).toString('base64url');
  return {
    id: `mtrusg_test_${summary.meter.slice(4)}${suffix}`,
    object: 'billing.meter_event_summary',
    aggregated_value: summary.value,
    end_time: summary.end,
    livemode: false,
    meter: summary.meter,
    start_time: summary.start,
  };
}
