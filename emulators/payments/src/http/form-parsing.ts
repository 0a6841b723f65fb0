import qs from 'qs';

/**
 * Stripe's form encoding: bracket keys (`line_items[0][price]`, `metadata[k]`, `expand[]`), for POST
 * bodies and GET/DELETE query strings alike. Lists up to 1000 entries stay lists; nesting stops at 6.
 */
const options: qs.IParseOptions = {
  depth: 6,
  arrayLimit: 1000,
  parameterLimit: 2000,
  allowPrototypes: false,
  allowDots: false,
  parseArrays: true,
};

export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, options) as Record<string, unknown>;
}
