import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { PlanCatalogue } from '#api/billing/resolve-plan-prices.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { leaveWorkspace } from './leave-workspace.ts';
import { listWorkspaces } from './list-workspaces.ts';

/** The workspaces a person can open, and leaving one they joined (docs/team.md). */
export function registerWorkspaceRoutes(
  app: FastifyInstance,
  deps: { db: Database; identity: IdentityConfig; plans: PlanCatalogue; authenticate: Authenticate },
) {
  const preHandler = deps.authenticate;

  app.get('/api/workspaces', { preHandler }, async (request) =>
    success(await listWorkspaces(deps, callerOf(request))),
  );

  // The id is an owner's uid such as `auth0|abc`: clients percent-encode the `|`, Fastify decodes it.
  app.delete<{ Params: { id: string } }>('/api/workspaces/:id/membership', { preHandler }, async (request) =>
    success(await leaveWorkspace(deps.db, callerOf(request), request.params.id)),
  );
}
