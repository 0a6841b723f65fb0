import {
  type MemberRole,
  memberRoles,
  type ScimGroupRequest,
  type ScimListQuery,
  type ScimPatchOperation,
  type ScimPatchRequest,
} from '@launchkit/api-contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { scimUsers, subUsers } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { lockForScimWrite, type ScimCaller } from './scim-caller.ts';
import { isRoleGroup, listResponse, toScimGroup } from './scim-documents.ts';
import { ScimError, scimNotFound } from './scim-error.ts';
import { pageOf, parseScimFilter } from './scim-filter.ts';
import { setMemberRole } from './scim-membership.ts';
import type { ScimDeps } from './scim-users.ts';

// The groups are the workspace's roles below owner (decision 0056): `admin`, `member` and `viewer`,
// always there. Being put in a group gives the role; taken out of one, the person is a member again.
// The owner is in none: no SCIM request changes the owner.

const roleOfGroupName = (name: string): MemberRole | undefined => {
  const bare = name.trim().toLowerCase().replace(/s$/, '');
  return memberRoles.find((role) => role === bare);
};

/** The provisioned, active people who have `role`. */
const membersOf = (db: Pick<Database, 'select'>, caller: ScimCaller, role: MemberRole) =>
  db
    .select({ id: scimUsers.id, userName: scimUsers.userName })
    .from(scimUsers)
    .innerJoin(subUsers, eq(subUsers.id, scimUsers.memberRow))
    .where(and(eq(scimUsers.workspace, caller.workspace), eq(subUsers.role, role)))
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id));

export async function getScimGroup(deps: ScimDeps, caller: ScimCaller, id: string) {
  if (!isRoleGroup(id)) throw scimNotFound('Group', id);
  return toScimGroup(id, await membersOf(deps.db, caller, id), deps.base);
}

/** GET /Groups: the three roles, filtered by `displayName` or `id`, paged. */
export async function listScimGroups(deps: ScimDeps, caller: ScimCaller, query: ScimListQuery) {
  const filter = parseScimFilter(query.filter, ['displayName', 'id']);
  const roles = memberRoles.filter((role) => {
    if (!filter) return true;
    return filter.attribute === 'id' ? role === filter.value : role === roleOfGroupName(filter.value);
  });
  const page = pageOf(query);
  const shown = roles.slice(page.offset, page.offset + page.count);
  const groups = await Promise.all(shown.map((role) => getScimGroup(deps, caller, role)));
  return listResponse(groups, roles.length, page.startIndex);
}

/** The membership rows of the active Users `ids` names; an id of no User here is refused. */
async function membershipRowsOf(tx: Database, caller: ScimCaller, ids: string[]) {
  const wanted = [...new Set(ids)];
  const invalid = wanted.find((id) => !isUuid(id));
  if (invalid !== undefined)
    throw new ScimError(
      400,
      `There is no User ${JSON.stringify(invalid)} in this workspace.`,
      'invalidValue',
    );
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: scimUsers.id, memberRow: scimUsers.memberRow })
    .from(scimUsers)
    .where(and(eq(scimUsers.workspace, caller.workspace), inArray(scimUsers.id, wanted)));
  const missing = wanted.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined)
    throw new ScimError(
      400,
      `There is no User ${JSON.stringify(missing)} in this workspace.`,
      'invalidValue',
    );
  // A deactivated person has no membership to give a role to: they are left out.
  return rows.flatMap((row) => (row.memberRow === null ? [] : [row.memberRow]));
}

/** Everyone in `members` gets `role`; with `exactly`, the others who have it are members again. */
async function setGroupMembers(
  tx: Database,
  caller: ScimCaller,
  role: MemberRole,
  members: string[],
  exactly: boolean,
) {
  const rows = await membershipRowsOf(tx, caller, members);
  for (const row of rows) await setMemberRole(tx, caller, row, role);
  if (!exactly || role === 'member') return;
  const holders = await tx
    .select({ memberRow: scimUsers.memberRow })
    .from(scimUsers)
    .innerJoin(subUsers, eq(subUsers.id, scimUsers.memberRow))
    .where(
      and(eq(scimUsers.workspace, caller.workspace), eq(subUsers.role, role), isNotNull(scimUsers.memberRow)),
    );
  for (const holder of holders) {
    if (holder.memberRow && !rows.includes(holder.memberRow))
      await setMemberRole(tx, caller, holder.memberRow, 'member');
  }
}

const memberIdsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = (member as { value?: unknown } | null)?.value;
    if (typeof id !== 'string')
      throw new ScimError(400, 'Each member is an object with the User’s id as its value.', 'invalidValue');
    return id;
  });
};

const requireSameName = (role: MemberRole, name: unknown) => {
  if (typeof name !== 'string' || roleOfGroupName(name) !== role) {
    throw new ScimError(400, 'A group’s displayName is its role and cannot change.', 'mutability');
  }
};

/** One operation of a Group's PATCH: members added, removed or replaced; the name only as it is. */
async function applyGroupOperation(
  tx: Database,
  caller: ScimCaller,
  role: MemberRole,
  operation: ScimPatchOperation,
) {
  const path = operation.path?.trim() ?? '';
  const filtered = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i.exec(path);
  if (operation.op === 'remove' && (filtered || /^members$/i.test(path))) {
    const ids =
      filtered?.[1] !== undefined
        ? [filtered[1]]
        : operation.value === undefined
          ? (await membersOf(tx, caller, role)).map((m) => m.id)
          : memberIdsOf(operation.value);
    if (role === 'member') return;
    for (const row of await membershipRowsOf(tx, caller, ids)) await setMemberRole(tx, caller, row, 'member');
  } else if (operation.op !== 'remove' && /^members$/i.test(path)) {
    await setGroupMembers(tx, caller, role, memberIdsOf(operation.value), operation.op === 'replace');
  } else if (operation.op !== 'remove' && /^displayname$/i.test(path)) {
    requireSameName(role, operation.value);
  } else if (
    operation.op !== 'remove' &&
    path === '' &&
    typeof operation.value === 'object' &&
    operation.value !== null
  ) {
    const { displayName, members, ...rest } = operation.value as Record<string, unknown>;
    if (displayName !== undefined) requireSameName(role, displayName);
    if (members !== undefined)
      await setGroupMembers(tx, caller, role, memberIdsOf(members), operation.op === 'replace');
    if (Object.keys(rest).some((key) => key.toLowerCase() !== 'externalid')) {
      throw new ScimError(
        400,
        'A group has a displayName and members, nothing else to change.',
        'invalidValue',
      );
    }
  } else if (!/^externalid$/i.test(path)) {
    throw new ScimError(
      400,
      `The path ${JSON.stringify(path)} names nothing of a Group that can change.`,
      'invalidPath',
    );
  }
}

/** Runs a Group change in one transaction with the workspace locked: all of it, or nothing. */
async function changeGroup(
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  change: (tx: Database, role: MemberRole) => Promise<void>,
) {
  if (!isRoleGroup(id)) throw scimNotFound('Group', id);
  await deps.db.transaction(async (tx) => {
    await lockForScimWrite(tx, caller);
    await change(tx, id);
  });
  return getScimGroup(deps, caller, id);
}

export const patchScimGroup = (deps: ScimDeps, caller: ScimCaller, id: string, body: ScimPatchRequest) =>
  changeGroup(deps, caller, id, async (tx, role) => {
    for (const operation of body.Operations) await applyGroupOperation(tx, caller, role, operation);
  });

/** The ids of the members a PUT or POST of a group lists (none listed: none). */
const listedMembers = (body: ScimGroupRequest) => (body.members ?? []).map((member) => member.value);

/** PUT /Groups/:id: exactly the members listed have the role. */
export const replaceScimGroup = (deps: ScimDeps, caller: ScimCaller, id: string, body: ScimGroupRequest) =>
  changeGroup(deps, caller, id, async (tx, role) => {
    requireSameName(role, body.displayName);
    await setGroupMembers(tx, caller, role, listedMembers(body), true);
  });

/**
 * POST /Groups: the groups exist from the start, so "creating" one of a role's name (`admin` or
 * `Admins`, any case) adopts it, with the members sent; any other name is refused (decision 0056).
 */
export async function createScimGroup(deps: ScimDeps, caller: ScimCaller, body: ScimGroupRequest) {
  const role = roleOfGroupName(body.displayName);
  if (!role) {
    throw new ScimError(
      400,
      `The groups here are the workspace's roles: ${memberRoles.join(', ')}. Name the group after one of them.`,
      'invalidValue',
    );
  }
  return changeGroup(deps, caller, role, async (tx) => {
    await setGroupMembers(tx, caller, role, listedMembers(body), false);
  });
}

export const deleteScimGroup = (id: string) => {
  if (!isRoleGroup(id)) throw scimNotFound('Group', id);
  throw new ScimError(400, 'The role groups always exist: remove their members instead.', 'mutability');
};
