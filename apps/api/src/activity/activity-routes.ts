import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { handleActivityExportJobs } from './activity-export-job.ts';
import { registerActivityExportRoutes } from './activity-export-routes.ts';
import { listActivity } from './list-activity.ts';

/**
 * A workspace's activity log (docs/team.md), a page at a time: the caller's own, or with `?workspace=`
 * one where their role may read it (activity.read: an admin); and its exports, with their job.
 */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { db: Database; plans: PlanCatalogue; jobs: JobQueue; authenticate: Authenticate },
) {
  route(app, 'listActivity', deps, async ({ query }, request) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'activity.read');
    return success(await listActivity(deps.db, access.workspace, query));
  });
  handleActivityExportJobs(deps);
  registerActivityExportRoutes(app, deps);
}
