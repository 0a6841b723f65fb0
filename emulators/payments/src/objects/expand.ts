import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest } from '#payments/http/stripe-error.ts';
import { checkoutLineItemObjects } from './checkout-session-object.ts';
import { findObject } from './find-object.ts';
import { isJson as isObject, type Json } from './json.ts';

// The fields that hold another object's id. Stripe lets only these be expanded.
const expandableFields = new Set([
  'customer',
  'subscription',
  'latest_invoice',
  'invoice',
  'product',
  'price',
  'default_payment_method',
  'default_price',
  'payment_method',
  'test_clock',
]);

const cannotExpand = (path: string) =>
  invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });

/**
 * Replaces ids by objects along each `expand` path (`customer`, `latest_invoice`,
 * `items.data.price.product`, `data.customer` on a list), as Stripe does, up to four levels deep.
 * Mutates and returns `object`, which callers render fresh for each answer.
 */
export function expandObject<Value extends object>(
  context: PaymentsContext,
  object: Value,
  paths: string[],
): Value {
  for (const path of paths) expandAsked(context, object as unknown as Json, path, path);
  return object;
}

/**
 * Expands `path` of `object`, checked and reported as `asked`, the path the client sent: an older
 * version's path (`subscription` of an invoice before basil) is expanded at its place in the pinned
 * shape (objects/expand-in-version.ts), but its depth and errors are the asked path's.
 */
export function expandAsked(context: PaymentsContext, object: Json, path: string, asked: string) {
  const depth = asked.split('.').filter((segment) => segment !== 'data').length;
  const segments = path.split('.');
  if (segments.some((segment) => segment === '') || depth > 4) {
    throw invalidRequest(
      depth > 4
        ? `You cannot expand more than 4 levels of a property. Property: ${asked}`
        : `This property cannot be expanded (${asked}).`,
      { param: 'expand' },
    );
  }
  expandPath(context, object, segments, asked);
}

function expandPath(context: PaymentsContext, target: Json, segments: string[], path: string): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (
    head === 'data' &&
    (target.object === 'list' || target.object === 'search_result') &&
    Array.isArray(target.data)
  ) {
    for (const item of target.data) {
      if (isObject(item)) expandPath(context, item, rest, path);
    }
    return;
  }
  if (head === 'line_items' && target.object === 'checkout.session' && typeof target.id === 'string') {
    const session = context.store.state.checkoutSessions.get(target.id);
    if (!session) throw cannotExpand(path);
    const data = checkoutLineItemObjects(context.store.state, session);
    target.line_items = {
      object: 'list',
      data,
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    };
    expandPath(context, target.line_items as Json, rest, path);
    return;
  }
  if (!Object.hasOwn(target, head)) throw cannotExpand(path);
  let value = target[head];
  if (typeof value === 'string') {
    if (!expandableFields.has(head)) throw cannotExpand(path);
    const found = findObject(context, value);
    if (!found) throw cannotExpand(path);
    target[head] = found;
    value = found;
  }
  if (value === null) return;
  if (rest.length === 0) {
    if (!isObject(value)) throw cannotExpand(path);
    return;
  }
  if (!isObject(value)) throw cannotExpand(path);
  expandPath(context, value, rest, path);
}
