import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { successEnvelope } from './envelope.ts';
import { text, timestamp } from './fields.ts';

export const itemName = text({
  label: 'name',
  max: 200,
  messages: { required: 'Please enter a name' },
});

// §7 "create item {owner, name, createdAt}": the owner is the caller and the time is the server's.
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
    owner: z.string().describe("The owner's uid."),
    featured: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Item' });

export type CreateItemRequest = z.output<typeof createItemRequest>;
export type ItemChangeRequest = z.output<typeof itemChangeRequest>;
export type Item = z.output<typeof item>;
export type DeletedItem = { id: string };

const itemIdParams = z.object({ id: z.string().describe("The item's id (a uuid).") });

export const itemEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/items',
    id: 'listItems',
    tag: 'Items',
    summary: "The caller's items, newest first",
    auth: 'bearer',
    answer: { status: 200, description: 'The items.', schema: successEnvelope(z.array(item)) },
  }),
  endpoint({
    method: 'GET',
    path: '/api/items/stream',
    id: 'streamItems',
    tag: 'Items',
    summary: "The caller's items, live (Server-Sent Events)",
    description:
      '`event: items` carries the whole list (data: the items as JSON, newest first) at once and after every change; `event: closed` (data `{"reason":"too-many-streams"}`) ends a stream that a newer one of the same user or address replaced. Read it with fetch: the token travels in the Authorization header.',
    auth: 'bearer',
    answer: {
      status: 200,
      contentType: 'text/event-stream',
      description: 'An event stream that stays open.',
      schema: z.string(),
    },
    errors: { 503: ['unavailable'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/items',
    id: 'createItem',
    tag: 'Items',
    summary: 'Adds an item',
    auth: 'bearer',
    request: { body: createItemRequest },
    answer: { status: 201, description: 'The new item.', schema: successEnvelope(item) },
    errors: { 409: ['items/limit-reached'] },
  }),
  endpoint({
    method: 'GET',
    path: '/api/items/:id',
    id: 'getItem',
    tag: 'Items',
    summary: 'One of the caller’s items',
    auth: 'bearer',
    request: { params: itemIdParams },
    answer: { status: 200, description: 'The item.', schema: successEnvelope(item) },
    errors: { 404: ['not_found'] },
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/items/:id',
    id: 'updateItem',
    tag: 'Items',
    summary: 'Renames an item, or features it (business plan)',
    auth: 'bearer',
    request: { params: itemIdParams, body: itemChangeRequest },
    answer: { status: 200, description: 'The changed item.', schema: successEnvelope(item) },
    errors: { 403: ['plan/upgrade-required'], 404: ['not_found'] },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/items/:id',
    id: 'deleteItem',
    tag: 'Items',
    summary: 'Deletes an item',
    auth: 'bearer',
    request: { params: itemIdParams },
    answer: {
      status: 200,
      description: "The deleted item's id.",
      schema: successEnvelope(z.object({ id: z.uuid() })),
    },
    errors: { 404: ['not_found'] },
  }),
];
