import { configuredConnectionId } from '#identity/connections/connections.ts';
import type { IdentityContext } from '#identity/context.ts';
import {
  enabledConnectionOf,
  findOrganizationByName,
  isMember,
  tenantSettings,
} from '#identity/organizations/organizations.ts';
import type { IdentityState, OrganizationRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { normalizeEmail } from '#identity/users/user-profile.ts';
import { findInvitationByTicket } from './organization-invitation-routes.ts';

type Problem = { error: string; description: string };

/** The part of an /authorize request about organizations (the rest of AuthorizeRequest is not needed here). */
type OrganizationRequest = { organization: string | undefined; invitation: string | undefined };

/**
 * `organization` (and `invitation`) of /authorize, read into `request`. An organization is named by its
 * id; by its name only once the tenant allows names in the Authentication API (Auth0: Use Organization
 * Names in Authentication API).
 */
export function readOrganization(
  request: OrganizationRequest,
  text: (name: string) => string | undefined,
  state: IdentityState,
): Problem | undefined {
  const wanted = text('organization');
  request.invitation = text('invitation');
  if (wanted === undefined) {
    if (request.invitation)
      return { error: 'invalid_request', description: 'parameter organization is required with invitation' };
    return undefined;
  }
  let organization = state.organizations.get(wanted);
  if (!organization && !wanted.startsWith('org_')) {
    if (!tenantSettings(state).allowOrganizationNameInAuthenticationApi) {
      return {
        error: 'invalid_request',
        description: 'authorization request parameter organization must be an organization id',
      };
    }
    organization = findOrganizationByName(state, wanted.toLowerCase());
  }
  if (!organization)
    return { error: 'invalid_request', description: `parameter organization is invalid: ${wanted}` };
  request.organization = organization.id;
  return undefined;
}

export type Admission = { ok: true; organization?: OrganizationRecord } | { ok: false; description: string };

/**
 * Whether the person may finish signing in through the request's organization, as Auth0 decides: a
 * member may; anyone else only by accepting an invitation sent to their email, or through an enabled
 * connection that assigns membership on login (then they become a member). `connection`: the name of
 * the connection they just signed in with; none when an existing session is reused.
 */
export function admitToOrganization(
  context: IdentityContext,
  request: OrganizationRequest,
  user: UserRecord,
  connection: string | undefined,
): Admission {
  if (request.organization === undefined) return { ok: true };
  const organization = context.store.state.organizations.get(request.organization);
  if (!organization) return { ok: false, description: 'the organization no longer exists' };
  const enabled =
    connection === undefined
      ? undefined
      : enabledConnectionOf(organization, connectionIdOf(context, connection));
  if (connection !== undefined && !enabled)
    return {
      ok: false,
      description: `the connection ${connection} is not enabled for the organization ${organization.id}`,
    };
  if (request.invitation !== undefined)
    return acceptInvitation(context, organization, request.invitation, user);
  if (isMember(organization, user.userId)) return { ok: true, organization };
  if (enabled?.assignMembershipOnLogin) {
    organization.members.push(user.userId);
    return { ok: true, organization };
  }
  return {
    ok: false,
    description: `user ${user.userId} is not a member of the organization ${organization.id}`,
  };
}

function acceptInvitation(
  context: IdentityContext,
  organization: OrganizationRecord,
  ticket: string,
  user: UserRecord,
): Admission {
  const invitation = findInvitationByTicket(context, organization.id, ticket);
  if (!invitation) return { ok: false, description: 'the invitation is invalid or has expired' };
  if (normalizeEmail(invitation.inviteeEmail) !== normalizeEmail(user.email))
    return {
      ok: false,
      description: 'the specified account is not allowed to accept the current invitation',
    };
  if (!isMember(organization, user.userId)) organization.members.push(user.userId);
  context.store.state.invitations.delete(invitation.id);
  return { ok: true, organization };
}

/** The id of a connection named at sign-in: an enterprise one is stored, the others are configured. */
function connectionIdOf(context: IdentityContext, name: string): string {
  for (const record of context.store.state.connections.values()) if (record.name === name) return record.id;
  return configuredConnectionId(name);
}
