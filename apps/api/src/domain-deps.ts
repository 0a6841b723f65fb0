import type { Mailer } from '@launchkit/mail';
import type Stripe from 'stripe';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { AccessTokenVerifier } from '#api/caller/verify-access-token.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { Metrics } from '#api/operations/metrics.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';

/**
 * What the kernel (app.ts `openKernel`) offers a domain's registrar: each takes the parts it needs,
 * `Pick<DomainDeps, …>`, so a registrar's signature names its needs without restating their types.
 */
export type DomainDeps = {
  config: Config;
  db: Database;
  jobs: JobQueue;
  stripe: Stripe;
  plans: PlanCatalogue;
  metrics: Metrics;
  mailer: Mailer;
  management: ManagementClient;
  sessionEndings: SessionEndings;
  authenticate: Authenticate;
  /** Checks an access token as the signed-in check does (single sign-on's test sign-in: sso/). */
  verifyAccessToken: AccessTokenVerifier;
  /** The instance's one listening connection (db/shared-listener.ts). */
  listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
};
