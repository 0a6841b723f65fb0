import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, removedId, workspaceByIdErrors, workspaceErrors } from './endpoint-parts.ts';
import { firstNameField, lastNameField } from './field-rules.ts';
import { emailAddress, text, timestamp } from './fields.ts';
import { memberRoles, workspaceRoles } from './permissions.ts';

// The team (docs/team.md), in three words: a **workspace** is what its members share, its owner's
// items (its id is the owner's uid); a **member** is a person in it, invited or joined; an
// **invitation** is the link mailed to a member, which they accept to join.

/** A workspace the caller can open: their own, or one they joined. */
export const workspace = z
  .object({
    id: z.string().describe("The owner's uid."),
    ownerName: z.string().nullable(),
    ownerEmail: z.string(),
    role: z
      .enum(workspaceRoles)
      .describe("The caller's role in it (docs/team.md, Roles): what the screens offer follows it."),
    hasSeat: z.boolean().describe('False for a member whose seat the plan no longer covers.'),
    seats: z
      .number()
      .int()
      .describe("The seats of the owner's plan: what User Management counts people against."),
    canFeatureItems: z.boolean().describe("Whether the owner's plan allows featuring items."),
    billingNeedsAttention: z
      .boolean()
      .describe(
        "Whether the owner's last renewal payment failed (past due or unpaid): only the owner can fix it.",
      ),
    requiresSecondFactor: z
      .boolean()
      .describe(
        'Whether the owner asks members to sign in with a second factor (two-factor authentication).',
      ),
  })
  .meta({ id: 'Workspace' });

/** The owner's security setting of their workspace. */
export const workspaceSecurity = z
  .strictObject({
    requiresSecondFactor: z
      .boolean()
      .describe(
        'Members must sign in with a second factor to open the workspace; the owner too, to turn it on.',
      ),
  })
  .meta({ id: 'WorkspaceSecurity' });

/**
 * The `workspace` query parameter of every endpoint that acts in a workspace (items, members,
 * invitations, activity, security): absent, the caller's own.
 */
export const workspaceQuery = z.object({
  workspace: z
    .string()
    .optional()
    .describe("The workspace's id (its owner's uid); the caller's own workspace when absent."),
});

/** A role a person can be invited with or given (never owner: that takes a transfer). */
export const memberRole = z.enum(memberRoles, {
  error: `Choose a role: ${memberRoles.join(', ')}.`,
});

/** A new role for a member (User Management's role select). */
export const memberRoleRequest = z.strictObject({ role: memberRole }).meta({ id: 'SubUserRoleRequest' });

/** The Add User dialog of /userManagement: a person to add to the caller's workspace. */
export const addMemberRequest = z
  .strictObject({
    firstName: text(firstNameField),
    lastName: text(lastNameField),
    email: emailAddress,
    role: memberRole
      .default('member')
      .describe('What they may do once joined; only the owner invites an admin.'),
  })
  // "SubUser": the OpenAPI name generated clients know since the first release; the domain's word is member.
  .meta({ id: 'CreateSubUserRequest' });

/**
 * Where a member stands: `invited`, a link is out and valid; `expired`, the link expired (or none was
 * ever sent) and the owner may send a new one; `member`, the person joined.
 */
export const memberStatus = z.enum(['invited', 'expired', 'member']);

/**
 * A member as the owner's list shows it: the spec's UserManagement record (docs/product.md §3), with
 * its invitation (docs/team.md).
 */
export const member = z
  .object({
    id: z.uuid(),
    owner: z.string().describe("The owner's uid."),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: timestamp,
    status: memberStatus,
    // The joined person's uid (their `users.id`), not this member's `id`.
    memberId: z.string().nullable().describe('The uid of the person who joined; null until then.'),
    role: memberRole.describe('What they may do in the workspace (docs/team.md, Roles).'),
    joinedAt: timestamp.nullable(),
    invitationExpiresAt: timestamp.nullable(),
    hasSeat: z
      .boolean()
      .describe(
        'False when the plan has fewer seats than people and this one, among the newest, has none: a member without a seat cannot open the workspace until the owner removes someone or adds seats.',
      ),
  })
  // "SubUser": the OpenAPI name generated clients know since the first release; the domain's word is member.
  .meta({ id: 'SubUser' });

const invitationToken = z
  .string({ error: 'The invitation link is incomplete.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'The invitation link is incomplete.' });

export const invitationRequest = z.strictObject({ token: invitationToken }).meta({ id: 'InvitationRequest' });

/** What the invitation page shows before anyone signs in. */
export const invitationPreview = z
  .object({
    email: z.string().describe('The address invited.'),
    ownerName: z.string().nullable(),
    ownerEmail: z.string(),
    status: z.enum(['pending', 'expired', 'used']),
    expiresAt: timestamp.nullable(),
  })
  .meta({ id: 'InvitationPreview' });

export const activityActions = [
  'item.created',
  'item.renamed',
  'item.deleted',
  'item.featured',
  'item.unfeatured',
  'member.invited',
  'member.invitation-resent',
  'member.invitation-withdrawn',
  'member.joined',
  'member.removed',
  'member.left',
  'member.role_changed',
  'api-key.created',
  'api-key.revoked',
  'scim-token.created',
  'scim-token.revoked',
  'workspace.transferred',
  'ownership.offered',
  'ownership.withdrawn',
  'ownership.declined',
  'sso.connection-saved',
  'sso.connection-tested',
  'sso.turned-on',
  'sso.turned-off',
  'sso.required',
  'sso.no-longer-required',
  'sso.auto-join-changed',
  'sso.domain-added',
  'sso.domain-verified',
  'sso.domain-removed',
] as const;

export const activityEntry = z
  .object({
    id: z.uuid(),
    actorId: z.string(),
    actorEmail: z
      .string()
      .describe(
        "The person's email; for an API key (`actorId` `api-key:<id>`), the key's name; for a SCIM token (`scim-token:<id>`), `SCIM token` and its prefix.",
      ),
    action: z.enum(activityActions),
    subject: z.string().describe("An item's name or a person's email."),
    previous: z.string().nullable().describe('The name before a rename; the role before a role change.'),
    createdAt: timestamp,
  })
  .meta({ id: 'ActivityEntry' });

/** How many entries a page of the activity log holds when the client does not say, and at most. */
export const activityPageSize = { default: 50, max: 200 } as const;

const pageSizeProblem = `The page size must be a whole number from 1 to ${activityPageSize.max}.`;

/**
 * The query of GET /api/activity: keyset paging, newest first. `before` is a page's `nextCursor`, opaque
 * to clients (the server checks it and answers 400 `activity/invalid-cursor` for one it did not make).
 */
export const activityPageQuery = workspaceQuery.extend({
  before: z
    .string({ error: 'Give the `before` cursor once.' })
    .optional()
    .describe("The `nextCursor` of the page before: the entries older than that page's last one."),
  limit: z
    .string({ error: pageSizeProblem })
    .regex(/^[0-9]{1,3}$/, { error: pageSizeProblem })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: pageSizeProblem })
        .max(activityPageSize.max, { error: pageSizeProblem }),
    )
    .optional()
    .describe(`How many entries (1 to ${activityPageSize.max}; ${activityPageSize.default} when absent).`),
});

/** One page of a workspace's activity log, newest first, and where the next (older) one starts. */
export const activityPage = z
  .object({
    entries: z.array(activityEntry),
    nextCursor: z
      .string()
      .nullable()
      .describe('Send it as `before` for the older entries; null when this page reaches the first entry.'),
  })
  .meta({ id: 'ActivityPage' });

export type WorkspaceSecurity = z.output<typeof workspaceSecurity>;
export type Workspace = z.output<typeof workspace>;
export type AddMemberRequest = z.output<typeof addMemberRequest>;
export type MemberRoleRequest = z.output<typeof memberRoleRequest>;
export type Member = z.output<typeof member>;
export type MemberStatus = z.output<typeof memberStatus>;
export type InvitationRequest = z.output<typeof invitationRequest>;
export type InvitationPreview = z.output<typeof invitationPreview>;
export type ActivityAction = (typeof activityActions)[number];
export type ActivityEntry = z.output<typeof activityEntry>;
export type ActivityPage = z.output<typeof activityPage>;

const memberIdParams = idParams("The member's id (a uuid).");
const workspaceIdParams = idParams("The workspace's id (its owner's uid).");

// "sub-users" in the paths, operation ids and error codes: what clients call since the first release;
// the domain's word is member.
export const teamEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/sub-users',
    id: 'listSubUsers',
    tag: 'User management',
    summary: 'The people of the workspace (the caller’s own, or one they administer), invited or joined',
    auth: 'bearer',
    request: { query: workspaceQuery },
    errors: workspaceErrors,
    answer: ok('The members.', z.array(member)),
  }),
  endpoint({
    method: 'POST',
    path: '/api/sub-users',
    id: 'createSubUser',
    tag: 'User management',
    summary: 'Adds a person within the seats of the caller’s plan, and mails them an invitation',
    description:
      'Pending invitations hold a seat. The mail carries a single-use link that expires (INVITATION_TTL_HOURS, 7 days by default).',
    auth: 'bearer',
    request: { query: workspaceQuery, body: addMemberRequest },
    answer: created('The new member.', member),
    errors: {
      ...workspaceErrors,
      409: ['seats/limit-reached', 'sub-users/duplicate-email', 'sub-users/own-email'],
      429: ['invitations/recipient-limit'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sub-users/:id/invitation',
    id: 'resendInvitation',
    tag: 'User management',
    summary: 'Sends a new invitation link; the previous one stops working',
    auth: 'bearer',
    request: { params: memberIdParams, query: workspaceQuery },
    answer: ok('The member.', member),
    errors: {
      ...workspaceByIdErrors,
      409: ['invitations/already-joined', 'invitations/no-seat'],
      429: ['invitations/resend-too-soon', 'invitations/recipient-limit'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/sub-users/:id',
    id: 'removeSubUser',
    tag: 'User management',
    summary: 'Withdraws an invitation or removes a member; the seat is free at once',
    description: "A removed member's access ends at once, open live lists included, on every instance.",
    auth: 'bearer',
    request: { params: memberIdParams, query: workspaceQuery },
    answer: ok("The removed member's id.", removedId),
    errors: workspaceByIdErrors,
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/sub-users/:id',
    id: 'changeSubUserRole',
    tag: 'User management',
    summary: 'Gives a member another role',
    description:
      'The owner gives any role below owner; an admin changes roles below admin only (neither makes nor unmakes an admin). The activity log records the change with the role before.',
    auth: 'bearer',
    request: { params: memberIdParams, query: workspaceQuery, body: memberRoleRequest },
    answer: ok('The member.', member),
    errors: workspaceByIdErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/workspaces',
    id: 'listWorkspaces',
    tag: 'Teams',
    summary: 'The workspaces the caller can open: their own first, then those they joined',
    auth: 'bearer',
    answer: ok('The workspaces.', z.array(workspace)),
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/workspace/security',
    id: 'setWorkspaceSecurity',
    tag: 'Teams',
    summary: 'Sets what the workspace (the caller’s own, or one they administer) asks of its members',
    description:
      'Requiring a second factor takes effect at once on every instance: members whose sign-in did not pass one are refused (`workspaces/second-factor-required`) and their open live lists end. Turning it on needs the owner signed in with a second factor.',
    auth: 'bearer',
    request: { query: workspaceQuery, body: workspaceSecurity },
    answer: ok('The setting now.', workspaceSecurity),
    errors: {
      ...workspaceErrors,
      403: [...workspaceErrors[403], 'workspaces/second-factor-needed-to-require'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/membership',
    id: 'leaveWorkspace',
    tag: 'Teams',
    summary: 'Leaves a workspace the caller joined; the seat is free at once',
    auth: 'bearer',
    request: { params: workspaceIdParams },
    answer: ok('The workspace left.', z.object({ id: z.string() })),
    errors: { 404: ['workspaces/not-found'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/invitations/lookup',
    id: 'lookUpInvitation',
    tag: 'Teams',
    summary: 'Who invited whom, for the invitation page (the token travels in the body, never a URL)',
    auth: 'public',
    request: { body: invitationRequest },
    answer: ok('The invitation.', invitationPreview),
    errors: { 404: ['invitations/not-found'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    id: 'acceptInvitation',
    tag: 'Teams',
    summary: 'Joins the workspace of an invitation made out to the caller’s verified email',
    auth: 'bearer',
    request: { body: invitationRequest },
    answer: ok('The workspace joined.', workspace),
    errors: {
      403: ['invitations/wrong-email', 'invitations/email-not-verified'],
      404: ['invitations/not-found'],
      409: ['invitations/expired', 'invitations/used', 'invitations/own-workspace', 'workspaces/no-seat'],
    },
  }),
  endpoint({
    method: 'GET',
    path: '/api/activity',
    id: 'listActivity',
    tag: 'Teams',
    summary:
      'What happened in the workspace (the caller’s own, or one they administer), newest first, a page at a time',
    description:
      'Keyset paging: the first page without `before`, then each next one with the `nextCursor` of the page before, until it is null. Entries written meanwhile never shift a page: they are newer than every cursor.',
    auth: 'bearer',
    apiKeys: true,
    request: { query: activityPageQuery },
    answer: ok('A page of the activity log.', activityPage),
    errors: { ...workspaceErrors, 400: ['activity/invalid-cursor'] },
  }),
];
