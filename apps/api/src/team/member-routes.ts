import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { sendListAnswer } from '#api/http/kept-answer.ts';
import { route } from '#api/http/route.ts';
import { addMember } from './add-member.ts';
import { changeMemberRole } from './change-member-role.ts';
import { prepareMemberList } from './list-members.ts';
import { removeMember } from './remove-member.ts';
import { resendInvitation } from './resend-invitation.ts';
import type { InvitationMailer } from './send-invitation.ts';

type MemberDeps = {
  db: Database;
  authenticate: Authenticate;
  jobs: InvitationMailer['jobs'];
  management: InvitationMailer['management'];
  invitationTtlHours: number;
};

/**
 * The members of the /userManagement screen and their invitations (docs/team.md): those of the
 * caller's own workspace, or with `?workspace=` of one where their role may manage members (an admin;
 * docs/team.md, Roles). "sub-users" in the paths: what clients call since the first release; the
 * domain's word is member.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: MemberDeps) {
  const listMembers = prepareMemberList(deps.db);
  route(app, 'listSubUsers', deps, async ({ query }, request, reply) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'members.read');
    return sendListAnswer(request, reply, await listMembers(access.workspace));
  });

  route(app, 'createSubUser', deps, async ({ query, body }, request) =>
    success(await addMember(deps, callerOf(request), query.workspace, body)),
  );

  route(app, 'resendInvitation', deps, async ({ params, query }, request) =>
    success(await resendInvitation(deps, callerOf(request), query.workspace, params.id)),
  );

  route(app, 'changeSubUserRole', deps, async ({ params, query, body }, request) =>
    success(await changeMemberRole(deps, callerOf(request), query.workspace, params.id, body.role)),
  );

  route(app, 'removeSubUser', deps, async ({ params, query }, request) =>
    success(await removeMember(deps, callerOf(request), query.workspace, params.id)),
  );
}
