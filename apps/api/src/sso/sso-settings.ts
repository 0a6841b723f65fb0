import type { MemberRole, SingleSignOn, SsoConnection } from '@launchkit/api-contract';
import { canUseSingleSignOn } from '@launchkit/plans';
import { asc, eq } from 'drizzle-orm';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Queryable } from '#api/db/database.ts';
import { users, workspaceDomains, workspaceSso } from '#api/db/schema.ts';
import { planColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { domainRecord } from './domain-record.ts';
import type { ServiceProviderMetadata } from './service-provider-metadata.ts';

export type SsoRow = typeof workspaceSso.$inferSelect;

/**
 * What the settings are told by: the provider's origin, the plan catalogue and, where it can be read,
 * a SAML connection's service-provider metadata (service-provider-metadata.ts).
 */
export type SsoViewDeps = {
  identity: IdentityConfig;
  plans: PlanCatalogue;
  serviceProvider?: (connection: string) => Promise<ServiceProviderMetadata | null>;
};

/**
 * What the customer's SAML identity provider needs (Auth0, "SAML Identity Provider Configuration
 * Settings"): the post-back URL with the connection and the organization, the entity id and the
 * certificate of the provider's metadata for the connection (else the documented
 * `urn:auth0:<tenant>:<connection>`, and the certificate's address at `/pem`).
 */
export function samlServiceProvider(
  identity: IdentityConfig,
  row: Pick<SsoRow, 'connectionName' | 'organizationId'>,
  metadata: ServiceProviderMetadata | null,
) {
  const name = row.connectionName ?? '';
  const tenant = new URL(identity.origin).hostname.split('.')[0];
  const query = new URLSearchParams({ connection: name, organization: row.organizationId });
  return {
    acsUrl: `${identity.origin}/login/callback?${query}`,
    entityId: metadata?.entityId ?? `urn:auth0:${tenant}:${name}`,
    metadataUrl: `${identity.origin}/samlp/metadata?${new URLSearchParams({ connection: name })}`,
    certificateUrl: `${identity.origin}/pem`,
    certificate: metadata?.certificate ?? null,
  };
}

async function connectionView(row: SsoRow, deps: SsoViewDeps): Promise<SsoConnection | null> {
  if (!row.connectionName || !row.connectionType) return null;
  const status = row.enabled ? 'on' : row.testedAt ? 'tested' : 'untested';
  const type = row.connectionType as SsoConnection['type'];
  return {
    type,
    name: row.connectionName,
    status,
    testedAt: row.testedAt?.toISOString() ?? null,
    saml:
      type === 'saml'
        ? samlServiceProvider(deps.identity, row, (await deps.serviceProvider?.(row.connectionName)) ?? null)
        : null,
    oidc:
      type === 'oidc'
        ? {
            issuer: row.oidcIssuer ?? '',
            clientId: row.oidcClientId ?? '',
            callbackUrl: `${deps.identity.origin}/login/callback`,
          }
        : null,
  };
}

/** The workspace's single sign-on as Settings → Single sign-on shows it, read in `db` (a transaction's). */
export async function readSsoSettings(
  db: Queryable,
  workspace: string,
  deps: SsoViewDeps,
): Promise<SingleSignOn> {
  const [row] = await db.select().from(workspaceSso).where(eq(workspaceSso.workspace, workspace));
  const domains = await db
    .select()
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspace, workspace))
    .orderBy(asc(workspaceDomains.domain));
  const [owner] = await db.select(planColumns).from(users).where(eq(users.id, workspace));
  return {
    organizationId: row?.organizationId ?? null,
    connection: row ? await connectionView(row, deps) : null,
    requireSso: row?.requireSso ?? false,
    autoJoin: row?.autoJoin ?? false,
    autoJoinRole: (row?.autoJoinRole ?? 'member') as MemberRole,
    domains: domains.map((domain) => ({
      domain: domain.domain,
      ...domainRecord(domain.domain, domain.token),
      verifiedAt: domain.verifiedAt?.toISOString() ?? null,
    })),
    planAllows: owner !== undefined && canUseSingleSignOn(planStatusOf(owner, deps.plans)),
  };
}
