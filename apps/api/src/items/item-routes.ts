import type { FastifyInstance } from 'fastify';
import { authorizeWorkspace } from '#api/access/authorize-workspace.ts';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import { AppError, success } from '#api/http/app-error.ts';
import { sendListAnswer } from '#api/http/kept-answer.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { Metrics } from '#api/operations/metrics.ts';
import type { RedisConnections } from '#api/operations/redis.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import { createItem, type ItemUsage } from './create-item.ts';
import { deleteItem } from './delete-item.ts';
import { getItem } from './get-item.ts';
import { prepareItemLists } from './list-items.ts';
import { createLiveItems, type LiveItems } from './live-items.ts';
import { createSharedStreamLimits } from './shared-stream-limits.ts';
import { createStreamItemsHandler } from './stream-items.ts';
import { createStreamLimits, type StreamLimits } from './stream-limits.ts';
import { parseItemChange, updateItem } from './update-item.ts';

const liveItemsByApp = new WeakMap<FastifyInstance, { live: LiveItems; streamLimits: StreamLimits }>();

/** The app's live-list hub, for tests and diagnostics. */
export const liveItemsOf = (app: FastifyInstance) => liveItemsByApp.get(app)?.live;

/** The app's open-stream counts per user and address, for tests and diagnostics. */
export const streamLimitsOf = (app: FastifyInstance) => liveItemsByApp.get(app)?.streamLimits;

type ItemDeps = {
  database: DatabaseHandle;
  plans: PlanCatalogue;
  limits: Pick<Config['limits'], 'itemsPerUser' | 'streamsPerUser' | 'streamsPerAddress'>;
  authenticate: Authenticate;
  /** Open streams close when their session is signed out. */
  sessionEndings: Pick<SessionEndings, 'watch'>;
  /** Shares the stream caps between instances (REDIS_URL). */
  redis?: RedisConnections;
  metrics: Metrics;
  /** Item changes are events for the workspace's webhook endpoints (events/emit-event.ts). */
  jobs: Pick<JobQueue, 'send'>;
  /** An item created is metered usage (usage/, decision 0047). */
  usage?: ItemUsage;
};

/**
 * The dashboard's items (docs/team.md): every query is scoped to a workspace the verified caller
 * may open, their own or one they are a member of (authorizeWorkspace).
 */
export function registerItemRoutes(app: FastifyInstance, deps: ItemDeps) {
  const { db } = deps.database;
  const actionDeps = {
    db,
    plans: deps.plans,
    itemsPerUser: deps.limits.itemsPerUser,
    jobs: deps.jobs,
    usage: deps.usage,
  };
  const lists = prepareItemLists(db);
  const { live, streamLimits } = openLiveItems(app, deps, lists.ofOwner);

  // Every route's `?workspace=` names the workspace (the owner's uid); absent, the caller's own.
  route(app, 'listItems', deps, async ({ query }, request, reply) =>
    sendListAnswer(request, reply, await lists.forCaller(callerOf(request), query.workspace)),
  );

  // No HEAD twin: a HEAD answer has no body, so the stream would hang open with nothing to send.
  const streamItems = createStreamItemsHandler({
    live,
    limits: streamLimits,
    sessionEndings: deps.sessionEndings,
    // The activity log is read with its own permission (an owner's or an admin's), as GET /api/activity.
    authorize: (caller, workspace, follows) =>
      requireWorkspaceAccess(db, caller, workspace, follows === 'activity' ? 'activity.read' : 'items.read'),
  });
  route(app, 'streamItems', { ...deps, exposeHeadRoute: false }, ({ query }, request, reply) =>
    streamItems(request, reply, query.workspace, query.follow),
  );

  route(app, 'createItem', deps, async ({ query, body }, request) =>
    success(await createItem(actionDeps, callerOf(request), query.workspace, body)),
  );

  route(app, 'getItem', deps, async ({ params, query }, request) => {
    const access = await requireWorkspaceAccess(db, callerOf(request), query.workspace, 'items.read');
    return success(await getItem(db, access.workspace, params.id));
  });

  route(
    app,
    'updateItem',
    { ...deps, parseBody: parseItemChange },
    async ({ params, query, body }, request) =>
      success(await updateItem(actionDeps, callerOf(request), query.workspace, params.id, body)),
  );

  route(app, 'deleteItem', deps, async ({ params, query }, request) =>
    success(await deleteItem(actionDeps, callerOf(request), query.workspace, params.id)),
  );
}

/**
 * The live-list hub of this app and the caps on open streams (shared through Redis when there is one):
 * a member's stream stays open while their access holds; every stream ends before the server closes.
 */
function openLiveItems(
  app: FastifyInstance,
  deps: ItemDeps,
  readItems: ReturnType<typeof prepareItemLists>['ofOwner'],
) {
  const live = createLiveItems({
    database: deps.database,
    readItems,
    keepsAccess: (member, workspace) =>
      authorizeWorkspace(deps.database.db, member, workspace).then(
        () => true,
        (error: unknown) => {
          // Not a member any more, or no seat, or (an API key) revoked or expired: the access is gone.
          // Anything else is not an answer.
          if (error instanceof AppError && /^(workspaces\/|auth\/api-key-)/.test(error.code)) return false;
          throw error;
        },
      ),
    log: app.log,
    deliveryLag: deps.metrics.liveDeliveryLag,
  });
  const caps = { perUser: deps.limits.streamsPerUser, perAddress: deps.limits.streamsPerAddress };
  const sharedLimits = deps.redis
    ? createSharedStreamLimits({
        redis: deps.redis.client,
        subscriber: deps.redis.subscriber,
        limits: caps,
        log: app.log,
      })
    : undefined;
  const streamLimits = sharedLimits ?? createStreamLimits(caps);
  liveItemsByApp.set(app, { live, streamLimits });
  deps.metrics.gauge(
    'app_live_streams_open',
    'Live-list streams open on this instance.',
    () => live.streamCount,
  );
  // Open streams would keep the server from closing: end them before it waits for its connections.
  app.addHook('preClose', async () => {
    await live.close();
    await sharedLimits?.close();
  });
  return { live, streamLimits };
}
