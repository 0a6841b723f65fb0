import type { SingleSignOn } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { type AccessTokenVerifier, InvalidTokenError } from '#api/caller/verify-access-token.ts';
import { workspaceSso } from '#api/db/schema.ts';
import type { SsoDeps } from './save-connection.ts';
import { changeSsoSettings, lockSsoConnection, precheckSsoChange } from './sso-access.ts';
import { testFailed } from './sso-errors.ts';

/**
 * "Test connection": the owner signed in through the connection in the browser (authorization code
 * with PKCE, `organization` = the workspace's), and sends the access token that sign-in got. It counts
 * as a passed test when the token is one this API accepts and names the workspace's organization: the
 * provider took the identity provider's answer for this organization. Recorded once per connection.
 */
export async function recordSsoTest(
  deps: SsoDeps & { verify: AccessTokenVerifier },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  accessToken: string,
): Promise<SingleSignOn> {
  // Who asks comes first: only the owner learns anything of a token's worth here.
  await precheckSsoChange(deps, caller, workspace);
  let organization: string | undefined;
  try {
    ({ organization } = await deps.verify(accessToken));
  } catch (error) {
    if (error instanceof InvalidTokenError) throw testFailed('the sign-in’s token is not valid');
    throw error;
  }
  return changeSsoSettings(deps, caller, workspace, async (tx, access, record) => {
    const row = await lockSsoConnection(tx, access, deps.plans);
    if (organization !== row.organizationId)
      throw testFailed('it did not sign in to this workspace’s organization');
    if (!row.testedAt) {
      await tx
        .update(workspaceSso)
        .set({ testedAt: new Date(), updatedAt: new Date() })
        .where(eq(workspaceSso.workspace, access.workspace));
      await record({ action: 'sso.connection-tested', subject: row.connectionName });
    }
  });
}
