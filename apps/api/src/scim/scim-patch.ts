import { type ScimPatchOperation, scimBoolean } from '@launchkit/api-contract';
import { ScimError } from './scim-error.ts';

/** What a User's PATCH or PUT may change: the attributes kept (decision 0056). */
export type UserState = {
  userName: string;
  externalId: string | null;
  givenName: string;
  familyName: string;
  active: boolean;
};

const invalidPath = (path: string) =>
  new ScimError(
    400,
    `The path ${JSON.stringify(path)} names no attribute of a User that can be changed.`,
    'invalidPath',
  );

const invalidValue = (what: string) => new ScimError(400, `${what}`, 'invalidValue');

// A path as RFC 7644 §3.5.2 writes it: an attribute (after an optional schema URN), an optional value
// filter in brackets, an optional sub-attribute.
const pathShape = /^(?:urn:[\w.:-]+:)?[A-Za-z][\w$-]*(?:\[[^\]]+\])?(?:\.[A-Za-z][\w$-]*)?$/;

// Attributes providers send that a member does not have: accepted and not kept (RFC 7643 §3.1 lets a
// service provider ignore attributes it does not support). The email is the userName.
const ignored =
  /^(displayname|nickname|title|usertype|preferredlanguage|locale|timezone|profileurl|emails|phonenumbers|addresses|ims|photos|roles|entitlements|x509certificates|name\.(formatted|middlename|honorificprefix|honorificsuffix))([[.].*)?$/;

const asText = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw invalidValue(`${name} must be text.`);
  if (value.length > 200) throw invalidValue(`${name} is too long.`);
  return value;
};

const asBoolean = (value: unknown): boolean => {
  const parsed = scimBoolean.safeParse(value);
  if (!parsed.success) throw invalidValue('active must be true or false.');
  return parsed.data;
};

/** Sets one attribute, by its path in lower case; false when the path is not one of a User's. */
function setAttribute(state: UserState, path: string, value: unknown): boolean {
  switch (path) {
    case 'active':
      state.active = asBoolean(value);
      return true;
    case 'username':
      state.userName = asText(value, 'userName').trim().toLowerCase();
      return true;
    case 'externalid':
      state.externalId = value === null ? null : asText(value, 'externalId');
      return true;
    case 'name.givenname':
      state.givenName = asText(value, 'name.givenName');
      return true;
    case 'name.familyname':
      state.familyName = asText(value, 'name.familyName');
      return true;
    case 'name':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue('name must be an object.');
      for (const [key, part] of Object.entries(value)) applyPath(state, `name.${key}`, part);
      return true;
    default:
      return false;
  }
}

/** Applies `value` at `path`, as add or replace do: attributes not kept are accepted and dropped. */
function applyPath(state: UserState, path: string, value: unknown) {
  if (!pathShape.test(path)) throw invalidPath(path);
  const bare = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '').toLowerCase();
  if (setAttribute(state, bare, value)) return;
  if (ignored.test(bare) || /^urn:ietf:params:scim:schemas:extension:/i.test(path)) return;
  throw invalidPath(path);
}

/** Removes an attribute: only the optional ones can go. */
function removePath(state: UserState, path: string) {
  if (!pathShape.test(path)) throw invalidPath(path);
  const bare = path.toLowerCase();
  if (bare === 'externalid') state.externalId = null;
  else if (bare === 'name.givenname') state.givenName = '';
  else if (bare === 'name.familyname') state.familyName = '';
  else if (bare === 'active' || bare === 'username') {
    throw new ScimError(400, `${path} is required: it cannot be removed.`, 'mutability');
  } else if (!ignored.test(bare) && !/^urn:ietf:params:scim:schemas:extension:/i.test(path)) {
    throw invalidPath(path);
  }
}

/**
 * A User after a PATCH's operations (RFC 7644 §3.5.2), in order, each `op` in any case: add and replace
 * set (a value object without a path sets each of its attributes, as Okta and Entra ID send
 * `{"active": false}`), remove clears. Nothing is written until every operation has applied, so a bad
 * one changes nothing.
 */
export function patchedUser(current: UserState, operations: ScimPatchOperation[]): UserState {
  const state = { ...current };
  for (const operation of operations) {
    if (operation.op === 'remove') {
      if (!operation.path)
        throw new ScimError(400, 'A remove names the attribute to remove (path).', 'noTarget');
      removePath(state, operation.path);
    } else if (operation.path) {
      applyPath(state, operation.path, operation.value);
    } else {
      const value = operation.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw invalidValue('An add or replace without a path has an object of attributes as its value.');
      }
      for (const [key, part] of Object.entries(value)) applyPath(state, key, part);
    }
  }
  return state;
}
