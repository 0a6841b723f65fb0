import { managementError } from '#identity/http/http-error.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';

/**
 * The part of Auth0's user search query syntax (search engine v3, Lucene) that the emulator reads:
 * `field:value` terms joined by AND (or a space) or by OR — not both in one query —, a value quoted or
 * bare, a trailing `*` for a prefix, and `_exists_:field`. The fields: email, user_id, name, nickname,
 * given_name, family_name, email_verified, blocked, identities.connection, identities.provider,
 * user_metadata.<key>, app_metadata.<key>, organization not being a user field. Anything else is a
 * 400, never a silent empty answer.
 */
export type UserQuery = (user: UserRecord) => boolean;

const term = /^(_exists_|[a-z_]+(?:\.[A-Za-z0-9_]+)?):(?:"((?:[^"\\]|\\.)*)"|([^\s"()]+))$/;

const invalid = (message: string) =>
  managementError(400, `Query validation error: ${message}`, 'invalid_query_string');

export function parseUserQuery(query: string): UserQuery {
  const tokens = query.match(/(?:[^\s"]+:"(?:[^"\\]|\\.)*"|\S+)/g) ?? [];
  const operators = new Set(tokens.filter((token) => token === 'AND' || token === 'OR'));
  if (operators.size > 1)
    throw invalid('mixing AND and OR needs parentheses, which the emulator does not read');
  const terms = tokens.filter((token) => token !== 'AND' && token !== 'OR').map(parseTerm);
  if (terms.length === 0) throw invalid(`'q' is empty`);
  return operators.has('OR')
    ? (user) => terms.some((each) => each(user))
    : (user) => terms.every((each) => each(user));
}

function parseTerm(token: string): UserQuery {
  const match = term.exec(token);
  if (!match) throw invalid(`cannot read '${token}' (use field:"value")`);
  const [, field = '', quoted, bare] = match;
  const raw = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? '');
  if (field === '_exists_') return (user) => valuesOf(user, raw) !== undefined;
  if (valuesOf(undefined, field) === null) throw invalid(`the field '${field}' is not searchable here`);
  const prefix = quoted === undefined && raw.endsWith('*');
  const wanted = (prefix ? raw.slice(0, -1) : raw).toLowerCase();
  return (user) =>
    (valuesOf(user, field) ?? []).some((value) =>
      prefix ? value.toLowerCase().startsWith(wanted) : value.toLowerCase() === wanted,
    );
}

/** The values of a field of a user (several for identities); null: not a field the emulator searches. */
function valuesOf(user: UserRecord | undefined, field: string): string[] | undefined | null {
  const [root = '', key] = field.split('.');
  const metadata = root === 'user_metadata' || root === 'app_metadata';
  if (metadata && key) {
    if (!user) return undefined;
    const value = (root === 'user_metadata' ? user.userMetadata : user.appMetadata)[key];
    return value === undefined ? undefined : [String(value)];
  }
  const scalar: Record<string, (each: UserRecord) => unknown> = {
    email: (each) => each.email,
    user_id: (each) => each.userId,
    name: (each) => each.name,
    nickname: (each) => each.nickname,
    given_name: (each) => each.givenName,
    family_name: (each) => each.familyName,
    email_verified: (each) => each.emailVerified,
    blocked: (each) => each.blocked,
    'identities.connection': (each) => each.identities.map((identity) => identity.connection),
    'identities.provider': (each) => each.identities.map((identity) => identity.provider),
  };
  const read = scalar[field];
  if (!read) return null;
  if (!user) return undefined;
  const value = read(user);
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String) : [String(value)];
}
