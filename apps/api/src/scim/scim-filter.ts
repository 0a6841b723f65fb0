import { ScimError } from './scim-error.ts';

/** A filter this service answers: one attribute `eq` one string (RFC 7644 §3.4.2.2), as providers send. */
export type ScimFilter = { attribute: string; value: string };

const equality = /^\s*([A-Za-z][\w.:]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/**
 * Reads `filter` against the attributes a resource type can be filtered on (lower-cased names, as
 * attribute names are case-insensitive). Anything else, such as `co`, `and` or an unknown attribute,
 * is refused with `invalidFilter` rather than ignored: a provider matching people must not be told
 * "everyone" for a filter it believed was applied.
 */
export function parseScimFilter(
  filter: string | undefined,
  attributes: readonly string[],
): ScimFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = equality.exec(filter);
  if (!match?.[1] || match[2] === undefined) {
    throw invalidFilter(
      `Only filters of the form ${attributes.map((name) => `${name} eq "…"`).join(', ')} are supported.`,
    );
  }
  const attribute = match[1].toLowerCase();
  if (!attributes.map((name) => name.toLowerCase()).includes(attribute)) {
    throw invalidFilter(`Filtering on ${match[1]} is not supported: use ${attributes.join(', ')}.`);
  }
  let value: string;
  try {
    value = JSON.parse(`"${match[2]}"`) as string;
  } catch {
    throw invalidFilter('The filter’s value is not a valid string.');
  }
  return { attribute, value };
}

/** RFC 7644 §3.4.2.4: 1-based `startIndex` (below 1 is 1) and `count` (0: totals only), at most 200. */
export function pageOf(query: { startIndex?: number; count?: number }) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(200, Math.max(0, query.count ?? 100));
  return { startIndex, count, offset: startIndex - 1 };
}
