import { type MemberRole, memberRoles, scimSchemas } from '@launchkit/api-contract';

/** A provisioned person as read: their SCIM row, and their membership's role while they are active. */
export type ScimUserRow = {
  id: string;
  userName: string;
  externalId: string | null;
  givenName: string;
  familyName: string;
  memberRow: string | null;
  role: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The User resource (RFC 7643 §4.1): `active` while the person holds a membership of the workspace. */
export function toScimUser(row: ScimUserRow, base: string) {
  const active = row.memberRow !== null;
  return {
    schemas: [scimSchemas.user],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.userName,
    name: { givenName: row.givenName, familyName: row.familyName },
    displayName: `${row.givenName} ${row.familyName}`.trim() || row.userName,
    emails: [{ value: row.userName, type: 'work', primary: true }],
    active,
    groups:
      active && row.role ? [{ value: row.role, display: row.role, $ref: `${base}/Groups/${row.role}` }] : [],
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${base}/Users/${row.id}`,
    },
  };
}

/** Whether `id` is a group's: the groups are the roles below owner, by name (decision 0056). */
export const isRoleGroup = (id: string): id is MemberRole => (memberRoles as readonly string[]).includes(id);

/** A Group resource: one role and the provisioned people who have it. */
export function toScimGroup(role: MemberRole, members: { id: string; userName: string }[], base: string) {
  return {
    schemas: [scimSchemas.group],
    id: role,
    displayName: role,
    members: members.map((member) => ({
      value: member.id,
      display: member.userName,
      $ref: `${base}/Users/${member.id}`,
    })),
    meta: { resourceType: 'Group', location: `${base}/Groups/${role}` },
  };
}

/** A list's answer (RFC 7644 §3.4.2). */
export const listResponse = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [scimSchemas.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
