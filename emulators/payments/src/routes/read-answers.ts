import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import { type ListObject, listPage } from '#payments/objects/list-object.ts';
import { answer, paramsOf } from './route-helpers.ts';

/** A list endpoint's answer: the page the request asks for, with its expansions; listing changes nothing. */
export function answerList<Record extends { id: string }, Item>(
  context: PaymentsContext,
  params: Params,
  records: Iterable<Record>,
  options: { url: string; kind: string; render: (record: Record) => Item },
): Promise<ListObject<Item>> {
  return answer(context, listPage(records, params.page(), options), params.expand(), { changed: false });
}

/**
 * A retrieve endpoint's answer: the object `find` gives, with the asked expansions. Like Stripe, it
 * refuses any other parameter before it looks the object up; retrieving changes nothing.
 */
export function answerRetrieved<Value extends object>(
  context: PaymentsContext,
  request: FastifyRequest,
  find: () => Value,
): Promise<Value> {
  const params = paramsOf(request, []);
  const object = find();
  return answer(context, object, params.expand(), { changed: false });
}
