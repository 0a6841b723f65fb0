import type { ScimListQuery, ScimPatchRequest, ScimUserRequest } from '@launchkit/api-contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Database } from '#api/db/database.ts';
import { scimUsers, subUsers } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import { verifiedAddressOf } from '#api/team/verified-address.ts';
import { lockForScimWrite, type ScimCaller } from './scim-caller.ts';
import { listResponse, type ScimUserRow, toScimUser } from './scim-documents.ts';
import { ScimError, scimNotFound } from './scim-error.ts';
import { pageOf, parseScimFilter } from './scim-filter.ts';
import { addMembership, endMembership, type LockedOwner, type MembershipDeps } from './scim-membership.ts';
import { patchedUser, type UserState } from './scim-patch.ts';

export type ScimDeps = MembershipDeps & {
  db: Database;
  management: ManagementClient;
  sessionEndings: Pick<SessionEndings, 'apply'>;
  /** The service's base URL (`<site>/scim/v2`): the resources' `meta.location`. */
  base: string;
};

const userColumns = {
  id: scimUsers.id,
  userName: scimUsers.userName,
  externalId: scimUsers.externalId,
  givenName: scimUsers.givenName,
  familyName: scimUsers.familyName,
  memberRow: scimUsers.memberRow,
  role: subUsers.role,
  createdAt: scimUsers.createdAt,
  updatedAt: scimUsers.updatedAt,
};

const selectUsers = (db: Pick<Database, 'select'>) =>
  db.select(userColumns).from(scimUsers).leftJoin(subUsers, eq(subUsers.id, scimUsers.memberRow));

async function readUser(db: Pick<Database, 'select'>, caller: ScimCaller, id: string): Promise<ScimUserRow> {
  if (!isUuid(id)) throw scimNotFound('User', id);
  const [row] = await selectUsers(db).where(
    and(eq(scimUsers.id, id), eq(scimUsers.workspace, caller.workspace)),
  );
  if (!row) throw scimNotFound('User', id);
  return row;
}

export async function getScimUser(deps: ScimDeps, caller: ScimCaller, id: string) {
  return toScimUser(await readUser(deps.db, caller, id), deps.base);
}

/** The filter's condition: `userName` (lower-cased, as kept), `externalId` or `id`, always in the workspace. */
function filterCondition(caller: ScimCaller, filter: string | undefined) {
  const parsed = parseScimFilter(filter, ['userName', 'externalId', 'id']);
  const inWorkspace = eq(scimUsers.workspace, caller.workspace);
  if (!parsed) return inWorkspace;
  if (parsed.attribute === 'username')
    return and(inWorkspace, eq(scimUsers.userName, parsed.value.trim().toLowerCase()));
  if (parsed.attribute === 'externalid') return and(inWorkspace, eq(scimUsers.externalId, parsed.value));
  return isUuid(parsed.value) ? and(inWorkspace, eq(scimUsers.id, parsed.value)) : sql`false`;
}

/** GET /Users: filtered, in the order they were provisioned, paged from `startIndex` (1-based). */
export async function listScimUsers(deps: ScimDeps, caller: ScimCaller, query: ScimListQuery) {
  const where = filterCondition(caller, query.filter);
  const page = pageOf(query);
  const [total] = await deps.db.select({ n: count() }).from(scimUsers).where(where);
  const rows =
    page.count === 0
      ? []
      : await selectUsers(deps.db)
          .where(where)
          .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id))
          .limit(page.count)
          .offset(page.offset);
  return listResponse(
    rows.map((row) => toScimUser(row, deps.base)),
    total?.n ?? 0,
    page.startIndex,
  );
}

/** The workspace locked for a write, with the owner's verified address (asked before any lock). */
const lockWithAddress = async (
  tx: Database,
  caller: ScimCaller,
  verified: string | null,
): Promise<LockedOwner> => ({
  ...(await lockForScimWrite(tx, caller)),
  verified,
});

const personOf = (state: UserState) => ({
  email: state.userName,
  firstName: state.givenName,
  lastName: state.familyName,
});

/**
 * POST /Users (RFC 7644 §3.3): the person is provisioned, and unless `active` is false becomes a
 * member (an invitation until they sign in and accept it, scim-membership.ts). A userName already
 * provisioned here is refused with `uniqueness`; the owner's row lock makes that check and the seat
 * count hold against concurrent creates.
 */
export async function createScimUser(deps: ScimDeps, caller: ScimCaller, body: ScimUserRequest) {
  const state: UserState = {
    userName: body.userName,
    externalId: body.externalId ?? null,
    givenName: body.name?.givenName ?? '',
    familyName: body.name?.familyName ?? '',
    active: body.active ?? true,
  };
  const verified = state.active ? await verifiedAddressOf(deps.management, caller.workspace) : null;
  const id = await deps.db.transaction(async (tx) => {
    const owner = await lockWithAddress(tx, caller, verified);
    const [taken] = await tx
      .select({ id: scimUsers.id })
      .from(scimUsers)
      .where(and(eq(scimUsers.workspace, caller.workspace), eq(scimUsers.userName, state.userName)));
    if (taken)
      throw new ScimError(
        409,
        `A User with the userName ${state.userName} exists already (id ${taken.id}).`,
        'uniqueness',
      );
    const memberRow = state.active ? await addMembership(tx, deps, caller, owner, personOf(state)) : null;
    const [row] = await tx
      .insert(scimUsers)
      .values({ workspace: caller.workspace, ...personFields(state), userName: state.userName, memberRow })
      .returning({ id: scimUsers.id });
    if (!row) throw new Error('the SCIM user insert returned no row');
    return row.id;
  });
  return getScimUser(deps, caller, id);
}

const personFields = (state: UserState) => ({
  externalId: state.externalId,
  givenName: state.givenName,
  familyName: state.familyName,
});

/**
 * Writes a User's new state in the transaction that locked the workspace: its attributes, and its
 * membership when `active` changes (deactivated: the membership ends, scim-membership.ts; active
 * again: a new one, within the seats). The userName is the member's address and does not change.
 * Answers the sessions' ending of a deactivation, to apply after the commit.
 */
async function writeUserState(
  tx: Database,
  deps: ScimDeps,
  caller: ScimCaller,
  owner: LockedOwner,
  current: ScimUserRow,
  next: UserState,
) {
  if (next.userName !== current.userName) {
    throw new ScimError(
      400,
      'userName is the member’s email address and cannot change: deprovision the User and provision the new address.',
      'mutability',
    );
  }
  let memberRow = current.memberRow;
  let ending = null;
  if (memberRow !== null && !next.active) {
    ending = await endMembership(tx, caller, memberRow);
    memberRow = null;
  } else if (memberRow === null && next.active) {
    memberRow = await addMembership(tx, deps, caller, owner, personOf(next));
  } else if (memberRow !== null) {
    await tx
      .update(subUsers)
      .set({ firstName: next.givenName, lastName: next.familyName })
      .where(eq(subUsers.id, memberRow));
  }
  await tx
    .update(scimUsers)
    .set({ ...personFields(next), memberRow, updatedAt: sql`now()` })
    .where(eq(scimUsers.id, current.id));
  return ending;
}

/** A change of one User: read it locked, compute its next state, write it; sessions end after commit. */
async function changeUser(
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  mayActivate: boolean,
  next: (current: UserState) => UserState,
) {
  const verified = mayActivate ? await verifiedAddressOf(deps.management, caller.workspace) : null;
  const ending = await deps.db.transaction(async (tx) => {
    const owner = await lockWithAddress(tx, caller, verified);
    const current = await readUser(tx, caller, id);
    const state: UserState = { ...current, active: current.memberRow !== null };
    return writeUserState(tx, deps, caller, owner, current, next(state));
  });
  if (ending) deps.sessionEndings.apply(ending);
  return getScimUser(deps, caller, id);
}

/** PUT /Users/:id: the User as sent replaces the attributes kept; `active` absent means true. */
export const replaceScimUser = (deps: ScimDeps, caller: ScimCaller, id: string, body: ScimUserRequest) =>
  changeUser(deps, caller, id, body.active !== false, () => ({
    userName: body.userName,
    externalId: body.externalId ?? null,
    givenName: body.name?.givenName ?? '',
    familyName: body.name?.familyName ?? '',
    active: body.active ?? true,
  }));

/**
 * PATCH /Users/:id (RFC 7644 §3.5.2). Only a PATCH that mentions `active` can make an invitation, so
 * only then is the provider asked for the owner's verified address its mail shows.
 */
export const patchScimUser = (deps: ScimDeps, caller: ScimCaller, id: string, body: ScimPatchRequest) =>
  changeUser(deps, caller, id, JSON.stringify(body).toLowerCase().includes('active'), (current) =>
    patchedUser(current, body.Operations),
  );

/** DELETE /Users/:id: the membership ends as a deactivation does, and the User is gone. */
export async function deleteScimUser(deps: ScimDeps, caller: ScimCaller, id: string) {
  const ending = await deps.db.transaction(async (tx) => {
    await lockForScimWrite(tx, caller);
    const current = await readUser(tx, caller, id);
    const ended = current.memberRow === null ? null : await endMembership(tx, caller, current.memberRow);
    await tx.delete(scimUsers).where(eq(scimUsers.id, current.id));
    return ended;
  });
  if (ending) deps.sessionEndings.apply(ending);
}
