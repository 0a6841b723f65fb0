import { type ActivityExportFormat, activityKeptSinceHeader } from '@launchkit/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { activityExportStream, exportRange } from './export-activity.ts';
import { listActivityExports, readActivityExport } from './prepared-activity-exports.ts';
import { startActivityExport } from './start-activity-export.ts';

/** How each format is served. */
const exportTypes: Record<ActivityExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The headers of an export's file: the workspace's record of who did what, saved, and kept by no cache. */
function asFile(reply: FastifyReply, days: { from: string; to: string; format: ActivityExportFormat }) {
  return reply
    .header('Content-Type', exportTypes[days.format])
    .header(
      'Content-Disposition',
      `attachment; filename="activity-${days.from}-to-${days.to}.${days.format}"`,
    )
    .header('Cache-Control', 'no-store');
}

/**
 * The export of a workspace's activity log (docs/activity-export.md), for those who may read it
 * (activity.read): a range up to a month streamed at once; a longer one prepared by a job, listed,
 * and downloaded until it expires.
 */
export function registerActivityExportRoutes(
  app: FastifyInstance,
  deps: { db: Database; plans: PlanCatalogue; jobs: Pick<JobQueue, 'send'>; authenticate: Authenticate },
) {
  const accessTo = (request: Parameters<typeof callerOf>[0], workspace: string | undefined) =>
    requireWorkspaceAccess(deps.db, callerOf(request), workspace, 'activity.read');

  route(app, 'exportActivity', deps, async ({ query }, request, reply) => {
    const access = await accessTo(request, query.workspace);
    const { range, keptSince } = await exportRange(deps, access.workspace, query);
    return asFile(reply, query)
      .header(activityKeptSinceHeader, keptSince)
      .send(activityExportStream(deps.db, range, query.format));
  });

  route(app, 'startActivityExport', deps, async ({ query, body }, request) => {
    const access = await accessTo(request, query.workspace);
    const requestedBy = callerOf(request).uid;
    return success(await startActivityExport(deps, { workspace: access.workspace, requestedBy }, body));
  });

  route(app, 'listActivityExports', deps, async ({ query }, request) => {
    const access = await accessTo(request, query.workspace);
    return success({ exports: await listActivityExports(deps.db, access.workspace) });
  });

  route(app, 'downloadActivityExport', deps, async ({ params, query }, request, reply) => {
    const access = await accessTo(request, query.workspace);
    const { file, row } = await readActivityExport(deps.db, access.workspace, params.id);
    return asFile(reply, {
      from: row.fromDay,
      to: row.toDay,
      format: row.format as ActivityExportFormat,
    }).send(file);
  });
}
