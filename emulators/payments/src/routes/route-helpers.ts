import type { FastifyRequest } from 'fastify';
import { liveCustomer } from '#payments/billing/customers.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { Params, requestParams } from '#payments/http/params.ts';
import { invalidRequest, parameterInvalid, resourceMissing } from '#payments/http/stripe-error.ts';
import { expandObject } from '#payments/objects/expand.ts';
import type { CustomerRecord } from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';

/** The request's parameters, refusing names the endpoint does not know. */
export const paramsOf = (request: FastifyRequest, allowed: readonly string[]) =>
  Params.of(requestParams(request), allowed);

/** The `request` of the events an API call causes. */
export function originOf(request: FastifyRequest): EventOrigin {
  const key = request.headers['idempotency-key'];
  return { requestId: request.id, idempotencyKey: typeof key === 'string' && key ? key : null };
}

export const idParam = (request: FastifyRequest) => (request.params as { id: string }).id;

/** `expand[]` of a search: `total_count` asks for the count; the rest expands the results. */
export function searchExpand(expand: string[]) {
  return {
    total: expand.includes('total_count'),
    paths: expand.filter((path) => path !== 'total_count'),
  };
}

/** Stores what the handler changed, then answers the object with the asked expansions. */
export async function answer<Value extends object>(
  context: PaymentsContext,
  object: Value,
  expand: string[],
  options: { changed?: boolean } = {},
): Promise<Value> {
  if (options.changed !== false) await context.store.save();
  return expandObject(context, object, expand);
}

/**
 * Refuses, before anything changes, an `expand` whose first step the object does not have, so a
 * create or update never happens with an error as its answer.
 */
export function checkExpandRoots(expand: string[], roots: readonly string[]) {
  for (const path of expand) {
    const root = path.split('.')[0] ?? '';
    if (!roots.includes(root)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
    }
  }
}

export function customerParam(context: PaymentsContext, id: string, param: string): CustomerRecord {
  const customer = liveCustomer(context.store.state, id);
  if (!customer) throw resourceMissing('customer', id, param);
  return customer;
}

/** An absolute http(s) URL, as Stripe requires for success_url, cancel_url, return_url and endpoints. */
export function urlParam(value: string, param: string): string {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol) || trimmed.length > 2048) {
    throw parameterInvalid(param, 'Not a valid URL', 'url_invalid');
  }
  return trimmed;
}

const emailPattern = /^[^\s@]+@[^\s@]+$/;

export function emailParam(value: string, param: string): string {
  const trimmed = value.trim();
  if (trimmed.length > 512 || !emailPattern.test(trimmed)) {
    throw parameterInvalid(param, `Invalid email address: ${trimmed.slice(0, 80)}`, 'email_invalid');
  }
  return trimmed;
}
