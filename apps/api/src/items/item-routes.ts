import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig, PlanCatalogue } from '#api/config.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { createItem, createItemRequest } from './create-item.ts';
import { deleteItem } from './delete-item.ts';
import { getItem } from './get-item.ts';
import { prepareItemLists } from './list-items.ts';
import { createLiveItems, type LiveItems } from './live-items.ts';
import { createStreamItemsHandler } from './stream-items.ts';
import { parseItemChange, updateItem } from './update-item.ts';

const liveItemsByApp = new WeakMap<FastifyInstance, LiveItems>();

/** The app's live-list hub, for tests and diagnostics. */
export const liveItemsOf = (app: FastifyInstance) => liveItemsByApp.get(app);

type ItemDeps = {
  database: DatabaseHandle;
  identity: IdentityConfig;
  plans: PlanCatalogue;
  authenticate: Authenticate;
};

/** The dashboard's items (docs/workspace.md): every query is scoped to the verified caller. */
export function registerItemRoutes(app: FastifyInstance, deps: ItemDeps) {
  const { db } = deps.database;
  const actionDeps = { db, identity: deps.identity, plans: deps.plans };
  const lists = prepareItemLists(db);
  const live = createLiveItems({ database: deps.database, readItems: lists.ofOwner, log: app.log });
  liveItemsByApp.set(app, live);
  // Open streams would keep the server from closing: end them before it waits for its connections.
  app.addHook('preClose', () => live.close());

  const preHandler = deps.authenticate;
  type WithId = { Params: { id: string } };

  app.get('/api/items', { preHandler }, async (request) => {
    const caller = callerOf(request);
    const list = await lists.ofUser(caller.uid);
    if (list) return success(list);
    await findOrCreateUser(db, deps.identity, caller); // §4: the first call creates the user document
    return success([]);
  });

  // No HEAD twin: a HEAD answer has no body, so the stream would hang open with nothing to send.
  app.get('/api/items/stream', { preHandler, exposeHeadRoute: false }, createStreamItemsHandler(live));

  app.post('/api/items', { preHandler }, async (request, reply) => {
    const item = await createItem(actionDeps, callerOf(request), validate(createItemRequest, request.body));
    return reply.status(201).send(success(item));
  });

  app.get<WithId>('/api/items/:id', { preHandler }, async (request) =>
    success(await getItem(db, callerOf(request).uid, request.params.id)),
  );

  app.patch<WithId>('/api/items/:id', { preHandler }, async (request) => {
    const change = parseItemChange(request.body);
    return success(await updateItem(actionDeps, callerOf(request), request.params.id, change));
  });

  app.delete<WithId>('/api/items/:id', { preHandler }, async (request) =>
    success(await deleteItem(db, callerOf(request).uid, request.params.id)),
  );
}
