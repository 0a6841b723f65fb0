import { isBefore } from '#payments/http/stripe-api-versions.ts';
import { isJson, type Json } from './json.ts';

// docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end:
// from 2025-03-31.basil each subscription item has its billing period (`current_period_start`,
// `current_period_end`); before it, the subscription had one and its items none.
const basil = '2025-03-31.basil';

export function subscriptionInVersion(fields: Json, pinned: Json, version: string): Json {
  if (!isBefore(version, basil)) return fields;
  // The item as the builders made it, before its own change took its period away.
  const items = isJson(pinned.items) && Array.isArray(pinned.items.data) ? pinned.items.data : [];
  const first: unknown = items[0];
  return {
    ...fields,
    current_period_end: isJson(first) ? (first.current_period_end ?? null) : null,
    current_period_start: isJson(first) ? (first.current_period_start ?? null) : null,
  };
}

export function subscriptionItemInVersion(fields: Json, _pinned: Json, version: string): Json {
  if (!isBefore(version, basil)) return fields;
  const { current_period_end: _end, current_period_start: _start, ...rest } = fields;
  return rest;
}
