// What a workspace's webhook endpoints can subscribe to, and the rules the webhooks page states
// (docs/webhooks.md). No imports: the browser bundles this file.

/**
 * The events. Featuring an item is its own event, `item.featured`, sent instead of `item.updated`
 * when a change sets or clears the star; `item.updated` is a rename.
 */
export const webhookEventTypes = [
  'item.created',
  'item.updated',
  'item.deleted',
  'item.featured',
  'member.joined',
  'member.left',
  'member.role_changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What each event is, as the webhooks page lists them. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'item.created': 'Item created',
  'item.updated': 'Item renamed',
  'item.deleted': 'Item deleted',
  'item.featured': 'Item featured or unfeatured',
  'member.joined': 'Member joined',
  'member.left': 'Member left or removed',
  'member.role_changed': 'Member’s role changed',
};

/** How long the secret a rotation replaced still signs (a second `v1,` signature), in hours. */
export const webhookSecretOverlapHours = 24;
