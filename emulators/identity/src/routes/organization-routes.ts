import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import {
  findOrganizationByName,
  newId,
  organizationOr404,
  tenantSettings,
  toManagementOrganization,
} from '#identity/organizations/organizations.ts';
import type { OrganizationRecord } from '#identity/storage/identity-state.ts';
import { pictureOf } from '#identity/users/user-profile.ts';
import { callerWithScope, parsePayload, userOr404 } from './management-access.ts';
import { pageOf } from './management-pages.ts';
import { enableConnection, enabledConnectionBody } from './organization-connection-routes.ts';

type OrganizationParams = { Params: { id: string } };

// Auth0: "lowercase alphabetical characters, numbers, underscores (_), and dashes (-) … between 1 and 50".
const organizationName = z
  .string()
  .regex(/^[a-z0-9_-]{1,50}$/, 'must be 1 to 50 lowercase letters, digits, _ or -');
const branding = z.strictObject({
  logo_url: z.string().max(2048).optional(),
  colors: z
    .strictObject({ primary: z.string().max(32), page_background: z.string().max(32) })
    .partial()
    .optional(),
});
// Auth0 allows up to 25 metadata properties of strings up to 255 characters.
const metadata = z
  .record(z.string().max(255), z.string().max(255).nullable())
  .refine((value) => Object.keys(value).length <= 25, 'at most 25 properties');

const organizationCreateBody = z.strictObject({
  name: organizationName,
  display_name: z.string().min(1).max(255).optional(),
  branding: branding.optional(),
  metadata: metadata.optional(),
  enabled_connections: z.array(enabledConnectionBody).max(100).optional(),
});

const organizationUpdateBody = organizationCreateBody.omit({ enabled_connections: true }).partial();

const membersBody = z.strictObject({ members: z.array(z.string().min(1).max(300)).min(1).max(10) });

const settingsBody = z.looseObject({
  flags: z.looseObject({}).optional(),
  allow_organization_name_in_authentication_api: z.boolean().optional(),
});

function nameTaken(context: IdentityContext, name: string, except?: string) {
  const other = findOrganizationByName(context.store.state, name);
  if (other && other.id !== except)
    throw managementError(409, 'An organization with this name already exists.', 'organization_conflict');
}

const cleanMetadata = (
  value: Record<string, string | null> | undefined,
  base: Record<string, string> = {},
) => {
  const merged: Record<string, string> = { ...base };
  for (const [key, each] of Object.entries(value ?? {})) {
    if (each === null) delete merged[key];
    else merged[key] = each;
  }
  return merged;
};

async function createOrganization(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  await callerWithScope(context, request, 'create:organizations');
  const body = parsePayload(organizationCreateBody, request.body);
  nameTaken(context, body.name);
  const organization: OrganizationRecord = {
    id: newId('org_'),
    name: body.name,
    ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
    ...(body.branding ? { branding: body.branding } : {}),
    metadata: cleanMetadata(body.metadata),
    createdAt: new Date().toISOString(),
    members: [],
    enabledConnections: [],
  };
  for (const connection of body.enabled_connections ?? [])
    enableConnection(context, organization, connection);
  context.store.state.organizations.set(organization.id, organization);
  await context.store.save();
  request.log.info({ organizationId: organization.id }, 'organization created');
  return reply.status(201).send(toManagementOrganization(organization));
}

async function listOrganizations(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'read:organizations');
  const all = [...context.store.state.organizations.values()].map(toManagementOrganization);
  return pageOf(all, request.query as Record<string, unknown>, 'organizations');
}

async function getOrganization(context: IdentityContext, request: FastifyRequest<OrganizationParams>) {
  await callerWithScope(context, request, 'read:organizations');
  return toManagementOrganization(organizationOr404(context, request.params.id));
}

async function getOrganizationByName(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { name: string } }>,
) {
  await callerWithScope(context, request, 'read:organizations');
  const organization = findOrganizationByName(context.store.state, request.params.name);
  if (!organization)
    throw managementError(404, 'No organization found by that id or name', 'inexistent_organization');
  return toManagementOrganization(organization);
}

async function updateOrganization(context: IdentityContext, request: FastifyRequest<OrganizationParams>) {
  await callerWithScope(context, request, 'update:organizations');
  const body = parsePayload(organizationUpdateBody, request.body);
  const organization = organizationOr404(context, request.params.id);
  if (body.name !== undefined) {
    nameTaken(context, body.name, organization.id);
    organization.name = body.name;
  }
  if (body.display_name !== undefined) organization.displayName = body.display_name;
  if (body.branding !== undefined) organization.branding = body.branding;
  if (body.metadata !== undefined)
    organization.metadata = cleanMetadata(body.metadata, organization.metadata);
  await context.store.save();
  return toManagementOrganization(organization);
}

async function deleteOrganization(
  context: IdentityContext,
  request: FastifyRequest<OrganizationParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:organizations');
  const { state } = context.store;
  organizationOr404(context, request.params.id);
  state.organizations.delete(request.params.id);
  for (const [id, invitation] of state.invitations) {
    if (invitation.organizationId === request.params.id) state.invitations.delete(id);
  }
  await context.store.save();
  return reply.status(204).send();
}

/** The organization and the users a POST or DELETE of its members names, once the caller may. */
async function membersRequest(
  context: IdentityContext,
  request: FastifyRequest<OrganizationParams>,
  scope: 'create:organization_members' | 'delete:organization_members',
) {
  await callerWithScope(context, request, scope);
  const { members } = parsePayload(membersBody, request.body);
  return { organization: organizationOr404(context, request.params.id), members };
}

async function addMembers(
  context: IdentityContext,
  request: FastifyRequest<OrganizationParams>,
  reply: FastifyReply,
) {
  const { organization, members } = await membersRequest(context, request, 'create:organization_members');
  for (const userId of members) userOr404(context, userId);
  for (const userId of members) if (!organization.members.includes(userId)) organization.members.push(userId);
  await context.store.save();
  return reply.status(204).send();
}

async function listMembers(context: IdentityContext, request: FastifyRequest<OrganizationParams>) {
  await callerWithScope(context, request, 'read:organization_members');
  const organization = organizationOr404(context, request.params.id);
  const members = organization.members.flatMap((userId) => {
    const user = context.store.state.users.get(userId);
    return user
      ? [{ user_id: user.userId, email: user.email, picture: pictureOf(user, context.urls), name: user.name }]
      : [];
  });
  return pageOf(members, request.query as Record<string, unknown>, 'members');
}

async function removeMembers(
  context: IdentityContext,
  request: FastifyRequest<OrganizationParams>,
  reply: FastifyReply,
) {
  const { organization, members } = await membersRequest(context, request, 'delete:organization_members');
  organization.members = organization.members.filter((userId) => !members.includes(userId));
  await context.store.save();
  return reply.status(204).send();
}

const settingsOf = (context: IdentityContext) => ({
  flags: {},
  allow_organization_name_in_authentication_api: tenantSettings(context.store.state)
    .allowOrganizationNameInAuthenticationApi,
});

async function getTenantSettings(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'read:tenant_settings');
  return settingsOf(context);
}

async function updateTenantSettings(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'update:tenant_settings');
  const body = parsePayload(settingsBody, request.body);
  const allow = body.allow_organization_name_in_authentication_api;
  if (allow !== undefined) {
    context.store.state.tenant.set('settings', { allowOrganizationNameInAuthenticationApi: allow });
    await context.store.save();
  }
  return settingsOf(context);
}

/** Organizations and their members (Auth0 Management API v2 › Organizations), and the tenant setting for names. */
export function registerOrganizationRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /api/v2/organizations': createOrganization,
    'GET /api/v2/organizations': listOrganizations,
    'GET /api/v2/organizations/name/:name': getOrganizationByName,
    'GET /api/v2/organizations/:id': getOrganization,
    'PATCH /api/v2/organizations/:id': updateOrganization,
    'DELETE /api/v2/organizations/:id': deleteOrganization,
    'POST /api/v2/organizations/:id/members': addMembers,
    'GET /api/v2/organizations/:id/members': listMembers,
    'DELETE /api/v2/organizations/:id/members': removeMembers,
    'GET /api/v2/tenants/settings': getTenantSettings,
    'PATCH /api/v2/tenants/settings': updateTenantSettings,
  });
}
