import type { FastifyInstance } from 'fastify';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/operations/rate-limit.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { userOf } from '#api/users/signed-in-user.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { lookUpInvitation } from './look-up-invitation.ts';

/**
 * The invitation page's two calls (docs/team.md). The token always travels in a body, never in a URL.
 * The lookup is public, so it counts per address like the other public forms; accepting needs a
 * signed-in caller and counts among their writes.
 */
export function registerInvitationRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    identity: IdentityConfig;
    management: ManagementClient;
    plans: PlanCatalogue;
    authenticate: Authenticate;
    rateLimit: RateLimitConfig;
    /** The owner's "joined" mail is ordered with the join. */
    jobs: Pick<JobQueue, 'send'>;
  },
) {
  route(
    app,
    'lookUpInvitation',
    { config: { rateLimit: publicPostLimit(deps.rateLimit) } },
    async ({ body }) => success(await lookUpInvitation(deps.db, body.token)),
  );

  route(app, 'acceptInvitation', deps, async ({ body }, request) =>
    success(await acceptInvitation(deps, await userOf(request), body.token)),
  );
}
