import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { successEnvelope } from './envelope.ts';
import { timestamp } from './fields.ts';

// Teams (docs/teams.md): a workspace is its owner's items; its id is the owner's uid. People the owner
// adds (sub-users) join through an invitation link and then work in it as members.

/** A workspace the caller can open: their own, or one they joined. */
export const workspace = z
  .object({
    id: z.string().describe("The owner's uid."),
    ownerName: z.string().nullable(),
    ownerEmail: z.string(),
    role: z.enum(['owner', 'member']),
    hasSeat: z.boolean().describe('False for a member whose seat the plan no longer covers.'),
    canFeatureItems: z.boolean().describe("Whether the owner's plan allows featuring items (§6)."),
  })
  .meta({ id: 'Workspace' });

/** The `workspace` query parameter of every items endpoint: absent, the caller's own. */
export const workspaceQuery = z.object({
  workspace: z
    .string()
    .optional()
    .describe("The workspace's id (its owner's uid); the caller's own workspace when absent."),
});

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
] as const;

export const activityEntry = z
  .object({
    id: z.uuid(),
    actorId: z.string(),
    actorEmail: z.string(),
    action: z.enum(activityActions),
    subject: z.string().describe("An item's name or a person's email."),
    previous: z.string().nullable().describe('The name before a rename.'),
    createdAt: timestamp,
  })
  .meta({ id: 'ActivityEntry' });

export type Workspace = z.output<typeof workspace>;
export type InvitationRequest = z.output<typeof invitationRequest>;
export type InvitationPreview = z.output<typeof invitationPreview>;
export type ActivityAction = (typeof activityActions)[number];
export type ActivityEntry = z.output<typeof activityEntry>;

const workspaceIdParams = z.object({ id: z.string().describe("The workspace's id (its owner's uid).") });

export const teamEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/workspaces',
    id: 'listWorkspaces',
    tag: 'Teams',
    summary: 'The workspaces the caller can open: their own first, then those they joined',
    auth: 'bearer',
    answer: { status: 200, description: 'The workspaces.', schema: successEnvelope(z.array(workspace)) },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/membership',
    id: 'leaveWorkspace',
    tag: 'Teams',
    summary: 'Leaves a workspace the caller joined; the seat is free at once',
    auth: 'bearer',
    request: { params: workspaceIdParams },
    answer: {
      status: 200,
      description: 'The workspace left.',
      schema: successEnvelope(z.object({ id: z.string() })),
    },
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
    answer: { status: 200, description: 'The invitation.', schema: successEnvelope(invitationPreview) },
    errors: { 404: ['invitations/not-found'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    id: 'acceptInvitation',
    tag: 'Teams',
    summary: 'Joins the workspace of an invitation made out to the caller’s email',
    auth: 'bearer',
    request: { body: invitationRequest },
    answer: { status: 200, description: 'The workspace joined.', schema: successEnvelope(workspace) },
    errors: {
      403: ['invitations/wrong-email'],
      404: ['invitations/not-found'],
      409: ['invitations/expired', 'invitations/used', 'invitations/own-workspace', 'workspaces/no-seat'],
    },
  }),
  endpoint({
    method: 'GET',
    path: '/api/activity',
    id: 'listActivity',
    tag: 'Teams',
    summary: "What happened in the caller's own workspace, newest first (the latest 200 entries)",
    auth: 'bearer',
    answer: {
      status: 200,
      description: 'The activity log.',
      schema: successEnvelope(z.array(activityEntry)),
    },
  }),
];
