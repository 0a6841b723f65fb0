import type { SsoDiscovery } from '@launchkit/api-contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { workspaceDomains, workspaceSso } from '#api/db/schema.ts';

/**
 * Home-realm discovery from the sign-in page's email field: an address at a domain some workspace
 * verified, whose connection is on, signs in through that workspace's organization and connection.
 * Anything else (no such domain, a domain only added, a connection off) answers nulls: the page goes on
 * with the password sign-in.
 */
export async function discoverSso(db: Queryable, email: string): Promise<SsoDiscovery> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const [found] = await db
    .select({ organization: workspaceSso.organizationId, connection: workspaceSso.connectionName })
    .from(workspaceDomains)
    .innerJoin(workspaceSso, eq(workspaceSso.workspace, workspaceDomains.workspace))
    .where(
      and(
        eq(workspaceDomains.domain, domain),
        isNotNull(workspaceDomains.verifiedAt),
        eq(workspaceSso.enabled, true),
      ),
    );
  return { organization: found?.organization ?? null, connection: found?.connection ?? null };
}
