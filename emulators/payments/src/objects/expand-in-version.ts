import type { PaymentsContext } from '#payments/context.ts';
import { isBefore } from '#payments/http/stripe-api-versions.ts';
import { expandAsked } from './expand.ts';
import { findObject } from './find-object.ts';
import { isJson, type Json } from './json.ts';

// Before 2025-03-31.basil an invoice's subscription was the expandable field `subscription`; from basil
// it is `parent.subscription_details.subscription` (docs.stripe.com/changelog/basil/2025-03-31/
// adds-new-parent-field-to-invoicing-objects). The handlers expand on the pinned shape, so an older
// request's paths through an invoice's `subscription` are taken out of the request and expanded here,
// on the answer, at their pinned place; the rendering step then puts the object back at the top.
const basil = '2025-03-31.basil';

/** Whether an older version's path may go through an invoice's `subscription`. */
export const mayNameOlderFields = (version: string, path: string) =>
  isBefore(version, basil) && path.split('.').includes('subscription');

/** What a value is, reading an id as the object it names (ids are what expand replaces). */
function objectAt(context: PaymentsContext, value: unknown): Json | undefined {
  if (isJson(value)) return value;
  return typeof value === 'string' ? (findObject(context, value) as Json | undefined) : undefined;
}

/** `asked` (an older version's path) as the same place in the pinned shape of `answer`. */
function pinnedPath(context: PaymentsContext, answer: Json, asked: string): string {
  const pinned: string[] = [];
  let current: Json | undefined = answer;
  for (const segment of asked.split('.')) {
    if (segment === 'data' && Array.isArray(current?.data)) {
      pinned.push(segment);
      current = objectAt(context, current.data[0]);
    } else if (
      segment === 'subscription' &&
      current?.object === 'invoice' &&
      !Object.hasOwn(current, segment)
    ) {
      pinned.push('parent', 'subscription_details', 'subscription');
      const details = isJson(current.parent) ? current.parent.subscription_details : undefined;
      current = objectAt(context, isJson(details) ? details.subscription : undefined);
    } else {
      pinned.push(segment);
      current = objectAt(context, current?.[segment]);
    }
  }
  return pinned.join('.');
}

/** Expands the older paths a request's handler did not, on its (pinned) answer. */
export function expandOlderPaths<Value>(context: PaymentsContext, answer: Value, asked: string[]): Value {
  if (!isJson(answer)) return answer;
  for (const path of asked) expandAsked(context, answer, pinnedPath(context, answer, path), path);
  return answer;
}
