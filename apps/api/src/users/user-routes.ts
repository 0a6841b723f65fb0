import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/auth/authenticate.ts';
import { callerOf } from '#api/auth/authenticate.ts';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { PlanCatalogue } from '#api/billing/resolve-plan-prices.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { parseAuthUserChange, updateAuthUser } from './update-auth-user.ts';
import { findOrCreateUser, toUserDocument } from './user-document.ts';

export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    identity: IdentityConfig;
    plans: PlanCatalogue;
    management: ManagementClient;
    authenticate: Authenticate;
  },
) {
  app.get('/api/user', { preHandler: deps.authenticate }, async (request) => {
    const row = await findOrCreateUser(deps.db, deps.identity, callerOf(request));
    return success(toUserDocument(row, deps.plans));
  });

  app.patch('/api/auth-user', { preHandler: deps.authenticate }, async (request) => {
    const change = parseAuthUserChange(request.body);
    const row = await updateAuthUser(deps, callerOf(request), change);
    return success(toUserDocument(row, deps.plans));
  });
}
