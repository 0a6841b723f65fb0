/**
 * The channel on which a change announces the deliveries it recorded (emit-event.ts): a NOTIFY
 * reaches the listeners when, and only if, the change's transaction commits.
 */
export const webhookDeliveriesChannel = 'webhook_deliveries';
