import type { OidcConnectionRequest, SamlConnectionRequest, SingleSignOn } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { ManagementClient, ManagementConnectionCreate } from '#api/auth/management-client.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { workspaceSso } from '#api/db/schema.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { askIdentityProvider } from './ask-identity-provider.ts';
import { ensureOrganization } from './ensure-organization.ts';
import { checkOidcDiscovery } from './oidc-discovery.ts';
import { connectionName } from './organization-names.ts';
import { precheckSsoChange, requireSsoPlan } from './sso-access.ts';
import { readSsoSettings, type SsoViewDeps } from './sso-settings.ts';

export type SsoDeps = {
  db: Database;
  management: ManagementClient;
  identity: IdentityConfig;
  plans: PlanCatalogue;
  log: FastifyBaseLogger;
  serviceProvider?: SsoViewDeps['serviceProvider'];
  /** Embedded mode: an OIDC issuer on loopback over http (the emulator) is allowed. */
  isEmbedded: boolean;
};

type ConnectionSpec = {
  type: 'saml' | 'oidc';
  strategy: ManagementConnectionCreate['strategy'];
  options: Record<string, unknown>;
  oidc?: { issuer: string; clientId: string };
};

/** The connection at the provider, enabled for the web client and as the organization's way in. */
async function createAtProvider(
  deps: SsoDeps,
  organizationId: string,
  workspace: string,
  spec: ConnectionSpec,
) {
  const { management } = deps;
  const connection = await askIdentityProvider(() =>
    management.createConnection({
      name: connectionName(workspace, spec.type),
      display_name: spec.type === 'saml' ? 'Single sign-on (SAML)' : 'Single sign-on (OIDC)',
      strategy: spec.strategy,
      options: spec.options,
    }),
  );
  try {
    await askIdentityProvider(() => management.enableConnectionForClient(connection.id));
    await askIdentityProvider(() => management.addOrganizationConnection(organizationId, connection.id));
  } catch (error) {
    await removeAtProvider(deps, connection.id);
    throw error;
  }
  return connection;
}

async function removeAtProvider(deps: SsoDeps, connectionId: string) {
  await deps.management.deleteConnection(connectionId).catch((error: unknown) => {
    deps.log.warn({ err: error, connection: connectionId }, 'an unused connection was left at the provider');
  });
}

/**
 * Sets up the workspace's connection, or replaces it: the organization first (once), then the new
 * connection at the provider, then the row in one transaction with the activity entry and the plan
 * checked again. A new connection starts untested and off, and nothing is required of members until it
 * is tested and turned on again; the replaced one is deleted at the provider once the row names the new.
 */
async function saveConnection(
  deps: SsoDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  spec: ConnectionSpec,
): Promise<SingleSignOn> {
  const target = await precheckSsoChange(deps, caller, workspace);
  const organizationId = await ensureOrganization(deps, target, 'Workspace');
  const connection = await createAtProvider(deps, organizationId, target, spec);
  let replaced: string | null = null;
  try {
    await inWorkspace(deps.db, caller, target, 'sso.manage', async (tx, access, record) => {
      requireSsoPlan(access, deps.plans);
      const [old] = await tx
        .select()
        .from(workspaceSso)
        .where(eq(workspaceSso.workspace, target))
        .for('update');
      replaced = old?.connectionId ?? null;
      await tx
        .update(workspaceSso)
        .set({
          connectionId: connection.id,
          connectionName: connection.name,
          connectionType: spec.type,
          oidcIssuer: spec.oidc?.issuer ?? null,
          oidcClientId: spec.oidc?.clientId ?? null,
          testedAt: null,
          enabled: false,
          requireSso: false,
          updatedAt: new Date(),
        })
        .where(eq(workspaceSso.workspace, target));
      await record({
        action: 'sso.connection-saved',
        subject: `${spec.type.toUpperCase()} ${connection.name}`,
      });
    });
  } catch (error) {
    await removeAtProvider(deps, connection.id);
    throw error;
  }
  if (replaced && replaced !== connection.id) await removeAtProvider(deps, replaced);
  return readSsoSettings(deps.db, target, deps);
}

/** SAML: the provider reads the identity provider's metadata (sign-in URL, signing certificate). */
export const saveSamlConnection = (
  deps: SsoDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  body: SamlConnectionRequest,
) =>
  saveConnection(deps, caller, workspace, {
    type: 'saml',
    strategy: 'samlp',
    options: { metadataXml: body.metadataXml },
  });

/** OIDC: the issuer's discovery document is checked here first; the provider signs in on the back channel. */
export async function saveOidcConnection(
  deps: SsoDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  body: OidcConnectionRequest,
): Promise<SingleSignOn> {
  await precheckSsoChange(deps, caller, workspace);
  const discovery = await checkOidcDiscovery(body.issuer, { allowHttpLoopback: deps.isEmbedded });
  return saveConnection(deps, caller, workspace, {
    type: 'oidc',
    strategy: 'oidc',
    options: {
      type: 'back_channel',
      issuer: discovery.issuer,
      discovery_url: discovery.url,
      authorization_endpoint: discovery.authorization_endpoint,
      token_endpoint: discovery.token_endpoint,
      jwks_uri: discovery.jwks_uri,
      client_id: body.clientId,
      client_secret: body.clientSecret,
      scope: 'openid profile email',
    },
    oidc: { issuer: discovery.issuer, clientId: body.clientId },
  });
}
