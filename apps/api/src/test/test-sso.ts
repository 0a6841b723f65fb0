import type { Database } from '#api/db/database.ts';
import { workspaceSso } from '#api/db/schema.ts';

/**
 * A workspace's single sign-on as a set-up that passed its test leaves it, written straight to the
 * table: for suites about what a saved connection does, not about how it is saved. `settings` change
 * any column; saved again, the organization and `settings` replace what was there.
 */
export async function saveTestedSso(
  db: Database,
  workspace: string,
  organizationId: string,
  settings: Partial<typeof workspaceSso.$inferInsert> = {},
) {
  const type = settings.connectionType ?? 'saml';
  await db
    .insert(workspaceSso)
    .values({
      workspace,
      organizationId,
      connectionId: `con_${organizationId}`,
      connectionName: `ws-${organizationId}-${type}`,
      connectionType: type,
      testedAt: new Date(),
      ...settings,
    })
    .onConflictDoUpdate({ target: workspaceSso.workspace, set: { organizationId, ...settings } });
}
