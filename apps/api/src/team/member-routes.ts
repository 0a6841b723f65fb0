import { addMemberRequest } from '@app/api-contract';
import type { Mailer } from '@app/mail';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { addMember } from './add-member.ts';
import { listMembers } from './list-members.ts';
import { removeMember } from './remove-member.ts';
import { resendInvitation } from './resend-invitation.ts';

type MemberDeps = {
  db: Database;
  identity: IdentityConfig;
  authenticate: Authenticate;
  mailer: Mailer;
  siteOrigin: string;
  invitationTtlHours: number;
};

/**
 * The members of the /userManagement screen and their invitations (docs/team.md). They always belong to
 * the caller's OWN workspace: a member of someone else's never reaches its people. "sub-users" in the
 * paths: what clients call since the first release; the domain's word is member.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: MemberDeps) {
  const preHandler = deps.authenticate;
  type WithId = { Params: { id: string } };

  app.get('/api/sub-users', { preHandler }, async (request) => {
    const caller = callerOf(request);
    await findOrCreateUser(deps.db, deps.identity, caller);
    return success(await listMembers(deps.db, caller.uid));
  });

  app.post('/api/sub-users', { preHandler }, async (request, reply) => {
    const member = await addMember(
      { ...deps, log: request.log },
      callerOf(request),
      validate(addMemberRequest, request.body),
    );
    return reply.status(201).send(success(member));
  });

  app.post<WithId>('/api/sub-users/:id/invitation', { preHandler }, async (request) =>
    success(await resendInvitation({ ...deps, log: request.log }, callerOf(request), request.params.id)),
  );

  app.delete<WithId>('/api/sub-users/:id', { preHandler }, async (request) =>
    success(await removeMember(deps.db, callerOf(request), request.params.id)),
  );
}
