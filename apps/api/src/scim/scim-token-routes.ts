import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { createScimToken, listScimTokens, revokeScimToken } from './scim-tokens.ts';

/**
 * Settings → Provisioning (docs/scim.md): the workspace's SCIM tokens, managed by its owner alone
 * (`scim.manage`). Neither an API key nor a SCIM token reaches these routes.
 */
export function registerScimTokenRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate; plans: PlanCatalogue },
) {
  route(app, 'listScimTokens', deps, async ({ query }, request) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'scim.manage');
    return success(await listScimTokens(deps.db, access.workspace));
  });

  route(app, 'createScimToken', deps, async ({ query }, request) =>
    success(await createScimToken(deps, callerOf(request), query.workspace)),
  );

  route(app, 'revokeScimToken', deps, async ({ params, query }, request) =>
    success(await revokeScimToken(deps.db, callerOf(request), query.workspace, params.id)),
  );
}
