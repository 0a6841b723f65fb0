import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { handleInvitationReminders } from './invitation-reminder.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerOwnershipTransferRoutes } from './ownership-transfer-routes.ts';
import { registerWorkspaceRoutes } from './workspace-routes.ts';

/** A workspace's people (docs/team.md): members, invitations and their reminders, workspaces, ownership. */
export function registerTeam(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'config' | 'db' | 'jobs' | 'plans' | 'management' | 'authenticate'>,
) {
  const { config, db, jobs, plans, authenticate } = deps;
  handleInvitationReminders({ jobs, db, management: deps.management });
  registerMemberRoutes(app, {
    db,
    authenticate,
    jobs,
    management: deps.management,
    invitationTtlHours: config.invitations.ttlHours,
  });
  registerInvitationRoutes(app, {
    db,
    identity: config.identity,
    management: deps.management,
    plans,
    authenticate,
    rateLimit: config.rateLimit,
    jobs,
  });
  registerWorkspaceRoutes(app, { db, plans, authenticate, jobs });
  registerOwnershipTransferRoutes(app, {
    db,
    identity: config.identity,
    management: deps.management,
    plans,
    jobs,
    itemsPerUser: config.limits.itemsPerUser,
    authenticate,
  });
}
