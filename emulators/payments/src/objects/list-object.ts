import type { Page } from '#payments/http/params.ts';
import { resourceMissing } from '#payments/http/stripe-error.ts';

export type ListObject<Item> = { object: 'list'; data: Item[]; has_more: boolean; url: string };

/**
 * One page of a list, newest first as Stripe lists. `records` come in insertion order (a Map's), so
 * newest first is that order reversed. `starting_after`/`ending_before` must name a listed object.
 */
export function listPage<Record extends { id: string }, Item>(
  records: Iterable<Record>,
  page: Page,
  options: { url: string; kind: string; render: (record: Record) => Item },
): ListObject<Item> {
  const newestFirst = [...records].reverse();
  let start = 0;
  let end = newestFirst.length;
  if (page.startingAfter !== undefined) {
    const index = newestFirst.findIndex((record) => record.id === page.startingAfter);
    if (index < 0) throw resourceMissing(options.kind, page.startingAfter, 'starting_after');
    start = index + 1;
  } else if (page.endingBefore !== undefined) {
    const index = newestFirst.findIndex((record) => record.id === page.endingBefore);
    if (index < 0) throw resourceMissing(options.kind, page.endingBefore, 'ending_before');
    end = index;
    start = Math.max(0, end - page.limit);
  }
  const slice = newestFirst.slice(start, Math.min(end, start + page.limit));
  const hasMore = page.endingBefore !== undefined ? start > 0 : start + page.limit < end;
  return { object: 'list', data: slice.map(options.render), has_more: hasMore, url: options.url };
}
