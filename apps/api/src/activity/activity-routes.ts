import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { listActivity } from './list-activity.ts';

/** The owner's activity log (docs/team.md): always the caller's own workspace, a page at a time. */
export function registerActivityRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate },
) {
  route(app, 'listActivity', deps, async ({ query }, request) =>
    success(await listActivity(deps.db, callerOf(request).uid, query)),
  );
}
