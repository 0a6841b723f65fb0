import { randomBytes } from 'node:crypto';
import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findConnection } from '#identity/connections/connections.ts';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import { newId, organizationOr404 } from '#identity/organizations/organizations.ts';
import type { InvitationRecord, OrganizationRecord } from '#identity/storage/identity-state.ts';
import { callerWithScope, parsePayload } from './management-access.ts';
import { pageOf } from './management-pages.ts';

type InvitationParams = { Params: { id: string; invitationId: string } };

// Auth0: invitations live 7 days unless `ttl_sec` says otherwise, 30 days at most.
const defaultTtlSeconds = 604_800;
const maxTtlSeconds = 2_592_000;

const invitationBody = z.strictObject({
  inviter: z.strictObject({ name: z.string().min(1).max(300) }),
  invitee: z.strictObject({ email: z.email().max(254) }),
  client_id: z.string().min(1).max(100),
  connection_id: z.string().min(1).max(50).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
  ttl_sec: z.number().int().min(0).max(maxTtlSeconds).optional(),
  roles: z.array(z.string().max(50)).max(50).optional(),
  send_invitation_email: z.boolean().optional(),
});

/**
 * Auth0 sends the invitee to the application's login route (its Application Login URI) with the
 * invitation's ticket and the organization; here that is the web client's sign-in page.
 */
export function invitationUrl(
  context: IdentityContext,
  invitation: InvitationRecord,
  organization: OrganizationRecord,
) {
  const url = new URL('/auth/signin', context.config.webOrigins[0]);
  url.search = new URLSearchParams({
    invitation: invitation.ticketId,
    organization: organization.id,
    organization_name: organization.name,
  }).toString();
  return url.toString();
}

function toManagementInvitation(context: IdentityContext, invitation: InvitationRecord) {
  const organization = organizationOr404(context, invitation.organizationId);
  return {
    id: invitation.id,
    organization_id: invitation.organizationId,
    inviter: { name: invitation.inviterName },
    invitee: { email: invitation.inviteeEmail },
    invitation_url: invitationUrl(context, invitation, organization),
    created_at: invitation.createdAt,
    expires_at: invitation.expiresAt,
    client_id: invitation.clientId,
    ...(invitation.connectionId ? { connection_id: invitation.connectionId } : {}),
    app_metadata: invitation.appMetadata,
    user_metadata: invitation.userMetadata,
    roles: invitation.roles,
    ticket_id: invitation.ticketId,
  };
}

async function createInvitation(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'create:organization_invitations');
  const body = parsePayload(invitationBody, request.body);
  const organization = organizationOr404(context, request.params.id);
  if (body.client_id !== context.config.webClientId)
    throw managementError(400, `Client ${body.client_id} does not exist`, 'invalid_body');
  if (body.connection_id && !findConnection(context, body.connection_id))
    throw managementError(400, `Connection ${body.connection_id} does not exist`, 'invalid_body');
  const now = Date.now();
  const ttl = body.ttl_sec || defaultTtlSeconds;
  const invitation: InvitationRecord = {
    id: newId('uinv_'),
    organizationId: organization.id,
    inviterName: body.inviter.name,
    inviteeEmail: body.invitee.email,
    clientId: body.client_id,
    ...(body.connection_id ? { connectionId: body.connection_id } : {}),
    roles: body.roles ?? [],
    appMetadata: body.app_metadata ?? {},
    userMetadata: body.user_metadata ?? {},
    ticketId: randomBytes(24).toString('base64url'),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttl * 1000).toISOString(),
  };
  context.store.state.invitations.set(invitation.id, invitation);
  await context.store.save();
  const shown = toManagementInvitation(context, invitation);
  if (body.send_invitation_email !== false) {
    await context.mailer.send({
      to: invitation.inviteeEmail,
      subject: `You've been invited to join ${organization.displayName ?? organization.name}`,
      text: [
        `${invitation.inviterName} has invited you to join ${organization.displayName ?? organization.name}.`,
        '',
        shown.invitation_url,
      ].join('\n'),
    });
  }
  return reply.status(201).send(shown);
}

function invitationOr404(context: IdentityContext, organizationId: string, invitationId: string) {
  organizationOr404(context, organizationId);
  const invitation = context.store.state.invitations.get(invitationId);
  if (!invitation || invitation.organizationId !== organizationId)
    throw managementError(404, 'The invitation does not exist', 'inexistent_invitation');
  return invitation;
}

async function listInvitations(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { id: string } }>,
) {
  await callerWithScope(context, request, 'read:organization_invitations');
  organizationOr404(context, request.params.id);
  const all = [...context.store.state.invitations.values()]
    .filter((invitation) => invitation.organizationId === request.params.id)
    .reverse()
    .map((invitation) => toManagementInvitation(context, invitation));
  // Auth0 gives no total for invitations: "We do not yet support returning the total invitations count".
  return pageOf(all, request.query as Record<string, unknown>, 'invitations', { totals: false });
}

async function getInvitation(context: IdentityContext, request: FastifyRequest<InvitationParams>) {
  await callerWithScope(context, request, 'read:organization_invitations');
  return toManagementInvitation(
    context,
    invitationOr404(context, request.params.id, request.params.invitationId),
  );
}

async function deleteInvitation(
  context: IdentityContext,
  request: FastifyRequest<InvitationParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:organization_invitations');
  invitationOr404(context, request.params.id, request.params.invitationId);
  context.store.state.invitations.delete(request.params.invitationId);
  await context.store.save();
  return reply.status(204).send();
}

/** The invitation whose ticket an /authorize request carries, if it is for this organization and still valid. */
export function findInvitationByTicket(context: IdentityContext, organizationId: string, ticketId: string) {
  for (const invitation of context.store.state.invitations.values()) {
    if (invitation.ticketId !== ticketId || invitation.organizationId !== organizationId) continue;
    return Date.parse(invitation.expiresAt) > Date.now() ? invitation : undefined;
  }
  return undefined;
}

/** An organization's invitations (Auth0 Management API v2 › Organizations › invitations). */
export function registerOrganizationInvitationRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /api/v2/organizations/:id/invitations': createInvitation,
    'GET /api/v2/organizations/:id/invitations': listInvitations,
    'GET /api/v2/organizations/:id/invitations/:invitationId': getInvitation,
    'DELETE /api/v2/organizations/:id/invitations/:invitationId': deleteInvitation,
  });
}
