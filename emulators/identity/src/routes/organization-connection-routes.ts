import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { connectionOr404, findConnection } from '#identity/connections/connections.ts';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import {
  disableConnection,
  enabledConnectionOf,
  organizationOr404,
} from '#identity/organizations/organizations.ts';
import type { OrganizationConnectionRecord, OrganizationRecord } from '#identity/storage/identity-state.ts';
import { callerWithScope, parsePayload } from './management-access.ts';
import { pageOf } from './management-pages.ts';

type ConnectionParams = { Params: { id: string; connectionId: string } };

export const enabledConnectionBody = z.strictObject({
  connection_id: z.string().min(1).max(50),
  assign_membership_on_login: z.boolean().optional(),
  show_as_button: z.boolean().optional(),
  is_signup_enabled: z.boolean().optional(),
});

const enabledConnectionUpdateBody = enabledConnectionBody.omit({ connection_id: true });

/** Enables a connection for an organization (creation's `enabled_connections`, or the endpoint). */
export function enableConnection(
  context: IdentityContext,
  organization: OrganizationRecord,
  body: z.output<typeof enabledConnectionBody>,
): OrganizationConnectionRecord {
  if (!findConnection(context, body.connection_id))
    throw managementError(404, 'No connection found by that id', 'inexistent_connection');
  if (enabledConnectionOf(organization, body.connection_id))
    throw managementError(409, 'The connection is already enabled for this organization.', 'conflict');
  const record: OrganizationConnectionRecord = {
    connectionId: body.connection_id,
    assignMembershipOnLogin: body.assign_membership_on_login ?? false,
    showAsButton: body.show_as_button ?? true,
    isSignupEnabled: body.is_signup_enabled ?? false,
  };
  organization.enabledConnections.push(record);
  return record;
}

function toEnabledConnection(context: IdentityContext, record: OrganizationConnectionRecord) {
  const connection = findConnection(context, record.connectionId);
  return {
    connection_id: record.connectionId,
    assign_membership_on_login: record.assignMembershipOnLogin,
    show_as_button: record.showAsButton,
    is_signup_enabled: record.isSignupEnabled,
    connection: { name: connection?.name ?? '', strategy: connection?.strategy ?? '' },
  };
}

function enabledOr404(organization: OrganizationRecord, connectionId: string) {
  const record = enabledConnectionOf(organization, connectionId);
  if (!record) throw managementError(404, 'No connection found by that id', 'inexistent_connection');
  return record;
}

async function addEnabledConnection(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'create:organization_connections');
  const body = parsePayload(enabledConnectionBody, request.body);
  const organization = organizationOr404(context, request.params.id);
  connectionOr404(context, body.connection_id);
  const record = enableConnection(context, organization, body);
  await context.store.save();
  return reply.status(201).send(toEnabledConnection(context, record));
}

async function listEnabledConnections(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { id: string } }>,
) {
  await callerWithScope(context, request, 'read:organization_connections');
  const organization = organizationOr404(context, request.params.id);
  const all = organization.enabledConnections.map((record) => toEnabledConnection(context, record));
  return pageOf(all, request.query as Record<string, unknown>, 'enabled_connections');
}

async function getEnabledConnection(context: IdentityContext, request: FastifyRequest<ConnectionParams>) {
  await callerWithScope(context, request, 'read:organization_connections');
  const organization = organizationOr404(context, request.params.id);
  return toEnabledConnection(context, enabledOr404(organization, request.params.connectionId));
}

async function updateEnabledConnection(context: IdentityContext, request: FastifyRequest<ConnectionParams>) {
  await callerWithScope(context, request, 'update:organization_connections');
  const body = parsePayload(enabledConnectionUpdateBody, request.body);
  const organization = organizationOr404(context, request.params.id);
  const record = enabledOr404(organization, request.params.connectionId);
  if (body.assign_membership_on_login !== undefined)
    record.assignMembershipOnLogin = body.assign_membership_on_login;
  if (body.show_as_button !== undefined) record.showAsButton = body.show_as_button;
  if (body.is_signup_enabled !== undefined) record.isSignupEnabled = body.is_signup_enabled;
  await context.store.save();
  return toEnabledConnection(context, record);
}

async function removeEnabledConnection(
  context: IdentityContext,
  request: FastifyRequest<ConnectionParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:organization_connections');
  const organization = organizationOr404(context, request.params.id);
  enabledOr404(organization, request.params.connectionId);
  disableConnection(organization, request.params.connectionId);
  await context.store.save();
  return reply.status(204).send();
}

/** An organization's enabled connections (Auth0 Management API v2 › Organizations › enabled_connections). */
export function registerOrganizationConnectionRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /api/v2/organizations/:id/enabled_connections': addEnabledConnection,
    'GET /api/v2/organizations/:id/enabled_connections': listEnabledConnections,
    'GET /api/v2/organizations/:id/enabled_connections/:connectionId': getEnabledConnection,
    'PATCH /api/v2/organizations/:id/enabled_connections/:connectionId': updateEnabledConnection,
    'DELETE /api/v2/organizations/:id/enabled_connections/:connectionId': removeEnabledConnection,
  });
}
