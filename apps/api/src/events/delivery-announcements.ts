import { randomBytes } from 'node:crypto';

/**
 * The channel on which a change announces the deliveries it recorded (emit-event.ts): a NOTIFY
 * reaches the listeners when, and only if, the change's transaction commits.
 */
export const webhookDeliveriesChannel = 'webhook_deliveries';

/**
 * Names this process in its announcements, so that the instance that recorded the deliveries, and only
 * it, adds their jobs: every instance hears every announcement (webhooks/queue-deliveries.ts).
 */
export const thisInstance = randomBytes(9).toString('base64url');
