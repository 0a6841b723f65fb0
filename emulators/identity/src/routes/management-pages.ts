import { managementError } from '#identity/http/http-error.ts';

type Query = Record<string, unknown>;

const text = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function whole(query: Query, name: string, fallback: number, max: number): number {
  const value = text(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) > max)
    throw managementError(
      400,
      `Query validation error: '${name}' must be an integer between 0 and ${max}`,
      'invalid_query_string',
    );
  return Number(value);
}

/**
 * A list as the Management API pages it: checkpoint pages (`from`, `take`) answer `{[key], next}`;
 * offset pages (`page`, `per_page`) answer the array, or with `include_totals=true`
 * `{[key], start, limit, total}`. The checkpoint is the position, opaque to the caller.
 */
export function pageOf<Item>(items: Item[], query: Query, key: string, options: { totals?: boolean } = {}) {
  if (text(query, 'from') !== undefined || text(query, 'take') !== undefined) {
    const from = text(query, 'from');
    const start = from === undefined ? 0 : Number.parseInt(Buffer.from(from, 'base64url').toString(), 10);
    if (!Number.isInteger(start) || start < 0)
      throw managementError(
        400,
        "Query validation error: 'from' is not a checkpoint of this list",
        'invalid_query_string',
      );
    const take = whole(query, 'take', 50, 100);
    const slice = items.slice(start, start + take);
    const rest = start + take < items.length;
    return {
      [key]: slice,
      ...(rest ? { next: Buffer.from(String(start + take)).toString('base64url') } : {}),
    };
  }
  const page = whole(query, 'page', 0, 100_000);
  const perPage = whole(query, 'per_page', 50, 100);
  const slice = items.slice(page * perPage, (page + 1) * perPage);
  if (text(query, 'include_totals') !== 'true') return slice;
  return {
    [key]: slice,
    start: page * perPage,
    limit: perPage,
    ...(options.totals === false ? {} : { total: items.length }),
  };
}
