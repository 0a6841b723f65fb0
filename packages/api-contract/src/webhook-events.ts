// What a workspace's webhook endpoints can subscribe to, and the rules the webhooks page states
// (docs/webhooks.md). No imports: the browser bundles this file.

/**
 * The events, named as the activity log names the same changes (`ActivityEntry.action`): each name
 * says what happened, so a receiver routes on the type alone.
 */
export const webhookEventTypes = [
  'item.created',
  'item.renamed',
  'item.deleted',
  'item.featured',
  'item.unfeatured',
  'member.joined',
  'member.left',
  'member.role_changed',
  'activity.recorded',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What each event is, as the webhooks page lists them. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'item.created': 'Item created',
  'item.renamed': 'Item renamed',
  'item.deleted': 'Item deleted',
  'item.featured': 'Item featured',
  'item.unfeatured': 'Item unfeatured',
  'member.joined': 'Member joined',
  'member.left': 'Member left or removed',
  'member.role_changed': 'Member’s role changed',
  'activity.recorded': 'Activity recorded (every entry of the log)',
};

/**
 * Names an event had in API 1.0.0, before 2.0.0 (openapi.ts's `apiVersion`), and its name now. Endpoints subscribed to them were moved
 * to the new names (migration 0021); deliveries recorded before then keep the name they were sent with.
 * In 1.0.0 `item.featured` also told of the star cleared: its subscribers were given `item.unfeatured`
 * too, so they still hear of both.
 */
export const formerWebhookEventTypes = {
  /** A rename; the same data `{ item, previousName }`. */
  'item.updated': 'item.renamed',
} as const satisfies Record<string, WebhookEventType>;
export type FormerWebhookEventType = keyof typeof formerWebhookEventTypes;

/** The label of an event type as a delivery log shows it, a former name included. */
export const webhookEventLabel = (type: string): string =>
  type in webhookEventLabels
    ? webhookEventLabels[type as WebhookEventType]
    : type in formerWebhookEventTypes
      ? `${webhookEventLabels[formerWebhookEventTypes[type as FormerWebhookEventType]]} (as ${type})`
      : type;

/** How long the secret a rotation replaced still signs (a second `v1,` signature), in hours. */
export const webhookSecretOverlapHours = 24;
