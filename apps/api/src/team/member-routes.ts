import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { sendListAnswer } from '#api/http/kept-answer.ts';
import { route } from '#api/http/route.ts';
import { userOf } from '#api/users/signed-in-user.ts';
import { addMember } from './add-member.ts';
import { prepareMemberList } from './list-members.ts';
import { removeMember } from './remove-member.ts';
import { resendInvitation } from './resend-invitation.ts';
import type { InvitationMailer } from './send-invitation.ts';

type MemberDeps = {
  db: Database;
  authenticate: Authenticate;
  jobs: InvitationMailer['jobs'];
  siteOrigin: string;
  invitationTtlHours: number;
};

/**
 * The members of the /userManagement screen and their invitations (docs/team.md). They always belong to
 * the caller's OWN workspace: a member of someone else's never reaches its people. "sub-users" in the
 * paths: what clients call since the first release; the domain's word is member.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: MemberDeps) {
  const listMembers = prepareMemberList(deps.db);
  route(app, 'listSubUsers', deps, async (_input, request, reply) =>
    sendListAnswer(request, reply, await listMembers(callerOf(request).uid)),
  );

  route(app, 'createSubUser', deps, async ({ body }, request) =>
    success(await addMember(deps, await userOf(request), body)),
  );

  route(app, 'resendInvitation', deps, async ({ params }, request) =>
    success(await resendInvitation(deps, callerOf(request), params.id)),
  );

  route(app, 'removeSubUser', deps, async ({ params }, request) =>
    success(await removeMember(deps.db, callerOf(request), params.id)),
  );
}
