import { randomBytes } from 'node:crypto';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import type {
  IdentityState,
  OrganizationConnectionRecord,
  OrganizationRecord,
  TenantSettingsRecord,
} from '#identity/storage/identity-state.ts';

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Auth0's ids: a prefix (`org_`, `con_`, `uinv_`) and 16 letters and digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  return prefix + [...bytes].map((byte) => idAlphabet[byte % idAlphabet.length]).join('');
}

export function tenantSettings(state: IdentityState): TenantSettingsRecord {
  return state.tenant.get('settings') ?? { allowOrganizationNameInAuthenticationApi: false };
}

export function organizationOr404(context: IdentityContext, id: string): OrganizationRecord {
  const organization = context.store.state.organizations.get(id);
  if (!organization)
    throw managementError(404, 'No organization found by that id or name', 'inexistent_organization');
  return organization;
}

export function findOrganizationByName(state: IdentityState, name: string): OrganizationRecord | undefined {
  for (const organization of state.organizations.values())
    if (organization.name === name) return organization;
  return undefined;
}

/** An organization as the Management API shows it. */
export function toManagementOrganization(organization: OrganizationRecord) {
  return {
    id: organization.id,
    name: organization.name,
    ...(organization.displayName !== undefined ? { display_name: organization.displayName } : {}),
    ...(organization.branding ? { branding: organization.branding } : {}),
    metadata: organization.metadata,
  };
}

export function isMember(organization: OrganizationRecord, userId: string): boolean {
  return organization.members.includes(userId);
}

/** Drops a deleted user from every organization, as Auth0 does. */
export function forgetMember(state: IdentityState, userId: string): void {
  for (const organization of state.organizations.values()) {
    organization.members = organization.members.filter((member) => member !== userId);
  }
}

export function enabledConnectionOf(
  organization: OrganizationRecord,
  connectionId: string,
): OrganizationConnectionRecord | undefined {
  return organization.enabledConnections.find((each) => each.connectionId === connectionId);
}

/** Takes a connection off an organization's list, whether one organization stops using it or it is deleted. */
export function disableConnection(organization: OrganizationRecord, connectionId: string): void {
  organization.enabledConnections = organization.enabledConnections.filter(
    (each) => each.connectionId !== connectionId,
  );
}
