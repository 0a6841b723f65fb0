import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { parseSearchQuery, type SearchFields, searchPage } from '#payments/http/search-query.ts';
import type { PaymentsState } from '#payments/storage/payments-state.ts';
import { answer, paramsOf, searchExpand } from './route-helpers.ts';
import { notYetSearchable } from './search-freshness.ts';

/**
 * A search endpoint's answer (`GET /v1/<resource>/search`): the records `query` matches, newest
 * first, a page of `limit` from `page` (a previous `next_page`), `total_count` when expanded; what was
 * made within PAYMENTS_SEARCH_DELAY_MS is not found yet (search-freshness.ts).
 */
export function answerSearch<Record extends { id: string }, Item extends object>(
  context: PaymentsContext,
  request: FastifyRequest,
  options: { spec: SearchFields<Record>; records: Iterable<Record>; render: (record: Record) => Item },
) {
  const params = paramsOf(request, ['query', 'limit', 'page']);
  const matches = parseSearchQuery(params.requiredText('query', { max: 5000 }), options.spec);
  const { limit } = params.page();
  const expand = searchExpand(params.expand());
  const hidden = notYetSearchable(context);
  const searchable = [...options.records].filter((record) => !hidden.has(record.id));
  const result = searchPage(searchable.filter(matches), {
    limit,
    page: params.text('page', { max: 500 }),
    url: `/v1/${options.spec.resource}/search`,
    render: options.render,
    total: expand.total,
  });
  return answer(context, result, expand.paths, { changed: false });
}

/** The handler of a search endpoint over the records `recordsOf` gives, each rendered with `render`. */
export function searchHandler<Stored extends { id: string }, Item extends object>(
  spec: SearchFields<Stored>,
  recordsOf: (state: PaymentsState) => Iterable<Stored>,
  render: (state: PaymentsState, record: Stored) => Item,
) {
  return async (context: PaymentsContext, request: FastifyRequest) => {
    const { state } = context.store;
    return answerSearch(context, request, {
      spec,
      records: recordsOf(state),
      render: (record) => render(state, record),
    });
  };
}
