import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { successEnvelope } from './envelope.ts';
import { emailAddress, text, timestamp } from './fields.ts';

const personName = (required: string, label: string) => text({ label, max: 100, messages: { required } });

export const createSubUserRequest = z
  .strictObject({
    firstName: personName('Please enter a first name', 'first name'),
    lastName: personName('Please enter a last name', 'last name'),
    email: emailAddress,
  })
  .meta({ id: 'CreateSubUserRequest' });

/**
 * Where a sub-user stands: `invited`, a link is out and valid; `expired`, the link expired (or none was
 * ever sent) and the owner may send a new one; `member`, the person joined.
 */
export const subUserStatus = z.enum(['invited', 'expired', 'member']);

/** A UserManagement record (§3) as the browser sees it, with its invitation (docs/teams.md). */
export const subUser = z
  .object({
    id: z.uuid(),
    owner: z.string().describe("The owner's uid."),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: timestamp,
    status: subUserStatus,
    memberId: z.string().nullable().describe('The uid of the person who joined; null until then.'),
    joinedAt: timestamp.nullable(),
    invitationExpiresAt: timestamp.nullable(),
    hasSeat: z
      .boolean()
      .describe(
        'False when the plan has fewer seats than people and this one, among the newest, has none: a member without a seat cannot open the workspace until the owner removes someone or adds seats.',
      ),
  })
  .meta({ id: 'SubUser' });

export type CreateSubUserRequest = z.output<typeof createSubUserRequest>;
export type SubUser = z.output<typeof subUser>;
export type SubUserStatus = z.output<typeof subUserStatus>;

const subUserIdParams = z.object({ id: z.string().describe("The sub-user's id (a uuid).") });

export const subUserEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/sub-users',
    id: 'listSubUsers',
    tag: 'User management',
    summary: 'The people the caller added to their workspace, invited or joined',
    auth: 'bearer',
    answer: { status: 200, description: 'The sub-users.', schema: successEnvelope(z.array(subUser)) },
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
    request: { body: createSubUserRequest },
    answer: { status: 201, description: 'The new sub-user.', schema: successEnvelope(subUser) },
    errors: { 409: ['seats/limit-reached', 'sub-users/duplicate-email', 'sub-users/own-email'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sub-users/:id/invitation',
    id: 'resendInvitation',
    tag: 'User management',
    summary: 'Sends a new invitation link; the previous one stops working',
    auth: 'bearer',
    request: { params: subUserIdParams },
    answer: { status: 200, description: 'The sub-user.', schema: successEnvelope(subUser) },
    errors: { 404: ['not_found'], 409: ['invitations/already-joined'] },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/sub-users/:id',
    id: 'removeSubUser',
    tag: 'User management',
    summary: 'Withdraws an invitation or removes a member; the seat is free at once',
    description: "A removed member's access ends at once, open live lists included, on every instance.",
    auth: 'bearer',
    request: { params: subUserIdParams },
    answer: {
      status: 200,
      description: "The removed sub-user's id.",
      schema: successEnvelope(z.object({ id: z.uuid() })),
    },
    errors: { 404: ['not_found'] },
  }),
];
