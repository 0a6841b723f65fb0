import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import { type ListObject, listPage } from '#payments/objects/list-object.ts';
import type { PaymentsState } from '#payments/storage/payments-state.ts';
import { answer, idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

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
 * Whether a record has every field value a list request filters by. A filter the request leaves out
 * (undefined) lets every record through, as the filters of Stripe's list endpoints do.
 */
export function matchesFilters<Listed extends object>(
  record: Listed,
  filters: { [Field in keyof Listed]?: Listed[Field] | undefined },
): boolean {
  return Object.entries(filters).every(
    ([field, wanted]) => wanted === undefined || record[field as keyof Listed] === wanted,
  );
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

/**
 * The handler of a retrieve endpoint (`GET /v1/<resource>/:id`): the stored record of `kind` the URL
 * names, rendered; Stripe's resource_missing when there is none.
 */
export function retrieveHandler<Stored, Value extends object>(
  kind: string,
  recordsOf: (state: PaymentsState) => Map<string, Stored>,
  render: (state: PaymentsState, record: Stored) => Value,
) {
  return async (context: PaymentsContext, request: FastifyRequest) =>
    answerRetrieved(context, request, () => {
      const { state } = context.store;
      return render(state, storedOrMissing(recordsOf(state), kind, idParam(request)));
    });
}
