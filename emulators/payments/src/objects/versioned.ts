import type { PaymentsState } from '#payments/storage/payments-state.ts';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';
import { checkoutSessionInVersion } from './checkout-session-in-version.ts';
import { invoiceInVersion, invoiceItemInVersion, invoiceLineInVersion } from './invoice-in-version.ts';
import { isJson, type Json } from './json.ts';
import { subscriptionInVersion, subscriptionItemInVersion } from './subscription-in-version.ts';

/**
 * One object type's change from the pinned shape to `version`'s: `fields` are the object's fields
 * with their nested objects already in `version`'s shape, `pinned` the object as the builders made it
 * (what a nested object held before its own change), `state` for what the older shape names in full.
 */
export type VersionChange = (fields: Json, pinned: Json, version: string, state: PaymentsState) => Json;

const changes: Record<string, VersionChange> = {
  'checkout.session': checkoutSessionInVersion,
  invoice: invoiceInVersion,
  invoiceitem: invoiceItemInVersion,
  line_item: invoiceLineInVersion,
  subscription: subscriptionInVersion,
  subscription_item: subscriptionItemInVersion,
};

/**
 * An answer (an object, a list, a search result, with whatever is expanded in it) in `version`'s
 * shape. The object builders make the pinned version's shape; this is the one step that turns it into
 * another version's, object type by object type, inside lists and expansions too. Events are left as
 * they are: an event keeps the version it was made in (`Event.api_version`; webhooks render theirs
 * per endpoint, webhooks/versioned-event.ts). Never mutates `value`.
 */
export function versioned<Value>(value: Value, version: string, state: PaymentsState): Value {
  if (version === apiVersion) return value;
  return walk(value, version, state) as Value;
}

function walk(value: unknown, version: string, state: PaymentsState): unknown {
  if (Array.isArray(value)) return value.map((each) => walk(each, version, state));
  if (!isJson(value) || value.object === 'event') return value;
  const fields: Json = {};
  for (const [key, field] of Object.entries(value)) fields[key] = walk(field, version, state);
  const change = typeof value.object === 'string' ? changes[value.object] : undefined;
  return change ? inStripeOrder(change(fields, value, version, state)) : fields;
}

/** Stripe's field order: `id` and `object` first, then by name. */
function inStripeOrder(fields: Json): Json {
  const { id, object, ...rest } = fields;
  const ordered: Json = {};
  if (id !== undefined) ordered.id = id;
  if (object !== undefined) ordered.object = object;
  for (const key of Object.keys(rest).sort()) ordered[key] = rest[key];
  return ordered;
}
