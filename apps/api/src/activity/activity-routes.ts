import { activityKeptSinceHeader } from '@launchkit/api-contract';
import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { activityKeptFrom } from '#api/plans/activity-retention.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { activityExportStream } from './export-activity.ts';
import { listActivity } from './list-activity.ts';

const dayMs = 24 * 3_600_000;

/** How each format is served. */
const exportTypes = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
} as const;

/**
 * A workspace's activity log (docs/team.md), a page at a time, and its export over a range of days
 * (docs/activity-export.md): the caller's own, or with `?workspace=` one where their role may read it
 * (activity.read: an admin).
 */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { db: Database; plans: PlanCatalogue; authenticate: Authenticate },
) {
  route(app, 'listActivity', deps, async ({ query }, request) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'activity.read');
    return success(await listActivity(deps.db, access.workspace, query));
  });

  route(app, 'exportActivity', deps, async ({ query }, request, reply) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'activity.read');
    // What the daily retention job has not deleted yet is past the plan's days all the same: left out,
    // so an export holds the same whichever hour of the day it is made.
    const keptFrom = await activityKeptFrom(deps.db, deps.plans, access.workspace);
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const range = {
      workspace: access.workspace,
      since: new Date(Math.max(from, keptFrom.getTime())),
      until: new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs),
    };
    const name = `activity-${query.from}-to-${query.to}.${query.format}`;
    // The workspace's record of who did what: a file to save, and no cache keeps a copy.
    return reply
      .header('Content-Type', exportTypes[query.format])
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .header(activityKeptSinceHeader, keptFrom.toISOString().slice(0, 10))
      .send(activityExportStream(deps.db, range, query.format));
  });
}
