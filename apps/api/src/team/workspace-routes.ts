import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { userOf } from '#api/users/signed-in-user.ts';
import { leaveWorkspace } from './leave-workspace.ts';
import { listWorkspaces } from './list-workspaces.ts';
import { setWorkspaceSecurity } from './workspace-security.ts';

/** The workspaces a person can open, and leaving one they joined (docs/team.md). */
export function registerWorkspaceRoutes(
  app: FastifyInstance,
  deps: { db: Database; plans: PlanCatalogue; authenticate: Authenticate; jobs: Pick<JobQueue, 'send'> },
) {
  route(app, 'listWorkspaces', deps, async (_input, request) =>
    success(await listWorkspaces(deps, callerOf(request).uid, () => userOf(request))),
  );

  route(app, 'setWorkspaceSecurity', deps, async ({ query, body }, request) =>
    success(await setWorkspaceSecurity(deps.db, callerOf(request), query.workspace, body)),
  );

  // The id is an owner's uid such as `auth0|abc`: clients percent-encode the `|`, Fastify decodes it.
  route(app, 'leaveWorkspace', deps, async ({ params }, request) =>
    success(await leaveWorkspace(deps, callerOf(request), params.id)),
  );
}
