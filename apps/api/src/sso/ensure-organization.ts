import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ManagementApiError, type ManagementClient } from '#api/auth/management-client.ts';
import type { Database } from '#api/db/database.ts';
import { workspaceSso } from '#api/db/schema.ts';
import { askIdentityProvider } from './ask-identity-provider.ts';
import { organizationName } from './organization-names.ts';

/**
 * The workspace's organization at the identity provider, created the first time its owner sets up a
 * connection (Organizations › Create an organization) and kept on the workspace. Two set-ups at once
 * both create one; the first row written wins and the other organization is deleted again.
 */
export async function ensureOrganization(
  deps: { db: Database; management: ManagementClient; log: FastifyBaseLogger },
  workspace: string,
  displayName: string,
): Promise<string> {
  const kept = async () =>
    (await deps.db.select().from(workspaceSso).where(eq(workspaceSso.workspace, workspace)))[0]
      ?.organizationId;
  const existing = await kept();
  if (existing) return existing;
  const name = organizationName(workspace);
  // A 409: the organization was made before and its row never written (the process stopped between).
  const created = await askIdentityProvider(() =>
    deps.management.createOrganization({ name, display_name: displayName }).catch((error: unknown) => {
      if (error instanceof ManagementApiError && error.statusCode === 409)
        return deps.management.getOrganizationByName(name);
      throw error;
    }),
  );
  const [row] = await deps.db
    .insert(workspaceSso)
    .values({ workspace, organizationId: created.id })
    .onConflictDoNothing()
    .returning({ organizationId: workspaceSso.organizationId });
  if (row) {
    deps.log.info({ workspace, organization: created.id }, 'workspace organization created');
    return row.organizationId;
  }
  const winner = await kept();
  if (!winner) throw new Error(`workspace ${workspace} lost its organization row while creating one`);
  if (winner !== created.id) {
    await deps.management.deleteOrganization(created.id).catch((error: unknown) => {
      deps.log.warn(
        { err: error, organization: created.id },
        'a duplicate organization was left at the provider',
      );
    });
  }
  return winner;
}
