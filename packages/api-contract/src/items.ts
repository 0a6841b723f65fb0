import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, removedId, workspaceByIdErrors, workspaceErrors } from './endpoint-parts.ts';
import { itemNameField } from './field-rules.ts';
import { text, timestamp } from './fields.ts';
import { itemStreamCloseReasons, itemStreamEvents, itemStreamFollows } from './item-stream.ts';
import { workspaceQuery } from './team.ts';

export const itemName = text(itemNameField);

// docs/product.md §7 "create item {owner, name, createdAt}": the owner is the caller and the time is the
// server's.
export const createItemRequest = z.strictObject({ name: itemName }).meta({ id: 'CreateItemRequest' });

// §7 "update item by id (name or featured)": one or the other, never both, nothing else.
export const renameItemRequest = z.strictObject({ name: itemName }).meta({ id: 'RenameItemRequest' });
export const featureItemRequest = z
  .strictObject({ featured: z.boolean({ error: 'featured must be true or false.' }) })
  .meta({ id: 'FeatureItemRequest' });
/** What PATCH /api/items/:id accepts; the API tells the two apart by the body's keys. */
export const itemChangeRequest = z.union([renameItemRequest, featureItemRequest]);

/** An item as the browser sees it (§3); `updated_at` stays on the server. */
export const item = z
  .object({
    id: z.uuid(),
    name: z.string(),
    owner: z.string().describe("The workspace owner's uid (members' items are the workspace's)."),
    featured: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Item' });

export type CreateItemRequest = z.output<typeof createItemRequest>;
export type ItemChangeRequest = z.output<typeof itemChangeRequest>;
export type Item = z.output<typeof item>;
export type DeletedItem = { id: string };

const itemIdParams = idParams("The item's id (a uuid).");

const itemStreamQuery = workspaceQuery.extend({
  follow: z
    .enum(itemStreamFollows, { error: `follow is one of ${itemStreamFollows.join(', ')}.` })
    .optional()
    .describe('What the stream follows: the item list (the default), or the activity log.'),
});

export const itemEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/items',
    id: 'listItems',
    tag: 'Items',
    summary: "The workspace's items, newest first",
    auth: 'bearer',
    apiKeys: true,
    request: { query: workspaceQuery },
    answer: ok('The items.', z.array(item)),
    errors: workspaceErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/items/stream',
    id: 'streamItems',
    tag: 'Items',
    summary: "The workspace's items, live (Server-Sent Events)",
    description: `\`event: ${itemStreamEvents.items}\` carries the whole list (data: the items as JSON, newest first) at once and after every change. With \`?follow=activity\` (owner and admins, as GET /api/activity) the stream follows the activity log instead: \`event: ${itemStreamEvents.activity}\` (data \`{}\`) at once and whenever the log has new entries, which the reader then fetches from GET /api/activity. \`event: ${itemStreamEvents.closed}\` ends the stream with a reason: \`${JSON.stringify({ reason: itemStreamCloseReasons.replaced })}\` when a newer one of the same user or address replaced it, \`${JSON.stringify({ reason: itemStreamCloseReasons.accessRevoked })}\` when the caller lost access to the workspace (removed, left, or no seat). Read it with fetch: the token travels in the Authorization header.`,
    auth: 'bearer',
    apiKeys: true,
    request: { query: itemStreamQuery },
    answer: {
      status: 200,
      contentType: 'text/event-stream',
      description: 'An event stream that stays open.',
      schema: z.string(),
    },
    errors: { ...workspaceErrors, 503: ['unavailable'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/items',
    id: 'createItem',
    tag: 'Items',
    summary: 'Adds an item',
    auth: 'bearer',
    apiKeys: true,
    request: { query: workspaceQuery, body: createItemRequest },
    answer: created('The new item.', item),
    errors: { ...workspaceErrors, 409: ['items/limit-reached'] },
  }),
  endpoint({
    method: 'GET',
    path: '/api/items/:id',
    id: 'getItem',
    tag: 'Items',
    summary: 'One of the workspace’s items',
    auth: 'bearer',
    apiKeys: true,
    request: { params: itemIdParams, query: workspaceQuery },
    answer: ok('The item.', item),
    errors: workspaceByIdErrors,
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/items/:id',
    id: 'updateItem',
    tag: 'Items',
    summary: 'Renames an item, or features it (business plan)',
    auth: 'bearer',
    apiKeys: true,
    request: { params: itemIdParams, query: workspaceQuery, body: itemChangeRequest },
    answer: ok('The changed item.', item),
    errors: {
      403: [
        'plan/upgrade-required',
        'workspaces/no-seat',
        'workspaces/second-factor-required',
        'workspaces/forbidden',
      ],
      404: workspaceByIdErrors[404],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/items/:id',
    id: 'deleteItem',
    tag: 'Items',
    summary: 'Deletes an item',
    auth: 'bearer',
    apiKeys: true,
    request: { params: itemIdParams, query: workspaceQuery },
    answer: ok("The deleted item's id.", removedId),
    errors: workspaceByIdErrors,
  }),
];
