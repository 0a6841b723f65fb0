import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
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
    const access = await requireWorkspaceAccess(
      deps.db,
      callerOf(request),
      query.workspace,
      'api-keys.manage',
    );
    return success(await listApiKeys(deps.db, access.workspace));
  });

  route(app, 'createApiKey', deps, async ({ query, body }, request) =>
    success(await createApiKey(deps.db, callerOf(request), query.workspace, body)),
  );

  route(app, 'revokeApiKey', deps, async ({ params, query }, request) =>
    success(await revokeApiKey(deps.db, callerOf(request), query.workspace, params.id)),
  );
}
