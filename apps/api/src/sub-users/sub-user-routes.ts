import { createSubUserRequest } from '@app/api-contract';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { createSubUser } from './create-sub-user.ts';
import { listSubUsers } from './list-sub-users.ts';

/** The /userManagement screen's records (docs/workspace.md), scoped to the verified caller. */
export function registerSubUserRoutes(
  app: FastifyInstance,
  deps: { db: Database; identity: IdentityConfig; authenticate: Authenticate },
) {
  const preHandler = deps.authenticate;

  app.get('/api/sub-users', { preHandler }, async (request) => {
    const caller = callerOf(request);
    await findOrCreateUser(deps.db, deps.identity, caller);
    return success(await listSubUsers(deps.db, caller.uid));
  });

  app.post('/api/sub-users', { preHandler }, async (request, reply) => {
    const subUser = await createSubUser(
      deps,
      callerOf(request),
      validate(createSubUserRequest, request.body),
    );
    return reply.status(201).send(success(subUser));
  });
}
