import { createSubUserRequest } from '@app/api-contract';
import type { Mailer } from '@app/mail';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { createSubUser } from './create-sub-user.ts';
import { listSubUsers } from './list-sub-users.ts';
import { removeSubUser } from './remove-sub-user.ts';
import { resendInvitation } from './resend-invitation.ts';

type SubUserDeps = {
  db: Database;
  identity: IdentityConfig;
  authenticate: Authenticate;
  mailer: Mailer;
  siteOrigin: string;
  invitationTtlHours: number;
};

/**
 * The /userManagement screen's records and their invitations (docs/workspace.md, docs/teams.md). They
 * always belong to the caller's OWN workspace: a member of someone else's never reaches its people.
 */
export function registerSubUserRoutes(app: FastifyInstance, deps: SubUserDeps) {
  const preHandler = deps.authenticate;
  type WithId = { Params: { id: string } };

  app.get('/api/sub-users', { preHandler }, async (request) => {
    const caller = callerOf(request);
    await findOrCreateUser(deps.db, deps.identity, caller);
    return success(await listSubUsers(deps.db, caller.uid));
  });

  app.post('/api/sub-users', { preHandler }, async (request, reply) => {
    const subUser = await createSubUser(
      { ...deps, log: request.log },
      callerOf(request),
      validate(createSubUserRequest, request.body),
    );
    return reply.status(201).send(success(subUser));
  });

  app.post<WithId>('/api/sub-users/:id/invitation', { preHandler }, async (request) =>
    success(await resendInvitation({ ...deps, log: request.log }, callerOf(request), request.params.id)),
  );

  app.delete<WithId>('/api/sub-users/:id', { preHandler }, async (request) =>
    success(await removeSubUser(deps.db, callerOf(request), request.params.id)),
  );
}
