import type { FastifyInstance } from 'fastify';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { handleInvitationReminders } from './invitation-reminder.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerOwnershipTransferRoutes } from './ownership-transfer-routes.ts';
import { registerWorkspaceRoutes } from './workspace-routes.ts';

/** A workspace's people (docs/team.md): members, invitations and their reminders, workspaces, ownership. */
export function registerTeam(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Database;
    jobs: JobQueue;
    plans: PlanCatalogue;
    management: ManagementClient;
    authenticate: Authenticate;
  },
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
