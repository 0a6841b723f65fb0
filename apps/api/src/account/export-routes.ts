import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { readArchive } from './download-data-export.ts';
import { listDataExports } from './list-data-exports.ts';
import { startDataExport } from './start-data-export.ts';

/** `launchkit-data-2026-11-26.json`: the product's name, then the day the archive was written (UTC). */
export function archiveFileName(siteName: string, readyAt: Date): string {
  const slug =
    siteName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'account';
  return `${slug}-data-${readyAt.toISOString().slice(0, 10)}.json`;
}

/** Settings → Your data, "Download my data": start an export, list them, download one's archive. */
export function registerDataExportRoutes(
  app: FastifyInstance,
  deps: { db: Database; jobs: Pick<JobQueue, 'send'>; siteName: string; authenticate: Authenticate },
) {
  route(app, 'startDataExport', deps, async (_input, request) =>
    success(await startDataExport(deps, callerOf(request).uid)),
  );

  route(app, 'listDataExports', deps, async (_input, request) =>
    success({ exports: await listDataExports(deps.db, callerOf(request).uid) }),
  );

  route(app, 'downloadDataExport', deps, async ({ params }, request, reply) => {
    const { archive, readyAt } = await readArchive(deps.db, callerOf(request).uid, params.id);
    // The archive itself, saved as a file; personal data, so no cache keeps a copy.
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${archiveFileName(deps.siteName, readyAt)}"`)
      .header('Cache-Control', 'no-store')
      .send(archive);
  });
}
