import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { authorizeWorkspace } from '#api/team/authorize-workspace.ts';
import { requirePermission } from '#api/team/require-permission.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

/**
 * The workspace's API keys (docs/api-keys.md), managed by its owner or an admin (`api-keys.manage`):
 * the caller's own workspace, or with `?workspace=` one they administer. No key reaches these routes
 * (their contract entries do not allow keys).
 */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate },
) {
  route(app, 'listApiKeys', deps, async ({ query }, request) => {
    const access = await authorizeWorkspace(deps.db, callerOf(request), query.workspace);
    requirePermission(access, 'api-keys.manage');
    return success(await listApiKeys(deps.db, access.workspace));
  });

  route(app, 'createApiKey', deps, async ({ query, body }, request) =>
    success(await createApiKey(deps.db, callerOf(request), query.workspace, body)),
  );

  route(app, 'revokeApiKey', deps, async ({ params, query }, request) =>
    success(await revokeApiKey(deps.db, callerOf(request), query.workspace, params.id)),
  );
}
