import type { Json } from '#payments/objects/json.ts';
import { versioned } from '#payments/objects/versioned.ts';
import type { PaymentsState, StripeEventJson } from '#payments/storage/payments-state.ts';
import { apiVersion } from './pinned-api-version.ts';

/**
 * An event as an endpoint on `version` receives it: `data.object` in that version's shape, and
 * `previous_attributes` as that version names the change (before basil a new period is
 * `current_period_end` on the subscription, not `items`), with `api_version` saying which. Stored
 * events stay in the pinned version, the account's default they were made in.
 */
export function versionedEvent(
  event: StripeEventJson,
  version: string,
  state: PaymentsState,
): StripeEventJson {
  if (version === apiVersion) return event;
  const current = event.data.object;
  const object = versioned(current, version, state);
  const previous = event.data.previous_attributes;
  return {
    ...event,
    api_version: version,
    data: {
      object,
      ...(previous && {
        previous_attributes: changedFields(versioned({ ...current, ...previous }, version, state), object),
      }),
    },
  };
}

/** The top-level fields of `before` that differ from `after`, with their old values. */
function changedFields(before: Json, after: Json): Json {
  const changed: Json = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) changed[key] = value;
  }
  return changed;
}
