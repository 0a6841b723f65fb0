import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { changeWebhookEndpoint } from './change-webhook-endpoint.ts';
import { createWebhookEndpoint } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { listWebhookDeliveries, listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { redeliverWebhook } from './redeliver-webhook.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import type { TargetPolicy } from './webhook-targets.ts';

type WebhookEndpointDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  targets: TargetPolicy;
  authenticate: Authenticate;
};

/** The webhooks page's endpoints (docs/webhooks.md): the workspace's owner and admins only. */
export function registerWebhookEndpointRoutes(app: FastifyInstance, deps: WebhookEndpointDeps) {
  const { db } = deps;
  route(app, 'listWebhookEndpoints', deps, async ({ query }, request) =>
    success(await listWebhookEndpoints(db, callerOf(request), query.workspace)),
  );
  route(app, 'createWebhookEndpoint', deps, async ({ query, body }, request) =>
    success(await createWebhookEndpoint(deps, callerOf(request), query.workspace, body)),
  );
  route(app, 'changeWebhookEndpoint', deps, async ({ params, query, body }, request) =>
    success(await changeWebhookEndpoint(deps, callerOf(request), query.workspace, params.id, body)),
  );
  route(app, 'deleteWebhookEndpoint', deps, async ({ params, query }, request) =>
    success(await deleteWebhookEndpoint(db, callerOf(request), query.workspace, params.id)),
  );
  route(app, 'rotateWebhookSecret', deps, async ({ params, query }, request) =>
    success(await rotateWebhookSecret(db, callerOf(request), query.workspace, params.id)),
  );
  route(app, 'listWebhookDeliveries', deps, async ({ params, query }, request) =>
    success(await listWebhookDeliveries(db, callerOf(request), query.workspace, params.id)),
  );
  route(app, 'redeliverWebhook', deps, async ({ params, query }, request) =>
    success(await redeliverWebhook(deps, callerOf(request), query.workspace, params.id, params.deliveryId)),
  );
}
