import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { authorizeWorkspace } from '#api/team/authorize-workspace.ts';
import { requirePermission } from '#api/team/require-permission.ts';
import { listActivity } from './list-activity.ts';

/**
 * A workspace's activity log (docs/team.md), a page at a time: the caller's own, or with `?workspace=`
 * one where their role may read it (activity.read: an admin).
 */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate },
) {
  route(app, 'listActivity', deps, async ({ query }, request) => {
    const access = await authorizeWorkspace(deps.db, callerOf(request), query.workspace);
    requirePermission(access, 'activity.read');
    return success(await listActivity(deps.db, access.workspace, query));
  });
}
